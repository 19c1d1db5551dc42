--TEST--
Predis adapter, Predis 2: Predis' consumer refuses a cluster connection (its own RedisCluster too): "Cannot initialize a PUB/SUB consumer over cluster connections"; the extension's consumer, through the adapter's connection (getPool()->pubSubLoop()), gets the messages a Predis 2 publisher sends
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/pubsub.inc';
rcp_adapter_pubsub_run('2');
?>
--EXPECT--
Predis 2.x
pubSubLoop(): Predis\NotSupportedException: Cannot initialize a PUB/SUB consumer over cluster connections.
  predis' own cluster: Predis\NotSupportedException: Cannot initialize a PUB/SUB consumer over cluster connections.
getConnection()->getPool()->pubSubLoop(): 150 of 150 messages
