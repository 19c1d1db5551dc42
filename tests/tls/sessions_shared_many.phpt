--TEST--
TLS sessions of many nodes and settings are shared through the segment at once: 7 TLS settings x 3 primaries (21 sessions, of the segment's 32 slots) stored by one process are all resumed by another, none evicting another (until 2026-11-28 a key's slot was its hash modulo 32, and two keys of one slot evicted each other's session: 7 of the 21 were resumed)
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/tls.inc';
$keys = array_map(fn($n) => rcp_key_on($n, 'tlsmany'), rcp_primaries());
// settings that differ (each its own sessions) and all connect: TLS 1.2 cipher lists (TLS 1.3 suites are OpenSSL's)
$ciphers = ['HIGH', 'HIGH:!aNULL', 'HIGH:!MD5', 'HIGH:!RC4', 'HIGH:!3DES', 'HIGH:!aNULL:!MD5', 'ECDHE+AESGCM:HIGH'];
$run = function (bool $write) use ($keys, $ciphers): array {
    $pools = [];
    foreach ($ciphers as $c) {
        $p = $pools[] = rcp_tls_pool([], ['ciphers' => $c]);
        foreach ($keys as $k) $write ? $p->set($k, 'v') : $p->get($k);
    }
    if ($write) {
        // the TLS 1.3 tickets may come just after the first reply: a second command on each connection reads them
        usleep(200000);
        foreach ($pools as $p) foreach ($keys as $k) $p->get($k);
    }
    $s = end($pools)->stats()['connections'];
    return [$s['tls_handshakes'], $s['tls_resumed']];
};
// the child is forked first: it inherits no TLS session from its parent's memory, only the shared segment
$pipe = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($pipe[0]);
    fread($pipe[1], 1);
    fwrite($pipe[1], json_encode($run(false)));
    exit(0);
}
fclose($pipe[1]);
[$hs, $res] = $run(true);
echo "parent: resumed $res of $hs handshakes\n";
fwrite($pipe[0], 'go');
[$hs, $res] = json_decode(stream_get_contents($pipe[0]), true);
pcntl_waitpid($pid, $status);
echo "child: handshakes ", $hs >= count($ciphers) * count($keys) ? 'at least 21' : $hs, ", all resumed: ",
    $res === $hs ? 'yes' : "no ($res of $hs)", "\n";
?>
--EXPECTF--
parent: resumed 0 of %d handshakes
child: handshakes at least 21, all resumed: yes
