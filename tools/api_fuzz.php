<?php
/*
 * tools/api_fuzz.php - a fuzz of the extension's PHP API against a real cluster: every public method of every
 * class, and __call() with the names of the command table (src/core/commands_table.h) and of the Predis layer
 * (src/predis/table.c), called with random bad arguments (null, nested and recursive arrays, objects, closures,
 * resources, NAN, INF, huge ints, 1 MB strings, NUL bytes, negative counts, wrong option arrays, objects whose
 * __toString throws or calls back into the pool), in strict and in weak typing mode. Seeded: the same seed
 * gives the same calls.
 *
 *   php -d extension=modules/redis_cluster_pool.so tools/api_fuzz.php [--calls N] [--seed N] [--verbose]
 *       [--seeds host:port,...]      (default: RCP_TEST_SEEDS, as tests/cluster/cluster.sh writes it)
 *
 * Pass: no crash, no warning, notice or deprecation (but the engine's own two deprecations of weak mode, which
 * every internal function gives: null to a scalar parameter, a fractional float to an int one), and every call
 * either returns or throws TypeError, ValueError, ArgumentCountError or one of the extension's exceptions
 * (or the fuzz's own exception, thrown by its callbacks, unchanged); no exception message and no trace holds
 * the secret the fuzz passes where passwords go (AUTH, HELLO, MIGRATE, ACL SETUSER, CONFIG SET, the options).
 * It prints a summary (outcomes by class) and every failure with the call that made it; exit status 1 on a
 * failure. A crash kills the process: run again with the same --seed and --verbose, which prints each call
 * before making it.
 *
 * Nothing it did not create is touched: it runs as an ACL user it creates on every node (removed at the end)
 * whose keys are limited to its own prefix ("rcpfuzz:<pid>:", also the pool's "prefix" option) and which may
 * not run @admin or @dangerous commands nor flush scripts or functions. Commands that would change the cluster
 * (admin, keyless writes, blocking ones mostly) are only queued behind a command that is refused before
 * anything is sent (a pipeline, a transaction, rawPipeline() or rawOnNodes() ending with a GET without its key:
 * everything is checked before anything is sent), given to commandInfo() and predisArgs(), or left to the ACL.
 * Its keys are deleted every 500 calls and at the end. Used by tests/fault/api_fuzz.phpt (a bounded run, also
 * under valgrind), docs/FAULTS.md says how to run it long.
 */
declare(strict_types=1);

/** Thrown by the fuzz's own callbacks (__toString, pipeline and transaction blocks): must come out unchanged. */
final class RcpFuzzThrown extends \Exception {}

/** A Stringable whose __toString returns a string, throws, or calls back into the fuzz (re-entrancy). */
final class RcpFuzzStr
{
    public function __construct(private \Closure $f) {}

    public function __toString(): string
    {
        return ($this->f)();
    }
}

enum RcpFuzzEnum: string
{
    case A = 'a';
}

final class RcpFuzz
{
    /** @var array<string, int> outcome => count */
    public array $counts = [];
    /** @var list<string> */
    public array $failures = [];
    public int $calls = 0;

    private Random\Randomizer $rnd;
    private RedisClusterPool $pool;
    private RedisClusterPool $admin;
    private string $prefix;
    private string $user;
    private string $password;
    private string $secret;
    /** @var list<string> */
    private array $nodes = [];
    /** @var array<string, array{arity: int, flags: list<string>, route: string}> "NAME" or "NAME|SUB" */
    private array $cmds = [];
    /** @var array<string, list<string>> container => its subcommands */
    private array $subs = [];
    /** @var list<string> method names: the table's commands (lower case) and Predis' */
    private array $methods = [];
    /** @var array<string, string> Predis method => command */
    private array $predis = [];
    /** @var list<mixed> */
    private array $values = [];
    /** @var list<string> */
    private array $keys = ['a', 'b', 'c', '{t}a', '{t}b', '{t}c', 'h', 's', 'z', 'l', 'st', 'n', "k\0\xff"];
    private int $depth = 0;
    private string $desc = '';
    private bool $weak = false;
    /** @var resource */
    private $res;
    /** @var resource */
    private $closedRes;

    /**
     * @param array{calls?: int, seed?: int, seeds: list<string>, options?: array<string, mixed>, verbose?: bool,
     *              root?: string} $o
     */
    public function __construct(private array $o)
    {
        $this->rnd = new Random\Randomizer(new Random\Engine\Mt19937($o['seed'] ?? 1));
        $root = $o['root'] ?? dirname(__DIR__);
        $this->loadCommands($root);
        $tag = getmypid() . '-' . bin2hex(random_bytes(3));
        $this->prefix = "rcpfuzz:$tag:";
        $this->user = "rcpfuzz-$tag";
        $this->password = 'pw-' . bin2hex(random_bytes(8));
        $this->secret = 'FuzzSecret' . bin2hex(random_bytes(6));
        $this->admin = new RedisClusterPool($o['seeds'], $o['options'] ?? []);
        foreach ($this->admin->getSlotMap()['nodes'] as $addr => $_) {
            $this->nodes[] = $addr;
        }
        $acl = ['ACL', 'SETUSER', $this->user, 'reset', 'on', '>' . $this->password, '~' . $this->prefix . '*', '&*',
            '+@all', '-@admin', '-@dangerous', '-script|flush', '-script|kill', '-function|flush',
            '-function|delete', '-function|load', '-function|restore', '-function|kill'];
        $this->admin->rawOnNodes(array_fill_keys($this->nodes, [$acl]));
        $this->newPool();
        $this->res = fopen('php://memory', 'r+');
        $this->closedRes = fopen('php://memory', 'r');
        fclose($this->closedRes);
        $this->values = $this->valuePool();
    }

    /** Delete the fuzz's keys and its ACL user. */
    public function cleanup(): void
    {
        $this->deleteKeys();
        try {
            $this->admin->rawOnNodes(array_fill_keys($this->nodes, [['ACL', 'DELUSER', $this->user]]));
        } catch (Throwable $e) {
            $this->failures[] = 'cleanup: ACL DELUSER failed: ' . get_class($e) . ': ' . $e->getMessage();
        }
    }

