--TEST--
Keyless commands: PING/ECHO/TIME go to one node; DBSIZE (sum), KEYS (concatenated), SCRIPT LOAD/EXISTS/FLUSH and FLUSHALL go to every primary with the documented merge
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
var_dump((string) $pool->flushall());
for ($i = 0; $i < 300; $i++) $pool->set("fan:$i", $i);
var_dump($pool->dbsize());
$direct = 0;
foreach (rcp_primaries() as $n) $direct += (new RcpRaw($n))->cmd('DBSIZE');
var_dump($direct);
$keys = $pool->keys('fan:*');
sort($keys, SORT_NATURAL);
var_dump(count($keys), $keys[0], $keys[299]);
var_dump($pool->echo('hi'), count($pool->time()));
$sha = $pool->script('LOAD', 'return 7');
var_dump($sha === sha1('return 7'));
foreach (rcp_primaries() as $n) var_dump((new RcpRaw($n))->cmd('SCRIPT', 'EXISTS', $sha));
var_dump($pool->evalsha($sha, 0));
var_dump($pool->script('EXISTS', $sha, str_repeat('0', 40)));
var_dump((string) $pool->script('FLUSH'));
var_dump($pool->script('EXISTS', $sha));
var_dump((string) $pool->flushall(), $pool->dbsize());
?>
--EXPECT--
string(2) "OK"
int(300)
int(300)
int(300)
string(5) "fan:0"
string(7) "fan:299"
string(2) "hi"
int(2)
bool(true)
array(1) {
  [0]=>
  int(1)
}
array(1) {
  [0]=>
  int(1)
}
array(1) {
  [0]=>
  int(1)
}
int(7)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(0)
}
string(2) "OK"
array(1) {
  [0]=>
  int(0)
}
string(2) "OK"
int(0)
