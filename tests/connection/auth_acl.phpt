--TEST--
Security: ACL username/password reach every node (primaries and replicas, discovered later); a wrong password fails with an error that never contains the password; var_dump shows no credentials
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$secret = 'S3cr3t-' . bin2hex(random_bytes(4));
foreach (rcp_seeds() as $n) {
    (new RcpRaw($n))->cmd('ACL', 'SETUSER', 'rcpuser', 'on', ">$secret", '~*', '&*', '+@all');
}
$pool = rcp_pool(['parameters' => ['username' => 'rcpuser', 'password' => $secret]]);
for ($i = 0; $i < 30; $i++) $pool->set("acl:$i", 'v');
var_dump($pool->get('acl:7'));
var_dump(count($pool->keys('acl:*')) >= 30);            // fan-out to every primary, authenticated
ob_start(); var_dump($pool); print_r($pool); var_export($pool); $dump = ob_get_clean();
var_dump(str_contains($dump, $secret), str_contains($dump, 'authenticated'));

$bad = rcp_pool(['parameters' => ['username' => 'rcpuser', 'password' => 'wrong-' . $secret]]);
try {
    $bad->get('acl:1');
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), "\n";
    var_dump(str_contains($e->getMessage(), 'WRONGPASS'), str_contains($e->getMessage(), $secret),
        str_contains($e->getTraceAsString(), $secret));
}
// a pool with the right password still works after the failed one (connections are not shared)
var_dump($pool->get('acl:7'));
for ($i = 0; $i < 30; $i++) $pool->del("acl:$i");
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', 'rcpuser');
?>
--EXPECT--
string(1) "v"
bool(true)
bool(false)
bool(true)
RedisClusterPool\AuthenticationException
bool(true)
bool(false)
bool(false)
string(1) "v"
