--TEST--
Predis adapter, Predis 2: transactions are all or nothing (callable, a command refused at queue time, check-and-set, MULTI/EXEC as commands); every command between MULTI and EXEC is queued on the node's transaction connection, never run at once on a pooled socket (gh11 item 1)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/transactions.inc';
rcp_adapter_tx_run('2');
?>
--EXPECT--
Predis 2.x
callable: Predis\NotSupportedException: Cannot initialize a MULTI/EXEC transaction over cluster connections.; on the node a=null n=null
refused at queue time: Predis\NotSupportedException; on the node c=null
the next one: Predis\NotSupportedException: Cannot initialize a MULTI/EXEC transaction over cluster connections.; on the node n=null
check-and-set: Predis\NotSupportedException: Cannot initialize a MULTI/EXEC transaction over cluster connections.; on the node n=null
MULTI, SET, INCR, EXEC as commands: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", ["Predis\\Response\\Status:OK",2]; on the node before EXEC r=null, after r="2"
  predis' own cluster: MULTI, SET, INCR, EXEC as commands: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "Predis\\Response\\Status:OK", 2, Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC r="2", after r="2"
afterwards, outside any transaction: "Predis\\Response\\Status:OK"; on the node a="two"
