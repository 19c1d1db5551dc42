--TEST--
Shared map: workers refresh the map every second while processes are SIGKILLed at random moments (some holding the lease or publishing); every map any process reads is whole (16,384 slots covered, owners among the nodes, checksum equal to the server's CLUSTER SLOTS), and a new process after the massacre still gets the map
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--INI--
redis_cluster_pool.refresh_interval=1
redis_cluster_pool.refresh_jitter=0
redis_cluster_pool.refresh_min_interval=0
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
/* checksum of a slot map: the owner of every slot */
function map_sum(array $map): ?string {
    $owner = array_fill(0, 16384, null);
    foreach ($map['slots'] as [$from, $to, $primary]) {
        if (!isset($map['nodes'][$primary])) return null;          // an owner that is not a node: torn
        for ($s = $from; $s <= $to; $s++) $owner[$s] = $primary;
    }
    if (in_array(null, $owner, true)) return null;                  // a hole: torn
    return md5(implode(',', $owner));
}
$truth = ['nodes' => [], 'slots' => []];
foreach ((new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'SLOTS') as $r) {
    $p = $r[2][0] . ':' . $r[2][1];
    $truth['nodes'][$p] = 1;
    $truth['slots'][] = [$r[0], $r[1], $p];
}
$want = map_sum($truth);
$pool = rcp_pool();
$pool->get('torn:warm');        // the shared entry exists before the fork
$dir = sys_get_temp_dir() . '/rcp-torn-' . getmypid();
mkdir($dir);
$spawn = function (int $n) use ($dir, $want): int {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $p = rcp_pool();
        $bad = 0; $reads = 0;
        $end = microtime(true) + 8;
        while (microtime(true) < $end) {
            $p->get("torn:$n");                        // refreshes when due (every second, single flight)
            $sum = map_sum($p->getSlotMap());
            $reads++;
            if ($sum !== $want) $bad++;
            file_put_contents("$dir/.$n", "$reads $bad");   // what it saw, in case it is killed next
            rename("$dir/.$n", "$dir/$n");                  // (atomically: a kill may come at any moment)
        }
        exit(0);
    }
    return $pid;
};
$pids = [];
for ($n = 0; $n < 6; $n++) $pids[$n] = $spawn($n);
$killed = 0;
$end = microtime(true) + 6;
mt_srand(7);
while (microtime(true) < $end) {
    time_nanosleep(0, mt_rand(50, 300) * 1000000);
    $n = array_rand($pids);
    posix_kill($pids[$n], SIGKILL);
    pcntl_waitpid($pids[$n], $st);
    $killed++;
    $pids[$n] = $spawn($n + 100 * $killed);          // a new worker takes its place
}
foreach ($pids as $pid) pcntl_waitpid($pid, $st);
$reads = 0; $bad = 0;
foreach (glob("$dir/*") as $f) { [$r, $b] = explode(' ', file_get_contents($f)); $reads += $r; $bad += $b; unlink($f); }
array_map("unlink", glob("$dir/.*[0-9]") ?: []);
rmdir($dir);
$s = $pool->stats()['cluster']['pool'];
echo "processes killed: ", $killed >= 10 ? "10 or more" : $killed, "\n";
echo "maps read by the workers: ", $reads > 100 ? "many" : $reads, ", torn or wrong: $bad\n";
echo "the pool refreshed meanwhile: ", $s['refreshes'] >= 3 ? "yes" : "no ({$s['refreshes']})", "\n";
$fresh = rcp_pool();
$fresh->get('torn:after');
echo "a process after the kills reads a whole map: ", map_sum($fresh->getSlotMap()) === $want ? "yes" : "no", "\n";
?>
--EXPECT--
processes killed: 10 or more
maps read by the workers: many, torn or wrong: 0
the pool refreshed meanwhile: yes
a process after the kills reads a whole map: yes
