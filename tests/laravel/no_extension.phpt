--TEST--
Laravel connector without the extension (php -n, Laravel's components and adapters/laravel from their Composer install): the service provider registers the client and the cache driver without needing it; the first redis_cluster_pool connection throws RedisClusterPool\Laravel\ExtensionNotLoadedException naming the missing extension and how to enable it (extension=redis_cluster_pool in php.ini or conf.d, phpenmod)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';

$script = tempnam(sys_get_temp_dir(), 'noext') . '.php';
file_put_contents($script, <<<'PHP'
<?php
require $argv[1];
require $argv[2];
rcp_laravel_autoload();
echo 'extension loaded: ', json_encode(extension_loaded('redis_cluster_pool')), "\n";
$app = rcp_laravel_app('connector');
echo "application booted\n";
try {
    Illuminate\Support\Facades\Redis::get('k');
    echo "no exception\n";
} catch (Throwable $e) {
    echo get_class($e), ":\n", $e->getMessage(), "\n";
}
PHP);
// -n: no php.ini, so no extension but those built into PHP
passthru(escapeshellarg(PHP_BINARY) . ' -n -d display_errors=stderr ' . escapeshellarg($script) . ' '
    . escapeshellarg(getenv('RCP_LARAVEL_AUTOLOAD') ?: '/RCP_LARAVEL_AUTOLOAD is not set') . ' ' . escapeshellarg(__DIR__ . '/laravel.inc') . ' 2>&1');
unlink($script);
?>
--EXPECTF--
extension loaded: false
application booted
RedisClusterPool\Laravel\ExtensionNotLoadedException:
RedisClusterPool\Laravel\Connector needs the redis_cluster_pool PHP extension, which this PHP (%s, cli) has not loaded. Install it (PIE, PECL or from source: the README's Install section), then enable it with the line "extension=redis_cluster_pool" in php.ini (this PHP loaded none: `php --ini` says where it looks) or a file of %s (Debian and Ubuntu: a mods-available/redis_cluster_pool.ini with that line, then `phpenmod redis_cluster_pool`), and restart php-fpm. `php -m` lists the loaded extensions.
