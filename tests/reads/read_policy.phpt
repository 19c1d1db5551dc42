--TEST--
Read policy: "read" => primary / prefer_replica / replica / any sends read-only commands (GET, split MGET, pipelines) to the slot's primary or its replicas (READONLY once per replica connection), writes always to the primary; bad option and ini values are refused precisely
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function reads(): array {
    $r = [];
    foreach (rcp_seeds() as $n) {
        $i = (new RcpRaw($n))->cmd('INFO', 'commandstats');
        $r[$n] = 0;
        foreach (['get', 'mget'] as $c) $r[$n] += preg_match("/cmdstat_$c:calls=(\\d+)/", $i, $m) ? (int) $m[1] : 0;
    }
    return $r;
}
$w = rcp_pool();
for ($i = 0; $i < 50; $i++) $w->set("rp:$i", "v$i");
foreach (['primary', 'prefer_replica', 'replica', 'any'] as $pol) {
    $p = rcp_pool(['read' => $pol]);
    $before = reads();
    $ok = 0;
    for ($i = 0; $i < 50; $i++) $ok += $p->get("rp:$i") === "v$i";
    $m = $p->mget(array_map(fn($i) => "rp:$i", range(0, 49)));
    $pl = $p->pipeline(function ($x) { for ($i = 0; $i < 10; $i++) $x->get("rp:$i"); });
    $after = reads();
    $prim = $rep = 0;
    foreach ($after as $n => $c) {
        if (in_array($n, rcp_primaries(), true)) $prim += $c - $before[$n]; else $rep += $c - $before[$n];
    }
    $ok += $m === array_map(fn($i) => "v$i", range(0, 49));
    $ok += $pl === array_map(fn($i) => "v$i", range(0, 9));
    $where = $prim && $rep ? 'both' : ($prim ? 'primaries only' : 'replicas only');
    echo "$pol: $ok/52 right, reads on $where\n";
    // writes are never sent to a replica
    $p->set('rp:w', $pol);
    var_dump((new RcpRaw($p->nodeForKey('rp:w')))->cmd('GET', 'rp:w') === $pol);
}
foreach ([['read' => 'nearest'], ['read' => 3], ['read' => null], ['deadline' => -1], ['deadline' => 'soon']] as $o) {
    try { rcp_pool($o); echo "no exception\n"; } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
}
var_dump(ini_set('redis_cluster_pool.read_policy', 'nearest'), ini_get('redis_cluster_pool.read_policy'));
var_dump(ini_set('redis_cluster_pool.read_policy', 'prefer_replica'));
$p = rcp_pool();   // the ini default
$before = reads();
$p->get('rp:1');
$after = reads();
$onReplica = 0;
foreach (explode(',', getenv('RCP_TEST_REPLICAS')) as $n) $onReplica += $after[$n] - $before[$n];
var_dump($onReplica);
?>
--EXPECTF--
primary: 52/52 right, reads on primaries only
bool(true)
prefer_replica: 52/52 right, reads on replicas only
bool(true)
replica: 52/52 right, reads on replicas only
bool(true)
any: 52/52 right, reads on both
bool(true)
Option "read" must be one of primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary, another string given
Option "read" must be one of primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary, int given
Option "read" must be one of primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary, null given
Option "deadline" must be > 0 and <= 86400 seconds, -1 given
Option "deadline" must be a number of seconds, string given

Warning: ini_set(): redis_cluster_pool.read_policy must be primary, prefer_replica, replica, any, az_affinity or az_affinity_replicas_and_primary, "nearest" given in %s on line %d
bool(false)
string(7) "primary"
string(7) "primary"
int(1)
