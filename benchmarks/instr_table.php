<?php
/*
 * Issue 14's yardstick: user-space instructions per operation of every PHP Redis Cluster client, side by side,
 * under callgrind (valgrind): deterministic, so one run is enough and the host's load does not matter.
 *   php -d extension=redis_cluster_pool.so benchmarks/instr_table.php ENV_FILE [JSON_OUT]
 *   (`bash benchmarks/run.sh [--platform debian12,debian13] instr` starts a cluster, builds and calls this)
 * ENV_FILE: the env of tests/cluster/cluster.sh (3 primaries + 3 replicas). Environment:
 *   RCP_EXT_SO            the redis_cluster_pool.so measured (default: modules/ of this checkout)
 *   RCP_PREDIS3_AUTOLOAD  Predis v3's vendor/autoload.php (run.sh installs it from Packagist)
 *   RCP_INSTR_SCALE       multiplies the operations counted per run (default 1: GET 1,000, MGET-10 300,
 *                         MGET-100 and pipeline-100 60)
 * Clients (each in its own PHP process under callgrind):
 *   rcp            RedisClusterPool
 *   rcp_predis     Predis\Client over redis_cluster_pool (adapters/predis: the Predis connection backend)
 *   phpredis       phpredis RedisCluster, persistent, redis.clusters.cache_slots=1
 *   redis          phpredis Redis, pconnect to each primary, routed with the owners computed beforehand:
 *                  GET to the key's owner; MGET: one MGET per node (keys of one hash tag per node, as Redis
 *                  refuses a cross-slot MGET even on one node; the client's cost of an MGET does not depend on
 *                  the slots); pipeline: one phpredis pipeline per node, node after node
 *   predis         Predis v3, 'cluster' => 'redis' (its cross-slot MGET is refused: a pipeline of GETs, as in
 *                  the fpm suite; slot map loaded first, as its pipelines do not follow MOVED)
 *   loop           the PHP loop alone (an empty closure): the part of every figure that is not the client
 * Operations: get1 (one key), mget10 and mget100 (keys on distinct slots, round-robin over the 3 primaries:
 * 4/3/3 and 34/33/33), pipe100 (a pipeline of 100 GETs, the same 100 keys; phpredis RedisCluster has no
 * cluster pipeline: 100 calls).
 * Per client, one process counts the set-up (connects, slot maps, autoload, two warm-up passes of every
 * operation) and, for each operation, one more counts the same plus N operations: (that - set-up) / N is the
 * figure. Each run checks the replies against the values written, so a client that fails is never counted.
 * redis_cluster_pool's periodic topology refresh is off in these processes (refresh_interval=0): it is not work
 * of an operation, and whether one lands in a run depended on how long valgrind took.
 */
if (($argv[1] ?? '') === '--child') { instr_child(json_decode($argv[2], true)); exit(0); }

require __DIR__ . '/lib.inc';
$env = parse_ini_file($argv[1] ?? '') ?: exit("usage: php benchmarks/instr_table.php ENV_FILE [JSON_OUT]\n");
$jsonOut = $argv[2] ?? null;
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');
$predis = getenv('RCP_PREDIS3_AUTOLOAD') ?: '';
$scale = (float) (getenv('RCP_INSTR_SCALE') ?: 1);
$counts = array_map(fn($n) => max(1, (int) round($n * $scale)), ['get1' => 1000, 'mget10' => 300, 'mget100' => 60, 'pipe100' => 60]);
putenv("RCP_TEST_SEEDS={$env['RCP_TEST_SEEDS']}"); putenv("RCP_TEST_PRIMARIES={$env['RCP_TEST_PRIMARIES']}");
$prims = explode(',', $env['RCP_TEST_PRIMARIES']);
$seeds = implode(',', array_slice(explode(',', $env['RCP_TEST_SEEDS']), 0, 3));

