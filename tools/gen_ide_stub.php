<?php
/*
 * Writes stubs/redis_cluster_pool.php, the IDE stub of the whole public API (PhpStorm, PHPStan, Psalm read it),
 * from stubs/redis_cluster_pool.stub.php, the file php-src's gen_stub.php turns into the arginfo: one source for
 * both (tools/gen_arginfo.sh runs the two generators). The IDE stub is the source stub with the annotations only
 * gen_stub.php understands removed (@generate-class-entries, @undocumentable, @strict-properties,
 * @not-serializable, @cvalue, ...); docblocks, signatures, attributes and constant values stay as written.
 * Redis commands are methods through __call, which static analysers do not follow: the docblocks of
 * RedisClusterPool and RedisClusterPool\Pipeline get one @method per command the extension accepts, from the
 * command table the C code is built with (src/commands_table.h: top-level commands not refused, plus the
 * Predis method names that differ from their command, src/predis_compat.c).
 *
 *   php tools/gen_ide_stub.php            rewrite stubs/redis_cluster_pool.php
 *   php tools/gen_ide_stub.php --check    exit 1 (and say why) if it is not what the source stub gives
 */
$root = dirname(__DIR__);
$src = "$root/stubs/redis_cluster_pool.stub.php";
$dst = "$root/stubs/redis_cluster_pool.php";

$code = file_get_contents($src);
if ($code === false) {
    fwrite(STDERR, "cannot read $src\n");
    exit(2);
}
try {
    $commands = rcp_command_methods($root);
    $out = rcp_ide_stub($code, 'stubs/' . basename($src), [
        'RedisClusterPool' => array_map(fn($m) => "@method mixed $m(mixed ...\$arguments)", $commands),
        'Pipeline' => array_map(fn($m) => "@method Pipeline $m(mixed ...\$arguments) queues $m", $commands),
    ]);
} catch (RuntimeException $e) {
    fwrite(STDERR, 'gen_ide_stub: ' . $e->getMessage() . "\n");
    exit(2);
}

if (in_array('--check', $argv, true)) {
    $cur = @file_get_contents($dst);
    if ($cur === $out) exit(0);
    echo $cur === false
        ? "stubs/redis_cluster_pool.php is missing: run tools/gen_arginfo.sh\n"
        : "stubs/redis_cluster_pool.php is out of date with stubs/redis_cluster_pool.stub.php: run tools/gen_arginfo.sh\n";
    exit(1);
}
if (@file_get_contents($dst) !== $out) {
    file_put_contents($dst, $out);
    echo "Saved $dst\n";
}

/** Tags that only mean something to gen_stub.php (arginfo/class-entry generation, php-src's manual). */
function rcp_gen_stub_only_tag(string $tag): bool
{
    return in_array($tag, ['generate-class-entries', 'generate-function-entries', 'generate-legacy-arginfo',
        'undocumentable', 'strict-properties', 'not-serializable', 'cvalue', 'refcount', 'compile-time-eval',
        'frameless-function', 'implementation-alias', 'prefer-ref', 'genstubs-expose-comment-block',
        'tentative-return-type', 'alias'], true);
}

/**
 * Method names of the Redis commands __call accepts: the command table's top-level commands, except those
 * refused (RCP_ROUTE_UNSUPPORTED; for a command with subcommands: when all of them are), lowercase, plus the
 * Predis names of the compatibility layer that differ from their command (xread_v4, ...).
 * @return list<string> sorted
 */
function rcp_command_methods(string $root): array
{
    $table = @file_get_contents("$root/src/commands_table.h");
    if ($table === false || !preg_match_all('/^\s*\{"([A-Z0-9_|\-]+)",\s*-?\d+,\s*[^,]*,\s*(RCP_ROUTE_\w+),/m', $table, $m, PREG_SET_ORDER)) {
        throw new RuntimeException('no command in src/commands_table.h');
    }
    $ok = [];
    foreach ($m as [, $name, $route]) {
        $top = strtolower(explode('|', $name)[0]);
        $supported = $route !== 'RCP_ROUTE_UNSUPPORTED';
        $ok[$top] = ($ok[$top] ?? false) || $supported;
    }
    $compat = (string) @file_get_contents("$root/src/predis_compat.c");
    preg_match_all('/\bCMD\("([a-z0-9_]+)",\s*"([A-Z0-9 |_\-]+)"/', $compat, $cm, PREG_SET_ORDER);
    foreach ($cm as [, $method, $command]) {
        $top = strtolower(explode(' ', $command)[0]);
        if ($method !== $top && ($ok[$top] ?? false)) $ok[$method] = true;
    }
    $names = array_keys(array_filter($ok));
    // a PHP method name; and a command cannot hide a real method of the classes
    $names = array_values(array_filter($names, fn($n) => preg_match('/^[a-z_][a-z0-9_]*$/', $n)
        && !in_array($n, ['pipeline', 'execute', 'executeraw', 'stats', 'getslotmap', 'nodeforkey', 'keyslot',
            'commandinfo', 'predisargs', 'predisreply', '__call', '__construct'], true)));
    sort($names);
    return $names;
}

