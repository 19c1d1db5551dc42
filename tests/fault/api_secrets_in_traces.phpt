--TEST--
Security: the arguments of AUTH, HELLO ... AUTH, MIGRATE ... AUTH/AUTH2, ACL SETUSER and CONFIG SET are redacted like #[\SensitiveParameter] in the traces of exceptions thrown for them (the extension's own, PHP's TypeErrors, a user __toString's) and in debug_backtrace(), through method syntax, __call(), executeRaw(), pipelines, transactions, rawPipeline(), rawOnNodes(), commandInfo(), predisArgs() and predisReply(); so are the arguments of a name that is not a command (Predis' createCommand('auth', [...]) reaches __call()), refused before their types are checked; other commands keep their arguments in traces
--EXTENSIONS--
redis_cluster_pool
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// the blocks below read the secret from here: a closure that captured it would show it in print_r() of a trace
final class S { public static string $s = ''; }
$s = S::$s = 'S3cret' . bin2hex(random_bytes(4));
$pool = rcp_pool(['prefix' => 'trace:' . getmypid() . ':']);
$pool->set('mk', 'v');                       // MIGRATE needs a key: it then fails to reach 127.0.0.1:1
$node = array_key_first($pool->getSlotMap()['nodes']);
$seen = [];                                  // what a __toString's debug_backtrace() showed
$spy = new class($seen) {
    public function __construct(private array &$seen) {}
    public function __toString(): string
    {
        $this->seen[] = print_r(array_map(fn($f) => $f['args'] ?? [], debug_backtrace()), true);
        throw new LogicException('from __toString');
    }
};
$cases = [
    'auth()'                       => fn() => $pool->auth('user', $s),
    'AUTH(), another case'         => fn() => $pool->AUTH($s),
    'hello(3, AUTH, u, s)'         => fn() => $pool->hello(3, 'AUTH', 'user', $s),
    '__call(auth)'                 => fn() => $pool->__call('auth', [$s]),
    '__call(auth, not an array)'   => fn() => $pool->__call('auth', $s),
    'auth(__toString throws)'      => fn() => $pool->auth($spy, $s),
    'migrate(AUTH)'                => fn() => $pool->migrate('127.0.0.1', 1, 'mk', 0, 100, 'AUTH', $s),
    'migrate(AUTH2)'               => fn() => $pool->migrate('127.0.0.1', 1, 'mk', 0, 100, 'AUTH2', 'u', $s),
    'acl(SETUSER >s, bad rule)'    => fn() => $pool->acl('SETUSER', 'rcp-trace-user', ">$s", 'nosuchrule'),
    'config(SET requirepass, odd)' => fn() => $pool->config('SET', 'requirepass', $s, 'maxmemory'),
    'executeRaw(AUTH)'             => fn() => $pool->executeRaw(['AUTH', $s]),
    'executeRaw(CONFIG SET, odd)'  => fn() => $pool->executeRaw(['CONFIG', 'SET', 'masterauth', $s, 'x'], $err),
    'pipeline(fn: auth)'           => fn() => $pool->pipeline(fn($p) => $p->auth(S::$s)),
    'pipeline()->auth()'           => fn() => $pool->pipeline()->auth($s)->execute(),
    'pipeline()->__call(hello)'    => fn() => $pool->pipeline()->__call('hello', ['AUTH', 'u', $s])->execute(),
    'transaction(fn: migrate)'     => fn() => $pool->transaction(fn($t) => $t->migrate('127.0.0.1', 1, 'mk', 0, 100, 'AUTH', S::$s)),
    'raw multi, auth, exec'        => function () use ($pool, $s) { $pool->multi(); $pool->auth($s); return $pool->exec(); },
    'rawPipeline(AUTH)'            => fn() => $pool->rawPipeline([['GET', 'k'], ['AUTH', $s]]),
    'rawPipeline(flat AUTH)'       => fn() => $pool->rawPipeline(['AUTH', $s]),
    'rawOnNodes(ACL SETUSER)'      => fn() => $pool->rawOnNodes([$node => [['PING'], ['ACL', 'SETUSER', 'rcp-trace-user', ">$s", 'nosuchrule']], 'nosuch:1' => []]),
    'commandInfo(AUTH)'            => fn() => RedisClusterPool::commandInfo('AUTH', $s, []),
    'predisArgs(auth)'             => fn() => RedisClusterPool::predisArgs('auth', [$s, []]),
    'predisReply(auth), bad type'  => fn() => RedisClusterPool::predisReply('auth', [$s], 'OK', $s),
    'createCommand(auth, [s])'     => fn() => $pool->createCommand('auth', [$s]),
    'unknown command, bad type'    => fn() => $pool->nosuchcommand('x', [$s]),
    'pipeline: createCommand'      => fn() => $pool->pipeline(fn($p) => $p->createCommand('auth', [S::$s])),
    'executeRaw(unknown)'          => fn() => $pool->executeRaw(['nosuchcommand', $s], $err),
    'rawPipeline(unknown)'         => fn() => $pool->rawPipeline([['GET', 'k'], ['nosuchcommand', $s]]),
    'get() (not redacted)'         => fn() => $pool->get([$s]),
];
foreach ($cases as $what => $f) {
    try {
        $r = $f();
        echo "$what: returned ", get_debug_type($r), "\n";
        continue;
    } catch (Throwable $e) {
    }
    $trace = print_r($e->getTrace(), true) . $e->getTraceAsString() . $e;
    for ($p = $e->getPrevious(); $p; $p = $p->getPrevious()) $trace .= $p;
    $frame = $e->getTrace()[0] ?? [];
    printf("%-29s %-45s secret in message: %s, in trace: %s, top frame: %s(%s)\n", $what, get_class($e),
        str_contains($e->getMessage(), $s) ? 'YES' : 'no', str_contains($trace, $s) ? 'YES' : 'no', $frame['function'] ?? '?',
        implode(', ', array_map(fn($a) => get_debug_type($a), $frame['args'] ?? [])));
}
echo "debug_backtrace() from __toString: ", count($seen), " seen, secret in them: ",
    str_contains(implode('', $seen), $s) ? 'YES' : 'no', "\n";
