--TEST--
Read cache, the client's own copies of what it read (a key read again by the same client: no record read, the reply shared): a read again is a hit with nothing sent; another client's write is never answered from a copy once its invalidation reached the cache, an own write not even once; a lost invalidation link (its connection killed) drops the copies with the entries; a reply changed by the caller (a string, an array) leaves the next reply as it was; more keys than the copies (128) all read right, before and after every one is rewritten; MGET's keys the same; the copies' memory stays bounded
--INI--
redis_cluster_pool.cache_max_lag=1000
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/exec.inc';
$p = cx_primaries()[0];
$t = 'cc' . getmypid();
$pool = rcp_pool(['cache' => true]);
$raw = rcp_raw($p);
$k = cx_key_on($p, "$t:s");
$raw->cmd('SET', $k, 'v1');
echo "link up: ", cx_warm($pool, $k) ? 'yes' : 'no', "\n";

// read again: a hit, nothing sent, counted
$before = cx_counters();
$sent = cx_sent(['get'], function () use ($pool, $k, &$got) { $got = [$pool->get($k), $pool->get($k), $pool->get($k)]; });
$after = cx_counters();
printf("read again: %s, sent %d, hits +%d, misses +%d\n", implode(',', $got), $sent, $after['hits'] - $before['hits'],
    $after['misses'] - $before['misses']);

// another client's write: once its invalidation reached the cache, never the copy
$raw->cmd('SET', $k, 'v2');
cx_settle();
echo "after another client's write: ", $pool->get($k), ' ', $pool->get($k), "\n";
// an own write: at once
$pool->set($k, 'v3');
echo "after an own write: ", $pool->get($k), "\n";
for ($i = 0; $i < 5; $i++) $pool->get($k);

// the invalidation link lost: the listener's connection to the node killed
$lost = cx_counters()['flushes_link_lost'] ?? 0;
$killed = 0;
$pid = RedisClusterPool::poolStats()['cache']['listener']['pid'];
foreach (explode("\n", trim($raw->cmd('CLIENT', 'LIST'))) as $line) {
    // this process' listener's connection to the node (other tests' listeners may be connected too)
    if (str_contains($line, " name=rcp-cache-$pid ") && preg_match('/\bid=(\d+) /', $line, $m)) {
        $raw->cmd('CLIENT', 'KILL', 'ID', $m[1]);
        $killed++;
    }
}
$end = microtime(true) + 5;
while ((cx_counters()['flushes_link_lost'] ?? 0) === $lost && microtime(true) < $end) usleep(5000);
$raw->cmd('SET', $k, 'v4'); // written while nobody may be tracking the key
printf("link lost (%d killed, noticed %s): %s\n", $killed, (cx_counters()['flushes_link_lost'] ?? 0) > $lost ? 'yes' : 'no',
    $pool->get($k));
echo "link up again: ", cx_warm($pool, $k) ? 'yes' : 'no', ", ", $pool->get($k), "\n";

// a reply changed by the caller leaves the copy as it was
$a = $pool->get($k);
$a[0] = 'X';
$a .= '!';
$h = cx_key_on($p, "$t:h");
$raw->cmd('HSET', $h, 'f', 'x', 'g', 'y');
cx_warm($pool, $h, 'hgetall');
$arr = $pool->hgetall($h);
$arr['f'] = 'changed';
unset($arr['g']);
echo "a reply changed by the caller: ", $a, ' -> ', $pool->get($k), ', ', json_encode($arr), ' -> ', json_encode($pool->hgetall($h)), "\n";

// more keys than the copies: every reply right, before and after every key is rewritten
$plain = rcp_pool(); // another client (no cache): its writes reach the cache as the servers' invalidations
$many = [];
for ($i = 0; $i < 300; $i++) $many[] = "$t:n$i";
$plain->mset(array_combine($many, array_map(fn($i) => "a$i", range(0, 299))));
cx_settle();
$wrong = 0;
for ($pass = 0; $pass < 3; $pass++) foreach ($many as $i => $kk) $wrong += $pool->get($kk) !== "a$i";
$plain->mset(array_combine($many, array_map(fn($i) => "b$i", range(0, 299))));
cx_settle();
for ($pass = 0; $pass < 3; $pass++) foreach ($many as $i => $kk) $wrong += $pool->get($kk) !== "b$i";
echo "300 keys read 3 times, rewritten, read 3 times: wrong $wrong\n";

// MGET: the same copies' rules
$keys = array_slice($many, 0, 10);
$pool->mget($keys);
$end = microtime(true) + 5;
while (cx_delta('misses', fn() => $pool->mget($keys)) > 0 && microtime(true) < $end) usleep(5000);
$sent = cx_sent(['mget', 'get'], function () use ($pool, $keys, &$got) { $got = $pool->mget($keys); });
echo "MGET read again: sent $sent, ", implode(',', $got), "\n";
$plain->set($keys[3], 'c3');
cx_settle();
$pool->set($keys[5], 'c5');
echo "MGET after a write by another client and an own write: ", implode(',', $pool->mget($keys)), "\n";

// memory: bounded by the copies, not by the reads
for ($i = 0; $i < 1000; $i++) $pool->get($many[$i % 300]);
$m0 = memory_get_usage();
for ($i = 0; $i < 6000; $i++) $pool->get($many[$i % 300]);
$grown = memory_get_usage() - $m0;
echo "6,000 more reads of 300 keys: memory grown ", $grown < 64 * 1024 ? 'less than 64 KiB' : "$grown bytes", "\n";
--EXPECT--
link up: yes
read again: v1,v1,v1, sent 0, hits +3, misses +0
after another client's write: v2 v2
after an own write: v3
link lost (1 killed, noticed yes): v4
link up again: yes, v4
a reply changed by the caller: X4! -> v4, {"f":"changed"} -> {"f":"x","g":"y"}
300 keys read 3 times, rewritten, read 3 times: wrong 0
MGET read again: sent 0, b0,b1,b2,b3,b4,b5,b6,b7,b8,b9
MGET after a write by another client and an own write: b0,b1,b2,c3,b4,c5,b6,b7,b8,b9
6,000 more reads of 300 keys: memory grown less than 64 KiB
