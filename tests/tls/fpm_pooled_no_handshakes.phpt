--TEST--
php-fpm (4 workers) on the TLS cluster: after the warm-up, 400 requests (SET, GET, MGET across every primary) open no connection at all: the nodes' total_connections_received does not move and no worker makes a TLS handshake; a cold pool makes at most one handshake per worker and node, full ones in the first worker only (the others resume the TLS sessions it left in the shared segment)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
require __DIR__ . '/../fpm/fcgi.inc';
// held open through the test: INFO over these adds no accepted connection of its own
$raws = array_map(fn($n) => rcp_raw($n), rcp_seeds());
$accepted = function () use ($raws): int {
    $n = 0;
    foreach ($raws as $r) { preg_match('/total_connections_received:(\d+)/', $r->cmd('INFO', 'stats'), $m); $n += (int) $m[1]; }
    return $n;
};
[$dir, $addr] = rcp_fpm_start(4);
$page = __DIR__ . '/www/page.php';
$conns = [];
for ($c = 0; $c < 4; $c++) $conns[] = new RcpFcgi($addr);   // keep-alive: one connection per worker
$run = function (int $from, int $n) use ($conns, $page): array {
    $last = [];
    $bad = 0;
    $pool = null;
    for ($i = $from; $i < $from + $n; $i++) {
        $r = json_decode($conns[$i % 4]->get($page, "i=$i"), true);
        if (!($r['own_reply'] ?? false)) { $bad++; echo $r['exception'] ?? 'no reply', "\n"; }
        $last[$r['pid']] = $r['stats']['connections'];
        $pool = $r['pool_tls'] ?? null;
    }
    return [$last, $bad, $pool];
};
$a0 = $accepted();
// the first worker first, twice: a server may send its TLS 1.3 session tickets just after the first reply, and the
// second request reads them (stored in the shared segment; a ticket read while idle keeps the connection)
$conns[0]->get($page, 'i=0');
usleep(200000);
[$warm, $bad, $poolWarm] = $run(0, 40);
$a1 = $accepted();
$hs = array_sum(array_column($warm, 'tls_handshakes'));
echo "workers: ", count($warm), ", wrong replies: $bad\n";
echo "cold pool: connections accepted by the nodes = TLS handshakes of the workers: ", $a1 - $a0 === $hs ? 'yes' : "no (" . ($a1 - $a0) . " vs $hs)", "\n";
echo "cold pool: handshakes <= 4 workers x 6 nodes: ", $hs <= 24 && $hs >= 12 ? 'yes' : "no ($hs)", "\n";
// the TLS sessions the first worker got are in the shared segment: the others resume them
$resumed = array_sum(array_column($warm, 'tls_resumed'));
$fullOnly = array_filter($warm, fn($c) => $c['tls_handshakes'] > $c['tls_resumed']);
printf("cold pool: %d full handshakes, %d resumed (abbreviated)\n", $hs - $resumed, $resumed);
echo "cold pool: workers with a full handshake: ", count($fullOnly), " (the first one), the others resumed every connection\n";
// the same pool-wide, per node in the shared segment (poolStats()), as any worker sees them
echo "cold pool: poolStats() nodes' TLS handshakes, full and resumed = the workers' own: ",
    $poolWarm === ['full' => $hs - $resumed, 'resumed' => $resumed] ? 'yes' : 'no (' . json_encode($poolWarm) . ')', "\n";
[$steady, $bad, $poolSteady] = $run(40, 400);
$a2 = $accepted();
echo "steady state: wrong replies $bad, connections accepted by the nodes during 400 requests: ", $a2 - $a1, "\n";
echo "steady state: new TLS handshakes in the workers: ",
    array_sum(array_column($steady, 'tls_handshakes')) - $hs, ", connections opened: ",
    array_sum(array_column($steady, 'opened')) - array_sum(array_column($warm, 'opened')), "\n";
echo "steady state: poolStats() TLS handshakes unchanged: ", $poolSteady === $poolWarm ? 'yes' : 'no', "\n";
echo "steady state: reused >= 400: ", array_sum(array_column($steady, 'reused')) >= 400 ? 'yes' : 'no', "\n";
?>
--EXPECTF--
workers: 4, wrong replies: 0
cold pool: connections accepted by the nodes = TLS handshakes of the workers: yes
cold pool: handshakes <= 4 workers x 6 nodes: yes
cold pool: %d full handshakes, %d resumed (abbreviated)
cold pool: workers with a full handshake: 1 (the first one), the others resumed every connection
cold pool: poolStats() nodes' TLS handshakes, full and resumed = the workers' own: yes
steady state: wrong replies 0, connections accepted by the nodes during 400 requests: 0
steady state: new TLS handshakes in the workers: 0, connections opened: 0
steady state: poolStats() TLS handshakes unchanged: yes
steady state: reused >= 400: yes
