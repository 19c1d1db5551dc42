--TEST--
Release: stubs/redis_cluster_pool.php (IDE stub) is generated from the source stub, is valid PHP, declares exactly the API the loaded extension has, and its @method tags name only commands the extension accepts
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
// 4. Redis commands (__call) as @method tags, for analysers: only commands the extension accepts
$text = file_get_contents($stub);
foreach (['RedisClusterPool' => 'mixed', 'Pipeline' => 'Pipeline'] as $class => $ret) {
    preg_match_all('/^\s*\* @method ' . $ret . ' (\w+)\(mixed \.\.\.\$arguments\)/m', $text, $m);
    $methods[$class] = $m[1];
}
echo "@method tags: ", count($methods['RedisClusterPool']) > 200 ? 'more than 200' : count($methods['RedisClusterPool']),
    ", the same on Pipeline: ", $methods['RedisClusterPool'] === $methods['Pipeline'] ? 'yes' : 'no', "\n";
foreach ($methods['RedisClusterPool'] as $name) {
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
foreach (['get', 'set', 'mget', 'del', 'hgetall', 'zadd', 'eval', 'xadd', 'xread_v4', 'ping', 'client'] as $name) {
    if (!in_array($name, $methods['RedisClusterPool'], true)) echo "no @method for $name\n";
}
foreach (['subscribe', 'psubscribe', 'multi', 'exec', 'watch', 'select', 'monitor', 'auth'] as $name) {
    if (in_array($name, $methods['RedisClusterPool'], true)) echo "@method for refused $name\n";
}
echo "VERSION in the IDE stub: ", preg_match('/const VERSION = "' . preg_quote(RedisClusterPool::VERSION, '/') . '";/',
    file_get_contents($stub)) ? 'matches' : 'differs', "\n";
?>
--EXPECT--
up to date: yes
php -l: ok
extension API lines: more than 30
@method tags: more than 200, the same on Pipeline: yes
VERSION in the IDE stub: matches
