--TEST--
Predis adapter: Predis pipelines (plain, fire-and-forget) give the same replies as Predis' own cluster for single-slot commands and also run cross-slot MGET/MSET/DEL; error replies follow the exceptions option; MULTI/EXEC on one slot (plain and CAS with WATCH, aborted when the watched key changes) works as with Predis' own cluster and leaves the pooled sockets clean; after a slot moves, the next transaction goes to the new owner
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
rcp_flush_cluster();
$c = rcp_adapter_client();
$p = rcp_predis_cluster_client();
$p->getConnection()->askSlotMap();   // Predis' own cluster guesses nodes until it has the map (MOVED in pipelines)
$raw = rcp_pool();

echo "-- pipeline: same replies as Predis' own cluster (keys spread over every primary)\n";
$script = function ($pipe) {
    for ($i = 0; $i < 30; $i++) {
        $pipe->set("pl:$i", "v$i");
        $pipe->incr("pl:n:$i");
    }
    $pipe->hset('pl:h', 'f', 'x');
    $pipe->hgetall('pl:h');
    $pipe->zadd('pl:z', ['a' => 1, 'b' => 2]);
    $pipe->zrange('pl:z', 0, -1, ['withscores' => true]);
    for ($i = 0; $i < 30; $i++) {
        $pipe->get("pl:$i");
    }
    $pipe->type('pl:h');
};
$theirs = rcp_outcome(fn () => $p->pipeline($script));
$raw->executeRaw(['FLUSHALL']);
$ours = rcp_outcome(fn () => $c->pipeline($script));
var_dump($ours === $theirs, count($ours[1]), $ours[1][0], $ours[1][61], $ours[1][63], $ours[1][94]);

echo "-- pipeline: cross-slot commands (Predis' own cluster cannot) and the fluent form\n";
$keys = [rcp_key_on(rcp_primaries()[0], 'q'), rcp_key_on(rcp_primaries()[1], 'q'), rcp_key_on(rcp_primaries()[2], 'q')];
$r = $c->pipeline()->mset(array_combine($keys, ['a', 'b', 'c']))->mget($keys)->exists(...$keys)->del($keys)->mget($keys)->execute();
echo json_encode(rcp_predis_norm($r, true)), "\n";
try { $p->pipeline()->mget($keys)->execute(); echo "no exception\n"; } catch (Throwable $e) { echo "Predis' cluster: ", get_class($e), "\n"; }

echo "-- pipeline: error replies\n";
$c->set('pl:str', 'x');
try { $c->pipeline(function ($pipe) { $pipe->set('pl:e1', 1); $pipe->lpush('pl:str', 'x'); $pipe->set('pl:e2', 2); }); }
catch (Predis\Response\ServerException $e) { echo get_class($e), ': ', strtok($e->getMessage(), ' '), "\n"; }
var_dump($c->mget(['pl:e1', 'pl:e2']));                           // the whole pipeline was sent
$noex = rcp_adapter_client(['exceptions' => false]);
echo json_encode(rcp_predis_norm($noex->pipeline(function ($pipe) { $pipe->set('pl:e3', 3); $pipe->lpush('pl:str', 'x'); $pipe->get('pl:e3'); }), true)), "\n";

echo "-- fire-and-forget: sent, nothing returned\n";
var_dump($c->pipeline(['fire-and-forget' => true], function ($pipe) { $pipe->set('pl:ff1', 'a'); $pipe->set('pl:ff2', 'b'); }));
var_dump($c->mget(['pl:ff1', 'pl:ff2']));

echo "-- MULTI/EXEC on one slot: the same as Predis' own cluster\n";
$tx = function ($t) { $t->set('tx:{u}a', 1); $t->incr('tx:{u}a'); $t->get('tx:{u}a'); $t->hset('tx:{u}h', 'f', 'v'); $t->hgetall('tx:{u}h'); };
$theirs = rcp_outcome(fn () => $p->transaction($tx));
$raw->del('tx:{u}a', 'tx:{u}h');
$ours = rcp_outcome(fn () => $c->transaction($tx));
var_dump($ours === $theirs);
echo json_encode($ours), "\n";
// keys of different slots in one transaction: Predis' own answer
echo json_encode(rcp_outcome(fn () => $c->transaction(function ($t) { $t->set('tx:{u}a', 1); $t->set('tx:{v}b', 2); }))) === json_encode(rcp_outcome(fn () => $p->transaction(function ($t) { $t->set('tx:{u}a', 1); $t->set('tx:{v}b', 2); }))) ? "cross-slot transaction: same outcome as Predis\n" : "cross-slot transaction differs\n";

