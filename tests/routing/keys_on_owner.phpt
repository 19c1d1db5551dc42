--TEST--
Routing: 3,000 keys written through the pool are each found on the primary that owns their slot (checked directly)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$raw = [];
foreach (rcp_primaries() as $p) $raw[$p] = new RcpRaw($p);
$perNode = [];
$bad = 0;
for ($i = 0; $i < 3000; $i++) {
    $k = "owner:$i:" . ($i % 7 == 0 ? "\0bin" : '') . ($i % 11 == 0 ? '{tag' . ($i % 5) . '}' : '');
    $pool->set($k, "v$i");
    $owner = rcp_owner_of_slot_cached(RedisClusterPool::keySlot($k));
    $perNode[$owner] = ($perNode[$owner] ?? 0) + 1;
    if ($raw[$owner]->cmd('GET', $k) !== "v$i") { $bad++; }
    if ($pool->nodeForKey($k) !== $owner) { $bad++; }
}
function rcp_owner_of_slot_cached(int $s): string {
    static $map;
    $map ??= (new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'SLOTS');
    foreach ($map as $r) if ($s >= $r[0] && $s <= $r[1]) return $r[2][0] . ':' . $r[2][1];
    return '?';
}
echo "misplaced: $bad\n";
echo "primaries used: ", count($perNode), "\n";
echo "each got > 800: ", min($perNode) > 800 ? 'yes' : 'no', "\n";
?>
--EXPECT--
misplaced: 0
primaries used: 3
each got > 800: yes
