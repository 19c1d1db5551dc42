--TEST--
Test platform: the suite loads the extension it just built, and no other copy, even when the machine's php.ini loads one (gh11 item 10): in the tests, in the php they start, in php-fpm; a machine config loading another copy is simulated with a scan directory (CLI) and a private mount over php-fpm's conf.d
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$so = realpath(getenv('RCP_EXT_SO'));
$root = getenv('RCP_REPO_ROOT');
$work = sys_get_temp_dir() . '/ini-isolation-' . getmypid();
mkdir("$work/other", 0777, true);
// a DIFFERENT copy of the extension, as `make install` would leave one in the machine's extension_dir
$other = "$work/other/redis_cluster_pool.so";
copy($so, $other);

// The redis_cluster_pool .so files mapped in a process, named for the output.
$maps = <<<'PHP'
$p = [];
foreach (file('/proc/self/maps') as $l) if (preg_match('~(/\S*redis_cluster_pool\S*\.so)$~', trim($l), $m)) $p[$m[1]] = 1;
echo implode(',', array_keys($p)) ?: 'none';
PHP;
file_put_contents("$work/maps.php", "<?php $maps");
$name = fn(string $out) => trim(str_replace([$so, $other], ['BUILT', 'OTHER'], $out));
$sh = fn(string $cmd) => $name(shell_exec("$cmd 2>&1"));
$php = escapeshellarg(PHP_BINARY);
$ext = '-d extension=' . escapeshellarg($so);
$lib = escapeshellarg("$root/scripts/lib.sh");

// 1. this test, and a php it starts with the suite's environment
ob_start();
eval($maps);
$self = $name(ob_get_clean());
echo "this test: $self\n";
echo "a php it starts: ", $sh("$php $ext $work/maps.php"), "\n";

// 2. the CLI: a machine whose scan directory (its own .ini files, as the suite sees them) also loads OTHER
$scan = "$work/scan";
mkdir($scan);
foreach (glob(getenv('PHP_INI_SCAN_DIR') . '/*.ini') as $f) copy($f, "$scan/" . basename($f));
file_put_contents("$scan/20-redis_cluster_pool.ini", "; priority=20\nextension=$other\n");
$machine = 'PHP_INI_SCAN_DIR=' . escapeshellarg($scan);
echo "the simulated machine's php loads: ", $sh("$machine $php $work/maps.php"), "\n";
$out = $sh("$machine $php $ext $work/maps.php");
echo "the simulated machine's php with the build: ", str_contains($out, 'already loaded') ? '"already loaded", ' : '',
    substr(strrchr("\n$out", "\n"), 1), "\n";
// what scripts/test.sh does before running the tests (scripts/lib.sh rcp_php_ini)
$iso = "$work/iso";
echo "rcp_php_ini: ", $sh("$machine bash -c " . escapeshellarg("source $lib && rcp_php_ini $php $iso && echo ok")), "\n";
echo "the suite's php loads: ", $sh("PHPRC=$iso PHP_INI_SCAN_DIR=$iso/conf.d $php $ext $work/maps.php"), "\n";
$kept = count(glob("$iso/conf.d/*.ini")) === count(glob("$scan/*.ini"))
    && shell_exec("PHPRC=$iso PHP_INI_SCAN_DIR=$iso/conf.d $php -m") === shell_exec("$php -m");
echo "the machine's other extensions kept: ", $kept ? 'yes' : 'no', "\n";

// 3. php-fpm through tests/fpm/fpm.sh, on a machine whose fpm conf.d loads OTHER: a copy of that conf.d with one
// more file, bound over it in a mount namespace of this test only (the real /etc/php is not touched)
$fpmsh = escapeshellarg(getenv('RCP_FPM_SH'));
$script = <<<SH
set -e
fpm=\$(source $lib && rcp_php_tool php-fpm)
confd=\$(env -u PHPRC -u PHP_INI_SCAN_DIR "\$fpm" -i | sed -n 's/^Scan this dir for additional .ini files => //p')
mkdir -p $work/fpm-confd
cp "\$confd"/*.ini $work/fpm-confd/
printf 'extension=%s\\n' $other >$work/fpm-confd/20-redis_cluster_pool.ini
mount --bind $work/fpm-confd "\$confd"
echo "the simulated machine's php-fpm loads: \$(env -u PHPRC -u PHP_INI_SCAN_DIR "\$fpm" -m 2>/dev/null | grep -cx redis_cluster_pool) copy"
RCP_EXT_SO=$so bash $fpmsh start $work/fpm 1 >/dev/null
echo "php-fpm worker loads: \$(bash $fpmsh request $work/fpm $work/maps.php)"
echo "php-fpm log: \$(grep -ci 'already loaded' $work/fpm/php-fpm.log || true) 'already loaded' warning(s)"
bash $fpmsh stop $work/fpm
SH;
echo $sh('unshare --mount --propagation private bash -c ' . escapeshellarg($script)), "\n";
exec('rm -rf ' . escapeshellarg($work));
?>
--EXPECT--
this test: BUILT
a php it starts: BUILT
the simulated machine's php loads: OTHER
the simulated machine's php with the build: "already loaded", OTHER
rcp_php_ini: ok
the suite's php loads: BUILT
the machine's other extensions kept: yes
the simulated machine's php-fpm loads: 1 copy
php-fpm worker loads: BUILT
php-fpm log: 0 'already loaded' warning(s)
