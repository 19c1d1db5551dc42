<?php
/*
 * The read cache's targets (issue 23), side by side in one run (`bash benchmarks/run.sh [--chart] cache`):
 *   instr  instructions per op under callgrind, the loop of the instr suite ((run with N ops - run with 0) / N, every
 *          reply checked): a GET hit, a MGET-10 all hits (keys over the 3 primaries), a GET miss and a MGET-10 miss
 *          (keys never read before: the miss and its fill), each with the cache on, the same reads with it off,
 *          and phpredis RedisCluster; with the cache, the hits and misses are checked against its counters; plus
 *          the system calls of one op (strace -f, the reading process only, between two markers)
 *   fpm    php-fpm (8 workers, 8 keep-alive clients): benchmarks/www/cache_page.php?w=heavy, 20 GETs of a
 *          10,000-key hot set + one SET per request (~95 % hits in steady state: a key is read 20 times as often
 *          as it is written), rounds interleaved, client order rotated: requests/s, p50/p99, commands received by
 *          the primaries per request (INFO commandstats), the hit rate (poolStats()['cache'])
 *   lag    invalidation lag on loopback under a write storm (tests/cache/stale_checker.inc's StaleWriter on 1,100
 *          other keys): a writer process sets 3 keys (one per primary) to v1, v2... every 1-3 ms through its own
 *          socket; this process polls them (with the cache when the build has it, else without), pausing
 *          RCP_BENCH_LAG_POLL_US between passes (none by default); lag of version N = the end of the first read
 *          returning N or newer - N's acknowledgement; with the cache, also the per node link lag of
 *          poolStats()['cache']
 *   miss   a miss in time, not instructions: GETs of keys never read before, cache off and on, without valgrind, in a
 *          new segment and in a warm one (cache_miss_wall() below; RCP_BENCH_MISS_ROUNDS, _N, _WARM)
 *
 *   php -d extension=redis_cluster_pool.so benchmarks/cache_bench.php ENV_FILE FPM_ADDR OUT_DIR [parts=instr,fpm,lag,miss]
 * Writes OUT_DIR/cache.json (everything) and OUT_DIR/cache_fpm.json (benchmarks/chart.php's format: run.sh --chart
 * draws cache_fpm.png), prints the tables in markdown with the issue's targets. The cache's columns are measured
 * when the build has the cache (tests/cache/stale_cluster.inc: stale_cache_supported()), else shown as n/a.
 * Sizes (environment): RCP_BENCH_REQUESTS (fpm requests per client and round, 1000), RCP_BENCH_ROUNDS (3),
 * RCP_INSTR_SCALE (instr ops: 5 = 5,000 GETs, 1,500 MGET-10s; a run's baseline moves by up to ~40,000 instructions
 * between runs of one build, ~8 per GET at this size), RCP_BENCH_LAG_WRITES (2000), RCP_BENCH_STORM_RATE (writes/s
 * of the storm, 5000), RCP_BENCH_LAG_POLL_US (the lag reader's pause between two passes over its 3 keys, µs; 0, the
 * default: none. A reader that never sleeps takes a core of a 2-core host from the listener and the servers it
 * measures; 4 whole runs each way on such a host gave the same p99: benchmarks/results/2026-11-28-cache-s16/),
 * RCP_CACHE_SETTLE_MS (instr: how long the cache's link gets to come up under valgrind, 3000).
 */
require __DIR__ . '/../tests/cache/stale_cluster.inc';
if (($argv[1] ?? '') === '--child') { cache_instr_child(json_decode($argv[2], true)); exit(0); }
require __DIR__ . '/lib.inc';
[$_, $envFile, $addr, $outDir] = $argv + [null, null, null, null];
$env = $envFile ? parse_ini_file($envFile) : false;
if (!$env || !$addr || !$outDir) exit("usage: php benchmarks/cache_bench.php ENV_FILE FPM_ADDR OUT_DIR [instr,fpm,lag]\n");
$parts = explode(',', $argv[4] ?? 'instr,fpm,lag,miss');
foreach (['RCP_TEST_SEEDS', 'RCP_TEST_PRIMARIES'] as $v) putenv("$v={$env[$v]}");
$seeds = rcp_seeds();
$cache = stale_cache_supported($seeds);
$hasCache = $cache === true;
$res = ['date' => date('c'), 'cache_supported' => $hasCache, 'cache_unsupported_reason' => $hasCache ? null : $cache,
    'php' => PHP_VERSION, 'phpredis' => phpversion('redis') ?: null, 'rcp' => phpversion('redis_cluster_pool')];
fprintf(STDERR, "cache: %s\n", $hasCache ? 'supported, measured' : "not in this build ($cache): its columns are n/a");
if (in_array('instr', $parts, true)) $res['instr'] = cache_instr($seeds, $hasCache);
if (in_array('fpm', $parts, true)) $res['fpm'] = cache_fpm($addr, $hasCache, "$outDir/cache_fpm.json");
if (in_array('lag', $parts, true)) $res['lag'] = cache_lag($seeds, $hasCache);
if (in_array('miss', $parts, true) && $hasCache) $res['miss_wall'] = cache_miss_wall($seeds);
file_put_contents("$outDir/cache.json", json_encode($res, JSON_PRETTY_PRINT) . "\n");
echo cache_tables($res);

