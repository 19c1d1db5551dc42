--TEST--
WAIT and WAITAOF (gh21 item 9): in a pipeline right after a write they go to that write's node in the same flight (also when the write was redirected, and in rawPipeline); in a transaction they are sent after EXEC and wait for it; anywhere else (on their own, first, after only reads, after a write split over slots) an InvalidArgumentException says where they can be used, and nothing is sent
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
$quiet = rcp_pool(['exceptions' => false]);   // WAITAOF on Redis 7.0 answers an error: kept in place
[$p0, $p1, $p2] = rcp_primaries();
$k0 = rcp_key_on($p0, 'wait');
$k1 = rcp_key_on($p1, 'wait');
$n0 = "{{$k0}}n";                                 // same slot as $k0
$t = "{{$k1}}";
rcp_raw($p0)->cmd('DEL', $n0);
rcp_raw($p1)->cmd('DEL', "$t:n");
$waits = function (string $node): int {
    preg_match('/cmdstat_wait:calls=(\d+)/', rcp_raw($node)->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
};
$counts = fn() => array_map($waits, [$p0, $p1, $p2]);
// WAITAOF exists from Redis 7.2 (Valkey 8 too); without AOF, WAITAOF 0 0 0 answers [0, 0] at once
$info = rcp_raw($p0)->cmd('INFO', 'server');
preg_match('/redis_version:(\d+)\.(\d+)/', $info, $v);
$hasWaitaof = !str_contains($info, 'valkey_version:7') && ((int) $v[1] > 7 || ((int) $v[1] === 7 && (int) $v[2] >= 2));
$waitaof = fn($r) => $hasWaitaof ? ($r === [0, 0] ? 'answered [0,0]' : 'unexpected: ' . json_encode($r))
    : ($r instanceof RedisClusterPool\Error && str_contains($r->getMessage(), 'unknown command') ? 'answered [0,0]'
        : 'unexpected: ' . json_encode($r));

echo "-- pipeline: a write on node 0, a write on node 1, WAIT:\n";
$c0 = $counts();
$r = $pool->pipeline(fn($p) => $p->set($k0, 'a')->set($k1, 'b')->wait(1, 2000));
echo "replies: ", (string) $r[0], ", ", (string) $r[1], ", WAIT: ", $r[2], "\n";
echo "WAIT received by the nodes: ", json_encode(array_map(fn($a, $b) => $a - $b, $counts(), $c0)), "\n";
echo "-- after a read that follows the write, WAITAOF too:\n";
$c0 = $counts();
$r = $quiet->pipeline(fn($p) => $p->incr($n0)->get($k1)->wait(1, 2000)->waitaof(0, 0, 0));
echo "replies: ", $r[0], ", ", $r[1], ", WAIT: ", $r[2], ", WAITAOF: ", $waitaof($r[3]), "\n";
echo "WAIT received by the nodes: ", json_encode(array_map(fn($a, $b) => $a - $b, $counts(), $c0)), "\n";
echo "-- rawPipeline:\n";
$r = $pool->rawPipeline([['SET', $k1, 'c'], ['WAIT', '1', '2000']]);
echo "replies: ", (string) $r[0], ", WAIT: ", $r[1], "\n";

echo "-- the write redirected (its slot moved behind the pool's back): WAIT follows it\n";
$slot = RedisClusterPool::keySlot($k0);
rcp_move_slot($slot, $p2);
$c0 = $counts();
$r = $pool->pipeline(fn($p) => $p->set($k0, 'moved')->wait(1, 2000));
echo "replies: ", (string) $r[0], ", WAIT: ", $r[1], ", value on the new owner: ", rcp_raw($p2)->cmd('GET', $k0), "\n";
echo "WAIT received by the nodes: ", json_encode(array_map(fn($a, $b) => $a - $b, $counts(), $c0)), "\n";
rcp_move_slot($slot, $p0);

echo "-- transaction: WAIT and WAITAOF sent after EXEC, in their places in the replies:\n";
$c0 = $counts();
$r = $quiet->transaction(fn($tx) => $tx->set("$t:a", 'x')->wait(1, 2000)->incr("$t:n")->waitaof(0, 0, 0));
echo "replies: ", (string) $r[0], ", WAIT: ", $r[1], ", ", $r[2], ", WAITAOF: ", $waitaof($r[3]), "\n";
echo "WAIT received by the nodes: ", json_encode(array_map(fn($a, $b) => $a - $b, $counts(), $c0)), "\n";
$pool->multi();
$pool->incr("$t:n");
$pool->wait(1, 2000);
echo "raw multi/exec: ", json_encode($pool->exec()), "\n";

echo "-- refused:\n";
$x = rcp_key_on($p2, 'wait-refused');
$refused = [
    'on its own' => fn() => $pool->wait(1, 0),
    'executeRaw' => fn() => $pool->executeRaw(['WAITAOF', '0', '1', '0']),
    'first in a pipeline' => fn() => $pool->pipeline(fn($p) => $p->wait(1, 0)->set($x, 'no')),
    'after only reads' => fn() => $pool->pipeline(fn($p) => $p->get($k0)->wait(1, 0)->set($x, 'no')),
    'after a split MSET' => fn() => $pool->pipeline(fn($p) => $p->mset([$k0 => '1', $x => 'no'])->wait(1, 0)),
    'rawPipeline, after a read' => fn() => $pool->rawPipeline([['GET', $k0], ['WAIT', '1', '0'], ['SET', $x, 'no']]),
    'first in a transaction' => fn() => $pool->transaction(fn($tx) => $tx->wait(1, 0)->set($x, 'no')),
    'raw multi, after a read' => function () use ($pool, $x) {
        $pool->multi();
        $pool->get($x);
        $pool->wait(1, 0);
        $pool->set($x, 'no');
        return $pool->exec();
    },
];
foreach ($refused as $what => $f) {
    try {
        $f();
        echo "$what: not refused\n";
    } catch (RedisClusterPool\InvalidArgumentException $e) {
        echo "$what: ", get_class($e), ': ', preg_replace('/^.* here it is /', '... here it is ', $e->getMessage()), "\n";
    }
}
echo "nothing was sent: ", json_encode(rcp_raw($p2)->cmd('GET', $x)), "\n";
try {
    $pool->wait(1, 0);
} catch (RedisClusterPool\InvalidArgumentException $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
-- pipeline: a write on node 0, a write on node 1, WAIT:
replies: OK, OK, WAIT: 1
WAIT received by the nodes: [0,1,0]
-- after a read that follows the write, WAITAOF too:
replies: 1, b, WAIT: 1, WAITAOF: answered [0,0]
WAIT received by the nodes: [1,0,0]
-- rawPipeline:
replies: OK, WAIT: 1
-- the write redirected (its slot moved behind the pool's back): WAIT follows it
replies: OK, WAIT: 1, value on the new owner: moved
WAIT received by the nodes: [1,0,1]
-- transaction: WAIT and WAITAOF sent after EXEC, in their places in the replies:
replies: OK, WAIT: 1, 1, WAITAOF: answered [0,0]
WAIT received by the nodes: [0,1,0]
raw multi/exec: [2,1]
-- refused:
on its own: RedisClusterPool\InvalidArgumentException: ... here it is on its own: its pooled connection is shared, so it would wait for whatever was last written on it
executeRaw: RedisClusterPool\InvalidArgumentException: ... here it is on its own: its pooled connection is shared, so it would wait for whatever was last written on it
first in a pipeline: RedisClusterPool\InvalidArgumentException: ... here it is first in the pipeline
after only reads: RedisClusterPool\InvalidArgumentException: ... here it is after no write in the pipeline
after a split MSET: RedisClusterPool\InvalidArgumentException: ... here it is after a write that cannot travel in a batch (its keys span slots, or its slot is not served)
rawPipeline, after a read: RedisClusterPool\InvalidArgumentException: ... here it is after no write in the pipeline
first in a transaction: RedisClusterPool\InvalidArgumentException: ... here it is first in the transaction
raw multi, after a read: RedisClusterPool\InvalidArgumentException: ... here it is after no write in the transaction
nothing was sent: null
WAIT waits for the replication of the writes sent before it on its connection, so it can only follow a write: in a pipeline or a transaction, after a command with keys that is not read-only (it then goes to that write's node in the same flight; in a transaction, after EXEC); here it is on its own: its pooled connection is shared, so it would wait for whatever was last written on it
