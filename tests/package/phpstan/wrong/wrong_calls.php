<?php
/*
 * Calls PHPStan must flag (tests/package/phpstan_level9.phpt): each line with a "flagged:" comment must get
 * an error with the identifier it names, and no other line may get one. They prove the stub's types are precise
 * (a `mixed ...$arguments` / `mixed` signature would let every one of them through).
 */
declare(strict_types=1);

namespace RcpSampleApp\Wrong;

use RedisClusterPool;
use RedisClusterPool\ClientInterface;

function wrong(RedisClusterPool $pool, ClientInterface $redis): void
{
    $pool->get();                                              // flagged: arguments.count
    $pool->get(['k']);                                         // flagged: argument.type
    echo strlen($pool->incr('n'));                             // flagged: argument.type
    $pool->get('k')->getPayload();                             // flagged: method.nonObject
    $pool->hgetall('h')->count();                              // flagged: method.nonObject
    $pool->pipeline()->set('a', 1)->get('a')->execute()->x();  // flagged: method.nonObject
    $pool->pipeline(fn($p) => $p->set('a', 1))->execute();     // flagged: method.nonObject
    $pool->transaction()->set('{u}a', 1)->nope();              // flagged: method.notFound
    $redis->mget(['a', 'b'])[0]->getPayload();                 // flagged: method.nonObject
    $redis->transaction(['cas' => true], function ($tx): void {
        $tx->get('{u}a')->incr('{u}b');                        // flagged: method.nonObject
    });
    foreach ($pool->scanAll() as $key) {
        $key->x();                                             // flagged: method.nonObject
    }
    $redis->zadd('z', new \stdClass());                        // flagged: argument.type
    echo RedisClusterPool::keySlot(42);                        // flagged: argument.type
}

/** A double that does not implement the interface's methods. */
final class IncompleteDouble implements ClientInterface          // flagged: method.abstract
{
}