echo "-- CAS: WATCH, read, MULTI, write\n";
$c->set('tx:{u}counter', 10);
$res = $c->transaction(['cas' => true, 'watch' => 'tx:{u}counter', 'retry' => 0], function ($t) {
    $v = $t->get('tx:{u}counter');
    $t->multi();
    $t->set('tx:{u}counter', $v + 1);
});
echo json_encode(rcp_predis_norm($res, true)), ' ', $c->get('tx:{u}counter'), "\n";
// the watched key changes between WATCH and EXEC: aborted, as Predis does it
try {
    $c->transaction(['cas' => true, 'watch' => 'tx:{u}counter', 'retry' => 0], function ($t) use ($raw) {
        $v = $t->get('tx:{u}counter');
        $raw->set('tx:{u}counter', 100);          // someone else
        $t->multi();
        $t->set('tx:{u}counter', $v + 1);
    });
    echo "not aborted\n";
} catch (Predis\Transaction\AbortedMultiExecException $e) { echo get_class($e), "\n"; }
var_dump($c->get('tx:{u}counter'));

echo "-- the slot moves between transactions: the attempt that meets MOVED fails, the next one goes to the new owner\n";
$key = 'tx:{r}k';
$slot = RedisClusterPool::keySlot($key);
$from = rcp_owner_of_slot($slot);
$to = array_values(array_diff(rcp_primaries(), [$from]))[0];
echo json_encode(rcp_outcome(fn () => $c->transaction(fn ($t) => $t->set($key, 'before')))), "\n";
rcp_move_slot($slot, $to);
$first = rcp_outcome(fn () => $c->transaction(fn ($t) => $t->set($key, 'moved')));
echo $first[0] === 'ok' ? 'first attempt: ' . json_encode($first) : "first attempt: $first[1]", "\n";
echo json_encode(rcp_outcome(fn () => $c->transaction(fn ($t) => $t->set($key, 'after')))), "\n";
var_dump($raw->get($key));
rcp_move_slot($slot, $from);

echo "-- the pooled sockets are not left in a transaction\n";
var_dump($c->set('tx:{u}after', 'x') === Predis\Response\Status::get('OK'), $c->get('tx:{u}after'), $raw->get('tx:{u}after'));
?>
--EXPECT--
-- pipeline: same replies as Predis' own cluster (keys spread over every primary)
bool(true)
int(95)
string(25) "Predis\Response\Status:OK"
array(1) {
  ["f"]=>
  string(1) "x"
}
array(2) {
  ["a"]=>
  string(1) "1"
  ["b"]=>
  string(1) "2"
}
string(4) "hash"
-- pipeline: cross-slot commands (Predis' own cluster cannot) and the fluent form
["Predis\\Response\\Status:OK",["a","b","c"],3,3,[null,null,null]]
Predis' cluster: Predis\NotSupportedException
-- pipeline: error replies
Predis\Response\ServerException: WRONGTYPE
array(2) {
  [0]=>
  string(1) "1"
  [1]=>
  string(1) "2"
}
["Predis\\Response\\Status:OK","Predis\\Response\\Error:WRONGTYPE Operation against a key holding the wrong kind of value","3"]
-- fire-and-forget: sent, nothing returned
array(0) {
}
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
-- MULTI/EXEC on one slot: the same as Predis' own cluster
bool(true)
["ok",["Predis\\Response\\Status:OK",2,"2",1,{"f":"v"}]]
cross-slot transaction: same outcome as Predis
-- CAS: WATCH, read, MULTI, write
["Predis\\Response\\Status:OK"] 11
Predis\Transaction\AbortedMultiExecException
string(3) "100"
-- the slot moves between transactions: the attempt that meets MOVED fails, the next one goes to the new owner
["ok",["Predis\\Response\\Status:OK"]]
first attempt: Predis\Transaction\AbortedMultiExecException
["ok",["Predis\\Response\\Status:OK"]]
string(5) "after"
-- the pooled sockets are not left in a transaction
bool(true)
string(1) "x"
string(1) "x"
