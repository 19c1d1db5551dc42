--TEST--
Pipelines: 1,000 commands over every primary in call order, with a slot moved between queueing and execute (MOVED followed per command); error replies in place, or thrown after the whole pipeline completed; both Predis forms
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool(['exceptions' => false]);     // error replies come back in place
$moved = 'pipe:{mv}';
$pool->set($moved, 'before');
$from = $pool->nodeForKey($moved);
$to = current(array_diff(rcp_primaries(), [$from]));

$pipe = $pool->pipeline();
for ($i = 0; $i < 490; $i++) $pipe->set("pipe:$i", "v$i");
$pipe->get($moved);                              // its slot moves before execute: MOVED inside the pipeline
for ($i = 0; $i < 490; $i++) $pipe->get("pipe:$i");
$pipe->mget(['pipe:1', 'pipe:2', 'pipe:3']);     // cross-slot: split, inside the pipeline
$pipe->incr('pipe:1');                           // error reply: not an integer
$pipe->hgetall('pipe:none');
$pipe->set($moved, 'after');
rcp_move_slot(RedisClusterPool::keySlot($moved), $to);   // our map still points at $from
$r = $pipe->execute();
$bad = 0;
for ($i = 0; $i < 490; $i++) if ((string) $r[$i] !== 'OK' || $r[491 + $i] !== "v$i") $bad++;
echo count($r), " replies, $bad out of order or wrong\n";
var_dump($r[490], $r[981], get_class($r[982]), $r[983], (string) $r[984]);
echo "MOVED seen: ", rcp_pool()->stats()['cluster']['moved'] >= 1 ? 'yes' : 'no', "\n";

// exceptions on: thrown after completion, so the command after the error was applied
$p2 = rcp_pool();
try {
    $p2->pipeline(function ($p) { $p->set('pipe:e1', 'x'); $p->lpush('pipe:e1', 'y'); $p->set('pipe:e2', 'applied'); });
} catch (RedisClusterPool\ServerException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($p2->get('pipe:e2'));
try { $p2->pipeline()->subscribe('c')->execute(); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $p2->pipeline()->nosuch('c')->execute(); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
var_dump($p2->pipeline()->execute());
rcp_move_slot(RedisClusterPool::keySlot($moved), $from);
for ($i = 0; $i < 490; $i++) $p2->del("pipe:$i");
$p2->del($moved, 'pipe:e1', 'pipe:e2');
?>
--EXPECT--
985 replies, 0 out of order or wrong
string(6) "before"
array(3) {
  [0]=>
  string(2) "v1"
  [1]=>
  string(2) "v2"
  [2]=>
  string(2) "v3"
}
string(22) "RedisClusterPool\Error"
array(0) {
}
string(2) "OK"
MOVED seen: yes
RedisClusterPool\ServerException: WRONGTYPE Operation against a key holding the wrong kind of value
string(7) "applied"
SUBSCRIBE cannot run on the pool's shared connections: a subscription needs a connection of its own; use RedisClusterPool::pubSubLoop() (through the Predis adapter: Predis\Client::pubSubLoop())
Unknown command 'nosuch'
array(0) {
}
