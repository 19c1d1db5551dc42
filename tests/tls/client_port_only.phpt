--TEST--
A cluster with TLS on the client port only (a plaintext port beside the tls-port, `tls-cluster no`: bus and replication in plaintext): over tls:// seeds every node is reached on its TLS port where the servers report it (Redis 8.0, Valkey 8.1: CLUSTER SHARDS' tls-port, SLOTS and MOVED by the connection's type); Redis 7.0 nodes know only each other's plaintext ports, which fails as the README says (a TimeoutException asking whether it is a TLS port), never in plaintext
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';   // plaintext RcpRaw: this cluster's plaintext ports
// a cluster of its own, started for this test (12 s)
$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-client-tls-' . getmypid();
exec('RCP_TLS=client RCP_SERVER=' . escapeshellarg(getenv('RCP_TEST_SERVER') ?: 'redis') . ' bash ' . escapeshellarg($sh)
    . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1'));
$env = [];
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) { [$k, $v] = explode('=', $l, 2); $env[$k] = $v; }
$plain = explode(',', $env['RCP_TEST_PRIMARIES']);
$tlsNodes = explode(',', $env['RCP_TEST_TLS_SEEDS']);
$info = (new RcpRaw($plain[0]))->cmd('INFO', 'server');
preg_match('/(valkey|redis)_version:([\d.]+)/', $info, $m);
// Redis 7.0 does not (checked); 8.0 and Valkey 8.1 do (checked); versions between are not tested here
$reportsTlsPorts = str_contains($info, 'valkey_version') || version_compare($m[2], '8.0', '>=');

$pool = new RedisClusterPool(array_map(fn($n) => "tls://$n", $tlsNodes),
    ['parameters' => ['timeout' => 1, 'read_write_timeout' => 2, 'ssl' => ['cafile' => "$cdir/tls/ca.crt"]]]);
$ok = false;
try {
    $right = 0;
    foreach ($plain as $i => $p) {
        $k = rcp_key_on($p, "cto$i");   // a key of each primary (slots read over the plaintext port)
        $pool->set($k, "v$i");
        $right += $pool->get($k) === "v$i" && (new RcpRaw($p))->cmd('GET', $k) === "v$i";
    }
    $nodes = array_keys($pool->getSlotMap()['nodes']);
    sort($nodes);
    $want = $tlsNodes;
    sort($want);
    $ok = $reportsTlsPorts && $right === 3 && $nodes === $want;
    if (!$ok) echo "right: $right, nodes: ", implode(',', $nodes), "\n";
} catch (RedisClusterPool\Exception $e) {
    $ok = !$reportsTlsPorts && $e instanceof RedisClusterPool\TimeoutException && str_contains($e->getMessage(),
        'is it a TLS port?');
    if (!$ok) echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo "behaves as documented for this server: ", $ok ? 'yes' : 'no', "\n";
$s = $pool->stats()['connections'];
echo "every connection of this pool was TLS: ", $s['tls_handshakes'] + $s['tls_handshake_failures'] >= 1 ? 'yes' : 'no', "\n";
?>
--EXPECT--
behaves as documented for this server: yes
every connection of this pool was TLS: yes
