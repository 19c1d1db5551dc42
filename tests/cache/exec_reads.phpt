--TEST--
Read cache in the command path ('cache' => true): every cacheable read (GET, HGET, HMGET, HGETALL, EXISTS, STRLEN, SMEMBERS, SISMEMBER, ZSCORE, LRANGE) answered from the cache once stored, with no command sent and the same value as without the cache; nil cached; MGET answers its hits locally and sends only the misses; a pipeline of hits sends nothing, and a pipeline's read after its own write is sent; own writes (SET, DEL over several slots, MSET, a transaction, a script) read back at once; a write by another client seen within cache_max_lag; keys outside 'prefixes' never cached; bad 'cache' options refused
--INI--
redis_cluster_pool.cache_admit=1
redis_cluster_pool.cache_max_lag=1000
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
// (cache_admit=1: what a fill does, from a read's first miss; the default, 2, stores from its second: admit.phpt)
require __DIR__ . '/exec.inc';
$p = cx_primaries()[0];
$t = 'cx' . getmypid();
$pool = rcp_pool(['cache' => true]);
$plain = rcp_pool();
$raw = rcp_raw($p);
$k = cx_key_on($p, "$t:s");
$raw->cmd('SET', $k, 'v1');
echo "link up, GET answered by the cache: ", cx_warm($pool, $k) ? 'yes' : 'no', "\n";
$n = cx_sent(['get'], function () use ($pool, $k, &$v) { for ($i = 0; $i < 20; $i++) $v[] = $pool->get($k); });
echo "20 GETs: ", $n, " sent, values ", implode(',', array_unique($v)), "\n";

// every cacheable read: the same reply as without the cache, and the second one a hit with nothing sent
$h = cx_key_on($p, "$t:h"); $raw->cmd('HSET', $h, 'f', 'x', 'g', '2');
$s = cx_key_on($p, "$t:set"); $raw->cmd('SADD', $s, 'a', 'b');
$z = cx_key_on($p, "$t:z"); $raw->cmd('ZADD', $z, '1.5', 'm');
$l = cx_key_on($p, "$t:l"); $raw->cmd('RPUSH', $l, 'a', 'b', 'c');
$none = cx_key_on($p, "$t:none");
$reads = [
    ['get', $none], ['hget', $h, 'f'], ['hget', $h, 'nope'], ['hmget', $h, ['f', 'g', 'x']], ['hgetall', $h],
    ['exists', $k], ['exists', $none], ['strlen', $k], ['smembers', $s], ['sismember', $s, 'a'], ['sismember', $s, 'q'],
    ['zscore', $z, 'm'], ['lrange', $l, 0, -1], ['lrange', $l, 1, 1],
];
foreach ($reads as $r) {
    $m = array_shift($r);
    $want = $plain->$m(...$r);
    $first = $pool->$m(...$r);
    // (the setup's own invalidations may still be arriving: a fill they overtake is refused, and read again)
    $end = microtime(true) + 5;
    while (cx_delta('hits', fn() => $pool->$m(...$r)) === 0 && microtime(true) < $end) usleep(5000);
    $hits = 0;
    $sent = cx_sent([$m], function () use ($pool, $m, $r, &$second, &$hits) { $hits = cx_delta('hits', function () use ($pool, $m, $r, &$second) { $second = $pool->$m(...$r); }); });
    $same = $want == $first && $want === $second;
    printf("%s%s: same reply %s, then a hit %s, sent %d\n", $m, count($r) > 1 ? ' ' . json_encode(array_slice($r, 1)) : '', $same ? 'yes' : 'NO ' . json_encode([$want, $first, $second]), $hits === 1 ? 'yes' : "no ($hits)", $sent);
}

// MGET: keys on every primary; half cached: only the misses are sent
$keys = [];
foreach (cx_primaries() as $i => $q) for ($j = 0; $j < 4; $j++) { $keys[] = $kk = cx_key_on($q, "$t:m$i$j"); rcp_raw($q)->cmd('SET', $kk, "m$i$j"); }
foreach (cx_primaries() as $i => $q) cx_warm($pool, cx_key_on($q, "$t:m{$i}0"), 'mget', []) ;
cx_settle();
$half = array_values(array_filter($keys, fn($x, $i) => $i % 2 == 0, ARRAY_FILTER_USE_BOTH));
$pool->mget($half);
$got = null;
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) { $got = $pool->mget($keys); });
echo "MGET of 12 keys, 6 cached: right values ", $got === $plain->mget($keys) ? 'yes' : 'NO', ", sub-commands sent (one per slot of a missed key) ", $sent >= 1 && $sent <= 6 ? '1 to 6' : $sent, "\n";
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) { $got = $pool->mget($keys); });
echo "MGET again: all hits, commands sent $sent, right ", $got === $plain->mget($keys) ? 'yes' : 'NO', "\n";
$pool->set($keys[3], 'new3');
echo "MGET after an own write: ", $pool->mget($keys)[3], "\n";

