--TEST--
Sessions: a bad session.save_path makes session_start() return false with a warning naming the bad part (never a crash); auth[user]/auth[pass] (URL-encoded) reach every node; a password never appears in a warning, PHP's own "(path: ...)" messages (nor session_save_path() after them), phpinfo() or an exception; bad redis_cluster_pool.session_* values are refused
--EXTENSIONS--
redis_cluster_pool
--INI--
session.save_handler=redis_cluster_pool
session.use_cookies=0
session.cache_limiter=
--FILE--
<?php
ob_start();   // session ini settings cannot change once output was sent (the CLI sends headers at the first byte)
require __DIR__ . '/session.inc';
$secret = 'S3cr&t+' . bin2hex(random_bytes(4)) . '%';       // & + % must be URL-encoded in save_path
$enc = rawurlencode($secret);
$seed = rcp_seeds()[0];
$seen = '';                                                 // everything PHP said, to search for the secret

function try_path(string $path): void
{
    global $seen;
    ini_set('session.save_path', $path);
    $msgs = [];
    set_error_handler(function ($no, $msg) use (&$msgs) { $msgs[] = $msg; return true; });
    try {
        $ok = session_start();
    } catch (Throwable $e) {
        $ok = get_class($e) . ': ' . $e->getMessage();
    }
    restore_error_handler();
    $seen .= implode("\n", $msgs) . (is_string($ok) ? $ok : '');
    echo var_export($ok, true), "\n";
    foreach ($msgs as $m) echo "  $m\n";
    if ($ok === true) session_write_close();
}

echo "--- bad save_path\n";
foreach (['', 'timeout=1', 'seed[]=', 'seed[]=nohost', 'seed[]=10.0.0.1:99999', "seed[]=user:$enc@$seed",
          "seed[]=$seed?timeout=1", "seed[]=$seed&timeout=abc", "seed[]=$seed&read_timeout=0", "seed[]=$seed&timeout=1&timeout=2",
          "seed[]=$seed&$enc", "seed[]=$seed&password=$enc", "seed[]=$seed&auth[password]=$enc",
          "seed[]=$seed&auth[user]=app", "seed[]=$seed&auth=$enc&auth[pass]=$enc", "seed[]=$seed&auth[]=a&auth[]=b&auth[]=$enc",
          "seed[]=$seed&auth=", "seed[]=$seed&prefix=a{b}", "seed[]=$seed&persistent=1", "seed[]=$seed&failover=error",
          "seed[]=$seed&stream[verify_peer]=0", "seed[]=$seed&database=1",
          implode('&', array_fill(0, 65, "seed[]=$seed"))] as $path) {
    try_path($path);
}

echo "--- a password where a name, a number, a seed goes: in no warning, nor in PHP's (path: ...)\n";
foreach (["seed[]=$seed&$enc=1", "seed[]=$seed&timeout=$enc", "seed[]=$seed&read_timeout=1&timeout=9$enc",
          "seed[]=127.0.0.1:$enc", "seed[]=$seed&timeo=1", "seed[]=$seed&auth[$enc]=x",
          "seed[]=$seed&stream$enc=1", "seed[]=$seed&timeout%00$enc=1", "seed[]=$seed&prefix=$enc&auth=", $enc] as $path) {
    try_path($path);
}