// the keys, their values ("v:<key>") and owners
$pool = new RedisClusterPool(explode(',', $seeds));
$k10 = spread_keys($pool, 10, 'ipo10', $prims);
$k100 = spread_keys($pool, 100, 'ipo100', $prims);
$one = $k10[0];
$owner = [];
foreach (array_merge($k10, $k100) as $k) $owner[$k] = $pool->nodeForKey($k);
// phpredis Redis' one-MGET-per-node: the same number of keys per node, of one hash tag per node
$tagged = function (array $keys) use ($pool, $owner): array {
    $by = [];
    foreach ($keys as $k) $by[$owner[$k]][] = $k;
    $out = [];
    foreach ($by as $node => $ks) {
        for ($t = 0; $pool->nodeForKey("{t$t}") !== $node; $t++);
        foreach ($ks as $j => $k) $out[$node][] = "{t$t}:" . substr($k, 0, strrpos($k, ':')) . ":$j";
    }
    return $out;
};
$t10 = $tagged($k10); $t100 = $tagged($k100);
$all = array_merge($k10, $k100, ...array_values($t10), ...array_values($t100));
foreach (array_chunk($all, 100) as $ch) $pool->pipeline(function ($p) use ($ch) { foreach ($ch as $k) $p->set($k, "v:$k"); });
$spec = ['seeds' => $seeds, 'one' => $one, 'k10' => $k10, 'k100' => $k100, 'owner' => $owner, 't10' => $t10, 't100' => $t100,
    'predis' => $predis, 'adapter' => __DIR__ . '/../adapters/predis/bench_client.php'];

$clients = ['rcp' => 'redis_cluster_pool', 'rcp_predis' => 'Predis over rcp (adapter)', 'phpredis' => 'phpredis RedisCluster',
    'redis' => 'phpredis Redis (owner node)', 'predis' => 'Predis v3 cluster', 'loop' => 'PHP loop alone'];
if ($predis === '' || !is_file($predis)) { unset($clients['rcp_predis'], $clients['predis']); fwrite(STDERR, "RCP_PREDIS3_AUTOLOAD not set: no Predis columns\n"); }
if (!extension_loaded('redis')) { unset($clients['phpredis'], $clients['redis']); fwrite(STDERR, "phpredis not loaded: no phpredis columns\n"); }
$ops = ['get1' => 'GET of one key', 'mget10' => 'MGET of 10 keys over 3 primaries', 'mget100' => 'MGET of 100 keys over 3 primaries',
    'pipe100' => 'pipeline of 100 GETs over 3 primaries'];

/** Instructions of one child run (callgrind's summary), or exit with the child's output. */
$run = function (string $client, string $op, int $n) use ($so, $spec): int {
    $out = tempnam(sys_get_temp_dir(), 'cg');
    $arg = json_encode($spec + ['client' => $client, 'op' => $op, 'n' => $n]);
    $cmd = 'valgrind --tool=callgrind --callgrind-out-file=' . escapeshellarg($out) . ' ' . escapeshellarg(PHP_BINARY)
        // the periodic topology refresh (every 60 s +- 20 %) off: not work of an operation, it would land in one run
        // or the other by chance (it moved MGET-100's figure by up to 25,000 between two runs on Debian 13)
        . ' -d ' . escapeshellarg("extension=$so") . ' -d redis_cluster_pool.refresh_interval=0'
        . ' -d redis.clusters.cache_slots=1 ' . escapeshellarg(__FILE__)
        . ' --child ' . escapeshellarg($arg) . ' 2>&1';
    exec($cmd, $lines, $rc);
    preg_match('/^summary: (\d+)/m', (string) @file_get_contents($out), $m);
    @unlink($out);
    if ($rc !== 0 || !isset($m[1]) || !in_array('ok', $lines, true)) {
        fwrite(STDERR, "$client $op x$n failed (exit $rc):\n" . implode("\n", array_slice($lines, -15)) . "\n");
        exit(1);
    }
    return (int) $m[1];
};

