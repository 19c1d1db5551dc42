<?php
// Writes then reads back the keys named in the query (one per primary), for the failover tests.
// Answers JSON: pid, ok, failed (why), stats.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$pool = new RedisClusterPool($seeds, [
    'parameters' => ['timeout' => 0.3, 'read_write_timeout' => 0.5],
    'deadline' => 1.0,
]);
$out = ['pid' => getmypid(), 'ok' => 0, 'failed' => []];
foreach (explode(',', $_GET['keys'] ?? '') as $k) {
    $v = $_GET['n'] . ':' . $k;
    try {
        $pool->set($k, $v);
        $got = $pool->get($k);
        if ($got === $v) {
            $out['ok']++;
        } else {
            $out['failed'][] = "$k: wrong value " . var_export($got, true);
        }
    } catch (RedisClusterPool\Exception $e) {
        $out['failed'][] = get_class($e) . ': ' . $e->getMessage();
    }
}
$out['stats'] = $pool->stats();
echo json_encode($out);
