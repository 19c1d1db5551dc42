<?php
/*
 * TLS benchmark (issue 13): php-fpm with 8 workers, 8 concurrent keep-alive FastCGI clients, every request
 * SET + 3 GETs touching the 3 primaries (benchmarks/tls_page.php), against a TLS-only cluster (tls-cluster yes,
 * tls-replication yes) and, for redis_cluster_pool, the same workload against a plaintext cluster.
 *   1. steady state, per client, rounds interleaved (client order rotated each round), after 100 warm-up
 *      requests per client: TLS handshakes per 1,000 requests = connections the servers accepted (INFO stats
 *      total_connections_received summed over the 6 nodes; every connection to a TLS-only node is a handshake;
 *      the probes' own connections subtracted), requests/s, latency p50/p99, and the php-fpm
 *      workers' CPU per request (utime + stime of the pool's workers from /proc, over the round);
 *   2. a cold pool: a fresh php-fpm pool (8 workers) serving its first requests, 8 at once from the first one:
 *      the servers' connections and topology requests, and for redis_cluster_pool its own counters summed over
 *      the workers (stats()['connections']: tls_handshakes, of which tls_resumed: abbreviated, with a session
 *      another worker left in the shared segment); redis_cluster_pool also with its first request alone.
 *   php benchmarks/tls_bench.php [requests-per-round=1000] [rounds=3] [json-out] [cold-requests=200] [cold-rounds=3]
 * Environment: RCP_TEST_* of the TLS cluster (tests/cluster/cluster.sh RCP_TLS=1), RCP_BENCH_PLAIN_SEEDS (a
 * plaintext cluster's nodes), RCP_PREDIS3_AUTOLOAD, RCP_EXT_SO; `bash benchmarks/run.sh tls` sets them up.
 */
require __DIR__ . '/lib.inc';
$perRound = (int) ($argv[1] ?? 1000);
$rounds = (int) ($argv[2] ?? 3);
$jsonOut = $argv[3] ?? null;
$coldN = (int) ($argv[4] ?? 200);
$coldRounds = (int) ($argv[5] ?? 3);
$page = __DIR__ . '/tls_page.php';
$conc = 8;
if (!rcp_cluster_tls()) { fwrite(STDERR, "tls_bench.php: RCP_TEST_* must describe a TLS cluster (RCP_TLS=1)\n"); exit(1); }
$plainSeeds = explode(',', (string) getenv('RCP_BENCH_PLAIN_SEEDS'));
putenv('RCP_BENCH_TLS_SEEDS=' . implode(',', rcp_seeds()));
putenv('RCP_BENCH_TLS_CA=' . rcp_cluster_cert('ca.crt'));

$clients = [
    'rcp' => 'redis_cluster_pool',
    'rcp_plain' => 'redis_cluster_pool, plaintext cluster',
    'predis' => 'Predis v3 cluster',
    'predis_p' => 'Predis v3 cluster, persistent => true',
    'phpredis' => 'phpredis RedisCluster',
    'phpredis_p' => 'phpredis RedisCluster, persistent',
];

// one key per primary (the same names on both clusters: redis-cli --cluster create splits the slots alike),
// the GET-only ones written once as "v:<key>"
$keys = array_map(fn($p) => rcp_key_on($p, 'tlsb'), rcp_primaries());
foreach ([rcp_pool(), new RedisClusterPool($plainSeeds)] as $pool) {
    if (count(array_unique(array_map(fn($k) => $pool->nodeForKey($k), $keys))) !== 3) {
        fwrite(STDERR, "tls_bench.php: the keys are not on 3 distinct primaries of both clusters\n");
        exit(1);
    }
    foreach ($keys as $k) $pool->set($k, "v:$k");
}
$query = implode('&', array_map(fn($k) => 'k[]=' . rawurlencode($k), $keys));

/**
 * [connections the nodes accepted, topology requests (CLUSTER SLOTS/SHARDS) they answered] since the previous
 * call for the same nodes, minus the previous probe's own connections: a
 * probe opens one connection per node (it cannot keep them: the forked load drivers would close a TLS stream they
 * inherit, close_notify included), counted by the server before it answers, so each counter has one connection
 * of the previous probe in it.
 */
