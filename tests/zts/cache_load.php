<?php
/*
 * The read cache under a threaded load, with its listener killed (scripts/zts.sh cache; docs/THREADS.md):
 *
 *   php -d extension=SO tests/zts/cache_load.php DIR
 *
 * (the ZTS CLI with the extension: the writer takes the key slots from RedisClusterPool::keySlot()).
 * 1. The writer (tests/cache/stale_checker.inc's StaleWriter, a process of its own, its own sockets, no cache)
 *    rewrites the key set with versioned values at RCP_ZC_RATE writes/s, each acknowledgement's time logged.
 * 2. The embed harness (RCP_EMBED_BIN) runs tests/zts/cache.php on RCP_ZC_THREADS threads (default 16, one in
 *    worker mode) with 'cache' => true, redis_cluster_pool.cache_max_lag = 100: every value seen logged; with
 *    RCP_ZC_OWN=1 (the default) each request also writes a key of its own and reads it back at once. With
 *    RCP_ZC_MODE=apache: Apache event, 2 children x 25 threads, its ZTS mod_php (tests/zts/apache.sh; RCP_EXT_SO
 *    loaded by the parent), driven by tests/zts/httpload.php 50 requests at a time.
 * 3. Once the cache hits, the rcp-cache listener (its pid from poolStats()['cache'], which the harness' thread 0
 *    writes to DIR/stats.json) is SIGKILLed RCP_ZC_KILLS times (default 2): each time a thread of the harness that
 *    finds it dead must get a new one started, its links come back up and the hits resume. The new one is forked
 *    by the spawner (rcp-cache-spawn, forked in MINIT before any thread: src/core/cache_listener.c); before the
 *    last kill (of two or more) the spawner is SIGKILLed too, so that the thread forks the listener itself (the
 *    fallback: fork() from the threaded process); RCP_ZC_AFTER seconds (default 2) of load after the last recovery, the run ends (the harness' -S stop
 *    file), or after RCP_ZC_SECONDS (default 60) at most.
 * 4. Meanwhile every 0.2 s, each node's CLIENT LIST: the invalidation connections (named rcp-cache-<pid>) per node
 *    and the live listener processes holding them; and the run's rcp-cache and rcp-cache-spawn processes (their
 *    environment holds the run's key tag).
 * 5. The checker (StaleChecker): every value seen against the writer's log, the bound 100 ms.
 *
 * Last line: "cache: requests N ok N, reads N, stale 0, wrong 0, lag p99 X ms, hits N (R%), listener killed K,
 * restarted K (by a thread, in X ms), links up again in X ms, hits again in X ms, invalidation connections per
 * node at most 1, listener processes at most 1" and the exit status says whether every condition held.
 * Environment: RCP_TEST_SEEDS, RCP_EMBED_BIN, RCP_EXT_SO; RCP_ZC_* above; RCP_ZC_EMBED_PREFIX (a command put
 * before the harness, e.g. TSan's env and setarch).
 */
require __DIR__ . '/../cache/stale_cluster.inc';

$dir = $argv[1] ?? '';
if ($dir === '' || !is_dir($dir)) { fwrite(STDERR, "usage: php cache_load.php DIR\n"); exit(2); }
$dir = realpath($dir);
$bin = getenv('RCP_EMBED_BIN') ?: exit("RCP_EMBED_BIN is not set\n");
$so = getenv('RCP_EXT_SO') ?: exit("RCP_EXT_SO is not set\n");
$threads = (int) (getenv('RCP_ZC_THREADS') ?: 16);
$kills = (int) (getenv('RCP_ZC_KILLS') === false ? 2 : getenv('RCP_ZC_KILLS'));
$after = (float) (getenv('RCP_ZC_AFTER') ?: 2);
$limit = (float) (getenv('RCP_ZC_SECONDS') ?: 60);
$rate = (int) (getenv('RCP_ZC_RATE') ?: 2000);
$maxLag = 100;
$seeds = rcp_seeds();
$keys = new StaleKeys(bin2hex(random_bytes(3)), (int) (getenv('RCP_ZC_STRINGS') ?: 500), (int) (getenv('RCP_ZC_HASHES') ?: 50));
$say = fn(string $m) => print("cache: $m\n");

