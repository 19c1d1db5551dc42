--TEST--
Fan-out partial failure: when one node of a split MGET/MSET/DEL errors (OOM) or stalls (SIGSTOP), PartialFailureException names the node and its keys, keeps what the other nodes returned (MSET: applied there), and chains the exception the failure alone would raise; the pool works on the next call
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
[$a, $b, $c] = rcp_primaries();
// two keys on every primary, interleaved so the caller's order differs from the node grouping
$keys = [];
for ($i = 0; $i < 2; $i++) foreach ([$a, $b, $c] as $n => $p) $keys[] = rcp_key_on($p, "pf$i$n");
$onB = [$keys[1], $keys[4]];
$kv = [];
foreach ($keys as $i => $k) $kv[$k] = "v$i";
$pool = rcp_pool();
$pool->del($keys);

function show(RedisClusterPool\PartialFailureException $e, array $onB, string $b): void {
    $f = $e->getFailures();
    echo "message: ", str_replace($b, 'B', $e->getMessage()), "\n";
    echo "failures: ", count($f), ", node is B: ", var_export($f[0]['node'] === $b, true),
        ", keys are B's: ", var_export($f[0]['keys'] === $onB && $e->getFailedKeys() === $onB, true),
        ", exception: ", $f[0]['exception'], "\n";
    $prev = $e->getPrevious();
    echo "previous: ", get_class($prev), " node is B: ", var_export($prev->getNode() === $b, true), "\n";
    echo "succeeded: ", count($e->getSucceededKeys()), "\n";
}

// 1. an error reply from one node: MSET applied on the two others, refused on B
$rb = new RcpRaw($b);
$rb->cmd('CONFIG', 'SET', 'maxmemory', '1');
try {
    $pool->mset($kv);
    echo "no exception\n";
} catch (RedisClusterPool\PartialFailureException $e) {
    show($e, $onB, $b);
    var_dump($e->getResults());
    var_dump($e instanceof RedisClusterPool\ClusterException);
}
$applied = [];
foreach ($keys as $k) $applied[] = (new RcpRaw($pool->nodeForKey($k)))->cmd('GET', $k);
echo "stored: ", json_encode($applied), "\n";
// exceptions off: the Error object, as for any error reply
$quiet = rcp_pool(['exceptions' => false]);
$r = $quiet->mset($kv);
echo get_class($r), ": ", strtok($r->getMessage(), ' '), "\n";
// prefix: keys are reported as the caller wrote them
$pre = rcp_pool(['prefix' => 'pfx:']);
$pkeys = [];
foreach ([$a, $b] as $p) { $k = rcp_key_on($p, 'pfx:pp'); $pkeys[substr($k, 4)] = 'x'; }
try { $pre->mset($pkeys); } catch (RedisClusterPool\PartialFailureException $e) {
    echo "prefixed: failed ", json_encode($e->getFailedKeys() === [array_keys($pkeys)[1]]),
        ", succeeded ", json_encode($e->getSucceededKeys() === [array_keys($pkeys)[0]]), "\n";
}
$rb->cmd('CONFIG', 'SET', 'maxmemory', '0');
var_dump((string) $pool->mset($kv));

// 2. one node stops answering: MGET keeps the values of the two others, positions in the caller's order
$slow = rcp_pool(['parameters' => ['read_write_timeout' => 0.3]]);
var_dump(count($slow->mget($keys)));      // connections are open and warm
$pid = (int) explode(':', array_values(array_filter(explode("\r\n", $rb->cmd('INFO', 'server')), fn($l) => str_starts_with($l, 'process_id:')))[0])[1];
posix_kill($pid, SIGSTOP);
try {
    $t = microtime(true);
    $slow->mget($keys);
    echo "no exception\n";
} catch (RedisClusterPool\PartialFailureException $e) {
    $el = microtime(true) - $t;
    show($e, $onB, $b);
    $res = $e->getResults();
    echo "results: ", json_encode($res), "\n";
    echo "within the deadline: ", var_export($el < 2.0, true), "\n";
}
try {
    $slow->del($keys);
} catch (RedisClusterPool\PartialFailureException $e) {
    echo "DEL results: ", json_encode($e->getResults()), ", failed: ", count($e->getFailedKeys()), "\n";
}
// every part on the stopped node: nothing succeeded, so the plain exception
try {
    $slow->mget($onB);
} catch (RedisClusterPool\Exception $e) {
    echo "only B: ", get_class($e), "\n";
}
posix_kill($pid, SIGCONT);
usleep(200000);
// the pool recovers: stale sockets were discarded, nothing stale is read. B ran the DEL it had received
// before it stalled (a timed-out write may or may not have happened): every key is gone
var_dump($slow->mget($keys));
var_dump($slow->del($keys));
?>
--EXPECTF--
message: MSET: node B answered OOM command not allowed when used memory > 'maxmemory'. (command MSET: 2 of its 6 keys failed; the parts sent to other nodes were applied)
failures: 1, node is B: true, keys are B's: true, exception: RedisClusterPool\ServerException
previous: RedisClusterPool\ServerException node is B: true
succeeded: 4
NULL
bool(true)
stored: ["v0",null,"v2","v3",null,"v5"]
RedisClusterPool\Error: OOM
prefixed: failed true, succeeded true
string(2) "OK"
int(6)
message: timed out waiting for B (command MGET: 2 of its 6 keys failed; the other parts succeeded)
failures: 1, node is B: true, keys are B's: true, exception: RedisClusterPool\TimeoutException
previous: RedisClusterPool\TimeoutException node is B: true
succeeded: 4
results: {"0":"v0","2":"v2","3":"v3","5":"v5"}
within the deadline: true
DEL results: 4, failed: 2
only B: RedisClusterPool\TimeoutException
array(6) {
  [0]=>
  NULL
  [1]=>
  NULL
  [2]=>
  NULL
  [3]=>
  NULL
  [4]=>
  NULL
  [5]=>
  NULL
}
int(0)
