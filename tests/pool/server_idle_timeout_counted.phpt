--TEST--
Sockets the server closed for idleness (its `timeout`) are counted as discarded_closed_by_peer, never as discarded_broken, also when the close is seen while another node's reply is awaited (gh11 item 6)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$raws = array_map(fn($n) => new RcpRaw($n), rcp_primaries());
$pool = rcp_pool(['parameters' => ['read_write_timeout' => 2]]);
$keys = array_map(fn($p) => rcp_key_on($p, 'idle'), rcp_primaries());
foreach ($keys as $k) $pool->set($k, 'v');        // one pooled socket per primary
foreach ($raws as $r) $r->cmd('CONFIG', 'SET', 'timeout', '1');
unset($raws);
usleep(2600000);                                   // the servers close them (their timeout check runs every ~1 s)
$before = $pool->stats()['connections'];
for ($round = 0; $round < 3; $round++) {
    foreach ($keys as $k) if ($pool->get($k) !== 'v') echo "WRONG\n";
}
$after = $pool->stats()['connections'];
foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'timeout', '0');  // $raws were closed too
printf("closed_by_peer: %d, broken: %d, reopened: %d\n",
    $after['discarded_closed_by_peer'] - $before['discarded_closed_by_peer'],
    $after['discarded_broken'] - $before['discarded_broken'], $after['opened'] - $before['opened']);
foreach ($keys as $k) $pool->del($k);
?>
--EXPECT--
closed_by_peer: 3, broken: 0, reopened: 3
