--TEST--
Predis adapter without the extension (php -n, the adapter's Composer autoload with Predis 3.7, then Predis 2.4): new Predis\Client with the adapter as its cluster option throws RedisClusterPool\Predis\ExtensionNotLoadedException (a Predis\ClientException) naming the missing extension and how to enable it (extension=redis_cluster_pool in php.ini or conf.d, phpenmod), not Error: Class "RedisClusterPool" not found
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';

$script = tempnam(sys_get_temp_dir(), 'noext') . '.php';
file_put_contents($script, <<<'PHP'
<?php
require $argv[1];
echo 'extension loaded: ', json_encode(extension_loaded('redis_cluster_pool')), ', Predis ', Predis\Client::VERSION[0], "\n";
try {
    $client = new Predis\Client(['127.0.0.1:6379'], ['cluster' => [RedisClusterPool\Predis\ClusterConnection::class, 'create']]);
    $client->get('k');
    echo "no exception\n";
} catch (Throwable $e) {
    echo get_class($e), ' (a Predis\ClientException: ', json_encode($e instanceof Predis\ClientException), "):\n", $e->getMessage(), "\n";
}
PHP);
foreach (['RCP_ADAPTER3_AUTOLOAD', 'RCP_ADAPTER2_AUTOLOAD'] as $var) {
    $autoload = getenv($var);
    if (!$autoload || !is_file($autoload)) {
        echo "$var is not set: run the suite with scripts/test.sh\n";
        exit(1);
    }
    // -n: no php.ini, so no extension but those built into PHP
    passthru(escapeshellarg(PHP_BINARY) . ' -n -d display_errors=stderr ' . escapeshellarg($script) . ' ' . escapeshellarg($autoload) . ' 2>&1');
}
unlink($script);
?>
--EXPECTF--
extension loaded: false, Predis 3
RedisClusterPool\Predis\ExtensionNotLoadedException (a Predis\ClientException: true):
RedisClusterPool\Predis\ClusterConnection needs the redis_cluster_pool PHP extension, which this PHP (%s, cli) has not loaded. Install it (PIE, PECL or from source: the README's Install section), then enable it with the line "extension=redis_cluster_pool" in php.ini (this PHP loaded none: `php --ini` says where it looks) or a file of %s (Debian and Ubuntu: a mods-available/redis_cluster_pool.ini with that line, then `phpenmod redis_cluster_pool`), and restart php-fpm. `php -m` lists the loaded extensions.
extension loaded: false, Predis 2
RedisClusterPool\Predis\ExtensionNotLoadedException (a Predis\ClientException: true):
RedisClusterPool\Predis\ClusterConnection needs the redis_cluster_pool PHP extension, which this PHP (%s, cli) has not loaded. Install it (PIE, PECL or from source: the README's Install section), then enable it with the line "extension=redis_cluster_pool" in php.ini (this PHP loaded none: `php --ini` says where it looks) or a file of %s (Debian and Ubuntu: a mods-available/redis_cluster_pool.ini with that line, then `phpenmod redis_cluster_pool`), and restart php-fpm. `php -m` lists the loaded extensions.
