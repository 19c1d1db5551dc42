--TEST--
Security: a write on a new connection whose AUTH is refused is never applied, although the `default` user is enabled without a password (the test cluster's default): SET, INCR, MSET over every primary, a pipeline, EVAL, a transaction, rawOnNodes all throw AuthenticationException and a second, correct client sees nothing; a write waits for AUTH's reply on a new connection (and goes through when it is accepted), reads ride behind AUTH but nothing of theirs is returned (gh21b item 1)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// the cluster's `default` user stays on, without a password, with every permission: what a refused AUTH falls back to
foreach (rcp_seeds() as $n) {
    $u = rcp_raw($n)->cmd('ACL', 'GETUSER', 'default');
    $acl = implode(' ', $u[array_search('flags', $u) + 1]);
    if (!str_contains($acl, 'on') || !str_contains($acl, 'nopass')) echo "default user on $n is not 'on nopass': $acl\n";
    rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_app', 'reset', 'on', '>right', '~*', '+@all');
}
register_shutdown_function(function () {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', 'rcp_app');
});
$keys = ['{wa}s', '{wa}i', '{wa}p1', '{wa}p2', '{wa}e', '{wa}t', '{wa}r', 'wa:m1', 'wa:m2', 'wa:m3', 'wa:m4', 'wa:m5', 'wa:m6'];

// the right password: every first command below is a write on a new authenticated connection (held until AUTH's
// +OK, then sent): it goes through
$good = rcp_pool(['parameters' => ['username' => 'rcp_app', 'password' => 'right']]);
echo $good->set('{wa}r', 'kept'), "\n";
echo $good->mset(['wa:m1' => 'kept', 'wa:m2' => 'kept', 'wa:m3' => 'kept', 'wa:m4' => 'kept', 'wa:m5' => 'kept',
    'wa:m6' => 'kept']), "\n";
$before = $good->mget($keys);
echo "before: ", json_encode($before), "\n";

// every attempt with its own wrong password: a new connection each time (a refusal is remembered per credentials)
$n = 0;
$try = function (string $what, callable $f) use (&$n) {
    $bad = rcp_pool(['parameters' => ['username' => 'rcp_app', 'password' => 'wrong' . ++$n]]);
    try {
        $r = $f($bad);
        echo "$what: no exception: ", json_encode($r), "\n";
    } catch (RedisClusterPool\Exception $e) {
        echo "$what: ", get_class($e), ' ', $e instanceof RedisClusterPool\AuthenticationException ? $e->getErrorType() : '', ' ',
            preg_replace('/\d+\.\d+\.\d+\.\d+:\d+/', 'NODE', strtok($e->getMessage(), ';')), "\n";
    }
};
$try('SET', fn($p) => $p->set('{wa}s', 'APPLIED'));
$try('INCR', fn($p) => $p->incr('{wa}i'));
$try('MSET', fn($p) => $p->mset(['wa:m1' => 'APPLIED', 'wa:m2' => 'APPLIED', 'wa:m3' => 'APPLIED', 'wa:m4' => 'APPLIED',
    'wa:m5' => 'APPLIED', 'wa:m6' => 'APPLIED']));
$try('pipeline', fn($p) => $p->pipeline(fn($q) => $q->set('{wa}p1', 'APPLIED')->get('{wa}r')->incr('{wa}p2')));
$try('EVAL', fn($p) => $p->eval("return redis.call('SET', KEYS[1], 'APPLIED')", 1, '{wa}e'));
$try('transaction', fn($p) => $p->transaction(fn($t) => $t->set('{wa}t', 'APPLIED')->incr('{wa}i')));
$try('rawOnNodes', fn($p) => $p->rawOnNodes([rcp_owner_of_slot(RedisClusterPool::keySlot('{wa}s')) => [['SET', '{wa}s', 'APPLIED']]]));
$try('executeRaw', fn($p) => $p->executeRaw(['SET', '{wa}s', 'APPLIED']));
// reads ride behind AUTH in the same write: the server may run them as `default`, but nothing of theirs comes back
$try('GET', fn($p) => $p->get('{wa}r'));
$try('MGET', fn($p) => $p->mget($keys));
$try('read pipeline', fn($p) => $p->pipeline(fn($q) => $q->get('{wa}r')->get('wa:m1')));
$try('GET from a replica', fn($p) => (new RedisClusterPool(rcp_seeds(), rcp_pool_options(['read' => 'replica',
    'parameters' => ['username' => 'rcp_app', 'password' => 'wrong-replica']])))->get('{wa}r'));

$after = rcp_pool(['parameters' => ['username' => 'rcp_app', 'password' => 'right']])->mget($keys);
echo "after:  ", json_encode($after), "\n";
echo $after === $before ? "nothing applied\n" : "APPLIED SOMETHING\n";
echo "the refused connections left the right one alone: ", json_encode($good->get('{wa}r')), "\n";
$good->del(...$keys);
?>
--EXPECT--
OK
OK
before: [null,null,null,null,null,null,"kept","kept","kept","kept","kept","kept","kept"]
SET: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
INCR: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
MSET: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
pipeline: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
EVAL: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
transaction: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
rawOnNodes: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
executeRaw: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
GET: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
MGET: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
read pipeline: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
GET from a replica: RedisClusterPool\AuthenticationException WRONGPASS AUTH on NODE refused: WRONGPASS invalid username-password pair or user is disabled.
after:  [null,null,null,null,null,null,"kept","kept","kept","kept","kept","kept","kept"]
nothing applied
the refused connections left the right one alone: "kept"
