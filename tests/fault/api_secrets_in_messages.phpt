--TEST--
Security: a password given where an option name, a parameter, a TLS key, a seed, a port or a timeout goes is never repeated in the exception's message (named by position, by type, with a "did you mean" of a known name), nor where a node or a transaction option goes; an error reply that echoes an argument in a position that may hold a secret (ACL SETUSER's rules, CONFIG SET requirepass's value, MIGRATE's AUTH) names it by position, whether thrown or returned in place (exceptions off, pipelines, executeRaw(), rawPipeline(), rawOnNodes()), and only there: a keyword, a user name, the error type and a word containing an argument ("NOAUTH" for "AUTH") stay as the server said them; "h:1,h:2" says to pass an array
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/fake.inc';
// a MIGRATE target that refuses MIGRATE's AUTH as a node with a password would (forked before any pool exists)
$fake = rcp_fake_start(fn($argv, $ctx) => "-NOAUTH Authentication required.\r\n");
$s = 'S3cret' . bin2hex(random_bytes(4));
$n = (string) random_int(100000000, 999999999);        // a numeric password
$seed = rcp_seeds()[0];
$cases = [
    'unknown option'               => fn() => new RedisClusterPool($seed, [$s => 1]),
    'option near a known name'     => fn() => new RedisClusterPool($seed, ['prefix' => 'p:', 'paramters' => [], $s => 1]),
    'password at the top'          => fn() => new RedisClusterPool($seed, ['password' => $s]),
    'unknown parameter'            => fn() => new RedisClusterPool($seed, ['parameters' => ['username' => 'u', $s => 'x']]),
    'parameter near a known name'  => fn() => new RedisClusterPool($seed, ['parameters' => ['pasword' => $s]]),
    'unknown ssl key'              => fn() => new RedisClusterPool($seed, ['parameters' => ['ssl' => [$s => true]]]),
    'seed array key'               => fn() => new RedisClusterPool([['host' => 'h', $s => 1]]),
    'password in a seed array'     => fn() => new RedisClusterPool([['host' => 'h', 'password' => $s]]),
    'port in a seed'               => fn() => new RedisClusterPool("127.0.0.1:$s"),
    'numeric port in a seed'       => fn() => new RedisClusterPool("127.0.0.1:$n"),
    'ipv6 port'                    => fn() => new RedisClusterPool("[::1]:$s"),
    'credentials in a URI'         => fn() => new RedisClusterPool("redis://user:$s@h:6379"),
    'a path in a URI'              => fn() => new RedisClusterPool("redis://h:6379/$s"),
    'another scheme'               => fn() => new RedisClusterPool("http://$s/"),
    'seed without a port'          => fn() => new RedisClusterPool($s),
    'second seed bad'              => fn() => new RedisClusterPool([$seed, "h:$s"]),
    'several seeds in one string'  => fn() => new RedisClusterPool('h:1,h:2'),
    'port in a seed array'         => fn() => new RedisClusterPool([['host' => 'h', 'port' => $n]]),
    'port string in a seed array'  => fn() => new RedisClusterPool([['host' => 'h', 'port' => $s]]),
    'timeout a string'             => fn() => new RedisClusterPool($seed, ['parameters' => ['timeout' => $s]]),
    'timeout a numeric string'     => fn() => new RedisClusterPool($seed, ['parameters' => ['timeout' => $n]]),
    'timeout a number'             => fn() => new RedisClusterPool($seed, ['parameters' => ['timeout' => -1]]),
    'read policy'                  => fn() => new RedisClusterPool($seed, ['read' => $s]),
    'prefix an array'              => fn() => new RedisClusterPool($seed, ['prefix' => [$s]]),
    'transaction option'           => fn() => rcp_pool()->transaction([$s => true], fn($tx) => null),
    'rawOnNodes key'               => fn() => rcp_pool()->rawOnNodes([$s => [['PING']]]),
    'rawOnNodes unknown address'   => fn() => rcp_pool()->rawOnNodes(['127.0.0.1:1' => [['PING']]]),
    'ACL SETUSER rule without >'   => fn() => rcp_pool()->acl('SETUSER', "rcp-msg-$s", 'on', $s),
    'CONFIG SET odd arguments'     => fn() => rcp_pool()->config('SET', 'requirepass', $s, 'maxmemory'),
    'the same in a pipeline'       => fn() => rcp_pool()->pipeline(fn($p) => $p->acl('SETUSER', "rcp-msg-$s", 'on', $s)),
    "Predis' createCommand()"      => fn() => rcp_pool()->createCommand('auth', [$s]),
    'unknown command, bad type'    => fn() => rcp_pool()->nosuchcommand([$s]),
];
foreach ($cases as $what => $f) {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        $m = $e->getMessage();
        printf("%-28s %s%s\n", $what, str_contains($m, $s) || str_contains($m, $n) ? '(SECRET REPEATED) ' : '',
            get_class($e) . ': ' . $m);
    }
}
// nothing was created by the refused ACL SETUSER
echo "user created: ", json_encode(in_array("rcp-msg-$s", rcp_raw(rcp_primaries()[0])->cmd('ACL', 'USERS'), true)), "\n";

