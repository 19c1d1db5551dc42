--TEST--
One call, one pass (issue 14): a method name resolves the same in any case and through more distinct names than the per-process resolution cache has slots (collisions answered right); commands are encoded into each connection's reusable buffer, so a value over the buffer's keep size (64 KiB) followed by small commands on the same connections, in single commands, split MGET/MSET and pipelines, comes back byte for byte; an unknown command is still refused by name
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
// the same command under different cases: one resolution each, the same result
$pool->set('cp:{a}1', 'v1');
var_dump($pool->get('cp:{a}1'), $pool->GET('cp:{a}1'), $pool->gEt('cp:{a}1'));
// many distinct method names (more than the cache's 256 slots once cases are counted): each resolves to its own
// command, never to another name that shares its slot
$names = ['get', 'strlen', 'exists', 'type', 'ttl', 'pttl', 'getrange', 'getex', 'substr'];
$ok = true;
for ($round = 0; $round < 30; $round++) {
    foreach ($names as $n) {
        $m = '';
        for ($i = 0; $i < strlen($n); $i++) $m .= ($round >> ($i % 5)) & 1 ? strtoupper($n[$i]) : $n[$i];
        $args = $n === 'getrange' || $n === 'substr' ? ['cp:{a}1', 0, -1] : ['cp:{a}1'];
        $r = $pool->$m(...$args);
        $want = match ($n) {
            'get', 'getrange', 'getex', 'substr' => 'v1', 'strlen' => 2, 'exists' => 1, 'type' => 'string',
            'ttl', 'pttl' => -1,
        };
        if (is_object($r) ? (string) $r !== $want : $r !== $want) {
            echo "$m: ", var_export($r, true), "\n";
            $ok = false;
        }
    }
}
var_dump($ok);
$ok = true;
foreach (['llen', 'scard', 'hlen', 'zcard', 'xlen'] as $n) {
    try {
        $pool->$n('cp:{a}1');
        echo "$n: no exception\n";
    } catch (RedisClusterPool\ServerException $e) {
        $ok = $ok && str_starts_with($e->getMessage(), 'WRONGTYPE');
    }
}
var_dump($ok);
// big values (past the connection buffer's keep size) then small commands, on every primary
$big = [];
for ($i = 0; $i < 6; $i++) {
    $big["cp:big:$i"] = str_repeat(chr(65 + $i), 70000 + $i * 40000);
}
foreach ($big as $k => $v) $pool->set($k, $v);
$ok = true;
foreach ($big as $k => $v) $ok = $ok && $pool->get($k) === $v;
var_dump($ok);
var_dump($pool->get('cp:{a}1'));
$pool->mset($big + ['cp:small' => 's']);                                   // split by slot, big and small parts
var_dump($pool->mget(array_merge(array_keys($big), ['cp:small'])) === array_merge(array_values($big), ['s']));
$r = $pool->pipeline(function ($p) use ($big) {
    foreach ($big as $k => $v) { $p->set($k, strrev($v)); $p->get($k); $p->strlen($k); }
});
$ok = true;
$i = 0;
foreach ($big as $k => $v) {
    $ok = $ok && $r[$i + 1] === strrev($v) && $r[$i + 2] === strlen($v);
    $i += 3;
}
var_dump($ok, $pool->get('cp:small'));
try {
    $pool->nosuchcommandxyz('a');
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$pool->del('cp:{a}1', 'cp:small', ...array_keys($big));
?>
--EXPECT--
string(2) "v1"
string(2) "v1"
string(2) "v1"
bool(true)
bool(true)
bool(true)
string(2) "v1"
bool(true)
bool(true)
string(1) "s"
RedisClusterPool\InvalidArgumentException: Unknown command 'nosuchcommandxyz'
