--TEST--
Read cache, writes sent with rawOnNodes() ('cache' => true): a write of a key to a named node drops the key's entries at once (the invalidation process stopped: the node's own invalidation cannot do it), whatever the command (SET, HSET dropping HGET and HGETALL, a DEL and an MSET of several keys, a script's KEYS), also through a pool with a key prefix and through a pool without the 'cache' option; a read-only command drops nothing; a command whose keys the command table cannot read in its arguments drops every entry of the cluster (flushes_own)
--INI--
redis_cluster_pool.cache_admit=1
redis_cluster_pool.cache_max_lag=20000
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
// (cache_admit=1: what a fill does, from a read's first miss; the default, 2, stores from its second: admit.phpt)
require __DIR__ . '/exec.inc';
$p = cx_primaries()[0];
$q = cx_primaries()[1];
$t = 'crw' . getmypid();
$pool = rcp_pool(['cache' => true]);
$plain = rcp_pool();
$raw = rcp_raw($p);
$tag = '{' . cx_key_on($p, "$t:tag") . '}';
[$k, $h, $x, $y] = ["{$tag}k", "{$tag}h", "{$tag}x", "{$tag}y"];
$kq = cx_key_on($q, "$t:q");
$raw->cmd('MSET', $k, 'v1', $x, 'x1', $y, 'y1');
$raw->cmd('HSET', $h, 'f', 'a', 'g', 'b');
rcp_raw($q)->cmd('SET', $kq, 'q1');
echo "links up: ", cx_warm($pool, $k) && cx_warm($pool, $kq) ? 'yes' : 'no', "\n";
cx_settle();

/** The reads, each a hit or not and its value ($warm: each read once before). */
$reads = function (bool $warm = true) use ($pool, $k, $h, $x, $y, $kq) {
    $out = [];
    foreach ([['get', $k], ['hget', $h, 'f'], ['hgetall', $h], ['get', $x], ['mget', [$x, $y]], ['get', $kq]] as $r) {
        $m = array_shift($r);
        if ($warm) $pool->$m(...$r);
        $hits = cx_delta('hits', function () use ($pool, $m, $r, &$v) { $v = $pool->$m(...$r); });
        $out[] = $m . ($hits ? ' hit ' : ' miss ') . json_encode($v);
    }
    return implode(', ', $out);
};
echo "cached: ", $reads(), "\n";

// the invalidation process stopped: only the pool's own drop can make the next reads see the writes (the entries
// stay valid for cache_max_lag, 20 s, after the last confirmation)
$lp = RedisClusterPool::poolStats()['cache']['listener']['pid'];
posix_kill($lp, SIGSTOP);
try {
    $own = cx_delta('own_invalidations', fn() => $pool->rawOnNodes([$p => [['SET', $k, 'v2'], ['HSET', $h, 'f', 'c']]]));
    echo "rawOnNodes SET k, HSET h (own invalidations $own): GET k ", $pool->get($k), ", HGET h f ", $pool->hget($h, 'f'),
        ", HGETALL h ", json_encode($pool->hgetall($h)), "\n";
    $pool->get($x); $pool->mget([$x, $y]);
    $pool->rawOnNodes([$p => [['DEL', $x, $y]]]);
    echo "rawOnNodes DEL x y: GET x ", json_encode($pool->get($x)), ", MGET x y ", json_encode($pool->mget([$x, $y])), "\n";
    $pool->get($x); $pool->mget([$x, $y]);
    $pool->rawOnNodes([$p => [['MSET', $x, 'x3', $y, 'y3']]]);
    echo "rawOnNodes MSET x y: MGET x y ", json_encode($pool->mget([$x, $y])), "\n";
    $pool->get($k);
    $pool->rawOnNodes([$p => [['EVAL', "return redis.call('SET', KEYS[1], ARGV[1])", '1', $k, 'v3']]]);
    echo "rawOnNodes EVAL (KEYS k): GET k ", $pool->get($k), "\n";
    // a client without the cache option writes: the cache of the process drops the key as well
    $pool->get($k);
    $plain->rawOnNodes([$p => [['SET', $k, 'v4']]]);
    echo "a cache-off client's rawOnNodes SET k: GET k ", $pool->get($k), "\n";
    // with a key prefix: the key as sent (prefixed) is dropped
    $pp = rcp_pool(['cache' => true, 'prefix' => "{$tag}p:"]);
    $pp->set('k', 'p1');
    $pp->get('k');
    $hit = cx_delta('hits', fn() => $pp->get('k'));
    $pp->rawOnNodes([$p => [['SET', 'k', 'p2']]]);
    echo "prefixed pool (cached: ", $hit ? 'yes' : 'no', "), rawOnNodes SET k: GET k ", $pp->get('k'), ", the node has ",
        $raw->cmd('GET', "{$tag}p:k"), "\n";
    // read-only commands drop nothing
    $pool->get($k);
    $own = cx_delta('own_invalidations', fn() => $pool->rawOnNodes([$p => [['GET', $k], ['EXISTS', $x], ['DBSIZE']]]));
    echo "rawOnNodes GET, EXISTS, DBSIZE: own invalidations $own, GET k then a hit: ", cx_delta('hits', fn() => $pool->get($k)) ? 'yes' : 'no', "\n";
    // keys the command table cannot find (ZUNIONSTORE's numkeys says 2, one key follows): everything dropped
    echo "before: ", $reads(), "\n";
    $fl = cx_delta('flushes_own', function () use ($pool, $p, $x, $y) {
        $r = $pool->rawOnNodes([$p => [['ZUNIONSTORE', "$x-z", '2', $y]]]);
        echo "ZUNIONSTORE with a wrong numkeys: ", $r[$p][0] instanceof RedisClusterPool\Error ? 'an error reply' : json_encode($r), "\n";
    });
    echo "flushes_own $fl, then: ", $reads(false), "\n";
} finally {
    posix_kill($lp, SIGCONT);
}
?>
--EXPECT--
links up: yes
cached: get hit "v1", hget hit "a", hgetall hit {"f":"a","g":"b"}, get hit "x1", mget hit ["x1","y1"], get hit "q1"
rawOnNodes SET k, HSET h (own invalidations 2): GET k v2, HGET h f c, HGETALL h {"f":"c","g":"b"}
rawOnNodes DEL x y: GET x null, MGET x y [null,null]
rawOnNodes MSET x y: MGET x y ["x3","y3"]
rawOnNodes EVAL (KEYS k): GET k v3
a cache-off client's rawOnNodes SET k: GET k v4
prefixed pool (cached: yes), rawOnNodes SET k: GET k p2, the node has p2
rawOnNodes GET, EXISTS, DBSIZE: own invalidations 0, GET k then a hit: yes
before: get hit "v4", hget hit "c", hgetall hit {"f":"c","g":"b"}, get hit "x3", mget hit ["x3","y3"], get hit "q1"
ZUNIONSTORE with a wrong numkeys: an error reply
flushes_own 1, then: get miss "v4", hget miss "c", hgetall miss {"f":"c","g":"b"}, get miss "x3", mget miss ["x3","y3"], get miss "q1"
