--TEST--
redis_cluster_pool.max_connections_per_node (NTS: a worker's sockets per node, all credentials and roles together): at the cap a new connection fails at once with a ConnectionException naming the cap, the node and the setting, never connected; the count stays exact across discards, non-persistent clients going away, connections the server killed, and request ends (issue 24)
--EXTENSIONS--
redis_cluster_pool
--INI--
redis_cluster_pool.max_connections_per_node=2
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$node = rcp_primaries()[0];
$k = rcp_key_on($node, 'cap');
// this process' own sockets to $node (the raw client's included, counted in $base): a socket of another process
// (a cache listener's link, the replica's link, which the CLIENT KILL below cuts too) is not the pool's
function sockets(string $node): int {
    return rcp_own_sockets($node);
}
$base = sockets($node);
echo "ini: ", ini_get('redis_cluster_pool.max_connections_per_node'), "\n";

$a = rcp_pool();                                  // the pooled client: one socket to $node
$a->set($k, 'a');
$b = rcp_pool(['persistent' => false]);           // a connection of its own: the second
echo "b: ", $b->get($k), "\n";
$c = rcp_pool(['persistent' => false]);           // a third: over the cap
try {
    $c->get($k);
    echo "no exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ": ", str_replace($node, 'NODE', $e->getMessage()), "\n";
}
echo "sockets to the node: ", sockets($node) - $base, "\n";
// the refusal is this process' own limit, not a failure of the node: not marked suspect (every worker would avoid
// it), no topology refresh asked for
echo "after the refusal: suspect nodes ", json_encode($a->stats()['cluster']['pool']['suspect_nodes']), "\n";

// b goes away: its slot is given back, c connects now
unset($b);
echo "c after b went: ", $c->get($k), "\n";
echo "sockets to the node: ", sockets($node) - $base, "\n";

// 30 clients of their own made and dropped one after another: each gives its slot back
$ok = 0;
for ($i = 0; $i < 30; $i++) {
    unset($c);
    $c = rcp_pool(['persistent' => false]);
    $ok += $c->get($k) === 'a';
}
echo "30 private clients in turn: $ok right\n";

// the server kills the pooled client's socket: the next command reconnects within the cap
foreach (explode("\n", trim(rcp_raw($node)->cmd('CLIENT', 'LIST'))) as $l) {
    if (!str_contains($l, 'cmd=client') && preg_match('/ id=(\d+)/', " $l", $m)) rcp_raw($node)->cmd('CLIENT', 'KILL', 'ID', $m[1]);
}
$ok = 0;
for ($i = 0; $i < 3; $i++) {
    try { $ok += $a->get($k) === 'a'; } catch (RedisClusterPool\ConnectionException $e) { echo "after the kill: ", get_class($e), "\n"; }
    try { $ok += $c->get($k) === 'a'; } catch (RedisClusterPool\ConnectionException $e) { echo "after the kill: ", get_class($e), "\n"; }
}
echo "after the kill: $ok of 6 right, sockets to the node: ", sockets($node) - $base, "\n";

// another node has its own count
$other = rcp_key_on(rcp_primaries()[1], 'cap');
$a->set($other, 'o');
echo "other node: ", $c->get($other), "\n";
$st = $a->stats()['connections'];
echo "stats: cap_refused {$st['cap_refused']}, cap_waits {$st['cap_waits']} (NTS: no wait), cap_wait_timeouts {$st['cap_wait_timeouts']}\n";
?>
--EXPECT--
ini: 2
b: a
RedisClusterPool\ConnectionException: no connection to NODE: this process holds redis_cluster_pool.max_connections_per_node = 2 connections to it already (raise the setting, or use fewer credentials or roles per node) (command GET)
sockets to the node: 2
after the refusal: suspect nodes []
c after b went: a
sockets to the node: 2
30 private clients in turn: 30 right
after the kill: 6 of 6 right, sockets to the node: 2
other node: o
stats: cap_refused 1, cap_waits 0 (NTS: no wait), cap_wait_timeouts 0
