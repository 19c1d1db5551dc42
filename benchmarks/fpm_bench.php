<?php
/*
 * FPM benchmark: every workload through every client, 8 php-fpm workers, 8 concurrent keep-alive FastCGI
 * clients; rounds interleaved (workload by workload, client by client, client order rotated each round) to
 * cancel machine drift. Workloads (benchmarks/www/bench.php): hot (SET+GET+MGET-10 on one hash tag),
 * spread (20 GETs over the keyspace + MGET-10 cross-slot), pipe (100-command cross-node pipeline).
 * Per client and workload: requests/s (with the per-round min-max), latency p50/p99, commands the servers
 * executed per application command, CLUSTER SLOTS, TCP connects and TIME_WAIT per 1,000 requests, failed
 * requests; then the workers' RSS and the shared segment's bytes.
 *   php benchmarks/fpm_bench.php FPM_ADDR [requests-per-round=1000] [rounds=3] [json-out] [workloads=hot,spread,pipe]
 * (`bash benchmarks/run.sh fpm` sets everything up and calls this.)
 */
require __DIR__ . '/lib.inc';
[$_, $addr] = $argv;
$perRound = (int) ($argv[2] ?? 1000);
$rounds = (int) ($argv[3] ?? 3);
$jsonOut = $argv[4] ?? null;
$workloads = explode(',', $argv[5] ?? 'hot,spread,pipe');
$page = __DIR__ . '/www/bench.php';
$pool = new RedisClusterPool(rcp_seeds());
$owner = $pool->nodeForKey('b:{bench}:k');
$keysFile = write_keys_file($pool, dirname($jsonOut ?: sys_get_temp_dir() . '/x') . '/bench_keys.php');
$clients = bench_clients();
$appCmds = ['hot' => 3, 'spread' => 21, 'pipe' => 100];
$conc = 8;

$acc = [];
foreach ($workloads as $w) foreach ($clients as $k => $_)
    $acc[$w][$k] = ['wall' => 0, 'lat' => [], 'bad' => 0, 'calls' => 0, 'slots' => 0, 'conns' => 0, 'n' => 0, 'tw' => 0, 'rps' => []];
foreach ($workloads as $w) foreach ($clients as $k => $_)       // warm-up (cold start is its own suite)
    drive($addr, $page, "w=$w&client=$k&node=$owner&keys=$keysFile", 100, $conc);
for ($round = 0; $round < $rounds; $round++) {
    $order = rotate(array_keys($clients), $round);
    foreach ($workloads as $w) {
        foreach ($order as $k) {
            [$c0, $s0, $n0] = node_stats();
            $tw0 = time_wait();
            [$wall, $lat, $bad] = drive($addr, $page, "w=$w&client=$k&node=$owner&keys=$keysFile", $perRound, $conc);
            [$c1, $s1, $n1] = node_stats();
            $a = &$acc[$w][$k];
            $a['wall'] += $wall; $a['lat'] = array_merge($a['lat'], $lat); $a['bad'] += $bad; $a['n'] += $perRound;
            $a['rps'][] = round($perRound / $wall);
            $a['calls'] += $c1 - $c0; $a['slots'] += $s1 - $s0;
            $a['conns'] += ($n1 - $n0) - count(rcp_seeds());   // minus the second probe's own connections (the first counted itself before)
            $a['tw'] += max(0, time_wait() - $tw0 - count(rcp_seeds()));   // minus the probes' own
            unset($a);
        }
    }
}
$rows = [];
printf("%-7s %-46s %8s %11s %7s %7s %7s %7s %8s %7s %5s\n", 'load', 'client', 'req/s', 'round min-max', 'p50 ms', 'p99 ms',
    'srv/app', 'SLOTS/1k', 'conn/1k', 'TW/1k', 'fail');
foreach ($workloads as $w) {
    foreach ($clients as $k => $label) {
        $a = $acc[$w][$k];
        $row = [
            'workload' => $w, 'client' => $k, 'label' => $label, 'requests' => $a['n'],
            'rps' => round($a['n'] / $a['wall'], 1), 'rps_per_round' => $a['rps'],
            'p50_ms' => round(pct($a['lat'], 0.50), 3), 'p99_ms' => round(pct($a['lat'], 0.99), 3),
            'server_cmds_per_app_cmd' => round($a['calls'] / ($a['n'] * $appCmds[$w]), 2),
            'cluster_slots_per_1000' => round($a['slots'] * 1000 / $a['n'], 2),
            'connects_per_1000' => round(max(0, $a['conns']) * 1000 / $a['n'], 2),
            'time_wait_per_1000' => round($a['tw'] * 1000 / $a['n'], 1), 'failed' => $a['bad'],
        ];
        $rows[] = $row;
        printf("%-7s %-46s %8.0f %11s %7.2f %7.2f %7.2f %7.2f %8.2f %7.1f %5d\n", $w, $label, $row['rps'],
            min($a['rps']) . '-' . max($a['rps']), $row['p50_ms'], $row['p99_ms'], $row['server_cmds_per_app_cmd'],
            $row['cluster_slots_per_1000'], $row['connects_per_1000'], $row['time_wait_per_1000'], $row['failed']);
    }
}
$mem = fpm_memory($addr);
printf("php-fpm workers (all clients loaded in the same workers): RSS %s KiB (min-max), shared segment %d of %d bytes used\n",
    $mem['worker_rss_kib_min'] . '-' . $mem['worker_rss_kib_max'], $mem['shm_bytes_used'], $mem['shm_bytes_total']);
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'),
        'workers' => 8, 'concurrency' => $conc, 'rounds' => $rounds, 'requests_per_round' => $perRound,
        'memory' => $mem, 'results' => $rows], JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
