--TEST--
Cache listener: the bound is enforced, whatever happens to the listener: stopped (SIGSTOP) so that no PING confirms the links, every entry is a miss (and no fill is allowed) once cache_max_lag has passed since the last confirmation, though the links still read "up"; resumed, the same entries hit again without any reconnect; while running, PINGs keep entries served past the bound
--INI--
redis_cluster_pool.cache_test_hooks=1
redis_cluster_pool.cache_max_lag=100
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link_state, cache_lookup, cache_stats};

$c = 'bound-' . getmypid();
$p = rcp_primaries()[1];
echo "link up: ", rcp_cache_links($c, [$p]) ? 'yes' : 'no', "\n";
$k = rcp_key_on($p, 'cbound');
echo "fill: ", rcp_cache_store($c, $p, $k, 'GET', 'v'), "\n";
// confirmations keep coming: three times the bound later, the entry is served (the link was confirmed since)
usleep(300000);
echo "hit 3 x cache_max_lag later: ", rcp_cache_until(fn() => rcp_cache_get($c, $p, $k) === 'v', 5.0) ? 'yes' : 'no', "\n";

$pid = rcp_cache_listener_pid();
posix_kill($pid, SIGSTOP);
$t0 = hrtime(true);
// the entry goes on hitting for at most 100 ms after the last confirmation, then misses
$missed = rcp_cache_until(fn() => rcp_cache_get($c, $p, $k) === null, 5.0);
$state = cache_link_state($c, $p);
echo "listener stopped: the entry became a miss: ", $missed ? 'yes' : 'no', "\n";
echo "... when its link's last confirmation was older than the bound: ", $state['lag_ms'] >= 100 ? 'yes' : "no ({$state['lag_ms']} ms)", "\n";
echo "... though the link still reads: {$state['state']}\n";
$r = cache_lookup($c, $p, $k, 'GET', RedisClusterPool::keySlot($k));
echo "a read now may not fill: ", $r['fillable'] ? 'it may' : 'no', "\n";
usleep(200000);
echo "still a miss 200 ms later: ", rcp_cache_get($c, $p, $k) === null ? 'yes' : 'no', "\n";
posix_kill($pid, SIGCONT);
echo "resumed: the same entry hits again: ", rcp_cache_until(fn() => rcp_cache_get($c, $p, $k) === 'v', 5.0) ? 'yes' : 'no', "\n";
$s = cache_link_state($c, $p);
echo "without a reconnect: ", $s['connects'] === 1 && $s['losses'] === 0 ? 'yes' : 'no', "\n";
echo "the same listener: ", rcp_cache_listener_pid() === $pid ? 'yes' : 'no', "\n";
?>
--EXPECT--
link up: yes
fill: stored
hit 3 x cache_max_lag later: yes
listener stopped: the entry became a miss: yes
... when its link's last confirmation was older than the bound: yes
... though the link still reads: up
a read now may not fill: no
still a miss 200 ms later: yes
resumed: the same entry hits again: yes
without a reconnect: yes
the same listener: yes
