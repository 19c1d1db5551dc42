--TEST--
Docs: the shared segment's sizes the docs quote (README's shm_size row and "Sizing the segment", the FAQ's memory answer, README's benchmark summary) are what the extension reports: stats()['shm']['bytes_used'] with one and two clusters, the per-cluster size and the total the startup check asks for; every byte figure of a line about the segment is one of them
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/docs.inc';

// what the extension reports: a fresh process (its own segment), one cluster, then a second one
$code = '$s = explode(",", getenv("RCP_TEST_SEEDS")); $a = new RedisClusterPool($s); $a->get("doc:shm"); $one = $a->stats()["shm"];'
    . '$b = new RedisClusterPool(array_slice($s, 1)); $b->get("doc:shm"); echo json_encode([$one, $b->stats()["shm"]]);';
$file = sys_get_temp_dir() . '/doc-shm-' . getmypid() . '.php';
file_put_contents($file, "<?php $code");
$r = rcp_doc_php($file, ['-d', 'redis_cluster_pool.shm_clusters=8']);
[$one, $two] = json_decode($r['out'], true) ?? [null, null];
if (!$one) { echo "stats failed: ", rcp_doc_failure($r), "\n"; exit(1); }
// the startup check of a segment too small: "needs at least N bytes (M per cluster)"
file_put_contents($file, '<?php');
$small = rcp_doc_php($file, ['-d', 'redis_cluster_pool.shm_size=64K']);
// the read cache's segment (its own, redis_cluster_pool.cache_memory) has its minimum too: "needs at least N bytes"
$cacheSmall = rcp_doc_php($file, ['-d', 'redis_cluster_pool.cache_memory=64K']);
unlink($file);
preg_match('/cache_memory=\d+ is too small: .* needs at least (\d+) bytes/', $cacheSmall['err'] . $cacheSmall['out'], $cm);
preg_match('/needs at least (\d+) bytes \((\d+) per cluster\)/', $small['err'] . $small['out'], $m);
$perCluster = $two['bytes_used'] - $one['bytes_used'];
$header = $one['bytes_used'] - $perCluster;
$fig = [
    'per cluster' => $perCluster,
    'header (node metrics, TLS sessions)' => $header,
    'used with one cluster' => $one['bytes_used'],
    'used with two clusters' => $two['bytes_used'],
    'needed for the default 8 clusters' => $header + 8 * $perCluster,
    'default shm_size' => $one['bytes_total'],
];
echo "startup check agrees: ", ($m && (int) $m[2] === $perCluster && (int) $m[1] === $fig['needed for the default 8 clusters']) ? 'yes' : 'no: ' . trim($small['err']), "\n";
$fmt = fn(int $n) => number_format($n);

// each figure is quoted where the docs give it
$want = [
    'README.md' => ['per cluster', 'needed for the default 8 clusters'],
    'docs/FAQ.md' => ['per cluster', 'header (node metrics, TLS sessions)', 'used with one cluster', 'used with two clusters', 'needed for the default 8 clusters'],
];
foreach ($want as $doc => $names) {
    $text = file_get_contents(rcp_doc_root() . "/$doc");
    foreach ($names as $name) {
        if (!str_contains($text, $fmt($fig[$name]))) echo "$doc does not quote the $name: ", $fmt($fig[$name]), " bytes\n";
    }
}
// "268 KiB" for the header
if (!preg_match('/(\d+) KiB (?:of node metrics|for the metrics)/', file_get_contents(rcp_doc_root() . '/README.md'), $k)
    || (int) $k[1] !== (int) round($header / 1024)) {
    echo "README.md: the header is ", round($header / 1024), " KiB, the README says ", $k[1] ?? 'nothing', "\n";
}
// and no line about the segment quotes another byte figure (BENCHMARKS.md keeps its dated measurements)
$known = array_map($fmt, $fig);
if ($cm) $known[] = $fmt((int) $cm[1]);   // (a line about the cache segment may quote its minimum)
foreach (rcp_doc_files() as $doc) {
    if ($doc === 'docs/BENCHMARKS.md') continue;
    foreach (file(rcp_doc_root() . "/$doc", FILE_IGNORE_NEW_LINES) as $i => $l) {
        if (!preg_match('/segment|cluster entry|per cluster|shm_size|bytes_used/i', $l)) continue;
        preg_match_all('/\b(\d{1,3}(?:,\d{3})+)(?=(?: |-)(?:bytes?\b|B\b))/', $l, $mm);
        foreach ($mm[1] as $n) {
            if ((int) str_replace(',', '', $n) >= 100000 && !in_array($n, $known, true)) echo "$doc:", $i + 1, ": $n bytes is none of the figures the extension reports\n";
        }
    }
}
echo "figures: ", implode(', ', array_map(fn($k, $v) => "$k " . ($k === 'default shm_size' ? $fmt($v) : 'N'), array_keys($fig), $fig)), "\n";
?>
--EXPECT--
startup check agrees: yes
figures: per cluster N, header (node metrics, TLS sessions) N, used with one cluster N, used with two clusters N, needed for the default 8 clusters N, default shm_size 4,194,304
