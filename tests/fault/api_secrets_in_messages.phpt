--TEST--
Security: a password given where an option name, a parameter, a TLS key, a seed, a port or a timeout goes is never repeated in the exception's message (named by position, by type, with a "did you mean" of a known name), nor where a node or a transaction option goes; an error reply that echoes an argument of ACL SETUSER or CONFIG SET names it by position; "h:1,h:2" says to pass an array
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
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
?>
--EXPECTF--
unknown option               RedisClusterPool\InvalidArgumentException: Unknown option #1 (an unknown name is not repeated: it could be a misplaced secret); known: parameters, prefix, exceptions, persistent, read, zone, deadline, cluster
option near a known name     RedisClusterPool\InvalidArgumentException: Unknown option #2, did you mean "parameters"? (an unknown name is not repeated: it could be a misplaced secret); known: parameters, prefix, exceptions, persistent, read, zone, deadline, cluster
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
user created: false
