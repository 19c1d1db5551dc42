--TEST--
The reuse check of a pooled TLS connection accounts for TLS records that arrived while it was idle: a close_notify (the node closing) is counted as discarded_closed_by_peer, a stray record (bytes after the last reply) as discarded_unread_reply; either way the connection is replaced and the next command gets its own reply, never the stray bytes
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/tls.inc';
require __DIR__ . '/../fault/fake.inc';
// a fake TLS node: GET close:* answers then closes (close_notify + FIN); GET stray:* answers and then sends one
// more reply nobody asked for; other GETs answer "v:<key>"
$fake = rcp_fake_start(function (array $argv, array $ctx) {
    $cmd = strtoupper($argv[0]);
    if ($cmd === 'GET' && str_starts_with($argv[1], 'close:')) return [rcp_resp_encode("v:$argv[1]"), 100000, RCP_FAKE_CLOSE];
    if ($cmd === 'GET' && str_starts_with($argv[1], 'stray:')) return [rcp_resp_encode("v:$argv[1]"), 100000, "+STRAY\r\n"];
    return rcp_fake_default($argv, $ctx);
}, 1, 60.0, ['local_cert' => rcp_tls_cert('server.crt'), 'local_pk' => rcp_tls_cert('server.key')]);
$p = new RedisClusterPool(['tls://' . $fake['addrs'][0]], ['parameters' => ['ssl' => rcp_tls_ssl(), 'read_write_timeout' => 20, 'timeout' => 20]]);
$c = fn() => $p->stats()['connections'];
echo $p->get('a'), "\n";
$s0 = $c();
echo $p->get('close:1'), "\n";
usleep(300000);                          // the close_notify arrives while the connection is idle
echo $p->get('b'), "\n";
$s1 = $c();
printf("after a close_notify: closed_by_peer %d, unread %d, broken %d, reopened %d\n",
    $s1['discarded_closed_by_peer'] - $s0['discarded_closed_by_peer'], $s1['discarded_unread_reply'] - $s0['discarded_unread_reply'],
    $s1['discarded_broken'] - $s0['discarded_broken'], $s1['opened'] - $s0['opened']);
echo $p->get('stray:1'), "\n";
usleep(300000);                          // the stray record arrives while the connection is idle
echo $p->get('c'), "\n";
$s2 = $c();
printf("after a stray record: closed_by_peer %d, unread %d, broken %d, reopened %d\n",
    $s2['discarded_closed_by_peer'] - $s1['discarded_closed_by_peer'], $s2['discarded_unread_reply'] - $s1['discarded_unread_reply'],
    $s2['discarded_broken'] - $s1['discarded_broken'], $s2['opened'] - $s1['opened']);
rcp_fake_stop($fake);
?>
--EXPECT--
v:a
v:close:1
v:b
after a close_notify: closed_by_peer 1, unread 0, broken 0, reopened 1
v:stray:1
v:c
after a stray record: closed_by_peer 0, unread 1, broken 0, reopened 1
