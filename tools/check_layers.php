<?php
/*
 * The layers of the C code, checked: which file calls (or reads a global of) which other file, and whether any
 * files call each other in a cycle. Exit status 1 when there is a cycle (that no allowlist entry excuses) or the core
 * uses a layer above it, 0 otherwise, 2 on a usage or build error.
 *
 *   php tools/check_layers.php                  the file graph (each file's level and what it uses), then the
 *                                               cycles (strongly connected components) with the symbols that
 *                                               make each edge of them; exit 1 on any
 *   php tools/check_layers.php --path FUNC      the files FUNC can reach (calls and callbacks it registers,
 *                                               transitively), each with the shortest chain of functions into it
 *   php tools/check_layers.php --edges          every edge between two files with all of its symbols
 *   php tools/check_layers.php --dot            the file graph for graphviz (cycles in red)
 * The folders' rule is checked too: a file of src/core/ that uses a file of src/binding/, src/predis/ or the module
 * file (redis_cluster_pool.c) is listed ("the core uses a layer above it") and the exit status is 1.
 * Options:
 *   --calls-only        ignore references to another file's global variables (default: they count: reading
 *                       another file's global is a dependency as much as calling it)
 *   --allow=FILE        edges to ignore, one per line: "from.c -> to.c  why" (default tools/check_layers.allow
 *                       when it exists; an edge is allowed only with a reason: a cycle nobody can avoid); a line
 *                       naming an edge that no longer exists fails the check (exit 1) until it is removed
 *   --objdir=DIR        where the objects are compiled (default .scratch/layers; reused while no source or
 *                       header is newer)
 *   --cc=CC             the compiler (default: $CC, else cc); PHP_CONFIG=path: the php-config whose headers
 *                       are used (default php-configX.Y of the PHP running this, else php-config)
 *
 * How: every source config.m4 names (PHP_NEW_EXTENSION) is compiled on its own, at -O0 with -ffunction-sections
 * and -fdata-sections and without LTO, so that every function and every global has its own section and every
 * reference it makes (a call, a tail call, a callback whose address it takes, a global it reads) is a
 * relocation of that section. readelf then gives, per object, the symbols it defines (readelf -s) and each
 * section's references (readelf -r): an edge A -> B is a symbol of A referring to one that B defines. Symbols
 * nobody defines (PHP, libuv, OpenSSL, libc) are outside the graph. The build's own objects cannot serve: with
 * link-time optimization (config.m4's default) they hold GIMPLE, no machine code and no relocations; and an
 * optimized object has inlined its static functions (fine for the file graph, not for --path).
 * Static functions keep their file's name (two files may each have a static rcp_fnv). A static inline helper of a
 * header is compiled into each file that uses it, and counts as that file's.
 */
declare(strict_types=1);

$root = dirname(__DIR__);
$opts = getopt('', ['path:', 'edges', 'dot', 'calls-only', 'allow:', 'objdir:', 'cc:', 'help']);
if (isset($opts['help'])) {
    preg_match('#/\*(.*?)\*/#s', (string) file_get_contents(__FILE__), $m);
    echo trim(preg_replace('/^ \* ?/m', '', $m[1])), "\n";
    exit(0);
}
$objdir = $opts['objdir'] ?? "$root/.scratch/layers";
$cc = $opts['cc'] ?? (getenv('CC') ?: 'cc');
$callsOnly = isset($opts['calls-only']);
$allowFile = $opts['allow'] ?? "$root/tools/check_layers.allow";

$sources = layers_sources($root);
$objects = layers_compile($root, $sources, $objdir, $cc);
[$defs, $refs] = layers_read($objects);

