<?php
/*
 * What the cluster's nodes saw of a load (the machine's PHP, no extension; the nodes of RCP_TEST_SEEDS, over
 * TLS on a TLS test cluster, through tests/cluster.inc's RcpRaw):
 *
 *   php tests/zts/nodestats.php reset              CONFIG RESETSTAT on every node (before the load)
 *   php tests/zts/nodestats.php sample STOP OUT    until the file STOP exists: every 0.2 s, the established
 *                                                  TCP connections to each node's port by process (ss -tnp);
 *                                                  writes the maxima to OUT (JSON)
 *   php tests/zts/nodestats.php report [OUT]       the figures: topology requests (commandstats cluster|shards
 *                                                  and cluster|slots calls, all nodes), connects (INFO stats
 *                                                  total_connections_received, all nodes, less this script's
 *                                                  own), and from OUT the sockets per node (clients' only:
 *                                                  a replica's link to its primary is not counted)
 *
 * report prints one line per figure, "nodes: NAME VALUE", for tests/zts/load.sh.
 */
require __DIR__ . '/../cluster.inc';
$cmd = $argv[1] ?? '';

function ports(): array
{
    return array_map(fn($a) => (int) substr($a, strrpos($a, ':') + 1), rcp_seeds());
}

switch ($cmd) {
case 'reset':
    foreach (rcp_seeds() as $a) rcp_raw($a)->cmd('CONFIG', 'RESETSTAT');
    break;
case 'sample':
    [, , $stop, $out] = $argv + [null, null, null, null];
    $ports = array_flip(ports());
    $maxNode = array_fill_keys(array_keys($ports), 0);  // port => most sockets at once, all processes
    $maxProc = 0;                                       // most sockets one process had to one node
    $procs = [];                                        // pids seen holding sockets to the nodes
    $deadline = microtime(true) + 3600;
    do {
        $now = [];
        foreach (explode("\n", (string) shell_exec('ss -Htnp state established 2>/dev/null')) as $line) {
            // Recv-Q Send-Q Local:Port Peer:Port users:(("name",pid=N,fd=N),...)
            $f = preg_split('/\s+/', trim($line));
            if (count($f) < 5) continue;
            $peer = (int) substr($f[3], strrpos($f[3], ':') + 1);
            // the clients' sockets: not a replica's link to its primary (redis-server, valkey-server)
            if (!isset($ports[$peer]) || !preg_match('/\("([^"]*)",pid=(\d+)/', $f[4], $m)) continue;
            if (str_ends_with($m[1], '-server')) continue;
            $m[1] = $m[2];
            $now[$peer][$m[1]] = ($now[$peer][$m[1]] ?? 0) + 1;
        }
        foreach ($now as $port => $byPid) {
            $maxNode[$port] = max($maxNode[$port], array_sum($byPid));
            $maxProc = max($maxProc, max($byPid));
            foreach ($byPid as $pid => $_) $procs[$pid] = true;
        }
        usleep(200000);
    } while (!file_exists($stop) && microtime(true) < $deadline);
    file_put_contents($out, json_encode(['per_node' => $maxNode, 'per_process_per_node' => $maxProc,
        'processes' => count($procs)]));
    break;
case 'report':
    $topo = $connects = 0;
    foreach (rcp_seeds() as $a) {
        try {
            $r = rcp_raw($a);
        } catch (RuntimeException $e) {
            echo "nodes: $a unreachable (killed by the run?): its counts are not included\n";
            continue;
        }
        $info = (string) $r->cmd('INFO', 'commandstats') . "\n" . (string) $r->cmd('INFO', 'stats');
        preg_match_all('/^cmdstat_cluster\|(?:shards|slots):calls=(\d+)/m', $info, $m);
        $topo += array_sum(array_map('intval', $m[1]));
        preg_match('/^total_connections_received:(\d+)/m', $info, $m);
        // less this connection, received after the reset (the sampler does not connect)
        $connects += (int) $m[1] - 1;
    }
    echo "nodes: topology_requests $topo\n";
    echo "nodes: connects $connects\n";
    if (isset($argv[2]) && is_file($argv[2])) {
        $s = json_decode(file_get_contents($argv[2]), true);
        echo "nodes: max_sockets_per_node ", max($s['per_node'] ?: [0]), " (", implode(' ', array_map(fn($p, $n) => "$p:$n",
            array_keys($s['per_node']), $s['per_node'])), ")\n";
        echo "nodes: max_sockets_per_node_per_process {$s['per_process_per_node']}\n";
        echo "nodes: client_processes {$s['processes']}\n";
    }
    break;
default:
    fwrite(STDERR, "usage: php nodestats.php reset | sample STOP OUT | report [OUT]\n");
    exit(2);
}
