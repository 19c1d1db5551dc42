<?php
/*
 * The servers' side of the read cache (issue 23): the nodes' tracking tables stay bounded across worker churn.
 * php-fpm (8 workers, pm.max_requests = 20: a new worker every 20 requests) serves 10,000 requests of
 * benchmarks/www/cache_page.php?w=track (20 GETs of 10,000 keys nobody writes: what a server tracked for a client
 * that is gone is never invalidated, the worst case) through RedisClusterPool with 'cache' => true; every 500
 * requests (after 1,500 requests of warm-up) INFO is read on every node: tracking_clients (sum, and the most on
 * one node), tracking_total_keys, tracking_total_items, tracking_total_prefixes, connected_clients, and the cache's
 * invalidation connections (CLIENT LIST, by name). Bounded: each figure's largest value over the second half of the
 * samples is at most 10 % (+ 10) above its largest over the first half (tests/cache/stale_run.inc,
 * stale_tracking_run()).
 *
 *   php -d extension=modules/redis_cluster_pool.so benchmarks/cache_tracking.php [--requests=10000] [--every=500]
 *       [--keys=10000] [--max-requests=20] [--no-cache] [--inject-leak] [--json=FILE]
 * The cluster: the one of RCP_TEST_SEEDS (benchmarks/run.sh's), else one of its own (tests/cluster/cluster.sh).
 * --no-cache: no 'cache' option (today's extension: every tracking figure 0); --inject-leak: each request also
 * opens a connection of its own with CLIENT TRACKING on and closes it (the check must then report a table that
 * grows). Exit status: 0 bounded, 1 not, 2 usage or set-up error.
 */
require __DIR__ . '/../tests/cache/stale_run.inc';

$opt = getopt('', ['requests:', 'every:', 'keys:', 'max-requests:', 'no-cache', 'inject-leak', 'json:', 'help']);
if (isset($opt['help']) || !extension_loaded('redis_cluster_pool')) {
    fwrite(STDERR, "usage: php -d extension=modules/redis_cluster_pool.so benchmarks/cache_tracking.php [--requests=N] [--no-cache] [--inject-leak] ...\n");
    exit(2);
}
putenv('RCP_EXT_SO=' . (getenv('RCP_EXT_SO') ?: dirname(__DIR__) . '/modules/redis_cluster_pool.so'));
try {
    if (!getenv('RCP_TEST_SEEDS')) stale_own_cluster();
} catch (RuntimeException $e) {
    fwrite(STDERR, $e->getMessage() . "\n");
    exit(2);
}
$seeds = rcp_seeds();
$noCache = isset($opt['no-cache']);
if (!$noCache && ($why = stale_cache_supported($seeds)) !== true) {
    fwrite(STDERR, "this build of redis_cluster_pool has no read cache ($why).\nRun with --no-cache (and --inject-leak: the check's own proof).\n");
    exit(2);
}
$r = stale_tracking_run(['seeds' => $seeds, 'requests' => (int) ($opt['requests'] ?? 10000), 'every' => (int) ($opt['every'] ?? 500),
    'keys' => (int) ($opt['keys'] ?? 10000), 'max_requests' => (int) ($opt['max-requests'] ?? 20), 'cache' => !$noCache,
    'leak' => isset($opt['inject-leak']), 'log' => fn(string $m) => fprintf(STDERR, "[%s] %s\n", date('H:i:s'), $m)]);
printf("tracking tables: %d requests (warm-up included) through php-fpm with pm.max_requests = %d (%d FastCGI reconnections: workers recycled), %s%s, %d keys, %d failed\n",
    $r['requests'], $r['max_requests'], $r['fastcgi_reconnects'], $noCache ? 'no cache' : "'cache' => true",
    $r['leak'] ? ', INJECTED LEAK (a CLIENT TRACKING connection per request)' : '', $r['keys'], $r['failed']);
$cols = ['requests', 'tracking_clients', 'tracking_clients_max_per_node', 'tracking_total_keys', 'tracking_total_items', 'tracking_total_prefixes',
    'connected_clients', 'invalidation_connections'];
$w = array_map(fn($c) => max(9, strlen($c)), $cols);
foreach ($cols as $i => $c) printf('%' . $w[$i] . 's ', $c);
echo "\n";
foreach ($r['samples'] as $s) { foreach ($cols as $i => $c) printf('%' . $w[$i] . 'd ', $s[$c]); echo "\n"; }
foreach ($r['bounded'] as $f => $b) printf("%-24s max first half %d, second half %d: %s\n", $f, $b['first_half_max'], $b['second_half_max'], $b['bounded'] ? 'bounded' : 'GROWS');
if ($r['errors']) echo 'errors: ', json_encode($r['errors']), "\n";
echo $r['all_bounded'] ? "OK: every tracking figure stays bounded\n" : "FAILED: a tracking figure grows with the worker churn\n";
if (isset($opt['json'])) file_put_contents($opt['json'], json_encode(['date' => date('c')] + $r, JSON_PRETTY_PRINT) . "\n");
exit($r['all_bounded'] ? 0 : 1);