echo "--- only the positions that may hold a secret, as whole tokens, never the error type\n";
$pool = rcp_pool(['prefix' => 'msg:' . getmypid() . ':']);
$pool->set('mk', 'v');                             // MIGRATE needs a key
[$fh, $fp] = explode(':', $fake['addrs'][0]);
[$nh, $np] = explode(':', rcp_replicas()[0]);      // a real node without a password (a replica: never the key's
                                                   // own node, which MIGRATE would wait on)
$cases = [
    'a user named like an error type' => fn() => $pool->acl('SETUSER', 'ERR', 'bogus'),
    'a rule that is a keyword'        => fn() => $pool->acl('SETUSER', 'rcp-msg-kw', 'allkeys', '~k'),
    'CONFIG SET, not a secret'        => fn() => $pool->config('SET', 'maxmemory', 'memory'),
    'MIGRATE AUTH, target: NOAUTH'    => fn() => $pool->migrate($fh, (int) $fp, 'mk', 0, 1000, 'AUTH', $s),
    'MIGRATE AUTH, target: no pass'   => fn() => $pool->migrate($nh, (int) $np, 'mk', 0, 1000, 'AUTH', $s),
];
foreach ($cases as $what => $f) {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (RedisClusterPool\ServerException $e) {
        printf("%-32s [%s] %s\n", $what, $e->getErrorType(), $e->getMessage());
    }
}
$pool->del('mk');

