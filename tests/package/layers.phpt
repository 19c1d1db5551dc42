--TEST--
Layers: no two C files call each other in a cycle (calls and globals, tools/check_layers.php), the core (src/core/) uses no file of the binding, Predis' layer or the module, and an allowlist line naming an edge that does not exist fails the check
--FILE--
<?php
$root = dirname(__DIR__, 2);
$objdir = sys_get_temp_dir() . '/rcp-layers-' . getmypid();
function layers(string $root, string $objdir, string $extra = ''): array
{
    exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$root/tools/check_layers.php") . ' --objdir='
        . escapeshellarg($objdir) . " $extra 2>&1", $out, $rc);
    return [$rc, $out];
}
[$rc, $out] = layers($root, $objdir);
echo "check_layers: rc=$rc\n";
foreach ($out as $line) {
    if (!preg_match('/^\s+\d+\s/', $line) && !str_starts_with($line, 'allowed (')) echo preg_replace('/^\d+ files, \d+ edges.*/', 'the file graph', $line), "\n";
}
// every source config.m4 lists is in the graph, each in its folder
preg_match_all('/^\s+\d+\s+(\S+)/m', implode("\n", $out), $m);
$folders = array_count_values(array_map(fn($f) => str_contains($f, '/') ? dirname($f) : '.', $m[1]));
ksort($folders);
echo 'folders: ', json_encode(array_keys($folders)), "\n";

// an allowlist line for an edge nobody makes is refused until it is removed
$allow = tempnam(sys_get_temp_dir(), 'allow');
file_put_contents($allow, "core/slot.c -> binding/call.c  made up for the test\n");
[$rc, $out] = layers($root, $objdir, '--allow=' . escapeshellarg($allow));
echo "made-up allowlist line: rc=$rc\n", implode("\n", preg_grep('/no longer exists/', $out)), "\n";
unlink($allow);
exec('rm -rf ' . escapeshellarg($objdir));
?>
--EXPECTF--
check_layers: rc=0
the file graph
the core uses no file of the binding, Predis' layer or the module
no cycle
folders: [".","binding","core","predis"]
made-up allowlist line: rc=1
%sallows core/slot.c -> binding/call.c, an edge that no longer exists: remove the line
