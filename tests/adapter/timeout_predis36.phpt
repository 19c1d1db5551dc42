--TEST--
Predis adapter, Predis 3.6: a read timeout is Predis' own timeout exception where that Predis line has one (v3: Predis\TimeoutException), else its ConnectionException (Predis\TimeoutException; Predis' retry parameter (3 retries) is ignored: a stalled INCR is sent once as a command, in a pipeline and through a per-node client); the next command works (gh11 item 9)
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/timeout.inc';
rcp_adapter_timeout_run('3.6');
rcp_adapter_retry_run('3.6');
?>
--EXPECT--
"v:k"
Predis\TimeoutException: Operation has timed out
  a Predis\CommunicationException: yes; names the node: yes; previous: RedisClusterPool\TimeoutException: timed out waiting for ADDR (pipeline of 1 commands); after the timeout: yes
"v:k2"
retry parameter: 3 retries
a command: Predis\TimeoutException; INCR sent 1 time(s); one timeout: yes
a pipeline: Predis\TimeoutException; INCR sent 1 time(s); one timeout: yes
a per-node client: Predis\TimeoutException; INCR sent 1 time(s); one timeout: yes
