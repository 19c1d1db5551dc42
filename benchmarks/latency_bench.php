<?php
/*
 * Issue 4's benchmark: per-operation latency (hrtime, inside PHP, one long-lived CLI process with persistent
 * connections) of
 *   mget10   MGET of 10 keys on 10 distinct slots spread round-robin over the 3 primaries
 *   mget100  MGET of 100 keys on 100 distinct slots spread the same way
 *   pipe100  a 100-command pipeline (SET k / GET k alternately on 50 spread keys) touching the 3 primaries
 *   get1     one GET (one round trip to one node: the unit to read the others against)
 * for each client, rounds interleaved (client order rotated every round) to cancel machine drift:
 *   rcp       RedisClusterPool (this extension)
 *   phpredis  phpredis RedisCluster, persistent, redis.clusters.cache_slots=1 (Debian's: 5.3.7 on Debian 12,
 *             6.2.0 on Debian 13). It has no pipeline mode (multi(Redis::PIPELINE) is a MULTI/EXEC per node,
 *             which phpredis 5.3.7 cannot EXEC once two slots of one node are in it: "Error processing EXEC
 *             across the cluster"), so pipe100 = 100 calls
 *   ceiling   phpredis Redis pconnect to each primary, the commands of each node sent as one pipeline
 *             (GETs for the MGETs: Redis refuses a cross-slot MGET even on one node), node after node
 *             (the best a sequential client that knows the slot map can do)
 * Then round trips: K operations of each client bracketed by INFO on every primary; reported per operation:
 * server read events (total_reads_processed: a request written in one go = 1 read on the node), commands
 * executed, connections accepted.
 *   php benchmarks/latency_bench.php [ops-per-round=300] [rounds=5] [json-out]
 * (`bash benchmarks/run.sh [--platform P] latency` starts a cluster and calls this; needs
 * RCP_TEST_SEEDS/RCP_TEST_PRIMARIES.)
 */
require __DIR__ . '/lib.inc';
$perRound = (int) ($argv[1] ?? 300);
$rounds = (int) ($argv[2] ?? 5);
$jsonOut = $argv[3] ?? null;
$load0 = sys_getloadavg();
ini_set('redis.clusters.cache_slots', '1');

$seeds = rcp_seeds();
$prims = rcp_primaries();
$pool = new RedisClusterPool($seeds);
$k10 = spread_keys($pool, 10, 'lat10');
$k100 = spread_keys($pool, 100, 'lat100');
$k50 = spread_keys($pool, 50, 'latp');
foreach (array_merge($k10, $k100, $k50) as $k) $pool->set($k, "v:$k");
$owner = [];
foreach (array_merge($k10, $k100, $k50) as $k) $owner[$k] = $pool->nodeForKey($k);
// the ceiling: per primary, one pipeline of GETs (a plain MGET would be refused: CROSSSLOT even on one node)
$getPipe = function (Redis $r, array $ks) { $r->multi(Redis::PIPELINE); foreach ($ks as $k) $r->get($k); return $r->exec(); };
$byNode = fn(array $keys) => array_reduce($keys, function ($a, $k) use ($owner) { $a[$owner[$k]][] = $k; return $a; }, []);
$n10 = $byNode($k10); $n100 = $byNode($k100); $n50 = $byNode($k50);
printf("keys: mget10 on %d primaries (%s), mget100 on %d, pipe100 on %d\n", count($n10),
    implode('/', array_map('count', $n10)), count($n100), count($n50));

$cluster = new RedisCluster(null, $seeds, 1.5, 1.5, true);
$direct = [];
foreach ($prims as $p) { [$h, $port] = explode(':', $p); $direct[$p] = new Redis(); $direct[$p]->pconnect($h, (int) $port, 1.5); }

