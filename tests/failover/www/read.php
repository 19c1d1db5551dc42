<?php
// Reads under a read policy, for the failover tests: GET of the keys named in the query, each checked
// against its expected value ("v<n>" for "fo:<n>"). Answers JSON: pid, ok, failed reads and why, stats.
$seeds = explode(',', getenv('RCP_TEST_SEEDS'));
$pool = new RedisClusterPool($seeds, [
    'read' => $_GET['read'] ?? 'prefer_replica',
    'parameters' => ['timeout' => 0.5, 'read_write_timeout' => 0.5],
    'deadline' => 2.0,
]);
$out = ['pid' => getmypid(), 'ok' => 0, 'failed' => []];
foreach (explode(',', $_GET['keys'] ?? '') as $n) {
    try {
        $v = $pool->get("fo:$n");
        if ($v === "v$n") {
            $out['ok']++;
        } else {
            $out['failed'][] = "fo:$n: wrong value " . var_export($v, true);
        }
    } catch (RedisClusterPool\Exception $e) {
        $out['failed'][] = get_class($e) . ': ' . $e->getMessage();
    }
}
$out['stats'] = $pool->stats();
echo json_encode($out);
