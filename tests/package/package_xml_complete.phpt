--TEST--
Release: every shipped file (src/, include/, stubs/, tests/, build files) is listed in package.xml, and nothing listed is missing
--FILE--
<?php
$root = dirname(__DIR__, 2);
passthru(PHP_BINARY . ' ' . escapeshellarg("$root/tools/gen_package_xml.php") . ' --check', $rc);
echo "rc=$rc\n";
?>
--EXPECT--
rc=0
