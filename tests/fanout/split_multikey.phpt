--TEST--
Fan-out: MGET/MSET/DEL/EXISTS/UNLINK/TOUCH whose keys span slots are split per slot, sent to all nodes at once, and reassembled in the caller's order (duplicates, missing keys, binary keys, 10,000 keys)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$keys = [];
for ($i = 0; $i < 10000; $i++) $keys[] = "split:$i" . ($i % 97 == 0 ? "\0\xff" : '');
$kv = [];
foreach ($keys as $i => $k) $kv[$k] = "v$i";
var_dump((string) $pool->mset($kv));
// every key landed on its owner
$owners = [];
foreach (array_slice($keys, 0, 300) as $k) $owners[$pool->nodeForKey($k)][] = $k;
$bad = 0;
foreach ($owners as $node => $ks) { $r = new RcpRaw($node); foreach ($ks as $k) if ($r->cmd('GET', $k) !== $kv[$k]) $bad++; }
echo "nodes: ", count($owners), ", misplaced: $bad\n";

$ask = array_merge(['missing:a'], $keys, ['split:5', 'missing:b', 'split:5']);
$got = $pool->mget($ask);
$wrong = 0;
foreach ($ask as $j => $k) if ($got[$j] !== ($kv[$k] ?? null)) $wrong++;
echo count($got), " values, $wrong wrong\n";
var_dump($pool->mget('split:1', 'split:2', 'split:1'));
var_dump($pool->exists(...array_merge(array_slice($keys, 0, 50), ['missing:x', 'split:0'])));  // keys[0] is 'split:0\0\xff': 'split:0' is missing
var_dump($pool->touch(array_slice($keys, 0, 20)));
var_dump($pool->unlink(array_slice($keys, 0, 5000)));
var_dump($pool->del(array_merge($keys, ['missing:y'])));
var_dump($pool->mget(['split:1', 'split:9999']));
try { $pool->mget([]); } catch (RedisClusterPool\Exception $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
?>
--EXPECTF--
string(2) "OK"
nodes: 3, misplaced: 0
10004 values, 0 wrong
array(3) {
  [0]=>
  string(2) "v1"
  [1]=>
  string(2) "v2"
  [2]=>
  string(2) "v1"
}
int(50)
int(20)
int(5000)
int(5000)
array(2) {
  [0]=>
  NULL
  [1]=>
  NULL
}
RedisClusterPool\InvalidArgumentException: MGET: wrong number of arguments (0 given, at least 1 expected)