$ir = [];
foreach ($clients as $c => $_) {
    $base = $run($c, 'get1', 0);
    foreach ($ops as $op => $_) $ir[$op][$c] = (int) round(($run($c, $op, $counts[$op]) - $base) / $counts[$op]);
    fprintf(STDERR, "%-11s %s\n", $c, implode('  ', array_map(fn($op) => "$op " . $ir[$op][$c], array_keys($ops))));
}

// issue 14's targets: [reference client, largest ratio]
$targets = ['get1' => ['phpredis', 1.0], 'mget10' => ['phpredis', 0.5], 'mget100' => ['phpredis', 0.3], 'pipe100' => ['redis', 1.0]];
$refName = ['phpredis' => 'phpredis RedisCluster', 'redis' => 'phpredis Redis per node'];
$fmt = fn($v) => number_format($v);
$ratio = fn($op, $ref) => isset($ir[$op][$ref]) && $ir[$op][$ref] > 0 ? $ir[$op]['rcp'] / $ir[$op][$ref] : null;
$cols = array_diff_key($clients, ['loop' => 1]);
echo '| op | ', implode(' | ', $cols), ' | rcp / RedisCluster | rcp / Redis | target (issue 14) | met |', "\n";
echo str_repeat('|---', count($cols) + 5), "|\n";
$rows = [];
foreach ($ops as $op => $label) {
    [$ref, $max] = $targets[$op];
    $r = $ratio($op, $ref);
    $met = $r === null ? 'n/a' : ($r <= $max ? 'met' : 'not met');
    $rc = $ratio($op, 'phpredis'); $rr = $ratio($op, 'redis');
    echo "| $label | ", implode(' | ', array_map(fn($c) => $fmt($ir[$op][$c]), array_keys($cols))),
        ' | ', $rc === null ? '—' : sprintf('%.2f×', $rc), ' | ', $rr === null ? '—' : sprintf('%.2f×', $rr),
        sprintf(' | ≤ %.1f× %s | %s |', $max, $refName[$ref], $met), "\n";
    $rows[] = ['op' => $op, 'label' => $label, 'instructions_per_op' => $ir[$op], 'ops_counted' => $counts[$op],
        'rcp_vs_phpredis_cluster' => $rc === null ? null : round($rc, 3), 'rcp_vs_phpredis_redis' => $rr === null ? null : round($rr, 3),
        'target' => ['reference' => $ref, 'max_ratio' => $max, 'met' => $met === 'met']];
}
if (isset($ir['get1']['loop'])) {
    printf("\nEvery figure includes the PHP loop that calls the client: %s instructions per op (an empty closure).\n", $fmt($ir['get1']['loop']));
}
printf("Instructions per op = (callgrind run with N ops - run with 0) / N, N = %s; PHP %s, phpredis %s, redis_cluster_pool %s (%s).\n",
    implode(', ', array_map(fn($op) => "$op $counts[$op]", array_keys($counts))), PHP_VERSION, phpversion('redis') ?: '-',
    phpversion('redis_cluster_pool'), basename($so));
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['suite' => 'instr', 'clients' => $clients, 'rows' => $rows, 'loop_per_op' => $ir['get1']['loop'] ?? null,
        'php' => PHP_VERSION, 'phpredis' => phpversion('redis') ?: null, 'rcp' => phpversion('redis_cluster_pool')], JSON_PRETTY_PRINT) . "\n");
}

