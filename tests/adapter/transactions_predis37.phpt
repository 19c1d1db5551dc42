--TEST--
Predis adapter, Predis 3.7: transactions are all or nothing (gh11 item 1): every command between MULTI and EXEC is queued on the node's transaction connection, never run at once on a pooled socket; a command the server refuses to queue aborts the transaction and the connection is not left in MULTI (the next command runs); check-and-set runs its read before MULTI and aborts when the WATCHed key changed; WATCH sent as a command leaves other slots' commands alone
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/transactions.inc';
rcp_adapter_tx_run('3.7');
?>
--EXPECT--
Predis 3.7
callable: ["Predis\\Response\\Status:OK",1]; on the node a="one" n="1"
refused at queue time: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node b=null c=null
the next command: "Predis\\Response\\Status:OK"; on the node a="after the refused one"
the next transaction: [2]; on the node n="2"
check-and-set: ["Predis\\Response\\Status:OK"]; on the node n="12"
check-and-set, the key changed meanwhile: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.; on the node n="written by another client"
the next command: "Predis\\Response\\Status:OK"; on the node a="after check-and-set"
MULTI, SET, INCR, EXEC as commands: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:QUEUED", "Predis\\Response\\Status:QUEUED", ["Predis\\Response\\Status:OK",2]; on the node before EXEC r=null, after r="2"
  predis' own cluster: MULTI, SET, INCR, EXEC as commands: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "Predis\\Response\\Status:OK", 2, Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC r="2", after r="2"
the same, one refused at queue time: "OK", "QUEUED", "error: ERR wrong number of arguments for 'set' command", "QUEUED", "error: EXECABORT Transaction discarded because of previous errors."; on the node before EXEC c=null, after r="2" c=null
  predis' own cluster: the same, one refused at queue time: Predis\NotSupportedException: Cannot use 'MULTI' with redis-cluster., "OK", "error: ERR wrong number of arguments for 'set' command", "OK", Predis\NotSupportedException: Cannot use 'EXEC' with redis-cluster.; on the node before EXEC c="must not be applied", after r="must not be applied" c="must not be applied"
WATCH, then another node's key: "Predis\\Response\\Status:OK", "Predis\\Response\\Status:OK", "other node", "Predis\\Response\\Status:OK"
  predis' own cluster: WATCH, then another node's key: Predis\NotSupportedException: Cannot use 'WATCH' with redis-cluster., "Predis\\Response\\Status:OK", "other node", Predis\NotSupportedException: Cannot use 'UNWATCH' with redis-cluster.
afterwards, outside any transaction: "Predis\\Response\\Status:OK"; on the node a="two"
