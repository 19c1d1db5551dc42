<?php

/*
 * CacheStore - the cache driver `redis_cluster_pool`: Laravel's RedisStore, with many() and putMany() sent
 * as one parallel round trip over a ClusterConnection.
 *
 * Laravel's RedisStore sends one GET (and one SETEX) per key, one after the other, on any cluster connection:
 * a cross-slot MGET is refused by the servers, and its cluster check (`instanceof PredisClusterConnection`,
 * which ClusterConnection passes so that locks, tags and the queue take their cluster-safe paths) turns
 * the MGET off. The extension splits a cross-slot MGET per slot itself and writes every node's part before
 * reading any reply, so here many() is one MGET call (one round trip, all primaries in parallel), and
 * putMany() one pipeline of SETEX (likewise: each key written once, not all or nothing, as Laravel's own
 * cluster path). Everything else is RedisStore's, and over another kind of connection so are these two.
 */

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

use Illuminate\Cache\RedisStore;

class CacheStore extends RedisStore
{
    /**
     * @param  array<int, string>  $keys
     * @return array<string, mixed>
     */
    public function many(array $keys)
    {
        $connection = $this->connection();
        if (!$connection instanceof ClusterConnection || $keys === []) {
            return parent::many($keys);
        }
        $values = $connection->mget(array_map(fn ($key) => $this->prefix . $key, $keys));
        $results = [];
        foreach ($values as $i => $value) {
            $results[$keys[$i]] = $value !== null ? $this->unserialize($value) : null;
        }

        return $results;
    }

    /**
     * @param  array<string, mixed>  $values
     * @param  int  $seconds
     */
    public function putMany(array $values, $seconds)
    {
        $connection = $this->connection();
        if (!$connection instanceof ClusterConnection) {
            return parent::putMany($values, $seconds);
        }
        if ($values === []) {
            return false;
        }
        $ttl = (int) max(1, $seconds);
        $replies = $connection->pipeline(function ($pipe) use ($values, $ttl) {
            foreach ($values as $key => $value) {
                $pipe->setex($this->prefix . $key, $ttl, $this->serialize($value));
            }
        });
        foreach ($replies as $reply) {
            if ((string) $reply !== 'OK') {
                return false;
            }
        }

        return true;
    }
}
