--TEST--
Stub: the array shapes the IDE stub declares for stats(), poolStats(), getSlotMap() and commandInfo() are what the C code returns, key for key and type for type, recursively (a shared cluster, a cluster the segment cannot hold, no segment metrics); the README's operations idioms run on them; poolStats() names a TLS cluster's user alone
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
require __DIR__ . '/shape.inc';
require_once __DIR__ . '/phpstan/app/readme_idioms.php';
$stub = dirname(__DIR__, 2) . '/stubs/redis_cluster_pool.php';

$pool = rcp_pool(['prefix' => 'shape:']);
for ($i = 0; $i < 20; $i++) $pool->set("k$i", $i);              // every primary has metrics now
$pool->mget(array_map(fn($i) => "k$i", range(0, 19)));
$p2 = rcp_pool(['read' => 'prefer_replica']);
$p2->get('shape:k1');
echo "stats: ", rcp_shape_verdict($pool->stats(), $stub, 'RedisClusterPool', 'stats'), "\n";
$ps = RedisClusterPool::poolStats();
echo "poolStats: ", rcp_shape_verdict($ps, $stub, 'RedisClusterPool', 'poolStats'), "\n";
echo "getSlotMap: ", rcp_shape_verdict($pool->getSlotMap(), $stub, 'RedisClusterPool', 'getSlotMap'), "\n";
echo "commandInfo: ", rcp_shape_verdict(RedisClusterPool::commandInfo('MSET', 'a', '1', 'b', '2'), $stub, 'RedisClusterPool',
    'commandInfo'), "\n";
// the checker itself: a key too many, a key missing, a wrong type are each found
$s = $pool->stats();
$s['connections']['extra'] = 1;
unset($s['shm']['bytes_used']);
$s['cluster']['pool']['suspect_nodes'] = [1];
echo "a wrong stats(): ", strtok(rcp_shape_verdict($s, $stub, 'RedisClusterPool', 'stats'), "\n"), "\n";
echo "README operations idioms: ", strlen(RcpSampleApp\operations($pool)) > 100 ? 'ran' : 'no output', "\n";
// the user of a TLS cluster's entry (its key ends with "\0tls"): the name alone, or null without one (it was
// "name\0tls", and "\0tls" for no user); no connection is needed for the entry to exist
$t1 = new RedisClusterPool('tls://127.0.0.1:1');
$t2 = new RedisClusterPool('tls://127.0.0.1:2', ['parameters' => ['username' => 'tls-user', 'password' => 'p']]);
foreach (RedisClusterPool::poolStats()['clusters'] as $c) {
    if (in_array($c['seeds'], [['127.0.0.1:1'], ['127.0.0.1:2']], true)) echo "TLS cluster ", $c['seeds'][0], ": user ", json_encode($c['user']), "\n";
}

// a cluster the segment cannot hold (shm_clusters=1, two clusters), and no metrics at all: the same shapes
$so = getenv('RCP_EXT_SO');
if (!$so) { echo "RCP_EXT_SO is not set: run the suite with scripts/test.sh\n"; exit(1); }
$code = <<<'PHP'
require getenv('RCP_SHAPE_INC');
$stub = getenv('RCP_STUB');
$s = explode(',', getenv('RCP_TEST_SEEDS'));
$a = new RedisClusterPool([$s[0]]); $a->get('shape:a');
$b = new RedisClusterPool([$s[1]]); $b->get('shape:b');
echo json_encode($b->stats()['cluster']['shared']), ' ', rcp_shape_verdict($b->stats(), $stub, 'RedisClusterPool', 'stats'), ' ',
    rcp_shape_verdict(RedisClusterPool::poolStats(), $stub, 'RedisClusterPool', 'poolStats');
PHP;
putenv('RCP_SHAPE_INC=' . __DIR__ . '/shape.inc');
putenv("RCP_STUB=$stub");
$php = escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($so);
echo "not shared: ", trim(shell_exec("$php -d redis_cluster_pool.shm_clusters=1 -r " . escapeshellarg($code) . ' 2>&1')), "\n";
echo "metrics off: ", trim(shell_exec("$php -d redis_cluster_pool.metrics=0 -r " . escapeshellarg($code) . ' 2>&1')), "\n";
$pool->del(array_map(fn($i) => "k$i", range(0, 19)));
?>
--EXPECT--
stats: ok
poolStats: ok
getSlotMap: ok
commandInfo: ok
a wrong stats(): 3 mismatches:
README operations idioms: ran
TLS cluster 127.0.0.1:1: user null
TLS cluster 127.0.0.1:2: user "tls-user"
not shared: false ok ok
metrics off: true ok ok
