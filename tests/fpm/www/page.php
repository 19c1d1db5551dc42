<?php
// The page the FPM tests request: a few commands, then this worker's counters as JSON.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$opts = ['parameters' => ['read_write_timeout' => (float) ($_GET['rwt'] ?? 5)]];
$pool = new RedisClusterPool($seeds, $opts);
$out = ['pid' => getmypid()];
try {
    if (isset($_GET['block'])) {
        // a reply that arrives after our deadline: a script busy for 1 s (a blocking command would be waited for)
        $out['slow'] = $pool->eval('local t = redis.call("TIME") local e = t[1] * 1e6 + t[2] + 1000000 repeat '
            . 't = redis.call("TIME") until t[1] * 1e6 + t[2] >= e return 1', 1, 'fpm:never:' . $_GET['block']);
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
