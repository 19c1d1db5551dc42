--TEST--
CLUSTER administration subcommands (COUNTKEYSINSLOT, GETKEYSINSLOT, REPLICAS, COUNT-FAILURE-REPORTS, SAVECONFIG) run on a named node (rawOnNodes(), Predis' node connections through the adapter); refused only where no node is named, with a message saying where to send them (gh11 item 8)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
$pool = rcp_pool();
$key = 'admin:{k}';
$slot = $pool->keySlot($key);
$owner = $pool->nodeForKey($key);
$pool->set($key, 'v');
$id = (new RcpRaw($owner))->cmd('CLUSTER', 'MYID');

echo "-- rawOnNodes() on the slot's owner\n";
$r = $pool->rawOnNodes([$owner => [
    ['CLUSTER', 'COUNTKEYSINSLOT', (string) $slot],
    ['CLUSTER', 'GETKEYSINSLOT', (string) $slot, '10'],
    ['CLUSTER', 'REPLICAS', $id],
    ['CLUSTER', 'COUNT-FAILURE-REPORTS', $id],
    ['CLUSTER', 'SAVECONFIG'],
]])[$owner];
echo "keys in the slot: {$r[0]}; ", json_encode($r[1]), "; replicas: ", count($r[2]), "; failure reports: {$r[3]}; SAVECONFIG: $r[4]\n";

echo "-- where no node is named\n";
foreach ([fn() => $pool->executeRaw(['CLUSTER', 'COUNTKEYSINSLOT', (string) $slot]),
          fn() => $pool->rawPipeline([['CLUSTER', 'SETSLOT', (string) $slot, 'STABLE']]),
          fn() => $pool->executeRaw(['CLUSTER', 'ADDSLOTS', '1'])] as $f) {
    try {
        $f();
        echo "no exception\n";
    } catch (RedisClusterPool\Exception $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo "-- connection-state commands stay refused on a named node\n";
try {
    $pool->rawOnNodes([$owner => [['CLIENT', 'SETNAME', 'x']]]);
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- through Predis' node connections (the adapter)\n";
$client = rcp_adapter_client();
$node = $client->getConnection()->getConnectionById($owner);
echo "COUNTKEYSINSLOT: ", $node->executeCommand(Predis\Command\RawCommand::create('CLUSTER', 'COUNTKEYSINSLOT', (string) $slot)), "\n";
echo "GETKEYSINSLOT: ", json_encode($node->executeCommand(Predis\Command\RawCommand::create('CLUSTER', 'GETKEYSINSLOT', (string) $slot, '10'))), "\n";
try {
    $client->executeRaw(['CLUSTER', 'COUNTKEYSINSLOT', (string) $slot]);
    echo "no exception\n";
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$pool->del($key);
?>
--EXPECT--
-- rawOnNodes() on the slot's owner
keys in the slot: 1; ["admin:{k}"]; replicas: 1; failure reports: 0; SAVECONFIG: OK
-- where no node is named
RedisClusterPool\InvalidArgumentException: CLUSTER COUNTKEYSINSLOT acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: $client->getConnection()->getConnectionById('host:port')->executeCommand(...))
RedisClusterPool\InvalidArgumentException: CLUSTER SETSLOT acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: $client->getConnection()->getConnectionById('host:port')->executeCommand(...))
RedisClusterPool\InvalidArgumentException: CLUSTER ADDSLOTS acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: $client->getConnection()->getConnectionById('host:port')->executeCommand(...))
-- connection-state commands stay refused on a named node
RedisClusterPool\InvalidArgumentException: CLIENT|SETNAME is not supported by RedisClusterPool: it changes or depends on per-connection state that a shared pool cannot keep
-- through Predis' node connections (the adapter)
COUNTKEYSINSLOT: 1
GETKEYSINSLOT: ["admin:{k}"]
Predis\NotSupportedException: CLUSTER COUNTKEYSINSLOT acts on the node it is sent to: send it to a named node with rawOnNodes() (Predis: $client->getConnection()->getConnectionById('host:port')->executeCommand(...))
