<?php
/*
 * The demo page served by php-fpm in `bash scripts/demo.sh`. Each request:
 *  - builds a RedisClusterPool from the seeds (as application code would, every request),
 *  - writes and reads a few keys spread over the whole cluster,
 *  - and reports what this worker process has paid for it: CLUSTER SLOTS sent, sockets opened and reused.
 */
header('Content-Type: text/plain');
$seeds = explode(',', getenv('RCP_TEST_SEEDS') ?: ($_GET['seeds'] ?? '127.0.0.1:7000'));
$pool = new RedisClusterPool($seeds, ['prefix' => 'demo:']);

$n = (int) ($_GET['n'] ?? 0);
$pool->set("visits:{$n}", (string) $n);
$pool->incr('counter');
$keys = ["user:{42}:name", "user:{42}:mail", "user:{42}:seen"];
$pool->mset(array_combine($keys, ['Ada', 'ada@example.org', date('c')]));   // one slot ({42}): one node
$values = $pool->mget($keys);

$s = $pool->stats();
printf("request %-3d worker pid %-6d  counter=%-4d  mget=%s\n", $n, $s['pid'], $pool->get('counter'),
    json_encode(array_slice($values, 0, 2)));
printf("   this worker so far: CLUSTER SLOTS sent %d, sockets opened %d, reused %d, pooled now %d, map generation %d (%d nodes)\n",
    $s['cluster']['cluster_slots_sent'], $s['connections']['opened'], $s['connections']['reused'],
    $s['connections']['pooled'], $s['cluster']['generation'], $s['cluster']['nodes']);
