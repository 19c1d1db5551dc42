--TEST--
Options: "prefix" is applied to every key argument (incl. movable keys) and nothing else; "exceptions" => false returns Error objects; OK/PONG are shared Status objects, other status replies strings (as Predis v3)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$p = rcp_pool(['prefix' => 'app1:']);
$plain = rcp_pool();
$p->set('{u}:a', 'v1');
var_dump($plain->get('app1:{u}:a'), $plain->get('{u}:a'));
$p->mset(['{u}:b' => 'x', '{u}:c' => 'y']);                       // keys prefixed, values not
var_dump($plain->mget(['app1:{u}:b', 'app1:{u}:c']));
var_dump($p->eval("return {KEYS[1], ARGV[1]}", 1, '{u}:a', '{u}:a'));   // keys prefixed, args not
$p->zadd('{u}:z1', ['m' => 1]);
$p->zunionstore('{u}:z2', ['{u}:z1']);                             // movable keys (numkeys)
var_dump($plain->zrange('app1:{u}:z2', 0, -1));
var_dump($p->exists('{u}:a', '{u}:b', '{u}:zz'));
$p->del('{u}:a', '{u}:b', '{u}:c', '{u}:z1', '{u}:z2');

$q = rcp_pool(['exceptions' => false]);
$q->set('ex:{e}', 'str');
$e = $q->lpush('ex:{e}', 'x');
var_dump(get_class($e), $e->getErrorType(), $e->getMessage() === (string) $e);
$q->del('ex:{e}');

$ok1 = $plain->set('st:{s}', 1);
$ok2 = $plain->set('st:{s}', 2);
var_dump($ok1 === $ok2, $ok1 === RedisClusterPool\Status::get('OK'), (string) $ok1, $ok1->getPayload());
var_dump($plain->ping() === RedisClusterPool\Status::get('PONG'));
var_dump($plain->type('st:{s}'));
var_dump(new RedisClusterPool\Status('x') == RedisClusterPool\Status::get('x'));
$plain->del('st:{s}');
?>
--EXPECTF--
string(2) "v1"
NULL
array(2) {
  [0]=>
  string(1) "x"
  [1]=>
  string(1) "y"
}
array(2) {
  [0]=>
  string(10) "app1:{u}:a"
  [1]=>
  string(5) "{u}:a"
}
array(1) {
  [0]=>
  string(1) "m"
}
int(2)
string(22) "RedisClusterPool\Error"
string(9) "WRONGTYPE"
bool(true)
bool(true)
bool(true)
string(2) "OK"
string(2) "OK"
bool(true)
string(6) "string"
bool(true)
