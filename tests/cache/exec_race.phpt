--TEST--
Read cache, the fill race forced with a delayed node: a pipeline reads k on node A (a miss: ticket taken, GET sent, answered at once) while its other command (a BLPOP of an empty list on node B, 1 s) keeps the pipeline waiting; meanwhile another client overwrites k on A and A's invalidation reaches the cache. When the pipeline's replies are in, the fill of k's old value is refused (fills_refused_race counted) and the next read gets the new value; the same run without the write stores the value (the check can fail)
--INI--
redis_cluster_pool.cache_admit=1
redis_cluster_pool.cache_max_lag=1000
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
// (cache_admit=1: what a fill does, from a read's first miss; the default, 2, stores from its second: admit.phpt)
require __DIR__ . '/exec.inc';
[$a, $b] = cx_primaries();
$t = 'cr' . getmypid();
$pool = rcp_pool(['cache' => true]);
$kb = cx_key_on($b, "$t:b");
rcp_raw($a)->cmd('SET', $w = cx_key_on($a, "$t:warm"), 'w');
echo "links of A and B up: ", cx_warm($pool, $w) && cx_warm($pool, cx_key_on($b, "$t:warmb")) ? 'yes' : 'no', "\n";

foreach (['with a write in the window' => true, 'without one' => false] as $name => $write) {
    $k = cx_key_on($a, "$t:k" . (int) $write);
    // the SET's own invalidation reaches the cache first (else it could land after the pipeline's ticket: a refusal
    // without the window's write)
    $inv = cx_counters()['invalidations'] ?? 0;
    rcp_raw($a)->cmd('SET', $k, 'old');
    $end = microtime(true) + 5;
    while ((cx_counters()['invalidations'] ?? 0) <= $inv && microtime(true) < $end) usleep(1000);
    $flag = sys_get_temp_dir() . "/rcp-race-$t-" . (int) $write;
    @unlink($flag);
    if ($write) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            $raw = rcp_raw($a);
            while (!file_exists($flag)) usleep(1000);
            usleep(250000); // the GET was answered long ago; the pipeline still waits for the BLPOP (1 s)
            $raw->cmd('SET', $k, 'new');
            posix_kill(posix_getpid(), SIGKILL);
        }
    }
    $before = cx_counters();
    touch($flag);
    $r = $pool->pipeline(function ($p) use ($k, $kb) { $p->get($k); $p->blpop([$kb], 1); });
    $after = cx_counters();
    if ($write) pcntl_waitpid($pid, $st);
    @unlink($flag);
    printf("%s: the pipeline read %s, fills %d, refused by the race %d, next read %s\n", $name, $r[0],
        $after['fills'] - $before['fills'], $after['fills_refused_race'] - $before['fills_refused_race'], $pool->get($k));
}
?>
--EXPECT--
links of A and B up: yes
with a write in the window: the pipeline read old, fills 0, refused by the race 1, next read new
without one: the pipeline read old, fills 1, refused by the race 0, next read old
