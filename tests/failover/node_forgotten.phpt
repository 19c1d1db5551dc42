--TEST--
Failover, node removed: a replica stopped for good and removed from the cluster with CLUSTER FORGET disappears from the slot map at the next refresh; reads (prefer_replica) and writes see no error at any point, and nothing tries to reach the removed node afterwards
--EXTENSIONS--
redis_cluster_pool
--INI--
redis_cluster_pool.refresh_interval=1
redis_cluster_pool.refresh_jitter=0
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// a cluster of its own: the node is removed for good
$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-forget-' . getmypid();
exec('bash ' . escapeshellarg($sh) . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1'));
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);

$pool = rcp_pool(['read' => 'prefer_replica', 'parameters' => ['timeout' => 0.5, 'read_write_timeout' => 1]]);
for ($i = 0; $i < 100; $i++) $pool->set("fg:$i", "v$i");
$gone = explode(',', getenv('RCP_TEST_REPLICAS'))[0];
echo "nodes before: ", count($pool->getSlotMap()['nodes']), "\n";

$errors = 0;
$work = function () use ($pool, &$errors) {
    for ($i = 0; $i < 100; $i++) {
        try {
            if ($pool->get("fg:$i") !== "v$i") $errors++;
            $pool->set("fg:w$i", $i);
        } catch (RedisClusterPool\Exception $e) {
            $errors++;
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
};
$work();
// stop it for good, then every other node forgets it
$id = rcp_node_id($gone);
try { (new RcpRaw($gone))->cmd('SHUTDOWN', 'NOSAVE'); } catch (RuntimeException $e) { /* no reply: it is gone */ }
time_nanosleep(0, 200000000);
foreach (explode(',', getenv('RCP_TEST_SEEDS')) as $n) {
    if ($n !== $gone) (new RcpRaw($n))->cmd('CLUSTER', 'FORGET', $id);
}
$end = microtime(true) + 5;
while (microtime(true) < $end) $work();      // reads move to the other nodes at once; refreshes drop the node
$map = $pool->getSlotMap();
echo "nodes after: ", count($map['nodes']), ", removed node in the map: ", isset($map['nodes'][$gone]) ? "yes" : "no", "\n";
$failures = $pool->stats()['connections']['discarded_broken'];
$work(); $work();
echo "errors seen by the application: $errors\n";
echo "connections that failed after the refresh: ", $pool->stats()['connections']['discarded_broken'] - $failures, "\n";
?>
--EXPECT--
nodes before: 6
nodes after: 5, removed node in the map: no
errors seen by the application: 0
connections that failed after the refresh: 0
