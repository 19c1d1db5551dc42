<?php
// idle_timeout test page: ?touch=1 uses every primary; always reports this worker's connection counters.
ini_set('redis_cluster_pool.idle_timeout', $_GET['idle'] ?? '0');
$pool = new RedisClusterPool(explode(',', getenv('RCP_TEST_SEEDS')));
if (isset($_GET['touch'])) {
    for ($i = 0; $i < 30; $i++) $pool->get("idle:$i");
}
echo json_encode($pool->stats()['connections']);