/* ---- instr ------------------------------------------------------------------------------------------------------ */

function cache_instr(array $seeds, bool $hasCache): array
{
    $so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');
    $scale = (float) (getenv('RCP_INSTR_SCALE') ?: 5);
    // get_miss: a key never read before (the read's first miss: its reply not stored under cache_admit=2, the
    // default); get_miss2: a key read once before the loop (its second miss: its reply stored, the fill)
    $n = ['get_hit' => 1000, 'mget10_hit' => 300, 'get_miss' => 1000, 'get_miss2' => 1000, 'mget10_miss' => 300];
    $n = array_map(fn($x) => max(1, (int) round($x * $scale)), $n);
    $pool = new RedisClusterPool($seeds);
    $k10 = spread_keys($pool, 10, 'cbi10');
    $tag = bin2hex(random_bytes(3));
    // the keys of the misses: never read before, one new key per GET, ten per MGET (written now, values "v:<key>")
    $spec = ['seeds' => $seeds, 'one' => $k10[0], 'k10' => $k10, 'miss' => "cbm$tag", 'sizes' => $n, 'settle_ms' => (int) (getenv('RCP_CACHE_SETTLE_MS') ?: 3000)];
    $all = $k10;
    $clients = ['off' => 'redis_cluster_pool, cache off'] + ($hasCache ? ['cache' => "redis_cluster_pool, 'cache' => true"] : [])
        + (extension_loaded('redis') ? ['phpredis' => 'phpredis RedisCluster'] : []) + ['loop' => 'PHP loop alone'];
    foreach (array_keys($clients) as $c) {
        $all[] = "cbm$tag:$c:check";
        foreach (['get_miss' => 1, 'get_miss2' => 1, 'mget10_miss' => 10] as $op => $per) for ($i = 0; $i < $per * $n[$op]; $i++) $all[] = "cbm$tag:$c:$op:$i";
    }
    foreach (array_chunk($all, 200) as $ch) $pool->pipeline(function ($p) use ($ch) { foreach ($ch as $k) $p->set($k, "v:$k"); });
    $run = function (string $client, string $op, int $count, bool $strace = false) use ($so, $spec): array {
        $out = tempnam(sys_get_temp_dir(), 'cg');
        $arg = json_encode(['client' => $client, 'op' => $op, 'n' => $count, 'strace' => $strace] + $spec);
        $php = escapeshellarg(PHP_BINARY) . ' -d ' . escapeshellarg("extension=$so") . ' -d redis_cluster_pool.refresh_interval=0'
            // the bound at its largest: a link confirmed by a listener running under valgrind is still confirmed
            . ' -d redis_cluster_pool.cache_max_lag=60000 -d redis.clusters.cache_slots=1 ' . escapeshellarg(__FILE__) . ' --child ' . escapeshellarg($arg);
        $cmd = $strace ? 'strace -o ' . escapeshellarg($out) . " $php 2>&1"
            : 'valgrind --tool=callgrind --callgrind-out-file=' . escapeshellarg("$out.%p") . " $php 2>&1";
        exec($cmd, $lines, $rc);
        $ok = preg_grep('/^ok \d+$/', $lines);
        if ($rc !== 0 || !$ok) {
            fwrite(STDERR, "$client $op x$count failed (exit $rc):\n" . implode("\n", array_slice($lines, -15)) . "\n");
            exit(1);
        }
        $pid = (int) substr(reset($ok), 3);
        if ($strace) {
            // the reading process' system calls (not its children's: no -f) between the two markers (stat() of two
            // files that do not exist)
            $in = false; $calls = 0;
            foreach (file($out) as $l) {
                if (str_contains($l, 'rcp-cache-bench-begin')) { $in = true; continue; }
                if (str_contains($l, 'rcp-cache-bench-end')) break;
                if ($in) $calls++;
            }
            @unlink($out);
            return [$calls];
        }
        // callgrind writes one file per process (%p): the listener the cache forks has its own
        preg_match('/^summary: (\d+)/m', (string) @file_get_contents("$out.$pid"), $m);
        foreach (glob("$out*") as $f) @unlink($f);
        if (!isset($m[1])) { fwrite(STDERR, "$client $op: no callgrind summary\n"); exit(1); }
        $stats = preg_grep('/^stats /', $lines);
        return [(int) $m[1], $stats ? json_decode(substr(reset($stats), 6), true) : null];
    };
    $ir = []; $checks = [];
    foreach ($clients as $c => $_) {
        [$base] = $run($c, 'get_hit', 0);
        [$base2] = $run($c, 'get_miss2', 0); // (its child reads its keys once before the loop, whatever N)
        foreach ($n as $op => $cnt) {
            [$total, $stats] = $run($c, $op, $cnt);
            $ir[$op][$c] = (int) round(($total - ($op === 'get_miss2' ? $base2 : $base)) / $cnt);
            if ($op === 'get_miss2' && !empty($stats['hits'])) {
                // the few reads the cache stored at their first miss (a collision in its seen bitmap), hits here: out
                // of the figure at the cost of a hit measured above
                $ir[$op][$c] = (int) round(($total - $base2 - $stats['hits'] * $ir['get_hit'][$c]) / ($cnt - $stats['hits']));
            }
            if ($stats) $checks[$op] = $stats;
        }
        fprintf(STDERR, "instr %-9s %s\n", $c, implode('  ', array_map(fn($op) => "$op " . $ir[$op][$c], array_keys($n))));
    }
    $sys = [];
    if (trim((string) shell_exec('command -v strace'))) {
        foreach (array_diff(array_keys($clients), ['loop']) as $c) foreach (['get_hit', 'get_miss'] as $op) $sys[$op][$c] = round($run($c, $op, 100, true)[0] / 100, 2);
    }
    return ['clients' => $clients, 'ops_counted' => $n, 'instructions_per_op' => $ir, 'syscalls_per_op' => $sys, 'cache_checks' => $checks];
}

