<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$pool->del('xs:{a}');
foreach ([
    fn() => $pool->mset(['xs:a' => 1, 'xs:b' => 2]),
    fn() => $pool->rename('xs:a', 'xs:b'),
    fn() => $pool->smove('xs:a', 'xs:b', 'm'),
    fn() => $pool->eval('return 1', 2, 'xs:a', 'xs:b'),
] as $f) {
    try { $f(); echo "no exception\n"; }
    catch (RedisClusterPool\ClusterException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
var_dump($pool->exists('xs:a'), $pool->exists('xs:b'));   // nothing was written

$pool->set('xs:{a}', 'str');
try { $pool->lpush('xs:{a}', 'x'); }
catch (RedisClusterPool\ServerException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
    echo $e->getErrorType(), ' ', $e->getNode() === $pool->nodeForKey('xs:{a}') ? 'node ok' : 'node wrong', "\n";
    var_dump($e instanceof RedisClusterPool\Exception);
}
try { $pool->incr('xs:{a}'); } catch (RedisClusterPool\ServerException $e) { echo $e->getErrorType(), "\n"; }
try { $pool->nosuchcommand('x'); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->get(['a' => ['nested']]); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->set('k', new stdClass); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->eval('return 1', 5, 'a'); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->subscribe('chan'); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->executeRaw([]); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
try { $pool->executeRaw([1]); } catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
var_dump($pool->executeRaw(['LPUSH', 'xs:{a}', 'x'], $err), $err);
var_dump($pool->executeRaw(['SET', 'xs:{a}', 'y'], $err), $err);
var_dump($pool->executeRaw(['GET', 'xs:{a}']));
$pool->del('xs:{a}');
?>
