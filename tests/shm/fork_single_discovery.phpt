--TEST--
Shared map: 8 processes starting at once on a cold cluster entry make one entry and send exactly one CLUSTER SHARDS (no lease taken over); the map is then used by the parent without any
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$seeds = [rcp_seeds()[1], rcp_seeds()[4]];   // a seed list of its own: a fresh entry in the segment
$before = 0;
foreach (rcp_seeds() as $n) { preg_match_all('/cmdstat_cluster\|(?:slots|shards):calls=(\d+)/', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m); $before += array_sum(array_map('intval', $m[1])); }
$used = rcp_pool()->poolStats()['segment']['clusters_used'];   // (the test cluster's own entry: made before)
$kids = [];
for ($i = 0; $i < 8; $i++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $p = rcp_pool([], $seeds);
        $p->set("fork:$i", "v$i");
        exit($p->get("fork:$i") === "v$i" ? 0 : 1);
    }
    $kids[] = $pid;
}
$ok = 0;
foreach ($kids as $pid) { pcntl_waitpid($pid, $st); $ok += pcntl_wexitstatus($st) === 0; }
echo "children ok: $ok\n";
$after = 0;
foreach (rcp_seeds() as $n) { preg_match_all('/cmdstat_cluster\|(?:slots|shards):calls=(\d+)/', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m); $after += array_sum(array_map('intval', $m[1])); }
echo "CLUSTER SHARDS/SLOTS received by the servers: ", $after - $before, "\n";
$p = rcp_pool([], $seeds);
var_dump($p->get('fork:3'));
$s = $p->stats();
echo "parent sent: {$s['cluster']['cluster_slots_sent']}, pool-wide: {$s['cluster']['pool']['cluster_slots_sent']}, shared: ",
    var_export($s['cluster']['shared'], true), ", nodes: {$s['cluster']['nodes']}\n";
// 8 processes creating one cluster's entry at once make one entry (two would discover twice)
echo "entries made: ", $p->poolStats()['segment']['clusters_used'] - $used, ", lease takeovers: {$s['cluster']['pool']['lease_takeovers']}\n";
echo "segment: {$s['shm']['clusters_used']} of {$s['shm']['clusters_max']} clusters, ",
    $s['shm']['bytes_used'] <= $s['shm']['bytes_total'] ? 'fits' : 'overflow', "\n";
for ($i = 0; $i < 8; $i++) $p->del("fork:$i");
?>
--EXPECTF--
children ok: 8
CLUSTER SHARDS/SLOTS received by the servers: 1
string(2) "v3"
parent sent: 0, pool-wide: 1, shared: true, nodes: 6
entries made: 1, lease takeovers: 0
segment: %d of 8 clusters, fits
