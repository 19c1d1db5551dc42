--TEST--
Fault: API misuse (wrong types, nested and empty arrays, NUL and non-UTF-8 bytes, bad timeouts, too many seeds) gives typed exceptions with precise messages, and binary keys and values round-trip
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$o = new stdClass;
$cases = [
    'get([])'                 => fn() => $pool->get([]),
    'get(object)'             => fn() => $pool->get($o),
    'set(k, [v])'             => fn() => $pool->set('k', ['v']),
    'set(k, object)'          => fn() => $pool->set('k', $o),
    'mget([[a]])'             => fn() => $pool->mget([['a']]),
    'mget([a, [b]])'          => fn() => $pool->mget(['a', ['b']]),
    'hmset(h, [f => [x]])'    => fn() => $pool->hmset('h', ['f' => ['x']]),
    'mget([])'                => fn() => $pool->mget([]),
    'del([])'                 => fn() => $pool->del([]),
    'get()'                   => fn() => $pool->get(),
    'get(null)'               => fn() => $pool->get(null),
    'mget([a, null])'         => fn() => $pool->mget(['a', null]),
    'hmset(h, [])'            => fn() => $pool->hmset('h', []),
    'seed ""'                 => fn() => new RedisClusterPool(''),
    'executeRaw([])'          => fn() => $pool->executeRaw([]),
    'executeRaw([1, 2])'      => fn() => $pool->executeRaw([1, 2]),
    'executeRaw([""])'        => fn() => $pool->executeRaw(['']),
    'executeRaw([GET, [a]])'  => fn() => $pool->executeRaw(['GET', ['a']]),
    'unknown command'         => fn() => $pool->nosuchcommand('a'),
    'commandInfo()'           => fn() => RedisClusterPool::commandInfo(),
    'keySlot([])'             => fn() => RedisClusterPool::keySlot([]),
    'nodeForKey([])'          => fn() => $pool->nodeForKey([]),
    'pipeline(1)'             => fn() => $pool->pipeline(1),
    'pipeline get([])'        => fn() => $pool->pipeline(fn($p) => $p->get([])),
    'read_write_timeout -1'   => fn() => new RedisClusterPool('h:1', ['parameters' => ['read_write_timeout' => -1]]),
    'read_write_timeout 0'    => fn() => new RedisClusterPool('h:1', ['parameters' => ['read_write_timeout' => 0]]),
    'read_write_timeout NAN'  => fn() => new RedisClusterPool('h:1', ['parameters' => ['read_write_timeout' => NAN]]),
    'read_write_timeout INF'  => fn() => new RedisClusterPool('h:1', ['parameters' => ['read_write_timeout' => INF]]),
    'timeout -0.5'            => fn() => new RedisClusterPool('h:1', ['parameters' => ['timeout' => -0.5]]),
    'seed null'               => fn() => new RedisClusterPool([null]),
    'seed with NUL'           => fn() => new RedisClusterPool(["127.0.0.1\0:1"]),
    'seed nested list'        => fn() => new RedisClusterPool([['127.0.0.1:1']]),
    'port -1'                 => fn() => new RedisClusterPool([['host' => 'h', 'port' => -1]]),
    'port 1.5'                => fn() => new RedisClusterPool([['host' => 'h', 'port' => 1.5]]),
    '65 seeds'                => fn() => new RedisClusterPool(array_map(fn($i) => "h:$i", range(1, 65))),
    'options null'            => fn() => new RedisClusterPool('h:1', null),
];
foreach ($cases as $name => $f) {
    try {
        $r = $f();
        echo "$name: no exception (", get_debug_type($r), ")\n";
    } catch (Throwable $e) {
        echo "$name: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// binary safety: NUL, invalid UTF-8 and CRLF in keys, values and a prefix
$k = "k\0\xff\xfe\r\n{bin}";
$v = "v\0\x80\r\n\$-1\r\n";
$p = new RedisClusterPool(rcp_seeds(), ['prefix' => "p\0\xc3("]);
var_dump((string) $p->set($k, $v), $p->get($k) === $v, $p->mget([$k, "$k:none"]) === [$v, null]);
var_dump($pool->exists("p\0\xc3(" . $k), $p->del($k));
?>
--EXPECT--
get([]): RedisClusterPool\InvalidArgumentException: get: argument 1 must be a string or a number, array given
get(object): RedisClusterPool\InvalidArgumentException: get: argument 1 must be a string or a number, stdClass given
set(k, [v]): RedisClusterPool\InvalidArgumentException: set: argument 2 must be a string or a number, array given
set(k, object): RedisClusterPool\InvalidArgumentException: set: argument 2 must be a string or a number, stdClass given
mget([[a]]): RedisClusterPool\InvalidArgumentException: mget: argument 1 must be a string or a number, array given
mget([a, [b]]): RedisClusterPool\InvalidArgumentException: mget: argument 2 must be a string or a number, array given
hmset(h, [f => [x]]): RedisClusterPool\InvalidArgumentException: hmset: argument 3 must be a string or a number, array given
mget([]): RedisClusterPool\InvalidArgumentException: MGET: wrong number of arguments (0 given, at least 1 expected)
del([]): RedisClusterPool\InvalidArgumentException: DEL: wrong number of arguments (0 given, at least 1 expected)
get(): RedisClusterPool\InvalidArgumentException: GET: wrong number of arguments (0 given, exactly 1 expected)
get(null): RedisClusterPool\InvalidArgumentException: GET: argument 1 is a key and must not be null
mget([a, null]): RedisClusterPool\InvalidArgumentException: MGET: argument 2 is a key and must not be null
hmset(h, []): RedisClusterPool\InvalidArgumentException: HMSET: wrong number of arguments (1 given, at least 3 expected)
seed "": RedisClusterPool\InvalidArgumentException: RedisClusterPool needs at least one seed node, an empty string was given
executeRaw([]): RedisClusterPool\InvalidArgumentException: executeRaw() needs the command name as its first element, an empty array was given
executeRaw([1, 2]): RedisClusterPool\InvalidArgumentException: executeRaw(): the first element must be the command name (a non-empty string)
executeRaw([""]): RedisClusterPool\InvalidArgumentException: executeRaw(): the first element must be the command name (a non-empty string)
executeRaw([GET, [a]]): RedisClusterPool\InvalidArgumentException: executeRaw(): argument 1 must be a string or a number, array given
unknown command: RedisClusterPool\InvalidArgumentException: Unknown command 'nosuchcommand'
commandInfo(): RedisClusterPool\InvalidArgumentException: commandInfo() needs a command name
keySlot([]): TypeError: RedisClusterPool::keySlot(): Argument #1 ($key) must be of type string, array given
nodeForKey([]): TypeError: RedisClusterPool::nodeForKey(): Argument #1 ($key) must be of type string, array given
pipeline(1): TypeError: RedisClusterPool::pipeline(): Argument #1 ($callback) must be a valid callback or null, no array or string given
pipeline get([]): RedisClusterPool\InvalidArgumentException: get: argument 1 must be a string or a number, array given
read_write_timeout -1: RedisClusterPool\InvalidArgumentException: Option "parameters.read_write_timeout" must be > 0 and <= 86400 seconds, -1 given
read_write_timeout 0: RedisClusterPool\InvalidArgumentException: Option "parameters.read_write_timeout" must be > 0 and <= 86400 seconds, 0 given
read_write_timeout NAN: RedisClusterPool\InvalidArgumentException: Option "parameters.read_write_timeout" must be > 0 and <= 86400 seconds, NAN given
read_write_timeout INF: RedisClusterPool\InvalidArgumentException: Option "parameters.read_write_timeout" must be > 0 and <= 86400 seconds, INF given
timeout -0.5: RedisClusterPool\InvalidArgumentException: Option "parameters.timeout" must be > 0 and <= 86400 seconds, -0.5 given
seed null: RedisClusterPool\InvalidArgumentException: Invalid seed: expected "host:port" or ["host" => ..., "port" => ...], null given
seed with NUL: RedisClusterPool\InvalidArgumentException: Invalid seed: it contains a NUL byte
seed nested list: RedisClusterPool\InvalidArgumentException: Invalid seed array: key #1 is an integer (allowed: host, port, scheme; put credentials and timeouts in the "parameters" option)
port -1: RedisClusterPool\InvalidArgumentException: Invalid seed array: port must be 1..65535, -1 given
port 1.5: RedisClusterPool\InvalidArgumentException: Invalid seed array: "port" must be an integer, float given
65 seeds: RedisClusterPool\InvalidArgumentException: Too many seed nodes (65, at most 64): a few per cluster are enough
options null: TypeError: RedisClusterPool::__construct(): Argument #2 ($options) must be of type array, null given
string(2) "OK"
bool(true)
bool(true)
int(1)
int(1)
