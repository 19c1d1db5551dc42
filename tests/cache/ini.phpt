--TEST--
Cache ini settings: redis_cluster_pool.cache_memory (default 32M; 0 turns the cache off; too small: one startup warning naming it, the cache off, the extension loaded), redis_cluster_pool.cache_max_lag (1..60000 ms), redis_cluster_pool.cache_admit (1 or 2), the test functions only with redis_cluster_pool.cache_test_hooks=1; the segment is reserved, not touched: a fresh process' resident share of it is a small part of its size
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ext = getenv('RCP_EXT_SO') ?: ini_get('extension_dir') . '/redis_cluster_pool.so';
$run = function (string $ini, string $code) use ($php, $ext): string {
    $cmd = escapeshellarg($php) . ' -n -d extension=' . escapeshellarg($ext) . " $ini -d display_startup_errors=1 -r "
        . escapeshellarg($code) . ' 2>&1';
    return trim(preg_replace('/^PHP /m', '', (string) shell_exec($cmd)));
};
echo "defaults: ", ini_get('redis_cluster_pool.cache_memory'), ', ', ini_get('redis_cluster_pool.cache_max_lag'), " ms, admit ",
    ini_get('redis_cluster_pool.cache_admit'), ", hooks ",
    ini_get('redis_cluster_pool.cache_test_hooks') ?: 'off', "\n";
echo "without cache_test_hooks: ", function_exists('RedisClusterPool\Internal\cache_stats') ? 'test functions exist' : 'no test functions', "\n";
$probe = 'try { echo json_encode(RedisClusterPool\Internal\cache_stats() !== null), "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }';
echo "-- cache_memory=100K\n", $run('-d redis_cluster_pool.cache_memory=100K -d redis_cluster_pool.cache_test_hooks=1', $probe), "\n";
echo "-- cache_memory=0\n", $run('-d redis_cluster_pool.cache_memory=0 -d redis_cluster_pool.cache_test_hooks=1',
    'try { RedisClusterPool\Internal\cache_link("c", "127.0.0.1:1"); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }'), "\n";
echo "-- cache_max_lag=0\n", $run('-d redis_cluster_pool.cache_max_lag=0 -d redis_cluster_pool.cache_test_hooks=1', $probe), "\n";
echo "-- cache_max_lag=60001\n", $run('-d redis_cluster_pool.cache_max_lag=60001', 'echo "loaded\n";'), "\n";
echo "-- cache_admit=3\n", $run('-d redis_cluster_pool.cache_admit=3 -d redis_cluster_pool.cache_test_hooks=1', $probe), "\n";
echo "-- cache_memory=8M, cache_max_lag=20\n", $run('-d redis_cluster_pool.cache_memory=8M -d redis_cluster_pool.cache_max_lag=20 -d redis_cluster_pool.cache_test_hooks=1',
    '$s = RedisClusterPool\Internal\cache_stats(); echo $s["memory"], " bytes, ring ", $s["ring_bytes"] >> 20, " MiB, bound ", $s["max_lag_ms"], " ms\n";'), "\n";
echo "-- resident\n", $run('-d redis_cluster_pool.cache_memory=256M', '
    $rss = null;
    foreach (explode("\n", file_get_contents("/proc/self/smaps")) as $l) {
        if (preg_match("/^Size:\s+(\d+) kB/", $l, $m)) $size = (int) $m[1];
        if (preg_match("/^Rss:\s+(\d+) kB/", $l, $m) && ($size ?? 0) === 262144) $rss = (int) $m[1];
    }
    echo "the 256M segment found: ", $rss === null ? "no" : "yes", ", resident under 4 MB: ", $rss !== null && $rss < 4096 ? "yes" : "no ($rss kB)", "\n";'), "\n";
?>
--EXPECTF--
defaults: 32M, 100 ms, admit 2, hooks off
without cache_test_hooks: no test functions
-- cache_memory=100K
Warning: redis_cluster_pool.cache_memory=102400 is too small: with redis_cluster_pool.shm_clusters=8 it needs at least %d bytes (%dK); 0 turns the cache off (the cache is off) in Unknown on line 0
false
-- cache_memory=0
RedisClusterPool\Exception: the cache is off (redis_cluster_pool.cache_memory=0)
-- cache_max_lag=0
Warning: redis_cluster_pool.cache_max_lag must be between 1 and 60000 (milliseconds) (the cache is off) in Unknown on line 0
false
-- cache_max_lag=60001
Warning: redis_cluster_pool.cache_max_lag must be between 1 and 60000 (milliseconds) (the cache is off) in Unknown on line 0
loaded
-- cache_admit=3
Warning: redis_cluster_pool.cache_admit must be 1 (a read's reply is stored from its first miss) or 2 (from its second) (the cache is off) in Unknown on line 0
false
-- cache_memory=8M, cache_max_lag=20
8388608 bytes, ring %d MiB, bound 20 ms
-- resident
the 256M segment found: yes, resident under 4 MB: yes
