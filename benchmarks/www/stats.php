<?php
// The extension's view from one php-fpm worker: stats() (shared segment bytes, connections) as JSON.
$p = new RedisClusterPool(explode(',', getenv('RCP_TEST_SEEDS')));
$p->get('stats:probe');
echo json_encode($p->stats());
