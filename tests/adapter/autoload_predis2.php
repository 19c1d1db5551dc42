<?php
/*
 * Predis v2.4 plus the adapter, for the adapter tests under Predis v2 (RCP_ADAPTER2_AUTOLOAD). Composer first:
 * the install tests/adapter/install_predis.sh made (RCP_PREDIS2_COMPOSER_AUTOLOAD, set by scripts/test.sh when
 * the package registry has predis/predis 2.4.*); else Predis 2.4.1's source in shared/vendor, beside the
 * checkout (or where RCP_SHARED_DIR says), with the adapter by PSR-4.
 */
$composer = getenv('RCP_PREDIS2_COMPOSER_AUTOLOAD');
if ($composer && is_file($composer)) {
    require_once $composer;
    return;
}
$shared = getenv('RCP_SHARED_DIR') ?: dirname(__DIR__, 3) . '/shared';
$predis2 = "$shared/vendor/predis-2.4.1/autoload.php";
if (!is_file($predis2)) {
    echo "Predis 2.4 not found: neither a Composer install (RCP_PREDIS2_COMPOSER_AUTOLOAD) nor $predis2 (set RCP_SHARED_DIR to the shared/ directory); scripts/test.sh says what to do\n";
    exit(1);
}
require_once $predis2;
spl_autoload_register(static function (string $class): void {
    $prefix = 'RedisClusterPool\\Predis\\';
    if (str_starts_with($class, $prefix)) {
        $f = dirname(__DIR__, 2) . '/adapters/predis/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($f)) require $f;
    }
});
