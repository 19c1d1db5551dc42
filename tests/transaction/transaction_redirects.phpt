--TEST--
Transactions and redirects: a slot moved between queueing and EXEC is followed (the server discarded the transaction, so it is re-sent to the new owner); with a WATCH the transaction is aborted instead and a retry re-WATCHes on the new owner; ASK mid-migration sends ASKING before MULTI; a WATCH whose connection died is never replaced by an unguarded EXEC
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// a cluster of its own: it moves slots and kills connections, and it must not inherit the slot state other
// tests leave in the shared cluster (seen: a node there disagreeing for good about this slot's owner)
$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-txr-' . getmypid();
exec('bash ' . escapeshellarg($sh) . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
register_shutdown_function(fn() => exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1'));
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);
$key = '{txr}a';
$slot = RedisClusterPool::keySlot($key);
$pool = rcp_pool();
$pool->del($key, '{txr}b');
$from = $pool->nodeForKey($key);
$to = current(array_diff(rcp_primaries(), [$from]));

// 1. no WATCH: queued, then the slot moves; EXEC goes to the new owner after MOVED
$tx = $pool->transaction()->set($key, 'v1')->incr('{txr}b');
rcp_move_slot($slot, $to);
var_dump(count($tx->execute()), (new RcpRaw($to))->cmd('GET', $key), $pool->nodeForKey($key) === $to);

// 2. WATCH on the old owner, then the slot moves back: aborted (nothing ran), a retry succeeds on the new owner
$attempt = 0;
$r = $pool->transaction(['watch' => $key, 'retry' => 1], function ($t) use (&$attempt, $slot, $from, $key) {
    if (++$attempt === 1) rcp_move_slot($slot, $from);
    $t->set($key, "w$attempt");
});
var_dump($attempt, (string) $r[0], (new RcpRaw($from))->cmd('GET', $key));
try {
    $pool->transaction(['watch' => $key], function ($t) use ($slot, $to, $key) {
        rcp_move_slot($slot, $to);
        $t->set($key, 'never');
    });
} catch (RedisClusterPool\AbortedMultiExecException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump($pool->get($key));

// 3. ASK: the slot is migrating from $to to $from and the keys are already gone from $to
$toRaw = new RcpRaw($to);
$fromRaw = new RcpRaw($from);
[$h, $p] = explode(':', $from);
$fromRaw->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', rcp_node_id($to));
$toRaw->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', rcp_node_id($from));
$toRaw->cmd('MIGRATE', $h, $p, '', '0', '5000', 'KEYS', $key, '{txr}b');
$ask0 = $pool->stats()['cluster']['ask'];
$r = $pool->transaction(fn($t) => $t->set($key, 'via-ask')->get($key));
var_dump((string) $r[0], $r[1], $pool->stats()['cluster']['ask'] - $ask0 >= 1);
var_dump($fromRaw->cmd('ASKING') === 'OK' && $fromRaw->cmd('GET', $key) === 'via-ask');
foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', rcp_node_id($from));
rcp_wait_slot_owner($slot, $from);
var_dump($pool->get($key));

// 4. the connection holding the WATCH is killed before EXEC: the transaction is not sent on a new one
$pool->set($key, 'kept');
try {
    $pool->transaction(['watch' => $key], function ($t) use ($from, $key) {
        (new RcpRaw($from))->cmd('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
        usleep(100000);
        $t->set($key, 'unguarded');
    });
    echo "no exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), "\n";
}
var_dump($pool->get($key));
$pool->del($key, '{txr}b');
?>
--EXPECTF--
int(2)
string(2) "v1"
bool(true)
int(2)
string(2) "OK"
string(2) "w2"
RedisClusterPool\AbortedMultiExecException: The transaction was aborted by the server and nothing of it ran: its slot moved to another node while WATCHed
string(2) "w2"
string(2) "OK"
string(7) "via-ask"
bool(true)
bool(true)
string(7) "via-ask"
RedisClusterPool\ConnectionException
string(4) "kept"
