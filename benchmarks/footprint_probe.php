<?php
/*
 * The memory one GET touches, per client, from valgrind's cache simulator (cachegrind: deterministic):
 *   warm  N GETs in a row: L1 instruction-cache misses per GET (32 KiB, 8-way, 64 B lines, as the host's
 *         cores): code that does not fit in L1i is fetched again on every GET
 *   cold  before every GET, 2 MiB written elsewhere (str_repeat) so that the simulated last-level cache
 *         (1 MiB) holds nothing of the GET: the cache lines (code + data) one GET fetches from memory, as
 *         after the other work of a php-fpm request or when other processes share the CPU's caches
 * Each figure is (run with N GETs - run with 0) / N, minus the same for an empty closure (the PHP loop and
 * the 2 MiB write). Clients: rcp (RedisClusterPool), phpredis (RedisCluster, persistent, cache_slots),
 * redis (phpredis Redis, pconnect to the key's owner).
 *   php -d extension=redis_cluster_pool.so benchmarks/footprint_probe.php [N=200]
 *   (`bash benchmarks/run.sh tail` runs it after tail_probe.php; needs RCP_TEST_SEEDS; RCP_EXT_SO: the .so)
 */
if (($argv[1] ?? '') === '--child') {
    [, , $client, $n, $thrash, $seeds, $key, $node] = $argv;
    ini_set('redis.clusters.cache_slots', '1');
    $seeds = explode(',', $seeds);
    if ($client === 'rcp') { $p = new RedisClusterPool($seeds); $f = fn() => $p->get($key); }
    elseif ($client === 'phpredis') { $c = new RedisCluster(null, $seeds, 1.5, 1.5, true); $f = fn() => $c->get($key); }
    elseif ($client === 'redis') { [$h, $port] = explode(':', $node); $r = new Redis(); $r->pconnect($h, (int) $port, 1.5); $f = fn() => $r->get($key); }
    else $f = fn() => null;
    for ($i = 0; $i < 3; $i++) if ($client !== 'loop' && $f() !== "v:$key") exit("$client: wrong reply\n");
    $junk = '';
    for ($i = 0, $n = (int) $n; $i < $n; $i++) { if ($thrash) { $junk = str_repeat('y', 2 << 20); $junk = ''; } $f(); }
    echo "ok\n";
    exit(0);
}
require __DIR__ . '/lib.inc';
$n = (int) ($argv[1] ?? 200);
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');
$seeds = rcp_seeds();
$pool = new RedisClusterPool($seeds);
$key = spread_keys($pool, 1, 'foot')[0];
$pool->set($key, "v:$key");
$node = $pool->nodeForKey($key);
$run = function (string $client, int $count, int $thrash) use ($so, $seeds, $key, $node): array {
    $out = tempnam(sys_get_temp_dir(), 'cg');
    exec('valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 --cachegrind-out-file='
        . escapeshellarg($out) . ' ' . escapeshellarg(PHP_BINARY) . ' -d ' . escapeshellarg("extension=$so") . ' ' . escapeshellarg(__FILE__)
        . " --child $client $count $thrash " . escapeshellarg(implode(',', $seeds)) . ' ' . escapeshellarg($key) . ' ' . escapeshellarg($node) . ' 2>&1', $lines, $rc);
    $text = (string) @file_get_contents($out);
    @unlink($out);
    if ($rc !== 0 || !in_array('ok', $lines, true) || !preg_match('/^events: (.*)$/m', $text, $e) || !preg_match('/^summary: (.*)$/m', $text, $s)) {
        fwrite(STDERR, "$client x$count failed:\n" . implode("\n", array_slice($lines, -10)) . "\n");
        exit(1);
    }
    return array_combine(explode(' ', trim($e[1])), array_map('intval', explode(' ', trim($s[1]))));
};
$per = [];
foreach (['loop', 'rcp', 'phpredis', 'redis'] as $c) {
    foreach ([0, 1] as $t) {
        $a = $run($c, 0, $t); $b = $run($c, $n, $t);
        foreach ($b as $ev => $v) $per[$c][$t][$ev] = ($v - $a[$ev]) / $n;
    }
}
printf("per GET (%d GETs, minus the PHP loop alone): instructions | warm: L1i misses, L1d misses | cold: 64-byte lines fetched from memory (code + data = total)\n", $n);
foreach (['rcp', 'phpredis', 'redis'] as $c) {
    $w = fn($ev) => max(0, $per[$c][0][$ev] - $per['loop'][0][$ev]);
    $k = fn($ev) => max(0, $per[$c][1][$ev] - $per['loop'][1][$ev]);
    $code = $k('ILmr'); $data = $k('DLmr') + $k('DLmw');
    printf("%-9s %7s | %5.0f %5.0f | %5.0f + %4.0f = %5.0f lines (%.0f KiB)\n", $c, number_format($w('Ir')), $w('I1mr'), $w('D1mr') + $w('D1mw'),
        $code, $data, $code + $data, ($code + $data) * 64 / 1024);
}
