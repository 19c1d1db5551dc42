--TEST--
php-fpm: a reply larger than what memory_limit leaves is refused at its header with a catchable MemoryLimitException naming the size and the limit (never a killed worker); a MGET of 100,000 keys under 16M is refused before anything is sent; the same worker serves the next requests (gh11 items 2, 3)
--EXTENSIONS--
redis_cluster_pool
--SKIPIF--
<?php
// under valgrind (USE_ZEND_ALLOC=0) memory_limit is not the allocator's: what fits cannot be measured
if (getenv('USE_ZEND_ALLOC') === '0') die('skip not under valgrind (USE_ZEND_ALLOC=0: memory_limit is not enforced)');
?>
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
$pool = rcp_pool();
$pool->set('mem:huge', str_repeat('h', 64 << 20));
$mset = [];
for ($i = 0; $i < 100000; $i++) $mset["mem:k:$i"] = "v$i";
foreach (array_chunk($mset, 10000, true) as $c) $pool->mset($c);
for ($i = 0; $i < 40; $i++) $pool->set("mem:mb:{m}$i", str_repeat('m', 1 << 20));

[$dir, $addr] = rcp_fpm_start(1);   // one worker: every request below runs in the same process
$page = __DIR__ . '/www/memory_limit.php';
$c = new RcpFcgi($addr);
$first = json_decode($c->get($page, 'i=0'), true);
foreach (['huge', 'mget', 'mget64', 'tight'] as $mode) {
    $body = $c->get($page, "mode=$mode");
    $r = json_decode($body, true);
    if ($r === null) {
        echo "$mode: no JSON (worker killed?): ", substr($body, 0, 300), "\n";
        $log = (string) @file_get_contents("$dir/php-errors.log");
        echo substr($log, -600), "\n";
        continue;
    }
    $what = isset($r['exception'])
        ? $r['exception'] . (isset($r['previous']) ? " (previous: {$r['previous']})" : '') . ': '
          . preg_replace(['/\d+\.\d+\.\d+\.\d+:\d+/', '/\d+ in use/'], ['ADDR', 'N in use'], $r['message'])
        : $r['got'];
    echo "$mode: $what\n";
    $bad = 0;
    $pids = [];
    for ($i = 1; $i <= 200; $i++) {
        $n = json_decode($c->get($page, "i=$mode$i"), true);
        if (!($n['own_reply'] ?? false)) $bad++;
        $pids[$n['pid'] ?? 0] = true;
    }
    printf("  same worker: %s; next 200 requests served with their own replies: %s\n",
        array_keys($pids) === [$first['pid']] && $r['pid'] === $first['pid'] ? 'yes' : 'no', $bad === 0 ? 'yes' : "no ($bad bad)");
}
$log = (string) @file_get_contents("$dir/php-errors.log");
echo "fatal errors logged: ", preg_match('/Fatal|exhausted|SIGKILL|exited/', $log) ? $log : 'none', "\n";
$pool->del('mem:huge');
foreach (array_chunk(array_keys($mset), 10000) as $c2) $pool->del($c2);
for ($i = 0; $i < 40; $i++) $pool->del("mem:mb:{m}$i");
?>
--EXPECTF--
huge: RedisClusterPool\MemoryLimitException: reply from ADDR refused, the connection was closed: a bulk string of 67108864 bytes does not fit in memory_limit (33554432 bytes, N in use) (command GET)
  same worker: yes; next 200 requests served with their own replies: yes
mget: RedisClusterPool\MemoryLimitException: MGET of 100000 keys over several slots needs about %d bytes of request memory to split and merge, more than memory_limit (16777216 bytes, N in use) leaves; nothing was sent
  same worker: yes; next 200 requests served with their own replies: yes
mget64: all 100000 values, in order
  same worker: yes; next 200 requests served with their own replies: yes
tight: RedisClusterPool\MemoryLimitException: reply from ADDR refused, the connection was closed: a bulk string of 1048576 bytes does not fit in memory_limit (16777216 bytes, N in use) (command MGET)
  same worker: yes; next 200 requests served with their own replies: yes
fatal errors logged: none
