--TEST--
Release: stubs/redis_cluster_pool.php (IDE stub) is generated from the source stub, is valid PHP, declares exactly the API the loaded extension has, and its @method tags (on ClientInterface, PipelineInterface, TransactionInterface) name only commands the extension accepts, typed from tools/command_signatures.php, itself up to date with Predis 3.7
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/api_dump.inc';
$root = dirname(__DIR__, 2);
$stub = "$root/stubs/redis_cluster_pool.php";

// 1. up to date with stubs/redis_cluster_pool.stub.php (the source of the arginfo too)
passthru(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$root/tools/gen_ide_stub.php") . ' --check', $rc);
echo "up to date: ", $rc === 0 ? 'yes' : "no (rc=$rc)", "\n";

// 2. parses
exec(escapeshellarg(PHP_BINARY) . ' -n -l ' . escapeshellarg($stub) . ' 2>&1', $lint, $rc);
echo "php -l: ", $rc === 0 ? 'ok' : implode("\n", $lint), "\n";
foreach (['@generate-class-entries', '@undocumentable', '@strict-properties', '@not-serializable', '@cvalue'] as $tag) {
    if (str_contains(file_get_contents($stub), $tag)) echo "gen_stub-only annotation left: $tag\n";
}

// 3. the same API as the extension: the stub is loaded by a php without the extension (-n), both sides are
// dumped with Reflection by the same code
$ext = new ReflectionExtension('redis_cluster_pool');
$fromExt = rcp_api_dump($ext->getClassNames(), array_keys($ext->getFunctions()));
foreach ($ext->getConstants() as $k => $v) $fromExt[] = "constant $k = " . var_export($v, true);
sort($fromExt);

$child = <<<'PHP'
require $argv[1];
$c0 = get_declared_classes(); $i0 = get_declared_interfaces(); $f0 = get_defined_functions()['user'];
$k0 = get_defined_constants();
require $argv[2];
$classes = array_merge(array_diff(get_declared_classes(), $c0), array_diff(get_declared_interfaces(), $i0));
$lines = rcp_api_dump($classes, array_diff(get_defined_functions()['user'], $f0));
foreach (array_diff_key(get_defined_constants(), $k0) as $k => $v) $lines[] = "constant $k = " . var_export($v, true);
sort($lines);
echo serialize($lines);
PHP;
$cmd = escapeshellarg(PHP_BINARY) . ' -n -r ' . escapeshellarg($child) . ' '
    . escapeshellarg(__DIR__ . '/api_dump.inc') . ' ' . escapeshellarg($stub);
$fromStub = unserialize(shell_exec($cmd));
if (!is_array($fromStub)) {
    echo "the IDE stub could not be loaded\n";
    exit(1);
}
echo "extension API lines: ", count($fromExt) > 30 ? "more than 30" : count($fromExt), "\n";
foreach (array_diff($fromExt, $fromStub) as $l) echo "missing from the IDE stub: $l\n";
foreach (array_diff($fromStub, $fromExt) as $l) echo "in the IDE stub, not in the extension: $l\n";
// 4. Redis commands (__call) as @method tags, for analysers: on the three interfaces (the classes inherit them),
// the same commands on each (the pool also has its raw multi/exec/discard/watch/unwatch), only commands the
// extension accepts
$text = file_get_contents($stub);
foreach (['ClientInterface', 'PipelineInterface', 'TransactionInterface'] as $iface) {
    // the docblock right before "interface X"
    $at = strpos($text, "interface $iface\n");
    $open = $at === false ? false : strrpos(substr($text, 0, $at), '/**');
    if ($open === false) {
        echo "no docblock for $iface\n";
        continue;
    }
    $doc = [1 => substr($text, $open, $at - $open)];
    preg_match_all('/^\s*\* @method (\S+(?:\s\S+)*?) (\w+)\((.*)\)$/m', $doc[1], $m, PREG_SET_ORDER);
    $methods[$iface] = [];
    foreach ($m as [, $ret, $name, $args]) $methods[$iface][$name] = [$ret, $args];
    preg_match_all('/^\s*\* @phpstan-method .* (\w+)\((.*)\)$/m', $doc[1], $pm, PREG_SET_ORDER);
    foreach ($pm as [, $name, $args]) {
        if (($methods[$iface][$name][1] ?? null) !== $args) echo "$iface: @phpstan-method $name without the same @method\n";
    }
}
$pool = ['discard', 'exec', 'multi', 'unwatch', 'watch'];
$names = array_keys($methods['ClientInterface']);
echo "@method tags: ", count($names) > 200 ? 'more than 200' : count($names),
    ", the same on PipelineInterface: ", array_keys($methods['PipelineInterface']) === array_values(array_diff($names, $pool)) ? 'yes' : 'no',
    ", on TransactionInterface: ", array_keys($methods['TransactionInterface']) === array_values(array_diff($names, $pool)) ? 'yes' : 'no', "\n";
$typed = count(array_filter($methods['ClientInterface'], fn($t) => $t[1] !== 'mixed ...$arguments'));
echo "typed signatures (from tools/command_signatures.php): ", $typed > 200 ? 'more than 200' : $typed, "\n";
foreach ($methods['PipelineInterface'] as $name => [$ret, $args]) {
    if ($ret !== '$this' || $args !== $methods['ClientInterface'][$name][1]) echo "PipelineInterface: $name is not \$this with the pool's arguments\n";
}
foreach (array_diff($names, $pool) as $name) {
    try {
        $route = RedisClusterPool::commandInfo($name)['route'];
        if ($route === 'unsupported') echo "@method for a refused command: $name\n";
    } catch (RedisClusterPool\InvalidArgumentException $e) {
        // not a Redis command name: must be a Predis method name of the compatibility layer (xread_v4 ...),
        // which rejects missing arguments (an unknown name gets no argument filter and does not throw)
        try {
            RedisClusterPool::predisArgs($name, []);
            echo "@method for an unknown command: $name\n";
        } catch (RedisClusterPool\InvalidArgumentException) {
        }
    }
}
foreach (['get', 'set', 'mget', 'del', 'hgetall', 'zadd', 'eval', 'xadd', 'xread_v4', 'ping', 'client', ...$pool] as $name) {
    if (!isset($methods['ClientInterface'][$name])) echo "no @method for $name\n";
}
foreach (['subscribe', 'psubscribe', 'select', 'monitor', 'auth', 'multi', 'exec', 'watch'] as $name) {
    if (isset($methods['PipelineInterface'][$name])) echo "@method for refused $name on PipelineInterface\n";
}
// the Predis-derived table is what Predis 3.7 (installed for the adapter tests) gives
$auto = getenv('RCP_ADAPTER3_AUTOLOAD');
if (!$auto || !is_file($auto)) {
    echo "RCP_ADAPTER3_AUTOLOAD is not set: run the suite with scripts/test.sh (it installs Predis 3.7)\n";
} else {
    exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$root/tools/gen_command_signatures.php") . ' --check --predis '
        . escapeshellarg(dirname($auto) . '/predis/predis') . ' 2>&1', $sigOut, $rc);
    echo "tools/command_signatures.php from Predis 3.7: ", $rc === 0 ? 'up to date' : implode("\n", $sigOut), "\n";
}
echo "VERSION in the IDE stub: ", preg_match('/const VERSION = "' . preg_quote(RedisClusterPool::VERSION, '/') . '";/',
    file_get_contents($stub)) ? 'matches' : 'differs', "\n";
?>
--EXPECT--
up to date: yes
php -l: ok
extension API lines: more than 30
@method tags: more than 200, the same on PipelineInterface: yes, on TransactionInterface: yes
typed signatures (from tools/command_signatures.php): more than 200
tools/command_signatures.php from Predis 3.7: up to date
VERSION in the IDE stub: matches
