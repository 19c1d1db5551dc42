--TEST--
Commands learned from the server: module commands no built-in table knows (tests/modules/rcp_testmod.c) route by the server's own key specs, keys only the server can find are resolved with COMMAND GETKEYS once per call shape, read-only ones follow the read policy
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function calls(string $node, string $cmd): int {
    preg_match('/^cmdstat_' . preg_quote($cmd, '/') . ':calls=(\d+)/m', (new RcpRaw($node))->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
}
function total(string $cmd): int { return array_sum(array_map(fn($n) => calls($n, $cmd), rcp_seeds())); }
function show(callable $f): void {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CONFIG', 'RESETSTAT');

// the built-in table knows none of them, the server does
show(fn() => RedisClusterPool::commandInfo('RCPTEST.SET', 'k', 'v'));
$pool = rcp_pool();
$commandsBefore = total('command');
$k1 = rcp_key_on(rcp_primaries()[1], 'lc1');
$k2 = rcp_key_on(rcp_primaries()[2], 'lc2');
echo "SET (key spec from first/last/step): "; show(fn() => $pool->executeRaw(['RCPTEST.SET', $k1, 'one']));
echo "on its owner: ", (new RcpRaw(rcp_owner_of_slot(RedisClusterPool::keySlot($k1))))->cmd('GET', $k1), "\n";
echo "STORE (keyword key spec set by the module): "; show(fn() => $pool->executeRaw(['RCPTEST.STORE', 'two', 'STORE', $k2]));
echo "on its owner: ", (new RcpRaw(rcp_owner_of_slot(RedisClusterPool::keySlot($k2))))->cmd('GET', $k2), "\n";
$st = $pool->stats()['cluster'];
echo "commands from: {$st['commands']['source']}, MOVED so far: {$st['moved']}\n";
echo "COMMAND sent by the discovery: ", total('command') - $commandsBefore, "\n";

// getkeys-api: COMMAND GETKEYS once per shape (the command with its non-key arguments)
$gkBefore = total('command|getkeys');
foreach (['a', 'b', 'c', 'd'] as $t) {
    $r = $pool->executeRaw(['RCPTEST.GK', 'same', 'KEY', "{gk$t}1", 'KEY', "{gk$t}2"]);
    echo "GK {gk$t}: $r keys, on the owner: ", (new RcpRaw(rcp_owner_of_slot(RedisClusterPool::keySlot("{gk$t}1"))))->cmd('GET', "{gk$t}2"), "\n";
}
echo "GETKEYS for 4 calls of one shape: ", total('command|getkeys') - $gkBefore, "\n";
$pool->executeRaw(['RCPTEST.GK', 'other', 'KEY', '{gke}1']);
echo "GETKEYS after a new shape: ", total('command|getkeys') - $gkBefore, ", counted: ", $pool->stats()['cluster']['commands']['getkeys_sent'], "\n";
echo "as a method: "; show(fn() => $pool->{'rcptest.gk'}('same', 'KEY', '{gkf}1'));
echo "refused: "; show(fn() => $pool->executeRaw(['RCPTEST.GK', 'nokeys']));
echo "cross-slot: "; show(fn() => $pool->executeRaw(['RCPTEST.GK', 'same', 'KEY', 'x1', 'KEY', 'x2']));

// a pipeline and a transaction route them too
$r = $pool->pipeline(function ($p) use ($k1, $k2) {
    $p->{'RCPTEST.SET'}($k1, 'p1');
    $p->{'RCPTEST.GK'}('p2', 'KEY', '{gkp}1');
    $p->{'RCPTEST.GET'}($k1);
    $p->get('{gkp}1');
});
echo "pipeline: ", json_encode(array_map(fn($x) => is_object($x) ? get_class($x) . '(' . $x . ')' : $x, $r)), "\n";
$r = $pool->transaction(function ($tx) {
    $tx->{'RCPTEST.GK'}('t1', 'KEY', '{gkt}1', 'KEY', '{gkt}2');
    $tx->get('{gkt}2');
});
echo "transaction: ", json_encode($r), "\n";
echo "MOVED in all of this: ", $pool->stats()['cluster']['moved'], "\n";

// the read-only module command follows the read policy
$replicas = explode(',', getenv('RCP_TEST_REPLICAS'));
$before = array_sum(array_map(fn($n) => calls($n, 'rcptest.get'), $replicas));
$ro = rcp_pool(['read' => 'replica']);
for ($i = 0; $i < 10; $i++) $ro->executeRaw(['RCPTEST.GET', $k1]);
echo "RCPTEST.GET with read => replica, answered by replicas: ", array_sum(array_map(fn($n) => calls($n, 'rcptest.get'), $replicas)) - $before, "\n";
echo "RCPTEST.SET with read => replica goes to the primary: "; show(fn() => $ro->executeRaw(['RCPTEST.SET', $k1, 'w']));
?>
--EXPECTF--
RedisClusterPool\InvalidArgumentException: Unknown command 'RCPTEST.SET'
SET (key spec from first/last/step): string(2) "OK"
on its owner: one
STORE (keyword key spec set by the module): string(2) "OK"
on its owner: two
commands from: server, MOVED so far: 0
COMMAND sent by the discovery: 1
GK {gka}: 2 keys, on the owner: same
GK {gkb}: 2 keys, on the owner: same
GK {gkc}: 2 keys, on the owner: same
GK {gkd}: 2 keys, on the owner: same
GETKEYS for 4 calls of one shape: 1
GETKEYS after a new shape: 2, counted: 2
as a method: int(1)
refused: RedisClusterPool\InvalidArgumentException: RCPTEST.GK: the server cannot tell where the keys of this call are (COMMAND GETKEYS answered ERR Invalid arguments specified for command); it is not sent
cross-slot: RedisClusterPool\ClusterException: RCPTEST.GK: keys hash to different slots (%d, %d); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
pipeline: ["RedisClusterPool\\Status(OK)",1,"p1","p2"]
transaction: [2,"t1"]
MOVED in all of this: 0
RCPTEST.GET with read => replica, answered by replicas: 10
RCPTEST.SET with read => replica goes to the primary: string(2) "OK"
