<?php
/*
 * Scale: a cluster of 3 primaries against one of 100 (no replicas, benchmarks/scale_cluster.sh), both running
 * at the same time, measured alternately to cancel drift.
 *  1. topology: fresh PHP processes (a new shared segment each) send their first command; reported: wall time
 *     and CPU (getrusage) of that first command (connect to a seed + CLUSTER SLOTS + parse + publish to the
 *     segment + connect to the owner + GET) against a first command on a new node once the map is known
 *     (connect + GET): the difference is the topology's cost. Plus CLUSTER SLOTS reply bytes and segment bytes.
 *  2. per command: in one long-lived process, GET on keys spread over every primary, GET on one hot key,
 *     MGET-10 on 10 slots of 3 primaries (both clusters) and of 10 primaries (the big one): p50/p99 and CPU
 *     per command (CPU of this PHP process: the client's own cost).
 *   php benchmarks/scale_bench.php ENV_SMALL ENV_BIG [processes=10] [ops-per-round=1000] [rounds=4] [json-out]
 * ENV_*: the env files scale_cluster.sh wrote. (`bash benchmarks/run.sh scale` does it all.)
 */
require __DIR__ . '/lib.inc';
[$_, $envSmall, $envBig] = $argv;
$procs = (int) ($argv[3] ?? 10);
$perRound = (int) ($argv[4] ?? 1000);
$rounds = (int) ($argv[5] ?? 4);
$jsonOut = $argv[6] ?? null;
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');   // run.sh: the build of this platform

function env_seeds(string $f): array { return explode(',', parse_ini_file($f)['RCP_TEST_SEEDS']); }
$clusters = ['3 primaries' => env_seeds($envSmall), '100 primaries' => env_seeds($envBig)];
foreach ($clusters as $name => $s) if ($name === '100 primaries' && count($s) < 4) exit("bad env $envBig\n");

/** One fresh PHP process: its first command (discovery included) and its first command on another node. */
function first_command(string $so, array $seeds): array
{
    $code = <<<'PHP'
        $seeds = json_decode($argv[1], true);
        $p = new RedisClusterPool(array_slice($seeds, 0, 3));
        $k1 = 'scale:a';
        $c0 = rusage_us(); $t0 = hrtime(true);
        $p->get($k1);
        $t1 = hrtime(true); $c1 = rusage_us();
        $n1 = $p->nodeForKey($k1);
        for ($i = 0; ($k2 = "scale:b$i") && $p->nodeForKey($k2) === $n1; $i++);
        $c2 = rusage_us(); $t2 = hrtime(true);
        $p->get($k2);
        $t3 = hrtime(true); $c3 = rusage_us();
        $s = $p->stats();
        echo json_encode(['first_us' => ($t1 - $t0) / 1e3, 'first_cpu_us' => $c1 - $c0, 'new_node_us' => ($t3 - $t2) / 1e3,
            'new_node_cpu_us' => $c3 - $c2, 'cluster_slots_sent' => $s['cluster']['cluster_slots_sent'],
            'nodes' => $s['cluster']['nodes'], 'shm_bytes_used' => $s['shm']['bytes_used']]);
        PHP;
    $out = shell_exec(escapeshellarg(PHP_BINARY) . ' -n -d ' . escapeshellarg("extension=$so") . ' -r ' . escapeshellarg($code) . ' ' . escapeshellarg(json_encode($seeds)));
    $r = json_decode((string) $out, true);
    if (!is_array($r)) { fwrite(STDERR, "first_command failed: $out\n"); exit(1); }
    return $r;
}

function slots_reply_bytes(string $node): int
{
    [$h, $p] = explode(':', $node);
    $s = stream_socket_client("tcp://$h:$p");
    fwrite($s, "*2\r\n\$7\r\nCLUSTER\r\n\$5\r\nSLOTS\r\n");
    stream_set_timeout($s, 1);
    $n = 0;
    // the reply ends when nothing more comes within 200 ms (enough on loopback; for a byte count only)
    while (($d = fread($s, 65536)) !== '' && $d !== false) { $n += strlen($d); $m = stream_get_meta_data($s); if ($m['timed_out']) break; stream_set_timeout($s, 0, 200000); }
    return $n;
}

$topo = [];
for ($i = 0; $i < $procs; $i++) foreach ($clusters as $name => $seeds) $topo[$name][] = first_command($so, $seeds);

