<?php
/*
 * One request of benchmarks/tls_bench.php, served by php-fpm: through the client named in ?client=, SET and GET
 * a key in the slot of the first key of ?k[] (one key per primary), GET the two others: each request touches
 * the 3 primaries.
 * Prints "ok" when every reply is the expected one.
 *   rcp          RedisClusterPool, tls:// seeds + parameters.ssl.cafile (pooled sockets, TLS sessions in the segment)
 *   rcp_plain    RedisClusterPool on the plaintext cluster (the same workload without TLS)
 *   predis       Predis v3 cluster: tls:// seeds + parameters.scheme tls + parameters.ssl
 *   predis_p     the same with parameters.persistent => true (PHP's persistent TLS streams)
 *   phpredis     phpredis RedisCluster, tls:// seeds, its context argument's ssl options
 *   phpredis_p   the same with persistent => true
 * Environment (benchmarks/run.sh tls): RCP_BENCH_TLS_SEEDS and RCP_BENCH_TLS_CA (the TLS cluster's nodes and CA),
 * RCP_BENCH_PLAIN_SEEDS (the plaintext cluster's), RCP_PREDIS3_AUTOLOAD.
 * ?record=DIR: also write this worker's TLS counters (RedisClusterPool stats()['connections']) to DIR/<pid>.json
 * (a cold pool's full and resumed handshakes, worker by worker).
 */
$client = $_GET['client'] ?? '';
$keys = $_GET['k'] ?? [];
$i = (int) ($_GET['i'] ?? 0);
$tls = array_map(fn($n) => "tls://$n", explode(',', (string) getenv('RCP_BENCH_TLS_SEEDS')));
$ssl = ['cafile' => getenv('RCP_BENCH_TLS_CA')];
$rcp = null;
switch ($client) {
    case 'rcp':
        $c = $rcp = new RedisClusterPool($tls, ['parameters' => ['ssl' => $ssl]]);
        break;
    case 'rcp_plain':
        $c = new RedisClusterPool(explode(',', (string) getenv('RCP_BENCH_PLAIN_SEEDS')));
        break;
    case 'predis':
    case 'predis_p':
        require_once getenv('RCP_PREDIS3_AUTOLOAD');
        $c = new Predis\Client($tls, ['cluster' => 'redis',
            'parameters' => ['scheme' => 'tls', 'ssl' => $ssl, 'persistent' => $client === 'predis_p']]);
        break;
    case 'phpredis':
    case 'phpredis_p':
        ini_set('redis.clusters.cache_slots', '1');
        $c = new RedisCluster(null, $tls, 1.5, 1.5, $client === 'phpredis_p', null, $ssl);
        break;
    default:
        http_response_code(400);
        exit('unknown client');
}
try {
    // a key of the first key's slot per request number (concurrent requests never race on one key)
    $v = "x$i";
    $own = '{' . $keys[0] . '}:' . ($i % 1000);
    $c->set($own, $v);
    $ok = $c->get($own) === $v;
    foreach (array_slice($keys, 1) as $k) $ok = $ok && $c->get($k) === "v:$k";
    echo $ok ? 'ok' : 'bad';
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage();
}
if ($rcp !== null && isset($_GET['record'])) {
    $s = $rcp->stats()['connections'];
    file_put_contents($_GET['record'] . '/' . getmypid() . '.json', json_encode(['handshakes' => $s['tls_handshakes'],
        'resumed' => $s['tls_resumed'], 'failures' => $s['tls_handshake_failures'], 'opened' => $s['opened']]));
}