    public function run(int $calls): void
    {
        for ($i = 0; $i < $calls; $i++) {
            if ($i > 0 && $i % 200 === 0) {
                $this->newPool(); // leaves any raw MULTI or WATCH of the old one behind
            }
            if ($i > 0 && $i % 500 === 0) {
                $this->deleteKeys();
            }
            $this->action();
        }
    }

    // ---- the command table ------------------------------------------------------------------------------

    private function loadCommands(string $root): void
    {
        $table = (string) file_get_contents("$root/src/core/commands_table.h");
        preg_match_all('/^\s*\{"([A-Z0-9_|\-.]+)",\s*(-?\d+),\s*([^,]*),\s*(RCP_ROUTE_\w+),/m', $table, $m, PREG_SET_ORDER);
        foreach ($m as [, $name, $arity, $flags, $route]) {
            preg_match_all('/RCP_CMD_(\w+)/', $flags, $fm);
            $this->cmds[$name] = ['arity' => (int) $arity, 'flags' => $fm[1], 'route' => substr($route, 10)];
            if (str_contains($name, '|')) {
                [$top, $sub] = explode('|', $name, 2);
                $this->subs[$top][] = $sub;
            } elseif (preg_match('/^[A-Z][A-Z0-9_]*$/', $name)) {
                $this->methods[] = strtolower($name);
            }
        }
        $compat = (string) file_get_contents("$root/src/predis/table.c");
        preg_match_all('/\b(?:CMD|CMDP|CMDB|PARSE|PARSEP)\("([a-z0-9_]+)",\s*"([A-Z0-9_|\-]+)/', $compat, $cm, PREG_SET_ORDER);
        foreach ($cm as [, $method, $command]) {
            $this->predis[$method] = $command;
            $this->methods[] = $method;
        }
        $this->methods = array_values(array_unique($this->methods));
        sort($this->methods);
        if (count($this->cmds) < 200 || count($this->predis) < 100) {
            throw new RuntimeException('api_fuzz: the command tables were not found under ' . $root);
        }
    }

    /** The table row a call of $method with first argument $first resolves to, or null when none. */
    private function row(string $method, mixed $first): ?array
    {
        $name = strtoupper($this->predis[strtolower($method)] ?? $method);
        $row = $this->cmds[$name] ?? null;
        if ($row && in_array('HAS_SUBCMDS', $row['flags'], true)) {
            return is_string($first) ? ($this->cmds[$name . '|' . strtoupper($first)] ?? null) : null;
        }
        return $row;
    }

    /**
     * Whether a call may be sent to the cluster as it is: keyed commands (their keys get the fuzz's prefix) and
     * keyless read-only ones, never an admin one; a blocking one now and then (it waits for read_write_timeout).
     * Everything else is only ever queued behind a refused command (guarded()).
     */
    private function live(string $method, array $args): bool
    {
        $row = $this->row($method, $args[0] ?? null);
        if (!$row) {
            return !isset($this->cmds[strtoupper($this->predis[strtolower($method)] ?? $method)]); // unknown: refused
        }
        $f = $row['flags'];
        if ($row['route'] === 'UNSUPPORTED') {
            return true; // refused by the extension before anything is sent
        }
        if (in_array('ADMIN', $f, true) || in_array('PUBSUB', $f, true)) {
            return false;
        }
        if (in_array('BLOCKING', $f, true) && $this->rnd->getInt(0, 19) > 0) {
            return false;
        }
        return in_array($row['route'], ['KEYED', 'MULTI_SHARD'], true) || in_array('READONLY', $f, true);
    }

    // ---- values -----------------------------------------------------------------------------------------

    private function valuePool(): array
    {
        $mb = str_repeat('x', 1 << 20);
        $nest = 'leaf';
        for ($i = 0; $i < 24; $i++) {
            $nest = [$nest];
        }
        $rec = ['a', 'b'];
        $rec[] = &$rec;
        $ref = 'r';
        $withRef = ['a', &$ref];
        $gen = (function () { yield 1; })();
        return [
            null, true, false, 0, 1, -1, 2, 7, 100, 65536, -65536, 2 ** 33, -(2 ** 33), 2 ** 53, PHP_INT_MAX, PHP_INT_MIN,
            0.0, -0.0, 1.5, -2.5, 1e300, -1e300, NAN, INF, -INF, 0.1,
            '', '0', '1', '-1', '1.5', 'abc', 'NaN', 'inf', '+inf', '-inf', '(1', ' ', "\0", "a\0b", "\xff\xfe", "\xc3(",
            "\r\n", "*1\r\n\$4\r\nPING\r\n", '{t}', '{}', '}{', $mb, str_repeat("\0", 65536), str_repeat('é', 1000),
            [], [1], ['a'], ['a', 'b', 'c'], ['k' => 'v'], ['k' => 1.5, 'm' => 2], [[]], [['x']], [null], [1 => 'a', 0 => 'b'],
            $nest, range(1, 10000), [new stdClass()], ['a' => ['b' => ['c' => 'd']]], [NAN], [INF], [PHP_INT_MAX],
            [true, false], $rec, $withRef, [$mb, $mb],
            new stdClass(), new RcpFuzzStr(fn() => 'x'), new RcpFuzzStr(fn() => ''), new RcpFuzzStr(fn() => "\0"),
            new RcpFuzzStr(fn() => $mb), new RcpFuzzStr(static function (): string { throw new RcpFuzzThrown('from __toString'); }),
            new RcpFuzzStr(fn() => $this->reenter()), fn() => 1, static function () { throw new RcpFuzzThrown('closure'); },
            $this->res, $this->closedRes, RedisClusterPool\Status::get('OK'), new RedisClusterPool\Error('ERR x'),
            new ArrayObject([1]), $gen, new DateTimeImmutable('@0'), RcpFuzzEnum::A, new SplFixedArray(2),
            new RedisClusterPool\ServerException('ERR from a value'),
        ];
    }

    private function bad(): mixed
    {
        return $this->values[$this->rnd->getInt(0, count($this->values) - 1)];
    }

    private function pick(array $a): mixed
    {
        return $a[$this->rnd->getInt(0, count($a) - 1)];
    }

