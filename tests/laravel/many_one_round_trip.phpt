--TEST--
Laravel cache driver redis_cluster_pool: Cache::many() of 100 keys over the 3 primaries is one parallel round trip (each primary: one batch, MGETs only, no GET; keys of 3 hash tags, one per primary: exactly one MGET per node), and Cache::putMany() one pipeline of SETEX; Laravel's redis driver sends one GET per key (counted with the nodes' INFO commandstats and the extension's per-node batch counters)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Cache;

/** calls per command on each primary (INFO commandstats) */
function rcp_calls(): array
{
    $out = [];
    foreach (rcp_primaries() as $p) {
        foreach (explode("\n", rcp_raw($p)->cmd('INFO', 'commandstats')) as $line) {
            if (preg_match('/^cmdstat_(get|mget|setex):calls=(\d+)/', $line, $m)) $out[$p][$m[1]] = (int) $m[2];
        }
    }
    return $out;
}

/** The calls and the extension's batches per primary that $f causes. */
function rcp_measure(callable $f): array
{
    $calls = rcp_calls();
    $batches = [];
    foreach (RedisClusterPool::poolStats()['nodes'] as $node => $n) $batches[$node] = $n['batches'];
    $result = $f();
    $after = rcp_calls();
    $out = ['result' => $result];
    foreach (rcp_primaries() as $p) {
        foreach (['get', 'mget', 'setex'] as $c) {
            $out['nodes'][$p][$c] = ($after[$p][$c] ?? 0) - ($calls[$p][$c] ?? 0);
        }
        $out['nodes'][$p]['batches'] = (RedisClusterPool::poolStats()['nodes'][$p]['batches'] ?? 0) - ($batches[$p] ?? 0);
    }
    return $out;
}

function rcp_sum(array $m, string $what): int
{
    return array_sum(array_column($m['nodes'], $what));
}

rcp_laravel_flush();
$keys = array_map(fn ($i) => "item:$i", range(1, 100));
$values = array_combine($keys, array_map(fn ($i) => ['n' => $i], range(1, 100)));
$slots = count(array_unique(array_map(fn ($k) => RedisClusterPool::keySlot("laravel_cache_$k"), $keys)));

foreach (['connector', 'connector+redis'] as $client) {
    rcp_laravel_flush();
    rcp_laravel_app($client);
    Cache::get('warm-up');   // the slot map and a socket per node, before counting
    $put = rcp_measure(fn () => Cache::putMany($values, 60));
    $many = rcp_measure(fn () => Cache::many($keys));
    echo "$client:\n";
    echo "  putMany: ", json_encode($put['result']), ", SETEX ", rcp_sum($put, 'setex'), ", batches per primary ",
        json_encode(array_column($put['nodes'], 'batches')), " (", rcp_sum($put, 'batches'), ")\n";
    echo "  many: values ", json_encode($many['result'] === $values), ", GET ", rcp_sum($many, 'get'), ", MGET ",
        rcp_sum($many, 'mget'), " (the 100 keys are in $slots slots), primaries with MGETs ",
        count(array_filter(array_column($many['nodes'], 'mget'))), ", batches per primary ",
        json_encode(array_column($many['nodes'], 'batches')), " (", rcp_sum($many, 'batches'), ")\n";
}

// Predis' own cluster (client predis, Laravel's redis driver): one GET per key as well
rcp_laravel_flush();
rcp_laravel_app('predis');
Cache::putMany($values, 60);
$m = rcp_measure(fn () => Cache::many($keys));
echo "predis:\n  many: values ", json_encode($m['result'] === $values), ", GET ", rcp_sum($m, 'get'), ", MGET ", rcp_sum($m, 'mget'), "\n";

// keys under 3 hash tags, each tag's slot on another primary: one MGET per node, all in one round trip
rcp_laravel_flush();
rcp_laravel_app('connector');
$tagged = [];
foreach (rcp_primaries() as $i => $p) {
    $tag = '{' . rcp_key_on($p, "t$i") . '}';   // a tag whose slot is on $p (the cache prefix is outside it)
    foreach (range(1, 34) as $j) $tagged["$tag:$j"] = "v$i.$j";
}
$tagged = array_slice($tagged, 0, 100, true);
Cache::putMany($tagged, 60);
$m = rcp_measure(fn () => Cache::many(array_keys($tagged)));
echo "3 hash tags: values ", json_encode($m['result'] === $tagged), ", MGET per primary ",
    json_encode(array_column($m['nodes'], 'mget')), ", GET ", rcp_sum($m, 'get'),
    ", batches per primary ", json_encode(array_column($m['nodes'], 'batches')), "\n";
?>
--EXPECT--
connector:
  putMany: true, SETEX 100, batches per primary [1,1,1] (3)
  many: values true, GET 0, MGET 100 (the 100 keys are in 100 slots), primaries with MGETs 3, batches per primary [1,1,1] (3)
connector+redis:
  putMany: true, SETEX 100, batches per primary [34,35,31] (100)
  many: values true, GET 100, MGET 0 (the 100 keys are in 100 slots), primaries with MGETs 0, batches per primary [34,35,31] (100)
predis:
  many: values true, GET 100, MGET 0
3 hash tags: values true, MGET per primary [1,1,1], GET 0, batches per primary [1,1,1]
