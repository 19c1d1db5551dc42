--TEST--
Read cache through the Predis adapter: Predis\Client's option 'cache' reaches the extension (a repeated GET answered by the cache, nothing sent; a write through the client read back at once; Predis' prefix applies to the cached keys), and 'prefixes' limits it; without the option nothing is cached
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../adapter/adapter.inc';
require __DIR__ . '/exec.inc';
rcp_predis_autoload('3.7', true);
$t = 'ca' . getmypid();
$c = rcp_adapter_client(['cache' => true, 'prefix' => "$t:"]);
$c->set('k', 'v1');
$end = microtime(true) + 5;
do { $h = cx_delta('hits', fn() => $c->get('k')); } while (!$h && microtime(true) < $end && usleep(20000) === null);
echo "a repeated GET answered by the cache: ", $h ? 'yes' : 'no', "\n";
echo "GETs sent for 10 more: ", cx_sent(['get'], function () use ($c) { for ($i = 0; $i < 10; $i++) $c->get('k'); }), "\n";
$c->set('k', 'v2');
echo "after a write through the client: ", $c->get('k'), "\n";
echo "the key as the server has it: ", rcp_pool()->get("$t:k"), "\n";
$p = rcp_adapter_client(['cache' => ['prefixes' => ['user:'], 'ttl' => 60]]);
$p->set("$t:other", 'x');
$p->get("$t:other");
echo "outside 'prefixes': hits ", cx_delta('hits', fn() => $p->get("$t:other")), "\n";
$n = rcp_adapter_client();
$n->get("$t:k");
echo "without the option: hits ", cx_delta('hits', fn() => $n->get("$t:k")), "\n";
?>
--EXPECT--
a repeated GET answered by the cache: yes
GETs sent for 10 more: 0
after a write through the client: v2
the key as the server has it: v2
outside 'prefixes': hits 0
without the option: hits 0
