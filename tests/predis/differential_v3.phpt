--TEST--
Predis v3 differential: the same command corpus (every family, errors included) gives identical results through Predis' own cluster connection and through RedisClusterPool
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/differential.inc';
rcp_predis_autoload(3);
$corpus = rcp_corpus();
$predis = rcp_run_corpus(new Predis\Client(rcp_seeds(), ['cluster' => 'redis']), $corpus);
$ours = rcp_run_corpus(rcp_pool(), $corpus);
$same = 0;
foreach ($corpus as $i => [$m, $a]) {
    if ($predis[$i] === $ours[$i]) { $same++; continue; }
    echo "DIFF #$i $m(", substr(json_encode($a, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 120), ")\n";
    echo "  predis: ", substr(json_encode($predis[$i], JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 400), "\n";
    echo "  ours:   ", substr(json_encode($ours[$i], JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 400), "\n";
}
echo count($corpus) >= 200 ? "corpus >= 200 cases\n" : "corpus too small: " . count($corpus) . "\n";
echo "identical: ", $same === count($corpus) ? 'all' : "$same of " . count($corpus), "\n";
?>
--EXPECT--
corpus >= 200 cases
identical: all
