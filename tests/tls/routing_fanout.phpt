--TEST--
TLS cluster (port 0, tls-port, tls-cluster yes): tls:// seeds discover the nodes' TLS ports; keyed commands on every primary, MGET/DEL across primaries in one round trip, keyless fan-out, pipelines, transactions (WATCH/CAS) and replica reads all work over TLS, one handshake per node connection
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
function reads(): array {
    $r = [];
    foreach (rcp_seeds() as $n) {
        $r[$n] = preg_match('/cmdstat_get:calls=(\d+)/', rcp_raw($n)->cmd('INFO', 'commandstats'), $m) ? (int) $m[1] : 0;
    }
    return $r;
}
$p = rcp_tls_pool();
// the map: the TLS ports (the only ones: port 0), every node
$map = $p->getSlotMap();
echo "nodes in the map: ", count($map['nodes']), "\n";
$all = rcp_seeds();
sort($all);
$seen = array_keys($map['nodes']);
sort($seen);
echo "map nodes are the TLS endpoints: ", $seen === $all ? 'yes' : 'no (' . implode(',', $seen) . ')', "\n";
// a key on each primary
foreach (rcp_primaries() as $i => $prim) {
    $k = rcp_key_on($prim, "tlsrt$i");
    $p->set($k, "v$i");
    echo "primary $i: ", $p->get($k) === "v$i" && $p->nodeForKey($k) === $prim && rcp_raw($prim)->cmd('GET', $k) === "v$i"
        ? 'ok' : 'wrong', "\n";
}
// MGET across the primaries: one round trip, the parts in parallel
$keys = [];
for ($i = 0; $i < 30; $i++) { $keys[] = "tlsm:$i"; }
$p->mset(array_combine($keys, array_map(fn($i) => "m$i", range(0, 29))));
$before = $p->stats()['connections'];
$got = $p->mget($keys);
echo "MGET of 30 keys: ", $got === array_map(fn($i) => "m$i", range(0, 29)) ? 'right' : 'wrong', "\n";
$after = $p->stats()['connections'];
echo "new connections for the MGET: ", $after['opened'] - $before['opened'], "\n";
echo "DEL across primaries: ", $p->del($keys), "\n";
echo "DBSIZE (every primary, summed) is an int: ", is_int($p->dbsize()) ? 'yes' : 'no', "\n";
// pipeline across nodes
$r = $p->pipeline(function ($x) {
    for ($i = 0; $i < 20; $i++) { $x->set("tlsp:$i", $i); }
    for ($i = 0; $i < 20; $i++) { $x->get("tlsp:$i"); }
});
echo "pipeline: ", array_slice($r, 20) === array_map('strval', range(0, 19)) ? 'right' : 'wrong', "\n";
// transactions: plain, and check-and-set with WATCH
$r = $p->transaction(fn($tx) => $tx->set('{tlsu}a', 1)->incr('{tlsu}a')->get('{tlsu}a'));
echo "transaction: ", json_encode(array_map('strval', $r)), "\n";
$r = $p->transaction(['watch' => '{tlsu}a', 'cas' => true, 'retry' => 2], function ($tx) {
    $v = $tx->get('{tlsu}a');
    $tx->multi();
    $tx->set('{tlsu}a', $v * 10);
});
echo "CAS transaction: ", $p->get('{tlsu}a'), "\n";
// replica reads: READONLY connections to the replicas, over TLS too
$r = rcp_tls_pool(['read' => 'replica']);
for ($i = 0; $i < 20; $i++) { $p->set("tlsr:$i", "r$i"); }
usleep(200000);   // replication
$b = reads();
$ok = 0;
for ($i = 0; $i < 20; $i++) { $ok += $r->get("tlsr:$i") === "r$i"; }
$a = reads();
$onReplicas = $onPrimaries = 0;
foreach ($a as $n => $c) {
    if (in_array($n, rcp_replicas(), true)) $onReplicas += $c - $b[$n]; else $onPrimaries += $c - $b[$n];
}
echo "replica reads: $ok/20 right, $onReplicas on replicas, $onPrimaries on primaries\n";
$s = $p->stats()['connections'];
echo "TLS handshakes so far = connections opened: ", $s['tls_handshakes'] === $s['opened'] ? 'yes' : "no ({$s['tls_handshakes']} vs {$s['opened']})", "\n";
echo "handshake failures: ", $s['tls_handshake_failures'], "\n";
?>
--EXPECT--
nodes in the map: 6
map nodes are the TLS endpoints: yes
primary 0: ok
primary 1: ok
primary 2: ok
MGET of 30 keys: right
new connections for the MGET: 0
DEL across primaries: 30
DBSIZE (every primary, summed) is an int: yes
pipeline: right
transaction: ["OK","2","2"]
CAS transaction: 20
replica reads: 20/20 right, 20 on replicas, 0 on primaries
TLS handshakes so far = connections opened: yes
handshake failures: 0