// 1. the writer
$stop = "$dir/writer.run";
touch($stop);
$writer = pcntl_fork();
if ($writer === 0) {
    try {
        (new StaleWriter($keys, $seeds, "$dir/writer.log", false, 8, $rate))->run("$dir/writer.ready", $stop);
    } catch (Throwable $e) {
        file_put_contents("$dir/writer.error", (string) $e);
    }
    posix_kill(getmypid(), SIGKILL);
}
$end = microtime(true) + 60;
while (!file_exists("$dir/writer.ready")) {
    if (file_exists("$dir/writer.error") || microtime(true) > $end) {
        @unlink($stop);
        exit("cache: the writer did not get every key written: " . @file_get_contents("$dir/writer.error") . "\n");
    }
    usleep(20000);
}
$say(sprintf('writer: %d keys, %d writes/s', $keys->count(), $rate));

// 2. the harness, or Apache event (RCP_ZC_MODE=apache: 2 children x 25 threads, the ZTS mod_php) and the HTTP
// load client (tests/zts/httpload.php, 50 at a time)
$apache = getenv('RCP_ZC_MODE') === 'apache';
$embedStop = "$dir/embed.stop";
@unlink($embedStop);
@unlink("$dir/stats.json");
$cmd = trim((string) getenv('RCP_ZC_EMBED_PREFIX') . ' ' . implode(' ', array_map('escapeshellarg', [$bin, '-t', (string) $threads,
    '-n', '1000000', '-w', '1', '-T', (string) (int) ($limit + 120), '-S', $embedStop, '-d', "extension=$so",
    '-d', "redis_cluster_pool.cache_max_lag=$maxLag", __DIR__ . '/cache.php'])));
$env = getenv();
if ($apache) {
    $env['RCP_APACHE_INI'] = "-d redis_cluster_pool.cache_max_lag=$maxLag";
    $env['RCP_HTTPLOAD_STOP'] = $embedStop;
}
$env['RCP_ZC_OWN'] = getenv('RCP_ZC_OWN') === false ? '1' : getenv('RCP_ZC_OWN');
$env['RCP_ZC_DIR'] = $dir; $env['RCP_ZC_TAG'] = $keys->tag; $env['RCP_ZC_S'] = (string) $keys->strings; $env['RCP_ZC_H'] = (string) $keys->hashes;
$apacheSh = __DIR__ . '/apache.sh';
$apacheDir = dirname($dir) . '/apache';   // (scripts/zts.sh stops an Apache left there at its exit)
if ($apache) {
    // the extension is loaded (MINIT: the listener and the spawner forked) by Apache's parent, with this environment
    $p = proc_open(['bash', $apacheSh, 'start', $apacheDir, '2', '25'], [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/apache.start", 'w'],
        2 => ['file', "$dir/apache.start", 'a']], $pipes, null, $env);
    if (proc_close($p) !== 0) exit("cache: Apache did not start: " . file_get_contents("$dir/apache.start") . "\n");
    preg_match('/RCP_APACHE_ADDR=(\S+)/', (string) file_get_contents("$apacheDir/apache.env"), $m);
    $cmd = implode(' ', array_map('escapeshellarg', [PHP_BINARY, '-n', __DIR__ . '/httpload.php', "http://{$m[1]}" . __DIR__ . '/cache.php',
        '1000000', '50', (string) (int) $limit]));
    $threads = 50;
}
$t0 = hrtime(true);
$proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/embed.out", 'w'], 2 => ['file', "$dir/embed.err", 'w']], $pipes, null, $env);
if (!$proc) exit("cache: cannot start the harness\n");

/** The live invalidation connections: [node => count], [pid => true] of the live listeners holding them. */
function zc_links(array $seeds): array
{
    $per = []; $pids = [];
    foreach ($seeds as $n) {
        $per[$n] = 0;
        try {
            $list = (string) (new RcpRaw($n))->cmd('CLIENT', 'LIST');
        } catch (Throwable $e) {
            continue;
        }
        foreach (explode("\n", $list) as $l) {
            if (!preg_match('/ name=rcp-cache-(\d+) /', $l, $m)) continue;
            $per[$n]++;
            $pids[(int) $m[1]] = true;
        }
    }
    return [$per, $pids];
}
/** This run's processes named $comm (the cache's: rcp-cache, rcp-cache-spawn): their environment holds the run's tag. */
function zc_procs(string $comm, string $tag): array
{
    $out = [];
    foreach (glob('/proc/[0-9]*/comm') as $f) {
        if (rtrim((string) @file_get_contents($f)) !== $comm) continue;
        $d = dirname($f);
        if (str_contains((string) @file_get_contents("$d/stat"), ') Z ')) continue;   // a zombie: dead
        if (str_contains("\0" . @file_get_contents("$d/environ"), "\0RCP_ZC_TAG=$tag\0")) $out[] = (int) basename($d);
    }
    return $out;
}
$stats = function () use ($dir): ?array {
    $j = @file_get_contents("$dir/stats.json");
    $c = $j === false ? null : json_decode($j, true);
    return is_array($c) ? $c : null;
};
$hits = fn(?array $c) => (int) ($c['counters']['hits'] ?? 0);
$linksUp = function (?array $c): int {
    $n = 0;
    foreach ($c['clusters'] ?? [] as $cl) foreach ($cl['links'] ?? [] as $l) $n += ($l['state'] ?? '') === 'up';
    return $n;
};

