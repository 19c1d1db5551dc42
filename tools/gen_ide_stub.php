<?php
/*
 * Writes stubs/redis_cluster_pool.php, the IDE stub of the whole public API (PhpStorm, PHPStan, Psalm read it),
 * from stubs/redis_cluster_pool.stub.php, the file php-src's gen_stub.php turns into the arginfo: one source for
 * both (tools/gen_arginfo.sh runs the two generators). The IDE stub is the source stub with the annotations only
 * gen_stub.php understands removed (@generate-class-entries, @undocumentable, @strict-properties,
 * @not-serializable, @cvalue, ...); docblocks, signatures, attributes and constant values stay as written.
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
    $out = rcp_ide_stub($code, 'stubs/' . basename($src));
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

function rcp_ide_stub(string $code, string $srcName): string
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
