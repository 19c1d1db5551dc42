--TEST--
Discovery with seeds that accept connections but never answer (a stopped or hung node: the kernel completes the handshake, nothing reads): every node but the last tried gets half of the time left (at least a second), so a stalled seed tried first no longer spends the whole deadline and the discovery reaches the healthy seed behind it; with only stalled seeds, a TimeoutException naming each of them, within the deadline
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';

/** n listening sockets nobody accepts on (kept open by the caller): "host:port" names. */
function stalled(int $n, array &$keep): array
{
    $names = [];
    for ($i = 0; $i < $n; $i++) {
        $keep[] = $s = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
        $names[] = stream_socket_get_name($s, false);
    }
    return $names;
}

$keep = [];
$real = rcp_primaries()[0];
// A discovery tries the seeds in an order drawn from PHP's Mersenne Twister (mt_rand's), so mt_srand() makes it
// known: each run is a new seed list (a new cluster entry: a discovery of its own). Runs go on until the healthy
// seed was tried last at least twice (both stalled seeds first: the case that failed before), 12 runs at most.
$asked = [];
$failed = 0;
for ($run = 0; $run < 12 && count(array_filter($asked, fn($n) => $n === 3)) < 2; $run++) {
    $seeds = [...stalled(2, $keep), $real];
    $pool = rcp_pool(['parameters' => ['read_write_timeout' => 4.0]], $seeds);
    mt_srand($run);
    try {
        $pool->set("dss:$run", 'v');
        if ($pool->get("dss:$run") !== 'v') echo "run $run: wrong value\n";
        $pool->del("dss:$run");
    } catch (RedisClusterPool\Exception $e) {
        $failed++;
        echo "run $run: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
    $asked[] = $pool->stats()['cluster']['cluster_slots_sent'];
}
echo "runs where both stalled seeds were tried before the healthy one: ", count(array_filter($asked, fn($n) => $n === 3)) >= 2 ? 'at least 2' : json_encode($asked), "\n";
echo "runs that failed: $failed\n";

// only stalled seeds: every one tried, the last with what is left, a TimeoutException naming each
$seeds = stalled(3, $keep);
$pool = rcp_pool(['parameters' => ['read_write_timeout' => 3.0]], $seeds);
try {
    $pool->get('dss:x');
} catch (RedisClusterPool\TimeoutException $e) {
    $named = array_filter($seeds, fn($s) => str_contains($e->getMessage(), "timed out waiting for $s"));
    echo get_class($e), ": every stalled seed named: ", json_encode(count($named) === 3), "\n";
}
?>
--EXPECT--
runs where both stalled seeds were tried before the healthy one: at least 2
runs that failed: 0
RedisClusterPool\TimeoutException: every stalled seed named: true
