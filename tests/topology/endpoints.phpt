--TEST--
Topology: CLUSTER SLOTS endpoints as IP, hostname and unknown (nil or "?": use the address the reply came from) are all understood
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$seed = rcp_primaries()[0];
[$host, $port] = explode(':', $seed);
$raw = new RcpRaw($seed);
// the cluster is shared with the tests that follow: put the endpoint settings back however this test ends
register_shutdown_function(function () use ($raw) {
    $raw->cmd('CONFIG', 'SET', 'cluster-preferred-endpoint-type', 'ip');
    foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'cluster-announce-hostname', '');
});
foreach (['ip', 'hostname', 'unknown-endpoint'] as $type) {
    if ($type === 'hostname') {
        foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'cluster-announce-hostname', 'localhost');
    }
    $raw->cmd('CONFIG', 'SET', 'cluster-preferred-endpoint-type', $type);
    // hostnames travel by gossip: wait (bounded) until every node of the reply shows one
    for ($t = 0; $type === 'hostname' && $t < 100; $t++) {
        $all = true;
        foreach ($raw->cmd('CLUSTER', 'SLOTS') as $r) for ($j = 2; $j < count($r); $j++) $all = $all && $r[$j][0] === 'localhost';
        if ($all) break;
        usleep(100000);
    }
    $slots = $raw->cmd('CLUSTER', 'SLOTS');
    $endpoint = $slots[0][2][0];
    $want = [];   // the node count the reply describes (a replica still syncing is left out by the server)
    foreach ($slots as $r) for ($j = 2; $j < count($r); $j++) $want[$r[$j][1]] = true;
    // a seed list of its own (plus a closed port) makes a cluster entry of its own: a fresh discovery
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $dead = stream_socket_get_name($s, false);
    fclose($s);
    $pool = rcp_pool(['prefix' => "$type:"], ["$host:$port", ['host' => $host, 'port' => (int) $port], $dead]);
    $map = $pool->getSlotMap();
    $pool->set('k', $type);
    printf("%-16s endpoint=%-9s discovered:%s nodes as in the reply:%s ranges>=3:%s get=%s\n", $type,
        var_export($endpoint, true), $pool->stats()['cluster']['refreshes'] === 1 ? 'yes' : 'no',
        count($map['nodes']) === count($want) ? 'yes' : 'no',
        count($map['slots']) >= 3 ? 'yes' : 'no', $pool->get('k'));
    $pool->del('k');
}
?>
--EXPECT--
ip               endpoint='127.0.0.1' discovered:yes nodes as in the reply:yes ranges>=3:yes get=ip
hostname         endpoint='localhost' discovered:yes nodes as in the reply:yes ranges>=3:yes get=hostname
unknown-endpoint endpoint=NULL      discovered:yes nodes as in the reply:yes ranges>=3:yes get=unknown-endpoint