// ---- the function graph and the file graph -----------------------------------------------------------------
// $defs: "file|sym" (a static) or "sym" (a global) => ['file' => f, 'kind' => FUNC|OBJECT, 'name' => sym]
// $refs: list of [from key, to name, from file]; resolved: a static of the same file first, then a global
$globals = [];
foreach ($defs as $key => $d) {
    if (!str_contains($key, '|')) $globals[$d['name']] = $key;
}
$calls = [];   // from key => [to key => true]
$edges = [];   // from file => [to file => [ "sym (from fn)" => true ]]
foreach ($refs as [$fromKey, $toName, $fromFile]) {
    $toKey = isset($defs["$fromFile|$toName"]) ? "$fromFile|$toName" : ($globals[$toName] ?? null);
    if ($toKey === null || $toKey === $fromKey) continue; // outside the extension, or itself
    $calls[$fromKey][$toKey] = true;
    $to = $defs[$toKey];
    if ($to['file'] === $fromFile || ($callsOnly && $to['kind'] !== 'FUNC')) continue;
    $edges[$fromFile][$to['file']][$to['name'] . ($to['kind'] === 'FUNC' ? '()' : '') . ' <- ' . $defs[$fromKey]['name']] = true;
}
$files = array_keys($sources);
sort($files);

$allowed = layers_allowlist($allowFile);
$stale = [];
foreach ($allowed as [$a, $b]) {
    if (!isset($edges[$a][$b])) $stale[] = "$a -> $b";
    unset($edges[$a][$b]);
}

// ---- output ----------------------------------------------------------------------------------------------
if (isset($opts['path'])) {
    exit(layers_path($opts['path'], $defs, $globals, $calls));
}
$sccs = layers_sccs($files, $edges);
$cycles = array_values(array_filter($sccs, fn($c) => count($c) > 1));
if (isset($opts['dot'])) {
    echo layers_dot($files, $edges, $cycles);
    exit($cycles ? 1 : 0);
}
if (isset($opts['edges'])) {
    foreach ($files as $f) {
        foreach ($edges[$f] ?? [] as $t => $syms) {
            echo "$f -> $t\n";
            foreach (array_keys($syms) as $s) echo "    $s\n";
        }
    }
    exit($cycles ? 1 : 0);
}

// levels: a file's level is 1 + the highest level of what it uses (a cycle's files share one level)
$comp = [];
foreach ($sccs as $i => $c) foreach ($c as $f) $comp[$f] = $i;
$level = [];
foreach ($sccs as $i => $c) { // Tarjan gives the components callees first
    $l = 0;
    foreach ($c as $f) {
        foreach (array_keys($edges[$f] ?? []) as $t) {
            if ($comp[$t] !== $i) $l = max($l, $level[$comp[$t]] + 1);
        }
    }
    $level[$i] = $l;
}
$byLevel = [];
foreach ($files as $f) $byLevel[$level[$comp[$f]]][] = $f;
ksort($byLevel);
$nEdges = array_sum(array_map('count', $edges));
printf("%d files, %d edges between them (%s), %d levels; each file with the files it uses:\n", count($files), $nEdges,
    $callsOnly ? 'calls' : 'calls and globals', count($byLevel));
foreach ($byLevel as $l => $fs) {
    foreach ($fs as $f) {
        $uses = array_keys($edges[$f] ?? []);
        sort($uses);
        printf("  %2d  %-28s %s%s\n", $l, $f, $uses ? '-> ' : '', implode(' ', $uses));
    }
}
$allowName = str_starts_with($allowFile, "$root/") ? substr($allowFile, strlen($root) + 1) : $allowFile;
foreach ($allowed as [$a, $b, $why]) echo "allowed ($allowName): $a -> $b: $why\n";
foreach ($stale as $e) echo "$allowName allows $e, an edge that no longer exists: remove the line\n";
if ($stale) exit(1);
// the folders' rule: the core (src/core/) uses no file of the binding (src/binding/), of Predis' layer (src/predis/)
// or the module file; what a core file would need from up there it gets as a variable the binding sets
$upward = [];
foreach ($edges as $f => $to) {
    if (!str_starts_with($f, 'core/')) continue;
    foreach ($to as $t => $syms) {
        if (str_starts_with($t, 'binding/') || str_starts_with($t, 'predis/') || !str_contains($t, '/')) {
            $s = array_keys($syms);
            $upward[] = "$f -> $t: " . implode(', ', array_slice($s, 0, 6)) . (count($s) > 6 ? sprintf(', ... (%d)', count($s)) : '');
        }
    }
}
foreach ($upward as $u) echo "the core uses a layer above it: $u\n";
if (!$cycles) {
    echo $upward ? '' : "the core uses no file of the binding, Predis' layer or the module\n", "no cycle\n";
    exit($upward ? 1 : 0);
}
printf("%d cycle%s (files that call each other, directly or through others):\n", count($cycles), count($cycles) > 1 ? 's' : '');
foreach ($cycles as $c) {
    sort($c);
    echo '  ', implode(' ', $c), "\n";
    $in = array_flip($c);
    foreach ($c as $f) {
        foreach ($edges[$f] ?? [] as $t => $syms) {
            if (!isset($in[$t])) continue;
            $s = array_keys($syms);
            echo "    $f -> $t: ", implode(', ', array_slice($s, 0, 6)), count($s) > 6 ? sprintf(', ... (%d)', count($s)) : '', "\n";
        }
    }
}
exit(1);

