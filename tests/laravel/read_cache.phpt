--TEST--
Laravel connector with the read cache (config/database.php `options.cache`, docs/LARAVEL.md): a repeated Redis::get() and Cache::get() answered by the extension's cache with nothing sent, Redis::mget() of cached keys too; a write through Laravel read back at once; a write by another client seen within the bound; the cluster's own `options.cache` form (`prefixes`) limits it, no option caches nothing, and a bad value is a typed exception naming the option
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';
require __DIR__ . '/../cache/exec.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\Redis;

rcp_laravel_flush();
$t = 'lc' . getmypid();
rcp_laravel_app('connector', ['options' => ['cache' => true]]);
Redis::set("$t:k", 'v1');
$end = microtime(true) + 5;   // until the node's invalidation link is up (the listener starts with the first read)
do { $h = cx_delta('hits', fn() => Redis::get("$t:k")); } while (!$h && microtime(true) < $end && usleep(20000) === null);
echo "a repeated Redis::get() answered by the cache: ", $h ? 'yes' : 'no', "\n";
echo "GETs sent for 10 more: ", cx_sent(['get'], function () use ($t) { for ($i = 0; $i < 10; $i++) Redis::get("$t:k"); }), "\n";
Redis::set("$t:k", 'v2');
echo "after Redis::set(): ", Redis::get("$t:k"), "\n";

Redis::set("$t:a", 'A');
Redis::set("$t:b", 'B');
$end = microtime(true) + 5;   // until every node's link is up and the three are filled
do { $sent = cx_sent(['mget', 'get'], fn() => Redis::mget(["$t:a", "$t:b", "$t:k"])); } while ($sent && microtime(true) < $end && usleep(20000) === null);
echo "Redis::mget() of cached keys: ", json_encode(Redis::mget(["$t:a", "$t:b", "$t:k"])), ", MGET/GET sent: ",
    cx_sent(['mget', 'get'], fn() => Redis::mget(["$t:a", "$t:b", "$t:k"])), "\n";

// another client writes: seen within the bound (the server's invalidation), no write through Laravel needed
$full = "laravel_database_$t:k";
echo "the other client's SET: ", rcp_raw(rcp_owner_of_slot(RedisClusterPool::keySlot($full)))->cmd('SET', $full, 'v3'), "\n";
$end = microtime(true) + 5;
while (($v = Redis::get("$t:k")) !== 'v3' && microtime(true) < $end) usleep(5000);
echo "a write by another client seen: $v\n";

// the cache store (driver redis_cluster_pool) on the same connection
Cache::put('answer', 42, 60);
$end = microtime(true) + 5;
do { $h = cx_delta('hits', fn() => Cache::get('answer')); } while (!$h && microtime(true) < $end && usleep(20000) === null);
echo "Cache::get() answered by the cache: ", $h ? 'yes' : 'no', ", value ", Cache::get('answer'), "\n";
Cache::put('answer', 43, 60);
echo "after Cache::put(): ", Cache::get('answer'), "\n";

// the clusters' options, the array form: only keys under 'prefixes' (keys as the application writes them: without
// Laravel's prefix, which the connector hands to the extension's 'prefix' option)
rcp_laravel_app('connector', ['clusters' => ['options' => ['cache' => ['prefixes' => ["$t:user:"], 'ttl' => 60]]]]);
Redis::set("$t:user:1", 'Ada');
Redis::set("$t:other", 'x');
$end = microtime(true) + 5;
do { $h = cx_delta('hits', fn() => Redis::get("$t:user:1")); } while (!$h && microtime(true) < $end && usleep(20000) === null);
Redis::get("$t:other");
echo "'prefixes': a key under it cached: ", $h ? 'yes' : 'no', ", another: hits ", cx_delta('hits', fn() => Redis::get("$t:other")), "\n";

rcp_laravel_app('connector');
Redis::get("$t:k");
echo "without options.cache: hits ", cx_delta('hits', fn() => Redis::get("$t:k")), "\n";

try {
    rcp_laravel_app('connector', ['options' => ['cache' => 'yes']]);
    Redis::get("$t:k");
    echo "a bad options.cache: accepted\n";
} catch (Throwable $e) {
    echo "a bad options.cache: ", get_class($e), ": ", $e->getMessage(), "\n";
}
Redis::purge();
rcp_laravel_app('connector');
foreach (['k', 'a', 'b', 'user:1', 'other'] as $k) Redis::del("$t:$k");
Cache::forget('answer');
?>
--EXPECTF--
a repeated Redis::get() answered by the cache: yes
GETs sent for 10 more: 0
after Redis::set(): v2
Redis::mget() of cached keys: ["A","B","v2"], MGET/GET sent: 0
the other client's SET: OK
a write by another client seen: v3
Cache::get() answered by the cache: yes, value 42
after Cache::put(): 43
'prefixes': a key under it cached: yes, another: hits 0
without options.cache: hits 0
a bad options.cache: RedisClusterPool\Laravel\ConfigurationException: redis_cluster_pool: Option "cache" must be a bool or an array (prefixes, ttl, untracked), string given
