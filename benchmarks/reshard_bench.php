<?php
/*
 * Resharding under load: 8 php-fpm workers serve requests continuously (8 concurrent keep-alive clients)
 * while this script moves N slots (default 1,000), with their keys, from one primary to another exactly as
 * redis-cli --cluster reshard does (SETSLOT IMPORTING/MIGRATING, MIGRATE, SETSLOT NODE). Reports CLUSTER
 * SLOTS received by the whole cluster and failed requests.
 *   php benchmarks/reshard_bench.php FPM_ADDR [slots=1000] [json-out]
 */
require __DIR__ . '/lib.inc';
$addr = $argv[1];
$nslots = (int) ($argv[2] ?? 1000);
$jsonOut = $argv[3] ?? null;
$page = __DIR__ . '/www/reshard.php';
// warm every worker up (one discovery for the pool), then measure from here
drive($addr, $page, 'w=1', 400, 8);
$slotsBefore = node_stats()[1];
$load = load_start($addr, $page, 'w=2');
// move slots from the first primary's range to the second primary
$prims = rcp_primaries();
$srcMap = (new RcpRaw($prims[0]))->cmd('CLUSTER', 'SLOTS');
$from = $prims[0];
$to = $prims[1];
$owned = [];
foreach ($srcMap as $r) if ($r[2][0] . ':' . $r[2][1] === $from) for ($s = $r[0]; $s <= $r[1]; $s++) $owned[] = $s;
$move = array_slice($owned, 0, $nslots);
$t0 = microtime(true);
$src = new RcpRaw($from); $dst = new RcpRaw($to);
$fromId = $src->cmd('CLUSTER', 'MYID'); $toId = $dst->cmd('CLUSTER', 'MYID');
[$th, $tp] = explode(':', $to);
$others = array_map(fn($n) => new RcpRaw($n), $prims);
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
$res = ['slots_moved' => count($move), 'move_seconds' => round($moveSecs, 2), 'requests' => $requests,
        'failed_requests' => $failed, 'cluster_slots_received' => $sent, 'error_samples' => $errs];
printf("moved %d slots in %.1f s under load: %d requests, %d failed, CLUSTER SLOTS received by the cluster: %d\n",
    $res['slots_moved'], $res['move_seconds'], $requests, $failed, $sent);
if ($errs) echo "errors: ", json_encode($errs), "\n";
if ($jsonOut) file_put_contents($jsonOut, json_encode($res + ['date' => date('c')], JSON_PRETTY_PRINT) . "\n");