// ---- functions -------------------------------------------------------------------------------------------

/** The extension's sources, as config.m4 lists them: file => path. */
function layers_sources(string $root): array
{
    $m4 = (string) file_get_contents("$root/config.m4");
    if (!preg_match('/PHP_NEW_EXTENSION\(\s*redis_cluster_pool\s*,(.*?),/s', $m4, $m)) {
        fwrite(STDERR, "check_layers: no PHP_NEW_EXTENSION(redis_cluster_pool, ...) in config.m4\n");
        exit(2);
    }
    $out = [];
    foreach (preg_split('/\s+/', str_replace('dnl', ' ', $m[1]), -1, PREG_SPLIT_NO_EMPTY) as $f) {
        $out[preg_replace('#^src/#', '', $f)] = $f; // names as the code says them: exec.c, predis/table.c
    }
    return $out;
}

/** Compile every source (in parallel, only what changed); returns file => object path. */
function layers_compile(string $root, array $sources, string $objdir, string $cc): array
{
    // the php-config of the PHP running this (Debian's php-config8.2 beside php8.2), else the one on the PATH
    $includes = '';
    foreach ([getenv('PHP_CONFIG') ?: '', 'php-config' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION, 'php-config'] as $pc) {
        if ($pc !== '' && ($includes = trim((string) shell_exec(escapeshellarg($pc) . ' --includes 2>/dev/null'))) !== '') break;
    }
    if ($includes === '') {
        fwrite(STDERR, "check_layers: php-config not found (the php-dev package; or set PHP_CONFIG)\n");
        exit(2);
    }
    @mkdir($objdir, 0777, true);
    $headers = 0;
    foreach (['include', 'src/core', 'src/binding', 'src/predis', '.', 'stubs'] as $d) {
        foreach (glob("$root/$d/*.h") ?: [] as $h) $headers = max($headers, filemtime($h));
    }
    $flags = "-c -O0 -fno-lto -ffunction-sections -fdata-sections -fno-common -fvisibility=hidden -w "
        // _GNU_SOURCE as the build's config.h defines it (phpize's AC_USE_SYSTEM_EXTENSIONS): without it PHP 8.4's
        // headers call memrchr() undeclared, an error for GCC 14 (Debian 13)
        . "-D_GNU_SOURCE -DCOMPILE_DL_REDIS_CLUSTER_POOL -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 "
        . "-I" . escapeshellarg($root) . " -I" . escapeshellarg("$root/include")
        . " $includes";
    $stamp = "$objdir/flags";
    $same = @file_get_contents($stamp) === "$cc $flags";
    $jobs = [];
    $objects = [];
    foreach ($sources as $file => $path) {
        $obj = "$objdir/" . str_replace('/', '__', $file) . '.o';
        $objects[$file] = $obj;
        if ($same && is_file($obj) && filemtime($obj) >= max(filemtime("$root/$path"), $headers)) continue;
        $jobs[] = [$file, "$cc $flags " . escapeshellarg("$root/$path") . ' -o ' . escapeshellarg($obj)];
    }
    $nproc = max(1, (int) trim((string) shell_exec('nproc 2>/dev/null')));
    $running = [];
    $failed = false;
    while ($jobs || $running) {
        while ($jobs && count($running) < $nproc) {
            [$file, $cmd] = array_shift($jobs);
            $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
            $running[] = [$file, $p, $pipes];
        }
        foreach ($running as $i => [$file, $p, $pipes]) {
            $status = proc_get_status($p); // its exitcode is only given once, when it is seen finished
            if ($status['running']) continue;
            $err = stream_get_contents($pipes[2]) . stream_get_contents($pipes[1]);
            proc_close($p);
            if ($status['exitcode'] !== 0) {
                @unlink($objects[$file]);
                fwrite(STDERR, "check_layers: compiling $file failed:\n$err");
                $failed = true;
            }
            unset($running[$i]);
        }
        usleep(20000);
    }
    if ($failed) exit(2);
    file_put_contents($stamp, "$cc $flags");
    return $objects;
}

