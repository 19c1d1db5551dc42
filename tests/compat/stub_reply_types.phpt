--TEST--
IDE stub: every reply of the differential corpus (tests/predis/differential.inc) against the real cluster has the type its @method tag declares (ClientInterface; a conditional @phpstan-method type is resolved with the call's arguments)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require_once __DIR__ . '/../predis/differential.inc';

/** The types of ClientInterface's tags: name => [[argument names], plain type, conditional type or null]. */
function rcp_stub_tags(string $stub): array
{
    $text = file_get_contents($stub);
    $at = strpos($text, "interface ClientInterface\n");
    $doc = substr($text, strrpos(substr($text, 0, $at), '/**'), $at);
    $tags = [];
    preg_match_all('/^\s*\* @(method|phpstan-method) (.+) (\w+)\((.*)\)$/m', $doc, $m, PREG_SET_ORDER);
    foreach ($m as [, $kind, $type, $name, $args]) {
        preg_match_all('/\$(\w+)/', $args, $am);
        $tags[$name][0] = $am[1];
        $tags[$name][$kind === 'method' ? 1 : 2] = $type;
    }
    return $tags;
}

/** A PHPDoc type (the subset the stub uses) parsed into a tree. */
final class RcpType
{
    private int $i = 0;
    private function __construct(private string $s) {}

    public static function parse(string $s): array
    {
        $p = new self($s);
        $t = $p->union();
        if ($p->i !== strlen($s)) throw new LogicException("cannot parse type '$s' at {$p->i}");
        return $t;
    }

    private function ws(): void { while ($this->i < strlen($this->s) && $this->s[$this->i] === ' ') $this->i++; }
    private function eat(string $c): bool
    {
        $this->ws();
        if (substr($this->s, $this->i, strlen($c)) === $c) { $this->i += strlen($c); return true; }
        return false;
    }
    private function union(): array
    {
        $parts = [$this->atom()];
        while ($this->eat('|')) $parts[] = $this->atom();
        return count($parts) === 1 ? $parts[0] : ['union', $parts];
    }
    private function atom(): array
    {
        $this->ws();
        if ($this->eat('(')) {
            $this->eat('$');
            preg_match('/\G\w+/', $this->s, $m, 0, $this->i);
            $this->i += strlen($m[0]);
            $this->eat('is');
            $cond = $this->union();
            $this->eat('?');
            $then = $this->union();
            $this->eat(':');
            $else = $this->union();
            $this->eat(')');
            return ['cond', $m[0], $cond, $then, $else];
        }
        if (!preg_match('/\G\\\\?[\w\\\\]+/', $this->s, $m, 0, $this->i)) throw new LogicException("no type at {$this->i} in '{$this->s}'");
        $this->i += strlen($m[0]);
        $name = ltrim($m[0], '\\');
        if (($name === 'list' || $name === 'array') && $this->eat('<')) {
            $a = $this->union();
            $b = $this->eat(',') ? $this->union() : null;
            $this->eat('>');
            return $b === null ? [$name, null, $a] : [$name, $a, $b];
        }
        if ($name === 'array' && $this->eat('{')) {
            $items = [];
            $n = 0;
            do {
                $this->ws();
                if (preg_match('/\G(\w+)(\?)?:/', $this->s, $km, 0, $this->i)) {
                    $this->i += strlen($km[0]);
                    $items[$km[1]] = [$this->union(), ($km[2] ?? '') === '?'];
                } else {
                    $items[$n++] = [$this->union(), false];
                }
            } while ($this->eat(','));
            $this->eat('}');
            return ['shape', $items];
        }
        return ['name', $name];
    }
}

/** Does $v have type $t? $args: the call's arguments by name (for conditional types). */
function rcp_type_ok(mixed $v, array $t, array $args): bool
{
    switch ($t[0]) {
        case 'union':
            foreach ($t[1] as $u) if (rcp_type_ok($v, $u, $args)) return true;
            return false;
        case 'cond':
            $arg = array_key_exists($t[1], $args) ? $args[$t[1]] : null;   // a missing argument is its default: null/false
            if (!array_key_exists($t[1], $args) && $t[2] === ['name', 'true']) $arg = false;
            return rcp_type_ok($v, rcp_type_ok($arg, $t[2], $args) ? $t[3] : $t[4], $args);
        case 'list':
        case 'array':
            if (!is_array($v) || ($t[0] === 'list' && !array_is_list($v))) return false;
            foreach ($v as $k => $x) {
                // a string key that is a number is an integer key in PHP: array<string, ...> accepts it
                if ($t[1] !== null && !rcp_type_ok(is_int($k) && $t[1] === ['name', 'string'] ? (string) $k : $k, $t[1], $args)) return false;
                if (!rcp_type_ok($x, $t[2], $args)) return false;
            }
            return true;
        case 'shape':
            if (!is_array($v)) return false;
            foreach ($t[1] as $k => [$type, $optional]) {
                if (!array_key_exists($k, $v)) { if ($optional) continue; return false; }
                if (!rcp_type_ok($v[$k], $type, $args)) return false;
            }
            return count($v) <= count($t[1]);
        case 'name':
            return match ($t[1]) {
                'mixed' => true, 'null' => $v === null, 'string' => is_string($v), 'int' => is_int($v),
                'float' => is_float($v), 'bool' => is_bool($v), 'true' => $v === true, 'false' => $v === false,
                default => $v instanceof $t[1],
            };
    }
    throw new LogicException("type {$t[0]}");
}

function rcp_show(mixed $v): string
{
    return substr(json_encode(rcp_predis_norm($v), JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 0, 200);
}

$tags = rcp_stub_tags(__DIR__ . '/../../stubs/redis_cluster_pool.php');
$pool = rcp_pool();
rcp_flush_cluster();
$checked = $typed = 0;
$methods = [];
foreach (rcp_corpus() as [$method, $args]) {
    try {
        $r = $pool->$method(...$args);
    } catch (RedisClusterPool\Exception $e) {
        continue;     // an error reply (a command the server lacks, WRONGTYPE on purpose...): no reply to check
    }
    [$names, $plain, $cond] = $tags[$method] + [null, null, null];
    if ($plain === null) {
        echo "no @method for $method\n";
        continue;
    }
    $byName = [];
    foreach ($names as $i => $n) if (array_key_exists($i, $args)) $byName[$n] = $args[$i];
    $checked++;
    $methods[$method] = true;
    if ($plain !== 'mixed') $typed++;
    foreach (array_filter([$plain, $cond]) as $type) {
        if (!rcp_type_ok($r, RcpType::parse($type), $byName)) {
            echo "$method(", substr(json_encode($args, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), 1, -1), ") returned ",
                rcp_show($r), ", not $type\n";
        }
    }
}
echo "replies checked: ", $checked >= 180 ? '180 or more' : $checked, ", of ", count($methods) >= 100 ? '100 or more' : count($methods),
    " methods; with a declared type other than mixed: ", $typed >= 170 ? '170 or more' : $typed, "\n";

// the check is not vacuous: wrong replies are refused
$bad = [['get', [], 42, 'string|null'], ['mget', [], ['a', 1], 'list<string|null>'], ['hgetall', [], ['f' => null], 'array<string, string>'],
        ['zscan', [], ['0', ['m' => '1']], 'array{string, array<string, float>}'], ['lpop', ['count' => 2], 'x', '($count is null ? string|null : list<string>|null)']];
foreach ($bad as [$m, $a, $v, $type]) {
    echo "$m refuses ", rcp_show($v), ": ", rcp_type_ok($v, RcpType::parse($type), $a) ? 'no' : 'yes', "\n";
}
?>
--EXPECT--
replies checked: 180 or more, of 100 or more methods; with a declared type other than mixed: 170 or more
get refuses 42: yes
mget refuses ["a",1]: yes
hgetall refuses {"f":null}: yes
zscan refuses ["0",{"m":"1"}]: yes
lpop refuses "x": yes
