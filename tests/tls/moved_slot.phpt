--TEST--
TLS: after a slot moves to another primary (MIGRATE between TLS nodes), the MOVED names the TLS port, the command follows it on a pooled TLS connection and the shared map is patched without a topology request; ASK during the migration is followed too
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/tls.inc';
[$a, $b] = rcp_primaries();
$p = rcp_tls_pool();
$k = rcp_key_on($a, 'tlsmv');
$slot = RedisClusterPool::keySlot($k);
$p->set($k, 'before');
$p->get(rcp_key_on($b, 'tlsmv-b'));   // a connection to $b already in the pool
$s0 = $p->stats();
rcp_move_slot($slot, $b);
echo "GET after the move: ", $p->get($k), "\n";
$s1 = $p->stats();
echo "MOVED seen: ", $s1['cluster']['moved'] - $s0['cluster']['moved'], "\n";
echo "topology requests for it: ", $s1['cluster']['cluster_slots_sent'] - $s0['cluster']['cluster_slots_sent'], "\n";
echo "new connections: ", $s1['connections']['opened'] - $s0['connections']['opened'], "\n";
echo "owner in the map: ", $p->nodeForKey($k) === $b ? 'the new primary' : $p->nodeForKey($k), "\n";
echo "a second pool (same worker, shared map) goes straight there: ";
$q = rcp_tls_pool();
$m = $q->stats()['cluster']['moved'];
echo $q->get($k), ", MOVED ", $q->stats()['cluster']['moved'] - $m, "\n";

// ASK: the slot half-migrated back (MIGRATING on $b, IMPORTING on $a, the key already on $a)
$ra = rcp_raw($a);
$rb = rcp_raw($b);
$ra->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', $rb->cmd('CLUSTER', 'MYID'));
$rb->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', $ra->cmd('CLUSTER', 'MYID'));
[$ah, $ap] = explode(':', $a);
$r = $rb->cmd('MIGRATE', $ah, $ap, $k, '0', '5000');
echo "MIGRATE over TLS: ", $r instanceof RcpRawError ? $r->message : $r, "\n";
$s2 = $p->stats();
echo "GET during the migration: ", $p->get($k), ", ASK followed: ", $p->stats()['cluster']['ask'] - $s2['cluster']['ask'], "\n";
rcp_move_slot($slot, $a);
echo "after moving it back: ", $p->get($k), "\n";
?>
--EXPECT--
GET after the move: before
MOVED seen: 1
topology requests for it: 0
new connections: 0
owner in the map: the new primary
a second pool (same worker, shared map) goes straight there: before, MOVED 0
MIGRATE over TLS: OK
GET during the migration: before, ASK followed: 1
after moving it back: before
