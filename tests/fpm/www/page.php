<?php
// The page the FPM tests request: a few commands, then this worker's counters as JSON.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$opts = ['parameters' => ['read_write_timeout' => (float) ($_GET['rwt'] ?? 5)]];
$pool = new RedisClusterPool($seeds, $opts);
$out = ['pid' => getmypid()];
try {
    if (isset($_GET['block'])) {
        // a reply that arrives after our deadline: the node's clients paused for 1 s (CLIENT PAUSE on a connection
        // of the page's own; a blocking command would be waited for)
        $k = 'fpm:never:' . $_GET['block'];
        $raw = stream_socket_client('tcp://' . $pool->nodeForKey($k), $errno, $errstr, 5);
        fwrite($raw, "*4\r\n\$6\r\nCLIENT\r\n\$5\r\nPAUSE\r\n\$4\r\n1000\r\n\$3\r\nALL\r\n");
        fgets($raw);
        $out['slow'] = $pool->get($k);
    }
    $k = 'fpm:{' . ($_GET['i'] ?? '0') . '}';
    $v = 'v' . ($_GET['i'] ?? '0') . ':' . bin2hex(random_bytes(4));
    $pool->set($k, $v);
    $got = $pool->mget([$k, $k . ':none']);
    $out['own_reply'] = $got[0] === $v && $got[1] === null;
    $pool->del($k);
} catch (RedisClusterPool\Exception $e) {
    $out['exception'] = get_class($e);
}
$out['stats'] = $pool->stats();
echo json_encode($out);
