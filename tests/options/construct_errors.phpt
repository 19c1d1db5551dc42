--TEST--
Constructor: malformed seeds and options throw RedisClusterPool\InvalidArgumentException with precise messages
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$cases = [
    [[], []],
    [['localhost'], []],
    [['localhost:0'], []],
    [['localhost:70000'], []],
    [['localhost:abc'], []],
    [['http://localhost:7000'], []],
    [['tcp://localhost:7000?password=x'], []],
    [['tcp://user:secret@localhost:7000'], []],
    [['::1:7000'], []],
    [[['host' => 'h']], ['parameters' => ['database' => 3]]],
    [[['host' => '', 'port' => 1]], []],
    [[['host' => 'h', 'port' => 'x']], []],
    [[['host' => 'h', 'port' => 1, 'password' => 'x']], []],
    [[42], []],
    [['h:1'], ['foo' => 1]],
    [['h:1'], [0 => 1]],
    [['h:1'], ['prefix' => 1]],
    [['h:1'], ['exceptions' => 'yes']],
    [['h:1'], ['parameters' => 'x']],
    [['h:1'], ['parameters' => ['timeout' => -1]]],
    [['h:1'], ['parameters' => ['read_write_timeout' => 'soon']]],
    [['h:1'], ['parameters' => ['password' => ['secret']]]],
    [['h:1'], ['parameters' => ['username' => 'u']]],
    [['h:1'], ['parameters' => ['persistent_id' => 'u']]],
    [['h:1'], ['cluster' => 'predis']],
];
foreach ($cases as [$seeds, $opts]) {
    try {
        new RedisClusterPool($seeds, $opts);
        echo "no exception\n";
    } catch (RedisClusterPool\InvalidArgumentException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(new RedisClusterPool('127.0.0.1:1') instanceof RedisClusterPool);
var_dump(new RedisClusterPool(['[::1]:7000', ['host' => 'h', 'port' => '7001', 'scheme' => 'tcp'], 'redis://h:7002'],
    ['parameters' => ['timeout' => 0.5, 'read_write_timeout' => 2, 'database' => 0], 'prefix' => 'p:', 'exceptions' => false,
     'cluster' => 'redis']) instanceof RedisClusterPool);
?>
--EXPECT--
RedisClusterPool\InvalidArgumentException: RedisClusterPool needs at least one seed node, an empty list was given
RedisClusterPool\InvalidArgumentException: Invalid seed: expected host:port, there is no ':'
RedisClusterPool\InvalidArgumentException: Invalid seed (host 'localhost'): the port must be a number 1..65535
RedisClusterPool\InvalidArgumentException: Invalid seed (host 'localhost'): the port must be a number 1..65535
RedisClusterPool\InvalidArgumentException: Invalid seed (host 'localhost'): the port must be a number 1..65535
RedisClusterPool\InvalidArgumentException: Invalid seed: only tcp://, redis://, tls:// and rediss:// URIs are supported
RedisClusterPool\InvalidArgumentException: Invalid seed: put parameters in the "parameters" option, not in the URI
RedisClusterPool\InvalidArgumentException: Invalid seed: credentials in a seed URI are not supported; use the "parameters" option
RedisClusterPool\InvalidArgumentException: Invalid seed: write IPv6 addresses as [addr]:port
RedisClusterPool\InvalidArgumentException: Option "parameters.database" must be 0: Redis Cluster has a single database
RedisClusterPool\InvalidArgumentException: Invalid seed array: "host" must be a non-empty string without NUL bytes, shorter than 256 bytes
RedisClusterPool\InvalidArgumentException: Invalid seed array: "port" must be an integer, string given
RedisClusterPool\InvalidArgumentException: Invalid seed array: "password" goes in the "parameters" option, which applies to every node (allowed here: host, port, scheme)
RedisClusterPool\InvalidArgumentException: Invalid seed: expected "host:port" or ["host" => ..., "port" => ...], int given
RedisClusterPool\InvalidArgumentException: Unknown option #1 (an unknown name is not repeated: it could be a misplaced secret); known: parameters, prefix, exceptions, persistent, read, zone, deadline, cluster, cache
RedisClusterPool\InvalidArgumentException: Options must be an array keyed by option name
RedisClusterPool\InvalidArgumentException: Option "prefix" must be a string, int given
RedisClusterPool\InvalidArgumentException: Option "exceptions" must be a bool, string given
RedisClusterPool\InvalidArgumentException: Option "parameters" must be an array, string given
RedisClusterPool\InvalidArgumentException: Option "parameters.timeout" must be > 0 and <= 86400 seconds, -1 given
RedisClusterPool\InvalidArgumentException: Option "parameters.read_write_timeout" must be a number of seconds, string given
RedisClusterPool\InvalidArgumentException: Option "parameters.password" must be a string or null, array given
RedisClusterPool\InvalidArgumentException: Option "parameters.username" needs "parameters.password" as well
RedisClusterPool\InvalidArgumentException: Option "parameters": unknown key #1 (an unknown name is not repeated: it could be a misplaced secret); known: username, password, timeout, read_write_timeout, database, scheme, ssl
RedisClusterPool\InvalidArgumentException: Option "cluster" may only be "redis" (Redis Cluster)
bool(true)
bool(true)
