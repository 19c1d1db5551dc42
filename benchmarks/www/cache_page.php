<?php
/*
 * The read cache's php-fpm pages (issue 23), through the client named in ?client=:
 *   rcp_cache  RedisClusterPool with 'cache' => true      rcp_nocache  the same without the option
 *   phpredis   phpredis RedisCluster, persistent, redis.clusters.cache_slots=1
 * ?w=heavy  benchmarks/cache_bench.php's read-heavy page: 20 GETs of random keys of a hot set of ?n= keys
 *           ("hot:<client>:<i>", each client's own, written beforehand) and one SET of one of them; "ok" when every GET found its key, else "E <why>"
 * ?w=track  benchmarks/cache_tracking.php's page: 20 GETs of random keys of ?n= keys ("trk:<i>"), no write; with
 *           ?leak=1 also the same GETs on a connection of its own with CLIENT TRACKING on (default mode), closed at the
 *           end of the request: the server keeps the keys it tracked for a client that is gone (the tracking check's
 *           own proof that it sees a table that grows)
 * ?w=stats  poolStats()['cache'] as JSON (null without a cache)
 */
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$client = $_GET['client'] ?? 'rcp_nocache';
$n = (int) ($_GET['n'] ?? 10000);
$w = $_GET['w'] ?? 'heavy';
switch ($client) {
    case 'rcp_cache':
    case 'rcp_nocache':
        $o = $client === 'rcp_cache' ? ['cache' => true] : [];
        if ($w === 'track') {
            // the tracking check (tests/cache/tracking_bounded.phpt) also runs on the TLS test cluster
            require_once __DIR__ . '/../../tests/cluster.inc';
            $o = rcp_pool_options($o);
        }
        $c = new RedisClusterPool($seeds, $o);
        break;
    case 'phpredis':
        ini_set('redis.clusters.cache_slots', '1');
        $c = new RedisCluster(null, $seeds, 1.5, 1.5, true);
        break;
    default:
        http_response_code(400);
        exit('unknown client');
}
if ($w === 'stats') {
    echo json_encode(class_exists('RedisClusterPool') ? RedisClusterPool::poolStats()['cache'] ?? null : null);
    return;
}
$prefix = $w === 'track' ? 'trk' : "hot:$client"; /* each client its own hot set (benchmarks/cache_bench.php) */
$ok = true;
try {
    $keys = [];
    for ($j = 0; $j < 20; $j++) $keys[] = "$prefix:" . mt_rand(0, $n - 1);
    foreach ($keys as $k) $ok = $c->get($k) !== null && $ok;
    if ($w === 'heavy') {
        $c->set("$prefix:" . mt_rand(0, $n - 1), 'v' . mt_rand());
    } elseif (!empty($_GET['leak'])) {
        // the injected leak: a tracking client per request, gone at its end while its keys stay unmodified
        $by = [];
        foreach ($keys as $k) $by[$c->nodeForKey($k)][] = $k;
        foreach ($by as $node => $ks) {
            $r = new RcpRaw($node);   // (tests/cluster.inc: TLS on the TLS test cluster)
            $r->cmd('CLIENT', 'TRACKING', 'on');
            foreach ($ks as $k) $r->cmd('GET', $k);
            unset($r);
        }
    }
    echo $ok ? 'ok' : 'E bad: a key of the hot set was not found';
} catch (Throwable $e) {
    echo 'E ', get_class($e), ': ', $e->getMessage();
}
