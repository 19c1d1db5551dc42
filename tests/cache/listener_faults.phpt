--TEST--
Cache listener against node faults (a cluster of its own): CLIENT KILL of the invalidation connection -> the link is lost (its entries are misses at once, generation bumped, counted) and reconnects by itself; FLUSHALL on a node -> a null invalidation drops every entry of that node, the link stays up; a node stopped (SIGSTOP) for 2 s -> its entries are misses after cache_max_lag, then served again once it answers, without a reconnect; a node killed and restarted -> lost, reconnected when it is back
--INI--
redis_cluster_pool.cache_test_hooks=1
redis_cluster_pool.cache_max_lag=100
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_lookup, cache_stats};

$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-cache-faults-' . getmypid();
exec('bash ' . escapeshellarg($sh) . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1'));
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);

$c = 'faults-' . getmypid();
[$p1, $p2, $p3] = rcp_primaries();
echo "links up: ", rcp_cache_links($c, [$p1, $p2, $p3]) ? 'yes' : 'no', "\n";
$k1 = rcp_key_on($p1, 'cf');
$k2 = rcp_key_on($p2, 'cf');
$k3 = rcp_key_on($p3, 'cf');
$hits = fn() => (rcp_cache_get($c, $p1, $k1) === 'a' ? '1' : '-') . (rcp_cache_get($c, $p2, $k2) === 'b' ? '2' : '-')
    . (rcp_cache_get($c, $p3, $k3) === 'c' ? '3' : '-');
// the three entries stored and hitting (retried: a loaded machine may keep the listener off the CPU past the bound)
$fill = function () use ($c, $p1, $p2, $p3, $k1, $k2, $k3, $hits) {
    $r = rcp_cache_store($c, $p1, $k1, 'GET', 'a') . rcp_cache_store($c, $p2, $k2, 'GET', 'b')
        . rcp_cache_store($c, $p3, $k3, 'GET', 'c');
    return $r . ', hits: ' . (rcp_cache_until(fn() => $hits() === '123', 5.0) ? '123' : $hits());
};
$pid = rcp_cache_listener_pid();

// CLIENT KILL of the listener's connection to p1
echo "fill: ", $fill(), "\n";
$s0 = cache_link_state($c, $p1);
preg_match('/id=(\d+) /', rcp_cache_listener_clients($p1, $pid)[0], $m);
rcp_raw($p1)->cmd('CLIENT', 'KILL', 'ID', $m[1]);
echo "CLIENT KILL: p1's entry is a miss: ", rcp_cache_until(fn() => $hits() === '-23', 5.0) ? 'yes' : $hits(), "\n";
echo "reconnected by itself: ", rcp_cache_until(fn() => cache_link_state($c, $p1)['state'] === 'up'
    && cache_link_state($c, $p1)['connects'] === 2, 10.0) ? 'yes' : 'no', "\n";
$s1 = cache_link_state($c, $p1);
// the node's close as each transport reports it (plaintext: the socket's EOF; TLS: the TLS layer's)
echo "generation bumped: ", $s1['generation'] > $s0['generation'] ? 'yes' : 'no', ", losses: {$s1['losses']}, last error: ",
    preg_replace('/^TLS: closed by the node$/', 'connection closed by the node', $s1['last_error']), "\n";
echo "the old entry stays a miss: ", rcp_cache_get($c, $p1, $k1) ?? 'miss', "\n";
echo "link-loss flushes counted: ", cache_stats()['clusters'][$c]['flushes_link_lost'], "\n";

// FLUSHALL on p2
echo "fill: ", $fill(), "\n";
rcp_raw($p2)->cmd('FLUSHALL');
echo "FLUSHALL on p2: its entry is a miss: ", rcp_cache_until(fn() => $hits() === '1-3', 5.0) ? 'yes' : $hits(), "\n";
$s2 = cache_link_state($c, $p2);
echo "p2's link: {$s2['state']}, flushes {$s2['flushes']}, losses {$s2['losses']}\n";
echo "server flushes counted: ", cache_stats()['clusters'][$c]['flushes_server'], "\n";

