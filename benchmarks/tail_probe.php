<?php
/*
 * Where the tail of one GET comes from (issue 14: "p99 of GET 877 µs vs phpredis' 196 µs"). Many GETs of one
 * key per client in one CLI process, in short blocks with the clients rotated block by block (a stall of the
 * machine then hits every client alike), each GET timed with hrtime and bracketed by getrusage() outside the
 * timed window, so every slow GET is classified:
 *   switches>1  more than one context switch during the GET. A GET normally costs one: on 2 cores the
 *               woken redis-server preempts the client (involuntary) or the client sleeps in epoll_wait/poll
 *               until the reply (voluntary); a second one means the client waited for the CPU behind another
 *               process (the host, not the client's code)
 *   faults      minor page faults during the GET (memory the process touched for the first time)
 *   first       the first GET of its block (caches cold after the other clients ran)
 *   on-CPU      the process' own CPU time (user + system, getrusage: the scheduler's exact runtime) during
 *               the GET was over half its wall time: the client (or the kernel on its behalf) was working, not
 *               waiting for the reply or for a CPU
 *   php benchmarks/tail_probe.php [blocks=60] [ops-per-block=250] [json-out]
 *   (`bash benchmarks/run.sh tail` starts a cluster and calls this; needs RCP_TEST_SEEDS/RCP_TEST_PRIMARIES;
 *   -d redis_cluster_pool.refresh_interval=0 turns the periodic refresh off)
 * Clients as in latency_bench.php: rcp (RedisClusterPool), phpredis (RedisCluster, persistent, cache_slots),
 * ceiling (phpredis Redis pconnect to the key's owner).
 */
require __DIR__ . '/lib.inc';
$blocks = (int) ($argv[1] ?? 60);
$perBlock = (int) ($argv[2] ?? 250);
$jsonOut = $argv[3] ?? null;
ini_set('redis.clusters.cache_slots', '1');
$load0 = sys_getloadavg();

$seeds = rcp_seeds();
$pool = new RedisClusterPool($seeds);
$key = spread_keys($pool, 1, 'tail')[0];
$pool->set($key, "v:$key");
$node = $pool->nodeForKey($key);
$cluster = new RedisCluster(null, $seeds, 1.5, 1.5, true);
[$h, $port] = explode(':', $node);
$direct = new Redis(); $direct->pconnect($h, (int) $port, 1.5);
$clients = ['rcp' => fn() => $pool->get($key), 'phpredis' => fn() => $cluster->get($key), 'ceiling' => fn() => $direct->get($key)];
foreach ($clients as $c => $f) for ($i = 0; $i < 200; $i++) if ($f() !== "v:$key") exit("$c: wrong reply\n");
$before = node_counters($seeds);

$rec = [];   // client => list of [µs, nivcsw, nvcsw, minflt, first, CPU µs]
$cpu = fn($r) => $r['ru_utime.tv_sec'] * 1e6 + $r['ru_utime.tv_usec'] + $r['ru_stime.tv_sec'] * 1e6 + $r['ru_stime.tv_usec'];
$t0 = microtime(true);
for ($b = 0; $b < $blocks; $b++) {
    foreach (rotate(array_keys($clients), $b) as $c) {
        $f = $clients[$c];
        $ru = getrusage();
        for ($i = 0; $i < $perBlock; $i++) {
            $t = hrtime(true); $f(); $dt = hrtime(true) - $t;
            $ru2 = getrusage();
            $rec[$c][] = [$dt / 1e3, $ru2['ru_nivcsw'] - $ru['ru_nivcsw'], $ru2['ru_nvcsw'] - $ru['ru_nvcsw'],
                $ru2['ru_minflt'] - $ru['ru_minflt'], $i === 0 ? 1 : 0, $cpu($ru2) - $cpu($ru)];
            $ru = $ru2;
        }
    }
}
$wall = microtime(true) - $t0;
$d = counters_delta($before, node_counters($seeds));
$topo = 0;
foreach ($d as $x) $topo += ($x['cmds']['cluster|shards'] ?? 0) + ($x['cmds']['cluster|slots'] ?? 0);
$load1 = sys_getloadavg();

printf("%d GETs per client (%d blocks of %d, clients rotated), %.1f s; load average %s at the start, %s at the end\n",
    $blocks * $perBlock, $blocks, $perBlock, $wall, implode(' ', $load0), implode(' ', $load1));
printf("topology requests (CLUSTER SHARDS/SLOTS) received by the cluster during the run: %d\n\n", $topo);
$out = [];
printf("%-9s %7s %7s %7s %8s %8s %8s | %6s %6s %6s | slow = over 100 µs: %s\n", 'client', 'p50', 'p90', 'p99', 'p99.9', 'max', 'mean',
    '>100', '>250', '>1000', 'on-CPU / switches>1 / faults / first of block / none of these');
