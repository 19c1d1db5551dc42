--TEST--
Release: composer.json (the extension for PIE: type php-ext, its name, the configure options config.m4 defines) and adapters/predis/composer.json (the adapter's Composer package) pass `composer validate --strict` and agree with package.xml and config.m4 (support-zts: true, and config.m4 builds on a ZTS PHP)
--FILE--
<?php
$root = dirname(__DIR__, 2);
$home = sys_get_temp_dir() . '/composer-validate-' . getmypid();
@mkdir($home, 0777, true);

/** `composer ARGS` in $cwd: no network, no prompt, a scratch COMPOSER_HOME; [exit code, output lines]. */
function composer(string $args, string $cwd): array
{
    global $home;
    $env = 'COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_NO_INTERACTION=1 COMPOSER_DISABLE_NETWORK=1 COMPOSER_HOME='
        . escapeshellarg($home);
    exec('cd ' . escapeshellarg($cwd) . " && env $env composer $args 2>&1", $out, $rc);
    return [$rc, $out];
}
function rrmdir(string $d): void
{
    foreach (glob("$d/{,.}[!.]*", GLOB_BRACE) ?: [] as $f) is_dir($f) ? rrmdir($f) : unlink($f);
    @rmdir($d);
}

[$rc, $out] = composer('--version', $root);
if ($rc !== 0 || !preg_match('/Composer (?:version )?(\d+\.\d+\.\d+)/', implode("\n", $out), $m)) {
    echo "composer not found (scripts/deps.sh installs it): rc=$rc\n", implode("\n", $out), "\n";
    exit(1);
}
$composerVersion = $m[1];

// 1. the extension's composer.json. Composer knows the php-ext section (PIE's) from 2.7.5 on (Debian 13 has
// 2.8); an older one (Debian 12: 2.5) refuses the unknown property, so there the rest of the file is validated
// strictly without it, and the php-ext section is checked below against PIE's schema either way.
$json = json_decode(file_get_contents("$root/composer.json"), true, 512, JSON_THROW_ON_ERROR);
[$rc, $out] = composer('validate --strict', $root);
if (version_compare($composerVersion, '2.7.5', '<')) {
    $only = array_values(preg_grep('/^- /', $out));
    if ($rc === 0 || $only !== ['- The property php-ext is not defined and the definition does not allow additional properties']) {
        echo "composer $composerVersion, unexpected: rc=$rc\n", implode("\n", $out), "\n";
    }
    $copy = "$home/ext";
    mkdir($copy);
    $without = $json;
    unset($without['php-ext']);
    file_put_contents("$copy/composer.json", json_encode($without, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
    [$rc, $out] = composer('validate --strict', $copy);
}
echo "composer.json: composer validate --strict rc=$rc", $rc ? "\n" . implode("\n", $out) : '', "\n";
echo "type: {$json['type']}, require php {$json['require']['php']}, license {$json['license']}\n";

// the php-ext section, as PIE's schema (resources/composer-json-php-ext-schema.json) and Composer's
// ValidatingArrayLoader define it
$ext = $json['php-ext'] ?? [];
$known = ['extension-name', 'priority', 'support-zts', 'support-nts', 'build-path', 'download-url-method',
    'os-families', 'os-families-exclude', 'configure-options'];
foreach (array_diff(array_keys($ext), $known) as $k) echo "php-ext: unknown key $k\n";
echo "extension-name: {$ext['extension-name']}, support-zts: ", var_export($ext['support-zts'], true),
    ", support-nts: ", var_export($ext['support-nts'], true), "\n";
$m4 = file_get_contents("$root/config.m4");
preg_match('/PHP_NEW_EXTENSION\(\s*(\w+)/', $m4, $m);
if ($ext['extension-name'] !== $m[1]) echo "extension-name is not config.m4's module name $m[1]\n";

// support-zts says what config.m4 does with a thread-safe PHP: it builds one (no AC_MSG_ERROR under
// PHP_THREAD_SAFETY: the extension is thread-safe, docs/THREADS.md)
// (the AC_MSG_ERROR must be inside that if's block: up to its fi)
$refusesZts = preg_match('/if test "\$PHP_THREAD_SAFETY" = "yes"(.*?)\n\s*fi\b/s', $m4, $zb) === 1
    && str_contains($zb[1], 'AC_MSG_ERROR(');
echo "config.m4 refuses a ZTS PHP: ", $refusesZts ? 'yes' : 'no', "\n";
if ($ext['support-zts'] === $refusesZts) echo "support-zts is ", var_export($ext['support-zts'], true), " but config.m4 ",
    $refusesZts ? 'refuses' : 'accepts', " a ZTS PHP\n";

// every --with-X of config.m4 is offered to PIE users (taking a DIR), and nothing config.m4 does not define
preg_match_all('/PHP_ARG_(WITH|ENABLE)\(\[(\w+)\]/', $m4, $args, PREG_SET_ORDER);
$m4opts = [];
foreach ($args as [, $kind, $name]) $m4opts[strtolower($kind) . '-' . str_replace('_', '-', $name)] = $kind;
$offered = [];
foreach ($ext['configure-options'] as $o) {
    $offered[] = $o['name'];
    if (!preg_match('/^[a-zA-Z0-9][a-zA-Z0-9-_]*$/', $o['name'])) echo "bad option name: {$o['name']}\n";
    if (!isset($m4opts[$o['name']])) echo "{$o['name']}: not defined in config.m4\n";
    if (!is_string($o['description'] ?? null) || $o['description'] === '') echo "{$o['name']}: no description\n";
    echo "configure option --{$o['name']}", ($o['needs-value'] ?? false) === true ? '=DIR' : '', "\n";
}
foreach ($m4opts as $name => $kind) {
    if ($kind === 'WITH' && !in_array($name, $offered, true)) echo "config.m4's --$name is not in composer.json\n";
}

// the same PHP floor and license as package.xml (PECL)
$xml = simplexml_load_file("$root/package.xml");
$min = (string) $xml->dependencies->required->php->min;
if ($json['require']['php'] !== '>=' . implode('.', array_slice(explode('.', $min), 0, 2))) {
    echo "require php {$json['require']['php']} but package.xml's minimum is $min\n";
}
if ($json['license'] !== (string) $xml->license) echo "license {$json['license']} but package.xml says {$xml->license}\n";

// 2. the Predis adapter's package
[$rc, $out] = composer('validate --strict', "$root/adapters/predis");
echo "adapters/predis/composer.json: composer validate --strict rc=$rc", $rc ? "\n" . implode("\n", $out) : '', "\n";
$a = json_decode(file_get_contents("$root/adapters/predis/composer.json"), true, 512, JSON_THROW_ON_ERROR);
echo "{$a['name']}: require ", implode(', ', array_map(fn($k, $v) => "$k $v", array_keys($a['require']), $a['require'])), "\n";
echo "suggest: ", implode(', ', array_keys($a['suggest'] ?? [])), "\n";
if (!isset($a['suggest'][$json['name']])) echo "the adapter does not suggest the extension's package {$json['name']}\n";
if ($a['license'] !== $json['license']) echo "adapter license {$a['license']}, extension {$json['license']}\n";
foreach ($a['autoload']['psr-4'] as $ns => $dir) {
    foreach (['ClusterConnection', 'NodeConnection'] as $class) {
        if (!is_file("$root/adapters/predis/$dir$class.php")) echo "autoload: no $dir$class.php for $ns$class\n";
    }
}
rrmdir($home);
?>
--EXPECT--
composer.json: composer validate --strict rc=0
type: php-ext, require php >=8.2, license MIT
extension-name: redis_cluster_pool, support-zts: true, support-nts: true
config.m4 refuses a ZTS PHP: no
configure option --with-libuv=DIR
configure option --with-openssl=DIR
adapters/predis/composer.json: composer validate --strict rc=0
redis-cluster-pool/predis-adapter: require php >=8.2, ext-redis_cluster_pool *, predis/predis ~2.4.1 || ~3.6.0 || ~3.7.0
suggest: redis-cluster-pool/redis-cluster-pool
