--TEST--
Read cache, an MGET inside a pipeline ('cache' => true): its keys looked up as a single MGET's; every key a hit: nothing sent for it (the node receives no MGET); some misses: only the misses sent, in the batch (the node looks up only those keys: its keyspace_hits), the reply merged in key order and equal to the cache-off reply, each miss filled (the next pipeline sends nothing); nil cached; rawPipeline() likewise; after a command of the pipeline that may write no lookup (the MGET sent, the write read back); an MGET before a write answered in the pipeline's order; a cross-slot MGET of a read-only pipeline answered from the cache too; the misses' fill refused by the race (an invalidation between their send and their reply); a MOVED for the misses' MGET: the MGET run again alone
--INI--
redis_cluster_pool.cache_admit=1
redis_cluster_pool.cache_max_lag=1000
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
// (cache_admit=1: what a fill does, from a read's first miss; the default, 2, stores from its second: admit.phpt)
require __DIR__ . '/exec.inc';
[$a, $b] = cx_primaries();
$t = 'cpm' . getmypid();
$pool = rcp_pool(['cache' => true]);
$plain = rcp_pool();
$raw = rcp_raw($a);
/** Keys the node looked up (INFO stats keyspace_hits + keyspace_misses). */
$looked = function (string $node): int {
    $info = rcp_raw($node)->cmd('INFO', 'stats');
    preg_match('/^keyspace_hits:(\d+)/m', $info, $h);
    preg_match('/^keyspace_misses:(\d+)/m', $info, $m);
    return (int) $h[1] + (int) $m[1];
};
$tag = '{' . cx_key_on($a, "$t:tag") . '}';
[$k1, $k2, $k3, $k4, $none] = ["{$tag}1", "{$tag}2", "{$tag}3", "{$tag}4", "{$tag}none"];
foreach ([$k1, $k2, $k3, $k4] as $i => $k) $raw->cmd('SET', $k, 'v' . ($i + 1));
$w = cx_key_on($a, "$t:w");
$raw->cmd('SET', $w, 'w');
echo "link of A up: ", cx_warm($pool, $w) ? 'yes' : 'no', "\n";
cx_settle();

// two of four keys cached (a single MGET fills them: the same entries)
$pool->mget([$k1, $k3]);
echo "k1, k3 cached: ", cx_delta('hits', fn() => $pool->mget([$k1, $k3])) === 2 ? 'yes' : 'no', "\n";
$keys = [$k1, $k2, $k3, $k4, $none];
$want = $plain->mget($keys);
$c0 = cx_counters();
$l0 = $looked($a);
$sent = cx_sent(['mget'], function () use ($pool, $keys, &$got) {
    $got = $pool->pipeline(function ($p) use ($keys) { $p->mget($keys); });
});
$l1 = $looked($a);
$c1 = cx_counters();
printf("pipeline MGET k1..k4 + a missing key: %s, same as cache off %s, MGETs sent %d, keys looked up by the node %d, hits %d, misses %d, fills %d\n",
    json_encode($got), $got[0] === $want ? 'yes' : 'NO', $sent, $l1 - $l0,
    $c1['hits'] - $c0['hits'], $c1['misses'] - $c0['misses'], $c1['fills'] - $c0['fills']);

// every key cached now (the misses were filled): nothing sent
$pool->get($k1);
$l0 = $looked($a);
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) {
    $got = $pool->pipeline(function ($p) use ($keys) { $p->mget($keys); $p->mget([$keys[3], $keys[1]]); $p->get($keys[0]); });
});
printf("pipeline of two MGETs and a GET, all cached: sent %d, keys looked up by the node %d, %s\n", $sent, $looked($a) - $l0,
    json_encode($got));
$p = $pool->pipeline();
$sent = cx_sent(['mget'], function () use ($p, $keys, &$got) { $got = $p->mget($keys)->execute(); });
echo "the fluent form: sent $sent, right ", $got[0] === $want ? 'yes' : 'NO', "\n";
$sent = cx_sent(['mget'], function () use ($pool, $keys, &$got) { $got = $pool->rawPipeline([['MGET', ...$keys], ['MGET', $keys[2]]]); });
echo "rawPipeline() of two MGETs, all cached: sent $sent, ", json_encode($got), "\n";

// after a command that may write, no lookup: the MGET is sent and reads the write
$sent = cx_sent(['mget'], function () use ($pool, $k2, $k3, &$got) {
    $got = $pool->pipeline(function ($p) use ($k2, $k3) { $p->set($k2, 'new2'); $p->mget([$k2, $k3]); });
});
echo "pipeline SET k2, MGET k2 k3: sent $sent, ", json_encode($got[1]), "\n";
echo "then MGET k2 k3: ", json_encode($pool->mget([$k2, $k3])), "\n";
// an MGET before a write: answered in the pipeline's order (k1 a hit; k2 a hit, or a miss sent before the SET on
// the same node), as without the cache
$seq = function ($p) use ($k1, $k2) { $p->mget([$k1, $k2]); $p->set($k2, 'newer2'); $p->mget([$k1, $k2]); };
$plain->set($k2, 'new2');
$off = $plain->pipeline($seq);
$plain->set($k2, 'new2');
$pool->mget([$k1, $k2]);
$got = $pool->pipeline($seq);
echo "pipeline MGET k1 k2, SET k2, MGET k1 k2: ", json_encode([$got[0], $got[2]]), ", same as cache off: ",
    json_encode($off) === json_encode($got) ? 'yes' : 'NO', "\n";

