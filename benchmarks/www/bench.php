<?php
/*
 * One benchmark request through the client named in ?client= running the workload named in ?w=:
 *   hot     SET + GET + MGET-10 on one hash tag ({bench}: one slot, one node)
 *   spread  20 GETs on keys spread over the keyspace + one MGET-10 cross-slot
 *   pipe    a 100-command pipeline (SET/GET on 50 keys on spread slots) over the 3 primaries
 *   rw      SET + GET of one of 5,000 keys anywhere + MGET-10 on one of 50 hash tags (the resharding load)
 * ?keys= is the PHP file benchmarks/fpm_bench.php wrote with the spread keys and their owners (the ceiling's
 * routing); ?i= the request number. Prints "ok" when every reply is the expected one.
 * Clients: rcp, rcp_predis (hook: active once adapters/predis/ exists), predis, phpredis, phpredis_np, ceiling.
 */
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$i = (int) ($_GET['i'] ?? 0);
$w = $_GET['w'] ?? 'hot';
$client = $_GET['client'] ?? '';
$K = in_array($w, ['spread', 'pipe'], true) ? require $_GET['keys'] : null;   // ['spread' => [...], 'pipe' => [...], 'owner' => [key => node]]

/*
 * Each client as [get, set, mget, pipe(list of [cmd, key, value?]) -> replies]. The closures cost the same
 * for every client; what differs is the client underneath.
 */
function predis_ops(object $c): array
{
    return [fn($k) => $c->get($k), fn($k, $v) => $c->set($k, $v), fn($ks) => $c->mget($ks),
        fn($cmds) => $c->pipeline(function ($p) use ($cmds) { foreach ($cmds as $x) $x[0] === 'set' ? $p->set($x[1], $x[2]) : $p->get($x[1]); })];
}
function phpredis_ops(RedisCluster $c): array
{
    // RedisCluster (phpredis 5.3) has no pipeline: multi(Redis::PIPELINE) is MULTI/EXEC per node and fails once
    // two slots of one node are in it, so the commands go one by one
    return [fn($k) => $c->get($k), fn($k, $v) => $c->set($k, $v), fn($ks) => $c->mget($ks),
        fn($cmds) => array_map(fn($x) => $x[0] === 'set' ? $c->set($x[1], $x[2]) : $c->get($x[1]), $cmds)];
}

