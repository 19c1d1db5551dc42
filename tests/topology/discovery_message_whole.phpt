--TEST--
Discovery over many dead seeds: the message lists every seed tried and why, however long (no fixed cap), and the class is ConnectionException as the README says (gh11 item 7)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$dead = [];
for ($i = 0; $i < 40; $i++) {
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $dead[] = stream_socket_get_name($s, false);
    fclose($s);
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
    echo "ends whole: ", str_ends_with($m, 'connection refused') ? 'yes' : 'no: ...' . substr($m, -40), "\n";
}
?>
--EXPECT--
RedisClusterPool\ConnectionException
length over 512: yes
seeds named with their reason: 40 of 40
ends whole: yes
