<?php
/*
 * For benchmarks/www/bench.php (the "Predis over redis_cluster_pool" column): returns
 * fn(array $seeds): Predis\Client using this adapter. Predis comes from RCP_PREDIS3_AUTOLOAD (set by the
 * benchmark harness); the adapter's classes are loaded from src/ without Composer.
 */
require_once getenv('RCP_PREDIS3_AUTOLOAD');
spl_autoload_register(function (string $class): void {
    $prefix = 'RedisClusterPool\\Predis\\';
    if (str_starts_with($class, $prefix)) {
        require __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    }
});
return fn(array $seeds): Predis\Client =>
    new Predis\Client($seeds, ['cluster' => [RedisClusterPool\Predis\ClusterConnection::class, 'create']]);
