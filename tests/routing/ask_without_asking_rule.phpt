--TEST--
Redirects: an ACL user without +asking, on a slot being migrated whose key is not on the source any more, gets an AuthenticationException (NOPERM) at once naming +asking, after one ASK (not 16 redirects and a ClusterException): a command, a pipeline, a split MSET's part (PartialFailureException: the other slot's key is applied), a transaction (MULTI alone first, then in one write); nothing is applied; with +asking the same commands work (gh21 follow-up item 3)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$base = ['reset', 'on', '>pw', '~*', '+@all'];
foreach (rcp_seeds() as $n) {
    rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_noask', ...$base, ...['-asking']);
    rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_ask', ...$base);
}
$key = 'askacl:{q1}';
$other = 'askacl2:{q1}';
$slot = RedisClusterPool::keySlot($key);
$from = rcp_owner_of_slot($slot);
$to = current(array_diff(rcp_primaries(), [$from]));
$src = rcp_raw($from);
$dst = rcp_raw($to);
$src->cmd('DEL', $key, $other);
$noask = rcp_pool(['parameters' => ['username' => 'rcp_noask', 'password' => 'pw']]);
$ask = rcp_pool(['parameters' => ['username' => 'rcp_ask', 'password' => 'pw']]);
$noask->get($key);   // connections and maps before the migration starts
$ask->get($key);
register_shutdown_function(function () use ($slot, $from, $to, $key, $other) {
    $d = rcp_raw($to);
    foreach ([$key, $other] as $k) {      // what the +asking user wrote on the importing node, before it stops importing
        $d->cmd('ASKING');
        $d->cmd('DEL', $k);
    }
    foreach (rcp_primaries() as $n) rcp_raw($n)->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', rcp_node_id($from));
    rcp_raw($from)->cmd('DEL', $key, $other);
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', 'rcp_noask', 'rcp_ask');
});
// the slot half-migrated: IMPORTING on $to, MIGRATING on $from, the keys on neither: every command gets ASK
$dst->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', rcp_node_id($from));
$src->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', rcp_node_id($to));

$show = function (string $what, callable $f) use ($noask, $from, $to) {
    $ask0 = $noask->stats()['cluster']['ask'];
    try {
        $f($noask);
        echo "$what: no exception\n";
    } catch (RedisClusterPool\Exception $e) {
        echo "$what: ", get_class($e), ' ', $e instanceof RedisClusterPool\AuthenticationException ? $e->getErrorType() : '-', "\n  ",
            preg_replace(['/NOPERM .* has no permissions/', "/slot \\d+/"], ['NOPERM USER has no permissions', 'slot N'],
                str_replace([$from, $to], ['SOURCE', 'TARGET'], $e->getMessage())), "\n";
        if ($e instanceof RedisClusterPool\AuthenticationException && $e->getNode() !== $to) echo "  getNode(): ", $e->getNode(), "\n";
    }
    echo "  ASK redirects followed: ", $noask->stats()['cluster']['ask'] - $ask0, "\n";
};
$show('set', fn($p) => $p->set($key, 'X'));
$show('pipeline', fn($p) => $p->pipeline(fn($q) => $q->set($key, 'X')->incr($other)));
$show('MSET', fn($p) => $p->mset([$key => 'X', 'askacl:{other}' => 'Y']));
$show('transaction (MULTI alone first)', fn($p) => $p->transaction(fn($t) => $t->set($key, 'X')->incr($other)));
$show('transaction (one write)', fn($p) => $p->transaction(fn($t) => $t->set($key, 'X')->incr($other)));
$get = function (string $k) use ($dst) { $dst->cmd('ASKING'); return $dst->cmd('GET', $k); };
echo "applied on the importing node: ", json_encode([$get($key), $get($other)]), "\n";
echo "with +asking: ", $ask->set($key, 'Y'), ' ', json_encode($ask->pipeline(fn($q) => $q->get($key)->incr($other))), "\n";
$ask->del('askacl:{other}');
?>
--EXPECT--
set: RedisClusterPool\AuthenticationException NOPERM
  ASKING on TARGET refused: NOPERM USER has no permissions to run the 'asking' command; following the ASK redirect of slot N (a slot being migrated) needs the ACL permission +asking; nothing was run (command SET)
  ASK redirects followed: 1
pipeline: RedisClusterPool\AuthenticationException NOPERM
  ASKING on TARGET refused: NOPERM USER has no permissions to run the 'asking' command; following the ASK redirect of slot N (a slot being migrated) needs the ACL permission +asking; nothing was run (command SET)
  ASK redirects followed: 1
MSET: RedisClusterPool\PartialFailureException -
  ASKING on TARGET refused: NOPERM USER has no permissions to run the 'asking' command; following the ASK redirect of slot N (a slot being migrated) needs the ACL permission +asking; nothing was run (command MSET) (command MSET: 1 of its 2 keys failed; the parts sent to other nodes were applied)
  ASK redirects followed: 1
transaction (MULTI alone first): RedisClusterPool\AuthenticationException NOPERM
  ASKING on TARGET refused: NOPERM USER has no permissions to run the 'asking' command; following the ASK redirect of slot N (a slot being migrated) needs the ACL permission +asking; nothing was run (transaction of 2 commands)
  ASK redirects followed: 1
transaction (one write): RedisClusterPool\AuthenticationException NOPERM
  ASKING on TARGET refused: NOPERM USER has no permissions to run the 'asking' command; following the ASK redirect of slot N (a slot being migrated) needs the ACL permission +asking; nothing was run (transaction of 2 commands)
  ASK redirects followed: 1
applied on the importing node: [null,null]
with +asking: OK ["Y",1]
