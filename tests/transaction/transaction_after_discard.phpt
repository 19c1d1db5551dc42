--TEST--
Transactions: a command queued after discard() starts the transaction anew (as Predis' MultiExec sends MULTI again), so execute() runs it instead of dropping it; discard() as the block's last call still gives null and sends nothing
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool(['prefix' => 'txd:' . getmypid() . ':']);
$pool->del('{d}a', '{d}b');
function replies(?array $r): string
{
    return json_encode($r === null ? null : array_map(fn($v) => is_object($v) ? (string) $v : $v, $r));
}
// found by tools/api_fuzz.php: the SET after discard() was dropped silently
echo replies($pool->transaction(function ($tx) {
    $tx->set('{d}a', 'dropped');
    $tx->discard();
    $tx->set('{d}b', 'after');
    $tx->incr('{d}n');
})), "\n";
var_dump($pool->get('{d}a'), $pool->get('{d}b'));
// fluent, and check-and-set: after discard() the next command is queued (not run at once)
$tx = $pool->transaction(['cas' => true]);
$tx->watch('{d}b');
var_dump($tx->get('{d}b'));                    // check-and-set: runs now
$tx->discard();
var_dump($tx->set('{d}b', 'cas-after') === $tx); // queued: returns the transaction
echo replies($tx->execute()), "\n";
var_dump($pool->get('{d}b'));
// discard() last: nothing sent
echo replies($pool->transaction(function ($tx) { $tx->set('{d}a', 'x'); $tx->discard(); })), "\n";
var_dump($pool->get('{d}a'));
// a refused command after discard() is refused at execute(), nothing sent
try {
    $pool->transaction(function ($tx) { $tx->discard(); $tx->set('{d}a', 'y'); $tx->get(); });
} catch (RedisClusterPool\InvalidArgumentException $e) {
    echo $e->getMessage(), "\n";
}
var_dump($pool->get('{d}a'));
$pool->del('{d}a', '{d}b', '{d}n');
?>
--EXPECT--
["OK",1]
NULL
string(5) "after"
string(5) "after"
bool(true)
["OK"]
string(9) "cas-after"
null
NULL
GET: wrong number of arguments (0 given, exactly 1 expected)
NULL
