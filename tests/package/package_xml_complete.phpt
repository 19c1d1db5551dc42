--TEST--
Release: package.xml lists every shipped file (sources, headers, config.m4/w32, stubs, tests, docs, LICENSE) and every file the build reads, the IDE stub and the status page installed with the docs, nothing listed is missing, and the check fails when one is left out
--FILE--
<?php
$root = dirname(__DIR__, 2);
function check(string $root, ?string $xml = null): array
{
    $cmd = escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$root/tools/gen_package_xml.php") . ' --check'
        . ($xml ? ' --xml=' . escapeshellarg($xml) : '');
    exec($cmd, $out, $rc);
    return [$rc, $out];
}
[$rc, $out] = check($root);
echo "package.xml: rc=$rc\n", implode("\n", $out), $out ? "\n" : '';

// the kinds of files pecl needs are all there
$listed = [];
preg_match_all('/<file name="([^"]+)" role="(\w+)"/', file_get_contents("$root/package.xml"), $m, PREG_SET_ORDER);
foreach ($m as [, $name, $role]) $listed[$name][] = $role;
foreach (['config.m4', 'config.w32', 'LICENSE', 'README.md', 'CHANGELOG.md', 'php_redis_cluster_pool.h',
          'redis_cluster_pool.c', 'redis_cluster_pool.stub.php', 'redis_cluster_pool_arginfo.h',
          'redis_cluster_pool.php', 'commands_table.h', 'rcp_conn.h', 'keyslot_vectors.phpt'] as $f) {
    if (!isset($listed[$f])) echo "not listed: $f\n";
}
// what pecl installs with the docs (doc_dir/redis_cluster_pool/...; the README says where): the IDE stub and
// the status page; the generators in tools/ are not installed
foreach (['redis_cluster_pool.php', 'status.php', 'gen_package_xml.php'] as $f) echo "$f: role ", implode(',', $listed[$f] ?? ['-']), "\n";

// leaving files out of a copy of package.xml is caught: a source, a header, the license, a test
$tmp = tempnam(sys_get_temp_dir(), 'pkgxml');
foreach (['exec.c', 'rcp_conn.h', 'LICENSE', 'keyslot_vectors.phpt', 'redis_cluster_pool_arginfo.h'] as $drop) {
    $xml = preg_replace('#\s*<file name="' . preg_quote($drop, '#') . '" [^>]*/>#', '', file_get_contents("$root/package.xml"), 1, $n);
    file_put_contents($tmp, $xml);
    [$rc, $out] = check($root, $tmp);
    echo "without $drop ($n removed): rc=$rc\n  ", implode("\n  ", $out), "\n";
}
unlink($tmp);
?>
--EXPECT--
package.xml: rc=0
redis_cluster_pool.php: role doc
status.php: role doc
gen_package_xml.php: role src
without exec.c (1 removed): rc=1
  not in package.xml: src/core/exec.c
  needed by the build but not in package.xml: src/core/exec.c
without rcp_conn.h (1 removed): rc=1
  not in package.xml: include/rcp_conn.h
  needed by the build but not in package.xml: include/rcp_conn.h
without LICENSE (1 removed): rc=1
  not in package.xml: LICENSE
without keyslot_vectors.phpt (1 removed): rc=1
  not in package.xml: tests/slot/keyslot_vectors.phpt
without redis_cluster_pool_arginfo.h (1 removed): rc=1
  not in package.xml: stubs/redis_cluster_pool_arginfo.h
  needed by the build but not in package.xml: stubs/redis_cluster_pool_arginfo.h
