--TEST--
Discovery over many dead seeds: the message lists every seed tried and why, however long (no fixed cap), and the class is ConnectionException as the README says (gh11 item 7)
--EXTENSIONS--
redis_cluster_pool
sockets
--FILE--
<?php
// 40 ports bound and kept but not listening: a connection is refused, and no other socket can take the port while
// the test runs (a port closed after use could become some connection's local port, even the client's own)
$dead = []; $held = [];
for ($i = 0; $i < 40; $i++) {
    $held[] = $s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_bind($s, '127.0.0.1', 0);
    socket_getsockname($s, $addr, $port);
    $dead[] = "$addr:$port";
}
$pool = new RedisClusterPool($dead, ['parameters' => ['timeout' => 0.5]]);
try {
    $pool->get('x');
} catch (RedisClusterPool\Exception $e) {
    $m = $e->getMessage();
    echo get_class($e), "\n";
    echo "length over 512: ", strlen($m) > 512 ? 'yes' : 'no', "\n";
    $missing = array_filter($dead, fn($d) => !str_contains($m, "cannot connect to $d: connection refused"));
    echo "seeds named with their reason: ", count($dead) - count($missing), " of ", count($dead), "\n";
    foreach ($missing as $d) {
        echo "  $d: ", preg_match('/' . preg_quote($d, '/') . '[^;]*/', $m, $x) ? $x[0] : 'not in the message', "\n";
    }
    echo "ends whole: ", str_ends_with($m, 'connection refused') ? 'yes' : 'no: ...' . substr($m, -40), "\n";
}
?>
--EXPECT--
RedisClusterPool\ConnectionException
length over 512: yes
seeds named with their reason: 40 of 40
ends whole: yes
