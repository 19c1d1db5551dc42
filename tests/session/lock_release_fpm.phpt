--TEST--
Session locks under php-fpm: released when the request ends (no session_write_close(), a fatal error), kept from other requests while held (a bounded wait that fails with a warning, session_start() false, never a hang, and the holder's lock untouched), left to expire when the worker is SIGKILLed (the next request gets it once session_lock_expire has passed), and a request whose lock was taken over does not write
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/session.inc';
require __DIR__ . '/../fpm/fcgi.inc';
$page = __DIR__ . '/www/session.php';
[$dir, $addr] = rcp_fpm_start(3, rcp_session_fpm_ini(['redis_cluster_pool.session_locking_enabled' => '1']));
$get = fn(string $q) => json_decode((new RcpFcgi($addr))->get($page, $q), true);
$lockOf = function (string $sid): array {
    $k = rcp_session_key($sid, true);
    $o = rcp_session_owner($k);
    return [$o->cmd('GET', $k), $o->cmd('PTTL', $k)];
};
$data = fn(string $sid) => rcp_session_owner(rcp_session_key($sid))->cmd('GET', rcp_session_key($sid));

// 1. the request ends with the session open: written and unlocked at request end
$sid = rcp_session_sid('end');
$r = $get("op=set&k=a&v=1&sid=$sid");
echo "ended without session_write_close(): started ", var_export($r['started'], true), ", data ", $data($sid),
    ", lock left: ", var_export($lockOf($sid)[0], true), "\n";

// 2. a fatal error with the session open
$sid = rcp_session_sid('fatal');
$body = (new RcpFcgi($addr))->get($page, "op=fatal&sid=$sid");
echo "fatal error: started ", var_export(json_decode(strtok($body, "\n"), true)['started'], true),
    ", data ", $data($sid), ", lock left: ", var_export($lockOf($sid)[0], true), "\n";
echo "the fatal error is in the log: ", str_contains(file_get_contents("$dir/php-errors.log"), 'undefined_function_for_the_test') ? 'yes' : 'no', "\n";

// 3. contention: while one request holds the lock (1.5 s), another gives up after its bounded wait
$sid = rcp_session_sid('busy');
if (($holder = pcntl_fork()) === 0) {
    (new RcpFcgi($addr))->get($page, "op=hold&hold=1500000&sid=$sid");
    posix_kill(getmypid(), SIGKILL);
}
for ($i = 0; $i < 200 && $lockOf($sid)[0] === null; $i++) usleep(10000);
$token = $lockOf($sid)[0];
$t0 = microtime(true);
$r = $get("op=set&k=b&v=2&sid=$sid&session_lock_retries=5&session_lock_wait_time=10000");
$ms = (microtime(true) - $t0) * 1000;
echo "while held: session_start() ", var_export($r['started'], true), " after ", $ms < 1000 ? 'less than 1 s' : "$ms ms", "\n";
echo "  ", preg_replace('/in [0-9.]+ s/', 'in N s', $r['errors'][0]), "\n";
echo "  ", $r['errors'][1], "\n";
echo "the holder's lock untouched: ", $lockOf($sid)[0] === $token ? 'yes' : 'no', "\n";
pcntl_waitpid($holder, $st);
$r = $get("op=get&sid=$sid&session_lock_retries=0");
echo "after the holder ended: started ", var_export($r['started'], true), ", its data ", json_encode($r['session']), "\n";

// 4. the worker dies holding the lock: nothing releases it, it expires after session_lock_expire (2 s)
$sid = rcp_session_sid('killed');
try {
    (new RcpFcgi($addr))->get($page, "op=kill&sid=$sid&session_lock_expire=2");
} catch (RuntimeException $e) {
    // the worker died mid-request: the connection closes
}
[$tok, $pttl] = $lockOf($sid);
echo "worker killed: lock left with a TTL <= 2 s: ", $tok !== null && $pttl > 0 && $pttl <= 2000 ? 'yes' : "no ($pttl)", "\n";
$r = $get("op=get&sid=$sid&session_lock_wait_time=20000&session_lock_retries=200");
echo "the next request got the lock once it expired: ", $r['started'] && $r['start_ms'] >= $pttl - 300 && $r['start_ms'] < 3000
    ? 'yes' : "no (waited {$r['start_ms']} ms for a TTL of $pttl ms)", "\n";

// 5. a lock taken over (expired, then taken by someone else): the request must not overwrite the session
$sid = rcp_session_sid('stolen');
$get("op=set&k=v&v=original&sid=$sid");
$r = $get("op=steal&sid=$sid&lock=" . urlencode(rcp_session_key($sid, true)));
echo "lock taken over: session_write_close() warns:\n";
echo "  ", $r['errors'][0] ?? 'no warning', "\n";
echo "session unchanged: ", $data($sid), ", the other holder's lock kept: ", $lockOf($sid)[0], "\n";
?>
--EXPECTF--
ended without session_write_close(): started true, data a|s:1:"1";, lock left: NULL
fatal error: started true, data fatal|b:1;, lock left: NULL
the fatal error is in the log: yes
while held: session_start() false after less than 1 s
  session_start(): redis_cluster_pool: the session is locked by another request: not acquired after 6 tries in N s (redis_cluster_pool.session_lock_retries = 5, session_lock_wait_time = 10000 us; the holder's lock expires after at most session_lock_expire)
  session_start(): Failed to read session data: redis_cluster_pool (path: %s)
the holder's lock untouched: yes
after the holder ended: started true, its data {"held":true}
worker killed: lock left with a TTL <= 2 s: yes
the next request got the lock once it expired: yes
lock taken over: session_write_close() warns:
  session_write_close(): redis_cluster_pool: the session was not written: this request no longer held its lock (taken for 30 s: redis_cluster_pool.session_lock_expire), so another request may have changed the session meanwhile
session unchanged: v|s:8:"original";, the other holder's lock kept: someone-else