    private function chance(int $percent): bool
    {
        return $this->rnd->getInt(0, 99) < $percent;
    }

    /** A plausible argument: a key, a number, a keyword; now and then a bad value. */
    private function arg(int $pos): mixed
    {
        $k = $this->rnd->getInt(0, 9);
        if ($k < 3) {
            return $this->chance(85) ? $this->pick($this->keys) : $this->bad();
        }
        if ($k < 5) {
            return $this->pick([0, 1, 2, 3, -1, 10, 100, '0', '1', '-1', '+inf', '-inf', 1.5, '0-0', '*', '$', '>']);
        }
        if ($k < 7) {
            return $this->pick(['EX', 'PX', 'NX', 'XX', 'GT', 'LT', 'CH', 'INCR', 'GET', 'KEEPTTL', 'WITHSCORES', 'LIMIT',
                'COUNT', 'MATCH', 'TYPE', 'STREAMS', 'BLOCK', 'BYSCORE', 'BYLEX', 'REV', 'FIELDS', 'ANY', 'STORE', 'ID',
                'MAXLEN', 'MKSTREAM', 'GROUP', 'NOACK', 'LEFT', 'RIGHT', 'BEFORE', 'AFTER', 'SUM', 'WEIGHTS', 'AGGREGATE',
                'return 1', "return redis.call('GET', KEYS[1])", 'return {1, 2, {3, "x"}}', "return redis.error_reply('E')",
                "error('x')", 'syntax error(', 'v', 'value']);
        }
        return $this->bad();
    }

    /** Arguments for $method: about as many as its arity wants, give or take. */
    private function args(string $method): array
    {
        $name = strtoupper($this->predis[strtolower($method)] ?? $method);
        $row = $this->cmds[$name] ?? null;
        $args = [];
        if ($row && isset($this->subs[$name]) && $this->chance(85)) {
            $sub = $this->pick($this->subs[$name]);
            $args[] = $this->chance(50) ? $sub : strtolower($sub);
            $row = $this->cmds["$name|$sub"];
        }
        $want = $row ? max(0, abs($row['arity']) - 1 - count($args)) : $this->rnd->getInt(0, 3);
        $n = $this->chance(70) ? $want + $this->rnd->getInt(0, 2) : $this->rnd->getInt(0, 8);
        for ($i = 0; $i < $n; $i++) {
            $args[] = $this->arg($i);
        }
        return $args;
    }

    /** Keep what a live call sends within bounds: a negative count of *RANDMEMBER/HRANDFIELD repeats elements. */
    private function tame(string $method, array $args): array
    {
        $name = strtoupper($this->predis[strtolower($method)] ?? $method);
        if (in_array($name, ['SRANDMEMBER', 'ZRANDMEMBER', 'HRANDFIELD'], true)) {
            foreach ($args as $i => $a) {
                if ((is_int($a) || is_float($a) || is_numeric($a)) && abs((float) $a) > 1000) {
                    $args[$i] = -5;
                }
            }
        }
        return $args;
    }

    private function method(): string
    {
        $k = $this->rnd->getInt(0, 99);
        if ($k < 3) {
            return $this->pick(['', "x\0y", 'get ', 'nosuch.cmd', str_repeat('a', 100), "\xff", 'GET', 'Set', 'mGet']);
        }
        return $this->pick($this->methods);
    }

    // ---- running one call -------------------------------------------------------------------------------

    /** Describe a value briefly (for the call log). */
    private static function d(mixed $v): string
    {
        return match (true) {
            is_string($v) => strlen($v) > 16 ? 'str(' . strlen($v) . ')' : var_export($v, true),
            is_array($v) => 'array(' . count($v) . ')',
            is_object($v) => 'object(' . get_class($v) . ')',
            is_resource($v) => 'resource',
            is_float($v) && is_nan($v) => 'NAN',
            default => str_replace("\n", '', var_export($v, true)),
        };
    }

    private static function ds(array $args): string
    {
        $o = [];
        foreach ($args as $k => $v) {
            $o[] = (is_string($k) ? "$k: " : '') . self::d($v);
        }
        return implode(', ', $o);
    }