$one = $k10[0]; $oneNode = $owner[$one];
$ops = [
    'get1' => [     // one round trip to one node: the unit for the others
        'rcp' => fn() => $pool->get($one),
        'phpredis' => fn() => $cluster->get($one),
        'ceiling' => fn() => $direct[$oneNode]->get($one),
    ],
    'mget10' => [
        'rcp' => fn() => $pool->mget($k10),
        'phpredis' => fn() => $cluster->mget($k10),
        'ceiling' => function () use ($direct, $n10, $getPipe) { foreach ($n10 as $n => $ks) $getPipe($direct[$n], $ks); },
    ],
    'mget100' => [
        'rcp' => fn() => $pool->mget($k100),
        'phpredis' => fn() => $cluster->mget($k100),
        'ceiling' => function () use ($direct, $n100, $getPipe) { foreach ($n100 as $n => $ks) $getPipe($direct[$n], $ks); },
    ],
    'pipe100' => [
        'rcp' => fn() => $pool->pipeline(function ($p) use ($k50) { foreach ($k50 as $k) { $p->set($k, 'x'); $p->get($k); } }),
        // phpredis 5.3 RedisCluster has no pipeline mode: multi(Redis::PIPELINE) is MULTI/EXEC per node and fails
        // ("Error processing EXEC across the cluster") as soon as two slots of one node are in it, so a
        // RedisCluster user sends the 100 commands one by one
        'phpredis' => function () use ($cluster, $k50) { foreach ($k50 as $k) { $cluster->set($k, 'x'); $cluster->get($k); } },
        'ceiling' => function () use ($direct, $n50) {
            foreach ($n50 as $n => $ks) {
                $r = $direct[$n]->multi(Redis::PIPELINE);
                foreach ($ks as $k) { $r->set($k, 'x'); $r->get($k); }
                $r->exec();
            }
        },
    ],
];
// sanity: every client gets the same answers
foreach (['mget10' => $n10, 'mget100' => $n100] as $w => $nodes) {
    $want = $ops[$w]['rcp']();
    $ceil = [];
    foreach ($nodes as $n => $ks) $ceil = array_merge($ceil, array_combine($ks, $getPipe($direct[$n], $ks)));
    $ceilOrdered = array_map(fn($k) => $ceil[$k], $w === 'mget10' ? $k10 : $k100);
    if ($want !== $ops[$w]['phpredis']() || $want !== $ceilOrdered) { fwrite(STDERR, "$w: replies differ between clients\n"); exit(1); }
}
$clients = ['rcp' => 'redis_cluster_pool', 'phpredis' => 'phpredis RedisCluster (persistent, cache_slots)',
            'ceiling' => 'ceiling: phpredis Redis pconnect per primary, node after node'];

// warm-up (connections, slot caches)
foreach ($ops as $w => $cs) foreach ($cs as $c => $f) for ($i = 0; $i < 50; $i++) $f();

$lat = []; $roundP50 = []; $cpu = [];
for ($r = 0; $r < $rounds; $r++) {
    $order = rotate(array_keys($clients), $r);
    foreach ($ops as $w => $cs) {
        foreach ($order as $c) {
            $f = $cs[$c]; $l = [];
            $c0 = rusage_us();
            for ($i = 0; $i < $perRound; $i++) { $t = hrtime(true); $f(); $l[] = (hrtime(true) - $t) / 1e3; }
            $cpu[$w][$c] = ($cpu[$w][$c] ?? 0) + rusage_us() - $c0;   // this PHP process (user+sys): the client's own cost
            $lat[$w][$c] = array_merge($lat[$w][$c] ?? [], $l);
            $roundP50[$w][$c][] = round(pct($l, 0.5), 1);
        }
    }
}

