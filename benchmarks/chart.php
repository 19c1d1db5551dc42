<?php
/*
 * PNG chart of an fpm.json (benchmarks/fpm_bench.php): requests/s and p99 latency per client, one group of
 * bars per workload, with gnuplot (Debian's gnuplot-nox).
 *   php benchmarks/chart.php FPM_JSON OUT_PNG
 */
[$_, $in, $png] = $argv;
$d = json_decode(file_get_contents($in), true);
// the legend: names a PHP user knows (the JSON's own labels for a client not listed here)
$names = [
    'rcp' => 'redis_cluster_pool: RedisClusterPool',
    'rcp_predis' => 'Predis\\Client over redis_cluster_pool (the adapter)',
    'predis' => "Predis\\Client, 'cluster' => 'redis'",
    'phpredis' => 'phpredis RedisCluster, persistent + cache_slots',
    'phpredis_np' => 'phpredis RedisCluster, not persistent',
    'ceiling' => 'ceiling: phpredis Redis per node, pconnect (not a cluster client)',
];
$clients = []; $loads = [];
foreach ($d['results'] as $r) { $clients[$r['client']] = $names[$r['client']] ?? $r['label']; $loads[$r['workload']] = 1; }
$dat = tempnam(sys_get_temp_dir(), 'chart');
$lines = [];
foreach (['rps', 'p99_ms'] as $i => $metric) {
    $lines[] = 'workload ' . implode(' ', array_map(fn($c) => '"' . addcslashes(str_replace('"', "'", $c), '\\') . '"', $clients));
    foreach (array_keys($loads) as $w) {
        $v = [];
        foreach ($d['results'] as $r) if ($r['workload'] === $w) $v[$r['client']] = $r[$metric];
        $lines[] = $w . ' ' . implode(' ', array_map(fn($c) => $v[$c] ?? 0, array_keys($clients)));
    }
    $lines[] = ''; $lines[] = '';
}
file_put_contents($dat, implode("\n", $lines) . "\n");
$n = count($clients) + 1;
$gp = <<<GP
set terminal pngcairo size 1200,1000 noenhanced font ",10"
set output "$png"
set multiplot layout 2,1 title "redis_cluster_pool vs other PHP clients through php-fpm ({$d['workers']} workers, {$d['concurrency']} clients, {$d['rounds']} rounds x {$d['requests_per_round']} requests, {$d['date']})"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key outside center bottom horizontal maxcols 2 width 2
set grid ytics
set yrange [0:*]
set ylabel "requests/s (higher is better)"
plot for [i=2:$n] "$dat" index 0 using i:xtic(1) title columnheader(i)
set ylabel "p99 latency ms (lower is better)"
unset key
plot for [i=2:$n] "$dat" index 1 using i:xtic(1) title columnheader(i)
unset multiplot
GP;
$gpf = "$dat.gp";
file_put_contents($gpf, $gp);
passthru('gnuplot ' . escapeshellarg($gpf), $rc);
unlink($dat); unlink($gpf);
if ($rc !== 0) exit($rc);
echo "chart: $png\n";
