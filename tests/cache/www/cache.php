<?php
// The page tests/cache/listener_fpm.phpt requests (php-fpm with redis_cluster_pool.cache_test_hooks=1): one cache
// operation, then this worker's pid and the listener's as JSON.
require __DIR__ . '/../listener.inc';
use function RedisClusterPool\Internal\cache_stats;

$c = 'fpm-cache';
$p = rcp_primaries()[0];
$out = ['pid' => getmypid()];
switch ($_GET['op'] ?? '') {
    case 'links':
        $out['up'] = rcp_cache_links($c, rcp_primaries());
        break;
    case 'fill':
        $out['fill'] = rcp_cache_store($c, $p, $_GET['k'], 'GET', $_GET['v']);
        break;
    case 'get':
        $out['value'] = rcp_cache_get($c, $p, $_GET['k']);
        break;
}
$out['listener'] = cache_stats()['listener'];
echo json_encode($out);