/** One measured process: set-up, two warm-up passes of every operation (replies checked), then N of one. */
function instr_child(array $s): void
{
    $seeds = explode(',', $s['seeds']);
    $want = fn(array $keys) => array_map(fn($k) => "v:$k", $keys);
    $predisOps = function (object $c, bool $cluster) use ($s): array {
        $gets = fn(array $keys) => fn() => $c->pipeline(function ($p) use ($keys) { foreach ($keys as $k) $p->get($k); });
        return ['get1' => fn() => $c->get($s['one']),
            // Predis' own cluster refuses a cross-slot MGET: a pipeline of GETs
            'mget10' => $cluster ? $gets($s['k10']) : fn() => $c->mget($s['k10']),
            'mget100' => $cluster ? $gets($s['k100']) : fn() => $c->mget($s['k100']),
            'pipe100' => $gets($s['k100'])];
    };
    switch ($s['client']) {
        case 'rcp':
            $p = new RedisClusterPool($seeds);
            $f = ['get1' => fn() => $p->get($s['one']), 'mget10' => fn() => $p->mget($s['k10']), 'mget100' => fn() => $p->mget($s['k100']),
                'pipe100' => fn() => $p->pipeline(function ($x) use ($s) { foreach ($s['k100'] as $k) $x->get($k); })];
            break;
        case 'rcp_predis':
            $f = $predisOps((require $s['adapter'])($seeds), false);
            break;
        case 'predis':
            require $s['predis'];
            $c = new Predis\Client($seeds, ['cluster' => 'redis']);
            $c->getConnection()->askSlotMap();
            $f = $predisOps($c, true);
            break;
        case 'phpredis':
            $c = new RedisCluster(null, $seeds, 1.5, 1.5, true);
            // no cluster pipeline in phpredis' RedisCluster: 100 calls
            $f = ['get1' => fn() => $c->get($s['one']), 'mget10' => fn() => $c->mget($s['k10']), 'mget100' => fn() => $c->mget($s['k100']),
                'pipe100' => fn() => array_map(fn($k) => $c->get($k), $s['k100'])];
            break;
        case 'redis':
            $r = [];
            foreach (array_unique($s['owner']) as $node) { [$h, $port] = explode(':', $node); $r[$node] = new Redis(); $r[$node]->pconnect($h, (int) $port, 1.5); }
            $by = [];
            foreach ($s['k100'] as $k) $by[$s['owner'][$k]][] = $k;
            $mget = fn(array $t) => function () use ($r, $t) { $out = []; foreach ($t as $node => $ks) $out[] = $r[$node]->mget($ks); return array_merge(...$out); };
            $f = ['get1' => fn() => $r[$s['owner'][$s['one']]]->get($s['one']), 'mget10' => $mget($s['t10']), 'mget100' => $mget($s['t100']),
                'pipe100' => function () use ($r, $by) {
                    $out = [];
                    foreach ($by as $node => $ks) { $x = $r[$node]->multi(Redis::PIPELINE); foreach ($ks as $k) $x->get($k); $out[] = $x->exec(); }
                    return array_merge(...$out);
                }];
            break;
        case 'loop':
            $f = array_fill_keys(['get1', 'mget10', 'mget100', 'pipe100'], fn() => null);
            break;
        default:
            exit("unknown client {$s['client']}\n");
    }
    if ($s['client'] !== 'loop') {
        $byNode = fn(array $t) => $want(array_merge(...array_values($t)));
        $expect = ['get1' => "v:{$s['one']}", 'mget10' => $s['client'] === 'redis' ? $byNode($s['t10']) : $want($s['k10']),
            'mget100' => $s['client'] === 'redis' ? $byNode($s['t100']) : $want($s['k100'])];
        $pipeKeys = $s['k100'];
        if ($s['client'] === 'redis') { $pipeKeys = []; foreach ($s['k100'] as $k) $pipeKeys[$s['owner'][$k]][] = $k; $pipeKeys = array_merge(...array_values($pipeKeys)); }
        $expect['pipe100'] = $want($pipeKeys);
        for ($w = 0; $w < 2; $w++) {
            foreach ($f as $op => $fn) {
                $got = $fn();
                if ($got !== $expect[$op]) exit("{$s['client']} $op: unexpected reply " . substr(json_encode($got), 0, 200) . "\n");
            }
        }
    }
    $fn = $f[$s['op']];
    for ($i = 0; $i < $s['n']; $i++) $fn();
    echo "ok\n";
}