// round trips: K operations bracketed by INFO on every primary
$K = 100;
$probe = probe_overhead($prims);
$rt = [];
foreach ($ops as $w => $cs) {
    foreach ($cs as $c => $f) {
        $a = node_counters($prims);
        for ($i = 0; $i < $K; $i++) $f();
        $d = counters_delta($a, node_counters($prims), $probe);
        $touched = array_filter($d, fn($x) => $x['calls'] > 0);
        $cmds = [];
        foreach ($d as $x) foreach ($x['cmds'] as $cmd => $v) $cmds[$cmd] = ($cmds[$cmd] ?? 0) + $v;
        $rt[$w][$c] = [
            'nodes_touched' => count($touched),
            'server_reads_per_op' => round(array_sum(array_column($d, 'reads')) / $K, 2),
            'server_reads_per_op_per_node' => array_map(fn($x) => round($x['reads'] / $K, 2), $d),
            'commands_per_op' => array_map(fn($v) => round($v / $K, 2), $cmds),
            'connects' => array_sum(array_column($d, 'conns')),
        ];
    }
}

$rows = [];
printf("\n%-8s %-10s %8s %8s %8s %15s %8s %13s %8s %7s %8s %s\n", 'workload', 'client', 'p50 us', 'p99 us', 'mean us',
    'round p50 range', 'p50/phpr', 'round p50/phpr', 'p99/phpr', 'CPU us', 'reads/op', 'commands/op');
foreach ($ops as $w => $cs) {
    foreach ($cs as $c => $_) {
        $l = $lat[$w][$c];
        $p50 = pct($l, 0.5); $p99 = pct($l, 0.99);
        $ref50 = pct($lat[$w]['phpredis'], 0.5); $ref99 = pct($lat[$w]['phpredis'], 0.99);
        [$lo, $hi] = spread_of($roundP50[$w][$c]);
        $row = ['workload' => $w, 'client' => $c, 'label' => $clients[$c], 'ops' => count($l),
            'p50_us' => round($p50, 1), 'p99_us' => round($p99, 1), 'mean_us' => round(array_sum($l) / count($l), 1),
            'round_p50_us' => $roundP50[$w][$c],
            'p50_ratio_vs_phpredis' => round($p50 / $ref50, 2), 'p99_ratio_vs_phpredis' => round($p99 / $ref99, 2),
            // the same round's p50s side by side (run back to back, so drift cancels)
            'round_p50_ratio_vs_phpredis' => array_map(fn($x, $y) => round($x / $y, 2), $roundP50[$w][$c], $roundP50[$w]['phpredis']),
            'client_cpu_us_per_op' => round($cpu[$w][$c] / count($l), 1)] + $rt[$w][$c];
        $rows[] = $row;
        $cmdTxt = implode(' ', array_map(fn($k, $v) => "$k=$v", array_keys($row['commands_per_op']), $row['commands_per_op']));
        [$rlo, $rhi] = spread_of($row['round_p50_ratio_vs_phpredis']);
        printf("%-8s %-10s %8.1f %8.1f %8.1f %15s %8.2f %13s %8.2f %7.1f %8.2f %s\n", $w, $c, $p50, $p99, $row['mean_us'],
            sprintf('%.0f-%.0f', $lo, $hi), $row['p50_ratio_vs_phpredis'], sprintf('%.2f-%.2f', $rlo, $rhi), $row['p99_ratio_vs_phpredis'],
            $row['client_cpu_us_per_op'], $row['server_reads_per_op'], $cmdTxt);
    }
}
echo "connects during the round-trip pass: ", json_encode(array_map(fn($r) => $r['connects'], $rows)), "\n";
echo "CPU us = this PHP process's CPU time per operation (the client's own cost; the rest of the latency is the servers and the wire)\n";
echo "reads/op = server read events per operation summed over the primaries (1 per node touched = one write per node)\n";
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'),
        'loadavg_start' => $load0, 'loadavg_end' => sys_getloadavg(),
        'platform' => getenv('RCP_BENCH_PLATFORM') ?: null, 'php' => PHP_VERSION, 'phpredis' => phpversion('redis'), 'rounds' => $rounds,
        'ops_per_round' => $perRound, 'results' => $rows], JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
