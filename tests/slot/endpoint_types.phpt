--TEST--
Endpoints as the cluster announces them: with cluster-preferred-endpoint-type hostname (cluster-announce-hostname) the map and MOVED name host names, and with unknown-endpoint MOVED names an empty host (MOVED 3999 :6380: the node asked, another port); both followed, nothing misrouted
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function config_all(string ...$kv): void { foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('CONFIG', 'SET', ...$kv); }
function wait_endpoints(string $want): void {
    $end = microtime(true) + 20;
    do {
        $ok = true;
        foreach (rcp_seeds() as $n) {
            foreach ((new RcpRaw($n))->cmd('CLUSTER', 'SHARDS') as $shard) {
                $nodes = $shard[array_search('nodes', $shard, true) + 1];
                foreach ($nodes as $node) {
                    $ep = $node[array_search('endpoint', $node, true) + 1];
                    if ($ep !== $want) $ok = false;
                }
            }
        }
        if ($ok) return;
        usleep(100000);
    } while (microtime(true) < $end);
    throw new RuntimeException("endpoints did not become '$want'");
}
/** The port of the primary serving $slot (the endpoint form varies with the test: compare ports). */
function owner_port(int $slot): int {
    foreach ((new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'SLOTS') as $range) {
        if ($slot >= $range[0] && $slot <= $range[1]) return (int) $range[2][1];
    }
    throw new RuntimeException("slot $slot not covered");
}
/** rcp_move_slot() by port: move $slot with its keys to the primary on $to. */
function move_slot(int $slot, int $to): void {
    $from = owner_port($slot);
    $src = new RcpRaw("127.0.0.1:$from");
    $dst = new RcpRaw("127.0.0.1:$to");
    $fromId = $src->cmd('CLUSTER', 'MYID');
    $toId = $dst->cmd('CLUSTER', 'MYID');
    $dst->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'IMPORTING', $fromId);
    $src->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'MIGRATING', $toId);
    while ($keys = $src->cmd('CLUSTER', 'GETKEYSINSLOT', (string) $slot, '100')) {
        $src->cmd('MIGRATE', '127.0.0.1', (string) $to, '', '0', '5000', 'KEYS', ...$keys);
    }
    foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('CLUSTER', 'SETSLOT', (string) $slot, 'NODE', $toId);
    $end = microtime(true) + 10;
    while (owner_port($slot) !== $to && microtime(true) < $end) usleep(50000);
}
function other_primary(int $slot): string {
    $own = owner_port($slot);
    foreach ((new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'SLOTS') as $range) {
        if ((int) $range[2][1] !== $own) return '127.0.0.1:' . $range[2][1];
    }
    throw new RuntimeException('one primary only');
}
function moved_once(RedisClusterPool $pool, string $key): string {
    $slot = RedisClusterPool::keySlot($key);
    $to = other_primary($slot);
    $pool->set($key, "before");                      // the pool's map: the old owner serves the slot
    move_slot($slot, (int) explode(':', $to)[1]);
    $movedBefore = $pool->stats()['cluster']['moved'];
    $pool->set($key, "after");                       // sent to the old owner, which answers MOVED
    $direct = (new RcpRaw($to))->cmd('GET', $key);
    return "MOVED followed: " . ($pool->stats()['cluster']['moved'] > $movedBefore ? 'yes' : 'no') . ", value on the new owner: $direct, read back: " . $pool->get($key);
}
$redirect = function (string $node, string $key): string {
    $r = (new RcpRaw($node))->cmd('SET', $key, 'x');
    return $r instanceof RcpRawError ? preg_replace('/ \d+ /', ' N ', $r->message) : 'no redirect';
};
try {
    // 1. host names
    config_all('cluster-announce-hostname', 'localhost');
    config_all('cluster-preferred-endpoint-type', 'hostname');
    wait_endpoints('localhost');
    $k = 'ep:host';
    $wrong = other_primary(RedisClusterPool::keySlot($k));
    echo "a node answers: ", preg_replace('/:\d+$/', ':PORT', $redirect($wrong, $k)), "\n";
    $pool = rcp_pool(['persistent' => false]);
    $pool->get('warm');
    $hosts = array_unique(array_map(fn($a) => preg_replace('/:\d+$/', '', $a), array_keys($pool->getSlotMap()['nodes'])));
    echo "the pool's map names: ", implode(',', $hosts), "\n";
    echo moved_once($pool, $k), "\n";

    // 2. no endpoint known: MOVED with an empty host
    config_all('cluster-preferred-endpoint-type', 'unknown-endpoint');
    wait_endpoints('');
    $k = 'ep:empty';
    $wrong = other_primary(RedisClusterPool::keySlot($k));
    echo "a node answers: ", preg_replace('/:\d+$/', ':PORT', $redirect($wrong, $k)), "\n";
    $pool = rcp_pool(['persistent' => false]);
    $pool->get('warm');
    echo moved_once($pool, $k), "\n";
} finally {
    config_all('cluster-preferred-endpoint-type', 'ip');
    config_all('cluster-announce-hostname', '');
    wait_endpoints('127.0.0.1');
}
echo "restored\n";
?>
--EXPECT--
a node answers: MOVED N localhost:PORT
the pool's map names: localhost
MOVED followed: yes, value on the new owner: after, read back: after
a node answers: MOVED N :PORT
MOVED followed: yes, value on the new owner: after, read back: after
restored
