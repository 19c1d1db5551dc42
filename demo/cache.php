<?php
/*
 * The read cache's demo page (`bash scripts/demo.sh`, its second part). Each request builds a pool with
 * 'cache' => true (as application code would, every request), reads one key ten times, and reports what this
 * worker saw: the value, and how many of its ten reads the shared cache answered (no command sent for those).
 */
header('Content-Type: text/plain');
$seeds = explode(',', getenv('RCP_TEST_SEEDS') ?: ($_GET['seeds'] ?? '127.0.0.1:7000'));
$pool = new RedisClusterPool($seeds, ['prefix' => 'demo:', 'cache' => true]);
$hits = fn() => RedisClusterPool::poolStats()['cache']['counters']['hits'] ?? 0;

$before = $hits();
for ($i = 0; $i < 10; $i++) {
    $value = $pool->get('greeting');
}
printf("request %-3s worker pid %-6d  greeting=%-8s  answered by the cache: %2d of 10 reads (pool-wide hits now %d)\n",
    $_GET['n'] ?? '', getmypid(), $value, $hits() - $before, $hits());