/**
 * Symbols and references of the objects. Returns [$defs, $refs]: $defs "file|sym" (static) or "sym" (global) =>
 * ['file', 'kind' (FUNC or OBJECT), 'name']; $refs [from key, to symbol name, from file] for every relocation of a
 * function's or a global's own section.
 */
function layers_read(array $objects): array
{
    $defs = [];
    $refs = [];
    foreach ($objects as $file => $obj) {
        // sections: index => name
        $secs = [];
        foreach (explode("\n", (string) shell_exec('readelf -SW ' . escapeshellarg($obj))) as $line) {
            if (preg_match('/^\s*\[\s*(\d+)\]\s+(\S+)/', $line, $m)) $secs[(int) $m[1]] = $m[2];
        }
        // symbols: the owner of each section (its function or global)
        $owner = [];
        foreach (explode("\n", (string) shell_exec('readelf -sW ' . escapeshellarg($obj))) as $line) {
            $f = preg_split('/\s+/', trim($line));
            if (count($f) < 8 || !ctype_digit($f[6]) || !in_array($f[3], ['FUNC', 'OBJECT'], true)) continue;
            $name = $f[7];
            $local = $f[4] === 'LOCAL';
            $base = preg_replace('/\.\d+$/', '', $name); // a function's static variable: x.0
            $key = $local ? "$file|$name" : $name;
            $defs[$key] = ['file' => $file, 'kind' => $f[3], 'name' => $name];
            $owner[(int) $f[6]] ??= $key;
            if ($base !== $name) $defs[$key]['name'] = $base;
        }
        // relocations: which section refers to which symbol
        $cur = null;
        foreach (explode("\n", (string) shell_exec('readelf -rW ' . escapeshellarg($obj))) as $line) {
            if (preg_match("/^Relocation section '\\.rela?(\\S+)'/", $line, $m)) {
                $idx = array_search($m[1], $secs, true);
                $cur = $idx === false ? null : ($owner[$idx] ?? null);
                continue;
            }
            if ($cur === null || !preg_match('/^[0-9a-f]+\s+[0-9a-f]+\s+R_\S+\s+[0-9a-f]+\s+(\S+)/', $line, $m)) continue;
            $to = $m[1];
            if ($to[0] === '.') { // a section symbol (a static of this file): its owner
                $idx = array_search($to, $secs, true);
                $k = $idx === false ? null : ($owner[$idx] ?? null);
                if ($k === null) continue; // string literals, constants
                $to = $defs[$k]['name'];
            }
            $refs[] = [$cur, $to, $file];
        }
    }
    return [$defs, $refs];
}

/** Allowed edges: [from, to, why]. */
function layers_allowlist(string $file): array
{
    $out = [];
    if (!is_file($file)) return $out;
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $n => $line) {
        if (trim($line) === '' || $line[0] === '#') continue;
        if (!preg_match('/^\s*(\S+)\s*->\s*(\S+)\s+(\S.*)$/', $line, $m)) {
            fwrite(STDERR, "check_layers: $file:" . ($n + 1) . ": not \"from.c -> to.c  why\"\n");
            exit(2);
        }
        $out[] = [$m[1], $m[2], trim($m[3])];
    }
    return $out;
}

