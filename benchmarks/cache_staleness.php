<?php
/*
 * The staleness checker of the read cache (issue 23) under real php-fpm: proof that a cached read never returns a
 * value overwritten by a write acknowledged more than redis_cluster_pool.cache_max_lag before the read began, and
 * the lag actually observed, while a write storm goes on and each scenario below happens.
 *
 *   php -d extension=modules/redis_cluster_pool.so benchmarks/cache_staleness.php [options]
 *
 * It starts its own 6-node cluster (tests/cluster/cluster.sh; RCP_SERVER=valkey for Valkey; the scenarios change its
 * roles for good) and php-fpm with 8 workers (tests/fpm/fpm.sh; the extension of RCP_EXT_SO, default
 * modules/redis_cluster_pool.so) serving benchmarks/www/cache_read.php: 28 values per request (GET, MGET-10, HGET,
 * HMGET, HGETALL, a pipeline of GETs) of 1,000 strings and 100 hashes, through RedisClusterPool with
 * 'cache' => true. A separate writer process (its own sockets, no extension code) writes "v<N>" versions to every
 * key (5,000 writes a second: --rate), logging each acknowledgement's hrtime(); 8 keep-alive FastCGI clients drive
 * the readers, which log (key, version seen, read start). Then every read is checked against the writer's log
 * (the rule: tests/cache/stale_checker.inc). Printed per phase: reads, stale reads (must be 0), wrong values (a
 * version nobody wrote: must be 0), failed reads, the lag of the values served (p50/p99/max over all reads: how
 * long before the read began the value had been overwritten, 0 when it was the newest acknowledged one), the
 * reads that got an overwritten value, and the cache's hit rate (poolStats()['cache'] of the workers).
 *
 * Options:
 *   --all                  every scenario, in this order:
 *   --migrate              500 slots (--slots=N) moved from the primary with most keys to another, under the storm
 *   --failover             CLUSTER FAILOVER on a replica
 *   --kill-links           CLIENT KILL of the cache's invalidation connections (client name rcp-cache-* / rcp-invalidate)
 *   --restart-node         a primary shut down (SAVE) and started again
 *   --flushall             FLUSHALL on every primary
 *   --recycle              a second php-fpm pool with pm.max_requests = 20
 *   --stall                a primary SIGSTOPped for 2 s, then SIGCONT
 *   --kill-workers         php-fpm workers SIGKILLed at random instants for 2 s (one every 50-250 ms), as a crash or the
 *                          OOM killer would: whatever a killed worker was doing in the cache must not be served
 *   --kill-primary         a primary SIGKILLed, its replica promoted, the dead node started again (the writer's
 *                          acknowledgements are then taken after WAIT 1: a write acknowledged is on the replica)
 *   --secs=S               seconds of load after each scenario's action (and of the first phase, "steady"): 20
 *   --max-lag=MS           redis_cluster_pool.cache_max_lag given to php-fpm, and the bound checked: 100
 *   --cache-option=JSON    the 'cache' option (default true), e.g. '{"prefixes":["st"],"ttl":60}'
 *   --no-cache             no 'cache' option: today's extension (the baseline: 0 stale reads, every lag 0)
 *   --inject-stale=MS      a deliberately stale source in the read page (GET and HGET answered from a file cache
 *                          shared by the workers, entries kept MS ms): the checker must report stale reads
 *   --strings=N --hashes=N the key set (1000, 100); --workers=N (8)
 *   --rate=N               the storm's writes per second at most (5000, about 4.5 a second per key; 0: as fast as
 *                          the nodes answer, which on 2 cores leaves the readers little CPU)
 *   --json=FILE            the whole result as JSON
 * Exit status: 0 when no read was stale or wrong, 1 otherwise, 2 on a usage or set-up error.
 */
require __DIR__ . '/../tests/cache/stale_run.inc';

$flags = array_keys(STALE_SCENARIOS);
$opt = getopt('', array_merge(['all', 'no-cache', 'secs:', 'max-lag:', 'cache-option:', 'inject-stale:', 'strings:', 'hashes:',
    'rate:', 'workers:', 'slots:', 'json:', 'help'], $flags));
