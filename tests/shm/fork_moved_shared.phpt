--TEST--
Shared map: a MOVED seen by one process patches the slot for every process (the other routes correctly without a MOVED of its own)
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$seeds = [rcp_seeds()[2], rcp_seeds()[5]];
$p = rcp_pool(['parameters' => ['read_write_timeout' => 5]], $seeds);
$key = 'shmmoved:{x7}';
$p->set($key, 'v');
$slot = RedisClusterPool::keySlot($key);
$from = $p->nodeForKey($key);
$to = current(array_diff(rcp_primaries(), [$from]));
rcp_move_slot($slot, $to);
$pid = pcntl_fork();
if ($pid === 0) {
    $c = rcp_pool([], $seeds);
    $r = $c->get($key);                      // MOVED -> patch in the shared segment
    exit($r === 'v' && $c->stats()['cluster']['moved'] === 1 ? 0 : 1);
}
pcntl_waitpid($pid, $st);
echo "child saw one MOVED: ", pcntl_wexitstatus($st) === 0 ? 'yes' : 'no', "\n";
var_dump($p->nodeForKey($key) === $to);      // the parent's map follows the shared patch
var_dump($p->get($key));
echo "parent MOVED: ", $p->stats()['cluster']['moved'], ", pool-wide MOVED: ", $p->stats()['cluster']['pool']['moved'], "\n";
rcp_move_slot($slot, $from);
$p->del($key);
?>
--EXPECT--
child saw one MOVED: yes
bool(true)
string(1) "v"
parent MOVED: 0, pool-wide MOVED: 1