// per-command costs in this process
$ops = [];
foreach ($clusters as $name => $seeds) {
    $pool = new RedisClusterPool(array_slice($seeds, 0, 3));
    $spread = spread_keys($pool, 200, 'sc', $seeds);
    $owner = [];
    foreach ($spread as $k) { $pool->set($k, 'v'); $owner[$pool->nodeForKey($k)][] = $k; }
    // MGET-10 over 3 primaries on both clusters (same work); on the big one also over 10 primaries
    $m10 = array_slice(spread_keys($pool, 10, 'sc3', array_slice(array_keys($owner), 0, 3)), 0, 10);
    $m10wide = array_map(fn($ks) => $ks[0], array_slice(array_values($owner), 0, 10));
    $hot = $spread[0];
    $ops[$name] = [
        'get_spread' => function () use ($pool, $spread) { static $i = 0; return $pool->get($spread[$i++ % 200]); },
        'get_hot' => fn() => $pool->get($hot),
        'mget10_3n' => fn() => $pool->mget($m10),
    ] + (count($owner) >= 10 ? ['mget10_10n' => fn() => $pool->mget($m10wide)] : []);
    foreach ($ops[$name] as $f) for ($j = 0; $j < 400; $j++) $f();   // every connection opened
}
$lat = []; $cpu = [];
for ($r = 0; $r < $rounds; $r++) {
    foreach (rotate(array_keys($clusters), $r) as $name) {
        foreach ($ops[$name] as $w => $f) {
            $c0 = rusage_us();
            for ($j = 0; $j < $perRound; $j++) { $t = hrtime(true); $f(); $lat[$w][$name][] = (hrtime(true) - $t) / 1e3; }
            $cpu[$w][$name][] = (rusage_us() - $c0) / $perRound;
        }
    }
}

$res = ['topology' => [], 'per_command' => []];
echo "topology (fresh process, median of $procs; first command includes discovery):\n";
printf("  %-14s %6s %12s %12s %12s %12s %14s %11s %9s\n", 'cluster', 'nodes', 'first us', 'first CPU us', 'new-node us',
    'new-node CPU', 'SLOTS reply B', 'segment B', 'SLOTS/proc');
foreach ($clusters as $name => $seeds) {
    $t = $topo[$name];
    $med = fn($k) => round(pct(array_column($t, $k), 0.5), 1);
    $row = ['cluster' => $name, 'nodes' => $t[0]['nodes'], 'first_command_us' => $med('first_us'), 'first_command_cpu_us' => $med('first_cpu_us'),
        'first_command_us_min_max' => spread_of(array_column($t, 'first_us')),
        'new_node_command_us' => $med('new_node_us'), 'new_node_command_cpu_us' => $med('new_node_cpu_us'),
        'cluster_slots_reply_bytes' => slots_reply_bytes($seeds[0]), 'shm_bytes_used' => $t[0]['shm_bytes_used'],
        'cluster_slots_per_process' => $med('cluster_slots_sent')];
    $res['topology'][] = $row;
    printf("  %-14s %6d %12.0f %12.0f %12.0f %12.0f %14d %11d %9d\n", $name, $row['nodes'], $row['first_command_us'], $row['first_command_cpu_us'],
        $row['new_node_command_us'], $row['new_node_command_cpu_us'], $row['cluster_slots_reply_bytes'], $row['shm_bytes_used'], $row['cluster_slots_per_process']);
}
echo "per command (one long-lived process, $rounds interleaved rounds of $perRound):\n";
printf("  %-10s %-14s %8s %8s %10s %16s\n", 'op', 'cluster', 'p50 us', 'p99 us', 'CPU us/op', 'round CPU min-max');
foreach ($lat as $w => $byC) {
    foreach ($byC as $name => $l) {
        $row = ['op' => $w, 'cluster' => $name, 'p50_us' => round(pct($l, 0.5), 1), 'p99_us' => round(pct($l, 0.99), 1),
            'cpu_us_per_op' => round(array_sum($cpu[$w][$name]) / count($cpu[$w][$name]), 1), 'cpu_us_per_round' => array_map(fn($x) => round($x, 1), $cpu[$w][$name])];
        $res['per_command'][] = $row;
        [$lo, $hi] = spread_of($row['cpu_us_per_round']);
        printf("  %-10s %-14s %8.1f %8.1f %10.1f %16s\n", $w, $name, $row['p50_us'], $row['p99_us'], $row['cpu_us_per_op'], sprintf('%.1f-%.1f', $lo, $hi));
    }
}
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc')] + $res, JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
