--TEST--
Failover, replica reads: under php-fpm load with read => prefer_replica, a replica killed with SIGKILL costs 0 failed reads (retried on another node of the slot, the dead node marked for every worker: no retry storm); restarted on the same address, it is back in the map after a periodic refresh and serves reads again with no error
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
$w = rcp_pool();
for ($i = 0; $i < 300; $i++) $w->set("fo:$i", "v$i");
// a short periodic refresh, so the test sees the restarted replica come back into the map (60 s by default)
[$dir, $addr] = rcp_fpm_start(4, '-d redis_cluster_pool.refresh_interval=2');
$page = __DIR__ . '/www/read.php';
$conns = [];
for ($c = 0; $c < 4; $c++) $conns[] = new RcpFcgi($addr);
$stats = [];
function load(array $conns, string $page, int $requests, array &$stats): array {
    $ok = 0; $failed = [];
    for ($i = 0; $i < $requests; $i++) {
        $keys = implode(',', array_map(fn() => mt_rand(0, 299), range(1, 10)));
        $r = json_decode($conns[$i % count($conns)]->get($page, "keys=$keys"), true);
        $ok += $r['ok'];
        array_push($failed, ...$r['failed']);
        $stats[$r['pid']] = $r['stats'];
    }
    return [$ok, $failed];
}
[$ok, $failed] = load($conns, $page, 200, $stats);
echo "warm: $ok reads, ", count($failed), " failed\n";

// the replica that served most: kill it (SIGKILL: no goodbye, the kernel resets its sockets)
$replica = explode(',', getenv('RCP_TEST_REPLICAS'))[0];
$info = (new RcpRaw($replica))->cmd('INFO', 'server');
preg_match('/process_id:(\d+)/', $info, $m);
posix_kill((int) $m[1], SIGKILL);
time_nanosleep(0, 100000000);   // (not usleep: run-tests.php would retry a failure silently)
[$ok, $failed] = load($conns, $page, 1000, $stats);
echo "replica killed: $ok reads, ", count($failed), " failed\n";
foreach (array_slice($failed, 0, 5) as $f) echo "  $f\n";
$retries = array_sum(array_map(fn($s) => $s['cluster']['read_retries'], $stats));
// the first worker to hit the dead node marks it in the shared segment: the others skip it (no retry storm)
echo "reads retried on another node, at most a few per worker: ", $retries <= 4 * 3 ? "yes" : "no ($retries)", "\n";

// same address again
$port = (int) explode(':', $replica)[1];
exec('bash ' . escapeshellarg(getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh') . ' restart-node ' .
    escapeshellarg(getenv('RCP_TEST_CLUSTER_DIR')) . " $port 2>&1", $o, $rc);
exec('bash ' . escapeshellarg(getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh') . ' wait ' .
    escapeshellarg(getenv('RCP_TEST_CLUSTER_DIR')) . ' 60 2>&1', $o, $rc2);
echo "restarted and healthy: ", $rc === 0 && $rc2 === 0 ? "yes" : "no: " . implode("\n", $o), "\n";
$before = (int) preg_match('/cmdstat_get:calls=(\d+)/', (new RcpRaw($replica))->cmd('INFO', 'commandstats'), $m0) ? (int) $m0[1] : 0;
time_nanosleep(8, 0);   // past the suspect mark (5 s) and a periodic refresh (2 s): the node is back in the map
[$ok, $failed] = load($conns, $page, 300, $stats);
echo "after the restart: $ok reads, ", count($failed), " failed\n";
preg_match('/cmdstat_get:calls=(\d+)/', (new RcpRaw($replica))->cmd('INFO', 'commandstats'), $m1);
echo "the restarted replica serves reads again: ", ((int) ($m1[1] ?? 0)) > 0 ? "yes" : "no", "\n";
?>
--EXPECT--
warm: 2000 reads, 0 failed
replica killed: 10000 reads, 0 failed
reads retried on another node, at most a few per worker: yes
restarted and healthy: yes
after the restart: 3000 reads, 0 failed
the restarted replica serves reads again: yes