// p3 stopped for 2 s
echo "fill: ", $fill(), "\n";
preg_match('/process_id:(\d+)/', rcp_raw($p3)->cmd('INFO', 'server'), $m);
$node = (int) $m[1];
posix_kill($node, SIGSTOP);
$t0 = microtime(true);
echo "p3 stopped: its entry became a miss: ", rcp_cache_until(fn() => $hits() === '12-', 5.0) ? 'yes' : $hits(), "\n";
$r = cache_lookup($c, $p3, $k3, 'GET', RedisClusterPool::keySlot($k3));
echo "no fill from p3 meanwhile: ", $r['fillable'] ? 'a fill was allowed' : 'yes', "\n";
echo "the others still hit: ", rcp_cache_until(fn() => $hits() === '12-', 5.0) ? '12-' : $hits(), "\n";
usleep((int) max(0, 2.0 - (microtime(true) - $t0)) * 1000000);
posix_kill($node, SIGCONT);
echo "p3 resumed: its entry hits again: ", rcp_cache_until(fn() => $hits() === '123', 10.0) ? 'yes' : $hits(), "\n";
$s3 = cache_link_state($c, $p3);
echo "without a reconnect: ", $s3['connects'] === 1 && $s3['losses'] === 0 ? 'yes' : "no ({$s3['connects']} {$s3['losses']})", "\n";

// p1 killed and restarted
echo "fill: ", $fill(), "\n";
preg_match('/process_id:(\d+)/', rcp_raw($p1)->cmd('INFO', 'server'), $m);
posix_kill((int) $m[1], SIGKILL);
echo "p1 killed: its entry is a miss: ", rcp_cache_until(fn() => $hits() === '-23', 5.0) ? 'yes' : $hits(), "\n";
echo "p1's link is down: ", rcp_cache_until(fn() => cache_link_state($c, $p1)['state'] !== 'up', 5.0) ? 'yes' : 'no', "\n";
exec('bash ' . escapeshellarg($sh) . ' restart-node ' . escapeshellarg($cdir) . ' ' . substr($p1, strrpos($p1, ':') + 1) . ' 2>&1', $o2, $rc2);
echo "p1 restarted: ", $rc2 === 0 ? 'yes' : implode("\n", $o2), "\n";
// the listener retries with a backoff (up to 5 s) while the link is in use
echo "p1's link up again: ", rcp_cache_until(fn() => cache_link_state($c, $p1)['state'] === 'up', 30.0) ? 'yes' : cache_link_state($c, $p1)['last_error'], "\n";
echo "the old entry stays a miss: ", rcp_cache_get($c, $p1, $k1) ?? 'miss', "\n";
echo "the same listener throughout: ", rcp_cache_listener_pid() === $pid ? 'yes' : 'no', "\n";
?>
--EXPECTF--
links up: yes
fill: storedstoredstored, hits: 123
CLIENT KILL: p1's entry is a miss: yes
reconnected by itself: yes
generation bumped: yes, losses: 1, last error: connection closed by the node
the old entry stays a miss: miss
link-loss flushes counted: 1
fill: storedstoredstored, hits: 123
FLUSHALL on p2: its entry is a miss: yes
p2's link: up, flushes 1, losses 0
server flushes counted: 1
fill: storedstoredstored, hits: 123
p3 stopped: its entry became a miss: yes
no fill from p3 meanwhile: yes
the others still hit: 12-
p3 resumed: its entry hits again: yes
without a reconnect: yes
fill: storedstoredstored, hits: 123
p1 killed: its entry is a miss: yes
p1's link is down: yes
p1 restarted: yes
p1's link up again: yes
the old entry stays a miss: miss
the same listener throughout: yes
