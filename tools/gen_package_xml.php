<?php
/*
 * Keeps package.xml (PECL) in step with the repository:
 *   <contents>         the files that ship: what git tracks (or would: new files not ignored) under the shipped
 *                      paths, so a new source file cannot be forgotten;
 *   <version>          release and api from PHP_REDIS_CLUSTER_POOL_VERSION (php_redis_cluster_pool.h);
 *   <notes>            the top entry of CHANGELOG.md.
 *
 *   php tools/gen_package_xml.php               rewrite package.xml
 *   php tools/gen_package_xml.php --date=today  also set <date> (scripts/release.sh does, when packaging)
 *   php tools/gen_package_xml.php --check       exit 1 and list the differences instead (tests/package):
 *                                               files shipped but not listed, listed but missing, and files
 *                                               the build needs (config.m4/config.w32 sources, every
 *                                               #include "..." found in the tree) that are not listed
 *   --xml=FILE                                  check or rewrite FILE instead of package.xml
 */
$root = dirname(__DIR__);
$opts = getopt('', ['check', 'xml:', 'date:']);
$shipped = rcp_shipped_files($root);
$xmlFile = $opts['xml'] ?? "$root/package.xml";
$xml = file_get_contents($xmlFile);
if ($xml === false) {
    fwrite(STDERR, "$xmlFile not found\n");
    exit(2);
}
if (isset($opts['check'])) {
    $listed = rcp_listed_files($xml);
    $missing = array_diff($shipped, $listed);
    $extra = array_diff($listed, $shipped);
    $unlistedInputs = array_diff(rcp_build_inputs($root), $listed);
    foreach ($missing as $f) echo "not in package.xml: $f\n";
    foreach ($extra as $f) echo "in package.xml but missing: $f\n";
    foreach ($unlistedInputs as $f) echo "needed by the build but not in package.xml: $f\n";
    exit($missing || $extra || $unlistedInputs ? 1 : 0);
}
// PECL's nested form: <dir name="src"><file name="exec.c" .../></dir>
$tree = [];
foreach ($shipped as $f) {
    $node = &$tree;
    $parts = explode('/', $f);
    $file = array_pop($parts);
    foreach ($parts as $d) {
        $node[$d] ??= [];
        $node = &$node[$d];
    }
    $node[$file] = rcp_role($f);
    unset($node);
}
$contents = "<contents>\n  <dir name=\"/\">\n" . rcp_emit($tree, 3) . "  </dir>\n </contents>";
$xml = rcp_replace('#<contents>.*</contents>#s', $contents, $xml);
$version = rcp_version($root);
$xml = rcp_replace('#<version>\s*<release>[^<]*</release>\s*<api>[^<]*</api>\s*</version>#',
    "<version>\n  <release>$version</release>\n  <api>$version</api>\n </version>", $xml);
$notes = rcp_changelog_notes($root, $version);
if ($notes !== null) {
    $xml = rcp_replace('#<notes>.*</notes>#s', '<notes>' . htmlspecialchars($notes, ENT_XML1) . '</notes>', $xml);
}
if (isset($opts['date'])) {
    $date = $opts['date'] === 'today' ? gmdate('Y-m-d') : $opts['date'];
    if (!preg_match('/^\d{4}-\d\d-\d\d$/', $date)) {
        fwrite(STDERR, "--date: YYYY-MM-DD or today\n");
        exit(2);
    }
    $xml = rcp_replace('#<date>[^<]*</date>#', "<date>$date</date>", $xml);
}
file_put_contents($xmlFile, $xml);
echo count($shipped), " files listed in ", basename($xmlFile), ", version $version\n";

/**
 * The first match of $pattern in $subject replaced by $text taken literally: preg_replace() would read "\0", "$1"
 * or "\1" in the text (a CHANGELOG line may hold them) as references to the match and corrupt package.xml.
 */
function rcp_replace(string $pattern, string $text, string $subject): string
{
    return (string) preg_replace_callback($pattern, static fn(): string => $text, $subject, 1);
}

/** PHP_REDIS_CLUSTER_POOL_VERSION: the one place the version is written by hand. */
function rcp_version(string $root): string
{
    if (!preg_match('/^#define PHP_REDIS_CLUSTER_POOL_VERSION "([^"]+)"/m',
        (string) file_get_contents("$root/php_redis_cluster_pool.h"), $m)) {
        fwrite(STDERR, "PHP_REDIS_CLUSTER_POOL_VERSION not found in php_redis_cluster_pool.h\n");
        exit(2);
    }
    return $m[1];
}

/** The body of CHANGELOG.md's entry for $version, as plain text for <notes>; null when there is none. */
function rcp_changelog_notes(string $root, string $version): ?string
{
    $log = @file_get_contents("$root/CHANGELOG.md");
    if ($log === false || !preg_match('/^## \[' . preg_quote($version, '/') . '\][^\n]*\n(.*?)(?=^## |\z)/ms', $log, $m)) {
        return null;
    }
    $text = trim($m[1]);
    return "\n" . $text . "\n ";
}

/**
 * Files of the tree the build reads: the sources named in config.m4 and config.w32, and every header reached
 * through #include "..." from them that exists in the tree (system and PHP headers are not ours).
 */