    /**
     * Make one call and judge its outcome. $check (optional) is given the return value and returns a failure
     * message or null.
     */
    private function call(string $desc, Closure $f, ?Closure $check = null): mixed
    {
        $top = $this->depth === 0;
        if ($top) {
            $this->calls++;
            $this->desc = $desc;
            if ($this->o['verbose'] ?? false) {
                echo '#', $this->calls, ' ', $desc, "\n";
            }
        }
        $errors = [];
        $weak = $this->weak;
        set_error_handler(function (int $no, string $str) use (&$errors, $weak): bool {
            if ($weak && $no === E_DEPRECATED && (preg_match('/Passing null to parameter #\d+( \(\$\w+\))? of type \S+ is deprecated$/', $str)
                || preg_match('/^Implicit conversion from float(-string)? .* to int loses precision$/', $str))) {
                $this->counts['(weak mode: the engine\'s own deprecation)'] = ($this->counts['(weak mode: the engine\'s own deprecation)'] ?? 0) + 1;
                return true;
            }
            $errors[] = $str;
            return true;
        });
        $r = null;
        try {
            $r = $f();
            $outcome = 'returned';
            if ($check && ($why = $check($r)) !== null) {
                $this->fail("$desc: $why");
            }
        } catch (RcpFuzzThrown $e) {
            $outcome = 'the fuzz\'s own exception, passed through';
        } catch (Throwable $e) {
            $outcome = get_class($e);
            if (!($e instanceof RedisClusterPool\Exception) && !($e instanceof TypeError) && !($e instanceof ValueError)) {
                $this->fail("$desc: " . get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
            }
            for ($x = $e; $x; $x = $x->getPrevious()) {
                if (str_contains($x->getMessage(), $this->secret)) {
                    $this->fail("$desc: the secret is in the message of " . get_class($x) . ': ' . $x->getMessage());
                }
                if ($this->inTrace($x->getTrace())) { // the extension's own frames
                    $this->fail("$desc: the secret is in the trace of " . get_class($x));
                }
            }
        } finally {
            restore_error_handler();
        }
        foreach ($errors as $err) {
            $this->fail("$desc: PHP said: $err");
        }
        if (($this->o['verbose'] ?? false) && isset($e)) {
            echo '   => ', get_class($e), ': ', substr(str_replace("\n", ' ', $e->getMessage()), 0, 160), "\n";
        }
        $this->counts[$outcome] = ($this->counts[$outcome] ?? 0) + 1;
        return $r;
    }

    /** Whether the secret is an argument of a frame of the extension's methods in a trace. */
    private function inTrace(array $trace): bool
    {
        foreach ($trace as $frame) {
            $class = $frame['class'] ?? '';
            if (($class === 'RedisClusterPool' || str_starts_with($class, 'RedisClusterPool\\'))
                && $this->inArgs($frame['args'] ?? [])) {
                return true;
            }
        }
        return false;
    }

    /** Whether the secret is a string in $a (in arrays, not objects: a SensitiveParameterValue is fine). */
    private function inArgs(array $a, int $depth = 0): bool
    {
        foreach ($a as $v) {
            if (is_string($v) && str_contains($v, $this->secret)) {
                return true;
            }
            if (is_array($v) && $depth < 32 && $this->inArgs($v, $depth + 1)) {
                return true;
            }
        }
        return false;
    }

    private function fail(string $msg): void
    {
        $this->failures[] = '#' . $this->calls . ' ' . $msg;
    }

    /**
     * An object's method with $args, in strict or weak mode (chosen per call); named when $args has string keys.
     * Weak mode goes through Reflection (an internal caller is never strict; call_user_func_array() is compiled into
     * the calling file and keeps its strict_types); a command method is not declared (no typed parameter to coerce)
     * and Reflection warns when a by-reference parameter (executeRaw()'s $error) gets a value: those are called directly.
     */
    private function invoke(object|string $target, string $method, array $args): mixed
    {
        if ($this->weak && (new ReflectionClass($target))->hasMethod($method) && !(strcasecmp($method, 'executeRaw') === 0 && count($args) > 1)) {
            $m = new ReflectionMethod($target, $method);
            return $m->invokeArgs($m->isStatic() ? null : $target, $args);
        }
        return is_object($target) ? $target->$method(...$args) : $target::$method(...$args);
    }

    /** From a __toString (depth 1 only): one more random action, then a string. */
    private function reenter(): string
    {
        if ($this->depth < 1) {
            $this->depth++;
            $weak = $this->weak;
            try {
                $this->action();
            } finally {
                $this->depth--;
                $this->weak = $weak;
            }
        }
        return 'reentered';
    }

    private function newPool(): void
    {
        $o = $this->o['options'] ?? [];
        $o['parameters'] = ($o['parameters'] ?? []) + ['username' => $this->user, 'password' => $this->password,
            'read_write_timeout' => 1.0];
        $o['prefix'] = $this->prefix;
        $this->pool = new RedisClusterPool($this->o['seeds'], $o);
    }

    private function deleteKeys(): void
    {
        try {
            $keys = [];
            foreach ($this->admin->scanAll($this->prefix . '*', 1000) as $k) {
                $keys[] = $k;
            }
            foreach (array_chunk($keys, 100) as $chunk) {
                $this->admin->executeRaw(['UNLINK', ...$chunk]);
            }
        } catch (Throwable $e) {
            $this->failures[] = 'cleanup: deleting the keys failed: ' . get_class($e) . ': ' . $e->getMessage();
        }
    }

    // ---- the actions ------------------------------------------------------------------------------------

    private function action(): void
    {
        $this->weak = $this->chance(30);
        $k = $this->rnd->getInt(0, 99);
        match (true) {
            $k < 28 => $this->aCommand(),
            $k < 40 => $this->aGuarded(),
            $k < 50 => $this->aStatic(),
            $k < 57 => $this->aConstruct(),
            $k < 65 => $this->aInstance(),
            $k < 73 => $this->aPipeline(),
            $k < 83 => $this->aTransaction(),
            $k < 89 => $this->aRaw(),
            $k < 93 => $this->aSecret(),
            $k < 97 => $this->aValues(),
            default => $this->chance(50) ? $this->aIterator() : $this->aPubSub(),
        };
    }

    /** A command sent to the cluster: method syntax, __call(), executeRaw(), named arguments. */
    private function aCommand(): void
    {
        $m = $this->method();
        $args = $this->args($m);
        if (!$this->live($m, $args)) {
            $this->guardedCommand($m, $args);
            return;
        }
        $args = $this->tame($m, $args);
        $p = $this->pool;
        switch ($this->rnd->getInt(0, 4)) {
            case 0:
            case 1:
                $this->call("$m(" . self::ds($args) . ')', fn() => $this->invoke($p, $m, $args));
                break;
            case 2:
                $this->call("__call('$m', [" . self::ds($args) . '])', fn() => $this->invoke($p, '__call', [$m, $args]));
                break;
            case 3:
                $raw = [strtoupper($this->predis[$m] ?? $m), ...$args];
                $this->call('executeRaw([' . self::ds($raw) . '])', function () use ($p, $raw) {
                    $err = null;
                    return $p->executeRaw($raw, $err);
                });
                break;
            default:
                $named = [];
                foreach ($args as $i => $v) {
                    $named[$this->pick(['key', 'value', 'a' . $i, 'arguments', 'name'])] = $v;
                }
                $this->call("$m(named: " . self::ds($named) . ')', fn() => $this->invoke($p, $m, $named));
        }
    }

    /**
     * A command that must not reach the cluster as it is, checked but never sent: queued before a GET without
     * its key, which everything is checked against before anything is sent; also given to commandInfo() and
     * predisArgs().
     */
    private function guardedCommand(string $m, array $args): void
    {
        $p = $this->pool;
        $never = fn($r) => 'a pipeline ending with a refused GET returned: something was sent';
        switch ($k = $this->rnd->getInt(0, 5)) {
            case 0:
                $this->call("pipeline()->$m(" . self::ds($args) . ')->get()->execute()',
                    fn() => $this->invoke($p->pipeline(), $m, $args)->get()->execute(), $never);
                break;
            case 1:
            case 2:
                $form = $k === 1 ? 'pipeline' : 'transaction';
                $this->call("$form(fn: $m(" . self::ds($args) . '), get())', fn() => $this->guardedBlock($form, $m, $args), $never);
                break;
            case 3:
                $raw = [strtoupper($this->predis[$m] ?? $m), ...$args];
                $this->call('rawPipeline([[' . self::ds($raw) . '], [GET]])', fn() => $p->rawPipeline([$raw, ['GET']]), $never);
                break;
            case 4:
                $argv = [strtoupper($this->predis[$m] ?? $m), ...array_values($args)];
                $this->call('commandInfo(' . self::ds($argv) . ')', fn() => $this->invoke('RedisClusterPool', 'commandInfo', $argv));
                break;
            default:
                $this->call("predisArgs('$m', [" . self::ds($args) . '])', fn() => RedisClusterPool::predisArgs($m, $args));
        }
    }

    /** $pool->pipeline() or ->transaction() with a block queuing $m($args) and then a GET without its key. */
    private function guardedBlock(string $form, string $m, array $args): mixed
    {
        return $this->pool->$form(function ($t) use ($m, $args) {
            $this->invoke($t, $m, $args);
            $t->get();
        });
    }

    private function aGuarded(): void
    {
        $m = $this->method();
        $this->guardedCommand($m, $this->args($m));
    }

    /** The static methods, with random arguments (and random counts of them). */
    private function aStatic(): void
    {
        $m = $this->pick(['keySlot', 'commandInfo', 'predisArgs', 'predisReply', 'poolStats', 'metrics']);
        $n = ['keySlot' => 1, 'commandInfo' => 2, 'predisArgs' => 2, 'predisReply' => 4, 'poolStats' => 0, 'metrics' => 0][$m];
        $args = [];
        $count = $this->chance(75) ? $n : $this->rnd->getInt(0, 5);
        for ($i = 0; $i < $count; $i++) {
            $args[] = $i === 0 && $m !== 'keySlot' && $this->chance(60) ? $this->method() : $this->bad();
        }
        if ($m === 'predisReply' && $count >= 3 && $this->chance(50)) {
            $args[1] = $this->args((string) (is_string($args[0]) ? $args[0] : 'get'));
            $args[2] = $this->pick([[1, 2], ['a', 'b', 'c', 'd'], [['a', '1'], ['b', '2']], 'OK', 1, null, [[1, [2, 3]]],
                ['k', ['f', 'v']], RedisClusterPool\Status::get('OK'), new RedisClusterPool\Error('ERR e'), $this->bad()]);
        }
        $this->call("$m(" . self::ds($args) . ')', fn() => $this->invoke('RedisClusterPool', $m, $args));
    }

    /** new RedisClusterPool() with random seeds and options; a pool that constructs is used a little. */
    private function aConstruct(): void
    {
        $real = $this->o['seeds'];
        $seeds = match ($this->rnd->getInt(0, 7)) {
            0 => $real,
            1 => [$this->pick($real)],
            2 => $this->pick($real),
            3 => $this->bad(),
            4 => [$this->bad(), $this->pick($real)],
            5 => [['host' => $this->pick(['127.0.0.1', '', $this->bad()]), 'port' => $this->bad()]],
            6 => $this->pick(['h:1,h:2', '127.0.0.1:' . $this->secret, 'tcp://u:' . $this->secret . '@h:1',
                'redis://h:1/' . $this->secret, '[::1]:' . $this->secret, "h:\0", ':1', 'h:', 'h:99999', 'tls://h:1?x=1']),
            default => array_map(fn() => $this->bad(), range(0, $this->rnd->getInt(0, 3))),
        };
        $opts = $this->options();
        $good = $seeds === $real || (is_array($seeds) && count($seeds) === 1 && in_array($seeds[0] ?? null, $real, true));
        $args = $this->chance(90) ? [$seeds, $opts] : array_slice([$seeds, $opts, $this->bad()], 0, $this->rnd->getInt(0, 3));
        $pool = $this->call('new RedisClusterPool(' . self::ds($args) . ')', fn() => $this->weak
            ? (new ReflectionClass('RedisClusterPool'))->newInstanceArgs($args) : new RedisClusterPool(...$args));
        if ($pool instanceof RedisClusterPool && $good && $this->chance(30)) {
            // its options may name no user: the default one, so only this one read of the fuzz's own key
            $this->call('(that pool)->get(own key)', fn() => $pool->get($this->prefix . 'a'));
            $this->call('(that pool)->stats()', fn() => $pool->stats());
        }
    }

    /** An options array: known options with random values, unknown and misplaced names, the secret. */
    private function options(): mixed
    {
        return $this->optionArray(['parameters', 'prefix', 'exceptions', 'persistent', 'read', 'zone', 'deadline',
            'cluster', 'paramters', 'password', 'username', 'timeout', $this->secret, 'x', '', 0, 1],
            fn($k) => $k === 'parameters' ? $this->parameters() : $this->pick([$this->bad(), $this->secret, true, false,
                'primary', 'prefer_replica', 'az_affinity', 'redis', 1.0, 'p:']));
    }

    private function parameters(): mixed
    {
        return $this->optionArray(['username', 'password', 'timeout', 'read_write_timeout', 'database', 'scheme', 'ssl',
            'pasword', $this->secret, 'host', 0], fn($k) => match ($k) {
                // (a TLS file path or cipher list is named in messages: configuration, not a place for a password)
                'ssl' => $this->pick([['cafile' => '/nonexistent/ca.pem'], ['passphrase' => $this->secret],
                    ['local_cert' => '/nonexistent/c.pem', 'passphrase' => $this->secret], [$this->secret => 1],
                    ['verify_peer' => $this->secret], ['crypto_method' => $this->secret], $this->bad()]),
                default => $this->pick([$this->bad(), $this->secret, 'tcp', 'tls', 0, 0.5]),
            });
    }

    /** Up to 4 of $keys, each with $value($key); now and then a bad value instead of an array. */
    private function optionArray(array $keys, Closure $value): mixed
    {
        if ($this->chance(10)) {
            return $this->bad();
        }
        $o = [];
        for ($i = $this->rnd->getInt(0, 4); $i > 0; $i--) {
            $k = $this->pick($keys);
            $o[$k] = $value($k);
        }
        return $o;
    }

    /** The instance methods that are not commands, with random arguments. */
    private function aInstance(): void
    {
        $p = $this->pool;
        $m = $this->pick(['getSlotMap', 'nodeForKey', 'stats', 'scanAll', 'getSlotMap', 'nodeForKey', 'multi', 'exec',
            'discard', 'watch', 'unwatch', 'executeRaw']);
        $args = [];
        $count = $this->rnd->getInt(0, $m === 'scanAll' ? 4 : 2);
        for ($i = 0; $i < $count; $i++) {
            $args[] = $m === 'nodeForKey' && $this->chance(60) ? $this->pick($this->keys)
                : ($m === 'scanAll' && $i === 1 && $this->chance(50) ? $this->pick([0, 10, -1, 1000]) : $this->bad());
        }
        $r = $this->call("$m(" . self::ds($args) . ')', fn() => $this->invoke($p, $m, $args));
        if ($r instanceof RedisClusterPool\KeyspaceIterator) {
            $this->call('foreach scanAll()', function () use ($r) {
                $n = 0;
                foreach ($r as $k => $v) {
                    if (!is_int($k) || !is_string($v)) {
                        throw new LogicException('scanAll() gave ' . get_debug_type($k) . ' => ' . get_debug_type($v));
                    }
                    if (++$n > 50) {
                        break;
                    }
                }
                return $n;
            });
        }
    }

    /**
     * Up to $max random commands that may be sent (live()), as a closure queuing them on a pipeline, transaction
     * or pool, and their description; with $tag, most are simple commands on keys of that hash tag (one slot).
     * @return array{Closure, string}
     */
    private function liveCommands(int $max, ?string $tag): array
    {
        $cmds = [];
        for ($i = $this->rnd->getInt(0, $max); $i > 0; $i--) {
            $m = $this->method();
            $a = $this->args($m);
            if ($tag !== null && $this->chance(70)) {
                $m = $this->pick(['set', 'get', 'incr', 'del', 'hset', 'lpush', 'expire', 'mget']);
                $a = [$tag . $this->pick(['a', 'b', 'c']), ...array_slice($a, 1)];
            }
            if ($this->live($m, $a)) {
                $cmds[] = [$m, $this->tame($m, $a)];
            }
        }
        $queue = function ($target) use ($cmds) {
            foreach ($cmds as [$m, $a]) {
                $this->invoke($target, $m, $a);
            }
        };
        return [$queue, implode(', ', array_map(fn($c) => $c[0] . '(' . self::ds($c[1]) . ')', $cmds))];
    }

    /** pipeline(): the two forms and bad callbacks; live commands only (guarded ones go through aGuarded). */
    private function aPipeline(): void
    {
        $p = $this->pool;
        [$queue, $desc] = $this->liveCommands(6, null);
        switch ($this->rnd->getInt(0, 4)) {
            case 0:
                $this->call("pipeline(fn: $desc)", fn() => $p->pipeline($queue), fn($r) => is_array($r) && array_is_list($r)
                    ? null : 'pipeline(callable) did not return a list');
                break;
            case 1:
                $this->call("pipeline()->{$desc}->execute()", function () use ($p, $queue) {
                    $pipe = $p->pipeline();
                    $queue($pipe);
                    return $this->invoke($pipe, 'execute', $this->chance(90) ? [] : [$this->bad()]);
                });
                break;
            case 2:
                $cb = $this->bad();
                $this->call('pipeline(' . self::d($cb) . ')', fn() => $this->invoke($p, 'pipeline', [$cb]));
                break;
            case 3:
                $this->throwingBlock('pipeline', $queue, $desc);
                break;
            default:
                $this->call("pipeline(fn: $desc) (dropped, not executed)", function () use ($p, $queue) {
                    $pipe = $p->pipeline();
                    $queue($pipe);
                    return null;
                });
        }
    }

    /** pipeline() or transaction() with a block that queues, then throws (nothing may be sent). */
    private function throwingBlock(string $form, Closure $queue, string $desc): void
    {
        $this->call("$form(fn: $desc, throw)", fn() => $this->pool->$form(function ($t) use ($queue) {
            $queue($t);
            throw new RcpFuzzThrown('block');
        }));
    }

    /** transaction(): every form, random options, WATCH, check-and-set, discard, the raw form. */
    private function aTransaction(): void
    {
        $p = $this->pool;
        $tag = $this->pick(['{t}', '{u}']);
        [$queue, $desc] = $this->liveCommands(5, $tag);
        $opts = [];
        foreach (['watch', 'cas', 'retry', 'exceptions', 'other'] as $o) {
            if ($this->chance(25)) {
                $opts[$o] = match ($o) {
                    'watch' => $this->pick([$tag . 'a', [$tag . 'a', $tag . 'b'], $this->bad(), [], ['{x}a']]),
                    'cas', 'exceptions' => $this->pick([true, false, $this->bad()]),
                    'retry' => $this->pick([0, 1, 3, -1, $this->bad()]),
                    default => $this->bad(),
                };
            }
        }
        switch ($this->rnd->getInt(0, 6)) {
            case 0:
                $this->call("transaction(fn: $desc)", fn() => $p->transaction($queue));
                break;
            case 1:
                $this->call('transaction(' . self::ds($opts) . ", fn: $desc)", fn() => $p->transaction($opts, function ($tx) use ($queue) {
                    if ($this->chance(30)) {
                        $this->call('(tx)->get()', fn() => $tx->get($this->pick($this->keys)));
                        $tx->multi();
                    }
                    $queue($tx);
                    if ($this->chance(10)) {
                        $tx->discard();
                    }
                }));
                break;
            case 2:
                $this->call("transaction()->{$desc}->execute()", function () use ($p, $queue) {
                    $tx = $p->transaction();
                    $queue($tx);
                    $m = $this->pick(['execute', 'exec', 'discard', 'multi', 'unwatch', 'watch']);
                    $args = $this->chance(70) ? [] : [$this->bad(), $this->bad()];
                    return $this->invoke($tx, $m, $args);
                });
                break;
            case 3:
                $a1 = $this->bad();
                $a2 = $this->chance(50) ? $this->bad() : $queue;
                $this->call('transaction(' . self::ds([$a1, $a2]) . ')', fn() => $this->invoke($p, 'transaction', [$a1, $a2]));
                break;
            case 4:
                // the raw form, in random order
                foreach (array_slice(['watch', 'multi', 'cmds', 'exec', 'discard', 'unwatch'], $this->rnd->getInt(0, 2)) as $step) {
                    if ($this->chance(20)) {
                        continue;
                    }
                    if ($step === 'cmds') {
                        $this->call("(raw multi) $desc", fn() => $queue($p));
                    } else {
                        $args = $step === 'watch' ? [$tag . 'a'] : [];
                        if ($this->chance(15)) {
                            $args[] = $this->bad();
                        }
                        $this->call("$step(" . self::ds($args) . ')', fn() => $this->invoke($p, $step, $args));
                    }
                }
                break;
            case 5:
                $this->throwingBlock('transaction', $queue, $desc);
                break;
            default:
                $this->call("transaction(cas, fn: watch(bad), $desc)", fn() => $p->transaction(['cas' => true], function ($tx) use ($queue, $tag) {
                    $tx->watch(...($this->chance(50) ? [$tag . 'a'] : [$this->bad(), $this->bad()]));
                    $tx->multi();
                    $queue($tx);
                }));
        }
    }

    /** rawPipeline() and rawOnNodes() with random command lists (live ones, or guarded by a refused GET). */
    private function aRaw(): void
    {
        $p = $this->pool;
        $list = [];
        $guard = false;
        for ($i = $this->rnd->getInt(0, 4); $i > 0; $i--) {
            $m = $this->method();
            $a = $this->args($m);
            $guard = $guard || !$this->live($m, $a);
            $list[] = $this->chance(90) ? [strtoupper($this->predis[$m] ?? $m), ...$this->tame($m, $a)] : $this->bad();
        }
        if ($guard || $this->chance(10)) {
            $list[] = ['GET'];
        }
        $never = $guard ? fn($r) => 'a raw pipeline ending with a refused GET returned: something was sent' : null;
        if ($this->chance(50)) {
            $this->call('rawPipeline(' . self::ds($list) . ')', fn() => $this->invoke($p, 'rawPipeline', [$list]), $never);
            return;
        }
        $by = [];
        foreach ($this->nodes as $n) {
            if ($this->chance(40)) {
                $by[$n] = $list;
            }
        }
        if ($this->chance(20)) {
            $by[$this->pick(['nosuch:1', '', 'not a node', '127.0.0.1:1'])] = $list;
        }
        if ($this->chance(10)) {
            $by = $this->chance(50) ? [$list] : $this->bad();
        }
        $this->call('rawOnNodes(' . (is_array($by) ? self::ds($by) : self::d($by)) . ')',
            fn() => $this->invoke($p, 'rawOnNodes', [$by]), $guard && is_array($by) && $by ? $never : null);
    }

    /** The commands whose arguments hold a password, with the secret in them: never in a message or a trace. */
    private function aSecret(): void
    {
        $p = $this->pool;
        $s = $this->secret;
        $argv = $this->pick([
            ['AUTH', $s], ['AUTH', 'user', $s], ['HELLO', '3', 'AUTH', 'user', $s], ['HELLO', 'AUTH', $s],
            ['MIGRATE', '127.0.0.1', '1', 'a', '0', '1', 'AUTH', $s], ['MIGRATE', '127.0.0.1', '1', '', '0', '1', 'AUTH2', 'u', $s, 'KEYS', 'a'],
            ['ACL', 'SETUSER', 'x', '>' . $s], ['CONFIG', 'SET', 'requirepass', $s], ['CONFIG', 'SET', 'masterauth', $s],
            ['AUTH', [$s]], ['AUTH', $s, new stdClass()], ['AUTH', new RcpFuzzStr(static function () use ($s): string {
                throw new RcpFuzzThrown('toString');
            }), $s],
        ]);
        $m = strtolower($argv[0]);
        $args = array_slice($argv, 1);
        // the admin commands only behind a refused GET; AUTH and HELLO are refused by the extension
        $admin = in_array($m, ['acl', 'config', 'migrate'], true);
        switch ($k = $admin ? $this->rnd->getInt(2, 5) : $this->rnd->getInt(0, 7)) {
            case 0:
                $this->call("$m(secret...)", fn() => $this->invoke($p, $m, $args));
                break;
            case 1:
                $this->call('executeRaw([secret...])', fn() => $p->executeRaw($argv));
                break;
            case 2:
            case 3:
                $form = $k === 2 ? 'pipeline' : 'transaction';
                $this->call("$form(fn: $m(secret...), get())", fn() => $this->guardedBlock($form, $m, $args));
                break;
            case 4:
                $this->call('rawPipeline([[secret...], [GET]])', fn() => $p->rawPipeline([$argv, ['GET']]));
                break;
            case 5:
                $this->call('commandInfo(secret...)', fn() => $this->invoke('RedisClusterPool', 'commandInfo', $argv));
                break;
            case 6:
                $this->call("__call('$m', [secret...])", fn() => $this->invoke($p, '__call', [$m, $args]));
                break;
            default:
                $this->call("predisArgs('$m', [secret...])", fn() => RedisClusterPool::predisArgs($m, $args));
        }
    }

    /** Status, Error and the exception classes' own methods. */
    private function aValues(): void
    {
        $target = $this->pick(['RedisClusterPool\Status', 'RedisClusterPool\Error', 'RedisClusterPool\ServerException',
            'RedisClusterPool\ConnectionException', 'RedisClusterPool\AuthenticationException',
            'RedisClusterPool\PartialFailureException', 'RedisClusterPool\MemoryLimitException']);
        $args = [];
        for ($i = $this->rnd->getInt(0, 3); $i > 0; $i--) {
            $args[] = $this->chance(50) ? $this->pick(['OK', 'ERR x', 'WRONGTYPE y', '', 'QUEUED']) : $this->bad();
        }
        if ($target === 'RedisClusterPool\Status' && $this->chance(40)) {
            $this->call('Status::get(' . self::ds($args) . ')', fn() => $this->invoke($target, 'get', $args));
            return;
        }
        $o = $this->call("new $target(" . self::ds($args) . ')', fn() => $this->weak
            ? (new ReflectionClass($target))->newInstanceArgs($args) : new $target(...$args));
        if (is_object($o)) {
            foreach ((new ReflectionClass($o))->getMethods(ReflectionMethod::IS_PUBLIC) as $rm) {
                if ($rm->isStatic() || $rm->isConstructor() || $this->chance(50)) {
                    continue;
                }
                $margs = $this->chance(80) ? [] : [$this->bad()];
                $this->call(get_class($o) . '->' . $rm->getName() . '(' . self::ds($margs) . ')',
                    fn() => $this->invoke($o, $rm->getName(), $margs));
            }
        }
    }

    /**
     * A pub/sub consumer (pubSubLoop(): connections of its own): random and bad options, its methods in a random
     * order with random and bad arguments, then a few frames read. Its "timeout" is short unless the fuzz gave it a
     * bad one: a consumer that would wait for messages as long as it takes is only called where nothing is read.
     */
    private function aPubSub(): void
    {
        $names = fn () => array_map(fn () => $this->chance(80) ? $this->prefix . 'ch' . $this->rnd->getInt(0, 3)
            : $this->bad(), array_fill(0, $this->rnd->getInt(0, 3), null));
        $opts = ['timeout' => 0.01];
        foreach (['subscribe', 'ssubscribe', 'psubscribe'] as $o) {
            if ($this->chance(30)) {
                $opts[$o] = $this->chance(80) ? $names() : $this->bad();
            }
        }
        $reads = !$this->chance(15);
        if (!$reads) {
            $opts[$this->pick(['timeout', 'bogus', 'subscribe'])] = $this->bad();
        }
        $l = $this->call('pubSubLoop(' . self::ds([$opts]) . ')', fn() => $this->invoke($this->pool, 'pubSubLoop', [$opts]));
        if (!$l instanceof RedisClusterPool\PubSubConsumer) {
            return;
        }
        $methods = ['subscribe', 'psubscribe', 'ssubscribe', 'unsubscribe', 'punsubscribe', 'sunsubscribe', 'ping', 'stop',
            'subscriptions', 'getClient', 'key', 'next', 'rewind'];
        if ($reads) {
            array_push($methods, 'current', 'valid');
        }
        for ($i = $this->rnd->getInt(1, 8); $i > 0; $i--) {
            $m = $this->pick($methods);
            $args = match ($m) {
                'subscribe', 'psubscribe', 'ssubscribe', 'unsubscribe', 'punsubscribe', 'sunsubscribe' =>
                    $this->chance(20) ? [$names()] : $names(),
                'stop' => $this->chance(70) ? [$this->chance(50)] : [$this->bad()],
                default => $this->chance(85) ? [] : [$this->bad()],
            };
            $this->call("(consumer)->$m(" . self::ds($args) . ')', fn() => $this->invoke($l, $m, $args));
        }
        if ($reads) {
            $this->call('foreach pubSubLoop()', function () use ($l) {
                $n = 0;
                foreach ($l as $k => $f) {
                    if (!is_int($k) || !is_object($f) || !is_string($f->kind)) {
                        throw new LogicException('pubSubLoop() gave ' . get_debug_type($k) . ' => ' . get_debug_type($f));
                    }
                    if (++$n > 20) {
                        break;
                    }
                }
                return $n;
            });
        }
    }

    /** KeyspaceIterator's methods in a random order, with random arguments. */
    private function aIterator(): void
    {
        $it = $this->call('scanAll()', fn() => $this->pool->scanAll($this->chance(50) ? '*' : null, 10));
        if (!$it instanceof RedisClusterPool\KeyspaceIterator) {
            return;
        }
        for ($i = $this->rnd->getInt(1, 8); $i > 0; $i--) {
            $m = $this->pick(['current', 'key', 'next', 'rewind', 'valid']);
            $args = $this->chance(90) ? [] : [$this->bad()];
            $this->call("(iterator)->$m(" . self::ds($args) . ')', fn() => $this->invoke($it, $m, $args));
        }
    }
}

/**
 * Run the fuzz; returns the report lines (the summary, then the failures). $o: calls (default 1000), seed
 * (default 1), seeds (list of "host:port"), options (extra pool options: TLS), verbose.
 * @return array{failures: list<string>, summary: list<string>}
 */
function rcp_api_fuzz(array $o): array
{
    $f = new RcpFuzz($o);
    try {
        $f->run($o['calls'] ?? 1000);
    } finally {
        $f->cleanup();
    }
    ksort($f->counts);
    $summary = [$f->calls . ' calls (seed ' . ($o['seed'] ?? 1) . ')'];
    foreach ($f->counts as $k => $n) {
        $summary[] = sprintf('  %6d  %s', $n, $k);
    }
    return ['failures' => $f->failures, 'summary' => $summary];
}

if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $opt = getopt('', ['calls:', 'seed:', 'seeds:', 'verbose']);
    $seeds = $opt['seeds'] ?? getenv('RCP_TEST_SEEDS');
    if (!is_string($seeds) || $seeds === '' || !extension_loaded('redis_cluster_pool')) {
        fwrite(STDERR, "usage: php -d extension=.../redis_cluster_pool.so tools/api_fuzz.php [--calls N] [--seed N] [--verbose] "
            . "[--seeds host:port,...] (default: RCP_TEST_SEEDS)\n");
        exit(2);
    }
    $options = [];
    if (getenv('RCP_TEST_TLS') === '1') {
        $options['parameters'] = ['scheme' => 'tls', 'ssl' => ['cafile' => getenv('RCP_TEST_TLS_DIR') . '/ca.crt']];
    }
    $r = rcp_api_fuzz(['calls' => (int) ($opt['calls'] ?? 1000), 'seed' => (int) ($opt['seed'] ?? 1),
        'seeds' => explode(',', $seeds), 'options' => $options, 'verbose' => isset($opt['verbose'])]);
    echo implode("\n", $r['summary']), "\n";
    foreach ($r['failures'] as $l) {
        echo "FAIL $l\n";
    }
    echo count($r['failures']), " failures\n";
    exit($r['failures'] ? 1 : 0);
}
