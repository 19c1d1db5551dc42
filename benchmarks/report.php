<?php
/*
 * The markdown tables of docs/BENCHMARKS.md from a run's result files, and one combined JSON.
 *   php benchmarks/report.php DIR        reads DIR/{platform,latency,fpm,cold,replica,reshard,scale}.json and
 *                                        instr.txt (whichever exist), prints markdown, writes DIR/all.json
 */
$dir = $argv[1];
$load = fn($n) => is_file("$dir/$n.json") ? json_decode(file_get_contents("$dir/$n.json"), true) : null;
$all = [];
foreach (['platform', 'latency', 'fpm', 'cold', 'replica', 'reshard', 'scale'] as $n) if ($x = $load($n)) $all[$n] = $x;
$fmt = fn($v, $d = 0) => number_format((float) $v, $d);
$row = fn(array $cells) => '| ' . implode(' | ', $cells) . " |\n";
$label = ['rcp' => 'rcp', 'rcp_predis' => 'Predis over rcp', 'predis' => 'Predis v3', 'phpredis' => 'phpredis persistent',
    'phpredis_np' => 'phpredis not persistent', 'ceiling' => 'ceiling'];

if ($p = $all['platform'] ?? null) {
    $la = fn($k) => implode(' ', array_map(fn($v) => sprintf('%.2f', $v), $p[$k] ?? []));
    printf("Platform %s: %s, PHP %s, redis_cluster_pool %s (libuv %s), phpredis %s, %s; %s, %d CPUs, kernel %s. "
        . "Load average (1/5/15 min) %s at the start, %s at the end (%s to %s).\n\n",
        $p['platform'] ?? '?', $p['os'], $p['php'], $p['redis_cluster_pool'], $p['libuv'], $p['phpredis'] ?? '-',
        $p['server'], $p['cpu'], $p['cpus'], $p['kernel'], $la('loadavg_start'), $la('loadavg_end'), $p['start'], $p['end'] ?? '?');
}
if ($l = $all['latency'] ?? null) {
    echo "### latency ({$l['rounds']} rounds x {$l['ops_per_round']} ops, {$l['date']})\n\n";
    echo $row(['workload', 'client', 'p50 µs', 'p99 µs', 'p50 / phpredis (per-round range)', 'p99 / phpredis', 'client CPU µs', 'server reads / op', 'commands / op']);
    echo $row(array_fill(0, 9, '---'));
    foreach ($l['results'] as $r) {
        $rr = $r['round_p50_ratio_vs_phpredis'];
        echo $row([$r['workload'], $r['client'], $fmt($r['p50_us'], 1), $fmt($r['p99_us']),
            $r['client'] === 'phpredis' ? '1' : sprintf('%.2f (%.2f–%.2f)', $r['p50_ratio_vs_phpredis'], min($rr), max($rr)),
            $fmt($r['p99_ratio_vs_phpredis'], 2), $fmt($r['client_cpu_us_per_op'], 1), $fmt($r['server_reads_per_op'], 2),
            implode(' ', array_map(fn($k, $v) => "$k=$v", array_keys($r['commands_per_op']), $r['commands_per_op']))]);
    }
    echo "\n";
}
if ($f = $all['fpm'] ?? null) {
    echo "### fpm ({$f['workers']} workers, {$f['concurrency']} clients, {$f['rounds']} rounds x {$f['requests_per_round']} requests, {$f['date']})\n\n";
    echo $row(['workload', 'client', 'req/s (round min–max)', 'p50 ms', 'p99 ms', 'srv/app', 'SLOTS/1k', 'connects/1k', 'TIME_WAIT/1k', 'failed']);
    echo $row(array_fill(0, 10, '---'));
    foreach ($f['results'] as $r) {
        echo $row([$r['workload'], $label[$r['client']] ?? $r['client'], sprintf('%s (%s–%s)', $fmt($r['rps']), $fmt(min($r['rps_per_round'])), $fmt(max($r['rps_per_round']))),
            $fmt($r['p50_ms'], 2), $fmt($r['p99_ms'], 2), $fmt($r['server_cmds_per_app_cmd'], 2), $fmt($r['cluster_slots_per_1000'], 2),
            $fmt($r['connects_per_1000'], 2), $fmt($r['time_wait_per_1000'], 1), $r['failed']]);
    }
    $m = $f['memory'];
    echo "\nworker RSS {$m['worker_rss_kib_min']}–{$m['worker_rss_kib_max']} KiB, shared segment {$m['shm_bytes_used']} of {$m['shm_bytes_total']} bytes used\n\n";
}
if ($c = $all['cold'] ?? null) {
    echo "### cold start ({$c['rounds']} rounds, {$c['date']}); per pool = per 200 requests\n\n";
    echo $row(['client', 'p50 ms', 'p99 ms', 'CLUSTER SLOTS per pool', 'connects per pool', 'worker RSS KiB', 'failed']);
    echo $row(array_fill(0, 7, '---'));
    foreach ($c['results'] as $r) echo $row([$label[$r['client']] ?? $r['client'], $fmt($r['p50_ms'], 2), $fmt($r['p99_ms'], 2),
        $fmt($r['cluster_slots_per_1000'] / 5, 1), $fmt($r['connects_per_1000'] / 5, 1), $fmt($r['worker_rss_kib_max'] ?? 0), $r['failed']]);
    echo "\n";
}
if ($c = $all['replica'] ?? null) {
    echo "### replica SIGKILLed under load ({$c['rounds']} round(s), {$c['date']})\n\n";
    echo $row(['client', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'CLUSTER SLOTS/1k', 'connects/1k', 'failed']);
    echo $row(array_fill(0, 8, '---'));
    foreach ($c['results'] as $r) echo $row([$label[$r['client']] ?? $r['client'], $fmt($r['rps']), $fmt($r['p50_ms'], 2), $fmt($r['p99_ms'], 2),
        $fmt(max($r['max_ms_per_round']), 1), $fmt($r['cluster_slots_per_1000'], 1), $fmt($r['connects_per_1000'], 1), $r['failed']]);
    echo "\n";
}
if ($c = $all['reshard'] ?? null) {
    echo "### resharding under load ({$c['date']})\n\n";
    echo $row(['client', 'slots moved (s)', 'requests during the move', 'failed', 'CLUSTER SLOTS received by the cluster']);
    echo $row(array_fill(0, 5, '---'));
    foreach ($c['results'] as $r) echo $row([$label[$r['client']] ?? $r['client'], "{$r['slots_moved']} ({$r['move_seconds']})",
        $fmt($r['requests']), $r['failed_requests'], $fmt($r['cluster_slots_received'])]);
    echo "\n";
}
if ($s = $all['scale'] ?? null) {
    echo "### scale ({$s['date']})\n\n";
    echo $row(['cluster', 'first command µs (CPU µs)', 'first command on a new node µs (CPU µs)', 'CLUSTER SLOTS reply', 'segment used', 'CLUSTER SLOTS per process']);
    echo $row(array_fill(0, 6, '---'));
    foreach ($s['topology'] as $t) echo $row([$t['cluster'], sprintf('%s (%s)', $fmt($t['first_command_us']), $fmt($t['first_command_cpu_us'])),
        sprintf('%s (%s)', $fmt($t['new_node_command_us']), $fmt($t['new_node_command_cpu_us'])), $fmt($t['cluster_slots_reply_bytes']) . ' B',
        $fmt($t['shm_bytes_used']) . ' B', $t['cluster_slots_per_process']]);
    echo "\n";
    $by = [];
    foreach ($s['per_command'] as $p) $by[$p['op']][$p['cluster']] = $p;
    $cl = array_column($s['topology'], 'cluster');
    echo $row(array_merge(['op'], array_map(fn($c) => "$c p50 µs (CPU µs)", $cl)));
    echo $row(array_fill(0, count($cl) + 1, '---'));
    foreach ($by as $op => $cs) echo $row(array_merge([$op], array_map(fn($c) => isset($cs[$c]) ? sprintf('%s (%s)', $fmt($cs[$c]['p50_us'], 1), $fmt($cs[$c]['cpu_us_per_op'], 1)) : '—', $cl)));
    echo "\n";
}
if (is_file("$dir/instr.txt")) {
    $ins = [];
    foreach (file("$dir/instr.txt") as $ln) if (preg_match('/^(\d+)\s+nodes\s+(\S+)\s+(\d+)/', $ln, $m)) $ins[$m[2]][$m[1]] = (int) $m[3];
    $all['instructions_per_command'] = $ins;
    echo "### instructions per command (callgrind)\n\n";
    $ns = array_keys(reset($ins));
    echo $row(array_merge(['op'], array_map(fn($n) => "$n primaries", $ns)));
    echo $row(array_fill(0, count($ns) + 1, '---'));
    foreach ($ins as $op => $v) echo $row(array_merge([$op], array_map(fn($n) => $fmt($v[$n] ?? 0), $ns)));
    echo "\n";
}
file_put_contents("$dir/all.json", json_encode($all, JSON_PRETTY_PRINT) . "\n");
