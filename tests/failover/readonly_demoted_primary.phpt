--TEST--
A write answered "-READONLY You can't write against a read only replica" (a primary demoted under us, as managed services do in a failover) is a topology change: the map is refreshed (single flight), and the write, which a READONLY reply says was not applied, is sent again to the slot's new primary only: a single command, pipelined ones, the parts of a split MSET, a whole transaction (its queued write refused, EXEC ran nothing); counted in stats()['cluster']['readonly_redirects']. A keyless write keeps its error and asks for the refresh, which the next command makes; a WATCHed transaction is aborted (nothing ran), not re-sent
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--INI--
redis_cluster_pool.refresh_min_interval=100
--FILE--
<?php
// Two fake nodes: after a RESET, the first CLUSTER SLOTS says node 0 owns every slot; node 0 answers writes READONLY
// (it was demoted) and every later CLUSTER SLOTS says node 1 owns them.
require __DIR__ . '/../fault/fake.inc';
$fake = rcp_fake_start(function (array $argv, array $ctx) {
    static $slotsAsked = 0, $writes = [0 => [], 1 => []], $multi = [];
    $cmd = strtoupper($argv[0]);
    $c = $ctx['i'] . ':' . $ctx['conn'];
    if ($cmd === 'RESET') { $slotsAsked = 0; $writes = [0 => [], 1 => []]; return "+OK\r\n"; }
    // MULTI/EXEC as a node does: a refused queued command discards the transaction
    if ($cmd === 'WATCH' || $cmd === 'UNWATCH') return "+OK\r\n";
    if ($cmd === 'MULTI') { $multi[$c] = ['n' => 0, 'bad' => false]; return "+OK\r\n"; }
    if ($cmd === 'EXEC') {
        $m = $multi[$c]; unset($multi[$c]);
        return $m['bad'] ? "-EXECABORT Transaction discarded because of previous errors.\r\n" : rcp_resp_encode(array_fill(0, $m['n'], 'OK'));
    }
    if (isset($multi[$c]) && $cmd === 'SET') {
        $writes[$ctx['i']][] = 'SET(queued)';
        if ($ctx['i'] === 0) { $multi[$c]['bad'] = true; return "-READONLY You can't write against a read only replica.\r\n"; }
        $multi[$c]['n']++;
        return "+QUEUED\r\n";
    }
    if ($cmd === 'CLUSTER' && strtoupper($argv[1] ?? '') === 'SLOTS') {
        return rcp_fake_slots($ctx['ports'][$slotsAsked++ === 0 ? 0 : 1]);
    }
    if ($cmd === 'WRITES') return rcp_resp_encode(json_encode($writes));
    if (in_array($cmd, ['SET', 'MSET', 'FLUSHALL'], true)) {
        $writes[$ctx['i']][] = $cmd;
        return $ctx['i'] === 0 ? "-READONLY You can't write against a read only replica.\r\n" : "+OK\r\n";
    }
    return rcp_fake_default($argv, $ctx);
}, 2);
[$a0, $a1] = $fake['addrs'];
$port0 = explode(':', $a0)[1];
$admin = new RcpRaw($a1);
$report = function (RedisClusterPool $p) use ($admin, $a1) {
    $s = $p->stats()['cluster'];
    echo "  readonly_redirects {$s['readonly_redirects']}; the slots' owner now: ", $p->nodeForKey('k') === $a1 ? 'node 1' : 'node 0',
        "; writes seen by node 0, node 1: ", $admin->cmd('WRITES'), "\n";
};
echo "-- SET\n";
$pool = new RedisClusterPool([$a0], ['exceptions' => false]);
echo "  ", $pool->set('k', 'v'), "\n";
$report($pool);

echo "-- a pipeline of 2 SETs\n";
$admin->cmd('RESET');
$pool = new RedisClusterPool([$a1, $a0], ['exceptions' => false]);   // another cluster entry: discovered again
echo "  ", json_encode(array_map('strval', $pool->pipeline(fn($p) => $p->set('k', 1)->set('k2', 2)))), "\n";
$report($pool);

echo "-- MSET of 3 keys in 3 slots\n";
$admin->cmd('RESET');
$pool = new RedisClusterPool(["localhost:$port0"], ['exceptions' => false]);
echo "  ", $pool->mset(['a' => 1, 'b' => 2, 'c' => 3]), "\n";
$report($pool);

echo "-- a transaction: MULTI, SET, SET, EXEC\n";
$admin->cmd('RESET');
$pool = new RedisClusterPool([$a0, 'localhost:' . explode(':', $a1)[1]], ['exceptions' => false]);
echo "  ", json_encode(array_map('strval', $pool->transaction(fn($t) => $t->set('{t}a', 1)->set('{t}b', 2)))), "\n";
$report($pool);

echo "-- a WATCHed transaction: aborted, not re-sent\n";
$admin->cmd('RESET');
$pool = new RedisClusterPool([$a0, $a1, "localhost:$port0"], ['exceptions' => false]);
try {
    $pool->transaction(['watch' => '{t}a'], fn($t) => $t->set('{t}a', 1));
    echo "  no exception\n";
} catch (RedisClusterPool\AbortedMultiExecException $e) {
    echo "  ", get_class($e), ": ", $e->getMessage(), "\n";
}
$report($pool);

echo "-- FLUSHALL (every primary: no slot to re-route)\n";
$admin->cmd('RESET');
$pool = new RedisClusterPool(["127.0.0.1:$port0", "localhost:$port0"], ['exceptions' => false]);
echo "  ", $pool->flushall(), "\n";
$report($pool);
usleep(150000);                                                      // refresh_min_interval
echo "  the next command, after the refresh it asked for: ", $pool->set('k', 'v'), "\n";
$report($pool);
rcp_fake_stop($fake);
?>
--EXPECTF--
-- SET
  OK
  readonly_redirects 1; the slots' owner now: node 1; writes seen by node 0, node 1: [["SET"],["SET"]]
-- a pipeline of 2 SETs
  ["OK","OK"]
  readonly_redirects 1; the slots' owner now: node 1; writes seen by node 0, node 1: [["SET","SET","SET"],["SET","SET"]]
-- MSET of 3 keys in 3 slots
  OK
  readonly_redirects 1; the slots' owner now: node 1; writes seen by node 0, node 1: [["MSET","MSET","MSET","MSET"],["MSET","MSET","MSET"]]
-- a transaction: MULTI, SET, SET, EXEC
  ["OK","OK"]
  readonly_redirects 1; the slots' owner now: node 1; writes seen by node 0, node 1: [["SET(queued)","SET(queued)"],["SET(queued)","SET(queued)"]]
-- a WATCHed transaction: aborted, not re-sent
  RedisClusterPool\AbortedMultiExecException: The transaction was aborted by the server and nothing of it ran: its node was demoted to a replica while WATCHed
  readonly_redirects 0; the slots' owner now: node %d; writes seen by node 0, node 1: [["SET(queued)"],[]]
-- FLUSHALL (every primary: no slot to re-route)
  READONLY You can't write against a read only replica.
  readonly_redirects 1; the slots' owner now: node 0; writes seen by node 0, node 1: [["FLUSHALL"],[]]
  the next command, after the refresh it asked for: OK
  readonly_redirects 1; the slots' owner now: node 1; writes seen by node 0, node 1: [["FLUSHALL"],["SET"]]
