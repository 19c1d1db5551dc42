--TEST--
Predis adapter, Predis 3.6: transactions are all or nothing (gh11 item 1): every command between MULTI and EXEC is queued on the node's transaction connection, never run at once on a pooled socket; a command the server refuses to queue aborts the transaction and the connection is not left in MULTI (the next command runs); check-and-set aborts as with Predis 3.6's own cluster (3.6 queues the block's reads and sends MULTI twice), a concurrent write to the WATCHed key is never overwritten; WATCH sent as a command leaves other slots' commands alone
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
refused at queue time: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node b=null c=null
the next command: "Predis\\Response\\Status:OK"; on the node a="after the refused one"
  predis' own cluster: the next command: "Predis\\Response\\Status:QUEUED"; on the node a="one"
the next transaction: [2]; on the node n="2"
  predis' own cluster: the next transaction: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="1"
check-and-set: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="2"
  predis' own cluster: check-and-set: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="1"
check-and-set, the key changed meanwhile: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="written by another client"
the next command: "Predis\\Response\\Status:OK"; on the node a="after check-and-set"
  predis' own cluster: the next command: "Predis\\Response\\Status:QUEUED"; on the node a="one"
MULTI, SET, INCR, EXEC as commands: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", ["Predis\\Response\\Status:OK",2]; on the node before EXEC r=null, after r="2"
  predis' own cluster: MULTI, SET, INCR, EXEC as commands: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC r=null, after r=null
the same, one refused at queue time: "OK", "QUEUED", "error: ERR wrong number of arguments for 'set' command", "QUEUED", "error: EXECABORT Transaction discarded because of previous errors."; on the node before EXEC c=null, after r="2" c=null
  predis' own cluster: the same, one refused at queue time: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "QUEUED", "error: ERR wrong number of arguments for 'set' command", "QUEUED", Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC c=null, after r=null c=null
WATCH, then another node's key: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:OK", "other node", "Predis\\Response\\Status:OK"
  predis' own cluster: WATCH, then another node's key: Predis\NotSupportedException: Cannot use 'WATCH' with redis-cluster., "Predis\\Response\\Status:OK", "other node", Predis\NotSupportedException: Cannot use 'UNWATCH' with redis-cluster.
afterwards, outside any transaction: "Predis\\Response\\Status:OK"; on the node a="two"
  predis' own cluster: afterwards, outside any transaction: "Predis\\Response\\Status:QUEUED"; on the node a="one"
