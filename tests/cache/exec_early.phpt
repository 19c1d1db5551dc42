--TEST--
Read cache, the command methods' lookup before the route (GET-like reads of one key, MGET): a miss is looked up and counted once (its ticket carried to the command, which fills), a hit sends nothing through the method and through __call(); an MGET whose keys all hit is answered whole (hits counted once per key), one whose key misses is looked up key by key (each key counted once, only the miss sent); MGET's keys as an array or as arguments give the same reply; a non-string key, a key prefix and a read with more arguments take the command's own path with the same replies; own writes read back at once
--INI--
redis_cluster_pool.cache_admit=1
redis_cluster_pool.cache_max_lag=1000
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
// (cache_admit=1: what a fill does, from a read's first miss; the default, 2, stores from its second: admit.phpt)
require __DIR__ . '/exec.inc';
$p = cx_primaries()[0];
$t = 'ce' . getmypid();
$pool = rcp_pool(['cache' => true]);
$plain = rcp_pool();
$raw = rcp_raw($p);
$k = cx_key_on($p, "$t:s");
$raw->cmd('SET', $k, 'v1');
echo "link up: ", cx_warm($pool, $k) ? 'yes' : 'no', "\n";

// a miss: one lookup counted, one fill, then hits with nothing sent
$m = cx_key_on($p, "$t:miss");
$raw->cmd('SET', $m, 'mv');
cx_settle();
$before = cx_counters();
$v = $pool->get($m);
$after = cx_counters();
printf("GET miss: %s, misses +%d, hits +%d, fills +%d\n", $v, $after['misses'] - $before['misses'],
    $after['hits'] - $before['hits'], $after['fills'] - $before['fills']);
$sent = cx_sent(['get'], function () use ($pool, $m, &$v) { $v = [$pool->get($m), $pool->__call('get', [$m])]; });
echo "then through the method and __call(): ", implode(',', $v), ", sent $sent\n";
$pool->set($m, 'mv2');
echo "after an own write: ", $pool->get($m), "\n";

// the other reads of one key and nothing else
$h = cx_key_on($p, "$t:h"); $raw->cmd('HSET', $h, 'f', 'x');
$s = cx_key_on($p, "$t:set"); $raw->cmd('SADD', $s, 'a');
foreach (['hgetall' => $h, 'smembers' => $s, 'strlen' => $k] as $cmd => $key) {
    $want = $plain->$cmd($key);
    $pool->$cmd($key);
    $end = microtime(true) + 5;
    while (cx_delta('hits', fn() => $pool->$cmd($key)) === 0 && microtime(true) < $end) usleep(5000);
    $sent = cx_sent([$cmd], function () use ($pool, $cmd, $key, &$got) { $got = $pool->$cmd($key); });
    printf("%s: same reply %s, sent %d\n", $cmd, $got === $want ? 'yes' : 'NO', $sent);
}
// more arguments than the key: the command's own lookup, the same reply
$pool->hget($h, 'f');
echo "HGET (two arguments): ", $pool->hget($h, 'f'), "\n";

// MGET over every primary
$keys = [];
foreach (cx_primaries() as $i => $q) for ($j = 0; $j < 3; $j++) { $keys[] = $kk = cx_key_on($q, "$t:m$i$j"); rcp_raw($q)->cmd('SET', $kk, "m$i$j"); }
foreach (cx_primaries() as $i => $q) cx_warm($pool, cx_key_on($q, "$t:m{$i}0"), 'mget', []);
cx_settle();
$pool->mget($keys);
$end = microtime(true) + 5;
while (cx_delta('misses', fn() => $pool->mget($keys)) > 0 && microtime(true) < $end) usleep(5000);
$before = cx_counters();
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) { $got = $pool->mget($keys); });
$after = cx_counters();
printf("MGET of %d keys, all cached: right %s, sent %d, hits +%d, misses +%d\n", count($keys),
    $got === $plain->mget($keys) ? 'yes' : 'NO', $sent, $after['hits'] - $before['hits'], $after['misses'] - $before['misses']);
echo "as arguments: ", $pool->mget(...$keys) === $got ? 'same' : 'DIFFERENT', "\n";
$raw2 = rcp_raw(cx_primaries()[1]);
$raw2->cmd('DEL', $keys[4]);  // another client's write: invalidated by the server
$end = microtime(true) + 5;
while ($pool->mget($keys)[4] !== null && microtime(true) < $end) usleep(5000);
$end = microtime(true) + 5; // (its nil filled: a fill the invalidation overtook is refused, and read again)
while (cx_delta('misses', fn() => $pool->mget($keys)) > 0 && microtime(true) < $end) usleep(5000);
$pool->set($keys[7], 'new7'); // an own write: dropped at once
$before = cx_counters();
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) { $got = $pool->mget($keys); });
$after = cx_counters();
printf("MGET, one key rewritten: [4] %s, [7] %s, right %s, sent %d, hits +%d, misses +%d\n", var_export($got[4], true),
    $got[7], $got === $plain->mget($keys) ? 'yes' : 'NO', $sent, $after['hits'] - $before['hits'], $after['misses'] - $before['misses']);
echo "a non-string key: ", json_encode($pool->mget([$keys[0], 12345])), "\n";

// a key prefix: the command's own path, the same replies
$pp = rcp_pool(['cache' => true, 'prefix' => "$t:"]);
$plain->set("$t:" . $k, 'pv');
echo "with a prefix: ", $pp->get($k), ' ', $pp->get($k), ' ', json_encode($pp->mget([$k])), "\n";
--EXPECT--
link up: yes
GET miss: mv, misses +1, hits +0, fills +1
then through the method and __call(): mv,mv, sent 0
after an own write: mv2
hgetall: same reply yes, sent 0
smembers: same reply yes, sent 0
strlen: same reply yes, sent 0
HGET (two arguments): x
MGET of 9 keys, all cached: right yes, sent 0, hits +9, misses +0
as arguments: same
MGET, one key rewritten: [4] NULL, [7] new7, right yes, sent 1, hits +8, misses +1
a non-string key: ["m00",null]
with a prefix: pv pv ["pv"]
