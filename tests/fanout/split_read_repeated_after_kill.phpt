--TEST--
A split MGET whose part's pooled connection the server closes after the part was sent (CLIENT KILL before the node read it) sends that part again, once, on a fresh connection, as a single read is (gh21 item 6): the whole MGET succeeds; a split DEL is never sent twice: PartialFailureException, the killed part not applied
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// the pool's connections are told apart by their ACL user: CLIENT KILL USER closes exactly them
$user = 'rcp_skill_' . getmypid();
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', $user, 'reset', 'on', '>pw', '~*', '&*', '+@all');
register_shutdown_function(function () use ($user) {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', $user);
});
$pool = rcp_pool(['parameters' => ['username' => $user, 'password' => 'pw']]);
$node = rcp_primaries()[0];
$keys = array_map(fn($p) => rcp_key_on($p, 'skill'), rcp_primaries());
foreach ($keys as $i => $k) rcp_raw(rcp_primaries()[$i])->cmd('SET', $k, "v$i");
$retries = fn() => $pool->stats()['cluster']['read_retries'];

/*
 * Make $node close the pool's connection to it after the next part was written but before the node read it: a
 * process of ours keeps the node busy (DEBUG SLEEP) with CLIENT KILL queued behind, on its own connection; the
 * part written meanwhile waits in the node's socket buffer, and the kill, run as soon as the sleep ends, closes
 * the connection with it unread. $op runs 0.3 s into a 2 s sleep; said again when it came too late (the node
 * answered it first: then nothing was killed under it).
 */
function while_killed(string $node, string $user, callable $op, callable $retries): array
{
    for ($try = 0; $try < 3; $try++) {
        [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        $pid = pcntl_fork();
        if ($pid === 0) {
            $r = rcp_raw($node);
            $r->pipe("*3\r\n\$5\r\nDEBUG\r\n\$5\r\nSLEEP\r\n\$1\r\n2\r\n" . "*4\r\n\$6\r\nCLIENT\r\n\$4\r\nKILL\r\n\$4\r\nUSER\r\n\$"
                . strlen($user) . "\r\n$user\r\n", 0);
            fwrite($b, 'x');
            $r->read();
            $r->read();
            posix_kill(getmypid(), SIGKILL);   // no shutdown functions: they are the parent's
        }
        fread($a, 1);
        usleep(300000);
        $r0 = $retries();
        try {
            $out = ['reply' => $op()];
        } catch (RedisClusterPool\Exception $e) {
            $out = ['exception' => $e];
        }
        $out['sent again'] = $retries() - $r0;
        pcntl_waitpid($pid, $st);
        if ($out['sent again'] > 0 || isset($out['exception'])) return $out;
    }
    return $out + ['note' => 'the kill never came in time'];
}

$pool->mget($keys);                                   // the pooled connections
echo "-- MGET over the three primaries:\n";
$out = while_killed($node, $user, fn() => $pool->mget($keys), $retries);
echo isset($out['exception']) ? get_class($out['exception']) . ': ' . $out['exception']->getMessage() : json_encode($out['reply']),
    ", sent again: {$out['sent again']}", isset($out['note']) ? " ({$out['note']})" : '', "\n";

echo "-- DEL over the three primaries:\n";
$out = while_killed($node, $user, fn() => $pool->del($keys), $retries);
$e = $out['exception'] ?? null;
// (the I/O error itself is said differently over TLS: only what the split says of it is shown)
echo $e ? get_class($e) . ': ... ' . preg_replace('/^.*(\(command DEL)/', '$1', $e->getMessage()) : 'no exception',
    ", sent again: {$out['sent again']}\n";
echo "left: ", json_encode(array_map(fn($i) => rcp_raw(rcp_primaries()[$i])->cmd('EXISTS', $keys[$i]), [0, 1, 2])), "\n";
echo "the pool goes on: ", json_encode($pool->mget($keys)), "\n";
?>
--EXPECT--
-- MGET over the three primaries:
["v0","v1","v2"], sent again: 1
-- DEL over the three primaries:
RedisClusterPool\PartialFailureException: ... (command DEL: 1 of its 3 keys failed; the parts sent to other nodes were applied), sent again: 0
left: [1,0,0]
the pool goes on: ["v0",null,null]
