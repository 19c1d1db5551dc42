--TEST--
keySlot() agrees with the server's CLUSTER KEYSLOT for 2,000 random binary keys and every hash-tag shape
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$raw = new RcpRaw(rcp_seeds()[0]);
mt_srand(42);
$keys = ['', '{', '}', '{}', '{}{a}', 'a{b}c', 'a{b', 'a}b{c}', "{\0}", "\xff\xfe{\x00\x01}", str_repeat('x', 1000)];
for ($i = 0; $i < 2000; $i++) {
    $n = mt_rand(0, 24); $k = $n ? random_bytes($n) : '';
    if ($i % 3 == 0) $k = substr($k, 0, 3) . '{' . substr($k, 3, 4) . '}' . substr($k, 7);
    $keys[] = $k;
}
$bad = 0;
foreach ($keys as $k) {
    if ($raw->cmd('CLUSTER', 'KEYSLOT', $k) !== RedisClusterPool::keySlot($k)) {
        $bad++;
        echo 'mismatch for ', bin2hex($k), "\n";
    }
}
echo count($keys), " keys, $bad mismatches\n";
?>
--EXPECT--
2011 keys, 0 mismatches
