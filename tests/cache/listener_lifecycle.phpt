--TEST--
Cache listener in the CLI: started at the first link request (none before), gone when the process that made the segment exits (EOF on the master pipe: nothing to kill, nothing left behind); SIGKILLed, it is replaced at the next request (counted), its links come back up with the credentials the workers send again, the entries read through the dead one are misses
--INI--
redis_cluster_pool.cache_test_hooks=1
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_stats};

// a php of its own: its listener must go when it exits
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ext = getenv('RCP_EXT_SO') ?: ini_get('extension_dir') . '/redis_cluster_pool.so';
$code = <<<'PHP'
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_stats};
echo cache_stats()['listener']['pid'], "\n";
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
cache_link('child', $seeds[0], getenv('RCP_TEST_TLS') === '1' ? ['tls' => true, 'ssl' => ['cafile' => getenv('RCP_TEST_TLS_DIR') . '/ca.crt']] : []);
for ($i = 0; $i < 1000 && cache_link_state('child', $seeds[0])['state'] !== 'up'; $i++) usleep(5000);
echo cache_link_state('child', $seeds[0])['state'], ' ', cache_stats()['listener']['pid'], "\n";
PHP;
$out = shell_exec(escapeshellarg($php) . ' -n -d extension=' . escapeshellarg($ext)
    . ' -d redis_cluster_pool.cache_test_hooks=1 -r ' . escapeshellarg($code) . ' 2>&1');
[$before, $after] = explode("\n", trim($out)) + [1 => ''];
[$state, $pid] = explode(' ', $after) + [1 => 0];
echo "no listener before the first request: ", $before === '0' ? 'yes' : "no ($out)", "\n";
echo "a link up after it: $state\n";
echo "the child php exited: its listener is gone: ", rcp_cache_until(fn() => !rcp_pid_alive((int) $pid), 10.0) ? 'yes' : 'no', "\n";

// this process: a listener of its own, then SIGKILLed
$c = 'life-' . getmypid();
$p = rcp_primaries()[0];
echo "link up: ", rcp_cache_links($c, [$p]) ? 'yes' : 'no', "\n";
$k = rcp_key_on($p, 'clife');
echo "fill: ", rcp_cache_store($c, $p, $k, 'GET', 'v'), "\n";
$pid = rcp_cache_listener_pid();
$gen = cache_link_state($c, $p)['generation'];
posix_kill($pid, SIGKILL);
rcp_cache_until(fn() => !rcp_pid_alive($pid), 10.0);
// nothing confirms the link any more: within the bound its entries are misses and reads may not fill (the link
// still reads "up": nobody is left to say otherwise); a worker whose ticket is not fillable asks for the link, which
// starts another listener; the links the dead one held are lost (generation bumped), then back up
$slot = RedisClusterPool::keySlot($k);
echo "unconfirmed: reads may not fill: ", rcp_cache_until(fn() => !RedisClusterPool\Internal\cache_lookup($c, $p, $k, 'GET', $slot)['fillable'], 5.0) ? 'yes' : 'no', "\n";
echo "link up again: ", rcp_cache_until(function () use ($c, $p, $pid) {
    cache_link($c, $p, rcp_cache_link_opts());   // rate-limited: starts a listener once a second at most
    $new = rcp_cache_listener_pid();
    return $new > 0 && $new !== $pid && cache_link_state($c, $p)['state'] === 'up';
}, 10.0) ? 'yes' : 'no', "\n";
$s = cache_link_state($c, $p);
$new = rcp_cache_listener_pid();
echo "a new listener: ", $new > 0 && $new !== $pid ? 'yes' : 'no', "\n";
echo "listeners started in this process' segment: ", cache_stats()['listener']['started'], "\n";
echo "the link's generation moved: ", $s['generation'] > $gen ? 'yes' : 'no', "\n";
echo "the entry read through the dead listener's link: ", rcp_cache_get($c, $p, $k) ?? 'miss', "\n";
echo "filled again: ", rcp_cache_store($c, $p, $k, 'GET', 'v2'), ", hit: ",
    rcp_cache_until(fn() => rcp_cache_get($c, $p, $k) === 'v2', 5.0) ? 'v2' : 'miss', "\n";
echo "one connection of the new listener on the node: ", count(rcp_cache_listener_clients($p, $new)), "\n";
echo "none left of the dead one: ", rcp_cache_until(fn() => !rcp_cache_listener_clients($p, $pid), 10.0) ? 'yes' : 'no', "\n";
?>
--EXPECT--
no listener before the first request: yes
a link up after it: up
the child php exited: its listener is gone: yes
link up: yes
fill: stored
unconfirmed: reads may not fill: yes
link up again: yes
a new listener: yes
listeners started in this process' segment: 2
the link's generation moved: yes
the entry read through the dead listener's link: miss
filled again: stored, hit: v2
one connection of the new listener on the node: 1
none left of the dead one: yes
