<?php
/*
 * php tools/set_version.php X.Y.Z[alphaN|betaN|RCN]
 *
 * Sets the version. Written by hand in one place only, PHP_REDIS_CLUSTER_POOL_VERSION in
 * php_redis_cluster_pool.h (phpversion('redis_cluster_pool'), phpinfo(), and RedisClusterPool::VERSION through
 * the stub's @cvalue); this script writes it there and regenerates what repeats it: the stub's literal (which
 * IDEs and gen_stub's assertion read), the arginfo and the IDE stub (tools/gen_arginfo.sh), package.xml's
 * <release>/<api>/<stability> (tools/gen_package_xml.php), and opens a "## [X.Y.Z] - Unreleased" entry in
 * CHANGELOG.md if there is none. tests/package/version_agree.phpt checks they all agree.
 */
$root = dirname(__DIR__);
$v = $argv[1] ?? '';
if (!preg_match('/^\d+\.\d+\.\d+(?:(?:alpha|beta|RC)\d+)?$/', $v)) {
    fwrite(STDERR, "usage: php tools/set_version.php X.Y.Z[alphaN|betaN|RCN]\n");
    exit(2);
}

function rcp_rewrite(string $file, string $pattern, string $replacement): void
{
    $s = file_get_contents($file);
    $new = preg_replace($pattern, $replacement, $s, -1, $n);
    if ($n !== 1) {
        fwrite(STDERR, "set_version: expected one match of $pattern in $file, found $n\n");
        exit(1);
    }
    file_put_contents($file, $new);
}

rcp_rewrite("$root/php_redis_cluster_pool.h", '/^(#define PHP_REDIS_CLUSTER_POOL_VERSION )"[^"]*"/m', "\${1}\"$v\"");
rcp_rewrite("$root/stubs/redis_cluster_pool.stub.php", '/(public const VERSION = )"[^"]*";/', "\${1}\"$v\";");

// stability: 0.x and pre-releases are not stable
$stability = preg_match('/alpha/', $v) || str_starts_with($v, '0.') ? 'alpha' : (preg_match('/beta|RC/', $v) ? 'beta' : 'stable');
rcp_rewrite("$root/package.xml", '#<stability>\s*<release>[^<]*</release>\s*<api>[^<]*</api>\s*</stability>#',
    "<stability>\n  <release>$stability</release>\n  <api>$stability</api>\n </stability>");

$log = file_get_contents("$root/CHANGELOG.md");
if (!preg_match('/^## \[' . preg_quote($v, '/') . '\]/m', $log)) {
    $entry = "## [$v] - Unreleased\n\n### Added\n\n### Changed\n\n### Fixed\n\n";
    $pos = strpos($log, "\n## [");
    $log = $pos === false ? rtrim($log) . "\n\n" . $entry : substr($log, 0, $pos + 1) . $entry . substr($log, $pos + 1);
    file_put_contents("$root/CHANGELOG.md", $log);
}

passthru('bash ' . escapeshellarg("$root/tools/gen_arginfo.sh"), $rc);
if ($rc !== 0) exit($rc);
passthru(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$root/tools/gen_package_xml.php"), $rc);
if ($rc !== 0) exit($rc);
echo "version $v ($stability): rebuild the extension (scripts/build.sh) and fill in CHANGELOG.md\n";