// 3. and 4.: the kills, the samples
$events = [];          // per kill: pid, at, new pid, respawn ms, links up ms, hits ms
$maxPerNode = 0; $maxListeners = 0; $killedPids = [];
$phaseStart = $t0; $phases = [];
$state = 'warm'; $since = microtime(true); $deadline = microtime(true) + $limit; $lastSample = 0.0; $cur = null;
$firstLinks = null; $maxProcs = 0; $spawner = null; $spawnerKilled = false;
while (true) {
    $st = proc_get_status($proc);
    if (!$st['running']) break;
    $now = microtime(true);
    $c = $stats();
    if ($now - $lastSample >= 0.2) {
        $lastSample = $now;
        [$per, $pids] = zc_links($seeds);
        $maxPerNode = max($maxPerNode, max($per));
        // the live listener processes holding links to this cluster (a killed one's connections may still be
        // listed for a moment: its pid is gone)
        $live = 0;
        foreach ($pids as $p => $_) if (!isset($killedPids[$p]) && @file_exists("/proc/$p")) $live++;
        $maxListeners = max($maxListeners, $live);
        $firstLinks ??= array_sum($per) ? $per : null;
        $maxProcs = max($maxProcs, count(zc_procs('rcp-cache', $keys->tag)));
        if (!$spawner) $spawner = zc_procs('rcp-cache-spawn', $keys->tag);
    }
    if ($state === 'warm' && $hits($c) > 2000 && $linksUp($c) > 0 && ($c['listener']['pid'] ?? 0) > 0) {
        $state = $kills > 0 ? 'kill' : 'after';
        $since = $now;
    }
    if ($state === 'kill') {
        if ($events && $spawner && !$spawnerKilled) {
            // the last kill: the spawner goes first, so a thread of the harness forks the listener itself
            foreach ($spawner as $p) posix_kill($p, SIGKILL);
            $spawnerKilled = true;
            usleep(100000);
            $c = $stats();
        }
        $pid = (int) $c['listener']['pid'];
        $killedPids[$pid] = true;
        $tk = hrtime(true);
        posix_kill($pid, SIGKILL);
        $phases[] = [count($phases) ? 'after kill ' . count($phases) : 'before the kills', $phaseStart, $tk];
        $phaseStart = $tk;
        $cur = ['pid' => $pid, 'at' => $tk, 'hits' => $hits($c), 'started' => (int) $c['listener']['started']];
        $state = 'recover';
    } elseif ($state === 'recover' && $c) {
        $ns = hrtime(true);
        $p = (int) ($c['listener']['pid'] ?? 0);
        if (!isset($cur['new']) && $p > 0 && $p !== $cur['pid']) { $cur['new'] = $p; $cur['respawn_ms'] = ($ns - $cur['at']) / 1e6; }
        if (isset($cur['new']) && !isset($cur['links_ms']) && $linksUp($c) > 0 && ($c['listener']['links_up'] ?? 0) > 0) $cur['links_ms'] = ($ns - $cur['at']) / 1e6;
        if (isset($cur['links_ms']) && !isset($cur['hits_ms']) && $hits($c) > $cur['hits'] + 500) {
            $cur['hits_ms'] = ($ns - $cur['at']) / 1e6;
            $cur['started_after'] = (int) $c['listener']['started'];
            $events[] = $cur;
            $say(sprintf('killed listener %d: pid %d started %.0f ms later, links up %.0f ms, hits again %.0f ms',
                $cur['pid'], $cur['new'], $cur['respawn_ms'], $cur['links_ms'], $cur['hits_ms']));
            $state = count($events) < $kills ? 'pause' : 'after';
            $since = $now;
        }
    } elseif ($state === 'pause' && $now - $since > 1.0) {
        $state = 'kill';
        continue;
    } elseif ($state === 'after' && $now - $since > $after) {
        break;
    }
    if ($now > $deadline) { $say("time limit ($limit s) reached in state '$state'"); break; }
    usleep(20000);
}
$final = $stats();
touch($embedStop);
$tEnd = hrtime(true);
$phases[] = [count($phases) ? 'after kill ' . count($phases) : 'load', $phaseStart, $tEnd];
while (proc_get_status($proc)['running']) usleep(20000);
proc_close($proc);
@unlink($stop);
pcntl_waitpid($writer, $wst);
$out = (string) file_get_contents("$dir/embed.out");
foreach (preg_split('/\n/', trim($out)) as $l) if (preg_match('/^(rcp-embed|httpload): /', $l)) $say($l);
if ($apache) {
    exec('bash ' . escapeshellarg($apacheSh) . ' stop ' . escapeshellarg($apacheDir) . ' 2>&1');
    $ok = preg_match('/requests (\d+), ok (\d+), failed (\d+)/', $out, $m);
    // a child that died of a signal: Apache's error.log says "exit signal"
    $crashes = substr_count((string) @file_get_contents("$apacheDir/error.log"), 'exit signal');
    [$requests, $okN, $failed] = $ok ? array_map('intval', array_slice($m, 1)) : [0, 0, -1];
    $hung = 0;
} else {
    $ok = preg_match('/requests (\d+), ok (\d+), failed (\d+), crashes (\d+), hung (\d+)/', $out, $m);
    [$requests, $okN, $failed, $crashes, $hung] = $ok ? array_map('intval', array_slice($m, 1)) : [0, 0, -1, -1, -1];
}