/** Strongly connected components (Tarjan), callees first. */
function layers_sccs(array $files, array $edges): array
{
    $index = $low = $on = [];
    $stack = $out = [];
    $i = 0;
    $visit = function (string $v) use (&$visit, &$index, &$low, &$on, &$stack, &$out, &$i, $edges): void {
        $index[$v] = $low[$v] = $i++;
        $stack[] = $v;
        $on[$v] = true;
        foreach (array_keys($edges[$v] ?? []) as $w) {
            if (!isset($index[$w])) {
                $visit($w);
                $low[$v] = min($low[$v], $low[$w]);
            } elseif (!empty($on[$w])) {
                $low[$v] = min($low[$v], $index[$w]);
            }
        }
        if ($low[$v] === $index[$v]) {
            $c = [];
            do {
                $w = array_pop($stack);
                $on[$w] = false;
                $c[] = $w;
            } while ($w !== $v);
            $out[] = $c;
        }
    };
    foreach ($files as $f) if (!isset($index[$f])) $visit($f);
    return $out;
}

/** --path: the files FUNC reaches, nearest first, each with the shortest chain into it. */
function layers_path(string $func, array $defs, array $globals, array $calls): int
{
    $starts = isset($globals[$func]) ? [$globals[$func]] : array_keys(array_filter($defs, fn($d, $k) => $d['name'] === $func && str_contains($k, '|'), ARRAY_FILTER_USE_BOTH));
    if (!$starts) {
        fwrite(STDERR, "check_layers: no function $func in the extension\n");
        return 2;
    }
    $prev = [];
    $dist = [];
    $queue = [];
    foreach ($starts as $s) {
        $dist[$s] = 0;
        $queue[] = $s;
    }
    while ($queue) {
        $v = array_shift($queue);
        foreach (array_keys($calls[$v] ?? []) as $w) {
            if (isset($dist[$w])) continue;
            $dist[$w] = $dist[$v] + 1;
            $prev[$w] = $v;
            $queue[] = $w;
        }
    }
    $first = [];  // file => the nearest function of it reached
    $count = [];
    foreach ($dist as $k => $d) {
        $f = $defs[$k]['file'];
        $count[$f] = ($count[$f] ?? 0) + 1;
        if (!isset($first[$f]) || $d < $dist[$first[$f]]) $first[$f] = $k;
    }
    uasort($first, fn($a, $b) => [$dist[$a], $a] <=> [$dist[$b], $b]);
    printf("%s reaches %d functions and globals in %d files (every path, error paths included):\n", $func, count($dist), count($first));
    foreach ($first as $f => $k) {
        $chain = [];
        for ($v = $k; isset($prev[$v]); $v = $prev[$v]) $chain[] = $defs[$v]['file'] . ':' . $defs[$v]['name'];
        $chain[] = $defs[$v]['file'] . ':' . $defs[$v]['name'];
        printf("  %-26s %3d  %s\n", $f, $count[$f], implode(' -> ', array_reverse($chain)));
    }
    return 0;
}

function layers_dot(array $files, array $edges, array $cycles): string
{
    $inCycle = [];
    foreach ($cycles as $c) foreach ($c as $f) $inCycle[$f] = true;
    $s = "digraph layers {\n  rankdir=TB; node [shape=box, fontsize=10];\n";
    foreach ($files as $f) $s .= sprintf("  \"%s\"%s;\n", $f, isset($inCycle[$f]) ? ' [color=red]' : '');
    foreach ($edges as $f => $ts) {
        foreach (array_keys($ts) as $t) {
            $red = isset($inCycle[$f], $inCycle[$t]) && layers_same_cycle($cycles, $f, $t);
            $s .= sprintf("  \"%s\" -> \"%s\"%s;\n", $f, $t, $red ? ' [color=red]' : '');
        }
    }
    return $s . "}\n";
}

function layers_same_cycle(array $cycles, string $a, string $b): bool
{
    foreach ($cycles as $c) if (in_array($a, $c, true) && in_array($b, $c, true)) return true;
    return false;
}