echo "--- credentials\n";
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', 'sessuser', 'on', ">$secret", '~*', '&*', '+@all');
$sid = rcp_session_sid('auth');
session_id($sid);
try_path(rcp_session_path('auth[user]=sessuser', "auth[pass]=$enc", 'prefix=AUTH:', 'timeout=2', 'read_timeout=2'));
session_id($sid);
session_start();
$_SESSION['who'] = 'sessuser';
session_write_close();
$k = rcp_session_key($sid, false, 'AUTH:');
echo "written with the ACL user: ", rcp_session_owner($k)->cmd('GET', $k), "\n";
echo "phpredis' list form auth[]=USER&auth[]=PASSWORD:\n";
session_id($sid);
try_path(rcp_session_path('auth[]=sessuser', "auth[]=$enc", 'prefix=AUTH:'));
echo "a wrong password:\n";
try_path(rcp_session_path('auth[user]=sessuser', 'auth[pass]=wrong' . $enc));
echo "session_save_path() after the failure: ", str_ends_with(session_save_path(), 'auth[pass]=***') ? 'masked' : 'not masked', "\n";
echo "ini_get() keeps the setting: ", str_ends_with(ini_get('session.save_path'), "auth[pass]=wrong$enc") ? 'yes' : 'no', "\n";
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
preg_match('/^session\.save_path => .*$/m', $info, $m);
echo "phpinfo: ", preg_replace('/(seed\[\]=[^&]*&)+/', 'seed[]=...&', $m[0]), "\n";
$seen .= $info;
echo "the password appears anywhere: ", str_contains($seen, $secret) || str_contains($seen, $enc) ? 'yes' : 'no', "\n";
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', 'sessuser');
rcp_session_owner($k)->cmd('DEL', $k);

echo "--- ini settings\n";
foreach ([['session_lock_expire', '-1'], ['session_lock_wait_time', '0'], ['session_lock_retries', 'many'],
          ['session_lock_retries', '2000000']] as [$name, $v]) {
    set_error_handler(function ($no, $msg) { echo "  $msg\n"; return true; });
    var_dump(ini_set("redis_cluster_pool.$name", $v));
    restore_error_handler();
}
var_dump(ini_set('redis_cluster_pool.session_lock_retries', '0'), ini_get('redis_cluster_pool.session_lock_retries'));
?>
--EXPECTF--
--- bad save_path
false
  session_start(): redis_cluster_pool: session.save_path: it is empty; it must name seed nodes of the cluster, e.g. seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: )
false
  session_start(): redis_cluster_pool: session.save_path: no seed: name one or more nodes of the cluster, e.g. seed[]=10.0.0.1:6379&seed[]=10.0.0.2:6379
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: timeout=1)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1 is empty (expected host:port)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1: Invalid seed: expected host:port, there is no ':'
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1: Invalid seed (host '10.0.0.1'): the port must be a number 1..65535
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1: credentials do not go in a seed; use auth[user]=...&auth[pass]=...
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1: options do not go in a seed; they are save_path items (timeout=...)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: timeout must be a number of seconds > 0 and <= 86400, a value that is not a number given
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&timeout=***)
false
  session_start(): redis_cluster_pool: session.save_path: read_timeout must be a number of seconds > 0 and <= 86400, a number out of that range given
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&read_timeout=***)
false
  session_start(): redis_cluster_pool: session.save_path: timeout is given twice
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&timeout=1&timeout=2)
false
  session_start(): redis_cluster_pool: session.save_path: item #2 has no "=" (expected name=value, items separated by &)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***)
false
  session_start(): redis_cluster_pool: session.save_path: password is not a save_path option: write auth=PASSWORD, or auth[user]=USER&auth[pass]=PASSWORD
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&password=***)
false
  session_start(): redis_cluster_pool: session.save_path: item #2: unknown auth entry (an unknown name is not repeated: it could be a misplaced secret); use auth=PASSWORD, auth[]=USER&auth[]=PASSWORD, or auth[user]=USER&auth[pass]=PASSWORD
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: auth[user] needs auth[pass] as well
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&auth[user]=app)
false
  session_start(): redis_cluster_pool: session.save_path: auth is given more than once (use one of auth=PASSWORD, auth[]=USER&auth[]=PASSWORD, auth[user]=USER&auth[pass]=PASSWORD)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&auth=***&auth[pass]=***)
