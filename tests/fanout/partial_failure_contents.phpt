--TEST--
Fan-out partial failure, every field: when one node refuses its parts of a split MGET/DEL/EXISTS (an ACL error reply), PartialFailureException's message, failures (node, keys, error, exception), succeeded and failed keys, results and previous exception are exact, keys without the "prefix" option's prefix; all parts refused: the plain ServerException; exceptions off: the Error object
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
[$a, $b, $c] = rcp_primaries();
$secret = 'pf-' . bin2hex(random_bytes(4));
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', 'pfuser', 'reset', 'on', ">$secret", '~*', '&*', '+@all');
// B alone refuses the multi-key reads and DEL of that user
(new RcpRaw($b))->cmd('ACL', 'SETUSER', 'pfuser', '-mget', '-del', '-exists');
$params = ['username' => 'pfuser', 'password' => $secret];

// three keys on every primary, interleaved so the caller's order differs from the node grouping
$keys = [];
for ($i = 0; $i < 3; $i++) foreach ([$a, $b, $c] as $n => $p) $keys[] = rcp_key_on($p, "pfc$i$n");
$admin = rcp_pool();
foreach ($keys as $i => $k) $admin->set($k, "v$i");

function norm(string $s, array $keys): string {
    global $a, $b, $c;
    $s = str_replace([$a, $b, $c], ['A', 'B', 'C'], $s);
    $s = preg_replace("/NOPERM [^\"\n]*?'(mget|del|exists)' command/", 'NOPERM...', $s);
    foreach ($keys as $i => $k) $s = str_replace('"' . $k . '"', "k$i", $s);
    return $s;
}
function show(RedisClusterPool\PartialFailureException $e, array $keys): void {
    echo 'message: ', norm($e->getMessage(), $keys), "\n";
    echo 'failures: ', norm(json_encode($e->getFailures()), $keys), "\n";
    echo 'succeeded: ', norm(json_encode($e->getSucceededKeys()), $keys), "\n";
    echo 'failed: ', norm(json_encode($e->getFailedKeys()), $keys), "\n";
    echo 'results: ', norm(json_encode($e->getResults()), $keys), "\n";
    $prev = $e->getPrevious();
    echo 'previous: ', get_class($prev), ' ', norm($prev->getMessage(), $keys), ' on ', norm($prev->getNode(), $keys), "\n";
    echo 'code: ', $e->getCode(), ', cluster exception: ', var_export($e instanceof RedisClusterPool\ClusterException, true), "\n";
}

$pool = rcp_pool(['parameters' => $params]);
foreach (['mget' => [$keys], 'del' => [$keys], 'exists' => $keys] as $cmd => $args) {
    try {
        $r = $pool->$cmd(...$args);
        echo "$cmd: no exception\n";
    } catch (RedisClusterPool\PartialFailureException $e) {
        echo "== $cmd\n";
        show($e, $keys);
    }
}
// DEL above removed the keys of A and C: what is left is B's
var_dump($admin->mget($keys));

// every part refused: what that failure alone raises
try {
    $pool->mget([$keys[1], $keys[4]]);
} catch (RedisClusterPool\Exception $e) {
    echo 'only B: ', get_class($e), ' ', norm($e->getMessage(), $keys), "\n";
}
// exceptions off: the first error reply, as for any error reply
$quiet = rcp_pool(['parameters' => $params, 'exceptions' => false]);
$r = $quiet->mget($keys);
echo get_class($r), ': ', norm($r->getMessage(), $keys), "\n";

// the "prefix" option: keys as the caller wrote them, in failures and succeeded keys alike
$plain = [];
foreach ([$a, $b, $c, $b] as $n => $p) $plain[] = substr(rcp_key_on($p, "pfx:pfp$n"), 4);
$pre = rcp_pool(['parameters' => $params, 'prefix' => 'pfx:']);
$admin->mset(['pfx:' . $plain[0] => 'x0', 'pfx:' . $plain[2] => 'x2']);
try {
    $pre->mget($plain);
} catch (RedisClusterPool\PartialFailureException $e) {
    echo "== prefixed mget\n";
    show($e, $plain);
}
$admin->del(array_map(fn($k) => "pfx:$k", $plain));
$admin->del($keys);
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', 'pfuser');
?>
--EXPECT--
== mget
message: MGET: node B answered NOPERM... (command MGET: 3 of its 9 keys failed; the other parts succeeded)
failures: [{"node":"B","keys":[k1,k4,k7],"error":"NOPERM...","exception":"RedisClusterPool\\ServerException"}]
succeeded: [k0,k2,k3,k5,k6,k8]
failed: [k1,k4,k7]
results: {"0":"v0","2":"v2","3":"v3","5":"v5","6":"v6","8":"v8"}
previous: RedisClusterPool\ServerException NOPERM... on B
code: 0, cluster exception: true
== del
message: DEL: node B answered NOPERM... (command DEL: 3 of its 9 keys failed; the parts sent to other nodes were applied)
failures: [{"node":"B","keys":[k1,k4,k7],"error":"NOPERM...","exception":"RedisClusterPool\\ServerException"}]
succeeded: [k0,k2,k3,k5,k6,k8]
failed: [k1,k4,k7]
results: 6
previous: RedisClusterPool\ServerException NOPERM... on B
code: 0, cluster exception: true
== exists
message: EXISTS: node B answered NOPERM... (command EXISTS: 3 of its 9 keys failed; the other parts succeeded)
failures: [{"node":"B","keys":[k1,k4,k7],"error":"NOPERM...","exception":"RedisClusterPool\\ServerException"}]
succeeded: [k0,k2,k3,k5,k6,k8]
failed: [k1,k4,k7]
results: 0
previous: RedisClusterPool\ServerException NOPERM... on B
code: 0, cluster exception: true
array(9) {
  [0]=>
  NULL
  [1]=>
  string(2) "v1"
  [2]=>
  NULL
  [3]=>
  NULL
  [4]=>
  string(2) "v4"
  [5]=>
  NULL
  [6]=>
  NULL
  [7]=>
  string(2) "v7"
  [8]=>
  NULL
}
only B: RedisClusterPool\ServerException NOPERM...
RedisClusterPool\Error: NOPERM...
== prefixed mget
message: MGET: node B answered NOPERM... (command MGET: 2 of its 4 keys failed; the other parts succeeded)
failures: [{"node":"B","keys":[k1,k3],"error":"NOPERM...","exception":"RedisClusterPool\\ServerException"}]
succeeded: [k0,k2]
failed: [k1,k3]
results: {"0":"x0","2":"x2"}
previous: RedisClusterPool\ServerException NOPERM... on B
code: 0, cluster exception: true