/**
 * What a miss costs in time, not instructions: the same child, without valgrind and with the ini's defaults, times N
 * GETs of keys never read before (the miss and its fill), cache off and on in alternating order, RCP_BENCH_MISS_ROUNDS
 * rounds (7) of RCP_BENCH_MISS_N GETs (5,000), each round on keys of its own; in a new segment (cold: each child is a
 * new CLI process, whose segment is its own) and after RCP_BENCH_MISS_WARM reads (20,000) of keys that do not exist
 * (warm: the pages the misses touch are mapped). µs per GET: every round's mean, and the median round.
 */
function cache_miss_wall(array $seeds): array
{
    $so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');
    $rounds = max(1, (int) (getenv('RCP_BENCH_MISS_ROUNDS') ?: 7));
    $n = max(1, (int) (getenv('RCP_BENCH_MISS_N') ?: 5000));
    $warmN = max(1, (int) (getenv('RCP_BENCH_MISS_WARM') ?: 20000));
    $pool = new RedisClusterPool($seeds);
    $tag = bin2hex(random_bytes(3));
    $one = spread_keys($pool, 1, 'cbw1')[0];
    $pool->set($one, "v:$one");
    $spec = ['seeds' => $seeds, 'one' => $one, 'k10' => array_fill(0, 10, $one)];
    $out = [];
    foreach (['cold' => 0, 'warm' => $warmN] as $seg => $warm) {
        $us = ['off' => [], 'cache' => []];
        for ($r = 0; $r < $rounds; $r++) {
            $miss = "cbw$tag$seg$r";
            $keys = [];
            foreach (array_keys($us) as $c) {
                $keys[] = "$miss:$c:check";
                for ($i = 0; $i < $n; $i++) $keys[] = "$miss:$c:get_miss:$i";
            }
            foreach (array_chunk($keys, 500) as $ch) $pool->pipeline(function ($p) use ($ch) { foreach ($ch as $k) $p->set($k, "v:$k"); });
            foreach ($r % 2 ? ['cache', 'off'] : ['off', 'cache'] as $c) {
                $arg = json_encode(['client' => $c, 'op' => 'get_miss', 'n' => $n, 'strace' => false, 'wall' => true, 'warm' => $warm,
                    'miss' => $miss, 'sizes' => ['get_hit' => 1, 'mget10_hit' => 1, 'get_miss' => $n, 'mget10_miss' => 1], 'settle_ms' => 500] + $spec);
                $lines = [];
                exec(escapeshellarg(PHP_BINARY) . ' -d ' . escapeshellarg("extension=$so") . ' ' . escapeshellarg(__FILE__) . ' --child '
                    . escapeshellarg($arg) . ' 2>&1', $lines, $rc);
                $w = preg_grep('/^wall \d+$/', $lines);
                if ($rc !== 0 || !$w) { fwrite(STDERR, "miss wall $c failed (exit $rc):\n" . implode("\n", array_slice($lines, -15)) . "\n"); exit(1); }
                $us[$c][] = round((int) substr(reset($w), 5) / 1000 / $n, 2);
            }
        }
        $med = function (array $v) { sort($v); return $v[intdiv(count($v), 2)]; };
        fprintf(STDERR, "miss wall, %s segment, µs/GET: off %s; cache %s\n", $seg, implode(' ', $us['off']), implode(' ', $us['cache']));
        $out[$seg] = ['warm_reads' => $warm, 'us_per_get' => $us, 'median_us' => ['off' => $med($us['off']), 'cache' => $med($us['cache'])]];
    }
    return ['rounds' => $rounds, 'gets_per_round' => $n] + $out;
}

