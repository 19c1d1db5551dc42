--TEST--
Predis adapter, Predis 2: a read timeout is Predis' own timeout exception where that Predis line has one (v3: Predis\TimeoutException), else its ConnectionException (v2 has no timeout type: its ConnectionException; no retry parameter in v2); the next command works (gh11 item 9)
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/timeout.inc';
rcp_adapter_timeout_run('2');
rcp_adapter_retry_run('2');
?>
--EXPECT--
"v:k"
Predis\Connection\ConnectionException: timed out waiting for ADDR (pipeline of 1 commands)
  a Predis\CommunicationException: yes; names the node: yes; previous: RedisClusterPool\TimeoutException: timed out waiting for ADDR (pipeline of 1 commands); after the timeout: yes
"v:k2"
retry parameter: none in Predis 2
a command: Predis\Connection\ConnectionException; INCR sent 1 time(s); one timeout: yes
a pipeline: Predis\Connection\ConnectionException; INCR sent 1 time(s); one timeout: yes
a per-node client: Predis\Connection\ConnectionException; INCR sent 1 time(s); one timeout: yes
