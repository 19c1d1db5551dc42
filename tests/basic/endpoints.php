<?php
require __DIR__ . '/../cluster.inc';
$seed = rcp_primaries()[0];
[$host, $port] = explode(':', $seed);
$raw = new RcpRaw($seed);
foreach (['ip', 'hostname', 'unknown-endpoint'] as $type) {
    if ($type === 'hostname') {
        foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'cluster-announce-hostname', 'localhost');
        usleep(300000); // hostnames travel by gossip
    }
    $raw->cmd('CONFIG', 'SET', 'cluster-preferred-endpoint-type', $type);
    $endpoint = $raw->cmd('CLUSTER', 'SLOTS')[0][2][0];
    // a seed list of its own makes a cluster entry of its own: a fresh discovery through this node
    $pool = new RedisClusterPool(["$host:$port", ['host' => $host, 'port' => (int) $port]], ['prefix' => "$type:"]);
    $map = $pool->getSlotMap();
    $pool->set('k', $type);
    printf("%-16s endpoint=%-9s nodes=%d ranges>=3:%s get=%s\n", $type, var_export($endpoint, true), count($map['nodes']),
        count($map['slots']) >= 3 ? 'yes' : 'no', $pool->get('k'));
    $pool->del('k');
}
$raw->cmd('CONFIG', 'SET', 'cluster-preferred-endpoint-type', 'ip');
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', 'cluster-announce-hostname', '');
?>