/** One measured process: the client, the cache's link up (with the cache), two warm-up passes, then N ops of one kind. */
function cache_instr_child(array $s): void
{
    $seeds = $s['seeds'];
    $c = $s['client'];
    // the misses' keys, made before the loop and the same in every run of the client (whatever the op and N), so that
    // (run with N - run with 0) holds the ops only
    $gk = []; $mk = [];
    for ($i = 0; $i < $s['sizes']['get_miss']; $i++) $gk[] = "{$s['miss']}:$c:get_miss:$i";
    $gk2 = [];
    for ($i = 0; $i < ($s['sizes']['get_miss2'] ?? 0); $i++) $gk2[] = "{$s['miss']}:$c:get_miss2:$i";
    for ($i = 0; $i < $s['sizes']['mget10_miss']; $i++) { $ks = []; for ($j = 0; $j < 10; $j++) $ks[] = "{$s['miss']}:$c:mget10_miss:" . (10 * $i + $j); $mk[] = $ks; }
    $next = 0;
    $p = match ($c) {
        'off', 'cache' => new RedisClusterPool($seeds, $c === 'cache' ? ['cache' => true] : []),
        'phpredis' => new RedisCluster(null, $seeds, 1.5, 1.5, true),
        'loop' => null,
        default => exit("unknown client $c\n"),
    };
    // one closure per op calling the client directly, as in benchmarks/instr_table.php (the same code for
    // RedisClusterPool and RedisCluster); the loop alone: the same closures without the client
    $f = $p ? ['get_hit' => fn() => $p->get($s['one']), 'mget10_hit' => fn() => $p->mget($s['k10']),
        'get_miss' => function () use ($p, $gk, &$next) { return $p->get($gk[$next++]); },
        'get_miss2' => function () use ($p, $gk2, &$next) { return $p->get($gk2[$next++]); },
        'mget10_miss' => function () use ($p, $mk, &$next) { return $p->mget($mk[$next++]); }]
        : ['get_hit' => fn() => null, 'mget10_hit' => fn() => null,
        'get_miss' => function () use ($gk, &$next) { return $gk[$next++]; },
        'get_miss2' => function () use ($gk2, &$next) { return $gk2[$next++]; },
        'mget10_miss' => function () use ($mk, &$next) { return $mk[$next++]; }];
    $want = ['get_hit' => "v:{$s['one']}", 'mget10_hit' => array_map(fn($k) => "v:$k", $s['k10'])];
    if ($p && $p->get("{$s['miss']}:$c:check") !== "v:{$s['miss']}:$c:check") exit("$c: the keys of the misses are not there\n");
    if ($c === 'cache') {
        // the first reads ask for the links (the listener starts in the CLI on first use); a fixed wait, not a poll, so
        // that every run spends the same instructions before the loop
        $f['get_hit'](); $f['mget10_hit']();
        usleep($s['settle_ms'] * 1000);
    }
    for ($w = 0; $w < 2; $w++) {
        foreach ($want as $op => $v) if ($f[$op]() !== $v && $p) exit("$c $op: unexpected reply\n");
    }
    // get_miss2's keys read once (their first misses), in every run of that op (N = 0 included). (A few the cache
    // stores at that first read, their bit in the seen bitmap set by another read's: their reads in the loop are
    // hits, counted, and taken out of the figure by the parent)
    if ($s['op'] === 'get_miss2' && $p) foreach ($gk2 as $k) $p->get($k);
    if (!empty($s['wall'])) {
        // timed: every client after the same pause (the cache's settle: a core left idle runs slower at first), then
        // 50 ms of spinning, so that the loop starts on a busy core whichever the client
        if ($c !== 'cache') usleep($s['settle_ms'] * 1000);
        // 'warm' reads of keys that do not exist first (the cache stores their nil): the segment's pages the misses
        // touch (the index's, the key sequences') are then mapped, as in a segment that has served for a while
        $wt = bin2hex(random_bytes(4));
        for ($i = 0; $i < ($s['warm'] ?? 0); $i++) $p->get("cbnx:$wt:$i");
        for ($e = hrtime(true) + 50000000; hrtime(true) < $e;);
    }
    $before = $c === 'cache' ? stale_counters_now() : null;
    $fn = $f[$s['op']];
    if ($s['strace']) @stat('/rcp-cache-bench-begin');
    $t0 = hrtime(true);
    for ($i = 0; $i < $s['n']; $i++) $fn();
    $t1 = hrtime(true);
    if ($s['strace']) @stat('/rcp-cache-bench-end');
    if (!empty($s['wall'])) echo 'wall ', $t1 - $t0, "\n";
    if ($c === 'cache') {
        $after = stale_counters_now();
        $d = fn($k) => ($after[$k] ?? 0) - ($before[$k] ?? 0);
        $hits = $d('hits'); $misses = $d('misses');
        // the figure is of what it says: hits only (or misses only), at least one per op (the counters may count
        // MGET's keys or its calls)
        if ($s['n'] > 0 && str_ends_with($s['op'], '_hit') && ($hits < $s['n'] || $misses > 0)) {
            exit("cache {$s['op']}: $hits hits and $misses misses in {$s['n']} ops: the links were not up (raise RCP_CACHE_SETTLE_MS)\n");
        }
        if ($s['n'] > 0 && str_ends_with($s['op'], '_miss') && ($misses < $s['n'] || $hits > 0)) exit("cache {$s['op']}: $misses misses and $hits hits in {$s['n']} ops\n");
        if ($s['n'] > 0 && $s['op'] === 'get_miss2' && ($hits > $s['n'] / 100 || $misses + $hits < $s['n'] || $d('fills') < $misses)) {
            exit("cache get_miss2: $misses misses, $hits hits, {$d('fills')} fills in {$s['n']} ops\n");
        }
        echo 'stats ', json_encode(['hits' => $hits, 'misses' => $misses, 'fills' => $d('fills')]), "\n";
    }
    echo 'ok ', getmypid(), "\n";
}

