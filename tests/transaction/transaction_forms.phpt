--TEST--
Transactions: Predis' forms (callback, fluent, options + callback), check-and-set with WATCH and retry, the raw MULTI/EXEC/DISCARD/WATCH on the pool, replies in Predis' shapes, error replies in place or thrown after EXEC, keys of several slots and bad options refused before anything is sent
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$other = rcp_pool(['persistent' => false]);   // another client, on its own connections
$pool->del('{tx}a', '{tx}b', '{tx}h', '{tx}c');
function show($v) { echo json_encode($v instanceof RedisClusterPool\Status ? "+$v" : (is_array($v) ? array_map(fn($x) => $x instanceof RedisClusterPool\Status ? "+$x" : ($x instanceof RedisClusterPool\Error ? "-" . $x->getMessage() : $x), $v) : $v)), "\n"; }
function err(callable $f) { try { $r = $f(); echo "no exception: "; show($r); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; } }

echo "-- forms\n";
show($pool->transaction(fn($tx) => $tx->set('{tx}a', 1)->incr('{tx}b')->hset('{tx}h', 'f', 'v')->hgetall('{tx}h')->get('{tx}a')));
show($pool->transaction()->incrby('{tx}a', 5)->get('{tx}a')->execute());
show($pool->transaction(['exceptions' => true])->exec());                  // nothing queued: null
show($pool->transaction(function ($tx) { $tx->set('{tx}a', 'no'); $tx->discard(); }));   // discarded: null
show($pool->get('{tx}a'));
show($pool->transaction(fn($tx) => $tx->ping()->echo('hi')));               // keyless commands: one node

echo "-- check-and-set\n";
$r = $pool->transaction(['watch' => '{tx}a', 'cas' => true, 'retry' => 3], function ($tx) {
    $v = $tx->get('{tx}a');          // runs now
    $tx->multi();
    $tx->set('{tx}a', $v * 10);      // queued
});
show($r); show($pool->get('{tx}a'));
$attempts = 0;
$r = $pool->transaction(['watch' => ['{tx}a', '{tx}b'], 'retry' => 2], function ($tx) use (&$attempts, $other) {
    if (++$attempts === 1) $other->set('{tx}b', 'meanwhile');   // a WATCHed key changes: attempt 1 aborted
    $tx->set('{tx}a', "attempt$attempts");
});
echo "attempts: $attempts "; show($r); show($pool->get('{tx}a'));
err(fn() => $pool->transaction(['watch' => '{tx}a'], function ($tx) use ($other) {
    $other->set('{tx}a', 'changed');
    $tx->set('{tx}a', 'mine');
}));
show($pool->get('{tx}a'));
$tx = $pool->transaction(['cas' => true]);
show($tx->watch('{tx}a', ['{tx}b']));
$v = $tx->get('{tx}a');
show($tx->multi()->set('{tx}a', "$v!")->execute());
show($pool->get('{tx}a'));
// an exception thrown by the block: nothing is sent, the WATCH is released
err(fn() => $pool->transaction(['watch' => '{tx}a'], function ($tx) { $tx->set('{tx}a', 'never'); throw new LogicException('block failed'); }));
show($pool->get('{tx}a'));

echo "-- raw MULTI/EXEC on the pool\n";
show($pool->watch('{tx}c'));
show($pool->multi());
show($pool->set('{tx}c', 'raw'));
show($pool->incr('{tx}b2'));
show($pool->exec());
show($pool->get('{tx}c'));
$pool->watch('{tx}c'); $other->set('{tx}c', 'changed'); $pool->multi(); $pool->set('{tx}c', 'lost');
show($pool->exec());                                                         // WATCH abort: null, like EXEC
show($pool->get('{tx}c'));
$pool->multi(); $pool->set('{tx}c', 'dropped'); show($pool->discard()); show($pool->get('{tx}c'));
show($pool->unwatch());
err(fn() => $pool->exec());
err(fn() => $pool->discard());
$pool->multi();
err(fn() => $pool->multi());
err(fn() => $pool->watch('{tx}c'));
$pool->discard();

