<?php
/*
 * Predis v2.4.1 (not in the package registry: its source is in shared/vendor, beside the checkout, or where
 * RCP_SHARED_DIR says) plus the adapter (PSR-4), for the adapter tests under Predis v2.
 */
$shared = getenv('RCP_SHARED_DIR') ?: dirname(__DIR__, 3) . '/shared';
$predis2 = "$shared/vendor/predis-2.4.1/autoload.php";
if (!is_file($predis2)) {
    echo "Predis v2.4.1 not found at $predis2 (set RCP_SHARED_DIR to the shared/ directory)\n";
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
