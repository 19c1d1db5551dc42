--TEST--
Fault: commandInfo() with every bad type (it segfaulted on commandInfo(1), null, 1.5, true, and put heap bytes in the message for an array or object) gives PHP's own TypeError, or the string coercion of weak mode; every public method of every class, given each bad type for each parameter, throws a TypeError naming the argument or the extension's own exception, never crashes nor warns
--EXTENSIONS--
redis_cluster_pool
--INI--
error_reporting=-1
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/../cluster.inc';
$engine = 0;
set_error_handler(function (int $no, string $msg) use (&$engine): bool {
    // the engine's own deprecations of weak mode (null to a scalar parameter, a fractional float to an int one)
    // are what every internal function gives; they are counted in the sweep, shown for commandInfo()
    if ($no === E_DEPRECATED && preg_match('/Passing null to parameter|Implicit conversion from float/', $msg) && $engine >= 0) {
        $engine++;
        return true;
    }
    echo "  (PHP said: $msg)\n";
    return true;
});
$res = fopen('php://memory', 'r');
$bad = ['1' => 1, 'null' => null, '1.5' => 1.5, 'true' => true, 'NAN' => NAN, '[]' => [], "['get']" => ['get'],
    'stdClass' => new stdClass(), 'closure' => fn() => 1, 'resource' => $res, 'Stringable' => new class { public function __toString(): string { return 'get'; } }];
