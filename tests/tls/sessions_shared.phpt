--TEST--
TLS sessions are shared through the segment: a process that never talked to a node resumes the session another process of the pool got from it (an abbreviated handshake, counted in tls_resumed); other TLS settings do not share it
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/tls.inc';
$keys = array_map(fn($n) => rcp_key_on($n, 'tlsses'), rcp_primaries());
// the child is forked first: it inherits no TLS session from its parent's memory, only the shared segment
$pipe = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($pipe[0]);
    fread($pipe[1], 1);                                       // until the parent has its sessions
    $c = rcp_tls_pool();
    foreach ($keys as $k) $c->get($k);
    $s = $c->stats()['connections'];
    $m = rcp_tls_pool([], ['verify_peer_name' => false]);     // other settings: other sessions
    foreach ($keys as $k) $m->get($k);
    $t = $m->stats()['connections'];
    fwrite($pipe[1], json_encode([$s['tls_handshakes'], $s['tls_resumed'], $t['tls_handshakes'] - $s['tls_handshakes'],
        $t['tls_resumed'] - $s['tls_resumed']]));
    exit(0);
}
fclose($pipe[1]);
$p = rcp_tls_pool();
foreach ($keys as $k) $p->set($k, 'v');
// a server may send its TLS 1.3 session tickets just after the first reply: give them the time to arrive, and a
// second command on each connection to read them (a ticket read while idle leaves the connection in the pool)
usleep(200000);
foreach ($keys as $k) $p->get($k);
$s = $p->stats()['connections'];
echo "parent: handshakes ", $s['tls_handshakes'], ", resumed ", $s['tls_resumed'], "\n";
fwrite($pipe[0], 'go');
[$hs, $res, $hs2, $res2] = json_decode(stream_get_contents($pipe[0]), true);
pcntl_waitpid($pid, $status);
echo "child, same settings: handshakes $hs, resumed $res\n";
echo "child, other settings: handshakes $hs2, resumed $res2\n";
?>
--EXPECTF--
parent: handshakes %d, resumed 0
child, same settings: handshakes 3, resumed 3
child, other settings: handshakes 3, resumed 0