echo "--- returned in place: scrubbed the same way\n";
$node = rcp_primaries()[0];
$off = rcp_pool(['exceptions' => false]);
$cases = [
    'rawPipeline()'                   => fn() => $pool->rawPipeline([['GET', 'k'], ['ACL', 'SETUSER', 'rcp-msg-x', $s]])[1],
    'rawOnNodes()'                    => fn() => $pool->rawOnNodes([$node => [['ACL', 'SETUSER', 'rcp-msg-x', 'on', $s]]])[$node][0],
    'executeRaw(), $error'            => function () use ($pool, $s) {
        $r = $pool->executeRaw(['ACL', 'SETUSER', 'rcp-msg-x', '>ok', $s], $error);
        return ($error ? 'error: ' : 'no error: ') . $r;
    },
    'exceptions off'                  => fn() => $off->acl('SETUSER', 'rcp-msg-x', $s),
    'a pipeline, exceptions off'      => fn() => $off->pipeline(fn($p) => $p->get('k')->acl('SETUSER', 'rcp-msg-x', ">ok", $s))[1],
];
foreach ($cases as $what => $f) {
    try {
        $r = $f();
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
    }
    printf("%-32s %s%s\n", $what, str_contains((string) $r, $s) ? '(SECRET REPEATED) ' : '', is_object($r) ? get_class($r) . ': ' . $r->getMessage() : $r);
}
echo "user created: ", json_encode(in_array("rcp-msg-x", rcp_raw($node)->cmd('ACL', 'USERS'), true)), "\n";
rcp_fake_stop($fake);
?>
--EXPECTF--
unknown option               RedisClusterPool\InvalidArgumentException: Unknown option #1 (an unknown name is not repeated: it could be a misplaced secret); known: parameters, prefix, exceptions, persistent, read, zone, deadline, cluster, cache
option near a known name     RedisClusterPool\InvalidArgumentException: Unknown option #2, did you mean "parameters"? (an unknown name is not repeated: it could be a misplaced secret); known: parameters, prefix, exceptions, persistent, read, zone, deadline, cluster, cache
password at the top          RedisClusterPool\InvalidArgumentException: Option "password" goes in the "parameters" option: "parameters" => ["password" => ...]
unknown parameter            RedisClusterPool\InvalidArgumentException: Option "parameters": unknown key #2 (an unknown name is not repeated: it could be a misplaced secret); known: username, password, timeout, read_write_timeout, database, scheme, ssl
parameter near a known name  RedisClusterPool\InvalidArgumentException: Option "parameters": unknown key #1, did you mean "password"? (an unknown name is not repeated: it could be a misplaced secret); known: username, password, timeout, read_write_timeout, database, scheme, ssl
unknown ssl key              RedisClusterPool\InvalidArgumentException: Option "parameters.ssl": unknown key #1 (an unknown name is not repeated: it could be a misplaced secret); known: cafile, capath, local_cert, local_pk, passphrase, verify_peer, verify_peer_name, peer_name, ciphers, crypto_method, allow_self_signed, SNI_enabled
seed array key               RedisClusterPool\InvalidArgumentException: Invalid seed array: unknown key #2 (an unknown name is not repeated: it could be a misplaced secret); known: host, port, scheme (put credentials and timeouts in the "parameters" option)
password in a seed array     RedisClusterPool\InvalidArgumentException: Invalid seed array: "password" goes in the "parameters" option, which applies to every node (allowed here: host, port, scheme)
port in a seed               RedisClusterPool\InvalidArgumentException: Invalid seed (host '127.0.0.1'): the port must be a number 1..65535
numeric port in a seed       RedisClusterPool\InvalidArgumentException: Invalid seed (host '127.0.0.1'): the port must be a number 1..65535
ipv6 port                    RedisClusterPool\InvalidArgumentException: Invalid seed (host '::1'): the port must be a number 1..65535
credentials in a URI         RedisClusterPool\InvalidArgumentException: Invalid seed: credentials in a seed URI are not supported; use the "parameters" option
a path in a URI              RedisClusterPool\InvalidArgumentException: Invalid seed: put parameters in the "parameters" option, not in the URI
another scheme               RedisClusterPool\InvalidArgumentException: Invalid seed: only tcp://, redis://, tls:// and rediss:// URIs are supported
seed without a port          RedisClusterPool\InvalidArgumentException: Invalid seed: expected host:port, there is no ':'
second seed bad              RedisClusterPool\InvalidArgumentException: Invalid seed (host 'h'): the port must be a number 1..65535 (seed #2)
several seeds in one string  RedisClusterPool\InvalidArgumentException: Invalid seed: one string names one node; pass several seeds as an array: ['host1:6379', 'host2:6379']
port in a seed array         RedisClusterPool\InvalidArgumentException: Invalid seed array: port must be 1..65535, a numeric string out of that range given
port string in a seed array  RedisClusterPool\InvalidArgumentException: Invalid seed array: "port" must be an integer, string given
timeout a string             RedisClusterPool\InvalidArgumentException: Option "parameters.timeout" must be a number of seconds, string given
timeout a numeric string     RedisClusterPool\InvalidArgumentException: Option "parameters.timeout" must be > 0 and <= 86400 seconds, a numeric string out of that range given
timeout a number             RedisClusterPool\InvalidArgumentException: Option "parameters.timeout" must be > 0 and <= 86400 seconds, -1 given
read policy                  RedisClusterPool\InvalidArgumentException: Option "read" must be one of primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary, another string given
prefix an array              RedisClusterPool\InvalidArgumentException: Option "prefix" must be a string, array given
transaction option           RedisClusterPool\InvalidArgumentException: transaction(): unknown option #1 (an unknown name is not repeated: it could be a misplaced secret); known: watch, cas, retry, exceptions
rawOnNodes key               RedisClusterPool\InvalidArgumentException: rawOnNodes(): key #1 is not a node of this cluster: nodes are named "host:port" as getSlotMap() names them
rawOnNodes unknown address   RedisClusterPool\InvalidArgumentException: rawOnNodes(): 127.0.0.1:1 is not a node of this cluster (see getSlotMap())
ACL SETUSER rule without >   RedisClusterPool\ServerException: ERR Error in ACL SETUSER modifier '(argument 4)': Syntax error
CONFIG SET odd arguments     RedisClusterPool\ServerException: ERR %s
the same in a pipeline       RedisClusterPool\ServerException: ERR Error in ACL SETUSER modifier '(argument 4)': Syntax error
Predis' createCommand()      RedisClusterPool\InvalidArgumentException: Unknown command 'createCommand': createCommand() is a method of Predis\Client, not a command. RedisClusterPool has no command objects: call the command as a method ($pool->get('k')) or with executeRaw(['GET', 'k']) (code that needs Predis\Client's own API keeps Predis\Client, with the adapter: docs/MIGRATION.md)
unknown command, bad type    RedisClusterPool\InvalidArgumentException: Unknown command 'nosuchcommand'
user created: false
--- only the positions that may hold a secret, as whole tokens, never the error type
a user named like an error type  [ERR] ERR Error in ACL SETUSER modifier '(argument 3)': Syntax error
a rule that is a keyword         [ERR] ERR Error in ACL SETUSER modifier '(argument 4)': Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and does not have any effect. Try 'resetkeys' to start with an empty list of patterns
CONFIG SET, not a secret         [ERR] ERR CONFIG SET failed (possibly related to argument 'maxmemory') - argument must be a memory value
MIGRATE AUTH, target: NOAUTH     [ERR] ERR Target instance replied with error: NOAUTH Authentication required.
MIGRATE AUTH, target: no pass    [ERR] ERR Target instance replied with error: ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?
--- returned in place: scrubbed the same way
rawPipeline()                    RedisClusterPool\Error: ERR Error in ACL SETUSER modifier '(argument 3)': Syntax error
rawOnNodes()                     RedisClusterPool\Error: ERR Error in ACL SETUSER modifier '(argument 4)': Syntax error
executeRaw(), $error             error: ERR Error in ACL SETUSER modifier '(argument 4)': Syntax error
exceptions off                   RedisClusterPool\Error: ERR Error in ACL SETUSER modifier '(argument 3)': Syntax error
a pipeline, exceptions off       RedisClusterPool\Error: ERR Error in ACL SETUSER modifier '(argument 4)': Syntax error
user created: false