function show(string $what, Closure $f): void
{
    try {
        $r = $f();
        echo "$what: returned ", is_array($r) ? 'the info of ' . $r['name'] : get_debug_type($r), "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo "-- strict mode, as the command name and as a later argument\n";
foreach ($bad as $name => $v) {
    show("commandInfo($name)", fn() => RedisClusterPool::commandInfo($v));
    show("commandInfo('get', $name)", fn() => RedisClusterPool::commandInfo('get', $v));
}
echo "-- weak mode (through Reflection: an internal caller is never strict)\n";
$engine = -1;
$info = new ReflectionMethod('RedisClusterPool', 'commandInfo');
foreach ($bad as $name => $v) {
    show("commandInfo($name)", fn() => $info->invokeArgs(null, [$v]));
    show("commandInfo('mget', 'k', $name)", fn() => $info->invokeArgs(null, ['mget', 'k', $v]));
}
$engine = 0;

echo "-- every public method, each parameter given each bad value (the others valid)\n";
$pool = rcp_pool(['prefix' => 'types:' . getmypid() . ':']);
$objects = [
    RedisClusterPool::class => $pool,
    RedisClusterPool\Pipeline::class => $pool->pipeline(),
    RedisClusterPool\Transaction::class => $pool->transaction(),
    RedisClusterPool\KeyspaceIterator::class => $pool->scanAll(),
    RedisClusterPool\Status::class => RedisClusterPool\Status::get('OK'),
    RedisClusterPool\Error::class => new RedisClusterPool\Error('ERR x'),
    RedisClusterPool\ServerException::class => new RedisClusterPool\ServerException('ERR x'),
    RedisClusterPool\PartialFailureException::class => new RedisClusterPool\PartialFailureException('x'),
    RedisClusterPool\AuthenticationException::class => new RedisClusterPool\AuthenticationException('x'),
];
// valid values by parameter name, so that only the parameter under test is bad
$valid = ['name' => 'get', 'arguments' => ['k'], 'key' => 'k', 'argv' => 'get', 'method' => 'get', 'redisArguments' => ['k'],
    'reply' => 'v', 'callerArguments' => null, 'callback' => null, 'optionsOrCallback' => null, 'match' => null, 'count' => 0,
    'type' => null, 'commands' => [['GET', 'k']], 'commandsByNode' => [], 'keys' => 'k', 'payload' => 'OK', 'message' => 'ERR x',
    'error' => null, 'code' => 0, 'previous' => null];
$typeErrors = $ours = $returned = $other = 0;
foreach ($objects as $class => $obj) {
    foreach ((new ReflectionClass($class))->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
        if ($m->isConstructor() || $m->getDeclaringClass()->getName() !== $class && !str_starts_with($m->getDeclaringClass()->getName(), 'RedisClusterPool')) {
            continue;
        }
        $params = $m->getParameters();
        foreach ($params as $i => $param) {
            if ($param->isPassedByReference()) {
                continue;
            }
            foreach ($bad as $vname => $v) {
                $args = [];
                foreach ($params as $j => $q) {
                    if (($q->isVariadic() || $q->isPassedByReference()) && $j !== $i) break;
                    $args[] = $j === $i ? $v : ($valid[$q->getName()] ?? null);
                }
                try {
                    $m->isStatic() ? $m->invokeArgs(null, $args) : $m->invokeArgs($obj, $args);
                    $returned++;
                } catch (TypeError | ValueError $e) {
                    $typeErrors++;
                    if (!preg_match('/Argument #\d+/', $e->getMessage())) {
                        echo "$class::{$m->getName()}($vname): a TypeError that names no argument: ", $e->getMessage(), "\n";
                    }
                } catch (RedisClusterPool\Exception $e) {
                    $ours++;
                } catch (Throwable $e) {
                    $other++;
                    echo "$class::{$m->getName()}(#$i = $vname): ", get_class($e), ': ', $e->getMessage(), "\n";
                }
            }
        }
    }
}
echo "TypeErrors: ", $typeErrors > 100 ? 'many' : $typeErrors, ", the extension's exceptions: ", $ours > 20 ? 'many' : $ours,
    ", returned: ", $returned > 20 ? 'many' : $returned, ", anything else: $other, the engine's own deprecations of weak mode: ",
    $engine > 0 ? 'some' : 'none', "\n";

echo "-- getters of a subclass that unset() a typed property: PHP's own Error, as \$this->node would give\n";
class UnsetNode extends RedisClusterPool\ServerException { public function __construct() { unset($this->node); } }
class UnsetFailures extends RedisClusterPool\PartialFailureException { public function __construct() { unset($this->failures); } }
foreach ([fn() => (new UnsetNode())->getNode(), fn() => (new UnsetFailures())->getFailures(),
          fn() => (new UnsetFailures())->getFailedKeys()] as $f) {
    try {
        echo get_debug_type($f()), "\n";
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
-- strict mode, as the command name and as a later argument
commandInfo(1): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, int given
commandInfo('get', 1): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, int given
commandInfo(null): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, null given
commandInfo('get', null): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, null given
commandInfo(1.5): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, float given
commandInfo('get', 1.5): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, float given
commandInfo(true): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, %r(bool|true)%r given
commandInfo('get', true): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, %r(bool|true)%r given
commandInfo(NAN): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, float given
commandInfo('get', NAN): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, float given
commandInfo([]): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, array given
commandInfo('get', []): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, array given
commandInfo(['get']): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, array given
commandInfo('get', ['get']): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, array given
commandInfo(stdClass): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, stdClass given
commandInfo('get', stdClass): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, stdClass given
commandInfo(closure): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, Closure given
commandInfo('get', closure): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, Closure given
commandInfo(resource): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, resource given
commandInfo('get', resource): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, resource given
commandInfo(Stringable): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, class@anonymous given
commandInfo('get', Stringable): TypeError: RedisClusterPool::commandInfo(): Argument #2 must be of type string, class@anonymous given
-- weak mode (through Reflection: an internal caller is never strict)
commandInfo(1): RedisClusterPool\InvalidArgumentException: Unknown command '1'
commandInfo('mget', 'k', 1): returned the info of MGET
  (PHP said: RedisClusterPool::commandInfo(): Passing null to parameter #1 of type string is deprecated)
commandInfo(null): RedisClusterPool\InvalidArgumentException: Unknown command ''
  (PHP said: RedisClusterPool::commandInfo(): Passing null to parameter #3 of type string is deprecated)
commandInfo('mget', 'k', null): returned the info of MGET
commandInfo(1.5): RedisClusterPool\InvalidArgumentException: Unknown command '1.5'
commandInfo('mget', 'k', 1.5): returned the info of MGET
commandInfo(true): RedisClusterPool\InvalidArgumentException: Unknown command '1'
commandInfo('mget', 'k', true): returned the info of MGET
commandInfo(NAN): RedisClusterPool\InvalidArgumentException: Unknown command 'NAN'
commandInfo('mget', 'k', NAN): returned the info of MGET
commandInfo([]): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, array given
commandInfo('mget', 'k', []): TypeError: RedisClusterPool::commandInfo(): Argument #3 must be of type string, array given
commandInfo(['get']): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, array given
commandInfo('mget', 'k', ['get']): TypeError: RedisClusterPool::commandInfo(): Argument #3 must be of type string, array given
commandInfo(stdClass): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, stdClass given
commandInfo('mget', 'k', stdClass): TypeError: RedisClusterPool::commandInfo(): Argument #3 must be of type string, stdClass given
commandInfo(closure): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, Closure given
commandInfo('mget', 'k', closure): TypeError: RedisClusterPool::commandInfo(): Argument #3 must be of type string, Closure given
commandInfo(resource): TypeError: RedisClusterPool::commandInfo(): Argument #1 must be of type string, resource given
commandInfo('mget', 'k', resource): TypeError: RedisClusterPool::commandInfo(): Argument #3 must be of type string, resource given
commandInfo(Stringable): returned the info of GET
commandInfo('mget', 'k', Stringable): returned the info of MGET
-- every public method, each parameter given each bad value (the others valid)
TypeErrors: many, the extension's exceptions: many, returned: many, anything else: 0, the engine's own deprecations of weak mode: some
-- getters of a subclass that unset() a typed property: PHP's own Error, as $this->node would give
Error: Typed property RedisClusterPool\ServerException::$node must not be accessed before initialization
Error: Typed property RedisClusterPool\PartialFailureException::$failures must not be accessed before initialization
Error: Typed property RedisClusterPool\PartialFailureException::$failures must not be accessed before initialization
