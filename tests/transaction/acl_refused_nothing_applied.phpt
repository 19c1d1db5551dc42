--TEST--
A transaction is all or nothing whatever the server refuses (gh21 item 1): an ACL user without +multi (the README's "typical application user") gets a ServerException (NOPERM) saying nothing was applied, from transaction() and from the raw multi()/exec(), and nothing is applied; EXEC refused and a queued command refused: the same; the first transaction of a connection sends MULTI alone, the next ones go in one write (counted on the node); an ACL changed on a live connection between two transactions is reported as it is
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// ACL users exist per node: created on every node, deleted at the end
$base = ['on', '>pw', '~*', '+@read', '+@write', '+cluster|shards', '+cluster|slots', '+command', '+asking', '+readonly'];
$users = [
    'rcp_tx_nomulti' => $base,                                      // the README's typical application user
    'rcp_tx_noexec'  => array_merge($base, ['+multi']),             // MULTI allowed, EXEC not
    'rcp_tx_ok'      => array_merge($base, ['+multi', '+exec']),
    'rcp_tx_noincr'  => array_merge($base, ['+multi', '+exec', '-incr']),
];
foreach (rcp_seeds() as $n) foreach ($users as $u => $rules) rcp_raw($n)->cmd('ACL', 'SETUSER', $u, 'reset', ...$rules);
register_shutdown_function(function () use ($users) {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', ...array_keys($users));
});
$pool = fn(string $u) => rcp_pool(['parameters' => ['username' => $u, 'password' => 'pw']]);
$owner = rcp_primaries()[1];
$a = rcp_key_on($owner, 'txacl');                                   // "txacl:N": {..} keeps b on the same slot
$a = '{' . $a . '}a';
$b = str_replace('}a', '}b', $a);
$raw = rcp_raw(rcp_owner_of_slot(RedisClusterPool::keySlot($a)));
$owner = $raw->addr;
$state = fn() => json_encode([$raw->cmd('GET', $a), $raw->cmd('GET', $b)]);
$raw->cmd('DEL', $a, $b);
$show = function (Throwable $e): string {
    // (Redis 7.0: "NOPERM USER has no permissions ...", 7.2+ and Valkey: "NOPERM User NAME has no ...")
    $m = preg_replace(['/\d+\.\d+\.\d+\.\d+:\d+/', '/NOPERM (this user|User \S+) has/'], ['NODE', 'NOPERM USER has'], $e->getMessage());
    return get_class($e) . ($e instanceof RedisClusterPool\ServerException ? ' [' . $e->getErrorType() . ']' : '')
        . ($e instanceof RedisClusterPool\ConnectionException ? ' (a connection error!)' : '') . ": $m";
};

echo "-- without +multi, transaction():\n";
$p = $pool('rcp_tx_nomulti');
try {
    $p->transaction(fn($t) => $t->set($a, 'X')->incr($b));
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo $show($e), "\n";
}
echo "applied: ", $state(), "\n";
echo "-- without +multi, multi() / exec():\n";
try {
    $p->multi();
    $p->set($a, 'X');
    $p->incr($b);
    $p->exec();
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo $show($e), "\n";
}
echo "applied: ", $state(), "\n";
echo "the same connection serves plain commands: ", json_encode($p->get($a)), "\n";

echo "-- +multi without +exec:\n";
$p = $pool('rcp_tx_noexec');
try {
    $p->transaction(fn($t) => $t->set($a, 'X')->incr($b));
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo $show($e), "\n";
}
echo "applied: ", $state(), "\n";
$p->set($a, 'plain');
echo "the next command on the pool is not queued: ", json_encode($p->get($a)), ", ", $state(), "\n";
$raw->cmd('DEL', $a, $b);

echo "-- a queued command refused (-incr):\n";
$p = $pool('rcp_tx_noincr');
try {
    $p->transaction(fn($t) => $t->set($a, 'X')->incr($b));
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo $show($e), "\n";
}
echo "applied: ", $state(), "\n";

echo "-- allowed: MULTI alone once per connection, then one write per transaction:\n";
$p = $pool('rcp_tx_ok');
$p->get($a);                                                        // discovery and the connection to the owner
$batches = fn() => RedisClusterPool::poolStats()['nodes'][$owner]['batches'];
$multis = function () use ($raw): int {
    preg_match('/cmdstat_multi:calls=(\d+)/', $raw->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
};
for ($i = 1; $i <= 3; $i++) {
    [$b0, $m0] = [$batches(), $multis()];
    $r = $p->transaction(fn($t) => $t->set($a, "v$i")->incr($b));
    echo "transaction $i: ", json_encode([(string) $r[0], $r[1]]), ", writes to the node: ", $batches() - $b0,
        ", MULTI received by the node: ", $multis() - $m0, "\n";
}
[$b0, $m0] = [$batches(), $multis()];
$p->multi();
$p->incr($b);
$r = $p->exec();
echo "raw multi/exec: ", json_encode($r), ", writes to the node: ", $batches() - $b0, ", MULTI: ", $multis() - $m0, "\n";

echo "-- +multi taken away on the live connection:\n";
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_tx_ok', '-multi');
try {
    $p->transaction(fn($t) => $t->set($a, 'Y')->incr($b));
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo $show($e), "\n";
}
echo "applied (one by one): ", $state(), "\n";
try {
    $p->transaction(fn($t) => $t->set($a, 'Z')->incr($b));
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo "next one, on a new connection: ", $show($e), "\n";
}
echo "applied: ", $state(), "\n";
?>
--EXPECT--
-- without +multi, transaction():
RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'multi' command (MULTI refused by NODE: the transaction of 2 commands was not sent, nothing was applied)
applied: [null,null]
-- without +multi, multi() / exec():
RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'multi' command (MULTI refused by NODE: the transaction of 2 commands was not sent, nothing was applied)
applied: [null,null]
the same connection serves plain commands: null
-- +multi without +exec:
RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'exec' command (EXEC refused by NODE: the server discarded the transaction of 2 commands, nothing was applied)
applied: [null,null]
the next command on the pool is not queued: "plain", ["plain",null]
-- a queued command refused (-incr):
RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'incr' command (command INCR, queued in a transaction: the server discarded the transaction, nothing was executed)
applied: [null,null]
-- allowed: MULTI alone once per connection, then one write per transaction:
transaction 1: ["OK",1], writes to the node: 2, MULTI received by the node: 1
transaction 2: ["OK",2], writes to the node: 1, MULTI received by the node: 1
transaction 3: ["OK",3], writes to the node: 1, MULTI received by the node: 1
raw multi/exec: [4], writes to the node: 1, MULTI: 1
-- +multi taken away on the live connection:
RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'multi' command (MULTI refused by NODE, which had accepted it on this connection before: the permissions of the ACL user changed meanwhile. The 2 commands sent with it in one write were run by the server one by one, NOT as a transaction: 0 of them answered an error, the others were applied)
applied (one by one): ["Y","5"]
next one, on a new connection: RedisClusterPool\ServerException [NOPERM]: NOPERM USER has no permissions to run the 'multi' command (MULTI refused by NODE: the transaction of 2 commands was not sent, nothing was applied)
applied: ["Y","5"]
