--TEST--
The Predis backend over TLS: Predis' tls:// / rediss:// seeds and its own `ssl` parameter (options or per-seed URI) reach the extension; commands, cross-slot MGET, pipelines and transactions (a dedicated Predis TLS connection to the slot's node) work; a verification failure is a Predis ConnectionException saying what failed
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
require __DIR__ . '/../adapter/adapter.inc';
rcp_predis_autoload('3.7', true);
use RedisClusterPool\Predis\ClusterConnection;
$ca = rcp_tls_cert('ca.crt');
$client = fn(array $seeds, array $params) => new Predis\Client($seeds, ['cluster' => [ClusterConnection::class, 'create'],
    'parameters' => $params]);
$c = $client(rcp_tls_seeds(), ['ssl' => ['cafile' => $ca]]);
$c->set('pa:{1}', 'one');
echo "GET: ", $c->get('pa:{1}'), "\n";
$keys = array_map(fn($i) => "pa:$i", range(0, 19));
$c->mset(array_combine($keys, $keys));
echo "MGET across slots: ", $c->mget($keys) === $keys ? 'right' : 'wrong', "\n";
$r = $c->pipeline(function ($p) use ($keys) { foreach ($keys as $k) $p->get($k); });
echo "pipeline: ", $r === $keys ? 'right' : 'wrong', "\n";
$r = $c->transaction(fn($tx) => $tx->set('pa:{t}', 1)->incr('pa:{t}'));
echo "transaction: ", json_encode(array_map('strval', $r)), "\n";
echo "the extension object speaks TLS: ", str_contains(print_r($c->getConnection()->getPool(), true), '[tls] => 1') ? 'yes' : 'no', "\n";
echo "-- rediss:// seeds with ?ssl[cafile]=... in the URI\n";
$uri = array_map(fn($n) => "rediss://$n?ssl[cafile]=" . rawurlencode($ca), rcp_seeds());
echo $client($uri, [])->get('pa:{1}'), "\n";
echo "-- host:port seeds with parameters scheme => tls\n";
echo $client(rcp_seeds(), ['scheme' => 'tls', 'ssl' => ['cafile' => $ca]])->get('pa:{1}'), "\n";
echo "-- the wrong CA\n";
try {
    $client([rcp_tls_seeds()[0]], ['ssl' => ['cafile' => rcp_tls_cert('other-ca.crt')]])->get('pa:{1}');
} catch (Throwable $e) {
    echo get_class($e), ': ', rcp_tls_mask($e->getMessage()), "\n";
}
$c->del($keys);
?>
--EXPECT--
GET: one
MGET across slots: right
pipeline: right
transaction: ["OK","2"]
the extension object speaks TLS: yes
-- rediss:// seeds with ?ssl[cafile]=... in the URI
one
-- host:port seeds with parameters scheme => tls
one
-- the wrong CA
Predis\Connection\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate in certificate chain (certificate at depth 1: /CN=redis_cluster_pool test CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store)
