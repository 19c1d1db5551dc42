<?php
/*
 * What a benchmark run ran on, as JSON on stdout: the platform (RCP_BENCH_PLATFORM), Debian release, kernel,
 * CPU, PHP, this extension with the libuv it runs with, phpredis, the cluster's server and version, the
 * 1-minute/5-minute/15-minute load average.
 *   php -d extension=... benchmarks/platform.php          at the start of the measurement (needs RCP_TEST_SEEDS)
 *   php -d extension=... benchmarks/platform.php FILE     at the end: FILE (the start's output) plus the load now
 */
require __DIR__ . '/../tests/cluster.inc';
if (isset($argv[1])) {
    $p = json_decode(file_get_contents($argv[1]), true);
    $p['loadavg_end'] = sys_getloadavg();
    $p['end'] = date('c');
    echo json_encode($p, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
    exit(0);
}
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
$field = fn(string $name, string $text) => preg_match('/^' . preg_quote($name, '/') . '\s*(?:=>|:)\s*(.+?)\s*$/m', $text, $m) ? $m[1] : null;
$srv = (new RcpRaw(rcp_primaries()[0]))->cmd('INFO', 'server');
$os = is_file('/etc/os-release') ? parse_ini_file('/etc/os-release') : [];
echo json_encode([
    'platform' => getenv('RCP_BENCH_PLATFORM') ?: null,
    'os' => $os['PRETTY_NAME'] ?? php_uname('s'),
    'kernel' => php_uname('r'),
    'cpu' => $field('model name', (string) @file_get_contents('/proc/cpuinfo')),
    'cpus' => (int) shell_exec('nproc'),
    'php' => PHP_VERSION,
    'redis_cluster_pool' => phpversion('redis_cluster_pool'),
    'libuv' => $field('libuv (running)', $info),
    'phpredis' => phpversion('redis') ?: null,
    // Valkey answers redis_version 7.2.4 for compatibility; its own version is valkey_version
    'server' => ($v = $field('valkey_version', $srv)) !== null ? "Valkey $v" : 'Redis ' . $field('redis_version', $srv),
    'start' => date('c'),
    'loadavg_start' => sys_getloadavg(),
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
