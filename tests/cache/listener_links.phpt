--TEST--
Cache listener: one invalidation connection per node (every primary and replica), tracking on in BCAST mode over RESP3, held by a process of its own (not this one, nor its child); forked processes asking for the same links share them (no second connection, no reconnect) and the entries they fill
--INI--
redis_cluster_pool.cache_test_hooks=1
redis_cluster_pool.cache_max_lag=10000
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_stats};

$c = 'links-' . getmypid();
$nodes = rcp_seeds();
echo "links up: ", rcp_cache_links($c, $nodes) ? 'yes' : 'no', " (", count($nodes), " nodes)\n";
$states = array_map(fn($a) => cache_link_state($c, $a), $nodes);
echo "all over RESP3 push: ", count(array_filter($states, fn($s) => $s['mode'] === 3)) === count($nodes) ? 'yes' : 'no', "\n";
$pid = rcp_cache_listener_pid();
echo "the listener is a process of its own: ", $pid > 0 && $pid !== getmypid() ? 'yes' : 'no', "\n";
preg_match('/^\d+ \(([^)]*)\) \S+ (\d+)/', file_get_contents("/proc/$pid/stat"), $m);
echo "named: $m[1]\n";
echo "its parent is not this process (double fork): ", (int) $m[2] !== getmypid() ? 'yes' : 'no', "\n";

// four children ask for every link again and fill entries
$kids = [];
for ($i = 0; $i < 4; $i++) {
    $k = pcntl_fork();
    if ($k === 0) {
        foreach ($nodes as $a) cache_link($c, $a, rcp_cache_link_opts());
        $r = rcp_cache_store($c, $nodes[0], "child-key-$i", 'GET', "from child $i");
        if ($r !== 'stored') echo "  child $i: the fill gave ", json_encode($r), "; its link: ", json_encode(cache_link_state($c, $nodes[0])), "\n";
        exit($r === 'stored' ? 0 : 1);
    }
    $kids[] = $k;
}
$failed = 0;
foreach ($kids as $k) {
    pcntl_waitpid($k, $st);
    $failed += pcntl_wexitstatus($st) !== 0;
}
echo "children that filled an entry: ", 4 - $failed, "\n";
$hits = 0;
rcp_cache_until(function () use ($c, $nodes, &$hits) {
    $hits = 0;
    for ($i = 0; $i < 4; $i++) $hits += rcp_cache_get($c, $nodes[0], "child-key-$i") === "from child $i";
    return $hits === 4;
}, 5.0);
echo "their entries hit here: $hits\n";
if ($hits !== 4) echo "  the link of ", $nodes[0], ": ", json_encode(cache_link_state($c, $nodes[0])), "\n";
usleep(200000); // let the requests the children sent be read
echo "the same listener: ", rcp_cache_listener_pid() === $pid ? 'yes' : 'no (' . rcp_cache_listener_pid() . " after $pid)", "\n";
$after = array_map(fn($a) => cache_link_state($c, $a), $nodes);
echo "no link reconnected: ", count(array_filter($after, fn($s) => $s['connects'] === 1 && $s['losses'] === 0)) === count($nodes)
    ? 'yes' : 'no: ' . json_encode(array_map(fn($s) => [$s['addr'], $s['state'], $s['connects'], $s['losses'], $s['last_error']], $after)), "\n";
$one = 0;
$flags = [];
foreach ($nodes as $a) {
    $cl = rcp_cache_listener_clients($a, $pid);
    $one += count($cl) === 1;
    foreach ($cl as $l) {
        preg_match('/ flags=(\S+) /', $l, $f);
        $flags[$f[1]] = true;
    }
}
echo "nodes with exactly one connection of the listener: $one of ", count($nodes), "\n";
if ($one !== count($nodes)) {
    foreach ($nodes as $a) echo "  $a: ", implode(' | ', rcp_cache_listener_clients($a, $pid)), "\n";
}
echo "its flags (t: tracking, B: broadcast): ", implode(',', array_keys($flags)), "\n";
$st = cache_stats()['listener'];
echo "links up (the listener's count): ", $st['links_up'], "\n";
if ($st['links_up'] !== count($nodes)) echo "  ", json_encode($st), "\n";
?>
--EXPECTF--
links up: yes (6 nodes)
all over RESP3 push: yes
the listener is a process of its own: yes
named: rcp-cache
its parent is not this process (double fork): yes
children that filled an entry: 4
their entries hit here: 4
the same listener: yes
no link reconnected: yes
nodes with exactly one connection of the listener: 6 of 6
its flags (t: tracking, B: broadcast): tB
links up (the listener's count): 6
