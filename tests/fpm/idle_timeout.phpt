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
echo "opened: {$a['opened']}, then reused without opening: ", $b['opened'] === $a['opened'] && $b['reused'] > $a['reused'] ? 'yes' : 'no', "\n";
sleep(2);
json_decode($c->get($page, 'idle=1'), true);                  // touches nothing; its end closes the idle ones
$d = json_decode($c->get($page, ''), true);
echo "closed as idle: {$d['discarded_idle']}, pooled now: {$d['pooled']}\n";
$e = json_decode($c->get($page, 'touch=1'), true);
echo "reopened on next use: ", $e['opened'] === $a['opened'] * 2 ? 'yes' : 'no', "\n";
?>
--EXPECT--
opened: 3, then reused without opening: yes
closed as idle: 3, pooled now: 0
reopened on next use: yes
