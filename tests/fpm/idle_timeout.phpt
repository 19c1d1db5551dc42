--TEST--
php-fpm: pooled connections idle longer than redis_cluster_pool.idle_timeout are closed at the end of a request; used ones are kept
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(1);
$page = __DIR__ . '/www/idle.php';
$c = new RcpFcgi($addr);
$a = json_decode($c->get($page, 'touch=1'), true);           // opens one socket per primary
$b = json_decode($c->get($page, 'touch=1'), true);           // reuses them
// 3 primaries, plus possibly the seed asked for CLUSTER SLOTS (a random node: maybe a replica)
echo "opened per primary (+1 discovery): ", in_array($a['opened'], [3, 4], true) ? 'yes' : "no ({$a['opened']})",
    ", then reused without opening: ", $b['opened'] === $a['opened'] && $b['reused'] > $a['reused'] ? 'yes' : 'no', "\n";
sleep(2);
json_decode($c->get($page, 'idle=1'), true);                  // touches nothing; its end closes the idle ones
$d = json_decode($c->get($page, ''), true);
echo "all closed as idle: ", $d['discarded_idle'] === $b['pooled'] ? 'yes' : "no ({$d['discarded_idle']} of {$b['pooled']})",
    ", pooled now: {$d['pooled']}\n";
$e = json_decode($c->get($page, 'touch=1'), true);
echo "reopened on next use: ", $e['opened'] - $d['opened'] === 3 ? 'yes' : 'no', "\n";
?>
--EXPECT--
opened per primary (+1 discovery): yes, then reused without opening: yes
all closed as idle: yes, pooled now: 0
reopened on next use: yes
