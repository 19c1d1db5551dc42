--TEST--
Cache listener over TLS (the TLS cluster): its links to TLS nodes come up with the client's TLS settings (the test CA; also with a client certificate), invalidations arrive through TLS, a node whose certificate the settings do not trust leaves the link "failed" with the verification error, never a plaintext link
--INI--
redis_cluster_pool.cache_test_hooks=1
redis_cluster_pool.cache_max_lag=10000
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
require __DIR__ . '/../cache/listener.inc';
use function RedisClusterPool\Internal\{cache_link_state, cache_key_seq, cache_wait_key_seq};

$c = 'tls-' . getmypid();
$nodes = rcp_primaries();
$ssl = ['tls' => true, 'ssl' => rcp_tls_ssl()];
echo "links up over TLS: ", rcp_cache_links($c, $nodes, 'up', $ssl) ? 'yes' : 'no', ", mode ", cache_link_state($c, $nodes[0])['mode'], "\n";
$k = rcp_key_on($nodes[0], 'ctls');
$seq = cache_key_seq($c, $k);
echo "fill: ", rcp_cache_put($c, $nodes[0], $k, 'GET', 'v'), "\n";
rcp_raw($nodes[0])->cmd('SET', $k, 'changed');
echo "a write by another client reported through TLS: ", cache_wait_key_seq($c, $k, $seq, 5000) > 0 && rcp_cache_get($c, $nodes[0], $k) === null ? 'yes' : 'no', "\n";

$m = 'mtls-' . getmypid();
$mssl = ['tls' => true, 'ssl' => rcp_tls_ssl(['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client.key')])];
echo "with a client certificate: ", rcp_cache_links($m, [$nodes[1]], 'up', $mssl) ? 'up' : 'not up', "\n";

$u = 'untrusted-' . getmypid();
$bad = ['tls' => true, 'ssl' => ['cafile' => rcp_tls_cert('other-ca.crt')]];
echo "a CA that signed nothing here: ", rcp_cache_links($u, [$nodes[2]], 'failed', $bad) ? 'failed' : 'not failed', "\n";
echo "its error: ", cache_link_state($u, $nodes[2])['last_error'], "\n";
rcp_raw($nodes[0])->cmd('DEL', $k);
?>
--EXPECTF--
links up over TLS: yes, mode 3
fill: stored
a write by another client reported through TLS: yes
with a client certificate: up
a CA that signed nothing here: failed
its error: TLS: certificate verification failed: %s
