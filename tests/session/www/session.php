<?php
/*
 * The page the session tests request through php-fpm (session.save_handler = redis_cluster_pool is set on
 * php-fpm's command line). Query: sid (the session id to use), op (what to do once the session is started),
 * and ini settings of the handler (session_lock_*, gc_maxlifetime, use_strict_mode). Answers JSON.
 */
$q = $_GET;
foreach (['session_locking_enabled', 'session_lock_expire', 'session_lock_wait_time', 'session_lock_retries'] as $k) {
    if (isset($q[$k])) ini_set("redis_cluster_pool.$k", $q[$k]);
}
foreach (['gc_maxlifetime', 'use_strict_mode', 'lazy_write'] as $k) {
    if (isset($q[$k])) ini_set("session.$k", $q[$k]);
}
if (isset($q['sid'])) session_id($q['sid']);
$out = ['pid' => getmypid()];
$errors = [];
set_error_handler(function ($no, $msg) use (&$errors) { $errors[] = $msg; return true; });
$t0 = microtime(true);
$out['started'] = session_start();
$out['start_ms'] = (int) round((microtime(true) - $t0) * 1000);
$out['sid'] = session_id();
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
switch ($q['op'] ?? 'get') {
    case 'get':
        $out['session'] = $_SESSION ?? null;
        break;
    case 'set':
        $_SESSION[$q['k']] = $q['v'];
        break;
    case 'incr':                       // a read-modify-write that takes a while: lost without a lock
        $n = $_SESSION['n'] ?? 0;
        usleep((int) ($q['hold'] ?? 0));
        $_SESSION['n'] = $n + 1;
        break;
    case 'hold':                       // keep the session (and its lock) for a while
        $_SESSION['held'] = true;
        usleep((int) $q['hold']);
        break;
    case 'fatal':                      // the request dies of a fatal error with the session open
        $_SESSION['fatal'] = true;
        echo json_encode($out), "\n";
        flush();
        undefined_function_for_the_test();
        break;
    case 'kill':                       // the worker dies with the session open: nothing runs at request end
        echo json_encode($out), "\n";
        flush();
        function_exists('posix_kill') ? posix_kill(getmypid(), 9) : exec('kill -9 ' . getmypid());
        sleep(5);
        break;
    case 'steal':                      // another client takes the lock meanwhile: this request must not write
        (new RedisClusterPool($seeds))->set($q['lock'], 'someone-else');
        $_SESSION['stolen'] = true;
        $out['written'] = session_write_close();
        break;
    case 'pool':                       // a RedisClusterPool (seeds in another order) beside the session
        $pool = new RedisClusterPool(array_reverse($seeds));
        foreach (explode(',', $q['keys']) as $k) $pool->set($k, 'v');
        $out['stats'] = $pool->stats();
        break;
}
if (isset($q['regenerate'])) {
    $out['regenerated'] = session_regenerate_id((bool) $q['regenerate']);
    $out['new_sid'] = session_id();
}
$out['errors'] = $errors;
echo json_encode($out);
