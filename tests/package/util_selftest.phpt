--TEST--
The bottom layer (include/rcp_util.h) passes its own self-test: the monotonic clock in every unit, the pid cached and right again in a fork child, FNV-1a's published vectors, addresses with IPv6 in brackets
--FILE--
<?php
$root = dirname(__DIR__, 2);
$bin = tempnam(sys_get_temp_dir(), 'rcputil');
exec('cc -Wall -Wextra -Werror -DRCP_UTIL_SELFTEST -x c ' . escapeshellarg("$root/include/rcp_util.h") . ' -o '
    . escapeshellarg($bin) . ' 2>&1', $out, $rc);
echo "compiled: rc=$rc\n", $out ? implode("\n", $out) . "\n" : '';
passthru(escapeshellarg($bin), $rc);
echo "rc=$rc\n";
@unlink($bin);
?>
--EXPECT--
compiled: rc=0
rcp_util.h self-test: ok
rc=0
