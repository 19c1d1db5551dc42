<?php
// The page of the TLS FPM tests: a pool on the TLS cluster (tests/tls/tls.inc's settings), a SET, a GET and a MGET
// across the primaries, then this worker's counters as JSON.
$seeds = array_map(fn($n) => "tls://$n", explode(',', getenv('RCP_TLS_TEST_SEEDS')));
$pool = new RedisClusterPool($seeds, ['parameters' => ['ssl' => ['cafile' => getenv('RCP_TLS_TEST_TLS_DIR') . '/ca.crt']]]);
$out = ['pid' => getmypid()];
try {
    $k = 'fpmtls:' . ($_GET['i'] ?? '0');
    $v = bin2hex(random_bytes(4));
    $pool->set($k, $v);
    $spread = array_map(fn($j) => "$k:$j", range(0, 9));   // over the slots: every primary
    $got = $pool->mget(array_merge([$k], $spread));
    $out['own_reply'] = $got[0] === $v && $pool->get($k) === $v;
    $pool->del($k);
} catch (RedisClusterPool\Exception $e) {
    $out['exception'] = get_class($e) . ': ' . $e->getMessage();
}
$out['stats'] = $pool->stats();
// pool-wide (every worker, from the shared segment): the nodes' TLS handshakes
$out['pool_tls'] = ['full' => 0, 'resumed' => 0];
foreach (RedisClusterPool::poolStats()['nodes'] as $n) {
    $out['pool_tls']['full'] += $n['tls_handshakes_full'];
    $out['pool_tls']['resumed'] += $n['tls_handshakes_resumed'];
}
echo json_encode($out);