function stale_counters_now(): array
{
    return stale_cache_figures(RedisClusterPool::poolStats()['cache'] ?? null)['counters'] ?? [];
}

/* ---- fpm -------------------------------------------------------------------------------------------------------- */

function cache_fpm(string $addr, bool $hasCache, string $chartJson): array
{
    $page = __DIR__ . '/www/cache_page.php';
    $hot = 10000;
    $perRound = (int) (getenv('RCP_BENCH_REQUESTS') ?: 1000);
    $rounds = (int) (getenv('RCP_BENCH_ROUNDS') ?: 3);
    $conc = 8;
    // the load driver: C by default (benchmarks/fcgi_load.c); RCP_BENCH_DRIVER=php for the PHP one the earlier runs used
    $driver = getenv('RCP_BENCH_DRIVER') ?: 'c';
    $pool = new RedisClusterPool(rcp_seeds());
    $clients = ($hasCache ? ['rcp_cache' => "redis_cluster_pool, 'cache' => true"] : []) + ['rcp_nocache' => 'redis_cluster_pool, no cache']
        + (extension_loaded('redis') ? ['phpredis' => 'phpredis RedisCluster (persistent, cache_slots)'] : []);
    // each client its own hot set ("hot:<client>:<i>", the page's keys): the other clients' rounds write one key a
    // request too, and on a shared set they invalidated ~2,000 of the cached client's keys between its rounds (its
    // hit rate then 87.7 % where the workload's own 1 write per 20 reads gives ~95 %)
    foreach ($clients as $c => $_) {
        foreach (array_chunk(range(0, $hot - 1), 500) as $ch) $pool->pipeline(function ($p) use ($ch, $c) { foreach ($ch as $i) $p->set("hot:$c:$i", "v$i"); });
    }
    $q = fn($c) => "w=heavy&client=$c&n=$hot";
    $stats = fn() => stale_cache_figures(json_decode((new RcpFcgi($addr))->get($page, 'w=stats&client=rcp_cache'), true));
    // warm-up: every worker's connections, and with the cache the steady state: 5,000 requests, the hot set read ~10
    // times over (20 reads a request; a read's reply is stored from its second miss, redis_cluster_pool.cache_admit)
    foreach ($clients as $c => $_) drive($addr, $page, $q($c), $c === 'rcp_cache' ? 5000 : 200, $conc, $driver);
    $acc = array_fill_keys(array_keys($clients), ['wall' => 0.0, 'lat' => [], 'bad' => 0, 'calls' => 0, 'driver_us' => 0.0, 'n' => 0, 'rps' => [], 'hits' => 0, 'misses' => 0]);
    for ($round = 0; $round < $rounds; $round++) {
        foreach (rotate(array_keys($clients), $round) as $c) {
            $s0 = $c === 'rcp_cache' ? $stats() : null;
            [$c0] = node_stats();
            [$wall, $lat, $bad, $drvUs] = drive($addr, $page, $q($c), $perRound, $conc, $driver);
            [$c1] = node_stats();
            $a = &$acc[$c];
            $a['wall'] += $wall; $a['lat'] = array_merge($a['lat'], $lat); $a['bad'] += $bad; $a['n'] += $perRound; $a['driver_us'] += $drvUs * $perRound;
            $a['rps'][] = round($perRound / $wall); $a['calls'] += $c1 - $c0;
            if ($s0) { $h = stale_hit_rate($s0, $stats()); $a['hits'] += $h['hits'] ?? 0; $a['misses'] += $h['misses'] ?? 0; }
            unset($a);
        }
    }
    $rows = [];
    foreach ($clients as $c => $label) {
        $a = $acc[$c];
        $rows[] = ['workload' => 'read-heavy', 'client' => $c, 'label' => $label, 'requests' => $a['n'], 'rps' => round($a['n'] / $a['wall'], 1),
            'rps_per_round' => $a['rps'], 'p50_ms' => round(pct($a['lat'], 0.5), 3), 'p99_ms' => round(pct($a['lat'], 0.99), 3),
            'server_cmds_per_request' => round($a['calls'] / $a['n'], 2), 'failed' => $a['bad'],
            'driver_cpu_us_per_request' => round($a['driver_us'] / $a['n']),
            'hit_rate' => $a['hits'] + $a['misses'] ? round($a['hits'] / ($a['hits'] + $a['misses']), 4) : null];
    }
    $r = ['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'), 'workers' => 8, 'concurrency' => $conc, 'driver' => $driver,
        'rounds' => $rounds, 'requests_per_round' => $perRound, 'hot_keys' => $hot, 'reads_per_request' => 20, 'writes_per_request' => 1, 'results' => $rows];
    file_put_contents($chartJson, json_encode($r, JSON_PRETTY_PRINT) . "\n");
    return $r;
}

