--TEST--
Predis v3 differential: the same command corpus (every family, errors included) gives identical results through Predis' own cluster connection (the newest Predis 3.x) and through RedisClusterPool
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/differential.inc';
rcp_predis_differential('3');
?>
--EXPECT--
corpus >= 200 cases
identical: all
