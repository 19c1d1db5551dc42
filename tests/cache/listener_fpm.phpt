--TEST--
Cache listener under php-fpm (4 workers): started by the master in MINIT before any worker (a grandchild, not an FPM child), shared by every worker (one connection per node for the whole pool), an entry one worker filled hits in the others, a write by another client makes it a miss in every worker; a reload (SIGUSR2: the master re-executes itself) ends the old listener and starts a new one; stopping php-fpm ends it
--EXTENSIONS--
redis_cluster_pool
posix
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
require __DIR__ . '/listener.inc';
[$dir, $addr] = rcp_fpm_start(4, '-d redis_cluster_pool.cache_test_hooks=1 -d redis_cluster_pool.cache_max_lag=10000');
$master = (int) preg_replace('/.*RCP_FPM_PID=(\d+).*/s', '$1', file_get_contents("$dir/fpm.env"));
$page = __DIR__ . '/www/cache.php';
$conns = [];
for ($i = 0; $i < 4; $i++) $conns[] = new RcpFcgi($addr);
$ask = fn(int $i, string $q) => json_decode($conns[$i]->get($page, $q), true);
$start = fn(int $pid) => (int) explode(' ', preg_replace('/^.*\) /', '', file_get_contents("/proc/$pid/stat")))[19];
$ppid = fn(int $pid) => (int) explode(' ', preg_replace('/^.*\) /', '', file_get_contents("/proc/$pid/stat")))[1];

$r = array_map(fn($i) => $ask($i, 'op=links'), range(0, 3));
$workers = array_unique(array_column($r, 'pid'));
$listener = $r[0]['listener']['pid'];
echo "workers: ", count($workers), ", links up in each: ", count(array_filter(array_column($r, 'up'))), "\n";
echo "one listener for all: ", count(array_unique(array_map(fn($x) => $x['listener']['pid'], $r))) === 1 && $listener > 0 ? 'yes' : 'no', "\n";
echo "started before every worker: ", max(array_map(fn($w) => $start($listener) <= $start($w) ? 0 : 1, $workers)) === 0 ? 'yes' : 'no', "\n";
echo "not a child of the master: ", $ppid($listener) !== $master ? 'yes' : 'no', "\n";
echo "listeners started: ", $r[0]['listener']['started'], "\n";
$one = 0;
foreach (rcp_primaries() as $p) $one += count(rcp_cache_listener_clients($p, $listener)) === 1;
echo "primaries with exactly one connection of the listener: $one of 3\n";

$k = rcp_key_on(rcp_primaries()[0], 'cfpm' . getmypid());
echo "worker 0 fills: ", $ask(0, "op=fill&k=$k&v=shared")['fill'], "\n";
echo "hits in the 4 workers: ", count(array_filter(range(0, 3), fn($i) => $ask($i, "op=get&k=$k")['value'] === 'shared')), "\n";
rcp_raw(rcp_primaries()[0])->cmd('SET', $k, 'changed');
echo "after a write by another client, misses in the 4 workers: ", rcp_cache_until(fn() =>
    count(array_filter(range(0, 3), fn($i) => $ask($i, "op=get&k=$k")['value'] === null)) === 4, 5.0) ? 4 : 'not all', "\n";

posix_kill($master, SIGUSR2);
echo "reload: the old listener ends: ", rcp_cache_until(fn() => !rcp_pid_alive($listener), 10.0) ? 'yes' : 'no', "\n";
$new = 0;
rcp_cache_until(function () use ($addr, $page, &$new, $listener) {
    try {
        $new = json_decode((new RcpFcgi($addr))->get($page, 'op=links'), true)['listener']['pid'] ?? 0;
    } catch (Throwable $e) {
        return false;
    }
    return $new > 0 && $new !== $listener;
}, 20.0);
echo "a new listener after the reload: ", $new > 0 && $new !== $listener && rcp_pid_alive($new) ? 'yes' : 'no', "\n";
rcp_fpm_stop($dir);
echo "php-fpm stopped: the listener ends: ", rcp_cache_until(fn() => !rcp_pid_alive($new), 10.0) ? 'yes' : 'no', "\n";
rcp_raw(rcp_primaries()[0])->cmd('DEL', $k);
?>
--EXPECT--
workers: 4, links up in each: 4
one listener for all: yes
started before every worker: yes
not a child of the master: yes
listeners started: 1
primaries with exactly one connection of the listener: 3 of 3
worker 0 fills: stored
hits in the 4 workers: 4
after a write by another client, misses in the 4 workers: 4
reload: the old listener ends: yes
a new listener after the reload: yes
php-fpm stopped: the listener ends: yes
