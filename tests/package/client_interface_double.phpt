--TEST--
RedisClusterPool\ClientInterface: RedisClusterPool, Pipeline and Transaction implement the interfaces; test doubles implementing ClientInterface (the sample app's InMemoryClient, an anonymous class, PHPUnit mocks) stand in for the pool: the README's idioms (tests/package/phpstan/app, checked by PHPStan level 9) give the same results on both
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require_once __DIR__ . '/../cluster.inc';
require_once __DIR__ . '/phpstan/app/readme_idioms.php';
require_once __DIR__ . '/phpstan/app/InMemoryClient.php';
require_once __DIR__ . '/phpstan/app/canned_stub.php';

use RcpSampleApp as App;
use RedisClusterPool\ClientInterface;

$pool = App\connect(rcp_seeds(), 'dbl:' . getmypid() . ':');
$double = new App\InMemoryClient();
echo "interfaces: ", implode(', ', [
    $pool instanceof ClientInterface ? 'pool' : '-',
    $pool->pipeline() instanceof RedisClusterPool\PipelineInterface ? 'pipeline' : '-',
    $pool->transaction() instanceof RedisClusterPool\TransactionInterface ? 'transaction' : '-',
    $pool->scanAll() instanceof Iterator ? 'scanAll: Iterator' : '-',
]), "\n";
$r = new ReflectionClass(ClientInterface::class);
echo "ClientInterface: ", implode(' ', array_map(fn($m) => $m->name, $r->getMethods())), "\n";

// the same functions, typed with the interface, on the pool and on the double
foreach (['pool' => $pool, 'double' => $double] as $what => $client) {
    $out = [
        'cached' => [App\cached($client, 'cache:c', fn() => 'computed'), App\cached($client, 'cache:c', fn() => 'again')],
        'pipelines' => App\pipelines($client),
        'transactions' => App\transactions($client),
    ];
    $results[$what] = var_export(rcp_plain($out), true);
    echo "$what: ", json_encode(rcp_plain($out)), "\n";
}
echo "same results: ", $results['pool'] === $results['double'] ? 'yes' : 'no', "\n";
echo "double's commands: ", implode(',', $double->log), "\n";

// a PHPUnit-style stub: an anonymous class with canned replies (App\cannedStub(), checked by PHPStan too)
$calls = [];
$stub = App\cannedStub(function (string $call) use (&$calls) { $calls[] = $call; });
echo "stub: ", App\cached($stub, 'k', fn() => 'unused'), " after ", implode(' ', $calls), "; anonymous: ",
    (new ReflectionClass($stub))->isAnonymous() ? 'yes' : 'no', "\n";

// PHPUnit mocks of the interfaces (createMock), as a unit test writes them: tests/package/phpstan/app/
// ClientInterfaceMockTest.php, run by PHPUnit (pinned, installed with PHPStan by install_tools.sh, cached)
$install = (getenv('RCP_SCRATCH') ?: dirname(__DIR__, 2) . '/.scratch') . '/dev-tools';
exec('bash ' . escapeshellarg(__DIR__ . '/phpstan/install_tools.sh') . ' ' . escapeshellarg($install) . ' 2>&1', $out, $rc);
$so = getenv('RCP_EXT_SO');
if ($rc !== 0 || !$so) {
    echo "PHPUnit could not be installed (rc=$rc) or RCP_EXT_SO is not set (run the suite with scripts/test.sh):\n", implode("\n", $out), "\n";
} else {
    $cmd = 'cd ' . escapeshellarg(sys_get_temp_dir()) . ' && ' . escapeshellarg(PHP_BINARY) . ' -d extension=' . escapeshellarg($so)
        . ' ' . escapeshellarg("$install/vendor/bin/phpunit") . ' --do-not-cache-result --no-progress '
        . escapeshellarg(__DIR__ . '/phpstan/app/ClientInterfaceMockTest.php') . ' 2>&1';
    exec($cmd, $unit, $rc);
    $summary = preg_grep('/^(OK|FAILURES|ERRORS)/', $unit);
    echo "PHPUnit mocks: ", $rc === 0 ? implode(' ', $summary) : "rc=$rc\n" . implode("\n", $unit), "\n";
}

// the rest of the sample app on the pool: the idioms PHPStan checked run as written
echo "basics: ", App\basics($pool), "\n";
echo "raw multi/exec: ", json_encode(rcp_plain(App\rawMultiExec($pool))), "\n";
echo "concrete transaction: ", App\concreteTransaction($pool), "\n";
echo "scanAll: ", json_encode(array_slice(App\keysLike($pool, 'p:*'), 0, 5)), "\n";
echo "executeRaw: ", App\raw($pool), "\n";
echo "exceptions: ", App\guarded($pool), "\n";
echo "metrics: ", preg_replace('/\d+/', 'N', App\metricsEndpoint()), "\n";
echo "interface-typed function: ", App\usesTheInterface($pool), "\n";

function rcp_plain(mixed $v): mixed
{
    if ($v instanceof RedisClusterPool\Status) return 'Status:' . $v->getPayload();
    return is_array($v) ? array_map('rcp_plain', $v) : $v;
}
?>
--EXPECT--
interfaces: pool, pipeline, transaction, scanAll: Iterator
ClientInterface: __call executeRaw pipeline transaction scanAll getSlotMap nodeForKey stats
pool: {"cached":["computed","computed"],"pipelines":[["Status:OK","x",1],["Status:OK","y"]],"transactions":[["Status:OK",1],["Status:OK",2],["Status:OK"],["Status:OK"]]}
double: {"cached":["computed","computed"],"pipelines":[["Status:OK","x",1],["Status:OK","y"]],"transactions":[["Status:OK",1],["Status:OK",2],["Status:OK"],["Status:OK"]]}
same results: yes
double's commands: get,setex,get,set,get,incr,set,get,set,incr,set,incr,get,set,get,set
stub: from the stub after get(k); anonymous: yes
PHPUnit mocks: OK (3 tests, 5 assertions)
basics: OK Ada ADA mget:nil,nil,nil/2 field=5 n=1 m:1.5 n:2 members:m,n count:2 deleted:0 PONG
raw multi/exec: ["Status:OK",1]
concrete transaction: 1
scanAll: ["p:{1}","p:{1}:n","p:{2}"]
executeRaw: 'OK' error: ERR value is not an integer or out of range
exceptions: ERR from a node
metrics: N sections, N bytes, slot of "a": N
interface-typed function: computed