echo "-- errors\n";
$pool->set('{tx}s', 'string');
err(fn() => $pool->transaction(fn($tx) => $tx->set('{tx}a', 'x')->lpush('{tx}s', 'v')->get('{tx}a')));   // runtime error: thrown after EXEC...
show($pool->get('{tx}a'));                                                                                  // ...which ran the rest
show($pool->transaction(['exceptions' => false], fn($tx) => $tx->lpush('{tx}s', 'v')->get('{tx}s')));      // in place
err(fn() => $pool->transaction(fn($tx) => $tx->set('{tx}a', 'y')->executeRaw(['GET'])));                   // refused at queue time: nothing ran
err(fn() => $pool->transaction(fn($tx) => $tx->set('{tx}a', 'y')->set('{tx}a')));
show($pool->get('{tx}a'));
err(fn() => $pool->transaction(fn($tx) => $tx->set('{tx}a', 1)->set('{other}a', 2)));
err(fn() => $pool->transaction(['watch' => '{other}a'], fn($tx) => $tx->set('{tx}a', 1)));
err(fn() => $pool->transaction(fn($tx) => $tx->flushall()));
err(fn() => $pool->transaction(fn($tx) => $tx->subscribe('ch')));
err(fn() => $pool->transaction(['retry' => 1]));
err(fn() => $pool->transaction(['watch' => 5], fn($tx) => 1));
err(fn() => $pool->transaction(['bogus' => 1], fn($tx) => 1));
err(fn() => $pool->transaction(['retry' => -1], fn($tx) => 1));
err(fn() => $pool->transaction('not a callable'));
err(fn() => $pool->transaction()->set('{tx}a', 1)->execute(fn($tx) => 1));
err(fn() => $pool->transaction(fn($tx) => $tx->watch('{tx}a')));
err(fn() => new RedisClusterPool\Transaction());
show($pool->get('{tx}a'));
$pool->del('{tx}a', '{tx}b', '{tx}h', '{tx}c', '{tx}b2', '{tx}s');
echo "done\n";
?>
--EXPECT--
-- forms
["+OK",1,1,{"f":"v"},"1"]
[6,"6"]
null
null
"6"
["+PONG","hi"]
-- check-and-set
["+OK"]
"60"
attempts: 2 ["+OK"]
"attempt2"
RedisClusterPool\AbortedMultiExecException: The transaction was aborted by the server and nothing of it ran: a WATCHed key was modified
"changed"
"+OK"
["+OK"]
"changed!"
LogicException: block failed
"changed!"
-- raw MULTI/EXEC on the pool
"+OK"
"+OK"
"+QUEUED"
"+QUEUED"
["+OK",1]
"raw"
null
"changed"
"+OK"
"changed"
"+OK"
RedisClusterPool\InvalidArgumentException: EXEC without MULTI
RedisClusterPool\InvalidArgumentException: DISCARD without MULTI
RedisClusterPool\InvalidArgumentException: MULTI calls can not be nested: EXEC or DISCARD the open one first
RedisClusterPool\InvalidArgumentException: WATCH inside MULTI is not allowed
-- errors
RedisClusterPool\ServerException: WRONGTYPE Operation against a key holding the wrong kind of value
"x"
["-WRONGTYPE Operation against a key holding the wrong kind of value","string"]
RedisClusterPool\InvalidArgumentException: Unknown command 'executeRaw'
RedisClusterPool\InvalidArgumentException: SET: wrong number of arguments (1 given, at least 2 expected)
"x"
RedisClusterPool\ClusterException: SET: a transaction runs on one node, so all its keys must hash to one slot; this key hashes to slot 11361, earlier keys of the transaction to slot 15106 (use a {hash tag})
RedisClusterPool\ClusterException: SET: a transaction runs on one node, so all its keys must hash to one slot; this key hashes to slot 15106, earlier keys of the transaction to slot 11361 (use a {hash tag})
RedisClusterPool\InvalidArgumentException: FLUSHALL cannot be part of a transaction: it runs on every primary, a transaction on one node
RedisClusterPool\InvalidArgumentException: SUBSCRIBE cannot run on the pool's shared connections: a subscription needs a connection of its own; use RedisClusterPool::pubSubLoop() (through the Predis adapter: Predis\Client::pubSubLoop())
RedisClusterPool\InvalidArgumentException: transaction(): automatic retries (option "retry") need a callback that can be run again
RedisClusterPool\InvalidArgumentException: transaction(): option "watch" must be a key or a non-empty array of keys, int given
RedisClusterPool\InvalidArgumentException: transaction(): unknown option #1 (an unknown name is not repeated: it could be a misplaced secret); known: watch, cas, retry, exceptions
RedisClusterPool\InvalidArgumentException: transaction(): option "retry" must be an int >= 0
TypeError: RedisClusterPool::transaction(): Argument #1 ($optionsOrCallback) must be an array of options, a valid callback or null, string given: function "not a callable" not found or invalid function name
RedisClusterPool\InvalidArgumentException: transaction: a callback cannot be given once commands are queued
RedisClusterPool\InvalidArgumentException: WATCH after MULTI is not allowed: WATCH before queuing commands (option "watch", or "cas" => true and watch() before multi())
Error: Call to private RedisClusterPool\Transaction::__construct() from global scope
"x"
done
