--TEST--
Clusters the shared segment does not hold (beyond shm_clusters, or seeds + user over 1,024 bytes) are counted pool-wide by reason (poolStats() segment, metrics() clusters_private_total) and reported by the worker that holds them: poolStats()['worker']['private_clusters'] with their map and counters, metrics() series labelled worker="pid" (issue 21 item 8b)
--EXTENSIONS--
redis_cluster_pool
pcntl
--INI--
redis_cluster_pool.shm_clusters=1
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$seeds = rcp_seeds();
// ports nothing listens on (refused at once): padding that makes a seed list over 1,024 bytes
$dead = [];
for ($i = 0; $i < 50; $i++) {
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $dead[] = '[::ffff:127.0.0.1]:' . explode(':', stream_socket_get_name($s, false))[1];   // (IPv4-mapped: a long name)
    fclose($s);
}
$dead = array_values(array_unique($dead));                    // (a port may come back)
// another worker, forked before any cluster exists (as php-fpm forks its workers): it is told when to look
[$toChild, $inChild] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
if (($child = pcntl_fork()) === 0) {
    fclose($toChild);
    fread($inChild, 1);
    $s = RedisClusterPool::poolStats();
    exit(count($s['worker']['private_clusters']) === 0 && $s['segment']['clusters_full'] >= 1 && $s['segment']['clusters_key_too_long'] >= 1 ? 0 : 1);
}
fclose($inChild);
$a = rcp_pool([], [$seeds[0]]);                       // the segment's one cluster
$b = rcp_pool([], [$seeds[1]]);                       // the table is full: private
$long = array_merge([$seeds[2]], $dead);
$c = rcp_pool([], $long);                             // seeds over 1,024 bytes: private
echo "seed list of the third: over 1,024 bytes: ", strlen(implode(',', $long)) > 1024 ? 'yes' : 'no', "\n";
foreach ([$a, $b, $c] as $i => $p) {
    $p->set("priv:$i", "v$i");
    if ($p->get("priv:$i") !== "v$i") echo "WRONG $i\n";
}
echo "shared: ", json_encode([$a->stats()['cluster']['shared'], $b->stats()['cluster']['shared'], $c->stats()['cluster']['shared']]), "\n";
$ps = RedisClusterPool::poolStats();
echo "segment: clusters_full ", $ps['segment']['clusters_full'], ", clusters_key_too_long ", $ps['segment']['clusters_key_too_long'],
    ", clusters listed ", count($ps['clusters']), "\n";
echo "this worker: pid ", $ps['worker']['pid'] === getmypid() ? 'mine' : 'other', ", private clusters ", count($ps['worker']['private_clusters']), "\n";
foreach ($ps['worker']['private_clusters'] as $pc) {
    $roles = array_count_values(array_column($pc['nodes'], 'role'));
    echo "  ", $pc['private'], ": ", count($pc['seeds']) === ($pc['private'] === 'table_full' ? 1 : count($long)) ? 'its' : 'other', " seeds, generation > 0: ", $pc['generation'] > 0 ? 'yes' : 'no',
        ", topology requests >= 1: ", $pc['counters']['topology_requests'] >= 1 ? 'yes' : 'no', ", nodes ", json_encode($roles), "\n";
}
$m = RedisClusterPool::metrics();
preg_match_all('/^redis_cluster_pool_clusters_private_total\{reason="(\w+)"\} (\d+)$/m', $m, $mm, PREG_SET_ORDER);
echo "metrics: clusters_private_total ", json_encode(array_column($mm, 2, 1)), "\n";
$pid = getmypid();
echo "metrics: topology_requests_total of this worker's private clusters: ",
    preg_match_all('/^redis_cluster_pool_topology_requests_total\{cluster="[^"]*",worker="' . $pid . '"\} [1-9]/m', $m), "\n";
echo "metrics: slot_map_generation of them: ", preg_match_all('/^redis_cluster_pool_slot_map_generation\{cluster="[^"]*",worker="' . $pid . '"\} [1-9]/m', $m), "\n";
// the other worker sees the pool-wide counts, not this worker's private clusters
fwrite($toChild, 'x');
pcntl_waitpid($child, $st);
echo "another worker: no private cluster of ours, the counts: ", pcntl_wexitstatus($st) === 0 ? 'yes' : 'no', "\n";
foreach ([$a, $b, $c] as $i => $p) $p->del("priv:$i");
?>
--EXPECT--
seed list of the third: over 1,024 bytes: yes
shared: [true,false,false]
segment: clusters_full 1, clusters_key_too_long 1, clusters listed 1
this worker: pid mine, private clusters 2
  table_full: its seeds, generation > 0: yes, topology requests >= 1: yes, nodes {"primary":3,"replica":3}
  key_too_long: its seeds, generation > 0: yes, topology requests >= 1: yes, nodes {"primary":3,"replica":3}
metrics: clusters_private_total {"table_full":"1","key_too_long":"1"}
metrics: topology_requests_total of this worker's private clusters: 2
metrics: slot_map_generation of them: 2
another worker: no private cluster of ours, the counts: yes
