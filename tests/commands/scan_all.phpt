--TEST--
scanAll(): SCAN over every primary with its own cursor (MATCH, COUNT, TYPE), keys without the "prefix" option (glob characters in the prefix escaped), rewind; a bare SCAN through the pool is refused with a pointer to scanAll()
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$want = [];
for ($i = 0; $i < 3000; $i++) $want["scanall:$i"] = "v";
foreach (array_chunk($want, 500, true) as $chunk) $pool->mset($chunk);
for ($i = 0; $i < 30; $i++) $pool->hset("scanall:h$i", 'f', 'v');
$pool->set('sc*an:1', 'x');
$pool->set('scXan:1', 'x');

function calls(): array {
    $r = [];
    foreach (rcp_primaries() as $p) {
        $info = (new RcpRaw($p))->cmd('INFO', 'commandstats');
        $r[$p] = preg_match('/cmdstat_scan:calls=(\d+)/', $info, $m) ? (int) $m[1] : 0;
    }
    return $r;
}
$before = calls();
$seen = [];
$positions = [];
foreach ($pool->scanAll('scanall:*', 200) as $pos => $key) { $seen[] = $key; $positions[] = $pos; }
$after = calls();
$uniq = array_unique($seen);
echo "keys: ", count($uniq), ", all found: ", var_export(count(array_intersect_key(array_flip($uniq), $want)) === 3000, true),
    ", positions 0..n-1: ", var_export($positions === range(0, count($seen) - 1), true), "\n";
$every = true;
foreach ($after as $p => $n) $every = $every && $n > $before[$p];
echo "every primary scanned: ", var_export($every, true), "\n";

$hashes = iterator_to_array($pool->scanAll('scanall:*', 500, 'hash'), false);
sort($hashes, SORT_NATURAL);
echo "TYPE hash: ", count($hashes), " ", $hashes[0], "..", end($hashes), "\n";

// rewind starts again; manual use of the Iterator methods
$it = $pool->scanAll('scanall:h1*');
$a = iterator_to_array($it, false);
$b = iterator_to_array($it, false);
sort($a); sort($b);
echo "rewind: ", var_export($a === $b && count($a) === 11, true), "\n";
$it = $pool->scanAll('scanall:h2*');
$n = 0;
for ($it->rewind(); $it->valid(); $it->next()) { $n++; $k = $it->key(); }
echo "manual: $n, last key() $k, after the end: ", var_export([$it->valid(), $it->current(), $it->key()], true), "\n";
echo "nothing matches: ", count(iterator_to_array($pool->scanAll('no-such-key-*'))), "\n";

// prefix: the caller sees its own names, and glob characters in the prefix are literal
$pre = rcp_pool(['prefix' => 'scanall:']);
$mine = iterator_to_array($pre->scanAll('h*', 100), false);
sort($mine, SORT_NATURAL);
echo "prefixed: ", count($mine), " ", $mine[0], "\n";
$star = rcp_pool(['prefix' => 'sc*an:']);
echo "glob in prefix: ", json_encode(iterator_to_array($star->scanAll(), false)), "\n";

foreach ([fn() => $pool->scan(0), fn() => $pool->pipeline(fn($p) => $p->scan(0)), fn() => $pool->scanAll(null, -1),
          fn() => $pool->scanAll(null, 0, '')] as $f) {
    try { $f(); echo "no exception\n"; } catch (RedisClusterPool\Exception $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
try { new RedisClusterPool\KeyspaceIterator(); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
$pool->del(array_keys($want));
?>
--EXPECT--
keys: 3030, all found: true, positions 0..n-1: true
every primary scanned: true
TYPE hash: 30 scanall:h0..scanall:h29
rewind: true
manual: 11, last key() 10, after the end: array (
  0 => false,
  1 => NULL,
  2 => NULL,
)
nothing matches: 0
prefixed: 30 h0
glob in prefix: ["1"]
RedisClusterPool\InvalidArgumentException: SCAN cannot be sent to a cluster as one command: every node has its own cursor; use RedisClusterPool::scanAll() to walk the keys of every primary
RedisClusterPool\InvalidArgumentException: SCAN cannot be sent to a cluster as one command: every node has its own cursor; use RedisClusterPool::scanAll() to walk the keys of every primary
RedisClusterPool\InvalidArgumentException: scanAll(): $count must be 0 (the server's default) or a positive COUNT hint, -1 given
RedisClusterPool\InvalidArgumentException: scanAll(): $type must be a Redis type name (string, list, set, zset, hash, stream) or null, "" given
Error: Call to private RedisClusterPool\KeyspaceIterator::__construct() from global scope
