--TEST--
Sessions under php-fpm (4 workers): 4 clients in parallel each increment one session's counter 25 times (read, wait 3 ms, write): with redis_cluster_pool.session_locking_enabled every increment survives (100), requests queued behind the lock; without the lock the same run loses increments
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/session.inc';
require __DIR__ . '/../fpm/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(4, rcp_session_fpm_ini());
$page = __DIR__ . '/www/session.php';
const CLIENTS = 4, EACH = 25;

/** CLIENTS processes, each on its own keep-alive connection (its own worker), EACH requests; their answers. */
function run_parallel(string $addr, string $page, string $query): array
{
    $files = [];
    for ($c = 0; $c < CLIENTS; $c++) {
        $files[$c] = tempnam(sys_get_temp_dir(), 'sess');
        if (pcntl_fork() === 0) {
            $fc = new RcpFcgi($addr);
            $answers = [];
            for ($i = 0; $i < EACH; $i++) $answers[] = json_decode($fc->get($page, $query), true);
            file_put_contents($files[$c], json_encode($answers));
            posix_kill(getmypid(), SIGKILL);   // no shutdown functions: php-fpm belongs to the parent

        }
    }
    while (pcntl_wait($st) > 0);
    $all = [];
    foreach ($files as $f) { $all = array_merge($all, json_decode(file_get_contents($f), true)); unlink($f); }
    return $all;
}

foreach ([1, 0] as $locking) {
    $sid = rcp_session_sid('conc');
    $t0 = microtime(true);
    $answers = run_parallel($addr, $page, "op=incr&hold=3000&sid=$sid&session_locking_enabled=$locking"
        . '&session_lock_wait_time=2000&session_lock_retries=10000');
    $final = json_decode((new RcpFcgi($addr))->get($page, "op=get&sid=$sid"), true)['session']['n'];
    $failed = count(array_filter($answers, fn($a) => !$a['started'] || $a['errors']));
    $workers = count(array_unique(array_column($answers, 'pid')));
    $waited = count(array_filter($answers, fn($a) => $a['start_ms'] >= 2));
    echo $locking ? "with locking:\n" : "without locking:\n";
    echo "  requests: ", count($answers), " on $workers workers, failed: $failed\n";
    if ($locking) {
        echo "  final counter: $final\n";
        echo "  requests that waited for the lock: ", $waited >= 10 ? 'many' : "only $waited", "\n";
        echo "  lock left behind: ", rcp_session_owner(rcp_session_key($sid, true))->cmd('EXISTS', rcp_session_key($sid, true)), "\n";
    } else {
        echo "  increments lost: ", $final < CLIENTS * EACH ? 'yes' : "no ($final)", "\n";
    }
}
?>
--EXPECT--
with locking:
  requests: 100 on 4 workers, failed: 0
  final counter: 100
  requests that waited for the lock: many
  lock left behind: 0
without locking:
  requests: 100 on 4 workers, failed: 0
  increments lost: yes
