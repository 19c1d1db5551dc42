--TEST--
Release: PHPStan level 9 with the IDE stub finds no error in the README's idioms (tests/package/phpstan/app: pool, pipelines, transactions, check-and-set, scanAll, executeRaw, exceptions, metrics, ClientInterface, test doubles and a PHPUnit mock) nor in the differential corpus' calls, infers the reply types written in types/, and flags every wrong call of wrong/
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
/*
 * PHPStan (pinned, installed with Composer into the scratch directory by tests/package/phpstan/install_tools.sh,
 * cached, with PHPUnit for the sample app's mock test) runs without the extension loaded: the stub alone
 * declares the API (scanFiles, as README says). A run without network for Composer fails here: this test
 * never skips.
 */
$root = dirname(__DIR__, 2);
$dir = __DIR__ . '/phpstan';
$scratch = getenv('RCP_SCRATCH') ?: "$root/.scratch";
$install = "$scratch/dev-tools";
exec('bash ' . escapeshellarg("$dir/install_tools.sh") . ' ' . escapeshellarg($install) . ' 2>&1', $out, $rc);
if ($rc !== 0 || !is_file("$install/vendor/bin/phpstan")) {
    echo "PHPStan could not be installed (rc=$rc):\n", implode("\n", $out), "\n";
    exit(1);
}
// PHPUnit's classes (the sample app's mock test) come from the install's autoloader
$autoload = ' --autoload-file=' . escapeshellarg("$install/vendor/autoload.php");

// the calls of the differential corpus (tests/predis/differential.inc), written out as code: every one is a
// valid call, so PHPStan must accept each against the stub's signatures
require_once "$root/tests/predis/differential.inc";
$tmp = sys_get_temp_dir() . '/rcp-phpstan-' . getmypid();
@mkdir("$tmp/corpus", 0777, true);
$code = "<?php\ndeclare(strict_types=1);\n\nfunction rcp_corpus_calls(\\RedisClusterPool \$pool): void\n{\n";
$ncalls = $left = 0;
foreach (rcp_corpus() as $i => [$method, $args]) {
    // set('s:bool', true): the extension casts a bool value ("1"), but the stub types values as string|int|float
    // on purpose (a bool value is more often a bug); the corpus has it to pin the cast
    if ($method === 'set' && is_bool($args[1] ?? null)) {
        $left++;
        continue;
    }
    $ncalls++;
    $code .= "    \$pool->$method(" . implode(', ', array_map(fn($a) => str_replace("\n", ' ', var_export($a, true)), $args)) . ");\n";
}
file_put_contents("$tmp/corpus/corpus_calls.php", $code . "}\n");

$cmd = escapeshellarg(PHP_BINARY) . ' -d memory_limit=1G ' . escapeshellarg("$install/vendor/bin/phpstan")
    . ' analyse --no-progress --error-format=json' . $autoload . ' -c ' . escapeshellarg("$dir/phpstan.neon")
    . ' ' . implode(' ', array_map('escapeshellarg', ["$dir/app", "$dir/types", "$dir/wrong", "$tmp/corpus"]))
    . ' 2>' . escapeshellarg("$tmp/stderr");
$json = shell_exec($cmd);
$report = json_decode((string) $json, true);
if (!is_array($report) || !isset($report['files'])) {
    echo "no report from PHPStan:\n", $json, "\n", @file_get_contents("$tmp/stderr"), "\n";
    exit(1);
}
foreach ($report['errors'] ?? [] as $e) echo "PHPStan: $e\n";
$byFile = [];
foreach ($report['files'] as $file => $f) {
    foreach ($f['messages'] as $m) $byFile[realpath($file) ?: $file][] = $m;
}
$rel = fn(string $f) => str_starts_with($f, $tmp) ? 'corpus_calls.php' : substr($f, strlen($dir) + 1);

// 1. the app and the corpus: no error at all
$clean = 0;
foreach ([...glob("$dir/app/*.php"), "$tmp/corpus/corpus_calls.php"] as $file) {
    foreach ($byFile[realpath($file)] ?? [] as $m) {
        echo "error in ", $rel(realpath($file)), ":{$m['line']}: {$m['message']} [", $m['identifier'] ?? '?', "]\n";
    }
    $clean += count($byFile[realpath($file)] ?? []);
}
echo "app and corpus: ", $clean === 0 ? 'no error' : "$clean errors", "; corpus calls: ", $ncalls >= 250 ? '250 or more' : $ncalls,
    ", left out: $left\n";

