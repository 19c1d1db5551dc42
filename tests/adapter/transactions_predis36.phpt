--TEST--
Predis adapter, Predis 3.6: transactions are all or nothing (callable, a command refused at queue time, check-and-set, MULTI/EXEC as commands); every command between MULTI and EXEC is queued on the node's transaction connection, never run at once on a pooled socket (gh11 item 1)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/transactions.inc';
rcp_adapter_tx_run('3.6');
?>
--EXPECT--
Predis 3.6
callable: ["Predis\\Response\\Status:OK",1]; on the node a="one" n="1"
refused at queue time: Predis\ClientException; on the node c=null
the next one: [2]; on the node n="2"
check-and-set: ["2","Predis\\Response\\Status:OK"]; on the node n="the read was not executed before MULTI"
  predis' own cluster: check-and-set: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="2"
MULTI, SET, INCR, EXEC as commands: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", ["Predis\\Response\\Status:OK",2]; on the node before EXEC r=null, after r="2"
  predis' own cluster: MULTI, SET, INCR, EXEC as commands: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC r=null, after r=null
afterwards, outside any transaction: "Predis\\Response\\Status:OK"; on the node a="two"
  predis' own cluster: afterwards, outside any transaction: "Predis\\Response\\Status:QUEUED"; on the node a="one"
