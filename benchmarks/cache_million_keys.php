<?php
/*
 * php -d extension=$PWD/modules/redis_cluster_pool.so -d redis_cluster_pool.cache_memory=64M benchmarks/cache_million_keys.php
 * with RCP_TEST_SEEDS set (tests/cluster/cluster.sh start DIR prints it).
 */
// 1,000,000 keys through the command path with a 64 MiB cache: every key written then read twice (a miss that
// fills, then a read that may hit or miss after eviction): no failed command, every value right, evictions.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$p = new RedisClusterPool($seeds, ['cache' => true]);
$p->get('m1:warm'); usleep(1500000);
$N = 1000000; $B = 1000; $failed = 0; $wrong = 0; $t0 = microtime(true);
for ($i = 0; $i < $N; $i += $B) {
    $kv = [];
    for ($j = $i; $j < $i + $B; $j++) $kv["m1:$j"] = str_repeat('v', 20) . $j;
    try { $p->mset($kv); } catch (Throwable $e) { $failed++; }
    foreach ([0, 1] as $pass) {
        try {
            $r = $p->pipeline(function ($pp) use ($i, $B) { for ($j = $i; $j < $i + $B; $j++) $pp->get("m1:$j"); });
            foreach ($r as $o => $v) if ($v !== str_repeat('v', 20) . ($i + $o)) $wrong++;
        } catch (Throwable $e) { $failed++; }
    }
}
$c = RedisClusterPool::poolStats()['cache'];
printf("keys %d, failed commands %d, wrong values %d, %.0f s; cache: hits %d, misses %d, fills %d, refused (race %d, unconfirmed %d), entries %d, evictions %d, ring %d of %d bytes\n",
    $N, $failed, $wrong, microtime(true) - $t0, $c['counters']['hits'], $c['counters']['misses'], $c['counters']['fills'],
    $c['counters']['fills_refused_race'], $c['counters']['fills_refused_unconfirmed'], $c['entries'], $c['evictions'], $c['ring_used'], $c['ring_bytes']);
// the last keys read again: hits with their exact values
$last = $p->mget(array_map(fn($j) => "m1:$j", range($N - 100, $N - 1)));
$ok = 0; foreach ($last as $o => $v) $ok += $v === str_repeat('v', 20) . ($N - 100 + $o);
echo "the last 100 keys by MGET: $ok right\n";
