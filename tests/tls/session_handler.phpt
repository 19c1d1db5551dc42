--TEST--
The session save handler over TLS: seed[]=tls://host:port (or rediss://) in session.save_path connects with verification on and the CA of redis_cluster_pool.tls_cafile; without a CA that knows the nodes, session_start() fails with a warning saying why (never in plaintext)
--EXTENSIONS--
redis_cluster_pool
--INI--
session.save_handler=redis_cluster_pool
session.use_cookies=0
session.cache_limiter=
--FILE--
<?php
ob_start();   // session ini settings cannot change once output was sent
require __DIR__ . '/tls.inc';
require __DIR__ . '/../session/session.inc';
$path = implode('&', array_map(fn($s) => "seed[]=$s", rcp_tls_seeds('rediss')));
ini_set('session.save_path', $path);
echo "-- no CA for the test cluster\n";
$sid = rcp_session_sid('tls');
session_id($sid);
$warnings = [];
set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = rcp_tls_mask($msg); return true; });
var_dump(session_start());
restore_error_handler();
echo implode("\n", array_map(fn($w) => strlen($w) > 200 ? substr($w, 0, 200) . '...' : $w, $warnings)), "\n";
echo "-- redis_cluster_pool.tls_cafile\n";
ini_set('redis_cluster_pool.tls_cafile', rcp_tls_cert('ca.crt'));
session_id($sid);
var_dump(session_start());
$_SESSION['n'] = 42;
session_write_close();
echo "stored on the slot's primary over TLS: ", rcp_session_owner(rcp_session_key($sid))->cmd('GET', rcp_session_key($sid)), "\n";
session_id($sid);
session_start();
echo "read back: ", $_SESSION['n'], "\n";
session_destroy();
echo ob_get_clean();
?>
--EXPECT--
-- no CA for the test cluster
bool(false)
session_start(): redis_cluster_pool: cannot read the session: Cannot discover the cluster topology: TLS handshake with 127.0.0.1:PORT failed: certificate verification failed: self-signed certificate i...
session_start(): Failed to read session data: redis_cluster_pool (path: seed[]=rediss://127.0.0.1:PORT&seed[]=rediss://127.0.0.1:PORT&seed[]=rediss://127.0.0.1:PORT&seed[]=rediss://127.0.0.1:PORT&seed...
-- redis_cluster_pool.tls_cafile
bool(true)
stored on the slot's primary over TLS: n|i:42;
read back: 42
