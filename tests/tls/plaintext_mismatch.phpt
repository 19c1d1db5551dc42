--TEST--
Transport mismatches fail cleanly, naming the node and the likely cause: a plaintext client on a TLS-only port (the server resets it), a TLS client on a plaintext port (the handshake never completes: bounded by the connect timeout); neither ever falls back to the other transport
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
$tlsNode = rcp_primaries()[0];
$plainNode = explode(',', getenv('RCP_TEST_PRIMARIES'))[0];   // the plaintext cluster's
echo "-- plaintext client, TLS port\n";
echo rcp_tls_throws(fn() => (new RedisClusterPool([$tlsNode], ['parameters' => ['timeout' => 2]]))->get('x')), "\n";
echo "-- TLS client, plaintext port (connect timeout 0.5 s)\n";
$t0 = microtime(true);
echo rcp_tls_throws(fn() => (new RedisClusterPool(["tls://$plainNode"], ['parameters' => ['timeout' => 0.5, 'read_write_timeout' => 5,
    'ssl' => rcp_tls_ssl()]]))->get('x')), "\n";
$took = microtime(true) - $t0;
echo "bounded by the connect timeout: ", $took < 2.5 ? 'yes' : "no ($took s)", "\n";
?>
--EXPECT--
-- plaintext client, TLS port
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: read from 127.0.0.1:PORT failed: connection reset by peer before any reply, and this port answers TLS: use tls:// seeds or parameters.scheme => 'tls'
-- TLS client, plaintext port (connect timeout 0.5 s)
RedisClusterPool\TimeoutException: Cannot discover the cluster topology: timed out connecting to 127.0.0.1:PORT (TLS handshake: is it a TLS port?)
bounded by the connect timeout: yes
