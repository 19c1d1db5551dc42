--TEST--
RedisClusterPool::poolStats(): exact pool-wide counts per command and per node (commands, error replies, redirects, connection errors, bytes, sockets, latency histogram), summed over forked processes; with redis_cluster_pool.metrics=0 nothing is counted
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function node(string $addr): array { return RedisClusterPool::poolStats()['nodes'][$addr] ?? []; }
function cmds(): array { return RedisClusterPool::poolStats()['clusters'][0]['commands'] ?? []; }
$pool = rcp_pool();
$k = rcp_key_on(rcp_primaries()[1], 'ps');
$owner = rcp_primaries()[1];
$pool->set($k, 'x');                                       // discovery, then one SET
$n0 = node($owner);
$c0 = cmds();
for ($i = 0; $i < 50; $i++) $pool->get($k);
try { $pool->lpush($k, 'y'); } catch (RedisClusterPool\ServerException $e) { echo "WRONGTYPE thrown\n"; }
$n1 = node($owner);
$c1 = cmds();
echo "GET calls +", $c1['GET']['calls'] - ($c0['GET']['calls'] ?? 0), ", LPUSH calls +", $c1['LPUSH']['calls'] - ($c0['LPUSH']['calls'] ?? 0), " errors +", $c1['LPUSH']['errors'] - ($c0['LPUSH']['errors'] ?? 0), "\n";
echo "owner: commands +", $n1['commands'] - $n0['commands'], ", batches +", $n1['batches'] - $n0['batches'], ", error replies +", $n1['error_replies'] - $n0['error_replies'], "\n";
$resp = 50 * strlen("*2\r\n\$3\r\nGET\r\n\$" . strlen($k) . "\r\n$k\r\n") + strlen("*3\r\n\$5\r\nLPUSH\r\n\$" . strlen($k) . "\r\n$k\r\n\$1\r\ny\r\n");
echo "owner: latency samples +", $n1['latency']['count'] - $n0['latency']['count'], ", bytes sent = the RESP of those commands: ", $n1['bytes_sent'] - $n0['bytes_sent'] === $resp ? 'yes' : 'no (' . ($n1['bytes_sent'] - $n0['bytes_sent']) . " vs $resp)", "\n";
echo "owner: bytes received > 50 replies: ", $n1['bytes_received'] - $n0['bytes_received'] >= 50 * 7 ? 'yes' : 'no', ", one socket open: ", $n1['connections_open'], "\n";

// a MOVED: the slot changes owner behind the pool's back
$slot = RedisClusterPool::keySlot($k);
$to = rcp_primaries()[2];
rcp_move_slot($slot, $to);
$m0 = node($owner)['redirects'];
echo "after the move: ", $pool->get($k), ", redirects on the old owner +", node($owner)['redirects'] - $m0, ", pool MOVED: ", RedisClusterPool::poolStats()['clusters'][0]['counters']['moved'], "\n";
rcp_move_slot($slot, $owner);

// forked children count into the same segment
$before = cmds()['GET']['calls'];
$pids = [];
for ($c = 0; $c < 4; $c++) {
    if (($pid = pcntl_fork()) === 0) {
        $p = rcp_pool();
        for ($i = 0; $i < 25; $i++) $p->get($k);
        exit(0);
    }
    $pids[] = $pid;
}
foreach ($pids as $pid) pcntl_waitpid($pid, $st);
echo "GET calls of 4 forked children x 25, seen by the parent: ", cmds()['GET']['calls'] - $before, "\n";

// a node that refuses connections
$s = stream_socket_server('tcp://127.0.0.1:0');
$dead = stream_socket_get_name($s, false);
fclose($s);
try { (new RedisClusterPool([$dead], ['parameters' => ['timeout' => 0.5]]))->get('x'); } catch (RedisClusterPool\ConnectionException $e) { echo "dead seed: ConnectionException\n"; }
echo "connection errors on the dead seed: ", node($dead)['connection_errors'] ?? 0, "\n";

echo "every node in the cluster listed with its role: ", count(RedisClusterPool::poolStats()['clusters'][0]['nodes']) === 6 ? 'yes' : 'no', "\n";

// metrics off: nothing counted
exec(escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg(getenv('RCP_EXT_SO')) . ' -d redis_cluster_pool.metrics=0 -r ' . escapeshellarg(
    '$p = new RedisClusterPool(explode(",", getenv("RCP_TEST_SEEDS"))); for ($i = 0; $i < 10; $i++) $p->get("off"); $s = RedisClusterPool::poolStats(); echo count($s["nodes"]), " nodes, ", count($s["clusters"][0]["commands"]), " commands counted\n";'), $out);
echo "metrics=0: ", implode(' ', $out), "\n";
?>
--EXPECTF--
WRONGTYPE thrown
GET calls +50, LPUSH calls +1 errors +1
owner: commands +51, batches +51, error replies +1
owner: latency samples +51, bytes sent = the RESP of those commands: yes
owner: bytes received > 50 replies: yes, one socket open: 1
after the move: x, redirects on the old owner +1, pool MOVED: 1
GET calls of 4 forked children x 25, seen by the parent: 100
dead seed: ConnectionException
connection errors on the dead seed: 1
every node in the cluster listed with its role: yes
metrics=0: 0 nodes, 0 commands counted
