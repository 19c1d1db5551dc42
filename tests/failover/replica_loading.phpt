--TEST--
A replica that is loading its data set (restarted empty while its primary delays the full sync) is reported "loading" by CLUSTER SHARDS and serves no reads until it is online: read => replica reads of its shard go to the primary meanwhile (never the empty replica), and to the replica once it is online
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
/** [primary, replica] of the shard serving $slot, from CLUSTER SHARDS: "127.0.0.1:port" each, and the replica's health seen by $asker. */
function shard_of(int $slot, string $asker): array {
    foreach ((new RcpRaw($asker))->cmd('CLUSTER', 'SHARDS') as $shard) {
        $kv = fn(array $flat, string $k) => $flat[array_search($k, $flat, true) + 1];
        $ranges = $kv($shard, 'slots');
        $mine = false;
        for ($i = 0; $i + 1 < count($ranges); $i += 2) $mine = $mine || ($slot >= (int) $ranges[$i] && $slot <= (int) $ranges[$i + 1]);
        if (!$mine) continue;
        $out = ['primary' => null, 'replica' => null, 'health' => null];
        foreach ($kv($shard, 'nodes') as $n) {
            $addr = '127.0.0.1:' . $kv($n, 'port');
            if ($kv($n, 'role') === 'master') $out['primary'] = $addr; else { $out['replica'] = $addr; $out['health'] = $kv($n, 'health'); }
        }
        return $out;
    }
    throw new RuntimeException("slot $slot not served");
}
function gets(string $node): int {
    preg_match('/^cmdstat_get:calls=(\d+)/m', (new RcpRaw($node))->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
}
function cluster_sh(string ...$args): int {
    exec('bash ' . escapeshellarg(getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh') . ' ' . implode(' ', array_map('escapeshellarg', $args)) . ' 2>&1', $o, $rc);
    return $rc;
}
$key = '{loading}probe';
$slot = RedisClusterPool::keySlot($key);
$s = shard_of($slot, rcp_primaries()[0]);
['primary' => $primary, 'replica' => $replica] = $s;
$others = array_values(array_filter(explode(',', getenv('RCP_TEST_SEEDS')), fn($n) => $n !== $replica));

$raw = new RcpRaw($primary);
$raw->cmd('SET', $key, 'value');
// the primary waits 8 s before it streams a full sync: meanwhile the restarted replica is connected, empty, and
// "loading" (replication offset 0) in CLUSTER SHARDS; it would answer reads with nothing (replica-serve-stale-data)
$raw->cmd('CONFIG', 'SET', 'repl-diskless-sync', 'yes');
$raw->cmd('CONFIG', 'SET', 'repl-diskless-sync-delay', '8');
$nodeDir = getenv('RCP_TEST_CLUSTER_DIR') . '/node-' . explode(':', $replica)[1];
try {
    (new RcpRaw($replica))->cmd('SHUTDOWN', 'NOSAVE');
} catch (RuntimeException $e) {}
usleep(300000);
array_map('unlink', glob("$nodeDir/*.rdb"));   // no data and no cached primary: a full sync (Valkey would resync partially)
echo "restarted empty: ", cluster_sh('restart-node', getenv('RCP_TEST_CLUSTER_DIR'), explode(':', $replica)[1]) === 0 ? 'yes' : 'no', "\n";
$end = microtime(true) + 10;
do {
    $h = array_map(fn($n) => shard_of($slot, $n)['health'], $others);
    if (count(array_unique($h)) === 1 && $h[0] === 'loading') break;
    usleep(20000);
} while (microtime(true) < $end);
echo "every other node reports the replica: ", implode(',', array_unique($h)), "\n";

$pool = new RedisClusterPool($others, ['read' => 'replica']);   // a discovery now
$p0 = gets($primary);
$errors = 0;
for ($i = 0; $i < 100; $i++) {
    try { if ($pool->get($key) !== 'value') $errors++; } catch (Throwable $e) { $errors++; echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
$stillLoading = shard_of($slot, $others[0])['health'] === 'loading';
echo "while loading: 100 reads, $errors failed, answered by the primary: ", gets($primary) - $p0 >= 100 ? 'yes' : 'no', ", still loading after them: ", $stillLoading ? 'yes' : 'no', "\n";

$raw->cmd('CONFIG', 'SET', 'repl-diskless-sync-delay', '0');
echo "healthy again: ", cluster_sh('wait', getenv('RCP_TEST_CLUSTER_DIR'), '90') === 0 ? 'yes' : 'no', "\n";
$end = microtime(true) + 20;
while (shard_of($slot, $others[0])['health'] !== 'online' && microtime(true) < $end) usleep(50000);
$pool2 = new RedisClusterPool(array_slice($others, 0, 3), ['read' => 'replica']);   // another cluster entry: its own discovery
$r0 = gets($replica);
for ($i = 0; $i < 100; $i++) $pool2->get($key);
echo "online: 100 reads answered by the replica: ", gets($replica) - $r0 === 100 ? 'yes' : 'no (' . (gets($replica) - $r0) . ')', "\n";
?>
--EXPECT--
restarted empty: yes
every other node reports the replica: loading
while loading: 100 reads, 0 failed, answered by the primary: yes, still loading after them: yes
healthy again: yes
online: 100 reads answered by the replica: yes
