--TEST--
Cache listener against servers that differ (fake nodes): one without HELLO 3 gets RESP2 (CLIENT ID, CLIENT TRACKING on BCAST REDIRECT <its own id>, SUBSCRIBE __redis__:invalidate), its invalidations and null invalidations applied, PINGs answered in subscribed mode confirm it; one that refuses CLIENT TRACKING (a managed service) and one that refuses REDIRECT leave their links "refused" with the server's error; one that sends bytes that are not RESP loses its link; one that answers LOADING (a node starting, e.g. a restarted primary loading its new primary's data as a replica) is retried with the backoff until its link is up, with no worker asking again
--INI--
redis_cluster_pool.cache_test_hooks=1
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../fault/fake.inc';
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_key_seq, cache_wait_key_seq};

$log = sys_get_temp_dir() . '/rcp-fake-cmds-' . getmypid();
$fake = rcp_fake_start(function (array $argv, array $ctx) use ($log) {
    $cmd = strtoupper($argv[0]);
    $i = $ctx['i'];
    file_put_contents($log, "$i: " . implode(' ', $argv) . "\n", FILE_APPEND);
    if ($i === 3) return "this is not RESP\r\n";
    if ($i === 4) {
        // node 4: its first two HELLOs answered LOADING (a node starting), then a RESP3 node
        static $loading = 0;
        if ($cmd === 'HELLO') {
            return $loading++ < 2 ? "-LOADING Redis is loading the dataset in memory\r\n" : "%1\r\n+server\r\n+fake\r\n";
        }
        return $cmd === 'PING' ? "+PONG\r\n" : "+OK\r\n";
    }
    if ($cmd === 'HELLO') {
        return $i === 1 ? "%1\r\n+server\r\n+fake\r\n" : "-ERR unknown command 'HELLO', with args beginning with: '3'\r\n";
    }
    if ($cmd === 'CLIENT' && strtoupper($argv[1]) === 'ID') return ":7\r\n";
    if ($cmd === 'CLIENT' && strtoupper($argv[1]) === 'TRACKING') {
        return match ($i) {
            0 => "+OK\r\n",
            1 => "-ERR unknown subcommand 'TRACKING'. Try CLIENT HELP.\r\n",
            2 => "-ERR REDIRECT is not supported by this service\r\n",
        };
    }
    if ($cmd === 'SUBSCRIBE') return rcp_resp_encode(['subscribe', '__redis__:invalidate', 1]);
    if ($cmd === 'PING') {
        // node 0: with its 3rd PING an invalidation of k1 and k2, with its 5th a null one (FLUSHALL)
        $pre = '';
        if ($ctx['n'] === 6) $pre = rcp_resp_encode(['message', '__redis__:invalidate', ['k1', 'k2']]);
        if ($ctx['n'] === 8) $pre = "*3\r\n\$7\r\nmessage\r\n\$20\r\n__redis__:invalidate\r\n*-1\r\n";
        return $pre . rcp_resp_encode(['pong', '']);
    }
    return "-ERR unexpected\r\n";
}, 5);
[$n0, $n1, $n2, $n3, $n4] = $fake['addrs'];
$c = 'fake-' . getmypid();
$s1 = cache_key_seq($c, 'k1');
$s2 = cache_key_seq($c, 'k2');
echo "no HELLO 3: ", rcp_cache_links($c, [$n0], 'up', [], 10.0) ? 'up' : 'not up', ", mode ", cache_link_state($c, $n0)['mode'], "\n";
echo "its invalidations applied: ", cache_wait_key_seq($c, 'k1', $s1, 5000) > 0 && cache_wait_key_seq($c, 'k2', $s2, 5000) > 0 ? 'yes' : 'no', "\n";
echo "its null invalidation flushes the node: ", rcp_cache_until(fn() => cache_link_state($c, $n0)['flushes'] === 1, 5.0) ? 'yes' : 'no', "\n";
echo "confirmed by PINGs in subscribed mode: ", rcp_cache_until(fn() => cache_link_state($c, $n0)['rtt_us'] > 0, 5.0) ? 'yes' : 'no', "\n";
echo "tracking refused: ", rcp_cache_links($c, [$n1], 'refused') ? 'refused' : 'not refused', ": ", cache_link_state($c, $n1)['last_error'], "\n";
echo "REDIRECT refused: ", rcp_cache_links($c, [$n2], 'refused') ? 'refused' : 'not refused', ": ", cache_link_state($c, $n2)['last_error'], "\n";
echo "not RESP: ", rcp_cache_until(function () use ($c, $n3) {
    cache_link($c, $n3);
    return cache_link_state($c, $n3)['last_error'] !== '';
}, 10.0) ? cache_link_state($c, $n3)['last_error'] : 'no error', "\n";
// asked for once: retried by the listener alone (no cache_link() again), up after the node stops answering LOADING
cache_link($c, $n4);
echo "LOADING: ", rcp_cache_until(fn() => cache_link_state($c, $n4)['state'] === 'up', 20.0) ? 'up' : cache_link_state($c, $n4)['state'],
    ", connects ", cache_link_state($c, $n4)['connects'], "\n";
rcp_fake_stop($fake);
$cmds = file($log, FILE_IGNORE_NEW_LINES);
unlink($log);
$first = [];
foreach ($cmds as $l) {
    [$i, $rest] = explode(': ', $l, 2);
    if ($i === '0' && !in_array($rest, $first, true) && $rest !== 'PING') $first[] = $rest;
}
echo "node 0 was sent: ", implode(' | ', $first), "\n";
?>
--EXPECTF--
no HELLO 3: up, mode 2
its invalidations applied: yes
its null invalidation flushes the node: yes
confirmed by PINGs in subscribed mode: yes
tracking refused: refused: CLIENT TRACKING on BCAST refused: ERR unknown subcommand 'TRACKING'. Try CLIENT HELP.
REDIRECT refused: refused: CLIENT TRACKING on BCAST REDIRECT refused: ERR REDIRECT is not supported by this service
not RESP: the node sent bytes that are not RESP
LOADING: up, connects 1
node 0 was sent: HELLO 3 SETNAME rcp-cache-%d | CLIENT ID | CLIENT TRACKING on BCAST REDIRECT 7 | SUBSCRIBE __redis__:invalidate
