--TEST--
Command methods: the most used commands ($pool->get(), $pipe->set(), $tx->incr()...) are found directly, without the __call trampoline, and give exactly what __call() gives with the same name and arguments: replies, error replies, and the same exceptions for a wrong argument count, bad types, null keys and named arguments, on the pool, a pipeline and a transaction; another spelling ($pool->GET()) still goes through __call()
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();

// valid arguments per command: $a and $b share a slot (tag m for the methods, c for __call)
$valid = fn(string $a, string $b): array => [
    'get' => [$a], 'set' => [$a, 'v'], 'mget' => [[$a, $b]], 'mset' => [[$a => '1', $b => '2']], 'del' => [$a, $b],
    'exists' => [$a], 'incr' => [$a], 'incrby' => [$a, 5], 'decr' => [$a], 'decrby' => [$a, 2],
    'expire' => [$a, 100], 'ttl' => [$a], 'setex' => [$a, 100, 'v'], 'setnx' => [$b, 'v'], 'unlink' => [$b],
    'strlen' => [$a], 'getex' => [$a, 'ex', 50], 'pexpire' => [$a, 100000], 'persist' => [$a], 'type' => [$a],
    'hget' => [$b, 'f'], 'hset' => [$b, 'f', 'v'], 'hmget' => [$b, ['f', 'g']], 'hmset' => [$b, ['g' => '1']],
    'hgetall' => [$b], 'hexists' => [$b, 'f'], 'hincrby' => [$b, 'n', 3], 'hlen' => [$b], 'hdel' => [$b, 'f'],
    'sadd' => [$a, 'x', 'y'], 'srem' => [$a, 'x'], 'smembers' => [$a], 'sismember' => [$a, 'y'], 'scard' => [$a],
    'zadd' => [$a, ['m' => 1.5]], 'zincrby' => [$a, 2, 'm'], 'zrange' => [$a, 0, -1, ['withscores' => true]],
    'zscore' => [$a, 'm'], 'zrem' => [$a, 'm'], 'zcard' => [$a],
    'lpush' => [$a, 'x', 'y'], 'rpush' => [$a, ['z']], 'lrange' => [$a, 0, -1], 'llen' => [$a], 'lpop' => [$a],
    'rpop' => [$a], 'eval' => ['return KEYS[1]', 1, $a], 'evalsha' => [sha1('return 7 -- rcp'), 0],
];
// the same commands with wrong arguments
$bad = fn(string $t): array => [[], [["{{$t}}n"]], [new stdClass()], [null], [null, null, null], ['key' => "{{$t}}k"],
    ["{{$t}}k", 1.5, true, false, 7]];

function norm(mixed $r): mixed
{
    return match (true) {
        $r instanceof RedisClusterPool\Status => 'Status ' . $r->getPayload(),
        $r instanceof RedisClusterPool\Error => 'Error ' . $r->getMessage(),
        is_array($r) => array_map('norm', $r),
        default => $r,
    };
}

function outcome(callable $f): string
{
    try {
        $r = $f();
        $r = $r instanceof RedisClusterPool\Pipeline || $r instanceof RedisClusterPool\Transaction ? 'self' : $r;
        $s = 'ok ' . json_encode(norm($r));
    } catch (Throwable $e) {
        $s = get_class($e) . ': ' . $e->getMessage();
    }
    // the two keys of a case differ in their tag only (and so in their slot)
    return preg_replace('/slot \d+/', 'slot N', str_replace(['{m}', '{c}'], '{}', $s));
}

$names = array_keys($valid('a', 'b'));
$vm = $valid('{m}a', '{m}b');
$vc = $valid('{c}a', '{c}b');
$pool->del('{m}a', '{m}b', '{c}a', '{c}b', '{m}k', '{c}k', '{m}n', '{c}n');
$diff = $n = 0;
$report = function (string $what, string $m, string $c) use (&$diff, &$n) {
    $n++;
    if ($m !== $c) {
        $diff++;
        echo "$what:\n  method: $m\n  __call: $c\n";
    }
};
foreach ([1, 2] as $round) {            // twice: the state the first round left makes other replies (errors)
    foreach ($names as $name) {
        $cases = array_merge([$vc[$name]], $bad('c'));
        foreach (array_merge([$vm[$name]], $bad('m')) as $i => $args) {
            $argsc = $cases[$i];
            $pool->del('1.5', '1', '', '7');      // the untagged keys of the last case, shared by both
            // the pool
            $m = outcome(fn() => $pool->$name(...$args));
            $pool->del('1.5', '1', '', '7');
            $report("pool $name #$i", $m, outcome(fn() => $pool->__call($name, $argsc)));
            // a pipeline: queued (exceptions at the call site), then executed
            $m = outcome(function () use ($pool, $name, $args) {
                $p = $pool->pipeline();
                $p->get('{m}a')->$name(...$args);
                return $p->execute();
            });
            $pool->del('1.5', '1', '', '7');
            $report("pipeline $name #$i", $m, outcome(function () use ($pool, $name, $argsc) {
                $p = $pool->pipeline();
                $p->get('{c}a')->__call($name, $argsc);
                return $p->execute();
            }));
            // a transaction
            $m = outcome(function () use ($pool, $name, $args) {
                $t = $pool->transaction();
                $t->$name(...$args);
                return $t->execute();
            });
            $pool->del('1.5', '1', '', '7');
            $report("transaction $name #$i", $m, outcome(function () use ($pool, $name, $argsc) {
                $t = $pool->transaction();
                $t->__call($name, $argsc);
                return $t->execute();
            }));
        }
    }
}
echo "$n comparisons, $diff different\n";