// 2. types/: each dumpType() reports the type written after it
$file = realpath("$dir/types/reply_types.php");
$lines = file($file);
$want = [];
foreach ($lines as $i => $l) {
    if (str_contains($l, 'dumpType(') && preg_match('#//\s*(.+?)\s*$#', $l, $mm)) $want[$i + 1] = $mm[1];
}
$got = [];
foreach ($byFile[$file] ?? [] as $m) {
    if (str_starts_with($m['message'], 'Dumped type: ')) $got[$m['line']] = substr($m['message'], 13);
    else echo "types/reply_types.php:{$m['line']}: unexpected error: {$m['message']}\n";
}
$bad = 0;
foreach ($want as $line => $type) {
    if (($got[$line] ?? null) !== $type) {
        echo "types/reply_types.php:$line: expected $type, PHPStan says ", $got[$line] ?? '(nothing)', "\n";
        $bad++;
    }
}
echo "inferred types: ", count($want) >= 30 && $bad === 0 ? 'as written (30 or more)' : "$bad of " . count($want) . ' differ', "\n";

// 3. wrong/: exactly the lines marked `// flagged: IDENTIFIER`, each with that identifier
$file = realpath("$dir/wrong/wrong_calls.php");
$marked = [];
foreach (file($file) as $i => $l) {
    if (preg_match('#// flagged: ([\w.]+)#', $l, $mm)) $marked[$i + 1] = $mm[1];
}
$flagged = [];
foreach ($byFile[$file] ?? [] as $m) {
    $flagged[$m['line']][] = $m['identifier'] ?? '?';
    if (!isset($marked[$m['line']])) echo "wrong/wrong_calls.php:{$m['line']}: unexpected error: {$m['message']}\n";
}
$missed = 0;
foreach ($marked as $line => $id) {
    if (!in_array($id, $flagged[$line] ?? [], true)) {
        echo "wrong/wrong_calls.php:$line: not flagged as $id (", implode(', ', $flagged[$line] ?? ['nothing']), ")\n";
        $missed++;
    }
}
echo "wrong calls flagged: ", $missed === 0 && count($marked) >= 12 ? 'all (12 or more)' : "$missed of " . count($marked) . ' missed', "\n";

// 4. the same types with the extension loaded in PHPStan's own PHP (as in a development container): the stub's
// declarations still win over the extension's runtime reflection (which has no @method tags)
$so = getenv('RCP_EXT_SO');
if (!$so || !is_file($so)) {
    echo "RCP_EXT_SO is not set: run the suite with scripts/test.sh\n";
} else {
    $cmd2 = escapeshellarg(PHP_BINARY) . ' -d memory_limit=1G -d extension=' . escapeshellarg($so) . ' '
        . escapeshellarg("$install/vendor/bin/phpstan") . ' analyse --no-progress --error-format=json -c '
        . escapeshellarg("$dir/phpstan.neon") . ' ' . escapeshellarg("$dir/types") . ' 2>' . escapeshellarg("$tmp/stderr");
    $again = json_decode((string) shell_exec($cmd2), true);
    $same = is_array($again) && isset($again['files'][$file = realpath("$dir/types/reply_types.php")]);
    $diff = 0;
    foreach ($same ? $again['files'][$file]['messages'] : [] as $m) {
        if ('Dumped type: ' . ($want[$m['line']] ?? '?') !== $m['message']) $diff++;
    }
    echo "with the extension loaded: ", $same && $diff === 0 && count($again['files'][$file]['messages']) === count($want)
        ? 'the same types' : "$diff types differ", "\n";
}

exec('rm -rf ' . escapeshellarg($tmp));
?>
--EXPECT--
app and corpus: no error; corpus calls: 250 or more, left out: 1
inferred types: as written (30 or more)
wrong calls flagged: all (12 or more)
with the extension loaded: the same types