function accepted_since(array $nodes, bool $tls, ?array &$last): array
{
    $n = $t = 0;
    foreach ($nodes as $node) {
        $r = new RcpRaw($node, $tls ? null : false);
        preg_match('/total_connections_received:(\d+)/', $r->cmd('INFO', 'stats'), $m);
        $n += (int) $m[1];
        preg_match_all('/^cmdstat_cluster\|(?:slots|shards):calls=(\d+)/m', $r->cmd('INFO', 'commandstats'), $m);
        $t += array_sum(array_map('intval', $m[1]));
    }
    $d = $last === null ? [0, 0] : [$n - $last[0] - count($nodes), $t - $last[1]];
    $last = [$n, $t];
    return $d;
}

/** CPU seconds (user + system) of the workers of the php-fpm master $master so far. */
function workers_cpu(int $master): float
{
    static $hz;
    $hz ??= (int) trim((string) shell_exec('getconf CLK_TCK')) ?: 100;
    $t = 0;
    foreach (glob('/proc/[0-9]*/stat') as $f) {
        $st = @file_get_contents($f);
        if ($st === false) continue;
        $a = explode(' ', substr($st, strrpos($st, ')') + 2));
        if (count($a) > 12 && (int) $a[1] === $master) $t += (int) $a[11] + (int) $a[12];
    }
    return $t / $hz;
}

function fpm_master(string $dir): int
{
    return (int) (preg_match('/RCP_FPM_PID=(\d+)/', (string) file_get_contents("$dir/fpm.env"), $m) ? $m[1] : 0);
}

// --- 1. steady state ---------------------------------------------------------------------------------------
[$fdir, $addr] = fpm_pool_start(8);
$master = fpm_master($fdir);
$tlsNodes = rcp_seeds();
// (a failure is counted, not fatal: a client under comparison may fail now and then; ours must not, see "fail")
$warmupFailed = [];
foreach (array_keys($clients) as $c) {
    [, , $bad, $errs] = drive_collect($addr, $page, "client=$c&$query", 100, $conc);
    $warmupFailed[$c] = $bad;
    if ($bad) echo "warm-up of $c: $bad of 100 requests failed, e.g. ", $errs[0] ?? '', "\n";
}
$acc = [];
foreach ($clients as $c => $_) $acc[$c] = ['wall' => 0, 'lat' => [], 'bad' => 0, 'n' => 0, 'conns' => 0, 'topo' => 0, 'cpu' => 0, 'rps' => []];
for ($round = 0; $round < $rounds; $round++) {
    foreach (rotate(array_keys($clients), $round) as $c) {
        $plain = $c === 'rcp_plain';
        $nodes = $plain ? $plainSeeds : $tlsNodes;
        $last = null;
        accepted_since($nodes, !$plain, $last);
        $cpu0 = workers_cpu($master);
        [$wall, $lat, $bad] = drive($addr, $page, "client=$c&$query", $perRound, $conc);
        $cpu1 = workers_cpu($master);
        [$conns, $topo] = accepted_since($nodes, !$plain, $last);
        $a = &$acc[$c];
        $a['wall'] += $wall; $a['lat'] = array_merge($a['lat'], $lat); $a['bad'] += $bad; $a['n'] += $perRound;
        $a['conns'] += $conns; $a['topo'] += $topo; $a['cpu'] += $cpu1 - $cpu0; $a['rps'][] = round($perRound / $wall);
        unset($a);
    }
}
fpm_pool_stop($fdir);
$rows = [];
printf("%-40s %8s %11s %7s %7s %14s %9s %12s %5s\n", 'client (steady state)', 'req/s', 'round min-max', 'p50 ms', 'p99 ms',
    'handshakes/1k', 'topology', 'CPU ms/req', 'fail');
