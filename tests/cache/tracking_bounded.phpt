--TEST--
Read cache (issue 23), server side: 2,000 requests (after a warm-up) through php-fpm with pm.max_requests = 20 (a new worker every 20 requests) read 2,000 keys nobody writes with 'cache' => true; the nodes' tracking tables (INFO tracking_clients, tracking_total_keys, tracking_total_items, tracking_total_prefixes, connected_clients) stay bounded, at most one tracking client and one invalidation connection per node; and the check itself sees a table that grows when each request leaves a CLIENT TRACKING client behind
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
// a cluster of its own: the injected leak leaves tracked keys behind on its nodes
stale_own_cluster();
$seeds = rcp_seeds();
$o = ['seeds' => $seeds, 'requests' => 2000, 'every' => 250, 'keys' => 2000];
$r = stale_tracking_run($o + ['cache' => true]);
echo "workers recycled (FastCGI reconnections > 50): ", $r['fastcgi_reconnects'] > 50 ? 'yes' : "no ({$r['fastcgi_reconnects']})", "\n";
echo "failed requests: {$r['failed']}\n";
foreach ($r['bounded'] as $f => $b) echo "$f: ", $b['bounded'] ? 'bounded' : "grows ({$b['first_half_max']} -> {$b['second_half_max']})", "\n";
$max = fn(string $f) => max(array_column($r['samples'], $f));
echo "tracking clients per node at most 1: ", $max('tracking_clients_max_per_node') <= 1 ? 'yes' : 'no (' . $max('tracking_clients_max_per_node') . ')', "\n";
echo "invalidation connections per node: at most 1: ", $max('invalidation_connections_max_per_node') <= 1 ? 'yes' : 'no', ", some: ", $max('invalidation_connections') > 0 ? 'yes' : 'no', "\n";

// the check can fail: a tracking client per request, closed at its end
$x = stale_tracking_run($o + ['cache' => false, 'leak' => true]);
echo "a leaking tracking client per request: tracking_total_items ", $x['bounded']['tracking_total_items']['bounded'] ? 'bounded (not caught)' : 'grows (caught)', "\n";
?>
--EXPECT--
workers recycled (FastCGI reconnections > 50): yes
failed requests: 0
tracking_clients: bounded
tracking_total_keys: bounded
tracking_total_items: bounded
tracking_total_prefixes: bounded
connected_clients: bounded
tracking clients per node at most 1: yes
invalidation connections per node: at most 1: yes, some: yes
a leaking tracking client per request: tracking_total_items grows (caught)
