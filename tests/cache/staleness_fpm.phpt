--TEST--
Read cache (issue 23), staleness under php-fpm: 8 workers read (GET, MGET, HGET, HMGET, HGETALL, pipelines) with 'cache' => true while a separate writer process storms versioned writes; every read is compared with the writer's acknowledgements (tests/cache/stale_checker.inc): 0 values overwritten more than cache_max_lag (100 ms) before the read began, 0 values nobody wrote, in steady state and while each scenario happens (500 slots migrated, CLUSTER FAILOVER, the invalidation connections killed by name, a primary restarted, FLUSHALL, workers recycled by pm.max_requests = 20, a primary stalled 2 s by SIGSTOP, php-fpm workers SIGKILLed at random, a primary SIGKILLed); the cache answered reads; and the checker itself catches a deliberately stale source (the same run without the cache, a shared TTL cache in the page)
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/stale_run.inc';
if (($why = stale_cache_supported(rcp_seeds())) !== true) {
    echo "this build of redis_cluster_pool has no read cache ($why): this test lands together with the cache (issue 23)\n";
    exit(1);
}
// a cluster of its own: the scenarios change its roles for good
$cdir = stale_own_cluster();
$seeds = rcp_seeds();
$run = ['seeds' => $seeds, 'cluster_dir' => $cdir, 'secs' => 2, 'max_lag_ms' => 100, 'strings' => 500, 'hashes' => 50, 'rate' => 3000];
// the checker can fail: without the cache, GET and HGET answered from a file cache that keeps values 300 ms (first,
// on the cluster as it was started: the scenarios below change its roles for good and end with a node resyncing)
$x = stale_run($run + ['scenarios' => [], 'cache' => '0', 'inject_ms' => 300]);
echo "a stale source injected: caught (stale reads reported): ", $x['total']['stale'] > 0 ? 'yes' : 'no', "\n";
$r = stale_run($run + ['scenarios' => array_keys(STALE_SCENARIOS), 'cache' => '1']);
foreach ($r['phases'] as $name => $p) {
    $c = $p['check'];
    printf("%s: reads %s, stale %d, wrong %d\n", $name, $c['reads'] > 0 ? 'yes' : 'none', $c['stale'], $c['wrong']);
}
if ($r['total']['stale'] || $r['total']['wrong']) {
    echo stale_table($r);
    foreach ($r['examples'] as $e) echo json_encode($e), "\n";
}
$hits = $r['phases']['steady']['cache']['hits'] ?? 0;
echo "the cache answered reads in steady state: ", $hits > 0 ? 'yes' : 'no (' . json_encode($r['phases']['steady']['cache']) . ')', "\n";
echo "hits in every phase: ", count(array_filter($r['phases'], fn($p) => ($p['cache']['hits'] ?? 0) > 0)) === count($r['phases']) ? 'yes' : 'no', "\n";
echo "invalidation connections found and killed: ", preg_match('/^([1-9]\d*) invalidation/', $r['phases']['kill-links']['what']) ? 'yes' : 'no: ' . $r['phases']['kill-links']['what'], "\n";

?>
--EXPECT--
a stale source injected: caught (stale reads reported): yes
steady: reads yes, stale 0, wrong 0
migrate: reads yes, stale 0, wrong 0
failover: reads yes, stale 0, wrong 0
kill-links: reads yes, stale 0, wrong 0
restart-node: reads yes, stale 0, wrong 0
flushall: reads yes, stale 0, wrong 0
recycle: reads yes, stale 0, wrong 0
stall: reads yes, stale 0, wrong 0
kill-workers: reads yes, stale 0, wrong 0
kill-primary: reads yes, stale 0, wrong 0
the cache answered reads in steady state: yes
hits in every phase: yes
invalidation connections found and killed: yes