switch ($client) {
    case 'rcp':
        $c = new RedisClusterPool($seeds);
        [$get, $set, $mget, $pipe] = predis_ops($c);
        break;
    case 'rcp_predis':
        // Hook for the Predis adapter (adapters/predis/, written separately): Predis\Client over this
        // extension. benchmarks/fpm_bench.php enables this column only when adapters/predis/ exists; the
        // adapter is expected to provide adapters/predis/bench_client.php returning fn(array $seeds): object.
        $factory = require __DIR__ . '/../../adapters/predis/bench_client.php';
        [$get, $set, $mget, $pipe] = predis_ops($factory($seeds));
        break;
    case 'predis':
        require getenv('RCP_PREDIS3_AUTOLOAD');
        $c = new Predis\Client($seeds, ['cluster' => 'redis']);
        [$get, $set, $mget, $pipe] = predis_ops($c);
        if ($w !== 'hot') {
            // Predis v3's cluster refuses a cross-slot MGET ("Cannot use 'MGET' with redis-cluster") and its
            // pipelines do not follow MOVED: load the slot map first (one CLUSTER SLOTS, which Predis sends on
            // its first MOVED of every request anyway) and do the cross-slot MGET as a pipeline of GETs
            $c->getConnection()->askSlotMap();
            $mget = fn($ks) => $c->pipeline(function ($p) use ($ks) { foreach ($ks as $k) $p->get($k); });
        }
        break;
    case 'phpredis':
    case 'phpredis_np':
        ini_set('redis.clusters.cache_slots', '1');
        [$get, $set, $mget, $pipe] = phpredis_ops(new RedisCluster(null, $seeds, 1.5, 1.5, $client === 'phpredis'));
        break;
    case 'ceiling':
        // a persistent phpredis Redis per primary, routed with the precomputed owners (hot: the tag's owner)
        $node = function (string $k) use ($K): Redis {
            static $conn = [];
            $n = $K ? $K['owner'][$k] : $_GET['node'];
            if (!isset($conn[$n])) { [$h, $p] = explode(':', $n); $conn[$n] = new Redis(); $conn[$n]->pconnect($h, (int) $p, 1.5); }
            return $conn[$n];
        };
        $groups = function (array $keys) use ($K) { $g = []; foreach ($keys as $j => $k) $g[$K ? $K['owner'][$k] : ''][$j] = $k; return $g; };
        $get = fn($k) => $node($k)->get($k);
        $set = fn($k, $v) => $node($k)->set($k, $v);
        // one node: a real MGET; spread: a pipeline of GETs per node (Redis refuses cross-slot MGET), node after node
        $mget = function ($ks) use ($K, $node, $groups) {
            if (!$K) return $node($ks[0])->mget($ks);
            $out = [];
            foreach ($groups($ks) as $g) {
                $r = $node(reset($g))->multi(Redis::PIPELINE);
                foreach ($g as $k) $r->get($k);
                foreach (array_combine(array_keys($g), $r->exec()) as $j => $v) $out[$j] = $v;
            }
            ksort($out);
            return $out;
        };
        $pipe = function ($cmds) use ($node, $K) {
            $by = [];
            foreach ($cmds as $j => $x) $by[$K['owner'][$x[3]]][$j] = $x;
            $out = [];
            foreach ($by as $g) {
                $r = $node(reset($g)[3])->multi(Redis::PIPELINE);
                foreach ($g as $x) $x[0] === 'set' ? $r->set($x[1], $x[2]) : $r->get($x[1]);
                foreach (array_combine(array_keys($g), $r->exec()) as $j => $v) $out[$j] = $v;
            }
            ksort($out);
            return $out;
        };
        break;
    default:
        http_response_code(400); exit('unknown client');
}

$ok = true;
try {
switch ($w) {
    case 'hot':
        $tag = '{bench}';
        $keys = array_map(fn($j) => "b:$tag:$j", range(0, 9));
        $v = "x$i";
        $k = "b:$tag:k$i";   // one key per request: concurrent requests must not race on one key
        $set($k, $v); $ok = $get($k) === $v; $mget($keys);
        break;
    case 'spread':
        // keys were written as "v:<key>" by fpm_bench.php and are never modified
        $n = count($K['spread']);
        for ($j = 0; $j < 20; $j++) { $k = $K['spread'][($i * 20 + $j) % $n]; $ok = $ok && $get($k) === "v:$k"; }
        $ks = []; for ($j = 0; $j < 10; $j++) $ks[] = $K['spread'][($i * 7 + $j * 97) % $n];
        $ok = $ok && array_values($mget($ks)) === array_map(fn($k) => "v:$k", $ks);
        break;
    case 'rw':
        $k = 'rs:' . ($i % 5000);
        $set($k, "v$i"); $ok = $get($k) !== null;
        $mget(array_map(fn($j) => 'rs:{t' . ($i % 50) . "}:$j", range(0, 9)));
        break;
    case 'pipe':
        $cmds = [];
        // $k is a hash tag ("{p:N}"), so "$k:M" has $k's slot; M = i % 1000 is always served by one FastCGI client
        $m = $i % 1000;
        foreach ($K['pipe'] as $k) { $cmds[] = ['set', "$k:$m", "x$i", $k]; $cmds[] = ['get', "$k:$m", null, $k]; }
        $r = $pipe($cmds);
        $ok = count($r) === 100 && $r[1] === "x$i" && $r[99] === "x$i";
        break;
}
echo $ok ? 'ok' : 'bad';
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage();
}
