<?php
/*
 * Regenerates the <contents> of package.xml from the files that ship (what git tracks under the shipped
 * paths), so a new source file cannot be forgotten. `php tools/gen_package_xml.php` rewrites package.xml;
 * `--check` exits 1 and lists the differences instead (used by tests/package/package_xml_complete.phpt).
 */
$root = dirname(__DIR__);
$shipped = rcp_shipped_files($root);
$xmlFile = "$root/package.xml";
$xml = file_get_contents($xmlFile);
if ($xml === false) {
    fwrite(STDERR, "package.xml not found\n");
    exit(2);
}
if (in_array('--check', $argv, true)) {
    preg_match_all('/<file [^>]*name="([^"]+)"/', $xml, $m);
    // rebuild full paths from the nested <dir> structure
    $listed = rcp_listed_files($xml);
    $missing = array_diff($shipped, $listed);
    $extra = array_diff($listed, $shipped);
    foreach ($missing as $f) echo "not in package.xml: $f\n";
    foreach ($extra as $f) echo "in package.xml but missing: $f\n";
    exit($missing || $extra ? 1 : 0);
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
$xml = preg_replace('#<contents>.*</contents>#s', $contents, $xml);
file_put_contents($xmlFile, $xml);
echo count($shipped), " files listed in package.xml\n";

function rcp_shipped_files(string $root): array
{
    $patterns = ['config.m4', 'config.w32', 'redis_cluster_pool.c', 'php_redis_cluster_pool.h', 'README.md',
        'CHANGELOG.md', 'LICENSE', 'tools/', 'src/', 'include/', 'stubs/', 'tests/', 'docs/'];
    $out = [];
    // tracked files plus new ones not ignored yet, so regenerating before 'git add' lists them too
    exec('git -C ' . escapeshellarg($root) . ' ls-files -z --cached --others --exclude-standard 2>/dev/null', $lines, $rc);
    $files = $rc === 0 && $lines ? explode("\0", implode('', $lines)) : rcp_walk($root);
    foreach ($files as $f) {
        if ($f === '' || !file_exists("$root/$f")) continue;
        foreach ($patterns as $p) {
            if ($f === $p || (str_ends_with($p, '/') && str_starts_with($f, $p))) {
                // test scaffolding that needs the repo's scripts does not ship to pecl users
                if (str_starts_with($f, 'tests/cluster/') || str_starts_with($f, 'tests/fpm/')) continue 2;
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
    if (str_starts_with($f, 'docs/') || str_ends_with($f, '.md') || $f === 'LICENSE') return 'doc';
    return 'src';
}
