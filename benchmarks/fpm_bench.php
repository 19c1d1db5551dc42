<?php
/*
 * FPM benchmark: the same request (SET + GET + MGET-10 on one hash tag) through each client, 8 php-fpm
 * workers, 8 concurrent keep-alive FastCGI clients. Clients are interleaved round by round to cancel drift.
 * Per client: requests/s, latency p50/p99, commands the servers executed per application command, CLUSTER
 * SLOTS and TCP connects per 1,000 requests, TIME_WAIT sockets towards the cluster.
 *   php benchmarks/fpm_bench.php FPM_ADDR [requests-per-round=1000] [rounds=3] [json-out]
 * (benchmarks/run.sh sets everything up and calls this.)
 */
require __DIR__ . '/../tests/fpm/fcgi.inc';
[$_, $addr] = $argv;
$perRound = (int) ($argv[2] ?? 1000);
$rounds = (int) ($argv[3] ?? 3);
$jsonOut = $argv[4] ?? null;
$page = __DIR__ . '/www/bench.php';
$owner = (new RedisClusterPool(rcp_seeds()))->nodeForKey('b:{bench}:k');
$clients = ['rcp' => 'redis_cluster_pool', 'phpredis' => 'phpredis RedisCluster (persistent, cache_slots)',
            'predis' => 'Predis v3 cluster', 'ceiling' => 'ceiling: phpredis Redis pconnect to the owner'];
$conc = 8;

function node_stats(): array
{
    $calls = 0; $slots = 0; $conns = 0;
    // primaries only: replicas re-execute every write, which says nothing about the client
    foreach (rcp_primaries() as $n) {
        $r = new RcpRaw($n);
        foreach (explode("\n", $r->cmd('INFO', 'commandstats')) as $l) {
            if (preg_match('/^cmdstat_([^:]+):calls=(\d+)/', $l, $m)) {
                if ($m[1] === 'info') continue;          // the benchmark's own probes
                $calls += (int) $m[2];
                if ($m[1] === 'cluster|slots') $slots += (int) $m[2];
            }
        }
        preg_match('/total_connections_received:(\d+)/', $r->cmd('INFO', 'stats'), $m);
        $conns += (int) $m[1];
    }
    return [$calls, $slots, $conns];
}

function time_wait(): int
{
    $ports = implode('|', array_map(fn($n) => explode(':', $n)[1], rcp_seeds()));
    $n = 0;
    foreach (explode("\n", (string) shell_exec('ss -Htan state time-wait 2>/dev/null')) as $l) {
        if (preg_match('/127\.0\.0\.1:(' . $ports . ')\s*$/', trim($l))) $n++;
    }
    return $n;
}

/** $n requests over $conc forked keep-alive clients; returns [wall seconds, latencies ms, failures]. */
function drive(string $addr, string $page, string $query, int $n, int $conc): array
{
    $tmp = tempnam(sys_get_temp_dir(), 'rcpb');
    $t0 = microtime(true);
    $pids = [];
    for ($w = 0; $w < $conc; $w++) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            $c = new RcpFcgi($addr);
            $lat = []; $bad = 0;
            for ($i = $w; $i < $n; $i += $conc) {
                $s = hrtime(true);
                $r = $c->get($page, "$query&i=$i");
                $lat[] = (hrtime(true) - $s) / 1e6;
                if ($r !== 'ok') $bad++;
            }
            file_put_contents("$tmp.$w", json_encode([$lat, $bad]));
            exit(0);
        }
        $pids[] = $pid;
    }
    foreach ($pids as $p) pcntl_waitpid($p, $st);
    $wall = microtime(true) - $t0;
    $lat = []; $bad = 0;
    for ($w = 0; $w < $conc; $w++) {
        [$l, $b] = json_decode(file_get_contents("$tmp.$w"), true);
        $lat = array_merge($lat, $l); $bad += $b;
        unlink("$tmp.$w");
    }
    unlink($tmp);
    return [$wall, $lat, $bad];
}

function pct(array $a, float $p): float { sort($a); return $a[(int) floor((count($a) - 1) * $p)]; }

$acc = [];
foreach ($clients as $k => $_) $acc[$k] = ['wall' => 0, 'lat' => [], 'bad' => 0, 'calls' => 0, 'slots' => 0, 'conns' => 0, 'n' => 0, 'tw' => 0];
foreach ($clients as $k => $_) drive($addr, $page, "client=$k&node=$owner", 200, $conc);   // warm-up (cold start not measured here)
for ($round = 0; $round < $rounds; $round++) {
    foreach ($clients as $k => $_) {
        sleep(0);
        [$c0, $s0, $n0] = node_stats();
        $tw0 = time_wait();
        [$wall, $lat, $bad] = drive($addr, $page, "client=$k&node=$owner", $perRound, $conc);
        [$c1, $s1, $n1] = node_stats();
        $a = &$acc[$k];
        $a['wall'] += $wall; $a['lat'] = array_merge($a['lat'], $lat); $a['bad'] += $bad; $a['n'] += $perRound;
        $a['calls'] += $c1 - $c0; $a['slots'] += $s1 - $s0;
        $a['conns'] += ($n1 - $n0) - count(rcp_primaries()) * 2;   // minus the probes' own connections
        $a['tw'] += max(0, time_wait() - $tw0);
        unset($a);
    }
}
$rows = [];
printf("%-48s %9s %8s %8s %10s %12s %12s %9s %6s\n", 'client', 'req/s', 'p50 ms', 'p99 ms', 'srv/app', 'SLOTS/1000', 'connects/1k', 'TW/1k', 'fail');
foreach ($clients as $k => $label) {
    $a = $acc[$k];
    $row = [
        'client' => $k, 'label' => $label, 'requests' => $a['n'],
        'rps' => round($a['n'] / $a['wall'], 1),
        'p50_ms' => round(pct($a['lat'], 0.50), 3), 'p99_ms' => round(pct($a['lat'], 0.99), 3),
        'server_cmds_per_app_cmd' => round($a['calls'] / ($a['n'] * 3), 2),
        'cluster_slots_per_1000' => round($a['slots'] * 1000 / $a['n'], 2),
        'connects_per_1000' => round(max(0, $a['conns']) * 1000 / $a['n'], 2),
        'time_wait_per_1000' => round($a['tw'] * 1000 / $a['n'], 1), 'failed' => $a['bad'],
    ];
    $rows[] = $row;
    printf("%-48s %9.1f %8.3f %8.3f %10.2f %12.2f %12.2f %9.1f %6d\n", $label, $row['rps'], $row['p50_ms'], $row['p99_ms'],
        $row['server_cmds_per_app_cmd'], $row['cluster_slots_per_1000'], $row['connects_per_1000'], $row['time_wait_per_1000'], $row['failed']);
}
if ($jsonOut) {
    file_put_contents($jsonOut, json_encode(['date' => date('c'), 'machine' => php_uname(), 'cpus' => (int) shell_exec('nproc'),
        'workers' => 8, 'concurrency' => $conc, 'rounds' => $rounds, 'requests_per_round' => $perRound, 'results' => $rows],
        JSON_PRETTY_PRINT) . "\n");
    echo "JSON: $jsonOut\n";
}
