<?php
// Resharding benchmark request: a write and a read on a key anywhere in the keyspace, and a MGET of 10 tagged keys.
$pool = new RedisClusterPool(explode(',', getenv('RCP_TEST_SEEDS')), ['parameters' => ['read_write_timeout' => 5]]);
$i = (int) ($_GET['i'] ?? 0);
try {
    $k = 'rs:' . ($i % 5000);
    $pool->set($k, "v$i");
    $ok = $pool->get($k) !== null;
    $pool->mget(array_map(fn($j) => 'rs:{t' . ($i % 50) . "}:$j", range(0, 9)));
    echo $ok ? 'ok' : 'bad';
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), ': ', $e->getMessage();
}
