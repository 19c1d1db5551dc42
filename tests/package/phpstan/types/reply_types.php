<?php
/*
 * The types PHPStan infers from the IDE stub for the README's idioms (tests/package/phpstan_level9.phpt):
 * every \PHPStan\dumpType() must report the type written after it.
 */
declare(strict_types=1);

namespace RcpSampleApp\Types;

use RedisClusterPool;
use RedisClusterPool\ClientInterface;
use function PHPStan\dumpType;

function types(RedisClusterPool $pool, ClientInterface $redis): void
{
    dumpType($pool->get('k'));                                 // string|null
    dumpType($pool->set('k', 'v'));                            // RedisClusterPool\Status|string|null
    dumpType($pool->mget(['a', 'b']));                         // list<string|null>
    dumpType($pool->mget('a', 'b'));                           // list<string|null>
    dumpType($pool->hgetall('h'));                             // array<string, string>
    dumpType($pool->incr('n'));                                // int
    dumpType($pool->del(['a', 'b']));                          // int
    dumpType($pool->zrange('z', 0, -1));                       // list<string>
    dumpType($pool->zrange('z', 0, -1, ['withscores' => true])); // array<int<0, max>|string, string>
    dumpType($pool->zscan('z', 0));                            // array{string, array<string, float>}
    dumpType($pool->ping());                                   // RedisClusterPool\Status
    dumpType($pool->ping('hello'));                            // string
    dumpType($pool->lpop('l'));                                // string|null
    dumpType($pool->lpop('l', 2));                             // list<string>|null
    dumpType($pool->type('k'));                                // string
    dumpType($pool->lpos('l', 'a'));                           // mixed
    dumpType($pool->executeRaw(['GET', 'k']));                 // mixed
    dumpType($pool->multi());                                  // RedisClusterPool\Status
    dumpType($pool->exec());                                   // list<mixed>|null
    dumpType($pool->pipeline(fn($p) => $p->get('a')));         // list<mixed>
    dumpType($pool->pipeline());                               // RedisClusterPool\Pipeline
    dumpType($pool->pipeline()->get('a')->incr('b'));          // RedisClusterPool\Pipeline
    dumpType($pool->transaction(fn($tx) => $tx->get('a')));    // list<mixed>|null
    dumpType($pool->transaction());                            // RedisClusterPool\Transaction<false>
    dumpType($pool->transaction()->set('a', 1)->incr('b'));    // RedisClusterPool\Transaction<false>
    $tx = $pool->transaction(['watch' => '{u}a', 'cas' => true]);
    dumpType($tx);                                             // RedisClusterPool\Transaction<true>
    dumpType($tx->get('{u}a'));                                // string|null
    dumpType($tx->multi()->set('{u}a', 1));                    // RedisClusterPool\Transaction<false>
    dumpType($tx->get('{u}a'));                                // RedisClusterPool\Transaction<false>
    $pool->transaction(['cas' => true, 'retry' => 2], function ($tx): void {
        dumpType($tx->incr('{u}n'));                           // int
    });
    foreach ($pool->scanAll('user:*') as $i => $key) {
        dumpType($key);                                        // string
        dumpType($i);                                          // int
    }
    dumpType(RedisClusterPool::poolStats()['nodes']['a:1']['latency']); // array{count: int, sum_us: int, buckets_us: array<int, int>}
    dumpType($pool->stats()['cluster']['pool']['suspect_nodes']); // list<string>
    dumpType($pool->stats()['shm']['clusters_table_full']);    // int
    dumpType($pool->getSlotMap()['nodes']['a:1']['role']);     // 'primary'|'replica'
    dumpType($pool->getSlotMap()['slots']);                    // list<array{int, int, string, list<string>}>
    dumpType($redis->pipeline());                              // RedisClusterPool\PipelineInterface
    dumpType($redis->transaction());                           // RedisClusterPool\TransactionInterface<false>
    dumpType($redis->transaction(['cas' => true])->get('k'));  // string|null
    dumpType($redis->hgetall('h'));                            // array<string, string>
}
