<?php
/*
 * The latency suite of several runs side by side (platforms, repeated runs), as markdown: what each run ran
 * on (platform.json); p50 / p99 µs per operation and client, one column per run; the fastest round's p50 (the
 * least disturbed of the run's rounds) with the client's CPU µs per operation; the p50 ratio to phpredis with
 * its per-round range.
 *   php benchmarks/compare_latency.php [LABEL=]DIR...    DIR: a run's directory (.scratch/bench/<platform>/ or a
 *                                                       copy in benchmarks/results/), holding latency.json and
 *                                                       platform.json; LABEL: the column's name (default:
 *                                                       the platform's name)
 */
$runs = [];
foreach (array_slice($argv, 1) as $a) {
    [$label, $dir] = str_contains($a, '=') ? explode('=', $a, 2) : [null, $a];
    $lat = json_decode((string) @file_get_contents("$dir/latency.json"), true) ?? exit("$dir/latency.json: missing or not JSON\n");
    $plat = json_decode((string) @file_get_contents("$dir/platform.json"), true) ?? [];
    $runs[] = ['label' => $label ?? ($plat['platform'] ?? basename($dir)), 'lat' => $lat, 'plat' => $plat];
}
$runs or exit("usage: php benchmarks/compare_latency.php [LABEL=]DIR...\n");
$row = fn(array $cells) => '| ' . implode(' | ', $cells) . " |\n";
$num = fn($v) => $v >= 1000 ? number_format($v) : ($v >= 100 ? number_format($v) : number_format($v, 1));
$la = fn(?array $l) => $l ? sprintf('%.2f', $l[0]) : '?';

echo $row(['run', 'OS', 'PHP', 'libuv', 'phpredis', 'server', 'ops (rounds × ops)', 'measured (UTC)', 'load average at start → end']);
echo $row(array_fill(0, 9, '---'));
foreach ($runs as $r) {
    $p = $r['plat'];
    echo $row([$r['label'], $p['os'] ?? '?', $p['php'] ?? '?', $p['libuv'] ?? '?', $p['phpredis'] ?? '?',
        $p['server'] ?? '?', sprintf('%d × %d', $r['lat']['rounds'], $r['lat']['ops_per_round']),
        isset($p['start']) ? gmdate('Y-m-d H:i:s', strtotime($p['start'])) . '–' . (isset($p['end']) ? gmdate('H:i:s', strtotime($p['end'])) : '?') : '?',
        $la($p['loadavg_start'] ?? null) . ' → ' . $la($p['loadavg_end'] ?? null)]);
}
echo "\n";

$cell = [];
foreach ($runs as $i => $r) foreach ($r['lat']['results'] as $x) $cell[$x['workload']][$x['client']][$i] = $x;
echo $row(array_merge(['operation', 'client'], array_map(fn($r) => "{$r['label']} p50 / p99 µs", $runs)));
echo $row(array_fill(0, count($runs) + 2, '---'));
foreach ($cell as $w => $cs) foreach ($cs as $c => $byRun) {
    echo $row(array_merge([$w, $c], array_map(fn($i) => isset($byRun[$i]) ? $num($byRun[$i]['p50_us']) . ' / ' . $num($byRun[$i]['p99_us']) : '—', array_keys($runs))));
}
echo "\n";
echo $row(array_merge(['operation', 'client'], array_map(fn($r) => "{$r['label']} fastest round p50 / client CPU µs", $runs)));
echo $row(array_fill(0, count($runs) + 2, '---'));
foreach ($cell as $w => $cs) foreach ($cs as $c => $byRun) {
    echo $row(array_merge([$w, $c], array_map(fn($i) => isset($byRun[$i])
        ? $num(min($byRun[$i]['round_p50_us'])) . ' / ' . $num($byRun[$i]['client_cpu_us_per_op']) : '—', array_keys($runs))));
}
echo "\n";
echo $row(array_merge(['operation', 'client'], array_map(fn($r) => "{$r['label']} p50 / phpredis (rounds)", $runs)));
echo $row(array_fill(0, count($runs) + 2, '---'));
foreach ($cell as $w => $cs) foreach ($cs as $c => $byRun) {
    if ($c === 'phpredis') continue;
    echo $row(array_merge([$w, $c], array_map(function ($i) use ($byRun) {
        if (!isset($byRun[$i])) return '—';
        $rr = $byRun[$i]['round_p50_ratio_vs_phpredis'];
        return sprintf('%.2f (%.2f–%.2f)', $byRun[$i]['p50_ratio_vs_phpredis'], min($rr), max($rr));
    }, array_keys($runs))));
}
