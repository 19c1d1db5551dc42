<?php
/*
 * Events through php-fpm, every client in turn (rounds interleaved, client order rotated):
 *   cold     a fresh php-fpm pool (8 workers, a new shared segment) takes 200 requests of the hot workload
 *            at once from 8 clients: latency of those first requests, CLUSTER SLOTS and connects they cost
 *   replica  the spread workload runs from 8 clients; after 1 s one replica is killed (SIGKILL) and the load
 *            goes on for 4 s more (past cluster-node-timeout): requests/s, failed requests, CLUSTER SLOTS,
 *            connects; the replica is restarted and resynced before the next client
 *   php benchmarks/events_bench.php cold|replica [rounds=2] [json-out]
 * Needs the 6-node cluster of tests/cluster/cluster.sh (RCP_TEST_*), and for replica the FPM_ADDR of a running
 * pool in RCP_FPM_ADDR. (`bash benchmarks/run.sh cold replica` does it all.)
 */
require __DIR__ . '/lib.inc';
$mode = $argv[1];
$rounds = (int) ($argv[2] ?? 2);
$jsonOut = $argv[3] ?? null;
$page = __DIR__ . '/www/bench.php';
$clients = bench_clients();
$pool = new RedisClusterPool(rcp_seeds());
$owner = $pool->nodeForKey('b:{bench}:k');
$keysFile = write_keys_file($pool, sys_get_temp_dir() . '/bench_keys_events.php');
$acc = [];

function replica_restart(string $replica): void
{
    $conf = getenv('RCP_TEST_CLUSTER_DIR') . '/node-' . explode(':', $replica)[1] . '/redis.conf';
    exec('redis-server ' . escapeshellarg($conf));
    $t = microtime(true);
    while (microtime(true) - $t < 30) {
        try {
            $info = (@new RcpRaw($replica))->cmd('INFO', 'replication');
            $nodes = (new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'NODES');
            if (str_contains($info, 'master_link_status:up') && !preg_match('/fail|handshake/', $nodes)) return;
        } catch (Throwable $e) {}
        usleep(200000);
    }
    fwrite(STDERR, "replica $replica did not come back\n"); exit(1);
}

for ($r = 0; $r < $rounds; $r++) {
    foreach (rotate(array_keys($clients), $r) as $k) {
        if ($mode === 'cold') {
            [$dir, $addr] = fpm_pool_start(8);
            [$c0, $s0, $n0] = node_stats();
            [$wall, $lat, $bad] = drive($addr, $page, "w=hot&client=$k&node=$owner", 200, 8);
            [$c1, $s1, $n1] = node_stats();
            // a pool per client: its workers' RSS is this client's (after 25 requests each)
            $mem = fpm_memory($addr, (int) parse_ini_file("$dir/fpm.env")['RCP_FPM_PID']);
            fpm_pool_stop($dir);
            $n = 200;
        } else {
            $addr = getenv('RCP_FPM_ADDR');
            drive($addr, $page, "w=spread&client=$k&keys=$keysFile", 100, 8);   // warm
            $replica = explode(',', getenv('RCP_TEST_REPLICAS'))[0];
            $alive = array_values(array_diff(rcp_seeds(), [$replica]));   // the victim's counters die with it
            [$c0, $s0, $n0] = node_stats($alive);
            $h = load_start($addr, $page, "w=spread&client=$k&keys=$keysFile");
            sleep(1);
            $pidFile = getenv('RCP_TEST_CLUSTER_DIR') . '/node-' . explode(':', $replica)[1] . '/redis.pid';
            posix_kill((int) file_get_contents($pidFile), SIGKILL);
            sleep(4);
            [$n, $bad, $errs, $wall, $lat] = load_stop($h);
            [$c1, $s1, $n1] = node_stats($alive);
            replica_restart($replica);
            if ($errs) echo "$k errors: ", json_encode($errs), "\n";
        }
        $a = &$acc[$k];
        $a['n'] = ($a['n'] ?? 0) + $n; $a['wall'] = ($a['wall'] ?? 0) + $wall; $a['bad'] = ($a['bad'] ?? 0) + $bad;
        $a['lat'] = array_merge($a['lat'] ?? [], $lat); $a['slots'] = ($a['slots'] ?? 0) + max(0, $s1 - $s0);
        $a['conns'] = ($a['conns'] ?? 0) + max(0, ($n1 - $n0) - count($alive ?? rcp_seeds()));
        $a['max'][] = round(max($lat), 1);
        if (isset($mem)) $a['rss'][] = $mem['worker_rss_kib_max'];
        unset($a);
    }
}
$rows = [];
echo $mode === 'cold' ? "cold start: a fresh 8-worker pool, its first 200 requests (hot workload), $rounds rounds\n"
    : "replica SIGKILLed after 1 s of load, 4 s more (spread workload), $rounds rounds\n";
printf("%-46s %8s %8s %8s %14s %9s %9s %6s %9s\n", 'client', 'req/s', 'p50 ms', 'p99 ms', 'max ms/round', 'SLOTS/1k', 'conn/1k', 'fail', 'RSS KiB');
foreach ($clients as $k => $label) {
    $a = $acc[$k];
    $row = ['client' => $k, 'label' => $label, 'requests' => $a['n'], 'rps' => round($a['n'] / $a['wall'], 1),
        'p50_ms' => round(pct($a['lat'], 0.5), 2), 'p99_ms' => round(pct($a['lat'], 0.99), 2), 'max_ms_per_round' => $a['max'],
        'cluster_slots_per_1000' => round($a['slots'] * 1000 / $a['n'], 1), 'connects_per_1000' => round($a['conns'] * 1000 / $a['n'], 1),
        'failed' => $a['bad']] + (isset($a['rss']) ? ['worker_rss_kib_max' => max($a['rss'])] : []);
    $rows[] = $row;
    printf("%-46s %8.0f %8.2f %8.2f %14s %9.1f %9.1f %6d %9s\n", $label, $row['rps'], $row['p50_ms'], $row['p99_ms'],
        implode('/', $a['max']), $row['cluster_slots_per_1000'], $row['connects_per_1000'], $row['failed'], $row['worker_rss_kib_max'] ?? '-');
}
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'mode' => $mode, 'rounds' => $rounds,
        'results' => $rows], JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
