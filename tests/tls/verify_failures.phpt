--TEST--
TLS verification (on by default): an unknown CA, an expired certificate and a name mismatch (endpoint, IP or peer_name) are ConnectionExceptions saying what failed and naming the node, never a plaintext fallback; verify_peer / verify_peer_name / allow_self_signed turn the checks off one by one
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/tls.inc';
$seed = rcp_primaries()[0];
$t = fn(callable $f) => print(rcp_tls_throws($f) . "\n");
$get = fn(array $ssl, ?array $seeds = null) => function () use ($ssl, $seeds, $seed) {
    (new RedisClusterPool($seeds ?? ["tls://$seed"], ['parameters' => ['ssl' => $ssl, 'timeout' => 2]]))->get('x');
};
echo "-- unknown CA (the cluster's certificate, another CA trusted)\n";
$t($get(['cafile' => rcp_tls_cert('other-ca.crt')]));
echo "-- no CA given: the system store does not know the test CA\n";
$t($get([]));
echo "-- the test CA: fine\n";
$t($get(['cafile' => rcp_tls_cert('ca.crt')]));
echo "-- a host name the certificate has (localhost): fine\n";
[, $port] = explode(':', $seed);
$t($get(['cafile' => rcp_tls_cert('ca.crt')], ["tls://localhost:$port"]));
echo "-- peer_name the certificate does not have\n";
$t($get(['cafile' => rcp_tls_cert('ca.crt'), 'peer_name' => 'redis.example.com']));
echo "-- ... with verify_peer_name off: fine\n";
$t($get(['cafile' => rcp_tls_cert('ca.crt'), 'peer_name' => 'redis.example.com', 'verify_peer_name' => false]));
echo "-- unknown CA with verify_peer off (the name is still checked): fine\n";
$t($get(['cafile' => rcp_tls_cert('other-ca.crt'), 'verify_peer' => false]));
echo "-- both off, no CA: fine (encrypted, not authenticated)\n";
$t($get(['verify_peer' => false, 'verify_peer_name' => false]));

echo "-- a node with an expired certificate\n";
[$pid, $addr] = rcp_tls_fake_server('expired.crt', 'expired.key');
$t($get(['cafile' => rcp_tls_cert('ca.crt')], ["tls://$addr"]));
echo "-- ... verify_peer off accepts it (and then waits for a reply that never comes)\n";
$t(function () use ($addr) {
    (new RedisClusterPool(["tls://$addr"], ['parameters' => ['ssl' => ['cafile' => rcp_tls_cert('ca.crt'), 'verify_peer' => false],
        'timeout' => 2, 'read_write_timeout' => 0.5]]))->get('x');
});
rcp_tls_fake_stop($pid);

echo "-- a node whose certificate is for another name (DNS:wrong.example), reached by IP\n";
[$pid, $addr] = rcp_tls_fake_server('wrongname.crt', 'wrongname.key');
$t($get(['cafile' => rcp_tls_cert('ca.crt')], ["tls://$addr"]));
echo "-- ... and by name (localhost)\n";
[, $fport] = explode(':', $addr);
$t($get(['cafile' => rcp_tls_cert('ca.crt')], ["tls://localhost:$fport"]));
rcp_tls_fake_stop($pid);

echo "-- the cluster's certificate (IP:127.0.0.1) on another address: 127.0.0.2\n";
[$pid, $addr] = rcp_tls_fake_server('server.crt', 'server.key', '127.0.0.2');
$t($get(['cafile' => rcp_tls_cert('ca.crt')], ["tls://$addr"]));
rcp_tls_fake_stop($pid);

echo "-- a self-signed server certificate: refused, unless allow_self_signed\n";
[$pid, $addr] = rcp_tls_fake_server('other-ca.crt', 'other-ca.key');
$t($get(['cafile' => rcp_tls_cert('ca.crt'), 'verify_peer_name' => false], ["tls://$addr"]));
$t(function () use ($addr) {
    (new RedisClusterPool(["tls://$addr"], ['parameters' => ['ssl' => ['allow_self_signed' => true, 'verify_peer_name' => false],
        'timeout' => 2, 'read_write_timeout' => 0.5]]))->get('x');
});
rcp_tls_fake_stop($pid);
?>
--EXPECT--
-- unknown CA (the cluster's certificate, another CA trusted)
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate in certificate chain (certificate at depth 1: /CN=redis_cluster_pool test CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store)
-- no CA given: the system store does not know the test CA
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate in certificate chain (certificate at depth 1: /CN=redis_cluster_pool test CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store)
-- the test CA: fine
no exception
-- a host name the certificate has (localhost): fine
no exception
-- peer_name the certificate does not have
RedisClusterPool\ConnectionException: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: hostname mismatch (certificate at depth 0: /CN=localhost); name mismatch: the certificate is not for redis.example.com (parameters.ssl.peer_name) (command GET)
-- ... with verify_peer_name off: fine
no exception
-- unknown CA with verify_peer off (the name is still checked): fine
no exception
-- both off, no CA: fine (encrypted, not authenticated)
no exception
-- a node with an expired certificate
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: certificate has expired (certificate at depth 0: /CN=localhost); expired: the server's certificate is past its notAfter date
-- ... verify_peer off accepts it (and then waits for a reply that never comes)
RedisClusterPool\TimeoutException: Cannot discover the cluster topology: timed out waiting for 127.0.0.1:PORT
-- a node whose certificate is for another name (DNS:wrong.example), reached by IP
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: IP address mismatch (certificate at depth 0: /CN=wrong.example); name mismatch: the certificate is not for 127.0.0.1 (the node's endpoint; parameters.ssl.peer_name can name the one it is for)
-- ... and by name (localhost)
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with localhost:PORT failed: certificate verification failed: hostname mismatch (certificate at depth 0: /CN=wrong.example); name mismatch: the certificate is not for localhost (the node's endpoint; parameters.ssl.peer_name can name the one it is for)
-- the cluster's certificate (IP:127.0.0.1) on another address: 127.0.0.2
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.2:PORT failed: certificate verification failed: IP address mismatch (certificate at depth 0: /CN=localhost); name mismatch: the certificate is not for 127.0.0.2 (the node's endpoint; parameters.ssl.peer_name can name the one it is for)
-- a self-signed server certificate: refused, unless allow_self_signed
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate (certificate at depth 0: /CN=redis_cluster_pool other CA); unknown CA: the server's certificate is not signed by a CA of parameters.ssl.cafile/capath (or redis_cluster_pool.tls_cafile, or the system's CA store)
RedisClusterPool\TimeoutException: Cannot discover the cluster topology: timed out waiting for 127.0.0.1:PORT