// pipelines
$sent = cx_sent(['get'], function () use ($pool, $k, &$got) { $got = $pool->pipeline(function ($pp) use ($k) { $pp->get($k); $pp->get($k); }); });
echo "pipeline of 2 cached GETs: sent $sent, ", json_encode($got), "\n";
$got = $pool->pipeline(function ($pp) use ($k) { $pp->get($k); $pp->set($k, 'v2'); $pp->get($k); });
echo "pipeline GET, SET, GET: ", json_encode($got), "\n";
echo "then GET: ", $pool->get($k), "\n";
// a split MGET runs alone after the pipeline's batch, whose writes ran already (as without the cache): it reads them
$pair = [$keys[1], $keys[6]];
$pool->mget($pair); $pool->mget($pair);
// (the invalidation process stopped meanwhile: the server's invalidation of the SET cannot come first and hide a read
// of the old entry; the entries stay valid for cache_max_lag after the last confirmation)
$lp = RedisClusterPool::poolStats()['cache']['listener']['pid'];
posix_kill($lp, SIGSTOP);
try {
    $got = $pool->pipeline(function ($pp) use ($pair) { $pp->mget($pair); $pp->set($pair[0], 'pnew'); $pp->mget($pair); });
} finally {
    posix_kill($lp, SIGCONT);
}
echo "pipeline MGET, SET, MGET over two primaries: ", json_encode([$got[0][0], $got[2][0]]), "\n";

// own writes, read back at once
$pool->get($k);
$pool->set($k, 'v3'); echo "SET: ", $pool->get($k), "\n";
$pool->get($keys[0]); $pool->get($keys[5]);
$pool->del([$keys[0], $keys[5]]); echo "DEL over slots: ", json_encode([$pool->get($keys[0]), $pool->get($keys[5])]), "\n";
$pool->mset([$keys[0] => 'a', $keys[5] => 'b']); echo "MSET over slots: ", json_encode([$pool->get($keys[0]), $pool->get($keys[5])]), "\n";
$pool->get($k);
$pool->transaction(function ($tx) use ($k) { $tx->set($k, 'v4'); });
echo "transaction: ", $pool->get($k), "\n";
$pool->eval("return redis.call('SET', KEYS[1], ARGV[1])", 1, $k, 'v5');
echo "script: ", $pool->get($k), "\n";
$pool->hget($h, 'f');
$pool->hset($h, 'f', 'y'); echo "HSET: ", $pool->hget($h, 'f'), " ", json_encode($pool->hgetall($h)), "\n";

// another client's write: seen within the bound (1 s here: a loaded machine may delay the confirmations, which
// would make the hits counted above misses; the bound holds whatever the load)
$pool->get($k);
$raw->cmd('SET', $k, 'other');
usleep(1050000);
echo "another client's write, 1.05 s later: ", $pool->get($k), "\n";

// prefixes
$pp = rcp_pool(['cache' => ['prefixes' => ["$t:s"], 'ttl' => 30]]);
$in = $k; $out = $h;
cx_warm($pp, $in);
$pp->hget($out, 'f');
echo "outside the prefixes: hits ", cx_delta('hits', fn() => $pp->hget($out, 'f')), ", inside: hits ", cx_delta('hits', fn() => $pp->get($in)), "\n";

foreach ([['cache' => 1], ['cache' => ['ttl' => 0]], ['cache' => ['prefixes' => []]], ['cache' => ['prefixes' => [1]]], ['cache' => ['untracked' => true]], ['cache' => ['bogus' => 1]]] as $o) {
    try { rcp_pool($o); echo "accepted\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
?>
--EXPECTF--
link up, GET answered by the cache: yes
20 GETs: 0 sent, values v1
get: same reply yes, then a hit yes, sent 0
hget ["f"]: same reply yes, then a hit yes, sent 0
hget ["nope"]: same reply yes, then a hit yes, sent 0
hmget [["f","g","x"]]: same reply yes, then a hit yes, sent 0
hgetall: same reply yes, then a hit yes, sent 0
exists: same reply yes, then a hit yes, sent 0
exists: same reply yes, then a hit yes, sent 0
strlen: same reply yes, then a hit yes, sent 0
smembers: same reply yes, then a hit yes, sent 0
sismember ["a"]: same reply yes, then a hit yes, sent 0
sismember ["q"]: same reply yes, then a hit yes, sent 0
zscore ["m"]: same reply yes, then a hit yes, sent 0
lrange [0,-1]: same reply yes, then a hit yes, sent 0
lrange [1,1]: same reply yes, then a hit yes, sent 0
MGET of 12 keys, 6 cached: right values yes, sub-commands sent (one per slot of a missed key) 1 to 6
MGET again: all hits, commands sent 0, right yes
MGET after an own write: new3
pipeline of 2 cached GETs: sent 0, ["v1","v1"]
pipeline GET, SET, GET: ["v1",%s,"v2"]
then GET: v2
pipeline MGET, SET, MGET over two primaries: ["pnew","pnew"]
SET: v3
DEL over slots: [null,null]
MSET over slots: ["a","b"]
transaction: v4
script: v5
HSET: y {"f":"y","g":"2"}
another client's write, 1.05 s later: other
outside the prefixes: hits 0, inside: hits 1
RedisClusterPool\InvalidArgumentException: Option "cache" must be a bool or an array (prefixes, ttl, untracked), int given
RedisClusterPool\InvalidArgumentException: Option "cache.ttl" must be > 0 and <= 86400 seconds, 0 given
RedisClusterPool\InvalidArgumentException: Option "cache.prefixes" must be a non-empty list of strings, an empty array given
RedisClusterPool\InvalidArgumentException: Option "cache.prefixes": item #1 must be a non-empty string, int given
RedisClusterPool\InvalidArgumentException: Option "cache": 'untracked' => true needs a 'ttl' (the longest an entry is served where the servers send no invalidations)
RedisClusterPool\InvalidArgumentException: Option "cache": unknown setting%s