// call sites written out (the engine keeps the method found at each one): the same, called again and again
$got = [];
for ($i = 0; $i < 3; $i++) {
    $got[] = outcome(fn() => $pool->set('{m}a', "v$i")) . outcome(fn() => $pool->get('{m}a')) . outcome(fn() => $pool->get())
        . outcome(fn() => $pool->get(['x'])) . outcome(fn() => $pool->incr('{m}a'))
        . outcome(fn() => $pool->pipeline()->get('{m}a')->mget(['{m}a', '{m}b'])->execute());
    $want = outcome(fn() => $pool->__call('set', ['{m}a', "v$i"])) . outcome(fn() => $pool->__call('get', ['{m}a']))
        . outcome(fn() => $pool->__call('get', [])) . outcome(fn() => $pool->__call('get', [['x']]))
        . outcome(fn() => $pool->__call('incr', ['{m}a']))
        . outcome(fn() => $pool->pipeline()->__call('get', ['{m}a'])->__call('mget', [['{m}a', '{m}b']])->execute());
    echo $got[$i] === $want ? "same\n" : "different:\n$got[$i]\n$want\n";
}
echo $got[0], "\n";

// another spelling goes through __call(), which names the command as called
echo outcome(fn() => $pool->GET(['x'])), "\n";
echo outcome(fn() => $pool->get(['x'])), "\n";
// the raw transaction: commands between multi() and exec() are queued, as through __call()
$pool->multi();
var_dump((string) $pool->set('{m}a', 'q'), (string) $pool->get('{m}a'));
echo outcome(fn() => $pool->exec()), "\n";
// not declared: Reflection and the class's method list show __call() only
var_dump(in_array('get', get_class_methods($pool), true), is_callable([$pool, 'get']), method_exists($pool, 'get'),
    method_exists($pool, 'GET'));
// as callables and closures (the engine calls a copy of the method then)
$f = $pool->get(...);
var_dump($f('{m}a'));
$g = Closure::fromCallable([$pool, 'mget']);
echo json_encode($g(['{m}a', '{m}b'])), ' ', json_encode(call_user_func_array([$pool, 'hmget'], ['{m}h', ['f']])), "\n";
$pp = $pool->pipeline();
$s = $pp->set(...);
$s('{m}b', 'w');
$pp->get(...)('{m}b');
call_user_func([$pp, 'mget'], '{m}a', '{m}b');
echo json_encode(norm($pp->execute())), "\n";
// what a pipeline or transaction queued is seen by the cycle collector
foreach ([$pool->pipeline(), $pool->transaction()] as $q) {
    $o = new class { public mixed $q; public function __toString(): string { return 'o'; } };
    $o->q = $q;
    $q->set('{m}o', $o)->__call('set', ['{m}o', $o]);
    $q->hset('{m}o2', 'f', $o);
}
unset($q, $o);
echo "cycles collected: ", gc_collect_cycles() >= 4 ? 'yes' : 'no', "\n";
$pool->del('{m}a', '{m}b', '{c}a', '{c}b', '{m}k', '{c}k', '{m}n', '{c}n');
?>
--EXPECTF--
%d comparisons, 0 different
same
same
same
ok "Status OK"ok "v0"RedisClusterPool\InvalidArgumentException: GET: wrong number of arguments (0 given, exactly 1 expected)RedisClusterPool\InvalidArgumentException: get: argument 1 must be a string or a number, array givenRedisClusterPool\ServerException: ERR value is not an integer or out of rangeok ["v0",["v0",null]]
RedisClusterPool\InvalidArgumentException: GET: argument 1 must be a string or a number, array given
RedisClusterPool\InvalidArgumentException: get: argument 1 must be a string or a number, array given
string(6) "QUEUED"
string(6) "QUEUED"
ok ["Status OK","q"]
bool(false)
bool(true)
bool(true)
bool(false)
string(1) "q"
["q",null] [null]
["Status OK","w",["q","w"]]
cycles collected: yes
