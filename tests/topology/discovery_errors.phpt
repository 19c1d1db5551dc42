--TEST--
Discovery: when no seed answers, the exception lists every seed and why it failed; a live seed among dead ones is found
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// ports on loopback where nothing listens (bind and close to find them)
$dead = [];
for ($i = 0; $i < 2; $i++) {
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $dead[] = stream_socket_get_name($s, false);
    fclose($s);
}
$pool = rcp_pool(['parameters' => ['timeout' => 0.5]], $dead);
try {
    $pool->get('x');
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), "\n";
    foreach ($dead as $d) var_dump(str_contains($e->getMessage(), "cannot connect to $d"));
    echo preg_replace('/127\.0\.0\.1:\d+/', 'ADDR', $e->getMessage()), "\n";
}
$pool = rcp_pool(['parameters' => ['timeout' => 0.5]], [...$dead, rcp_seeds()[4]]);
for ($i = 0; $i < 10; $i++) {   // seeds are tried in random order: a live one is always found
    $pool->set('disc', 'ok');
}
var_dump($pool->get('disc'));
$pool->del('disc');
$unresolvable = new RedisClusterPool(['no-such-host.invalid:7000']);
try { $unresolvable->ping(); } catch (RedisClusterPool\ConnectionException $e) { echo preg_replace('/: .*$/', '', $e->getMessage()), "\n"; }
?>
--EXPECTF--
RedisClusterPool\ConnectionException
bool(true)
bool(true)
Cannot discover the cluster topology: cannot connect to ADDR: connection refused; cannot connect to ADDR: connection refused
string(2) "ok"
Cannot discover the cluster topology