foreach ($rec as $c => $rows) {
    $lat = array_column($rows, 0);
    $slow = array_filter($rows, fn($r) => $r[0] > 100);
    $cls = ['on_cpu' => 0, 'switches_over_1' => 0, 'faults' => 0, 'first' => 0, 'none' => 0];
    foreach ($slow as $r) {
        $cls['on_cpu'] += $r[5] > $r[0] / 2;
        $cls['switches_over_1'] += $r[1] + $r[2] > 1; $cls['faults'] += $r[3] > 0; $cls['first'] += $r[4];
        $cls['none'] += !($r[5] > $r[0] / 2 || $r[1] + $r[2] > 1 || $r[3] > 0 || $r[4]);
    }
    $o = ['ops' => count($lat), 'p50_us' => round(pct($lat, 0.5), 1), 'p90_us' => round(pct($lat, 0.9), 1), 'p99_us' => round(pct($lat, 0.99), 1),
        'p999_us' => round(pct($lat, 0.999), 1), 'max_us' => round(max($lat), 1), 'mean_us' => round(array_sum($lat) / count($lat), 1),
        'over_100us' => count($slow), 'over_250us' => count(array_filter($lat, fn($x) => $x > 250)),
        'over_1ms' => count(array_filter($lat, fn($x) => $x > 1000)), 'slow_classified' => $cls,
        'voluntary_switches_per_op' => round(array_sum(array_column($rows, 2)) / count($rows), 3),
        'involuntary_switches_per_op' => round(array_sum(array_column($rows, 1)) / count($rows), 4),
        'minflt_per_op' => round(array_sum(array_column($rows, 3)) / count($rows), 4),
        // the CPU time of a GET (the timed window plus one getrusage() and the loop)
        'cpu_us_p50' => round(pct(array_column($rows, 5), 0.5), 1), 'cpu_us_p99' => round(pct(array_column($rows, 5), 0.99), 1),
        'cpu_us_mean' => round(array_sum(array_column($rows, 5)) / count($rows), 1),
        'first_of_block_p50_us' => round(pct(array_column(array_filter($rows, fn($r) => $r[4]), 0), 0.5), 1),
        'rest_of_block_p50_us' => round(pct(array_column(array_filter($rows, fn($r) => !$r[4]), 0), 0.5), 1),
        'slowest' => array_map(fn($r) => ['us' => round($r[0]), 'nivcsw' => $r[1], 'nvcsw' => $r[2], 'minflt' => $r[3], 'first' => $r[4], 'cpu_us' => round($r[5])],
            array_slice((function ($r) { usort($r, fn($a, $b) => $b[0] <=> $a[0]); return $r; })($rows), 0, 10))];
    $out[$c] = $o;
    printf("%-9s %7.1f %7.1f %7.1f %8.1f %8.1f %8.1f | %6d %6d %6d | %s\n", $c, $o['p50_us'], $o['p90_us'], $o['p99_us'], $o['p999_us'], $o['max_us'],
        $o['mean_us'], $o['over_100us'], $o['over_250us'], $o['over_1ms'], implode(' / ', $cls));
}
echo "\nper GET: voluntary switches (sleeps), involuntary switches, minor faults; CPU µs p50 / p99 / mean; wall p50 of a block's first GET / of the others\n";
foreach ($out as $c => $o) printf("%-9s %.3f %.4f %.4f; %.1f / %.1f / %.1f; %.1f / %.1f\n", $c, $o['voluntary_switches_per_op'], $o['involuntary_switches_per_op'],
    $o['minflt_per_op'], $o['cpu_us_p50'], $o['cpu_us_p99'], $o['cpu_us_mean'], $o['first_of_block_p50_us'], $o['rest_of_block_p50_us']);
echo "\nthe 10 slowest GETs of each client: µs (involuntary switches, voluntary switches, faults, first of block, CPU µs)\n";
foreach ($out as $c => $o) printf("%-9s %s\n", $c, implode(' ', array_map(fn($s) => "{$s['us']}({$s['nivcsw']},{$s['nvcsw']},{$s['minflt']},{$s['first']},{$s['cpu_us']})", $o['slowest'])));
if ($jsonOut) file_put_contents($jsonOut, json_encode(['suite' => 'tail', 'blocks' => $blocks, 'ops_per_block' => $perBlock, 'wall_s' => round($wall, 1),
    'load_start' => $load0, 'load_end' => $load1, 'topology_requests' => $topo, 'clients' => $out], JSON_PRETTY_PRINT) . "\n");
