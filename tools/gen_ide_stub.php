<?php
/*
 * Writes stubs/redis_cluster_pool.php, the IDE stub of the whole public API (PhpStorm, PHPStan, Psalm read it),
 * from stubs/redis_cluster_pool.stub.php, the file php-src's gen_stub.php turns into the arginfo: one source for
 * both (tools/gen_arginfo.sh runs the two generators). The IDE stub is the source stub with the annotations only
 * gen_stub.php understands removed (@generate-class-entries, @undocumentable, @strict-properties,
 * @not-serializable, @cvalue, ...); docblocks, signatures, attributes and constant values stay as written.
 * Redis commands are methods through __call, which static analysers do not follow: the docblocks of the
 * interfaces RedisClusterPool\ClientInterface, PipelineInterface and TransactionInterface (which
 * RedisClusterPool, Pipeline and Transaction implement, and inherit the tags from, as Predis' classes do) get
 * one @method per command the extension accepts, from the command table the C code is built with
 * (src/core/commands_table.h: top-level commands not refused, plus the Predis method names that differ from their
 * command, src/predis/; on ClientInterface also the pool's raw multi/exec/discard/watch/unwatch).
 * Their arguments and reply types come from tools/command_signatures.php (made from Predis 3.7 by
 * tools/gen_command_signatures.php; a command it has no signature for takes `mixed ...$arguments`):
 *   ClientInterface       @method REPLY name(ARGS), and for a reply that depends on the arguments a second
 *                         tag, @phpstan-method (conditional type) name(ARGS), which PHPStan prefers
 *   PipelineInterface     @method $this name(ARGS): every command queues
 *   TransactionInterface  @method $this|REPLY name(ARGS) and @phpstan-method (TCas is true ? REPLY : $this):
 *                         in check-and-set mode (before multi()) a command runs and returns its reply
 *
 *   php tools/gen_ide_stub.php            rewrite stubs/redis_cluster_pool.php
 *   php tools/gen_ide_stub.php --check    exit 1 (and say why) if it is not what the source stub gives
 */
require_once __DIR__ . '/ide_stub_lib.php';
$root = dirname(__DIR__);
$src = "$root/stubs/redis_cluster_pool.stub.php";
$dst = "$root/stubs/redis_cluster_pool.php";

$code = file_get_contents($src);
if ($code === false) {
    fwrite(STDERR, "cannot read $src\n");
    exit(2);
}
try {
    $out = rcp_ide_stub($code, 'stubs/' . basename($src), rcp_command_tags($root));
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

/**
 * The @method tags of the three interfaces, by interface short name.
 * @return array<string, list<string>>
 */
function rcp_command_tags(string $root): array
{
    $sigs = require "$root/tools/command_signatures.php";
    $tags = ['ClientInterface' => [], 'PipelineInterface' => [], 'TransactionInterface' => []];
    $pool = rcp_pool_only_methods();
    $names = array_merge(rcp_command_methods($root), $pool);
    sort($names);
    foreach ($names as $m) {
        [$args, $reply, $cond] = $sigs[$m] ?? ['mixed ...$arguments', 'mixed', null];
        $tags['ClientInterface'][] = "@method $reply $m($args)";
        if ($cond !== null) $tags['ClientInterface'][] = "@phpstan-method $cond $m($args)";
        if (in_array($m, $pool, true)) continue;
        $tags['PipelineInterface'][] = "@method \$this $m($args)";
        $tags['TransactionInterface'][] = '@method ' . ($reply === 'mixed' ? 'mixed' : "\$this|$reply") . " $m($args)";
        $tags['TransactionInterface'][] = '@phpstan-method (TCas is true ? ' . ($cond ?? $reply) . " : \$this) $m($args)";
    }
    foreach (array_keys($sigs) as $m) {
        if (!in_array($m, $names, true)) {
            throw new RuntimeException("tools/command_signatures.php has $m, which is not a command method: run php tools/gen_command_signatures.php");
        }
    }
    return $tags;
}

/** Tags that only mean something to gen_stub.php (arginfo/class-entry generation, php-src's manual). */
function rcp_gen_stub_only_tag(string $tag): bool
{
    return in_array($tag, ['generate-class-entries', 'generate-function-entries', 'generate-legacy-arginfo',
        'undocumentable', 'strict-properties', 'not-serializable', 'cvalue', 'refcount', 'compile-time-eval',
        'frameless-function', 'implementation-alias', 'prefer-ref', 'genstubs-expose-comment-block',
        'tentative-return-type', 'alias'], true);
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

/** The name of the class or interface a docblock at $i documents, or null when it documents neither. */
function rcp_next_class(array $tokens, int $i): ?string
{
    for ($j = $i + 1; isset($tokens[$j]); $j++) {
        $t = $tokens[$j];
        if (is_array($t) && in_array($t[0], [T_WHITESPACE, T_FINAL, T_ABSTRACT, T_READONLY], true)) continue;
        if (!is_array($t) || ($t[0] !== T_CLASS && $t[0] !== T_INTERFACE)) return null;
        for ($j++; isset($tokens[$j]) && is_array($tokens[$j]) && $tokens[$j][0] === T_WHITESPACE; $j++);
        return is_array($tokens[$j] ?? null) && $tokens[$j][0] === T_STRING ? $tokens[$j][1] : null;
    }
    return null;
}
