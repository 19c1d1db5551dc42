--TEST--
Shared segment settings: a too-small shm_size fails at startup naming the setting; a full cluster table falls back to a private map (and says so); 'persistent' => false connections close with their object
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$so = getenv('RCP_EXT_SO');
if (!$so) { echo "RCP_EXT_SO is not set: run the suite with scripts/test.sh\n"; exit(1); }
$php = PHP_BINARY . ' -n -d extension=' . escapeshellarg($so);
echo trim(shell_exec("$php -d redis_cluster_pool.shm_size=64K -r 'echo \"started\\n\";' 2>&1")), "\n";
echo trim(shell_exec("$php -d redis_cluster_pool.shm_clusters=0 -r 'echo \"started\\n\";' 2>&1")), "\n";

$seeds = rcp_seeds();
$code = <<<'PHP'
$s = explode(',', getenv('RCP_TEST_SEEDS'));
$a = new RedisClusterPool([$s[0]]); $a->set('full:a', 1);
$b = new RedisClusterPool([$s[1]]); $b->set('full:b', 2);
echo json_encode([$a->stats()['cluster']['shared'], $b->stats()['cluster']['shared'], $b->get('full:b'),
    $b->stats()['shm']['clusters_table_full'] > 0, $b->stats()['shm']['clusters_used']]), "\n";
$a->del('full:a'); $b->del('full:b');
PHP;
echo trim(shell_exec("$php -d redis_cluster_pool.shm_clusters=1 -r " . escapeshellarg($code) . ' 2>&1')), "\n";

$shared = rcp_pool();
$shared->set('priv:x', 'y');
$n = $shared->stats()['connections']['pooled'];
$private = rcp_pool(['persistent' => false]);
for ($i = 0; $i < 30; $i++) $private->set("priv:$i", $i);      // touches every primary
$during = $private->stats()['connections']['pooled'];
unset($private);
$after = $shared->stats()['connections']['pooled'];
echo "private connections added: ", $during > $n ? 'yes' : 'no', ", closed with the object: ", $after === $n ? 'yes' : "no ($after vs $n)", "\n";
for ($i = 0; $i < 30; $i++) $shared->del("priv:$i");
$shared->del('priv:x');
?>
--EXPECTF--
%AWarning: redis_cluster_pool: redis_cluster_pool.shm_size=65536 is too small for redis_cluster_pool.shm_clusters=8: it needs at least %d bytes (%d per cluster)%A
%AWarning: redis_cluster_pool: redis_cluster_pool.shm_size must be > 0 and redis_cluster_pool.shm_clusters between 1 and 4096%A
[true,false,"2",true,1]
private connections added: yes, closed with the object: yes
