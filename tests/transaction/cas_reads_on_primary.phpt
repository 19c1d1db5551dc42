--TEST--
Transactions with read => prefer_replica: the reads of a check-and-set (after WATCH, before MULTI; also between the pool's raw watch() and multi()) go to the primary, never to a possibly lagging replica, while ordinary reads still go to replicas
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool(['read' => 'prefer_replica']);
$key = '{cas}n';
$pool->set($key, 10);
$primary = $pool->nodeForKey($key);
$replica = null;
foreach ($pool->getSlotMap()['nodes'] as $n => $info) if (($info['primary'] ?? null) === $primary) $replica = $n;
function gets(string $node): int {
    return preg_match('/cmdstat_get:calls=(\d+)/', (new RcpRaw($node))->cmd('INFO', 'commandstats'), $m) ? (int) $m[1] : 0;
}
$p0 = gets($primary); $r0 = gets($replica);
$pool->get($key);
echo "ordinary read: primary +", gets($primary) - $p0, ", replica +", gets($replica) - $r0, "\n";

$p0 = gets($primary); $r0 = gets($replica);
$r = $pool->transaction(['watch' => $key, 'cas' => true, 'retry' => 2], function ($tx) use ($key) {
    $v = $tx->get($key);
    $tx->multi();
    $tx->set($key, $v + 1);
});
echo "check-and-set read: primary +", gets($primary) - $p0, ", replica +", gets($replica) - $r0, "\n";

$p0 = gets($primary); $r0 = gets($replica);
$pool->watch($key);
$v = $pool->get($key);
$pool->multi();
$pool->set($key, $v + 1);
$pool->exec();
echo "raw watch/get/multi: primary +", gets($primary) - $p0, ", replica +", gets($replica) - $r0, "\n";
$p0 = gets($primary); $r0 = gets($replica);
$pool->get($key);
echo "after EXEC, ordinary again: primary +", gets($primary) - $p0, ", replica +", gets($replica) - $r0, "\n";
var_dump($pool->transaction(fn($t) => $t->get($key))[0]);
$pool->del($key);
?>
--EXPECT--
ordinary read: primary +0, replica +1
check-and-set read: primary +1, replica +0
raw watch/get/multi: primary +1, replica +0
after EXEC, ordinary again: primary +0, replica +1
string(2) "12"
