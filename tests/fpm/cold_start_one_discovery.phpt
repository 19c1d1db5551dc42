--TEST--
php-fpm (8 workers): 2,000 requests after a cold start send exactly 1 CLUSTER SHARDS and 1 COMMAND to the whole cluster (every worker uses the learned command table) and open no more connections than workers x primaries (+1 for the discovery)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/fcgi.inc';
[$dir, $addr] = rcp_fpm_start(8);
$page = __DIR__ . '/www/page.php';
$before = rcp_cmdstat('cluster|shards') + rcp_cmdstat('cluster|slots');
$commandBefore = rcp_cmdstat('command');
$conns = [];
for ($c = 0; $c < 8; $c++) $conns[] = new RcpFcgi($addr);   // keep-alive: one connection per worker
$last = [];
$bad = 0;
for ($i = 0; $i < 2000; $i++) {
    $r = json_decode($conns[$i % 8]->get($page, "i=$i"), true);
    if (!($r['own_reply'] ?? false)) $bad++;
    $last[$r['pid']] = $r['stats'];
}
$sent = rcp_cmdstat('cluster|shards') + rcp_cmdstat('cluster|slots') - $before;
$commandSent = rcp_cmdstat('command') - $commandBefore;
$learned = count(array_filter($last, fn($s) => $s['cluster']['commands']['source'] === 'server'));
$opened = array_sum(array_map(fn($s) => $s['connections']['opened'], $last));
$reused = array_sum(array_map(fn($s) => $s['connections']['reused'], $last));
$pool = end($last)['cluster']['pool'];
echo "workers answering: ", count($last), "\n";
echo "requests with a wrong reply: $bad\n";
echo "CLUSTER SHARDS/SLOTS received by the cluster: $sent\n";
echo "COMMAND received by the cluster (the command table, learned with the discovery): $commandSent\n";
echo "workers routing by the servers' command table: $learned\n";
echo "pool-wide counter agrees: ", $pool['cluster_slots_sent'] === $sent ? 'yes' : "no ({$pool['cluster_slots_sent']})", "\n";
// 8 workers x 3 primaries, plus the one node the discovering worker asked for CLUSTER SLOTS (maybe a replica)
echo "connections opened <= 8 workers x 3 primaries + 1: ", $opened <= 25 ? 'yes' : "no ($opened)", "\n";
echo "connections reused > 1900: ", $reused > 1900 ? 'yes' : "no ($reused)", "\n";
?>
--EXPECT--
workers answering: 8
requests with a wrong reply: 0
CLUSTER SHARDS/SLOTS received by the cluster: 1
COMMAND received by the cluster (the command table, learned with the discovery): 1
workers routing by the servers' command table: 8
pool-wide counter agrees: yes
connections opened <= 8 workers x 3 primaries + 1: yes
connections reused > 1900: yes
