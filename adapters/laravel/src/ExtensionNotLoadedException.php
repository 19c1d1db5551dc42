<?php

declare(strict_types=1);

namespace RedisClusterPool\Laravel;

/**
 * The redis_cluster_pool extension is not loaded in this PHP: the connector cannot work without it. Thrown when
 * a redis_cluster_pool connection is made (never at boot: an application that does not use the client runs
 * without the extension).
 */
class ExtensionNotLoadedException extends \RuntimeException
{
    /** Throws when the extension is not loaded; $by names what needs it. */
    public static function check(string $by): void
    {
        if (extension_loaded('redis_cluster_pool')) {
            return;
        }
        $ini = php_ini_loaded_file();
        throw new self(
            "$by needs the redis_cluster_pool PHP extension, which this PHP (" . PHP_VERSION . ', ' . PHP_SAPI . ') has not loaded. '
            . 'Install it (PIE, PECL or from source: the README\'s Install section), then enable it with the line '
            . '"extension=redis_cluster_pool" in ' . ($ini !== false ? $ini : 'php.ini (this PHP loaded none: `php --ini` says where it looks)') . ' or a file of '
            . (PHP_CONFIG_FILE_SCAN_DIR !== '' ? PHP_CONFIG_FILE_SCAN_DIR : 'its conf.d directory')
            . ' (Debian and Ubuntu: a mods-available/redis_cluster_pool.ini with that line, then `phpenmod redis_cluster_pool`), '
            . 'and restart php-fpm. `php -m` lists the loaded extensions.'
        );
    }
}
