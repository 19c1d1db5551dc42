--TEST--
Release: tools/gen_package_xml.php puts the CHANGELOG entry into <notes> literally: "\0", "$1", "\1", "${1}", "\\" and XML's special characters in a CHANGELOG line (a regex or a shell example) are kept as written, not read as references to the replaced match; the version and --date too (gh21 follow-up item 7)
--FILE--
<?php
$root = dirname(__DIR__, 2);
$tmp = sys_get_temp_dir() . '/rcp-pkgxml-' . getmypid();
mkdir("$tmp/tools", 0777, true);
copy("$root/tools/gen_package_xml.php", "$tmp/tools/gen_package_xml.php");
file_put_contents("$tmp/php_redis_cluster_pool.h", "#define PHP_REDIS_CLUSTER_POOL_VERSION \"9.8.7\"\n");
file_put_contents("$tmp/config.m4", '');
file_put_contents("$tmp/README.md", "readme\n");
$entry = "- a regex: preg_replace('/x/', '\\0 and \$1 and \\1 and \${1}', \$s); a path C:\\\\dir\\\\\n"
    . "- XML: <notes> & </notes> \"quoted\"";
file_put_contents("$tmp/CHANGELOG.md", "# Changelog\n\n## [9.8.7] - Unreleased\n\n$entry\n\n## [0.0.1]\n\n- old\n");
file_put_contents("$tmp/package.xml", "<?xml version=\"1.0\"?>\n<package>\n <date>2000-01-01</date>\n <version>\n"
    . "  <release>0.0.0</release>\n  <api>0.0.0</api>\n </version>\n <notes>old notes</notes>\n <contents>\n </contents>\n</package>\n");
exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$tmp/tools/gen_package_xml.php") . ' --date=2026-01-02 2>&1', $out, $rc);
echo "rc=$rc ", $out[0] ?? '', "\n";
$doc = new DOMDocument();
echo "well-formed: ", @$doc->load("$tmp/package.xml") ? 'yes' : 'no', "\n";
$notes = trim($doc->getElementsByTagName('notes')->item(0)->textContent);
echo "notes as written: ", $notes === $entry ? 'yes' : "no:\n$notes", "\n";
echo "version: ", $doc->getElementsByTagName('release')->item(0)->textContent, ', date: ',
    $doc->getElementsByTagName('date')->item(0)->textContent, "\n";
echo "README listed: ", str_contains(file_get_contents("$tmp/package.xml"), '<file name="README.md"') ? 'yes' : 'no', "\n";
foreach (["$tmp/tools/gen_package_xml.php", "$tmp/php_redis_cluster_pool.h", "$tmp/config.m4", "$tmp/README.md",
          "$tmp/CHANGELOG.md", "$tmp/package.xml"] as $f) unlink($f);
rmdir("$tmp/tools");
rmdir($tmp);
?>
--EXPECT--
rc=0 5 files listed in package.xml, version 9.8.7
well-formed: yes
notes as written: yes
version: 9.8.7, date: 2026-01-02
README listed: yes
