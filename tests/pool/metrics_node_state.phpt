--TEST--
metrics() reports each node's role (primary/replica), health (online/loading/fail, from CLUSTER SHARDS) and the pool's marks on it (suspect, credentials refused) as gauge series, agreeing with poolStats(): a replica stopped (SIGSTOP) until the cluster sees it "fail", then marked suspect by a command that timed out on it (issue 21 item 8d)
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
/** The value of a gauge sample of node $node (and $extra label), or null when there is none. */
function gauge(string $prom, string $name, string $node, string $extra = ''): ?int {
    return preg_match('/^redis_cluster_pool_' . $name . '\{cluster="[^"]*",node="' . preg_quote($node, '/') . '"' . $extra . '\} (\d+)$/m', $prom, $m) ? (int) $m[1] : null;
}
/** The health of $node in $asker's CLUSTER SHARDS. */
function health(string $asker, string $node): ?string {
    $port = (int) explode(':', $node)[1];
    $map = function (array $flat): array { $a = []; for ($i = 0; $i + 1 < count($flat); $i += 2) $a[$flat[$i]] = $flat[$i + 1]; return $a; };
    foreach ((new RcpRaw($asker))->cmd('CLUSTER', 'SHARDS') as $shard) {
        foreach ($map($shard)['nodes'] as $n) {
            $n = $map($n);
            if ((int) ($n['port'] ?? 0) === $port || (int) ($n['tls-port'] ?? 0) === $port) return $n['health'];
        }
    }
    return null;
}
$dir = getenv('RCP_TEST_CLUSTER_DIR');
$victim = rcp_replicas()[0];
$port = explode(':', $victim)[1];
$pid = (int) trim(file_get_contents("$dir/node-$port/redis.pid"));
posix_kill($pid, SIGSTOP);                 // no answer to the cluster bus: "fail" after cluster-node-timeout
register_shutdown_function(fn() => posix_kill($pid, SIGCONT));   // whatever happens below: the next tests need it
$end = microtime(true) + 60;
while (health(rcp_primaries()[0], $victim) !== 'fail' && microtime(true) < $end) usleep(100000);
echo "the cluster sees the replica: ", health(rcp_primaries()[0], $victim), "\n";

// seeds without the stopped replica: a discovery picks a seed at random, and one that picked it would wait for it
// and mark it suspect before the check below
$seeds = rcp_primaries();
$pool = rcp_pool([], $seeds);
$pool->set('mns:k', 'v');                  // a discovery now: the map says the replica failed
$m = RedisClusterPool::metrics();
$ps = RedisClusterPool::poolStats()['clusters'][0]['nodes'];
$ok = 0;
foreach (rcp_seeds() as $n) {
    $role = $ps[$n]['role'];
    $ok += gauge($m, 'node_role', $n, ',role="' . $role . '"') === 1 && gauge($m, 'node_role', $n, ',role="' . ($role === 'primary' ? 'replica' : 'primary') . '"') === 0
        && gauge($m, 'node_health', $n, ',health="' . $ps[$n]['health'] . '"') === 1;
}
echo "role and health series agree with poolStats() for ", $ok, " of ", count(rcp_seeds()), " nodes\n";
echo "the stopped replica: role replica ", gauge($m, 'node_role', $victim, ',role="replica"'), ", health fail ", gauge($m, 'node_health', $victim, ',health="fail"'),
    ", online ", gauge($m, 'node_health', $victim, ',health="online"'), ", loading ", gauge($m, 'node_health', $victim, ',health="loading"'), "\n";
echo "a primary: role primary ", gauge($m, 'node_role', rcp_primaries()[1], ',role="primary"'), ", online ", gauge($m, 'node_health', rcp_primaries()[1], ',health="online"'), "\n";
echo "suspect before any failure: ", gauge($m, 'node_suspect', $victim), ", credentials refused: ", gauge($m, 'node_auth_refused', $victim), "\n";
try {
    rcp_pool(['parameters' => ['read_write_timeout' => 0.5]], $seeds)->rawOnNodes([$victim => [['PING']]]);   // (the same cluster entry)
} catch (RedisClusterPool\ConnectionException $e) {
    echo "a command for the stopped node: ", get_class($e), "\n";
}
$m = RedisClusterPool::metrics();
echo "then suspect: metrics ", gauge($m, 'node_suspect', $victim), ", poolStats ", json_encode(RedisClusterPool::poolStats()['clusters'][0]['nodes'][$victim]['suspect']),
    "; the others: ", array_sum(array_map(fn($n) => gauge($m, 'node_suspect', $n), array_diff(rcp_seeds(), [$victim]))), "\n";

posix_kill($pid, SIGCONT);
$end = microtime(true) + 60;
while (health(rcp_primaries()[0], $victim) !== 'online' && microtime(true) < $end) usleep(100000);
echo "resumed: the cluster sees it ", health(rcp_primaries()[0], $victim), "\n";
$pool->del('mns:k');
?>
--EXPECT--
the cluster sees the replica: fail
role and health series agree with poolStats() for 6 of 6 nodes
the stopped replica: role replica 1, health fail 1, online 0, loading 0
a primary: role primary 1, online 1
suspect before any failure: 0, credentials refused: 0
a command for the stopped node: RedisClusterPool\TimeoutException
then suspect: metrics 1, poolStats true; the others: 0
resumed: the cluster sees it online
