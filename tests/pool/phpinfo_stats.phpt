--TEST--
Observability: phpinfo() has a redis_cluster_pool section (settings, pooled connections, shared segment) and neither it nor stats() ever shows a password
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$secret = 'pw-' . bin2hex(random_bytes(6));
$pool = rcp_pool(['parameters' => ['password' => $secret]]);   // no ACL set up: AUTH fails on connect
try { $pool->get('x'); } catch (RedisClusterPool\Exception $e) { $msg = $e->getMessage(); }
ob_start(); phpinfo(INFO_MODULES); $info = ob_get_clean();
foreach (['redis_cluster_pool support', 'Pooled connections (this process)', 'Shared segment', 'Clusters in the shared segment',
          'redis_cluster_pool.shm_size', 'redis_cluster_pool.refresh_interval', 'redis_cluster_pool.idle_timeout'] as $needle) {
    echo $needle, ': ', str_contains($info, $needle) ? 'shown' : 'MISSING', "\n";
}
$s = $pool->stats();
echo "stats keys: ", implode(',', array_keys($s)), "\n";
echo "connections keys: ", implode(',', array_keys($s['connections'])), "\n";
echo "cluster keys: ", implode(',', array_keys($s['cluster'])), "\n";
echo "shm keys: ", implode(',', array_keys($s['shm'])), "\n";
$all = $info . json_encode($s) . print_r($pool, true) . ($msg ?? '');
var_dump(str_contains($all, $secret));
?>
--EXPECT--
redis_cluster_pool support: shown
Pooled connections (this process): shown
Shared segment: shown
Clusters in the shared segment: shown
redis_cluster_pool.shm_size: shown
redis_cluster_pool.refresh_interval: shown
redis_cluster_pool.idle_timeout: shown
stats keys: pid,connections,cluster,shm
connections keys: pooled,opened,reused,discarded_broken,discarded_closed_by_peer,discarded_unread_reply,discarded_forked,discarded_idle,auth_refused,tls_handshakes,tls_resumed,tls_handshake_failures,cap_waits,cap_wait_timeouts,cap_refused,cap_handoffs
cluster keys: generation,nodes,primaries,refreshes,refresh_failures,cluster_slots_sent,topology_from,moved,ask,noscript_fallbacks,read_retries,read_auth_fallbacks,readonly_redirects,commands,shared,pool
shm keys: bytes_total,bytes_used,clusters_max,clusters_used,clusters_table_full,clusters_key_too_long
bool(false)