/* ---- lag -------------------------------------------------------------------------------------------------------- */

function cache_lag(array $seeds, bool $hasCache): array
{
    $writes = (int) (getenv('RCP_BENCH_LAG_WRITES') ?: 2000);
    $rate = (int) (getenv('RCP_BENCH_STORM_RATE') ?: 5000);
    $tmp = sys_get_temp_dir() . '/rcp-cache-lag-' . getmypid();
    @mkdir($tmp);
    $pool = new RedisClusterPool($seeds, $hasCache ? ['cache' => true] : []);
    $keys = spread_keys($pool, 3, 'cbl' . bin2hex(random_bytes(2)));
    foreach ($keys as $k) $pool->set($k, 'v0');
    // the storm, on keys of its own
    $storm = new StaleKeys(bin2hex(random_bytes(3)), 1000, 100);
    touch("$tmp/storm.run");
    $stormPid = pcntl_fork();
    if ($stormPid === 0) {
        (new StaleWriter($storm, $seeds, "$tmp/storm.log", false, 8, $rate))->run("$tmp/storm.ready", "$tmp/storm.run");
        posix_kill(getmypid(), SIGKILL);
    }
    while (!file_exists("$tmp/storm.ready")) usleep(20000);
    // the reader's links up before the first write (with the cache): its first reads ask for them
    $end = microtime(true) + 5;
    do { foreach ($keys as $k) $pool->get($k); usleep(10000); } while ($hasCache && microtime(true) < $end
        && !array_filter(stale_cache_figures(RedisClusterPool::poolStats()['cache'] ?? null)['links'] ?? [], fn($l) => $l['state'] === 'up'));
    $owner = array_map(fn($k) => $pool->nodeForKey($k), $keys);
    $writerPid = pcntl_fork();
    if ($writerPid === 0) {
        $conns = [];
        $acks = [];
        for ($j = 1; $j <= $writes; $j++) {
            usleep(mt_rand(1000, 3000));
            $k = $keys[$j % 3];
            $node = $owner[$j % 3];
            $conns[$node] ??= new StaleConn($node);
            $r = $conns[$node]->cmd(5.0, 'SET', $k, "v$j");
            $acks[$j] = $r === 'OK' ? hrtime(true) : 0;
        }
        file_put_contents("$tmp/acks", json_encode($acks));
        posix_kill(getmypid(), SIGKILL);
    }
    // per key: the version seen last, and the start of the latest read that returned it
    $seen = [0, 0, 0]; $seenFrom = [0, 0, 0]; $first = []; $oldUntil = []; $linkLag = []; $polls = 0; $nextSample = 0;
    // a pause between passes, if asked for (the kernel's timer slack adds ~50 us to it): the figures' resolution
    $pauseUs = (int) getenv('RCP_BENCH_LAG_POLL_US');
    while (!file_exists("$tmp/acks")) {
        if ($pauseUs > 0) usleep($pauseUs);
        foreach ($keys as $i => $k) {
            $t0 = hrtime(true);
            $v = $pool->get($k);
            $t1 = hrtime(true);
            $polls++;
            $ver = (int) substr((string) $v, 1);
            if ($ver > $seen[$i]) {
                for ($x = $seen[$i] + 1; $x <= $ver; $x++) if ($x % 3 === $i) { $first[$x] = $t1; $oldUntil[$x] = $seenFrom[$i]; }
                $seen[$i] = $ver;
            }
            $seenFrom[$i] = $t0;
        }
        if ($hasCache && $t1 > $nextSample) {
            foreach (stale_cache_figures(RedisClusterPool::poolStats()['cache'] ?? null)['links'] ?? [] as $l) if (($l['lag_ms'] ?? -1) >= 0) $linkLag[] = $l['lag_ms'];
            $nextSample = $t1 + 100_000_000;
        }
    }
    pcntl_waitpid($writerPid, $st);
    unlink("$tmp/storm.run");
    pcntl_waitpid($stormPid, $st);
    $acks = json_decode(file_get_contents("$tmp/acks"), true);
    $stormWrites = count(file("$tmp/storm.log"));
    exec('rm -rf ' . escapeshellarg($tmp));
    // the new value was seen by the end of the first read returning it (an upper bound of the lag: it includes the gaps
    // of the polling loop, when the reader is not scheduled), and the old one was still served by the start of the
    // latest read returning it (a lower bound: the cache served an overwritten value that long; 0 without a cache)
    $lags = []; $lower = [];
    foreach ($acks as $j => $a) if ($a > 0 && isset($first[$j])) { $lags[] = max(0, $first[$j] - $a) / 1000; $lower[] = max(0, $oldUntil[$j] - $a) / 1000; }
    $q = fn(array $l) => $l ? ['p50' => round(pct($l, 0.5), 1), 'p99' => round(pct($l, 0.99), 1), 'max' => round(max($l), 1)] : null;
    return ['reader' => $hasCache ? "'cache' => true" : 'no cache', 'writes' => $writes, 'measured' => count($lags), 'polls' => $polls,
        'pause_us' => $pauseUs,
        'storm_writes' => $stormWrites, 'storm_rate_limit' => $rate, 'lag_us' => $q($lags), 'old_value_served_us' => $q($lower),
        'link_lag_ms' => $linkLag ? ['p50' => pct($linkLag, 0.5), 'p99' => pct($linkLag, 0.99), 'max' => max($linkLag), 'samples' => count($linkLag)] : null];
}