foreach ($clients as $c => $label) {
    $a = $acc[$c];
    $row = ['client' => $c, 'label' => $label, 'tls' => $c !== 'rcp_plain', 'requests' => $a['n'],
        'rps' => round($a['n'] / $a['wall'], 1), 'rps_per_round' => $a['rps'],
        'p50_ms' => round(pct($a['lat'], 0.50), 3), 'p99_ms' => round(pct($a['lat'], 0.99), 3),
        'connections_per_1000' => round($a['conns'] * 1000 / $a['n'], 2), 'connections' => $a['conns'],
        'topology_requests' => $a['topo'],
        'worker_cpu_ms_per_request' => round($a['cpu'] * 1000 / $a['n'], 3), 'failed' => $a['bad'],
        'warmup_failed' => $warmupFailed[$c]];
    $rows[] = $row;
    printf("%-40s %8.0f %11s %7.2f %7.2f %14s %9d %12.3f %5d\n", $label, $row['rps'], min($a['rps']) . '-' . max($a['rps']),
        $row['p50_ms'], $row['p99_ms'], $row['tls'] ? number_format($row['connections_per_1000'], 2) : '(conn ' . $row['connections_per_1000'] . ')',
        $row['topology_requests'], $row['worker_cpu_ms_per_request'], $row['failed']);
}

// --- 2. a cold pool ----------------------------------------------------------------------------------------
$cold = [];
// each client with 8 concurrent FastCGI clients from the first request (the workers start together: the
// sessions are not in the segment yet for most of their handshakes), and redis_cluster_pool also with one
// request first, alone, then the rest 8 at once (the other workers find that worker's sessions)
// (how many handshakes find a session depends on how the workers' first requests interleave: several rounds)
for ($round = 0; $round < $coldRounds; $round++)
foreach ([['rcp', 0], ['rcp', 1], ['predis', 0], ['predis_p', 0], ['phpredis', 0], ['phpredis_p', 0]] as [$c, $first]) {
    [$fdir, $addr] = fpm_pool_start(8);
    $rec = "$fdir/tls-counters";
    mkdir($rec);
    $last = null;
    accepted_since($tlsNodes, true, $last);
    $bad = 0;
    if ($first) [, , $bad] = drive($addr, $page, "client=$c&$query&record=" . rawurlencode($rec), $first, 1);
    [, , $b] = drive($addr, $page, "client=$c&$query&record=" . rawurlencode($rec), $coldN - $first, $conc);
    $bad += $b;
    [$conns, $topo] = accepted_since($tlsNodes, true, $last);
    $w = ['workers' => 0, 'handshakes' => 0, 'resumed' => 0, 'failures' => 0];
    foreach (glob("$rec/*.json") as $f) {
        $s = json_decode(file_get_contents($f), true);
        $w['workers']++;
        foreach (['handshakes', 'resumed', 'failures'] as $k) $w[$k] += $s[$k];
    }
    fpm_pool_stop($fdir);
    $row = ['client' => $c, 'label' => $clients[$c] . ($first ? ', one request first' : ''), 'round' => $round + 1,
        'first_alone' => $first, 'requests' => $coldN, 'failed' => $bad, 'server_connections' => $conns, 'topology_requests' => $topo];
    if ($c === 'rcp') $row += ['workers_seen' => $w['workers'], 'tls_handshakes' => $w['handshakes'],
        'tls_full' => $w['handshakes'] - $w['resumed'], 'tls_resumed' => $w['resumed'], 'tls_failures' => $w['failures']];
    $cold[] = $row;
}
usort($cold, fn($a, $b) => [array_search($a['label'], array_column($cold, 'label')), $a['round']]
    <=> [array_search($b['label'], array_column($cold, 'label')), $b['round']]);
printf("\n%-50s %5s %8s %21s %27s %9s %5s\n", "cold pool: first $coldN requests", 'round', 'workers', 'handshakes (servers)', 'full / resumed (extension)', 'topology', 'fail');
foreach ($cold as $r) {
    printf("%-50s %5d %8s %21d %27s %9d %5d\n", $r['label'], $r['round'], $r['workers_seen'] ?? '8', $r['server_connections'],
        isset($r['tls_full']) ? "{$r['tls_full']} / {$r['tls_resumed']}" : '-', $r['topology_requests'], $r['failed']);
}
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'),
        'load_average' => sys_getloadavg(), 'workers' => 8, 'concurrency' => $conc, 'rounds' => $rounds,
        'requests_per_round' => $perRound, 'workload' => 'SET + 3 GETs, one key on each primary',
        'steady' => $rows, 'cold_requests' => $coldN, 'cold_rounds' => $coldRounds, 'cold' => $cold], JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
