--TEST--
Redirects: MOVED after CLUSTER SETSLOT moved a slot is followed and patches the map; ASK mid-migration is followed without changing it
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$key = 'moved:{m1}';
$slot = RedisClusterPool::keySlot($key);
$pool->set($key, 'before');
$from = $pool->nodeForKey($key);
$to = current(array_diff(rcp_primaries(), [$from]));

// 1. MOVED: the slot moves behind the pool's back; the next command is redirected and the map patched.
rcp_move_slot($slot, $to);
var_dump($pool->get($key));                 // served by $to after one MOVED
var_dump($pool->nodeForKey($key) === $to);  // map patched in place
$pool->set($key, 'after');
var_dump((new RcpRaw($to))->cmd('GET', $key));

// 2. ASK: start migrating the slot back; a key not yet migrated is still on $to, a key that is new
//    must be created on the importing node via ASKING.
$toRaw = new RcpRaw($to);
$fromRaw = new RcpRaw($from);
$fromRaw->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', rcp_node_id($to));
$toRaw->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', rcp_node_id($from));
var_dump($pool->get($key));                 // still on the migrating node: no redirect
var_dump($pool->get('other:{m1}'));         // missing on the migrating node -> ASK -> importing node
var_dump($pool->set('new:{m1}', 'x'));      // created through ASK on the importing node
var_dump($fromRaw->cmd('ASKING') === 'OK' && $fromRaw->cmd('GET', 'new:{m1}') === 'x');
var_dump($pool->nodeForKey($key) === $to);  // ASK leaves the map alone
// finish the migration
[$h, $p] = explode(':', $from);
$toRaw->cmd('MIGRATE', $h, $p, '', '0', '5000', 'KEYS', $key);
foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', rcp_node_id($from));
rcp_wait_slot_owner($slot, $from);
var_dump($pool->get($key), $pool->get('new:{m1}'));
var_dump($pool->nodeForKey($key) === $from);
$pool->del('{m1}');
$pool->del($key);
$pool->del('new:{m1}');
?>
--EXPECTF--
string(6) "before"
bool(true)
string(5) "after"
string(5) "after"
NULL
object(RedisClusterPool\Status)#%d (1) {
  ["payload"]=>
  string(2) "OK"
}
bool(true)
bool(true)
string(5) "after"
string(1) "x"
bool(true)