// a cross-slot MGET (keys on A and B) in a read-only pipeline
$kb = cx_key_on($b, "$t:b");
rcp_raw($b)->cmd('SET', $kb, 'vb');
cx_warm($pool, cx_key_on($b, "$t:warmb"));
cx_settle();
$pool->mget([$k1, $kb]);
$sent = cx_sent(['mget', 'get'], function () use ($pool, $k1, $kb, &$got) { $got = $pool->pipeline(fn($p) => $p->mget([$k1, $kb])->mget([$kb])); });
echo "pipeline MGET over two primaries, cached: sent $sent, ", json_encode($got), "\n";

// the race: the misses' MGET answered at once while the pipeline waits 1 s for a BLPOP on B; another client
// overwrites a missed key meanwhile: its fill is refused, the hit's key is not touched
$lb = cx_key_on($b, "$t:list");
foreach (['with a write in the window' => true, 'without one' => false] as $name => $write) {
    [$h, $m] = ["{$tag}h" . (int) $write, "{$tag}m" . (int) $write];
    $inv = cx_counters()['invalidations'] ?? 0;
    $raw->cmd('MSET', $h, 'h', $m, 'old');
    $end = microtime(true) + 5;
    while ((cx_counters()['invalidations'] ?? 0) < $inv + 2 && microtime(true) < $end) usleep(1000);
    $pool->mget([$h]);
    $flag = sys_get_temp_dir() . "/rcp-pmrace-$t-" . (int) $write;
    @unlink($flag);
    if ($write) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            $r = rcp_raw($a);
            while (!file_exists($flag)) usleep(1000);
            usleep(250000);
            $r->cmd('SET', $m, 'new');
            posix_kill(posix_getpid(), SIGKILL);
        }
    }
    $before = cx_counters();
    touch($flag);
    $r = $pool->pipeline(function ($p) use ($h, $m, $lb) { $p->mget([$h, $m]); $p->blpop([$lb], 1); });
    $after = cx_counters();
    if ($write) pcntl_waitpid($pid, $st);
    @unlink($flag);
    printf("%s: read %s, hits %d, fills %d, refused by the race %d, next read %s\n", $name, json_encode($r[0]),
        $after['hits'] - $before['hits'], $after['fills'] - $before['fills'],
        $after['fills_refused_race'] - $before['fills_refused_race'], json_encode($pool->mget([$h, $m])));
}

// the slot moves to B before the pipeline runs (the invalidation process stopped: k1's entry stays valid): k1 a hit,
// the misses' MGET to A answered MOVED; the MGET runs again alone (looked up again) and reads B
$pool->mget([$k1]);
$raw->cmd('SET', $k5 = "{$tag}5", 'v5'); // (never read through the pool: a miss)
$lp = RedisClusterPool::poolStats()['cache']['listener']['pid'];
$slot = RedisClusterPool::keySlot($k1);
posix_kill($lp, SIGSTOP);
try {
    rcp_move_slot($slot, $b);
    $moved = $pool->stats()['cluster']['moved'];
    $got = $pool->pipeline(fn($p) => $p->mget([$k1, $k5, $none])->get($kb));
    echo "slot moved: pipeline MGET k1 k5 + a missing key, GET: ", json_encode($got), ", MOVED seen ",
        $pool->stats()['cluster']['moved'] > $moved ? 'yes' : 'no', "\n";
} finally {
    posix_kill($lp, SIGCONT);
}
rcp_move_slot($slot, $a);
?>
--EXPECT--
link of A up: yes
k1, k3 cached: yes
pipeline MGET k1..k4 + a missing key: [["v1","v2","v3","v4",null]], same as cache off yes, MGETs sent 1, keys looked up by the node 3, hits 2, misses 3, fills 3
pipeline of two MGETs and a GET, all cached: sent 0, keys looked up by the node 0, [["v1","v2","v3","v4",null],["v4","v2"],"v1"]
the fluent form: sent 0, right yes
rawPipeline() of two MGETs, all cached: sent 0, [["v1","v2","v3","v4",null],["v3"]]
pipeline SET k2, MGET k2 k3: sent 1, ["new2","v3"]
then MGET k2 k3: ["new2","v3"]
pipeline MGET k1 k2, SET k2, MGET k1 k2: [["v1","new2"],["v1","newer2"]], same as cache off: yes
pipeline MGET over two primaries, cached: sent 0, [["v1","vb"],["vb"]]
with a write in the window: read ["h","old"], hits 1, fills 0, refused by the race 1, next read ["h","new"]
without one: read ["h","old"], hits 1, fills 1, refused by the race 0, next read ["h","old"]
slot moved: pipeline MGET k1 k5 + a missing key, GET: [["v1","v5",null],"vb"], MOVED seen yes