function rcp_build_inputs(string $root): array
{
    $need = ['config.m4', 'config.w32'];
    $m4 = (string) file_get_contents("$root/config.m4");
    if (preg_match('/PHP_NEW_EXTENSION\(\s*redis_cluster_pool\s*,(.*?),/s', $m4, $m)) {
        foreach (preg_split('/\s+/', str_replace('dnl', ' ', $m[1]), -1, PREG_SPLIT_NO_EMPTY) as $f) $need[] = $f;
    }
    $w32 = (string) file_get_contents("$root/config.w32");
    if (preg_match('/EXTENSION\("redis_cluster_pool",\s*"([^"]+)"/', $w32, $m)) {
        foreach (preg_split('/\s+/', $m[1], -1, PREG_SPLIT_NO_EMPTY) as $f) $need[] = $f;
    }
    if (preg_match('/ADD_SOURCES\([^,]*"\\\\+(\w+)",\s*"([^"]+)"/', $w32, $m)) {
        foreach (preg_split('/\s+/', $m[2], -1, PREG_SPLIT_NO_EMPTY) as $f) $need[] = "$m[1]/$f";
    }
    $seen = [];
    $queue = $need;
    while ($queue) {
        $f = array_shift($queue);
        if (isset($seen[$f])) continue;
        $seen[$f] = true;
        if (!preg_match('/\.[ch]$/', $f) || !is_file("$root/$f")) continue;
        preg_match_all('/^\s*#\s*include\s+"([^"]+)"/m', (string) file_get_contents("$root/$f"), $inc);
        foreach ($inc[1] as $h) {
            // the include path of config.m4: the including file's directory, the root, include/
            foreach ([dirname($f), '.', 'include'] as $dir) {
                $cand = ltrim(($dir === '.' ? '' : "$dir/") . $h, '/');
                $cand = preg_replace('#^\./#', '', $cand);
                if (is_file("$root/$cand")) {
                    $queue[] = $cand;
                    break;
                }
            }
        }
    }
    // generated by the build itself (config.h from configure), not shipped: what git ignores
    $tree = rcp_tree_files($root);
    $out = array_values(array_filter(array_keys($seen), fn($f) => $tree === null ? $f !== 'config.h' : in_array($f, $tree, true)));
    sort($out);
    return $out;
}

/** Files git tracks or would track (new, not ignored); null without git. */
function rcp_tree_files(string $root): ?array
{
    static $cache = [];
    if (!array_key_exists($root, $cache)) {
        exec('git -C ' . escapeshellarg($root) . ' ls-files -z --cached --others --exclude-standard 2>/dev/null', $lines, $rc);
        $cache[$root] = $rc === 0 && $lines ? array_values(array_filter(explode("\0", implode("\n", $lines)))) : null;
    }
    return $cache[$root];
}

function rcp_shipped_files(string $root): array
{
    $patterns = ['config.m4', 'config.w32', 'redis_cluster_pool.c', 'php_redis_cluster_pool.h', 'README.md', 'composer.json',
        'CHANGELOG.md', 'LICENSE', 'tools/', 'src/', 'include/', 'stubs/', 'tests/', 'docs/'];
    $out = [];
    // tracked files plus new ones not ignored yet, so regenerating before 'git add' lists them too
    $files = rcp_tree_files($root) ?? rcp_walk($root);
    foreach ($files as $f) {
        if ($f === '' || !file_exists("$root/$f")) continue;
        foreach ($patterns as $p) {
            if ($f === $p || (str_ends_with($p, '/') && str_starts_with($f, $p))) {
                // tests that need the repository (its scripts, git, pecl, the test tools) do not ship to pecl users
                foreach (['tests/cluster/', 'tests/fpm/', 'tests/package/', 'tests/docs/', 'tests/zts/'] as $repoOnly) {
                    if (str_starts_with($f, $repoOnly)) continue 3;
                }
                $out[] = $f;
                continue 2;
            }
        }
    }
    sort($out);
    return array_values(array_unique($out));
}

function rcp_walk(string $root): array
{
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS));
    $out = [];
    foreach ($it as $f) $out[] = substr($f->getPathname(), strlen($root) + 1);
    return $out;
}

function rcp_emit(array $tree, int $depth): string
{
    $out = '';
    $pad = str_repeat(' ', $depth);
    ksort($tree, SORT_STRING);
    foreach ($tree as $name => $v) {      // files first would reorder; keep one sorted pass: dirs are arrays
        if (is_array($v)) {
            $out .= "$pad<dir name=\"$name\">\n" . rcp_emit($v, $depth + 1) . "$pad</dir>\n";
        } else {
            $out .= "$pad<file name=\"$name\" role=\"$v\"/>\n";
        }
    }
    return $out;
}

/** Paths of every <file> under <contents>, rebuilt from the nested <dir> elements. */
function rcp_listed_files(string $xml): array
{
    $doc = new DOMDocument();
    $doc->loadXML($xml);
    $out = [];
    $walk = function (DOMElement $el, string $prefix) use (&$walk, &$out) {
        foreach ($el->childNodes as $c) {
            if (!$c instanceof DOMElement) continue;
            $name = $c->getAttribute('name');
            if ($c->tagName === 'dir') {
                $walk($c, $name === '/' ? '' : $prefix . $name . '/');
            } elseif ($c->tagName === 'file') {
                $out[] = $prefix . $name;
            }
        }
    };
    foreach ($doc->getElementsByTagName('contents') as $contents) {
        $walk($contents, '');
    }
    sort($out);
    return $out;
}

function rcp_role(string $f): string
{
    if (str_starts_with($f, 'tests/')) return 'test';
    // installed with the docs (pecl puts them in doc_dir/redis_cluster_pool/<path>): the IDE stub for IDEs to
    // find, the status page for operators to serve (the README says where they land)
    if ($f === 'stubs/redis_cluster_pool.php' || $f === 'tools/status.php') return 'doc';
    if (str_starts_with($f, 'docs/') || str_ends_with($f, '.md') || $f === 'LICENSE') return 'doc';
    return 'src';
}
