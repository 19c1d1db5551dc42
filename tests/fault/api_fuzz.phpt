--TEST--
Fault: a seeded fuzz of the whole PHP API (tools/api_fuzz.php) against the real cluster: every public method and __call() with the command table's and Predis' names, random bad arguments (null, nested and recursive arrays, objects, closures, resources, NAN, INF, huge ints, 1 MB strings, NUL bytes, re-entrant __toString), strict and weak mode: no crash, no warning, only typed exceptions, no secret in a message or a trace, nothing left behind
--EXTENSIONS--
redis_cluster_pool
--INI--
zend.exception_ignore_args=0
memory_limit=1G
--FILE--
<?php
/*
 * RCP_FUZZ_CALLS and RCP_FUZZ_SEED (environment) change the run; the default is 10,000 calls (2,000 under valgrind,
 * which run-tests.php -m runs with USE_ZEND_ALLOC=0), seed 21. The long run is a command: docs/FAULTS.md.
 */
require __DIR__ . '/../cluster.inc';
require dirname(__DIR__, 2) . '/tools/api_fuzz.php';
$calls = (int) (getenv('RCP_FUZZ_CALLS') ?: (getenv('USE_ZEND_ALLOC') === '0' ? 2000 : 10000));
$seed = (int) (getenv('RCP_FUZZ_SEED') ?: 21);
$r = rcp_api_fuzz(['calls' => $calls, 'seed' => $seed, 'seeds' => rcp_seeds(), 'options' => rcp_pool_options()]);
foreach ($r['failures'] as $f) echo "FAIL $f\n";
echo count($r['failures']), " failures\n";
// the calls were of every kind: replies, TypeErrors, ArgumentCountErrors, the extension's exceptions
$kinds = implode("\n", $r['summary']);
foreach (['returned', 'TypeError', 'ArgumentCountError', 'RedisClusterPool\InvalidArgumentException',
          'RedisClusterPool\ServerException', "the fuzz's own exception, passed through"] as $k) {
    if (!preg_match('/\d+  ' . preg_quote($k, '/') . '$/m', $kinds)) echo "no outcome $k:\n$kinds\n";
}
// nothing left: the fuzz's keys and its ACL user are gone
$pool = rcp_pool();
$left = 0;
foreach ($pool->scanAll('rcpfuzz:*') as $k) $left++;
$users = array_merge(...array_values($pool->rawOnNodes(array_fill_keys(array_keys($pool->getSlotMap()['nodes']), [['ACL', 'USERS']]))));
echo "keys left: $left, fuzz users left: ", count(preg_grep('/^rcpfuzz-/', array_merge(...$users))), "\n";
?>
--EXPECT--
0 failures
keys left: 0, fuzz users left: 0
