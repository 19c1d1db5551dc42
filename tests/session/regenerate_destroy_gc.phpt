--TEST--
Sessions with locking: session_regenerate_id() (keeping or deleting the old session) moves the lock to the new id, session_destroy() deletes the data and the lock, session_abort() / read_and_close / an unchanged session (lazy_write) release the lock, session_gc() has nothing to collect, a new id is one no session uses, and a lock held elsewhere makes session_start() fail at once with session_lock_retries = 0
--EXTENSIONS--
redis_cluster_pool
--INI--
session.save_handler=redis_cluster_pool
session.use_cookies=0
session.cache_limiter=
session.gc_maxlifetime=600
redis_cluster_pool.session_locking_enabled=1
--FILE--
<?php
ob_start();   // session ini settings cannot change once output was sent (the CLI sends headers at the first byte)
require __DIR__ . '/session.inc';
ini_set('session.save_path', rcp_session_path('prefix=RG:'));
$key = fn(string $sid, bool $lock = false) => rcp_session_key($sid, $lock, 'RG:');
$raw = fn(string $sid, bool $lock = false) => rcp_session_owner($key($sid, $lock))->cmd('GET', $key($sid, $lock));
$state = fn(string $sid) => json_encode(['data' => $raw($sid), 'locked' => $raw($sid, true) !== null]);

$a = rcp_session_sid('rga');
session_id($a);
var_dump(session_start());
$_SESSION['n'] = 1;
echo "started: ", $state($a), "\n";
var_dump(session_regenerate_id(false));
$b = session_id();
echo "regenerated, old kept:  ", $state($a), "  new: ", $b !== $a ? $state($b) : 'same id', "\n";
var_dump(session_regenerate_id(true));
$c = session_id();
echo "regenerated, old deleted: ", $state($b), "  new: ", $state($c), "\n";
session_write_close();
echo "written: ", $state($c), "\n";

session_id($c);
session_start();
var_dump(session_gc());
var_dump(session_destroy());
echo "destroyed: ", $state($c), "\n";

// a new session: the handler makes the id
session_id('');
session_start();
$d = session_id();
echo "new id made by the handler: ", strlen($d) >= 22 && $d !== $c ? 'yes' : 'no', ", locked: ", $raw($d, true) !== null ? 'yes' : 'no', "\n";
$_SESSION['x'] = 'y';
session_abort();
echo "aborted: ", $state($d), "\n";

session_id($a);
var_dump(session_start(['read_and_close' => true]), $_SESSION);
echo "read_and_close: ", $state($a), "\n";

// lazy_write: unchanged data is not written again, only its TTL renewed (and the lock released)
rcp_session_owner($key($a))->cmd('EXPIRE', $key($a), '5');
session_id($a);
session_start();
session_write_close();
$ttl = rcp_session_owner($key($a))->cmd('TTL', $key($a));
echo "unchanged: ", $state($a), " TTL renewed: ", $ttl > 590 ? 'yes' : "no ($ttl)", "\n";

// held elsewhere, no retry: refused at once, the other holder's lock left alone
rcp_session_owner($key($a, true))->cmd('SET', $key($a, true), 'other-request', 'PX', '10000');
ini_set('redis_cluster_pool.session_lock_retries', '0');
session_id($a);
$t0 = microtime(true);
set_error_handler(function ($no, $msg) { echo "  $msg\n"; return true; });
var_dump(session_start());
restore_error_handler();
echo "refused after ", (microtime(true) - $t0) < 0.5 ? 'less than 0.5 s' : 'too long', "\n";
echo "the other lock: ", $raw($a, true), "\n";
foreach ([$a, $b, $c, $d] as $s) rcp_session_owner($key($s))->cmd('DEL', $key($s), $key($s, true));

// left open: written and unlocked at request end, by the extension's RSHUTDOWN (checked under php-fpm by
// lock_release_fpm.phpt; here it runs under valgrind)
ini_set('redis_cluster_pool.session_lock_retries', '10');
session_id(rcp_session_sid('rgend'));
var_dump(session_start());
$_SESSION['end'] = true;
?>
--EXPECTF--
bool(true)
started: {"data":null,"locked":true}
bool(true)
regenerated, old kept:  {"data":"n|i:1;","locked":false}  new: {"data":null,"locked":true}
bool(true)
regenerated, old deleted: {"data":null,"locked":false}  new: {"data":null,"locked":true}
written: {"data":"n|i:1;","locked":false}
int(0)
bool(true)
destroyed: {"data":null,"locked":false}
new id made by the handler: yes, locked: yes
aborted: {"data":null,"locked":false}
bool(true)
array(1) {
  ["n"]=>
  int(1)
}
read_and_close: {"data":"n|i:1;","locked":false}
unchanged: {"data":"n|i:1;","locked":false} TTL renewed: yes
  session_start(): redis_cluster_pool: the session is locked by another request: not acquired after 1 tries in %f s (redis_cluster_pool.session_lock_retries = 0, session_lock_wait_time = 20000 us; the holder's lock expires after at most session_lock_expire)
  session_start(): Failed to read session data: redis_cluster_pool (path: seed[]=%s&prefix=***)
bool(false)
refused after less than 0.5 s
the other lock: other-request
bool(true)
