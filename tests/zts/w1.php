<?php
/*
 * W1, the workload of issue 24: SET, GET and MGET of 10 keys on one hash tag, every value checked; one request
 * = one W1. Prints "OK", or one line saying what was wrong (an exception's class and message, a wrong value).
 * With RCP_W1_CROSS=1 in the environment (or ?cross=1) the MGET's 10 keys are on 10 slots: a cross-slot MGET-10,
 * split over the primaries.
 *
 * Run by Apache's mod_php (tests/zts/apache.sh), by the embed harness (tests/zts/embed.c: in worker mode one
 * client for the worker's life and rcp_embed_handle_request() per request, as FrankenPHP workers run), or by
 * the CLI: `php w1.php setup` writes the MGET's keys (tests/zts/load.sh does before a load).
 * The seeds: RCP_TEST_SEEDS (tests/cluster/cluster.sh's env; tls:// ones when RCP_TEST_TLS=1).
 */
$seeds = explode(',', (string) getenv('RCP_TEST_SEEDS'));
if (getenv('RCP_TEST_TLS') === '1') {
    // a TLS-only cluster (scripts/zts.sh captls): its CA is the ini redis_cluster_pool.tls_cafile
    $seeds = array_map(fn(string $s): string => "tls://$s", $seeds);
}
$cross = getenv('RCP_W1_CROSS') === '1' || isset($_GET['cross']);

/** The MGET's keys (one hash tag, or ten slots) and their values. */
function w1_mget_keys(bool $cross): array
{
    $keys = [];
    for ($i = 0; $i < 10; $i++) $keys[$cross ? "w1:m:$i" : "{w1}:m:$i"] = "m$i";
    return $keys;
}

/** A reply, on one line: an object as its class and string value, anything else as JSON. */
function w1_show(mixed $v): string
{
    return $v instanceof Stringable ? get_class($v) . '(' . json_encode((string) $v) . ')'
        : (is_object($v) ? get_class($v) : json_encode($v, JSON_INVALID_UTF8_SUBSTITUTE));
}

/** One W1 on $pool: "OK" or what was wrong. */
function w1(RedisClusterPool $pool, bool $cross): string
{
    try {
        $id = bin2hex(random_bytes(8));
        $key = "{w1}:r:$id";
        $r = $pool->set($key, $id, 'EX', 60);
        if (!$r instanceof RedisClusterPool\Status || (string) $r !== 'OK') return 'SET replied ' . w1_show($r);
        $v = $pool->get($key);
        if ($v !== $id) return 'GET replied ' . w1_show($v) . ", not $id";
        $want = w1_mget_keys($cross);
        $m = $pool->mget(array_keys($want));
        if ($m !== array_values($want)) return 'MGET replied ' . w1_show($m);
        return 'OK';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}

if (get_included_files()[0] !== __FILE__) {
    return; // included (tests/zts/fatal.php): its functions only
}
if (PHP_SAPI === 'cli' && ($argv[1] ?? '') === 'setup') {
    $pool = new RedisClusterPool($seeds);
    foreach ([false, true] as $c) foreach (w1_mget_keys($c) as $k => $v) $pool->set($k, $v);
    echo w1($pool, false), "\n";
    return;
}
if (($_SERVER['RCP_EMBED_WORKER'] ?? '0') === '1') {
    // worker mode: the client lives as long as the worker, one handled request per W1
    $pool = new RedisClusterPool($seeds);
    while (rcp_embed_handle_request(function () use ($pool, $cross): void {
        echo w1($pool, $cross), "\n";
    })) {
    }
    return;
}
try {
    $pool = new RedisClusterPool($seeds);
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
    return;
}
echo w1($pool, $cross), "\n";
