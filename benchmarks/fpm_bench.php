<?php
/*
 * FPM benchmark: the same request (SET + GET + MGET-10 on one hash tag) through each client, 8 php-fpm
 * workers, 8 concurrent keep-alive FastCGI clients. Clients are interleaved round by round to cancel drift.
 * Per client: requests/s, latency p50/p99, commands the servers executed per application command, CLUSTER
 * SLOTS and TCP connects per 1,000 requests, TIME_WAIT sockets towards the cluster.
 *   php benchmarks/fpm_bench.php FPM_ADDR [requests-per-round=1000] [rounds=3] [json-out]
 * (`bash benchmarks/run.sh fpm` sets everything up and calls this.)
 */
require __DIR__ . '/lib.inc';
[$_, $addr] = $argv;
$perRound = (int) ($argv[2] ?? 1000);
$rounds = (int) ($argv[3] ?? 3);
$jsonOut = $argv[4] ?? null;
$page = __DIR__ . '/www/bench.php';
$owner = (new RedisClusterPool(rcp_seeds()))->nodeForKey('b:{bench}:k');
$clients = ['rcp' => 'redis_cluster_pool', 'phpredis' => 'phpredis RedisCluster (persistent, cache_slots)',
            'predis' => 'Predis v3 cluster', 'ceiling' => 'ceiling: phpredis Redis pconnect to the owner'];
$conc = 8;

$acc = [];
foreach ($clients as $k => $_) $acc[$k] = ['wall' => 0, 'lat' => [], 'bad' => 0, 'calls' => 0, 'slots' => 0, 'conns' => 0, 'n' => 0, 'tw' => 0];
foreach ($clients as $k => $_) drive($addr, $page, "client=$k&node=$owner", 200, $conc);   // warm-up (cold start not measured here)
for ($round = 0; $round < $rounds; $round++) {
    foreach ($clients as $k => $_) {
        sleep(0);
        [$c0, $s0, $n0] = node_stats();
        $tw0 = time_wait();
        [$wall, $lat, $bad] = drive($addr, $page, "client=$k&node=$owner", $perRound, $conc);
        [$c1, $s1, $n1] = node_stats();
        $a = &$acc[$k];
        $a['wall'] += $wall; $a['lat'] = array_merge($a['lat'], $lat); $a['bad'] += $bad; $a['n'] += $perRound;
        $a['calls'] += $c1 - $c0; $a['slots'] += $s1 - $s0;
        $a['conns'] += ($n1 - $n0) - count(rcp_primaries()) * 2;   // minus the probes' own connections
        $a['tw'] += max(0, time_wait() - $tw0);
        unset($a);
    }
}
$rows = [];
printf("%-48s %9s %8s %8s %10s %12s %12s %9s %6s\n", 'client', 'req/s', 'p50 ms', 'p99 ms', 'srv/app', 'SLOTS/1000', 'connects/1k', 'TW/1k', 'fail');
foreach ($clients as $k => $label) {
    $a = $acc[$k];
    $row = [
        'client' => $k, 'label' => $label, 'requests' => $a['n'],
        'rps' => round($a['n'] / $a['wall'], 1),
        'p50_ms' => round(pct($a['lat'], 0.50), 3), 'p99_ms' => round(pct($a['lat'], 0.99), 3),
        'server_cmds_per_app_cmd' => round($a['calls'] / ($a['n'] * 3), 2),
        'cluster_slots_per_1000' => round($a['slots'] * 1000 / $a['n'], 2),
        'connects_per_1000' => round(max(0, $a['conns']) * 1000 / $a['n'], 2),
        'time_wait_per_1000' => round($a['tw'] * 1000 / $a['n'], 1), 'failed' => $a['bad'],
    ];
    $rows[] = $row;
    printf("%-48s %9.1f %8.3f %8.3f %10.2f %12.2f %12.2f %9.1f %6d\n", $label, $row['rps'], $row['p50_ms'], $row['p99_ms'],
        $row['server_cmds_per_app_cmd'], $row['cluster_slots_per_1000'], $row['connects_per_1000'], $row['time_wait_per_1000'], $row['failed']);
}
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'),
        'workers' => 8, 'concurrency' => $conc, 'rounds' => $rounds, 'requests_per_round' => $perRound, 'results' => $rows],
        JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
