--TEST--
Predis 3.6 differential: the same command corpus (every family, errors included) gives identical results through Predis 3.6's own cluster connection and through RedisClusterPool
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/differential.inc';
rcp_predis_differential('3.6');
?>
--EXPECT--
corpus >= 200 cases
identical: all
