--TEST--
A read-only pipeline (pipeline() or rawPipeline()) whose pooled connection the server closes mid-command (CLIENT KILL while the node is working on it) is sent again, once, on a fresh connection, as a single read is (gh21 item 6); a pipeline holding a write is never sent twice: its write applied once, a ConnectionException
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// the pool's connections are told apart by their ACL user: CLIENT KILL USER closes exactly them
$user = 'rcp_kill_' . getmypid();
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', $user, 'reset', 'on', '>pw', '~*', '&*', '+@all');
register_shutdown_function(function () use ($user) {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', $user);
});
$pool = rcp_pool(['parameters' => ['username' => $user, 'password' => 'pw']]);
$node = rcp_primaries()[0];
$k = rcp_key_on($node, 'rpk');
[$s, $n] = ["{{$k}}s", "{{$k}}n"];
$raw = rcp_raw($node);
$raw->cmd('DEL', $s, $n);
$raw->cmd('SET', $k, 'v');

/* A process that waits until the pool's connection to $node is blocked in XREAD (the node has read the pipeline
 * and is working on it), then closes it from the server's side. */
function kill_when_blocked(string $node, string $user): int
{
    $pid = pcntl_fork();
    if ($pid === 0) {
        $r = rcp_raw($node);
        for ($i = 0; $i < 1000; $i++) {
            foreach (explode("\n", $r->cmd('CLIENT', 'LIST')) as $l) {
                if (str_contains($l, " user=$user ") && str_contains($l, ' cmd=xread ') && preg_match('/ flags=\S*b/', $l)) {
                    $r->cmd('CLIENT', 'KILL', 'USER', $user);
                    posix_kill(getmypid(), SIGKILL);   // no shutdown functions: they are the parent's
                }
            }
            usleep(10000);
        }
        posix_kill(getmypid(), SIGKILL);
    }
    return $pid;
}
$retries = fn() => $pool->stats()['cluster']['read_retries'];
$pool->get($k);                                       // the pooled connection to $node

echo "-- pipeline() of reads:\n";
$r0 = $retries();
$killer = kill_when_blocked($node, $user);
$r = $pool->pipeline(fn($p) => $p->get($k)->xread(null, 300, [$s], '$')->exists($k));
pcntl_waitpid($killer, $st);
echo "replies: ", json_encode($r), ", sent again: ", $retries() - $r0, "\n";

echo "-- rawPipeline() of reads:\n";
$r0 = $retries();
$killer = kill_when_blocked($node, $user);
$r = $pool->rawPipeline([['GET', $k], ['XREAD', 'BLOCK', '300', 'STREAMS', $s, '$']]);
pcntl_waitpid($killer, $st);
echo "replies: ", json_encode($r), ", sent again: ", $retries() - $r0, "\n";

echo "-- a pipeline with a write:\n";
$r0 = $retries();
$killer = kill_when_blocked($node, $user);
try {
    $pool->rawPipeline([['INCR', $n], ['XREAD', 'BLOCK', '300', 'STREAMS', $s, '$']]);
    echo "no exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    // (the I/O error itself is said differently over TLS)
    echo get_class($e), ': ... ', preg_replace('/^.*(\(pipeline of)/', '$1', $e->getMessage()), "\n";
}
pcntl_waitpid($killer, $st);
echo "the INCR applied once: ", $raw->cmd('GET', $n), ", sent again: ", $retries() - $r0, "\n";
echo "the pool goes on: ", $pool->get($k), "\n";
?>
--EXPECT--
-- pipeline() of reads:
replies: ["v",[],1], sent again: 1
-- rawPipeline() of reads:
replies: ["v",null], sent again: 1
-- a pipeline with a write:
RedisClusterPool\ConnectionException: ... (pipeline of 2 commands)
the INCR applied once: 1, sent again: 0
the pool goes on: v
