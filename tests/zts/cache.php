<?php
/*
 * The read cache on real threads (scripts/zts.sh cache, tests/zts/cache_load.php): one request = the staleness
 * checker's read page (benchmarks/www/cache_read.php, as php-fpm serves it to tests/cache/staleness_fpm.phpt:
 * GET, MGET of 10, HGET, HMGET, HGETALL, a pipeline of 4 GET through RedisClusterPool with 'cache' => true) over
 * the checker's key set, while a writer process rewrites the keys with versioned values. The values it saw go to
 * the thread's observation file (the checker's lines: "<op> <key index> <version|-|?text> <read start ns> <read
 * end ns>"); the request prints "OK", or its errors (the page's "E ..." lines). With RCP_ZC_OWN=1 it then writes
 * a key of its own and reads it back at once (own writes drop the key for every thread: the new value, always).
 * Thread 0 (under Apache: every request) writes poolStats()['cache'] (JSON) to RCP_ZC_DIR/stats.json (the driver
 * reads the listener's pid, the hits, the links there: the segment is the server's own).
 *
 * Environment: RCP_TEST_SEEDS, RCP_ZC_DIR (observations, stats), RCP_ZC_TAG, RCP_ZC_S, RCP_ZC_H (the key set:
 * StaleKeys), RCP_ZC_OWN. Run by rcp-embed (tests/zts/embed.c), also in worker mode (the page per handled
 * request), or by Apache event's mod_php (tests/zts/apache.sh: observations in a file per process).
 */
$embed = isset($_SERVER['RCP_EMBED_THREAD']);
$zc = ['dir' => (string) getenv('RCP_ZC_DIR'), 'own' => getenv('RCP_ZC_OWN') === '1',
    // rcp-embed: a file per thread, thread 0 writes the stats; Apache: a file per process, every request the stats
    'thread' => $embed ? (string) (int) $_SERVER['RCP_EMBED_THREAD'] : 'p' . getmypid(),
    'stats' => !$embed || (int) $_SERVER['RCP_EMBED_THREAD'] === 0,
    'get' => ['tag' => (string) getenv('RCP_ZC_TAG'), 's' => (string) getenv('RCP_ZC_S'), 'h' => (string) getenv('RCP_ZC_H'), 'cache' => '1']];

/** One request: "OK" or its errors; the observations appended to the thread's file. */
function zc_request(array $zc): string
{
    $_GET = $zc['get'];
    ob_start();
    try {
        (static function () { include __DIR__ . '/../../benchmarks/www/cache_read.php'; })();
    } finally {
        $out = (string) ob_get_clean();
    }
    $err = implode("\n", array_filter(explode("\n", $out), fn($l) => $l !== '' && $l[0] === 'E'));
    if ($zc['own']) {
        // a key of this thread's own: written, then read at once
        try {
            $pool = new RedisClusterPool(explode(',', (string) getenv('RCP_TEST_SEEDS')), rcp_pool_options(['cache' => true]));
            $id = bin2hex(random_bytes(6));
            $k = "zc{$zc['get']['tag']}:own:$id";
            $pool->set($k, $id, 'EX', 60);
            $v = $pool->get($k);
            if ($v !== $id) $err .= "\nown write: GET $k replied " . json_encode($v) . ", not \"$id\"";
        } catch (Throwable $e) {
            $err .= "\n" . get_class($e) . ': ' . $e->getMessage();
        }
    }
    if ($zc['dir'] !== '') {
        file_put_contents("{$zc['dir']}/obs-{$zc['thread']}", $out, FILE_APPEND);
        if ($zc['stats']) {
            $tmp = "{$zc['dir']}/stats.json." . bin2hex(random_bytes(4));
            file_put_contents($tmp, json_encode(RedisClusterPool::poolStats()['cache'] ?? null));
            rename($tmp, "{$zc['dir']}/stats.json");
        }
    }
    return trim($err) === '' ? 'OK' : trim($err);
}

if (($_SERVER['RCP_EMBED_WORKER'] ?? '0') === '1') {
    while (rcp_embed_handle_request(function () use ($zc): void {
        echo zc_request($zc), "\n";
    })) {
    }
    return;
}
echo zc_request($zc), "\n";
