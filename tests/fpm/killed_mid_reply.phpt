--TEST--
php-fpm: a request that times out while a reply is in flight (a GET on a node paused for 1 s vs a 0.2 s deadline) leaves no stale bytes: the next 500 requests on that worker all get their own replies
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(2);
$page = __DIR__ . '/www/page.php';
$c = new RcpFcgi($addr);                    // one keep-alive connection: always the same worker
$first = json_decode($c->get($page, 'i=warm'), true);
$slow = json_decode($c->get($page, 'block=1&rwt=0.2&i=slow'), true);
echo "slow request: ", $slow['exception'] ?? 'no exception', ", same worker: ", $slow['pid'] === $first['pid'] ? 'yes' : 'no', "\n";
usleep(1200000);                             // the GET's late reply has now arrived on that socket
$bad = 0;
for ($i = 0; $i < 500; $i++) {
    $r = json_decode($c->get($page, "i=after$i"), true);
    if (!($r['own_reply'] ?? false) || $r['pid'] !== $first['pid']) $bad++;
}
$s = $r['stats']['connections'];
echo "wrong replies after it: $bad\n";
echo "the dirty socket was discarded: ", $s['discarded_unread_reply'] + $s['discarded_broken'] >= 1 ? 'yes' : 'no', "\n";
?>
--EXPECT--
slow request: RedisClusterPool\TimeoutException, same worker: yes
wrong replies after it: 0
the dirty socket was discarded: yes
