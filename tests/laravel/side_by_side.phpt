--TEST--
Laravel 12.67.0 side by side: the same run of cache (get/put/add/many/putMany/increment/forever/forget/remember/flush/tags/flushStaleTags), locks (acquire/release/owner/restore/block/refresh), rate limiters (RateLimiter, Redis::throttle, Redis::funnel), queue (push/pop/release/delete/later/bulk/clear/block_for on a {hash tag} queue), session and the Redis facade (command, events, mget, pipeline, transaction, eval/evalsha, flushdb, keys, scan) through the connector ('client' => 'redis_cluster_pool', with its cache driver and with Laravel's redis driver), Predis' own cluster and the Predis adapter: every check that passes with Predis' cluster passes with the connector
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/checks.inc';
rcp_laravel_autoload();

$results = [];
foreach (RCP_LARAVEL_CLIENTS as $client) {
    $results[$client] = rcp_laravel_run_checks($client);
}

/** One row of the table. */
function rcp_row(string $first, array $cells): void
{
    echo rtrim(sprintf('%-42s', $first) . implode('', array_map(fn ($c) => sprintf(' %-15s', $c), $cells))), "\n";
}

rcp_row('check', RCP_LARAVEL_CLIENTS);
$passed = array_fill_keys(RCP_LARAVEL_CLIENTS, 0);
foreach (array_keys(rcp_laravel_checks()) as $name) {
    $cells = [];
    foreach (RCP_LARAVEL_CLIENTS as $client) {
        $ok = $results[$client][$name] === null;
        $passed[$client] += $ok;
        $cells[] = $ok ? 'pass' : 'FAIL';
    }
    rcp_row($name, $cells);
}
rcp_row('passed', array_map(fn ($client) => $passed[$client] . '/' . count(rcp_laravel_checks()), RCP_LARAVEL_CLIENTS));
echo "\nwhy:\n";
foreach (RCP_LARAVEL_CLIENTS as $client) {
    foreach ($results[$client] as $name => $why) {
        if ($why !== null) echo "$client: $name: $why\n";
    }
}

echo "\nthe connector passes what Predis' cluster passes:\n";
foreach (['connector', 'connector+redis'] as $client) {
    $missing = array_keys(array_filter($results['predis'], fn ($why, $name) => $why === null && $results[$client][$name] !== null, ARRAY_FILTER_USE_BOTH));
    echo "$client: ", $missing ? 'NO: ' . implode(', ', $missing) : 'yes', "\n";
}
?>
--EXPECT--
check                                      connector       connector+redis predis          adapter
cache put/get                              pass            pass            pass            pass
cache add                                  pass            pass            pass            pass
cache many                                 pass            pass            pass            pass
cache putMany                              pass            pass            pass            pass
cache increment/decrement                  pass            pass            pass            pass
cache forever                              pass            pass            pass            pass
cache forget/pull                          pass            pass            pass            pass
cache remember                             pass            pass            pass            pass
cache flush (every primary)                pass            pass            pass            pass
cache tags put/get                         pass            pass            pass            pass
cache tags flush                           pass            pass            pass            pass
cache flushStaleTags (scan)                pass            pass            FAIL            FAIL
lock acquire/release                       pass            pass            pass            pass
lock owner/restore                         pass            pass            pass            pass
lock get(callback)                         pass            pass            pass            pass
lock block                                 pass            pass            pass            pass
lock forceRelease/refresh                  pass            pass            pass            pass
RateLimiter attempt                        pass            pass            pass            pass
RateLimiter hit/clear                      pass            pass            pass            pass
Redis::throttle                            pass            pass            pass            pass
Redis::funnel                              pass            pass            pass            pass
Redis::funnel, no {hash tag} in the name   FAIL            FAIL            FAIL            FAIL
queue push/size/pop/delete                 pass            pass            pass            pass
queue release/retry                        pass            pass            pass            pass
queue later                                pass            pass            pass            pass
queue bulk/clear                           pass            pass            pass            pass
queue pop with block_for (BLPOP)           pass            pass            pass            pass
queue, no {hash tag} in the name           FAIL            FAIL            FAIL            FAIL
session save/read                          pass            pass            pass            pass
session regenerate/invalidate              pass            pass            pass            pass
Redis command()/magic calls                pass            pass            pass            pass
Redis events (listen)                      pass            pass            pass            pass
Redis mget across slots                    pass            pass            FAIL            pass
Redis pipeline                             pass            pass            FAIL            pass
Redis transaction                          pass            pass            FAIL            pass
Redis eval/evalsha                         pass            pass            FAIL            pass
Redis flushdb (every primary)              pass            pass            pass            pass
Redis keys (every primary)                 pass            pass            pass            pass
Redis scan (whole cluster)                 pass            pass            FAIL            FAIL
passed                                     37/39           37/39           31/39           35/39

why:
connector: Redis::funnel, no {hash tag} in the name: RedisClusterPool\ClusterException: EVAL: keys hash to different slots (15483, 3096, 7225); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in o...
connector: queue, no {hash tag} in the name: RedisClusterPool\ClusterException: EVAL: keys hash to different slots (5292, 2955); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
connector+redis: Redis::funnel, no {hash tag} in the name: RedisClusterPool\ClusterException: EVAL: keys hash to different slots (15483, 3096, 7225); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in o...
connector+redis: queue, no {hash tag} in the name: RedisClusterPool\ClusterException: EVAL: keys hash to different slots (5292, 2955); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
predis: cache flushStaleTags (scan): Predis\NotSupportedException: Cannot use 'SCAN' with redis-cluster.
predis: Redis::funnel, no {hash tag} in the name: Predis\NotSupportedException: Cannot use 'EVAL' with redis-cluster.
predis: queue, no {hash tag} in the name: Predis\NotSupportedException: Cannot use 'EVAL' with redis-cluster.
predis: Redis mget across slots: Predis\NotSupportedException: Cannot use 'MGET' with redis-cluster.
predis: Redis pipeline: Predis\Response\ServerException: MOVED 8507 HOST:PORT
predis: Redis transaction: Predis\Transaction\AbortedMultiExecException: The current transaction has been aborted by the server.
predis: Redis eval/evalsha: Predis\NotSupportedException: Cannot use 'SCRIPT' with redis-cluster.
predis: Redis scan (whole cluster): Predis\NotSupportedException: Cannot use 'SCAN' with redis-cluster.
adapter: cache flushStaleTags (scan): Predis\NotSupportedException: Cannot use 'SCAN' with redis-cluster: iterate the nodes, foreach ($client as $node) $node->scan(...)
adapter: Redis::funnel, no {hash tag} in the name: Predis\NotSupportedException: EVAL: keys hash to different slots (15483, 3096, 7225); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in o...
adapter: queue, no {hash tag} in the name: Predis\NotSupportedException: EVAL: keys hash to different slots (5292, 2955); a command spanning slots cannot be sent to one node (use a {hash tag} to keep the keys in one slot)
adapter: Redis scan (whole cluster): Predis\NotSupportedException: Cannot use 'SCAN' with redis-cluster: iterate the nodes, foreach ($client as $node) $node->scan(...)

the connector passes what Predis' cluster passes:
connector: yes
connector+redis: yes
