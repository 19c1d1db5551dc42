--TEST--
php-fpm: a request killed mid-reply (read timeout, memory_limit refusal of a large multi-node reply, set_time_limit fatal) leaves no stale bytes: the next 10,000 requests on that worker all get their own replies
--EXTENSIONS--
redis_cluster_pool
--SKIPIF--
<?php
// run-tests -m runs php-fpm's workers under valgrind too: 30,000 requests do not fit the time limit, and with
// USE_ZEND_ALLOC=0 memory_limit is not the allocator's, so the memory case cannot happen. Timeouts and
// abandoned replies are covered under valgrind by tests/fault/bad_replies.phpt.
if (getenv('USE_ZEND_ALLOC') === '0') die('skip not under valgrind (php-fpm workers under memcheck; USE_ZEND_ALLOC=0)');
?>
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(1);            // one worker: every request below runs in the same process
$page = __DIR__ . '/www/kill.php';
$c = new RcpFcgi($addr);
$setup = json_decode($c->get($page, 'mode=setup'), true);
echo "big values on {$setup['nodes']} primaries\n";
$n = 10000;
foreach (['timeout', 'memory', 'time'] as $cause) {
    $warm = json_decode($c->get($page, 'i=warm'), true);
    $body = $c->get($page, "mode=$cause");
    $r = json_decode($body, true);
    $log = (string) @file_get_contents("$dir/php-errors.log");  // display_errors is off: fatal errors are logged
    $how = $r['exception'] ?? (preg_match_all('/PHP Fatal error:  (Allowed memory size|Maximum execution time) of/', $log, $m)
        ? 'fatal error: ' . end($m[1]) : "no kill: $body");
    @file_put_contents("$dir/php-errors.log", '');
    usleep(1200000);                          // late replies (the GET's after the 1 s pause) have now arrived
    $bad = 0;
    $pids = [];
    for ($i = 0; $i < $n; $i++) {
        $r = json_decode($c->get($page, "i=$cause$i"), true);
        if (!($r['own_reply'] ?? false)) $bad++;
        $pids[$r['pid'] ?? 0] = true;
    }
    $s = $r['stats'];
    printf("%s: %s; same worker: %s; wrong replies in the next requests: %d; dirty sockets discarded: %s\n",
        $cause, $how, array_keys($pids) === [$warm['pid']] ? 'yes' : 'no', $bad,
        $s['discarded_unread_reply'] + $s['discarded_broken'] >= 1 ? 'yes' : 'no');
}
$pool = rcp_pool();
$pool->del('fault:big:{0}', 'fault:big:{1}', 'fault:big:{2}', 'fault:big:{3}', 'fault:big:{4}', 'fault:big:{5}');
?>
--EXPECT--
big values on 3 primaries
timeout: RedisClusterPool\TimeoutException; same worker: yes; wrong replies in the next requests: 0; dirty sockets discarded: yes
memory: RedisClusterPool\MemoryLimitException; same worker: yes; wrong replies in the next requests: 0; dirty sockets discarded: yes
time: fatal error: Maximum execution time; same worker: yes; wrong replies in the next requests: 0; dirty sockets discarded: yes
