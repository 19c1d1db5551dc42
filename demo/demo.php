<?php
/*
 * The demo page served by php-fpm in `bash scripts/demo.sh`. Each request:
 *  - builds a RedisClusterPool from the seeds (as application code would, every request),
 *  - writes and reads a few keys spread over the whole cluster,
 *  - and reports what this worker process has paid for it: topology requests (CLUSTER SHARDS, or CLUSTER SLOTS
 *    on servers without it) sent, sockets opened and reused.
 */
header('Content-Type: text/plain');
$seeds = explode(',', getenv('RCP_TEST_SEEDS') ?: ($_GET['seeds'] ?? '127.0.0.1:7000'));
$pool = new RedisClusterPool($seeds, ['prefix' => 'demo:']);

$n = (int) ($_GET['n'] ?? 0);
$pool->set("visits:{$n}", (string) $n);
$pool->incr('counter');
// ten keys spread over every primary: MSET and MGET are split per slot and sent to all nodes at once
$keys = array_map(fn($i) => "user:$i", range(1, 10));
$pool->mset(array_combine($keys, array_map(fn($i) => "name-$i", range(1, 10))));
$values = $pool->mget($keys);
$nodes = count(array_unique(array_map([$pool, 'nodeForKey'], $keys)));

$s = $pool->stats();
printf("request %-3d worker pid %-6d  counter=%-4d  MGET of 10 keys on %d primaries -> %s ...\n", $n, $s['pid'],
    $pool->get('counter'), $nodes, json_encode(array_slice($values, 0, 3)));
printf("   this worker so far: topology requests sent %d, sockets opened %d, reused %d, pooled now %d, map generation %d (%d nodes)\n",
    $s['cluster']['cluster_slots_sent'], $s['connections']['opened'], $s['connections']['reused'],
    $s['connections']['pooled'], $s['cluster']['generation'], $s['cluster']['nodes']);