// 5. the check
$checker = new StaleChecker($maxLag * 1_000_000, $phases);
$writes = $checker->load("$dir/writer.log", $keys->count());
foreach (glob("$dir/obs-*") as $f) $checker->check($f, $keys);
$sum = $checker->summary();
foreach ($sum as $name => $s) if ($name !== 'total') $say(sprintf('%-16s reads %d, stale %d, wrong %d, lag p50 %.3f ms, p99 %.3f ms, max %.3f ms',
    $name, $s['reads'], $s['stale'], $s['wrong'], $s['lag_p50_ms'], $s['lag_p99_ms'], $s['lag_max_ms']));
foreach ($checker->examples as $e) $say('example: ' . json_encode($e));
$t = $sum['total'];
$h = $hits($final); $mi = (int) ($final['counters']['misses'] ?? 0);
$say('counters: ' . json_encode($final['counters'] ?? null) . '; listener: ' . json_encode($final['listener'] ?? null));
$restarted = count($events);
$byThread = $restarted && ($final['listener']['started'] ?? 0) >= $restarted + 1;
$fmt = fn(string $k) => $events ? implode('/', array_map(fn($e) => sprintf('%.0f', $e[$k]), $events)) : '-';
printf("cache: %srequests %d ok %d, reads %d, stale %d, wrong %d, lag p99 %.3f ms (max %.3f), writes %d, hits %d (%.1f%%), "
    . "listener killed %d, restarted %d (started %d in all) in %s ms, links up again in %s ms, hits again in %s ms, "
    . "invalidation connections per node at most %d, listener processes at most %d (%s)\n",
    $apache ? 'Apache event 2 x 25: ' : '', $requests, $okN, $t['reads'], $t['stale'], $t['wrong'], $t['lag_p99_ms'], $t['lag_max_ms'], $writes, $h,
    $h + $mi ? 100 * $h / ($h + $mi) : 0, count($killedPids), $restarted, (int) ($final['listener']['started'] ?? 0),
    $fmt('respawn_ms'), $fmt('links_ms'), $fmt('hits_ms'), $maxPerNode, max($maxListeners, $maxProcs),
    !$spawner ? 'no spawner' : ($spawnerKilled ? 'the spawner started the first, a thread the last' : 'the spawner started them'));
$pass = $requests > 0 && $okN === $requests && $crashes === 0 && $hung === 0 && $t['reads'] > 0 && $t['stale'] === 0
    && $t['wrong'] === 0 && $h > 0 && $restarted === $kills && ($kills === 0 || $byThread) && $maxPerNode <= 1 && $maxListeners <= 1 && $maxProcs <= 1 && $spawner && count($spawner) === 1;
exit($pass ? 0 : 1);