false
  session_start(): redis_cluster_pool: session.save_path: auth[] has more than two entries (expected auth[]=USER&auth[]=PASSWORD)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&auth[]=***&auth[]=***&auth[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: the auth password is empty
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&auth=)
false
  session_start(): redis_cluster_pool: session.save_path: prefix must not contain { or }: the handler puts the session id in braces (a hash tag), so that a session and its lock share a slot
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&prefix=***)
false
  session_start(): redis_cluster_pool: session.save_path: persistent is a phpredis option: this handler always uses the worker's pooled connections (remove it)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&persistent=***)
false
  session_start(): redis_cluster_pool: session.save_path: failover is a phpredis option: sessions are always read and written on the slot's primary (remove it)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&failover=***)
false
  session_start(): redis_cluster_pool: session.save_path: item #2: stream settings (stream[...]) are not supported in session.save_path; for TLS write the seeds as tls://host:port (verification on, the CA from redis_cluster_pool.tls_cafile)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: unknown option in item #2 (an unknown name is not repeated: it could be a misplaced secret); known: seed[], timeout, read_timeout, auth, prefix
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: more than 64 seed[] entries (a few nodes of the cluster are enough)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s)
--- a password where a name, a number, a seed goes: in no warning, nor in PHP's (path: ...)
false
  session_start(): redis_cluster_pool: session.save_path: unknown option in item #2 (an unknown name is not repeated: it could be a misplaced secret); known: seed[], timeout, read_timeout, auth, prefix
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: timeout must be a number of seconds > 0 and <= 86400, a value that is not a number given
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&timeout=***)
false
  session_start(): redis_cluster_pool: session.save_path: timeout must be a number of seconds > 0 and <= 86400, a value that is not a number given
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&read_timeout=1&timeout=***)
false
  session_start(): redis_cluster_pool: session.save_path: seed[] #1: Invalid seed (host '127.0.0.1'): the port must be a number 1..65535
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=***)
false
  session_start(): redis_cluster_pool: session.save_path: unknown option in item #2, did you mean "timeout"? (an unknown name is not repeated: it could be a misplaced secret); known: seed[], timeout, read_timeout, auth, prefix
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: item #2: unknown auth entry (an unknown name is not repeated: it could be a misplaced secret); use auth=PASSWORD, auth[]=USER&auth[]=PASSWORD, or auth[user]=USER&auth[pass]=PASSWORD
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: unknown option in item #2 (an unknown name is not repeated: it could be a misplaced secret); known: seed[], timeout, read_timeout, auth, prefix
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: item #2: its name contains a NUL byte
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&***=***)
false
  session_start(): redis_cluster_pool: session.save_path: the auth password is empty
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: seed[]=%s&prefix=***&auth=)
false
  session_start(): redis_cluster_pool: session.save_path: item #1 has no "=" (expected name=value, items separated by &)
  session_start(): Failed to initialize storage module: redis_cluster_pool (path: ***)
--- credentials
true
written with the ACL user: who|s:8:"sessuser";
phpredis' list form auth[]=USER&auth[]=PASSWORD:
true
a wrong password:
false
  session_start(): redis_cluster_pool: cannot read the session: %sWRONGPASS%s
  session_start(): Failed to read session data: redis_cluster_pool (path: seed[]=%s&auth[user]=sessuser&auth[pass]=***)
session_save_path() after the failure: masked
ini_get() keeps the setting: yes
phpinfo: session.save_path => seed[]=...&auth[user]=sessuser&auth[pass]=*** => %s
the password appears anywhere: no
--- ini settings
  ini_set(): redis_cluster_pool.session_lock_expire must be an integer from 0 to 86400, "-1" given
bool(false)
  ini_set(): redis_cluster_pool.session_lock_wait_time must be an integer from 1 to 10000000, "0" given
bool(false)
  ini_set(): redis_cluster_pool.session_lock_retries must be an integer from 0 to 1000000, "many" given
bool(false)
  ini_set(): redis_cluster_pool.session_lock_retries must be an integer from 0 to 1000000, "2000000" given
bool(false)
string(3) "250"
string(1) "0"
