--TEST--
A transaction's messages count its commands in good grammar: "the transaction of 1 command", "2 commands" (MULTI refused, EXEC refused)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// ACL users exist per node: created on every node, deleted at the end
$base = ['on', '>pw', '~*', '+@read', '+@write', '+cluster|shards', '+cluster|slots', '+command', '+asking', '+readonly'];
$users = ['rcp_tx1_nomulti' => $base, 'rcp_tx1_noexec' => array_merge($base, ['+multi'])];
foreach (rcp_seeds() as $n) foreach ($users as $u => $rules) rcp_raw($n)->cmd('ACL', 'SETUSER', $u, 'reset', ...$rules);
register_shutdown_function(function () use ($users) {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', ...array_keys($users));
});
$k = '{tx1:' . getmypid() . '}';
foreach (['rcp_tx1_nomulti', 'rcp_tx1_noexec'] as $u) {
    $p = rcp_pool(['parameters' => ['username' => $u, 'password' => 'pw']]);
    foreach ([1, 2] as $n) {
        try {
            $p->transaction(function ($t) use ($k, $n) { for ($i = 0; $i < $n; $i++) $t->set("{$k}a$i", 'X'); });
            echo "$u, $n: no exception\n";
        } catch (RedisClusterPool\ServerException $e) {
            echo "$u, $n: ", preg_replace(['/^.*\((MULTI|EXEC) refused by \S+:/', '/\)$/'], ['$1 refused:', ''], $e->getMessage()), "\n";
        }
    }
}
?>
--EXPECT--
rcp_tx1_nomulti, 1: MULTI refused: the transaction of 1 command was not sent, nothing was applied
rcp_tx1_nomulti, 2: MULTI refused: the transaction of 2 commands was not sent, nothing was applied
rcp_tx1_noexec, 1: EXEC refused: the server discarded the transaction of 1 command, nothing was applied
rcp_tx1_noexec, 2: EXEC refused: the server discarded the transaction of 2 commands, nothing was applied
