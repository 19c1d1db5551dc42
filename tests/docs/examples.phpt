--TEST--
Docs: every ```php block of README.md and docs/*.md runs as written against the test cluster (seeds substituted; tests/docs/docs.inc has the conventions): no error, warning or uncaught exception, every client it made answers, every reply its comments give as a PHP value is the one returned; marked blocks run the way their marker says (php-fpm, PHPUnit, config files handed to Laravel's managers and used through them, code in a Laravel application of the connector) or are listed with why not
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/docs.inc';
require __DIR__ . '/../fpm/fcgi.inc';

$seeds = rcp_seeds();
$before = rcp_doc_keys();
$blocks = rcp_doc_blocks(['php']);
if (count($blocks) < 15) echo "only ", count($blocks), " php blocks found in the docs: is the parser broken?\n";
$bad = fn(array $b, string $why) => print("FAILED {$b['id']} (line {$b['line']}): $why\n");
$predis = 'require_once ' . var_export(rcp_doc_predis_autoload(), true) . ';';

$byKind = [];
foreach ($blocks as $b) $byKind[rcp_doc_marker($b)[0]][] = $b;
foreach (array_diff(array_keys($byKind), ['', 'fpm', 'phpunit', 'laravel-config', 'laravel', 'tls', 'skip']) as $k) {
    foreach ($byKind[$k] as $b) $bad($b, "unknown marker kind '$k' (docs.inc lists the kinds)");
}

// unmarked: the CLI
$checked = 0;
foreach ($byKind[''] ?? [] as $b) {
    $r = rcp_doc_run_cli($b, $seeds, [], $predis, rcp_doc_ping_clients());
    if ($why = rcp_doc_failure($r)) $bad($b, $why);
    $checked += count($r['checked']);
}
echo "unmarked blocks: every one ran as written; replies checked: ", $checked >= 7 ? 'at least 7' : $checked, "\n";

// fpm: pages served by one php-fpm pool (2 workers)
if ($byKind['fpm'] ?? []) {
    [$dir, $addr] = rcp_fpm_start(2, '-d error_reporting=-1');
    $www = "$dir/www";
    mkdir($www);
    $fcgi = new RcpFcgi($addr);
    foreach ($byKind['fpm'] as $b) {
        $code = rcp_doc_substitute($b['code'], $seeds);
        $code = preg_replace('/^<\?php\b/', '<?php ' . rcp_doc_prelude($seeds), $code, 1, $n);
        $page = "$www/page-" . md5($b['id']) . '.php';
        file_put_contents($page, $n ? $code : '<?php ' . rcp_doc_prelude($seeds) . "\n?>" . $code);
        $body = $fcgi->get($page);
        $log = is_file("$dir/php-errors.log") ? trim(file_get_contents("$dir/php-errors.log")) : '';
        $shows = str_contains($body, 'redis_cluster_pool_') ? 'the metrics' : (str_contains($body, '<html') ? 'an HTML page' : 'something else');
        if ($log !== '' || preg_match('/(Fatal|Parse) error|Warning:|Notice:|Deprecated:/', $body) || $shows === 'something else') {
            $bad($b, "served: " . substr($body, 0, 300) . " / log: $log");
        }
        echo "fpm: {$b['id']}: served by php-fpm, shows $shows\n";
    }
}

// phpunit: the body of a test method of a PHPUnit TestCase
if ($byKind['phpunit'] ?? []) {
    $tools = (getenv('RCP_SCRATCH') ?: rcp_doc_root() . '/.scratch') . '/dev-tools';
    exec('bash ' . escapeshellarg(rcp_doc_root() . '/tests/package/phpstan/install_tools.sh') . ' ' . escapeshellarg($tools) . ' 2>&1', $o, $rc);
    if ($rc !== 0) echo "PHPUnit could not be installed (tests/package/phpstan/install_tools.sh):\n", implode("\n", $o), "\n";
    foreach ($byKind['phpunit'] as $i => $b) {
        $file = sys_get_temp_dir() . "/DocExample{$i}Test.php";
        file_put_contents($file, "<?php final class DocExample{$i}Test extends PHPUnit\\Framework\\TestCase { public function testBlock(): void { "
            . rcp_doc_prelude($seeds) . "\n" . rcp_doc_add_checks(rcp_doc_substitute($b['code'], $seeds), $b['id']) . "\n} }\n");
        $r = rcp_doc_php("$tools/vendor/bin/phpunit", [], [], ['--do-not-cache-result', '--no-progress', '--fail-on-warning',
            '--fail-on-deprecation', '--fail-on-notice', '--fail-on-risky', $file]);
        if ($r['rc'] !== 0 || trim($r['err']) !== '' || !preg_match('/^OK \(1 test, (\d+) assertions?\)/m', $r['out'], $m)) {
            $bad($b, "PHPUnit: " . trim($r['out'] . $r['err']));
        }
        echo "phpunit: {$b['id']}: ran by PHPUnit as a test method: OK, ", ($m[1] ?? 0) > 0 ? 'with assertions' : 'no assertion', "\n";
        unlink($file);
    }
}

// laravel-config: config files handed to Laravel 12.67 (tests/laravel's application: tests/docs/laravel_app.inc)
$app = var_export(__DIR__ . '/laravel_app.inc', true);
$database = [];   // doc file => [its last block with config/database.php, that fragment]
foreach ($byKind['laravel-config'] ?? [] as $b) {
    $fragments = rcp_doc_config_fragments(rcp_doc_substitute($b['code'], $seeds));
    $exercise = array_keys($fragments);
    $with = '';
    if (isset($fragments['database'])) {
        $database[$b['file']] = [$b, $fragments['database']];
    } elseif (isset($database[$b['file']])) {
        [$db, $fragments['database']] = $database[$b['file']];
        $with = " (with the config/database.php of \"{$db['section']}\" #{$db['n']})";
    } else {
        $bad($b, "no config/database.php fragment in it, nor in a laravel-config block above it in {$b['file']}");
        continue;
    }
    $dir = sys_get_temp_dir() . '/doc-config-' . md5($b['id']);
    mkdir($dir);
    rcp_doc_write_config($dir, $fragments);
    file_put_contents("$dir.php", "<?php require $app;\nrcp_doc_laravel_config(" . var_export($dir, true) . ', '
        . rcp_doc_export_list($exercise) . ");\n");
    $r = rcp_doc_php("$dir.php");
    array_map('unlink', [...glob("$dir/*.php"), "$dir.php"]);
    rmdir($dir);
    if ($why = rcp_doc_failure($r)) $bad($b, $why);
    echo "laravel-config: {$b['id']}: handed to Laravel$with: ", str_replace("\n", '; ', trim($r['out'])), "\n";
}

// laravel: application code, in tests/laravel's application of the connector
foreach ($byKind['laravel'] ?? [] as $b) {
    $r = rcp_doc_run_cli($b, $seeds, [], "require_once $app; rcp_laravel_app('connector');", rcp_doc_ping_clients());
    if ($why = rcp_doc_failure($r)) $bad($b, $why);
    echo "laravel: {$b['id']}: ran in a Laravel application of the connector (tests/laravel's)",
        $r['checked'] ? ', replies checked: ' . count($r['checked']) : '', "\n";
}

foreach ($byKind['tls'] ?? [] as $b) echo "tls: {$b['id']}: run by tests/docs/examples_tls.phpt against a TLS cluster\n";
foreach ($byKind['skip'] ?? [] as $b) echo "skip: {$b['id']}: not run: ", rcp_doc_marker($b)[1] ?: '(no reason given: give one)', "\n";
rcp_doc_cleanup($before);
?>
--EXPECT--
unmarked blocks: every one ran as written; replies checked: at least 7
fpm: README.md "Operations" #1: served by php-fpm, shows the metrics
fpm: README.md "Operations" #2: served by php-fpm, shows an HTML page
phpunit: README.md "IDE stub, PHPStan and test doubles" #1: ran by PHPUnit as a test method: OK, with assertions
laravel-config: docs/LARAVEL.md "config/database.php" #1: handed to Laravel: redis connection default: RedisClusterPool\Laravel\ClusterConnection on RedisClusterPool
laravel-config: docs/LARAVEL.md "config/cache.php, queue, session" #1: handed to Laravel (with the config/database.php of "config/database.php" #1): cache store redis: RedisClusterPool\Laravel\CacheStore: cache put/get, cache many, cache putMany, lock acquire/release; queue connection redis: Illuminate\Queue\RedisQueue (queue {default}): queue push/size/pop/delete; session driver redis: Illuminate\Session\CacheBasedSessionHandler on RedisClusterPool\Laravel\CacheStore: session save/read
laravel-config: docs/PREDIS_ADAPTER.md "The one-line switch" #2: handed to Laravel: redis connection default: Illuminate\Redis\Connections\PredisClusterConnection on Predis with the adapter
laravel: docs/LARAVEL.md "What works" #1: ran in a Laravel application of the connector (tests/laravel's)
tls: README.md "TLS" #1: run by tests/docs/examples_tls.phpt against a TLS cluster
skip: docs/THREADS.md "FrankenPHP" #1: not run: needs FrankenPHP (frankenphp_handle_request()); tests/zts/embed.c runs the same loop
