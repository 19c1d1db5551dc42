--TEST--
Predis adapter: iterating the connection (and the client) yields the primaries as node connections named host:port that run commands on their node (Symfony's per-node cache clear: INFO, SCAN, DBSIZE, FLUSHDB); executeCommandOnEachNode() fans out to every primary; a node that fails mid-request gives Predis' ConnectionException carrying that node
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
rcp_flush_cluster();
$c = rcp_adapter_client();
$conn = $c->getConnection();
$primaries = rcp_primaries();
sort($primaries);

echo "-- iteration\n";
$ids = [];
foreach ($conn as $id => $node) {
    $ids[] = $id;
    if ((string) $node !== $id || !$node instanceof Predis\Connection\NodeConnectionInterface) echo "bad node $id\n";
}
sort($ids);
var_dump($ids === $primaries, count($conn));
for ($i = 0; $i < 50; $i++) $c->set("it:$i", $i);
$total = 0;
$scanned = [];
foreach ($c as $id => $nodeClient) {          // Predis\Client::getIterator(): one client per node
    $total += $nodeClient->dbsize();
    $info = $nodeClient->info('Server');
    if (!isset($info['Server']['redis_version'])) echo "no INFO on $id\n";
    $cursor = 0;
    do {
        [$cursor, $keys] = $nodeClient->scan($cursor, ['MATCH' => 'it:*', 'COUNT' => 100]);
        foreach ($keys as $k) {
            $scanned[] = $k;
            if ($c->getConnection()->getConnectionByKey($k) != $id) echo "$k is not on $id\n";
        }
    } while ($cursor != 0);
}
var_dump($total, count(array_unique($scanned)));
// a node client runs on its node only: FLUSHDB empties that node, not the others
$first = $c->getClientBy('id', $primaries[0]);
var_dump($first->flushdb() == 'OK', $first->dbsize(), $c->dbsize() > 0);
var_dump($conn->getConnectionById('10.9.9.9:1'));
// a node object whose node is not in the cluster's map (any more): Predis' ConnectionException naming it
$gone = new RedisClusterPool\Predis\NodeConnection($conn, '10.9.9.9:1', false, new Predis\Connection\Parameters());
try { (new Predis\Client($gone))->ping(); } catch (Predis\Connection\ConnectionException $e) { echo get_class($e), ': ', $e->getConnection(), ': ', $e->getMessage(), "\n"; }

echo "-- executeCommandOnEachNode\n";
$r = $conn->executeCommandOnEachNode($c->createCommand('ping'));
echo count($r), ' ', implode(',', array_map(fn ($s) => get_class($s) . ':' . $s, array_unique($r, SORT_REGULAR))), "\n";
$sizes = $conn->executeCommandOnEachNode($c->createCommand('dbsize'));
var_dump(array_sum($sizes) === $c->dbsize());
$c->executeCommand($c->createCommand('flushall'));
var_dump($c->dbsize());

echo "-- a node dies mid-request\n";
// a fake cluster: node A answers CLUSTER SLOTS saying node B owns every slot; B accepts and never answers
[$pidB, $addrB] = rcp_fake_server(fn ($n) => '');
[$hB, $pB] = explode(':', $addrB);
[$pidA, $addrA] = rcp_fake_server(fn ($n) => rcp_resp_encode([[0, 16383, [$hB, (int) $pB, 'nodeB']]]));
$f = rcp_adapter_client(['parameters' => ['timeout' => 1, 'read_write_timeout' => 0.3]], [$addrA]);
foreach ([fn () => $f->get('k'), fn () => $f->pipeline(fn ($p) => $p->set('a', 1)->get('b'))] as $call) {
    try { $call(); echo "no exception\n"; } catch (Predis\CommunicationException $e) {   // v3: a timeout is Predis\TimeoutException
        echo get_class($e), ' ', get_class($e->getConnection()), ' names B: ';
        var_dump((string) $e->getConnection() === $addrB, $e->getPrevious() instanceof RedisClusterPool\TimeoutException);
    }
}
foreach ([$pidA, $pidB] as $pid) { posix_kill($pid, SIGKILL); pcntl_waitpid($pid, $st); }
?>
--EXPECT--
-- iteration
bool(true)
int(3)
int(50)
int(50)
bool(true)
int(0)
bool(true)
NULL
Predis\Connection\ConnectionException: 10.9.9.9:1: 10.9.9.9:1 is no longer a node of the cluster
-- executeCommandOnEachNode
3 Predis\Response\Status:PONG
bool(true)
int(0)
-- a node dies mid-request
Predis\TimeoutException RedisClusterPool\Predis\NodeConnection names B: bool(true)
bool(true)
Predis\TimeoutException RedisClusterPool\Predis\NodeConnection names B: bool(true)
bool(true)