/** @param array<string, list<string>> $extraTags class short name => lines added to its docblock */
function rcp_ide_stub(string $code, string $srcName, array $extraTags = []): string
{
    $out = '';
    $tokens = token_get_all($code);
    $n = count($tokens);
    $first = true;
    for ($i = 0; $i < $n; $i++) {
        $t = $tokens[$i];
        if (is_array($t) && $t[0] === T_OPEN_TAG && $first) {
            $first = false;
            $out .= "<?php\n\n/*\n * IDE stub of the redis_cluster_pool extension (PhpStorm, PHPStan, Psalm).\n"
                . " * Generated from $srcName by tools/gen_ide_stub.php (tools/gen_arginfo.sh runs it): do not edit.\n"
                . " * For tools only: PHP itself must not load it next to the extension.\n */\n";
            continue;
        }
        if (is_array($t) && $t[0] === T_STRING && $t[1] === 'UNKNOWN') {
            // gen_stub's placeholder for a value only C knows: an IDE needs the real value
            throw new RuntimeException("$srcName line {$t[2]}: UNKNOWN value; write the literal value (and keep @cvalue)");
        }
        if (!is_array($t) || $t[0] !== T_DOC_COMMENT) {
            $out .= is_array($t) ? $t[1] : $t;
            continue;
        }
        $lines = explode("\n", $t[1]);
        $keep = [];
        $content = false;
        foreach ($lines as $k => $line) {
            if (preg_match('/^\s*\*\s*@([a-z][a-z-]*)\b/', $line, $m) && rcp_gen_stub_only_tag($m[1])) continue;
            if (count($lines) === 1 && preg_match('#^/\*\*\s*@([a-z][a-z-]*)\b.*\*/$#', trim($line), $m)
                && rcp_gen_stub_only_tag($m[1])) continue;
            $keep[] = $line;
            if (!preg_match('#^\s*(/\*\*|\*/|\*)\s*$#', $line)) $content = true;
        }
        // blank " *" lines left before the end by the removed tags go too
        while (count($keep) > 2 && preg_match('#^\s*\*\s*$#', $keep[count($keep) - 2])) array_splice($keep, -2, 1);
        $class = rcp_next_class($tokens, $i);
        if ($content && $class !== null && isset($extraTags[$class]) && count($keep) > 1) {
            $indent = preg_match('/^(\s*)\*/', $keep[count($keep) - 1], $im) ? $im[1] : ' ';
            $close = array_pop($keep);
            $keep[] = "$indent*";
            foreach ($extraTags[$class] as $tag) $keep[] = "$indent* $tag";
            $keep[] = $close;
        }
        if ($content) {
            $out .= implode("\n", $keep);
            continue;
        }
        // the whole docblock was gen_stub-only: drop it with the blank line and indentation after it
        if (isset($tokens[$i + 1]) && is_array($tokens[$i + 1]) && $tokens[$i + 1][0] === T_WHITESPACE) {
            $ws = $tokens[$i + 1][1];
            $nl = strrpos($ws, "\n");
            $tokens[$i + 1][1] = $nl === false ? '' : substr($ws, $nl + 1);
            // and the indentation before it (already emitted)
            $out = rtrim($out, " \t");
        }
    }
    return $out;
}

/** The name of the class a docblock at $i documents, or null when it does not document a class. */
function rcp_next_class(array $tokens, int $i): ?string
{
    for ($j = $i + 1; isset($tokens[$j]); $j++) {
        $t = $tokens[$j];
        if (is_array($t) && in_array($t[0], [T_WHITESPACE, T_FINAL, T_ABSTRACT, T_READONLY], true)) continue;
        if (!is_array($t) || $t[0] !== T_CLASS) return null;
        for ($j++; isset($tokens[$j]) && is_array($tokens[$j]) && $tokens[$j][0] === T_WHITESPACE; $j++);
        return is_array($tokens[$j] ?? null) && $tokens[$j][0] === T_STRING ? $tokens[$j][1] : null;
    }
    return null;
}
