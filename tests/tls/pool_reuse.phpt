--TEST--
Pooled TLS connections: reused by every pool with the same TLS settings (no new handshake), never by a pool with other settings (the pool key holds their hash); a node closing idle TLS connections (its `timeout`, CLIENT KILL) is counted as discarded_closed_by_peer, and each is replaced by one new handshake that resumes the session the node gave this process
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
$c = fn() => rcp_tls_pool()->stats()['connections'];
$keys = array_map(fn($n) => rcp_key_on($n, 'tlspool'), rcp_primaries());
$a = rcp_tls_pool(['parameters' => ['read_write_timeout' => 2]]);
foreach ($keys as $k) $a->set($k, 'v');                    // one pooled TLS socket per primary
$s0 = $c();
$b = rcp_tls_pool();                                        // same settings: same sockets
foreach ($keys as $k) if ($b->get($k) !== 'v') echo "WRONG\n";
$s1 = $c();
echo "same settings: opened ", $s1['opened'] - $s0['opened'], ", handshakes ", $s1['tls_handshakes'] - $s0['tls_handshakes'], "\n";
$m = rcp_tls_pool([], ['local_cert' => rcp_tls_cert('client.crt'), 'local_pk' => rcp_tls_cert('client.key')]);
foreach ($keys as $k) if ($m->get($k) !== 'v') echo "WRONG\n";
$s2 = $c();
echo "with a client certificate: opened ", $s2['opened'] - $s1['opened'], ", handshakes ", $s2['tls_handshakes'] - $s1['tls_handshakes'], "\n";
$n = rcp_tls_pool([], ['verify_peer_name' => false]);
foreach ($keys as $k) if ($n->get($k) !== 'v') echo "WRONG\n";
$s3 = $c();
echo "without the name check: opened ", $s3['opened'] - $s2['opened'], "\n";
// reconnects resume the TLS session the node gave this process (TLS 1.3 tickets)
$resumedBefore = $s3['tls_resumed'];

// the servers close idle connections after 1 s
foreach (rcp_primaries() as $node) rcp_raw($node)->cmd('CONFIG', 'SET', 'timeout', '1');
usleep(2600000);
$before = $c();
for ($round = 0; $round < 3; $round++) {
    foreach ($keys as $k) if ($a->get($k) !== 'v') echo "WRONG\n";
}
$after = $c();
foreach (rcp_primaries() as $node) rcp_raw($node)->cmd('CONFIG', 'SET', 'timeout', '0');
printf("idle close: closed_by_peer %d, broken %d, unread %d, reopened %d, handshakes %d, of which resumed %d\n",
    $after['discarded_closed_by_peer'] - $before['discarded_closed_by_peer'],
    $after['discarded_broken'] - $before['discarded_broken'],
    $after['discarded_unread_reply'] - $before['discarded_unread_reply'],
    $after['opened'] - $before['opened'], $after['tls_handshakes'] - $before['tls_handshakes'],
    $after['tls_resumed'] - $resumedBefore);
// CLIENT KILL while idle: the same
foreach (rcp_primaries() as $node) rcp_raw($node)->cmd('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
usleep(200000);
$before = $c();
foreach ($keys as $k) if ($a->get($k) !== 'v') echo "WRONG\n";
$after = $c();
printf("CLIENT KILL: closed_by_peer %d, broken %d, reopened %d\n",
    $after['discarded_closed_by_peer'] - $before['discarded_closed_by_peer'],
    $after['discarded_broken'] - $before['discarded_broken'], $after['opened'] - $before['opened']);
foreach ($keys as $k) $a->del($k);
?>
--EXPECT--
same settings: opened 0, handshakes 0
with a client certificate: opened 3, handshakes 3
without the name check: opened 3
idle close: closed_by_peer 3, broken 0, unread 0, reopened 3, handshakes 3, of which resumed 3
CLIENT KILL: closed_by_peer 3, broken 0, reopened 3
