--TEST--
Raw API for adapters: rawPipeline() routes by key in one batch and returns reader-level replies (Status/Error objects in place, never thrown, other statuses as strings); rawOnNodes() runs commands on named nodes; bad input and connection-state commands are refused before anything is sent
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$p = rcp_pool();
$p->executeRaw(['FLUSHALL']);
$a = rcp_key_on(rcp_primaries()[0], 'ra');
$b = rcp_key_on(rcp_primaries()[1], 'rb');

$r = $p->rawPipeline([
    ['SET', $a, 'va'],
    ['SET', $b, 42],
    ['MGET', $a, $b, 'missing'],          // cross-slot: split and merged
    ['TYPE', $a],                          // status other than OK: a string
    ['LPUSH', $a, 'x'],                    // WRONGTYPE: an Error in place
    ['PING'],
    ['DEL', $a, $b],
    ['EXISTS', $a, $b],
]);
var_dump($r[0] === RedisClusterPool\Status::get('OK'), $r[1] instanceof RedisClusterPool\Status);
var_dump($r[2], $r[3]);
var_dump($r[4] instanceof RedisClusterPool\Error, $r[4]->getErrorType());
var_dump((string) $r[5], $r[6], $r[7]);
var_dump($p->rawPipeline([]));

// errors nested in an array reply stay objects
$p->rawPipeline([['SET', '{t}s', 'str']]);
$e = $p->rawPipeline([['EVAL', "return {redis.pcall('LPUSH', KEYS[1], 'x'), redis.status_reply('FINE')}", 1, '{t}s']]);
var_dump(get_class($e[0][0]), $e[0][1]);

// the pool's prefix applies, like executeRaw()
$pp = rcp_pool(['prefix' => 'pfx:']);
$pp->rawPipeline([['SET', 'k', 'v']]);
var_dump($p->get('pfx:k'));

// rawOnNodes: each node gets its own commands; keys are not routed (so MOVED comes back as an Error)
$nodes = rcp_primaries();
$cmds = [];
foreach ($nodes as $n) { $cmds[$n] = [['PING'], ['DBSIZE']]; }
$out = $p->rawOnNodes($cmds);
var_dump(array_keys($out) === $nodes);
$total = 0;
foreach ($out as $n => [$pong, $size]) { $total += $size; if ((string) $pong !== 'PONG') echo "bad PING on $n\n"; }
var_dump($total === $p->dbsize());
$wrong = $nodes[1];
$o = $p->rawOnNodes([$wrong => [['GET', $a]], $nodes[0] => []]);
var_dump(get_class($o[$wrong][0]), str_starts_with($o[$wrong][0]->getMessage(), 'MOVED '), $o[$nodes[0]]);

foreach ([
    fn() => $p->rawPipeline([['GET', 'a'], []]),
    fn() => $p->rawPipeline(['GET']),
    fn() => $p->rawPipeline([[1, 'a']]),
    fn() => $p->rawPipeline([['MULTI']]),
    fn() => $p->rawPipeline([['NOSUCHCMD', 'a']]),
    fn() => $p->rawPipeline([['RENAME', $a, $b]]),
    fn() => $p->rawOnNodes(['10.255.255.1:1' => [['PING']]]),
    fn() => $p->rawOnNodes([[['PING']]]),
    fn() => $p->rawOnNodes([$wrong => [['WATCH', 'x']]]),
] as $f) {
    try { $f(); echo "no exception\n"; } catch (RedisClusterPool\Exception $ex) { echo get_class($ex), ': ', $ex->getMessage(), "\n"; }
}

// a node that does not answer: ConnectionException naming it, nothing returned
[$pid, $addr] = rcp_fake_server(fn($n) => '');
$dead = new RedisClusterPool([$addr], ['parameters' => ['timeout' => 0.5, 'read_write_timeout' => 0.5]]);
try { $dead->rawPipeline([['GET', 'x']]); } catch (RedisClusterPool\ConnectionException $ex) { echo get_class($ex), "\n"; }
posix_kill($pid, SIGKILL);
pcntl_waitpid($pid, $st);
?>
--EXPECTF--
bool(true)
bool(true)
array(3) {
  [0]=>
  string(2) "va"
  [1]=>
  string(2) "42"
  [2]=>
  NULL
}
string(6) "string"
bool(true)
string(9) "WRONGTYPE"
string(4) "PONG"
int(2)
int(0)
array(0) {
}
string(22) "RedisClusterPool\Error"
string(4) "FINE"
string(1) "v"
bool(true)
bool(true)
string(22) "RedisClusterPool\Error"
bool(true)
array(0) {
}
RedisClusterPool\InvalidArgumentException: rawPipeline(): command #1 must be a non-empty array (the command name, then its arguments), an empty array given
RedisClusterPool\InvalidArgumentException: rawPipeline(): command #0 must be a non-empty array (the command name, then its arguments), string given
RedisClusterPool\InvalidArgumentException: rawPipeline(): the first element of command #0 must be the command name (a non-empty string)
RedisClusterPool\InvalidArgumentException: MULTI is not supported by RedisClusterPool: it changes or depends on per-connection state that a shared pool cannot keep
RedisClusterPool\InvalidArgumentException: Unknown command 'NOSUCHCMD'
RedisClusterPool\ClusterException: %s
RedisClusterPool\InvalidArgumentException: rawOnNodes(): 10.255.255.1:1 is not a node of this cluster (see getSlotMap())
RedisClusterPool\InvalidArgumentException: rawOnNodes() expects ["host:port" => [[command, args...], ...], ...]
RedisClusterPool\InvalidArgumentException: WATCH is not supported by RedisClusterPool: it changes or depends on per-connection state that a shared pool cannot keep
RedisClusterPool\%sException
