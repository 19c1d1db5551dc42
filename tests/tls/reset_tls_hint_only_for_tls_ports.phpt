--TEST--
A new plaintext connection dropped before any reply names TLS only when the port answers TLS (issue 21 item 8c): a plaintext client on a TLS-only port is told to use tls://; a plaintext node killed while the request waited (its accepted connection reset, the port refusing afterwards) is reported as a reset, without the TLS hint
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/tls.inc';
$tlsNode = rcp_primaries()[0];                               // the TLS cluster's
$plainReplica = explode(',', getenv('RCP_TEST_REPLICAS'))[0]; // the plaintext cluster's
$plainDir = getenv('RCP_TEST_CLUSTER_DIR');
$mask = fn(string $m) => str_replace([$tlsNode, $plainReplica], ['TLS-NODE', 'PLAIN-NODE'], $m);

echo "-- plaintext client, TLS-only port\n";
try {
    (new RedisClusterPool([$tlsNode], ['parameters' => ['timeout' => 2]]))->get('x');
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ': ', $mask($e->getMessage()), "\n";
}

echo "-- plaintext node killed while the request waits\n";
$port = explode(':', $plainReplica)[1];
$pid = (int) trim(file_get_contents("$plainDir/node-$port/redis.pid"));
posix_kill($pid, SIGSTOP);            // the kernel still accepts connections; nobody reads them
if (($killer = pcntl_fork()) === 0) {
    usleep(500000);
    posix_kill($pid, SIGKILL);        // its listening socket closes: the accepted connections are reset
    exit(0);
}
try {
    (new RedisClusterPool([$plainReplica], ['parameters' => ['timeout' => 5, 'read_write_timeout' => 5]]))->get('x');
    echo "no exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ': ', $mask($e->getMessage()), "\n";
}
pcntl_waitpid($killer, $st);
for ($t = 0; $t < 100 && posix_kill($pid, 0); $t++) usleep(20000);
exec('bash ' . escapeshellarg(getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh') . ' restart-node ' . escapeshellarg($plainDir) . ' ' . $port . ' 2>&1', $o1, $rc1);
exec('bash ' . escapeshellarg(getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh') . ' wait ' . escapeshellarg($plainDir) . ' 90 2>&1', $o2, $rc2);
echo "the node restarted, the cluster healthy: ", $rc1 === 0 && $rc2 === 0 ? 'yes' : 'no', "\n";
?>
--EXPECT--
-- plaintext client, TLS-only port
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: read from TLS-NODE failed: connection reset by peer before any reply, and this port answers TLS: use tls:// seeds or parameters.scheme => 'tls'
-- plaintext node killed while the request waits
RedisClusterPool\ConnectionException: Cannot discover the cluster topology: read from PLAIN-NODE failed: connection reset by peer
the node restarted, the cluster healthy: yes
