--TEST--
Shared map: a node whose connection fails is marked suspect for every process and a refresh is requested; the failure is a ConnectionException naming the node and command
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// a fake seed whose CLUSTER SLOTS gives every slot to a node that refuses connections
$s = stream_socket_server('tcp://127.0.0.1:0'); $dead = stream_socket_get_name($s, false); fclose($s);
[$h, $p] = explode(':', $dead);
$slots = [[0, 16383, [$h, (int) $p, str_repeat('a', 40)]]];
[$fake, $addr] = rcp_fake_server(fn(int $n) => rcp_resp_encode($slots));
$pool = new RedisClusterPool([$addr], ['parameters' => ['timeout' => 1]]);
try {
    $pool->get('k');
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ': ', str_replace($dead, 'DEAD', $e->getMessage()), "\n";
    var_dump($e->getNode() === $dead);
}
$pid = pcntl_fork();
if ($pid === 0) {   // another process sees the mark without touching the node
    $c = new RedisClusterPool([$addr]);
    exit($c->stats()['cluster']['pool']['suspect_nodes'] === [$dead] ? 0 : 1);
}
pcntl_waitpid($pid, $st);
echo "suspect in another process: ", pcntl_wexitstatus($st) === 0 ? 'yes' : 'no', "\n";
posix_kill($fake, SIGKILL);
pcntl_waitpid($fake, $st);
?>
--EXPECT--
RedisClusterPool\ConnectionException: cannot connect to DEAD: connection refused (command GET)
bool(true)
suspect in another process: yes