echo "ACL user created: ", json_encode(in_array('rcp-trace-user', rcp_raw(rcp_primaries()[0])->cmd('ACL', 'USERS'), true)), "\n";
$pool->del('mk');
?>
--EXPECT--
auth()                        RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
AUTH(), another case          RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
hello(3, AUTH, u, s)          RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
__call(auth)                  RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
__call(auth, not an array)    TypeError                                     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
auth(__toString throws)       LogicException                                secret in message: no, in trace: no, top frame: __toString()
migrate(AUTH)                 RedisClusterPool\ServerException              secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
migrate(AUTH2)                RedisClusterPool\ServerException              secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
acl(SETUSER >s, bad rule)     RedisClusterPool\ServerException              secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
config(SET requirepass, odd)  RedisClusterPool\ServerException              secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
executeRaw(AUTH)              RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: executeRaw(SensitiveParameterValue)
executeRaw(CONFIG SET, odd): returned string
pipeline(fn: auth)            RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: execute()
pipeline()->auth()            RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: execute()
pipeline()->__call(hello)     RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: execute()
transaction(fn: migrate)      RedisClusterPool\ServerException              secret in message: no, in trace: no, top frame: transaction(Closure)
raw multi, auth, exec         RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, array)
rawPipeline(AUTH)             RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: rawPipeline(SensitiveParameterValue)
rawPipeline(flat AUTH)        RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: rawPipeline(SensitiveParameterValue)
rawOnNodes(ACL SETUSER)       RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: rawOnNodes(SensitiveParameterValue)
commandInfo(AUTH)             TypeError                                     secret in message: no, in trace: no, top frame: commandInfo(string, SensitiveParameterValue, SensitiveParameterValue)
predisArgs(auth)              RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: predisArgs(string, SensitiveParameterValue)
predisReply(auth), bad type   TypeError                                     secret in message: no, in trace: no, top frame: predisReply(string, SensitiveParameterValue, SensitiveParameterValue, SensitiveParameterValue)
createCommand(auth, [s])      RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
unknown command, bad type     RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: __call(string, SensitiveParameterValue)
pipeline: createCommand       RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: execute()
executeRaw(unknown)           RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: executeRaw(SensitiveParameterValue, null)
rawPipeline(unknown)          RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: no, top frame: rawPipeline(SensitiveParameterValue)
get() (not redacted)          RedisClusterPool\InvalidArgumentException     secret in message: no, in trace: YES, top frame: get(array)
debug_backtrace() from __toString: 1 seen, secret in them: no
ACL user created: false
