--TEST--
var_dump() of a pool names its seeds as host:port, an IPv6 host in brackets ("[::1]:7000", not "::1:7000")
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
// the constructor connects to nothing: the seeds are only listed (in the pool's order)
$pool = new RedisClusterPool(['[::1]:7000', 'tcp://127.0.0.1:7001', ['host' => 'fe80::1', 'port' => 7002], 'redis-0.example:7003']);
ob_start();
var_dump($pool);
preg_match('/\["seeds"\]=>\s*array\(4\) \{(.*?)\}/s', ob_get_clean(), $m);
preg_match_all('/string\(\d+\) "([^"]*)"/', $m[1], $s);
echo implode("\n", $s[1]), "\n";
?>
--EXPECT--
127.0.0.1:7001
[::1]:7000
[fe80::1]:7002
redis-0.example:7003
