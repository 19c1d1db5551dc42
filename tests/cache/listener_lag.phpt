--TEST--
Cache listener: invalidation lag, from a write's acknowledgement (read by the writing client) to the key's sequence bumped in the segment, measured on 3,000 writes spread over the primaries, quiet and then under a write storm (two processes pipelining SETs at full speed to every primary); every write is seen; the figures (p50/p99/max) and the listener's CPU are printed, not asserted (benchmarks/ will hold the targets)
--INI--
redis_cluster_pool.cache_test_hooks=1
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_key_seq, cache_wait_key_seq, cache_stats};

$c = 'lag-' . getmypid();
$primaries = rcp_primaries();
echo "links up: ", rcp_cache_links($c, $primaries) ? 'yes' : 'no', "\n";
$raws = $keys = [];
foreach ($primaries as $i => $p) {
    $raws[$i] = rcp_raw($p);
    for ($j = 0; $j < 20; $j++) $keys[$i][] = rcp_key_on($p, "clag$j-" . getmypid());
}

$measure = function (int $n) use ($c, $raws, $keys): array {
    $lags = [];
    $missing = 0;
    for ($s = 0; $s < $n; $s++) {
        $i = $s % count($raws);
        $k = $keys[$i][$s % 20];
        $seq = cache_key_seq($c, $k);
        $raws[$i]->cmd('SET', $k, (string) $s);
        $ack = hrtime(true);
        $at = cache_wait_key_seq($c, $k, $seq, 5000);
        if ($at < 0) {
            $missing++;
            continue;
        }
        $lags[] = max(0, $at - $ack) / 1000; // µs; 0 when the bump was already there when the reply was read
    }
    sort($lags);
    $q = fn(float $f) => $lags ? $lags[(int) min(count($lags) - 1, floor($f * count($lags)))] : -1;
    return [$missing, sprintf('p50 %.0f us, p99 %.0f us, max %.0f us', $q(0.5), $q(0.99), end($lags))];
};
$cpu = function (int $pid): float {
    $f = explode(' ', preg_replace('/^.*\) /', '', file_get_contents("/proc/$pid/stat")));
    return ((int) $f[11] + (int) $f[12]) * 1000 / 100; // utime + stime, clock ticks (USER_HZ 100) -> ms
};

[$missing, $quiet] = $measure(1000);
echo "quiet: 1000 writes, not seen: $missing\n";
echo "lag quiet: $quiet\n";

// the storm: two processes pipelining 100 SETs at a time to every primary until told to stop
$stop = sys_get_temp_dir() . '/rcp-lag-stop-' . getmypid();
$writers = [];
for ($w = 0; $w < 2; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $rs = array_map(fn($p) => rcp_raw($p), $primaries);
        $n = 0;
        while (!file_exists($stop)) {
            foreach ($rs as $i => $r) {
                $b = '';
                for ($j = 0; $j < 100; $j++) {
                    $k = "{cstorm$i}:" . ($n++ % 5000);
                    $b .= "*3\r\n\$3\r\nSET\r\n\$" . strlen($k) . "\r\n$k\r\n\$1\r\nx\r\n";
                }
                // the slot of {cstormI} may not be on this node: MOVED replies are writes refused, still replies
                $r->pipe($b, 100);
            }
        }
        posix_kill(posix_getpid(), SIGKILL); // no destructor may touch the parent's (TLS) connections it inherited
    }
    $writers[] = $pid;
}
usleep(300000);
$lp = rcp_cache_listener_pid();
$inv0 = cache_stats()['counters']['invalidations'];
$cpu0 = $cpu($lp);
$t0 = microtime(true);
[$missing, $storm] = $measure(2000);
$elapsed = microtime(true) - $t0;
$inv = cache_stats()['counters']['invalidations'] - $inv0;
$cpuMs = $cpu($lp) - $cpu0;
touch($stop);
foreach ($writers as $pid) pcntl_waitpid($pid, $st);
unlink($stop);
echo "under the storm: 2000 writes, not seen: $missing\n";
echo "the storm was reported: ", $inv > 10000 ? 'yes' : "no ($inv)", "\n";
printf("lag under the storm: %s; the listener applied %d invalidations in %.1f s (%.0f/s) using %.0f ms of CPU (%.0f percent of a core, %.2f us per key)\n",
    $storm, $inv, $elapsed, $inv / $elapsed, $cpuMs, 100 * $cpuMs / 1000 / $elapsed, $inv ? $cpuMs * 1000 / $inv : 0);
foreach ($primaries as $i => $p) {
    $b = '';
    foreach ($keys[$i] as $k) $b .= "*2\r\n\$3\r\nDEL\r\n\$" . strlen($k) . "\r\n$k\r\n";
    $raws[$i]->pipe($b, count($keys[$i]));
}
?>
--EXPECTF--
links up: yes
quiet: 1000 writes, not seen: 0
lag quiet: p50 %d us, p99 %d us, max %d us
under the storm: 2000 writes, not seen: 0
the storm was reported: yes
lag under the storm: p50 %d us, p99 %d us, max %d us; the listener applied %d invalidations in %f s (%d/s) using %d ms of CPU (%d percent of a core, %f us per key)
