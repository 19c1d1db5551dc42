<?php
// The page the FPM tests request: a few commands, then this worker's counters as JSON.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$opts = ['parameters' => ['read_write_timeout' => (float) ($_GET['rwt'] ?? 5)]];
$pool = new RedisClusterPool($seeds, $opts);
$out = ['pid' => getmypid()];
try {
    if (isset($_GET['block'])) {
        // a reply that arrives after our deadline: BLPOP answers nil after 1 s
        $out['blpop'] = $pool->blpop('fpm:never:' . $_GET['block'], 1);
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
