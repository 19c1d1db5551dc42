--TEST--
Predis adapter differential (Predis v3): the command corpus gives identical results (values, types, Status/Error objects, exceptions) through Predis' own cluster connection and through Predis\Client with the extension as its cluster backend; the commands Predis' cluster cannot route run natively through the adapter
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_adapter_autoload();
$corpus = rcp_corpus();

/*
 * Each side from an empty cluster; results normalised keeping class names (Predis\Response\Status vs
 * anything else would differ), exceptions as class + message. Predis' own cluster refuses the commands it
 * has no key rule for (NotSupportedException: GETDEL, EVAL, PING...): for those only, Predis asks the
 * owning node directly (rcp_predis_direct). The adapter side has no fallback.
 */
function rcp_adapter_run(Predis\Client $client, array $corpus, bool $fallback, int &$refused): array
{
    rcp_flush_cluster();
    $out = [];
    foreach ($corpus as $i => [$method, $args]) {
        $out[$i] = rcp_outcome(function () use ($client, $method, $args, $fallback, &$refused) {
            try {
                return $client->$method(...$args);
            } catch (Predis\NotSupportedException $e) {
                if (!$fallback) throw $e;
                $refused++;
                return rcp_predis_direct($client, $method, $args);
            }
        });
    }
    return $out;
}
$natively = 0;
$none = 0;
$predis = rcp_adapter_run(rcp_predis_cluster_client(), $corpus, true, $natively);
$ours = rcp_adapter_run(rcp_adapter_client(), $corpus, false, $none);
$same = 0;
foreach ($corpus as $i => [$m, $a]) {
    if ($predis[$i] === $ours[$i]) { $same++; continue; }
    echo "DIFF #$i $m(", substr(json_encode($a, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 120), ")\n";
    echo "  predis:  ", substr(json_encode($predis[$i], JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 400), "\n";
    echo "  adapter: ", substr(json_encode($ours[$i], JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 400), "\n";
}
echo count($corpus) >= 200 ? "corpus >= 200 cases\n" : "corpus too small: " . count($corpus) . "\n";
echo "identical: ", $same === count($corpus) ? 'all' : "$same of " . count($corpus), "\n";
echo $natively >= 10 ? "cases Predis' cluster refuses, run natively by the adapter: >= 10\n" : "natively: $natively\n";
?>
--EXPECT--
corpus >= 200 cases
identical: all
cases Predis' cluster refuses, run natively by the adapter: >= 10
