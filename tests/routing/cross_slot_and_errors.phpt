--TEST--
Errors: cross-slot multi-key calls throw ClusterException naming the command and slots (nothing is sent); error replies become ServerException with getErrorType(); bad arguments are typed errors
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$pool->del('xs:{a}');
foreach ([
    fn() => $pool->msetnx(['xs:a' => 1, 'xs:b' => 2]),
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
--EXPECTF--
RedisClusterPool\ClusterException: MSETNX: keys hash to different slots (%d, %d); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
RedisClusterPool\ClusterException: RENAME: keys hash to different slots (%d, %d); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
RedisClusterPool\ClusterException: SMOVE: keys hash to different slots (%d, %d); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
RedisClusterPool\ClusterException: EVAL: keys hash to different slots (%d, %d); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
int(0)
int(0)
RedisClusterPool\ServerException: WRONGTYPE Operation against a key holding the wrong kind of value
WRONGTYPE node ok
bool(true)
ERR
Unknown command 'nosuchcommand'
get: argument 1 must be a string or a number, array given
set: argument 2 must be a string or a number, stdClass given
EVAL: %s
SUBSCRIBE cannot run on the pool's shared connections: a subscription needs a connection of its own; use RedisClusterPool::pubSubLoop() (through the Predis adapter: Predis\Client::pubSubLoop())
executeRaw() needs the command name as its first element, an empty array was given
executeRaw(): the first element must be the command name (a non-empty string)
string(65) "WRONGTYPE Operation against a key holding the wrong kind of value"
bool(true)
string(2) "OK"
bool(false)
string(1) "y"