if (isset($opt['help']) || !extension_loaded('redis_cluster_pool')) {
    fwrite(STDERR, "usage: php -d extension=modules/redis_cluster_pool.so benchmarks/cache_staleness.php [--all | --migrate --failover ...] [--no-cache] [--inject-stale=MS] ...\n(options: the header of this file)\n");
    exit(2);
}
$scenarios = isset($opt['all']) ? $flags : array_values(array_filter($flags, fn($f) => isset($opt[$f])));
$noCache = isset($opt['no-cache']);
$root = dirname(__DIR__);
putenv('RCP_EXT_SO=' . (getenv('RCP_EXT_SO') ?: "$root/modules/redis_cluster_pool.so"));

// a cluster of its own, as the scenarios change its roles for good
try {
    $cdir = stale_own_cluster();
} catch (RuntimeException $e) {
    fwrite(STDERR, $e->getMessage() . "\n");
    exit(2);
}
$seeds = rcp_seeds();

$supported = stale_cache_supported($seeds);
if (!$noCache && $supported !== true) {
    fwrite(STDERR, "this build of redis_cluster_pool has no read cache ($supported).\n"
        . "Run with --no-cache: the baseline without a cache, and with --inject-stale=MS the checker's own proof.\n");
    exit(2);
}
$maxLag = (int) ($opt['max-lag'] ?? 100);
$run = [
    'seeds' => $seeds, 'cluster_dir' => $cdir, 'scenarios' => $scenarios, 'secs' => (float) ($opt['secs'] ?? 20),
    'cache' => $noCache ? '0' : ($opt['cache-option'] ?? '1'), 'max_lag_ms' => $maxLag, 'inject_ms' => (int) ($opt['inject-stale'] ?? 0),
    'strings' => (int) ($opt['strings'] ?? 1000), 'hashes' => (int) ($opt['hashes'] ?? 100), 'rate' => (int) ($opt['rate'] ?? 5000),
    'workers' => (int) ($opt['workers'] ?? 8), 'conc' => (int) ($opt['workers'] ?? 8), 'slots' => (int) ($opt['slots'] ?? 500),
    'log' => fn(string $m) => fprintf(STDERR, "[%s] %s\n", date('H:i:s'), $m),
];
$t = microtime(true);
$r = stale_run($run);
printf("staleness checker: %s, cache_max_lag %d ms, %d keys, %d writes (%s), %s %s, %d workers, %.0f s\n",
    $run['cache'] === '0' ? 'no cache' : "'cache' => " . ($run['cache'] === '1' ? 'true' : $run['cache']), $maxLag, $r['keys'], $r['writes'],
    implode(', ', array_map(fn($k, $v) => "$k $v", array_keys($r['writer']), $r['writer'])),
    getenv('RCP_TEST_SERVER'), trim((string) shell_exec(getenv('RCP_TEST_SERVER') . '-server --version | grep -o "v=[0-9.]*"')),
    $run['workers'], microtime(true) - $t);
if ($run['inject_ms']) echo "INJECTED STALE SOURCE: GET and HGET answered from a file cache keeping values {$run['inject_ms']} ms\n";
echo stale_table($r);
foreach ($r['phases'] as $name => $p) {
    echo "  $name: {$p['what']}; {$p['seconds']} s, {$p['reconnects']} FastCGI reconnections, {$p['check']['nil']} nil values seen", $p['errors'] ? '; errors: ' . json_encode($p['errors']) : '', "\n";
    if ($p['links']) echo "    links: ", json_encode($p['links']), "\n";
}
foreach ($r['examples'] as $e) echo '  example: ', json_encode($e), "\n";
$bad = $r['total']['stale'] + $r['total']['wrong'];
echo $bad ? "FAILED: {$r['total']['stale']} stale and {$r['total']['wrong']} wrong reads\n" : "OK: 0 stale reads, 0 wrong values in {$r['total']['reads']} reads\n";
if (isset($opt['json'])) file_put_contents($opt['json'], json_encode(['date' => date('c'), 'run' => array_diff_key($run, ['log' => 1, 'seeds' => 1])] + $r, JSON_PRETTY_PRINT) . "\n");
exit($bad ? 1 : 0);
