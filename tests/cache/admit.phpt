--TEST--
Read cache admission (redis_cluster_pool.cache_admit, default 2): a read's first miss goes to the server and is not stored (counted as a miss and a first miss, no fill); its second miss stores the reply; the third read is a hit with nothing sent. The same for a read of another kind (HGET) and for each key of an MGET; a key read before and then written is stored again at its next miss; when about an eighth of the seen bitmap's bits were set since it was last cleared, it is cleared (poolStats()['cache']['seen_clears']) (a read seen before is a first miss again, not even looked up: an entry stored before the clearing is found from its next read on); cache_admit=1 stores from the first miss
--INI--
redis_cluster_pool.cache_max_lag=1000
redis_cluster_pool.cache_memory=2M
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/exec.inc';
$p = cx_primaries()[0];
$t = 'adm' . getmypid();
$pool = rcp_pool(['cache' => true]);
$raw = rcp_raw($p);
echo "admit: ", ini_get('redis_cluster_pool.cache_admit'), "\n";
$w = cx_key_on($p, "$t:warm");
$raw->cmd('SET', $w, 'w');
echo "link up: ", cx_warm($pool, $w) ? 'yes' : 'no', "\n";

// reads of one key, three times: what each does
$reads = function (string $label, callable $read, int $times = 3) {
    $out = [];
    for ($i = 1; $i <= $times; $i++) {
        $a = cx_counters();
        $sent = cx_sent(['get', 'hget', 'mget'], function () use ($read, &$got) { $got = $read(); });
        $b = cx_counters();
        $d = fn($k) => ($b[$k] ?? 0) - ($a[$k] ?? 0);
        $out[] = sprintf("#%d %s: sent %d, misses +%d, first +%d, fills +%d, hits +%d", $i, json_encode($got), $sent,
            $d('misses'), $d('first_misses'), $d('fills'), $d('hits'));
    }
    echo "$label\n  ", implode("\n  ", $out), "\n";
};
$k = cx_key_on($p, "$t:s");
$raw->cmd('SET', $k, 'v1');
$reads('GET', fn() => $pool->get($k));
$h = cx_key_on($p, "$t:h");
$raw->cmd('HSET', $h, 'f', 'x');
$reads('HGET', fn() => $pool->hget($h, 'f'));
$m = cx_key_on($p, "$t:m");
[$m1, $m2] = ["{{$m}}:1", "{{$m}}:2"]; // (one slot: one MGET sent)
$raw->cmd('SET', $m1, 'a');
$raw->cmd('SET', $m2, 'b');
$reads('MGET of 2 keys', fn() => $pool->mget([$m1, $m2]));
// a key the cache holds, then written through the pool: its next miss stores at once (the read was seen)
$pool->set($k, 'v2');
$reads('GET after an own write', fn() => $pool->get($k), 2);

// the window: a read seen, then first misses of other reads, one at a time, until the seen bitmap is cleared
// (poolStats()['cache']['seen_clears']): that read's next miss is a first again
$x = cx_key_on($p, "$t:x");
$raw->cmd('SET', $x, 'x');
$pool->get($x);
// and one stored before the clearing
$y = cx_key_on($p, "$t:y");
$raw->cmd('SET', $y, 'y');
$pool->get($y);
$pool->get($y);
$clears = RedisClusterPool::poolStats()['cache']['seen_clears'];
for ($i = 0; $i < 200000 && RedisClusterPool::poolStats()['cache']['seen_clears'] === $clears; $i++) $pool->get("$t:none:$i");
printf("reads of keys never read, up to the clearing: %s\n", RedisClusterPool::poolStats()['cache']['seen_clears'] > $clears ? 'yes' : 'no');
$reads('GET of a read seen before the bitmap was cleared', fn() => $pool->get($x), 2);
// the entry stored before the clearing, read by a client without a copy of it: its first read is not looked up (a
// first miss again, sent), its next one finds the entry (a hit, nothing stored again)
$pool2 = rcp_pool(['cache' => true]);
$reads('GET, by another client, of a read stored before the clearing', fn() => $pool2->get($y), 2);

// cache_admit=1: stored from the first miss
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ext = getenv('RCP_EXT_SO') ?: ini_get('extension_dir') . '/redis_cluster_pool.so';
$k1 = cx_key_on($p, "$t:one");
$raw->cmd('SET', $k1, 'z');
$code = 'require ' . var_export(__DIR__ . '/exec.inc', true) . '; $pool = rcp_pool(["cache" => true]);'
    . ' $w = ' . var_export($w, true) . '; cx_warm($pool, $w); $k = ' . var_export($k1, true) . ';'
    . ' $a = cx_counters(); $pool->get($k); $b = cx_counters(); $pool->get($k); $c = cx_counters();'
    . ' printf("first read: fills +%d, first misses +%d; second read: hits +%d\n", $b["fills"] - $a["fills"],'
    . ' $b["first_misses"] - $a["first_misses"], $c["hits"] - $b["hits"]);';
echo "cache_admit=1: ", trim((string) shell_exec(escapeshellarg($php) . ' -n -d extension=' . escapeshellarg($ext)
    . ' -d redis_cluster_pool.cache_admit=1 -d redis_cluster_pool.cache_max_lag=1000 -r ' . escapeshellarg($code) . ' 2>&1')), "\n";
?>
--EXPECT--
admit: 2
link up: yes
GET
  #1 "v1": sent 1, misses +1, first +1, fills +0, hits +0
  #2 "v1": sent 1, misses +1, first +0, fills +1, hits +0
  #3 "v1": sent 0, misses +0, first +0, fills +0, hits +1
HGET
  #1 "x": sent 1, misses +1, first +1, fills +0, hits +0
  #2 "x": sent 1, misses +1, first +0, fills +1, hits +0
  #3 "x": sent 0, misses +0, first +0, fills +0, hits +1
MGET of 2 keys
  #1 ["a","b"]: sent 1, misses +2, first +2, fills +0, hits +0
  #2 ["a","b"]: sent 1, misses +2, first +0, fills +2, hits +0
  #3 ["a","b"]: sent 0, misses +0, first +0, fills +0, hits +2
GET after an own write
  #1 "v2": sent 1, misses +1, first +0, fills +1, hits +0
  #2 "v2": sent 0, misses +0, first +0, fills +0, hits +1
reads of keys never read, up to the clearing: yes
GET of a read seen before the bitmap was cleared
  #1 "x": sent 1, misses +1, first +1, fills +0, hits +0
  #2 "x": sent 1, misses +1, first +0, fills +1, hits +0
GET, by another client, of a read stored before the clearing
  #1 "y": sent 1, misses +1, first +1, fills +0, hits +0
  #2 "y": sent 0, misses +0, first +0, fills +0, hits +1
cache_admit=1: first read: fills +1, first misses +0; second read: hits +1
