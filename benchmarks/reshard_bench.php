<?php
/*
 * Resharding under load, for every cluster client in turn: 8 php-fpm workers serve the "rw" workload
 * (benchmarks/www/bench.php: SET + GET anywhere in 5,000 keys + MGET-10 on a hash tag) from 8 concurrent
 * keep-alive clients while this script moves N slots (default 1,000), with their keys, from the first
 * primary to the second exactly as redis-cli --cluster reshard does (SETSLOT IMPORTING/MIGRATING, MIGRATE,
 * SETSLOT NODE); each client gets the next N slots. Reports per client: requests, failed requests, CLUSTER
 * SLOTS received by the whole cluster. (The ceiling client is not a cluster client: not run.)
 *   php benchmarks/reshard_bench.php FPM_ADDR [slots=1000] [json-out]
 */
require __DIR__ . '/lib.inc';
$addr = $argv[1];
$nslots = (int) ($argv[2] ?? 1000);
$jsonOut = $argv[3] ?? null;
$page = __DIR__ . '/www/bench.php';
$clients = array_diff_key(bench_clients(), ['ceiling' => 1]);
$prims = rcp_primaries();
$from = $prims[0];
$to = $prims[1];
$src = new RcpRaw($from); $dst = new RcpRaw($to);
$fromId = $src->cmd('CLUSTER', 'MYID'); $toId = $dst->cmd('CLUSTER', 'MYID');
[$th, $tp] = explode(':', $to);
$others = array_map(fn($n) => new RcpRaw($n), $prims);
$owned = [];
foreach ($src->cmd('CLUSTER', 'SLOTS') as $r) if ($r[2][0] . ':' . $r[2][1] === $from) for ($s = $r[0]; $s <= $r[1]; $s++) $owned[] = $s;
$nslots = min($nslots, intdiv(count($owned), count($clients)));

$res = [];
foreach (array_keys($clients) as $ci => $k) {
    drive($addr, $page, "w=rw&client=$k", 200, 8);   // warm every worker up, then measure from here
    $slotsBefore = node_stats()[1];
    $load = load_start($addr, $page, "w=rw&client=$k");
    $move = array_slice($owned, $ci * $nslots, $nslots);
    $t0 = microtime(true);
    foreach ($move as $slot) {
        $dst->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', $fromId);
        $src->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', $toId);
        while ($keys = $src->cmd('CLUSTER', 'GETKEYSINSLOT', (string) $slot, '100')) {
            $src->cmd('MIGRATE', $th, $tp, '', '0', '5000', 'REPLACE', 'KEYS', ...$keys);
        }
        $dst->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', $toId);
        $src->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', $toId);
        foreach ($others as $o) $o->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', $toId);
    }
    $moveSecs = microtime(true) - $t0;
    sleep(2);                                   // keep the load running past the end of the move
    [$requests, $failed, $errs] = load_stop($load);
    $sent = node_stats()[1] - $slotsBefore;
    $res[] = ['client' => $k, 'label' => $clients[$k], 'slots_moved' => count($move), 'move_seconds' => round($moveSecs, 2),
        'requests' => $requests, 'failed_requests' => $failed, 'cluster_slots_received' => $sent, 'error_samples' => $errs];
    printf("%-48s moved %d slots in %.1f s under load: %d requests, %d failed, CLUSTER SLOTS received by the cluster: %d\n",
        $clients[$k], count($move), $moveSecs, $requests, $failed, $sent);
    if ($errs) echo "  errors: ", json_encode($errs), "\n";
}
if ($jsonOut) file_put_contents($jsonOut, json_encode(['date' => date('c'), 'results' => $res], JSON_PRETTY_PRINT) . "\n");