/* ---- the tables ------------------------------------------------------------------------------------------------- */

function cache_tables(array $r): string
{
    $o = '';
    $row = fn(array $cells) => '| ' . implode(' | ', $cells) . " |\n";
    $na = 'n/a';
    $fmt = fn($v, $d = 0) => $v === null ? $na : number_format((float) $v, $d);
    $met = fn(?bool $b) => $b === null ? $na : ($b ? 'met' : 'not met');
    $targets = [];
    if ($i = $r['instr'] ?? null) {
        $ir = $i['instructions_per_op'];
        $o .= "### Instructions per op (callgrind; PHP {$r['php']}, phpredis " . ($r['phpredis'] ?? '-') . ")\n\n";
        $cols = array_diff_key($i['clients'], ['loop' => 1]);
        $o .= $row(array_merge(['op'], array_values($cols), ['PHP loop alone', 'system calls per op (cache / off)']));
        $o .= $row(array_fill(0, count($cols) + 3, '---'));
        $labels = ['get_hit' => 'GET, a hit', 'mget10_hit' => 'MGET-10 over 3 primaries, all hits', 'get_miss' => 'GET, a miss (key never read: not stored)',
            'get_miss2' => 'GET, a miss that fills (key read once before)', 'mget10_miss' => 'MGET-10, all misses'];
        foreach ($labels as $op => $label) {
            $o .= $row(array_merge([$label], array_map(fn($c) => $fmt($ir[$op][$c] ?? null), array_keys($cols)), [$fmt($ir[$op]['loop'] ?? null),
                isset($i['syscalls_per_op'][$op]) ? ($i['syscalls_per_op'][$op]['cache'] ?? $na) . ' / ' . ($i['syscalls_per_op'][$op]['off'] ?? $na) : '']));
        }
        $o .= "\n";
        $c = fn($op) => $ir[$op]['cache'] ?? null;
        $targets[] = ['a hit: instructions per GET', '≤ 1,000', $fmt($c('get_hit')), $met($c('get_hit') === null ? null : $c('get_hit') <= 1000)];
        $targets[] = ['a hit: system calls per GET', '0', $i['syscalls_per_op']['get_hit']['cache'] ?? $na,
            $met(isset($i['syscalls_per_op']['get_hit']['cache']) ? $i['syscalls_per_op']['get_hit']['cache'] == 0 : null)];
        $targets[] = ['MGET-10 all hits: instructions', '≤ 3,000', $fmt($c('mget10_hit')), $met($c('mget10_hit') === null ? null : $c('mget10_hit') <= 3000)];
        $mr = $c('get_miss') === null ? null : $c('get_miss') / $ir['get_miss']['off'];
        $targets[] = ['a miss: instructions vs the same GET, cache off', '≤ 1.10×', $mr === null ? $na : sprintf('%.3f× (%s vs %s)', $mr, $fmt($c('get_miss')), $fmt($ir['get_miss']['off'])), $met($mr === null ? null : $mr <= 1.10)];
        $mr2 = $c('get_miss2') === null || !isset($ir['get_miss2']['off']) ? null : $c('get_miss2') / $ir['get_miss2']['off'];
        $targets[] = ['a miss that fills (the read\'s second): instructions vs the same GET, cache off', '(no target)', $mr2 === null ? $na : sprintf('%.3f× (%s vs %s)', $mr2, $fmt($c('get_miss2')), $fmt($ir['get_miss2']['off'])), ''];
    }
    if ($f = $r['fpm'] ?? null) {
        $drv = ($f['driver'] ?? 'php') === 'c' ? 'the C load driver, benchmarks/fcgi_load.c' : 'the PHP load driver, tests/fpm/fcgi.inc';
        $o .= "### php-fpm, read-heavy page ({$f['workers']} workers, {$f['concurrency']} clients of $drv, {$f['rounds']} rounds x {$f['requests_per_round']} requests; 20 GETs of {$f['hot_keys']} hot keys + 1 SET)\n\n";
        $o .= $row(['client', 'req/s (round min–max)', 'p50 ms', 'p99 ms', 'commands received / request', 'hit rate', 'failed', "the driver's CPU / request"]);
        $o .= $row(array_fill(0, 8, '---'));
        $by = [];
        foreach ($f['results'] as $x) {
            $by[$x['client']] = $x;
            $o .= $row([$x['label'], sprintf('%s (%s–%s)', $fmt($x['rps']), $fmt(min($x['rps_per_round'])), $fmt(max($x['rps_per_round']))), $fmt($x['p50_ms'], 2),
                $fmt($x['p99_ms'], 2), $fmt($x['server_cmds_per_request'], 2), $x['hit_rate'] === null ? '—' : sprintf('%.1f %%', $x['hit_rate'] * 100), $x['failed'],
                isset($x['driver_cpu_us_per_request']) ? $fmt($x['driver_cpu_us_per_request']) . ' µs' : '—']);
        }
        $o .= "\n";
        $on = $by['rcp_cache'] ?? null;
        $ratio = fn($a, $b, $k) => $a && $b && $b[$k] > 0 ? $a[$k] / $b[$k] : null;
        $x = $ratio($on, $by['rcp_nocache'] ?? null, 'rps');
        $targets[] = ['php-fpm req/s vs the cache off', '≥ 2.5×', $x === null ? $na : sprintf('%.2f×', $x), $met($x === null ? null : $x >= 2.5)];
        $x = $ratio($on, $by['phpredis'] ?? null, 'rps');
        $targets[] = ['php-fpm req/s vs phpredis RedisCluster', '≥ 3×', $x === null ? $na : sprintf('%.2f×', $x), $met($x === null ? null : $x >= 3)];
        $x = $ratio($by['rcp_nocache'] ?? null, $on, 'server_cmds_per_request');
        $targets[] = ['commands received by the servers, cache off / on', '≥ 8×', $x === null ? $na : sprintf('%.1f× (%s vs %s per request)', $x,
            $fmt($by['rcp_nocache']['server_cmds_per_request'], 2), $fmt($on['server_cmds_per_request'], 2)), $met($x === null ? null : $x >= 8)];
    }
    if ($l = $r['lag'] ?? null) {
        $o .= "### Invalidation lag on loopback under a write storm ({$l['reader']}; {$l['measured']} of {$l['writes']} writes measured, storm {$l['storm_writes']} writes; "
            . (($l['pause_us'] ?? 0) > 0 ? "the reader pauses {$l['pause_us']} µs between its passes" : 'the reader polls without a pause') . ")\n\n";
        $o .= $row(["after the write's acknowledgement (reader {$l['reader']})", 'p50 µs', 'p99 µs', 'max µs']);
        $o .= $row(['---', '---', '---', '---']);
        foreach (['lag_us' => 'the new value seen by (end of the first read returning it)', 'old_value_served_us' => 'the old value still served at (start of the last read returning it)'] as $k => $label) {
            $o .= $row([$label, $fmt($l[$k]['p50'] ?? null, 1), $fmt($l[$k]['p99'] ?? null, 1), $fmt($l[$k]['max'] ?? null, 1)]);
        }
        if ($l['link_lag_ms']) $o .= "\nthe cache's own link lag (poolStats, ms): p50 {$l['link_lag_ms']['p50']}, p99 {$l['link_lag_ms']['p99']}, max {$l['link_lag_ms']['max']} ({$l['link_lag_ms']['samples']} samples)\n";
        $o .= "\n";
        $p99 = $r['cache_supported'] ? ($l['lag_us']['p99'] ?? null) : null;
        $targets[] = ['invalidation lag p99 (loopback, storm)', '≤ 1 ms', $p99 === null ? ($l['lag_us'] ? "$na (no cache: {$l['lag_us']['p99']} µs)" : $na) : "$p99 µs", $met($p99 === null ? null : $p99 <= 1000)];
    }
    if ($mw = $r['miss_wall'] ?? null) {
        $o .= "### A miss in time (no valgrind, the ini's defaults; GETs of keys never read before, µs per GET; the median of {$mw['rounds']} alternating rounds of " . $fmt($mw['gets_per_round']) . " GETs)\n\n";
        $o .= $row(['segment', 'cache off', "'cache' => true", 'difference', 'every round: off / cache']) . $row(array_fill(0, 5, '---'));
        foreach (['cold' => 'new (its pages mapped by these misses)', 'warm' => 'after ' . $fmt($mw['warm']['warm_reads']) . ' other misses'] as $seg => $label) {
            $m = $mw[$seg]['median_us'];
            $o .= $row([$label, sprintf('%.2f', $m['off']), sprintf('%.2f', $m['cache']), sprintf('%+.2f µs (%+.1f %%)', $m['cache'] - $m['off'], 100 * ($m['cache'] - $m['off']) / $m['off']),
                implode(', ', $mw[$seg]['us_per_get']['off']) . ' / ' . implode(', ', $mw[$seg]['us_per_get']['cache'])]);
        }
        $o .= "\n";
    }
    $o .= "### The targets (issue 23)" . ($r['cache_supported'] ? '' : " — this build has no cache ({$r['cache_unsupported_reason']}): n/a") . "\n\n";
    $o .= $row(['target', 'goal', 'measured', '']) . $row(['---', '---', '---', '---']);
    foreach ($targets as $t) $o .= $row($t);
    return $o;
}
