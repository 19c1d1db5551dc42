--TEST--
Failover, primary killed: under php-fpm load, a primary SIGKILLed makes requests touching its slots fail only during the cluster's own failover window (cluster-node-timeout 3 s + election), then 100% succeed on the promoted replica without restarting php-fpm; the pool refreshes its map at most once per refresh_min_interval meanwhile (no CLUSTER SHARDS/SLOTS storm)
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
// a cluster of its own: the failover changes for good which node is a primary
$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-failover-' . getmypid();
exec('bash ' . escapeshellarg($sh) . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1'));
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);   // for this process and php-fpm's workers

$primaries = rcp_primaries();
$keys = implode(',', array_map(fn($p) => rcp_key_on($p, 'fw'), $primaries));
[$dir, $addr] = rcp_fpm_start(4);
$page = __DIR__ . '/www/write.php';
$conns = [];
for ($c = 0; $c < 4; $c++) $conns[] = new RcpFcgi($addr);
$n = 0;
$request = function () use (&$n, $conns, $page, $keys): array {
    $n++;
    return json_decode($conns[$n % 4]->get($page, "keys=$keys&n=$n"), true);
};
$failed = 0;
for ($i = 0; $i < 200; $i++) $failed += count($request()['failed']);
echo "before the kill: 200 requests, $failed failed\n";

preg_match('/process_id:(\d+)/', (new RcpRaw($primaries[0]))->cmd('INFO', 'server'), $m);
// CLUSTER SHARDS/SLOTS received by the nodes that stay up
$survivors = array_slice(explode(',', getenv('RCP_TEST_SEEDS')), 1);
$clusterSlots = function () use ($survivors): int {
    $t = 0;
    foreach ($survivors as $node) {
        preg_match_all('/cmdstat_cluster\|(?:slots|shards):calls=(\d+)/', (new RcpRaw($node))->cmd('INFO', 'commandstats'), $mm);
        $t += array_sum(array_map('intval', $mm[1]));
    }
    return $t;
};
$slots0 = $clusterSlots();
$t0 = microtime(true);
posix_kill((int) $m[1], SIGKILL);
$lastFail = null;
$okStreak = 0;
$during = 0;
while ($okStreak < 500 && microtime(true) - $t0 < 30) {
    $r = $request();
    if ($r['failed']) {
        $lastFail = microtime(true);
        $okStreak = 0;
        $during++;
    } else {
        $okStreak++;
    }
}
$window = $lastFail === null ? 0.0 : $lastFail - $t0;
printf("failover window: %.1f s, %d failed requests\n", $window, $during);
echo "requests failed during the failover: ", $during > 0 ? "some" : "none", "\n";
echo "failures only within the failover window (<= 8 s after the kill): ", $window <= 8.0 ? "yes" : sprintf("no (%.1f s)", $window), "\n";
echo "then 500 requests in a row succeeded, without restarting php-fpm: ", $okStreak >= 500 ? "yes" : "no", "\n";
$refreshes = $clusterSlots() - $slots0;
// one refresh per refresh_min_interval (1 s) for the whole pool, plus the one that found the new primary
echo "CLUSTER SHARDS/SLOTS during the failover bounded by the rate limit: ", $refreshes <= (int) ceil($window) + 3 ? "yes" : "no ($refreshes in " . round($window, 1) . " s)", "\n";
$promoted = null;
foreach (explode(',', getenv('RCP_TEST_REPLICAS')) as $rep) {   // who serves the slot now, asked of the survivors
    foreach ((new RcpRaw($rep))->cmd('CLUSTER', 'SLOTS') as $range) {
        $s = RedisClusterPool::keySlot(explode(',', $keys)[0]);
        if ($s >= $range[0] && $s <= $range[1]) $promoted = $range[2][0] . ':' . $range[2][1];
    }
}
echo "the slot is served by the promoted replica: ", in_array($promoted, explode(',', getenv('RCP_TEST_REPLICAS')), true) ? "yes" : "no", "\n";
// CLUSTER SHARDS still lists the dead primary, in the promoted one's shard: a fresh discovery reads it as is
$fresh = new RedisClusterPool(array_slice(explode(',', getenv('RCP_TEST_SEEDS')), 1));
$fresh->get('x');
$st = $fresh->stats()['cluster'];
$map = $fresh->getSlotMap();
echo "a fresh discovery after the failover: from {$st['topology_from']}, dead primary left out: ",
    isset($map['nodes'][$primaries[0]]) ? 'no' : 'yes', ", primaries: ", count(array_filter($map['nodes'], fn($n) => $n['role'] === 'primary')), "\n";
?>
--EXPECTF--
before the kill: 200 requests, 0 failed
failover window: %f s, %d failed requests
requests failed during the failover: some
failures only within the failover window (<= 8 s after the kill): yes
then 500 requests in a row succeeded, without restarting php-fpm: yes
CLUSTER SHARDS/SLOTS during the failover bounded by the rate limit: yes
the slot is served by the promoted replica: yes
a fresh discovery after the failover: from CLUSTER SHARDS, dead primary left out: yes, primaries: 3
