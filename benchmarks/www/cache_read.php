<?php
/*
 * The read page of the staleness checker (tests/cache/stale_checker.inc; benchmarks/cache_staleness.php,
 * tests/cache/staleness_fpm.phpt). One request reads keys of the checker's key set through RedisClusterPool and
 * prints one line per value seen:
 *   "<op> <key index> <version|-|?text> <read start ns> <read end ns>"   (hrtime(): the writer's clock; - is nil)
 * and "E <class>: <message>" for a read that failed. Per request (28 values): 8 GET, one MGET of 10, 2 HGET (field
 * f), one HMGET (f, g), one HGETALL (f, g), one pipeline of 4 GET; keys drawn at random.
 * Query: tag, s, h   the key set (StaleKeys::query())
 *        cache       0: no 'cache' option (today's extension); 1: 'cache' => true; else the option as JSON
 *        stale, sdir a deliberately stale source, for the checker's own proof: GET and HGET answered from a file
 *                    cache in sdir shared by every worker (as APCu would be), entries kept `stale` ms
 *        op=stats    poolStats()['cache'] as JSON (null without a cache)
 */
require_once __DIR__ . '/../../tests/cluster.inc';
$mode = $_GET['cache'] ?? '0';
$opts = $mode === '0' ? [] : ['cache' => $mode === '1' ? true : json_decode($mode, true)];
$pool = new RedisClusterPool(rcp_seeds(), rcp_pool_options($opts));
if (($_GET['op'] ?? '') === 'stats') {
    echo json_encode(RedisClusterPool::poolStats()['cache'] ?? null);
    return;
}
$tag = $_GET['tag']; $S = (int) $_GET['s']; $H = (int) $_GET['h'];
$staleMs = (int) ($_GET['stale'] ?? 0);
$sdir = $_GET['sdir'] ?? '';
$name = fn(int $i) => $i < $S ? "st$tag:s:$i" : "st$tag:h:" . ($i - $S);
$str = fn() => mt_rand(0, $S - 1);
$hash = fn() => $S + mt_rand(0, $H - 1);
$out = '';
$rec = function (string $op, int $k, mixed $v, int $t0, int $t1) use (&$out) {
    $v = $v === null ? '-' : (is_string($v) && preg_match('/^v(\d+)$/D', $v, $m) ? $m[1] : '?' . rawurlencode(substr(json_encode($v), 0, 40)));
    $out .= "$op $k $v $t0 $t1\n";
};
// the injected stale source: a value kept $staleMs ms, whatever was written meanwhile
$cached = function (int $k, callable $read) use ($sdir, $staleMs) {
    if ($staleMs <= 0) return $read();
    $f = "$sdir/$k";
    $e = @file_get_contents($f);
    if ($e !== false) {
        [$t, $v] = explode(' ', $e, 2);
        if (hrtime(true) - (int) $t < $staleMs * 1e6) return $v === '-' ? null : $v;
    }
    $v = $read();
    file_put_contents("$f.tmp" . getmypid(), hrtime(true) . ' ' . ($v ?? '-'));
    rename("$f.tmp" . getmypid(), $f);
    return $v;
};
$reads = [
    function () use ($pool, $name, $str, $rec, $cached) {
        $k = $str(); $t0 = hrtime(true);
        $v = $cached($k, fn() => $pool->get($name($k)));
        $rec('get', $k, $v, $t0, hrtime(true));
    },
    function () use ($pool, $name, $str, $rec) {
        $ks = []; for ($i = 0; $i < 10; $i++) $ks[] = $str();
        $t0 = hrtime(true);
        $vs = $pool->mget(array_map($name, $ks));
        $t1 = hrtime(true);
        foreach ($ks as $i => $k) $rec('mget', $k, $vs[$i], $t0, $t1);
    },
    function () use ($pool, $name, $hash, $rec, $cached) {
        $k = $hash(); $t0 = hrtime(true);
        $v = $cached($k, fn() => $pool->hget($name($k), 'f'));
        $rec('hget', $k, $v, $t0, hrtime(true));
    },
    function () use ($pool, $name, $hash, $rec) {
        $k = $hash(); $t0 = hrtime(true);
        $vs = $pool->hmget($name($k), ['f', 'g']);
        $t1 = hrtime(true);
        foreach ($vs as $v) $rec('hmget', $k, $v, $t0, $t1);
    },
    function () use ($pool, $name, $hash, $rec) {
        $k = $hash(); $t0 = hrtime(true);
        $vs = $pool->hgetall($name($k));
        $t1 = hrtime(true);
        foreach (['f', 'g'] as $f) $rec('hgetall', $k, $vs[$f] ?? null, $t0, $t1);
    },
    function () use ($pool, $name, $str, $rec) {
        $ks = []; for ($i = 0; $i < 4; $i++) $ks[] = $str();
        $t0 = hrtime(true);
        $vs = $pool->pipeline(function ($p) use ($ks, $name) { foreach ($ks as $k) $p->get($name($k)); });
        $t1 = hrtime(true);
        foreach ($ks as $i => $k) $rec('pipe', $k, $vs[$i], $t0, $t1);
    },
];
foreach ([0, 0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 0, 2, 0] as $r) {
    try {
        $reads[$r]();
    } catch (Throwable $e) {
        $out .= 'E ' . get_class($e) . ': ' . strtr(substr($e->getMessage(), 0, 200), "\n", ' ') . "\n";
    }
}
echo $out;
