--TEST--
Idle pooled sockets the server closed (its `timeout`) while a request used other connections are counted as discarded_closed_by_peer when the request ends, not as discarded_unread_reply (issue 21 item 8a); sockets of a request that died mid-reply still count as unread replies
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
/** The pool-wide discard counters of the primaries (poolStats(), shared by the forked worker and this process). */
function discards(): array {
    $n = RedisClusterPool::poolStats()['nodes'];
    $t = ['closed_by_peer' => 0, 'unread_reply' => 0, 'broken' => 0];
    foreach (rcp_primaries() as $p) foreach ($t as $k => $_) $t[$k] += $n[$p]["discarded_$k"] ?? 0;
    return $t;
}
$keys = array_map(fn($p) => rcp_key_on($p, 'idlereap'), rcp_primaries());
$before = discards();
if (($pid = pcntl_fork()) === 0) {
    // a request of a worker: one pooled socket per primary, idle while the servers close them
    $pool = rcp_pool();
    foreach ($keys as $k) $pool->set($k, 'v');
    foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'timeout', '1');
    usleep(2600000);
    // this request goes on with other connections: a replica read connects through the event loop, which sees the
    // three idle sockets closed meanwhile (their read watchers stay armed); the request then ends
    $r = rcp_pool(['read' => 'replica']);
    exit($r->get($keys[0]) === 'v' ? 0 : 1);
}
pcntl_waitpid($pid, $status);
foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'timeout', '0');
$after = discards();
echo "the worker's read: ", pcntl_wexitstatus($status) === 0 ? 'right' : 'wrong', "\n";
printf("at request end: closed_by_peer +%d, unread_reply +%d, broken +%d\n", $after['closed_by_peer'] - $before['closed_by_peer'],
    $after['unread_reply'] - $before['unread_reply'], $after['broken'] - $before['broken']);

// a request that dies with a reply owed: still an unread reply
$before = discards();
if (($pid = pcntl_fork()) === 0) {
    $pool = rcp_pool(['parameters' => ['read_write_timeout' => 0.3]]);
    $pool->set($keys[1], 'v');
    // the node's clients paused for 1 s (a blocking command would now be waited for: its own timeout counts)
    (new RcpRaw(rcp_primaries()[1]))->cmd('CLIENT', 'PAUSE', '1000', 'ALL');
    try { $pool->get($keys[1]); } catch (RedisClusterPool\TimeoutException $e) { exit(0); }
    exit(1);
}
pcntl_waitpid($pid, $status);
$after = discards();
echo "a request that timed out waiting: ", pcntl_wexitstatus($status) === 0 ? 'TimeoutException' : 'no timeout', ", its socket counted as broken or unread: ",
    ($after['broken'] - $before['broken']) + ($after['unread_reply'] - $before['unread_reply']) >= 1 ? 'yes' : 'no', ", as closed by peer: ",
    $after['closed_by_peer'] - $before['closed_by_peer'], "\n";
$w = rcp_pool();
foreach ($keys as $k) $w->del($k);
?>
--EXPECT--
the worker's read: right
at request end: closed_by_peer +3, unread_reply +0, broken +0
a request that timed out waiting: TimeoutException, its socket counted as broken or unread: yes, as closed by peer: 0
