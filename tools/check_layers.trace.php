<?php
/*
 * The workload of tools/check_layers.trace.sh (run under gdb): one operation of RedisClusterPool between two
 * markers, two calls of RedisClusterPool::predisReply('trace', [], ...), after warm-up runs of the same
 * operation (connections open, slot map and resolutions cached: the steady state).
 *   php -d extension=redis_cluster_pool.so tools/check_layers.trace.php OP
 * OP: get (GET of one key), mget10 / mget100 (MGET of keys on distinct slots over every primary, round-robin),
 * pipe100 (a pipeline of 100 GETs over every primary), set. Seeds: $RCP_TEST_SEEDS.
 */
$op = $argv[1] ?? 'get';
$seeds = getenv('RCP_TEST_SEEDS') ?: exit("RCP_TEST_SEEDS is not set\n");
// generous timeouts: gdb's breakpoints slow the traced operation down
$pool = new RedisClusterPool(explode(',', $seeds), ['parameters' => ['timeout' => 3600, 'read_write_timeout' => 3600]]);
$n = ['get' => 1, 'set' => 1, 'mget10' => 10, 'mget100' => 100, 'pipe100' => 100][$op] ?? exit("unknown op $op\n");

// keys on distinct slots, taking the primaries in turn
$byNode = [];
$slots = [];
for ($i = 0; count($byNode) < 3 || min(array_map('count', $byNode)) < intdiv($n + 2, 3); $i++) {
    $k = "trace:$i";
    $s = $pool->keySlot($k);
    if (isset($slots[$s])) continue;
    $slots[$s] = true;
    $byNode[$pool->nodeForKey($k)][] = $k;
}
$keys = [];
for ($j = 0; count($keys) < $n; $j++) {
    foreach ($byNode as $ks) {
        if (count($keys) < $n && isset($ks[$j])) $keys[] = $ks[$j];
    }
}
foreach ($keys as $k) $pool->set($k, "v:$k");

$run = match ($op) {
    'get' => fn() => $pool->get($keys[0]),
    'set' => fn() => $pool->set($keys[0], 'v'),
    'mget10', 'mget100' => fn() => $pool->mget($keys),
    'pipe100' => fn() => $pool->pipeline(function ($p) use ($keys) { foreach ($keys as $k) $p->get($k); }),
};
$run();
$run();
RedisClusterPool::predisReply('trace', [], 'begin');
try {
    $r = $run();
} finally {
    RedisClusterPool::predisReply('trace', [], 'end'); // also when it threw: the trace stops here
}
echo json_encode(['op' => $op, 'keys' => count($keys), 'reply' => is_array($r) ? count($r) . ' values' : $r]), "\n";
