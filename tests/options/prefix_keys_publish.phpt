--TEST--
Options: with "prefix", KEYS' pattern and PUBLISH's channel are prefixed as Predis' prefix processor does: keys('{u}:*') finds the prefixed keys, a subscriber of the prefixed channel gets the message, on the real cluster (SORT's BY/GET patterns, which Redis 7.0 refuses in a cluster, on the wire: tests/compat/prefix_vs_predis.phpt) (gh21 follow-up item 5)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$p = rcp_pool(['prefix' => 'pk1:']);
$plain = rcp_pool();
$p->set('{u}:a', '1');
$p->set('{u}:b', '2');
$plain->set('{u}:c', 'unprefixed');
$k = $p->keys('{u}:*');
sort($k);
echo "keys: ", json_encode($k), "\n";                       // the keys' full names, as KEYS answers (and Predis gives)

// PUBLISH: a subscriber of the prefixed channel (a raw connection) receives it
$sub = rcp_raw(rcp_primaries()[0]);
$sub->cmd('SUBSCRIBE', 'pk1:news');
$p->publish('news', 'hello');                               // (to any primary: the cluster bus spreads it)
echo "message: ", json_encode($sub->read()), "\n";

$p->del('{u}:a', '{u}:b');
$plain->del('{u}:c');
?>
--EXPECT--
keys: ["pk1:{u}:a","pk1:{u}:b"]
message: ["message","pk1:news","hello"]
