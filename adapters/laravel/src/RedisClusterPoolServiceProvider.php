<?php

/*
 * RedisClusterPoolServiceProvider - registers, in a Laravel application (auto-discovered through
 * composer.json's extra.laravel.providers):
 *  - the Redis client `redis_cluster_pool` (config/database.php: 'redis' => ['client' => 'redis_cluster_pool']);
 *  - the cache driver `redis_cluster_pool` (config/cache.php: a store with 'driver' => 'redis_cluster_pool'
 *    and its Redis 'connection', as the `redis` driver takes them): Laravel's RedisStore with one-round-trip
 *    many()/putMany() (CacheStore).
 * Both are registered when Laravel first makes its Redis and cache managers, so a provider that loads before
 * them costs nothing, and an application that never uses the client never needs the extension.
 */

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

use Illuminate\Cache\CacheManager;
use Illuminate\Redis\RedisManager;
use Illuminate\Support\ServiceProvider;

class RedisClusterPoolServiceProvider extends ServiceProvider
{
    /** The client name (config/database.php) and cache driver name (config/cache.php). */
    public const NAME = 'redis_cluster_pool';

    public function register()
    {
        $this->whenMade('redis', static function (RedisManager $redis): void {
            // not a static closure: RedisManager::extend() binds it to itself
            $redis->extend(self::NAME, fn () => new Connector());
        });
        $this->whenMade('cache', static function (CacheManager $cache): void {
            $cache->extend(self::NAME, function ($app, array $config) {
                // $this is the CacheManager (extend() binds the closure to it): the store is made as its
                // createRedisDriver() makes the `redis` driver's, with the same config keys
                $connection = $config['connection'] ?? 'default';
                $store = new CacheStore($app['redis'], $this->getPrefix($config), $connection, $this->getSerializableClasses($config));

                return $this->repository($store->setLockConnection($config['lock_connection'] ?? $connection), $config);
            });
        });
    }

    /** Runs $callback on the service $abstract when the container makes it, or now if it was made already. */
    private function whenMade(string $abstract, \Closure $callback): void
    {
        if ($this->app->resolved($abstract)) {
            $callback($this->app->make($abstract));
        }
        $this->app->afterResolving($abstract, $callback);
    }
}
