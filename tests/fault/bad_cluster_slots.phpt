--TEST--
Fault: CLUSTER SLOTS of the wrong shape (empty, not an array, overlapping or invalid ranges, bad ports and hosts, too many nodes, unreachable nodes) gives the exact exception; a reply cut by a close is asked for again once, on a new connection (a second close is the ConnectionException); "?", nil and "" endpoints mean the node asked; a later good answer is used
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
sockets
--INI--
redis_cluster_pool.refresh_min_interval=0
--FILE--
<?php
require __DIR__ . '/fake.inc';
// a port where nothing listens: held bound and not listening for the whole test, so that no other socket (the
// fake nodes' among them) can take it; a connect to it is refused
$held = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($held, '127.0.0.1', 0);
socket_getsockname($held, $_, $dead);
// under valgrind (run-tests.php -m sets USE_ZEND_ALLOC=0) everything runs ~20x slower: a 0.5 s read timeout could
// fire before a close arrives (truncated_close would then be a TimeoutException); the timeouts and the "too
// slow" line scale with it
$slow = getenv('USE_ZEND_ALLOC') === '0' ? 4 : 1;
$id = str_repeat('a', 40);
$node = fn($port, $host = '127.0.0.1') => [$host, $port, $id];
// name => fn(self port) => the first CLUSTER SLOTS answer (a string is sent as is, anything else encoded)
$cases = [
    'empty'              => fn($p) => "*0\r\n",
    'nil'                => fn($p) => "*-1\r\n",
    'status_not_array'   => fn($p) => "+OK\r\n",
    'integer_not_array'  => fn($p) => ":1\r\n",
    'error_reply'        => fn($p) => "-ERR This instance has cluster support disabled\r\n",
    'range_too_short'    => fn($p) => [[0, 16383]],
    'range_not_array'    => fn($p) => [5],
    'range_from_gt_to'   => fn($p) => [[100, 50, $node($p)]],
    'range_past_16383'   => fn($p) => [[0, 16384, $node($p)]],
    'range_negative'     => fn($p) => [[-1, 100, $node($p)]],
    'range_as_strings'   => fn($p) => [['0', '16383', $node($p)]],
    'overlap_two_nodes'  => fn($p) => [[0, 9000, $node($p)], [8000, 16383, $node($dead)]],
    'port_zero'          => fn($p) => [[0, 16383, $node(0)]],
    'port_70000'         => fn($p) => [[0, 16383, $node(70000)]],
    'port_as_string'     => fn($p) => [[0, 16383, ['127.0.0.1', (string) $p, $id]]],
    'node_not_array'     => fn($p) => [[0, 16383, "127.0.0.1:$p"]],
    'node_without_port'  => fn($p) => [[0, 16383, ['127.0.0.1']]],
    'host_integer'       => fn($p) => [[0, 16383, [42, $p, $id]]],
    'host_with_nul'      => fn($p) => [[0, 16383, $node($p, "127.0.0.1\0evil")]],
    'host_with_space'    => fn($p) => [[0, 16383, $node($p, "127.0.0.1 x")]],
    'host_300_chars'     => fn($p) => [[0, 16383, $node($p, str_repeat('h', 300))]],
    'nodes_513'          => fn($p) => array_map(fn($i) => [$i, $i, $node(1000 + $i)], range(0, 512)),
    'truncated_close'    => fn($p) => [substr(rcp_fake_slots($p), 0, 30), RCP_FAKE_CLOSE],
    'truncated_close_twice' => fn($p) => [substr(rcp_fake_slots($p), 0, 30), RCP_FAKE_CLOSE],
    'stall'              => fn($p) => null,
    // accepted shapes
    'endpoint_question'  => fn($p) => [[0, 16383, $node($p, '?')]],
    'endpoint_nil'       => fn($p) => [[0, 16383, $node($p, null)]],
    'endpoint_empty'     => fn($p) => [[0, 16383, $node($p, '')]],
    'overlap_same_node'  => fn($p) => [[0, 9000, $node($p)], [8000, 16383, $node($p)]],
    'metadata_and_replica' => fn($p) => [[0, 16383, [...$node($p), ['hostname', 'x']], $node($dead)]],
    // topologies that parse but cannot serve the key
    'unreachable_owner'  => fn($p) => [[0, 16383, $node($dead)]],
    'slot_uncovered'     => fn($p) => [[0, 10, $node($p)]],
];
$names = array_keys($cases);
$fake = rcp_fake_start(function (array $argv, array $ctx) use ($cases, $names, &$slotsAsked) {
    $name = $names[$ctx['i']];
    if (strtoupper($argv[0]) === 'CLUSTER') {
        // asked once (twice for a "_twice" case: the discovery asks again, once, on a new connection when the
        // first closed in the middle of the reply, as any read is repeated); then the good answer
        $asked = $slotsAsked[$ctx['port']] = ($slotsAsked[$ctx['port']] ?? 0) + 1;
        if ($asked === 1 || ($asked === 2 && str_ends_with($name, '_twice'))) {
            $r = $cases[$name]($ctx['port']);
            return $r === null || is_string($r) || (is_array($r) && isset($r[1]) && $r[1] === RCP_FAKE_CLOSE) ? $r : rcp_resp_encode($r);
        }
    }
    return rcp_fake_default($argv, $ctx);
}, count($cases));
$key = 'k';   // slot 7629
foreach ($names as $i => $name) {
    $pool = new RedisClusterPool([$fake['addrs'][$i]], ['parameters' => ['timeout' => 0.5 * $slow, 'read_write_timeout' => 0.5 * $slow]]);
    $t = microtime(true);
    try {
        $out = json_encode($pool->get($key));
    } catch (RedisClusterPool\Exception $e) {
        $out = get_class($e) . ': ' . str_replace((string) $dead, 'DEAD', rcp_fake_msg($e));
    }
    $dt = microtime(true) - $t;
    echo "$name: $out", $dt > 1.5 * $slow ? sprintf(' TOO SLOW (%.2fs)', $dt) : '', "\n";
    // the node now answers CLUSTER SLOTS correctly: the same pool recovers
    try {
        $r = $pool->get($key);
        if ($r !== "v:$key") echo "  then: ", json_encode($r), "\n";
    } catch (RedisClusterPool\Exception $e) {
        echo "  then: ", get_class($e), ': ', rcp_fake_msg($e), "\n";
    }
}
rcp_fake_stop($fake);
?>
--EXPECT--
empty: RedisClusterPool\ClusterException: Cannot discover the cluster topology: CLUSTER SLOTS returned no slot ranges: the cluster has no slots assigned
nil: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: not an array
status_not_array: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: not an array
integer_not_array: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: not an array
error_reply: RedisClusterPool\ClusterException: Cannot discover the cluster topology: ADDR answered CLUSTER SLOTS with ERR This instance has cluster support disabled
range_too_short: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: a range is not [from, to, node, ...]
range_not_array: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: a range is not [from, to, node, ...]
range_from_gt_to: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid slot range 100..50
range_past_16383: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid slot range 0..16384
range_negative: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid slot range -1..100
range_as_strings: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: slot range bounds are not integers
overlap_two_nodes: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: slot 8000 is claimed by two nodes
port_zero: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid port
port_70000: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid port
port_as_string: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid port
node_not_array: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: a node entry is not [host, port, ...]
node_without_port: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: a node entry is not [host, port, ...]
host_integer: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid host
host_with_nul: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid host
host_with_space: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: invalid host
host_300_chars: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: a host of 300 bytes (at most 255)
nodes_513: RedisClusterPool\ClusterException: Cannot discover the cluster topology: bad CLUSTER SLOTS reply: more than 512 nodes
truncated_close: "v:k"
truncated_close_twice: RedisClusterPool\ConnectionException: Cannot discover the cluster topology: connection to ADDR closed by the server
stall: RedisClusterPool\TimeoutException: Cannot discover the cluster topology: timed out waiting for ADDR
endpoint_question: "v:k"
endpoint_nil: "v:k"
endpoint_empty: "v:k"
overlap_same_node: "v:k"
metadata_and_replica: "v:k"
unreachable_owner: RedisClusterPool\ConnectionException: cannot connect to ADDR: connection refused (command GET)
slot_uncovered: RedisClusterPool\ClusterException: GET: slot 7629 is not served by any node (CLUSTERDOWN: the cluster does not cover all slots)
