--TEST--
Release: one version everywhere: the module (PHP_REDIS_CLUSTER_POOL_VERSION), RedisClusterPool::VERSION, package.xml, both stubs, CHANGELOG's top entry
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$root = dirname(__DIR__, 2);
$v = [];
preg_match('/^#define PHP_REDIS_CLUSTER_POOL_VERSION "([^"]+)"/m', file_get_contents("$root/php_redis_cluster_pool.h"), $m);
$v['macro PHP_REDIS_CLUSTER_POOL_VERSION'] = $m[1] ?? null;
$v["phpversion('redis_cluster_pool')"] = phpversion('redis_cluster_pool');
$v['RedisClusterPool::VERSION'] = RedisClusterPool::VERSION;
$xml = simplexml_load_file("$root/package.xml");
$v['package.xml <release>'] = (string) $xml->version->release;
$v['package.xml <api>'] = (string) $xml->version->api;
foreach (['redis_cluster_pool.stub.php', 'redis_cluster_pool.php'] as $f) {
    preg_match('/const VERSION = "([^"]+)";/', file_get_contents("$root/stubs/$f"), $m);
    $v["stubs/$f"] = $m[1] ?? null;
}
// Keep a Changelog: the first "## [x.y.z] - date|Unreleased" heading
preg_match('/^## \[([^\]]+)\] - (\d{4}-\d\d-\d\d|Unreleased)$/m', file_get_contents("$root/CHANGELOG.md"), $m);
$v['CHANGELOG.md top entry'] = $m[1] ?? null;

$want = $v['macro PHP_REDIS_CLUSTER_POOL_VERSION'];
echo preg_match('/^\d+\.\d+\.\d+(?:(?:alpha|beta|RC)\d+)?$/', (string) $want) ? "version format ok\n" : "bad version: $want\n";
foreach ($v as $where => $got) {
    if ($got !== $want) echo "$where is ", var_export($got, true), ", the module is $want\n";
}
// package.xml's stability follows the version: 0.x is alpha
$stab = (string) $xml->stability->release;
if (str_starts_with($want, '0.') && $stab !== 'alpha' && $stab !== 'beta') echo "0.x released as $stab\n";
echo count($v), " places agree\n";
?>
--EXPECT--
version format ok
8 places agree
