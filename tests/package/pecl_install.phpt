--TEST--
Release: `pecl package` builds the tarball from package.xml, `pecl install` compiles and installs it (into a scratch root: the system PHP is not changed) with the IDE stub and the status page among the docs, and the installed .so, loaded alone, works against the cluster
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
rcp_seeds();
$root = dirname(__DIR__, 2);
$work = sys_get_temp_dir() . '/pecl-' . getmypid();
@mkdir($work, 0777, true);
$started = time();

function sh(string $cmd, string $errFile): array
{
    // not the sanitizer runtime a RCP_BUILD=asan/ubsan run preloads into php: pecl builds with plain gcc
    exec("env -u LD_PRELOAD $cmd 2>" . escapeshellarg($errFile), $out, $rc);
    return [$rc, $out];
}

// 1. pecl package
[$rc, $out] = sh('bash ' . escapeshellarg("$root/scripts/release.sh") . ' package ' . escapeshellarg("$work/dist"), "$work/package.err");
$tgz = end($out);
echo "pecl package: rc=$rc, ", basename((string) $tgz), "\n";
if ($rc !== 0 || !is_file($tgz)) {
    echo file_get_contents("$work/package.err");
    exit(1);
}
// the tarball holds exactly package.xml's list (and package.xml)
$xml = simplexml_load_file("$root/package.xml");
$prefix = "redis_cluster_pool-{$xml->version->release}/";
$listed = [];
$walk = function (SimpleXMLElement $dir, string $path) use (&$walk, &$listed) {
    foreach ($dir->dir as $d) $walk($d, ((string) $d['name'] === '/' ? '' : $path . $d['name'] . '/'));
    foreach ($dir->file as $f) $listed[] = $path . $f['name'];
};
$walk($xml->contents, '');
exec('tar -tzf ' . escapeshellarg($tgz), $inTar);
$inTar = array_values(array_filter($inTar, fn($f) => !str_ends_with($f, '/')));
$want = array_merge(array_map(fn($f) => $prefix . $f, $listed), ['package.xml']);
sort($want);
sort($inTar);
echo "tarball = package.xml's list: ", $inTar === $want ? 'yes' : "no\n" . implode("\n", array_merge(
    array_map(fn($f) => "  not in the tarball: $f", array_diff($want, $inTar)),
    array_map(fn($f) => "  not listed: $f", array_diff($inTar, $want)))), "\n";

// 2. pecl install: the real PECL build of that tarball, kept under $work/root
[$rc, $out] = sh('bash ' . escapeshellarg("$root/scripts/release.sh") . ' install ' . escapeshellarg($tgz) . ' '
    . escapeshellarg("$work/root"), "$work/install.err");
$so = end($out);
echo "pecl install: rc=$rc, ", basename((string) $so), "\n";
if ($rc !== 0 || !is_file($so)) {
    echo file_get_contents("$work/install.err");
    exit(1);
}
exec('pecl -c ' . escapeshellarg("$work/root/pearrc") . ' list 2>&1', $list);
echo "registered: ", preg_grep('/^redis_cluster_pool\s+' . preg_quote((string) $xml->version->release) . '\s/', $list) ? 'yes' : "no\n" . implode("\n", $list), "\n";
// the IDE stub is installed with the docs
$ideStub = "$work/root/pear/docs/redis_cluster_pool/stubs/redis_cluster_pool.php";
echo "IDE stub installed with the docs: ", is_file($ideStub) && file_get_contents($ideStub) === file_get_contents("$root/stubs/redis_cluster_pool.php") ? 'yes' : 'no', "\n";
// and the status page (README, Operations: pecl config-get doc_dir + /redis_cluster_pool/tools/status.php)
exec('pecl -c ' . escapeshellarg("$work/root/pearrc") . ' config-get doc_dir 2>&1', $docDir);
$statusPage = trim((string) end($docDir)) . '/redis_cluster_pool/tools/status.php';
echo "status page installed with the docs: ", is_file($statusPage) && file_get_contents($statusPage) === file_get_contents("$root/tools/status.php") ? 'yes' : "no ($statusPage)", "\n";
// nothing of the system PHP changed: its extension directory and PEAR registry
$sysSo = ini_get('extension_dir') . '/redis_cluster_pool.so';
$sysReg = '/usr/share/php/.registry/.channel.pecl.php.net/redis_cluster_pool.reg';
foreach ([$sysSo, $sysReg] as $f) {
    clearstatcache();
    if (file_exists($f) && filemtime($f) >= $started) echo "written by this test: $f\n";
}

// 3. the installed .so, alone (php -n), against the cluster
$cmd = escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($so) . ' ' . escapeshellarg(__DIR__ . '/pecl_smoke.inc') . ' 2>&1';
passthru($cmd, $rc);
echo "smoke rc=$rc\n";
exec('rm -rf ' . escapeshellarg($work));
?>
--EXPECTF--
pecl package: rc=0, redis_cluster_pool-%s.tgz
tarball = package.xml's list: yes
pecl install: rc=0, redis_cluster_pool.so
registered: yes
IDE stub installed with the docs: yes
status page installed with the docs: yes
loaded: yes, extensions besides core: redis_cluster_pool
version: %d.%d.%s
keySlot: 12182 12739 tags ok
commandInfo: MGET keys=1,2 route=multi_shard
keys on 3 nodes
mset: OK
mget: all back in order
incr: 1 2
pipeline: ok
del: all
ping: PONG
smoke rc=0
