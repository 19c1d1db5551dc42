--TEST--
Security: ACL user names of any length are sent whole and key the pool whole: a 61-byte, a 300-byte and a 2,000-byte user each authenticate as themselves (not as the user named by their first 60 bytes, which exists here with other rights), two users sharing a 60-byte prefix keep their own permissions in one process (never each other's pooled sockets), and poolStats() names each user whole
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$tag = getmypid();
$prefix = str_pad("rcp-long-$tag-", 60, 'p');                     // 60 bytes: the user a cut name would be
$users = [
    'prefix' => [$prefix, '~*'],                                   // may touch every key
    'a61' => [$prefix . 'A', '~a:*'],                              // 61 bytes, only a:*
    'b61' => [$prefix . 'B', '~b:*'],                              // 61 bytes, same first 60, only b:*
    'u300' => [$prefix . str_repeat('3', 240), '~c:*'],
    'u2000' => [$prefix . str_repeat('2', 1940), '~d:*'],
];
foreach (rcp_seeds() as $node) {                                     // every node: primaries and replicas
    $raw = rcp_raw($node);
    foreach ($users as $what => [$name, $keys]) {
        $raw->cmd('ACL', 'SETUSER', $name, 'reset', 'on', ">pw-$what", $keys, '&*', '+@all');
    }
}
$pools = [];
foreach ($users as $what => [$name]) {
    $pools[$what] = rcp_pool(['parameters' => ['username' => $name, 'password' => "pw-$what"]]);
}
foreach ($pools as $what => $p) {
    $me = $p->acl('whoami');
    echo "$what: ", strlen($users[$what][0]), " bytes, whoami is ", $me === $users[$what][0] ? 'itself' : "someone else ($me)", "\n";
}
// interleaved on the same sockets' nodes, the two 61-byte users keep their own rights
function attempt(RedisClusterPool $p, string $key): string
{
    try {
        $p->set($key, 'v');
        return 'OK';
    } catch (RedisClusterPool\ServerException $e) {
        return $e->getErrorType();
    }
}
for ($i = 0; $i < 3; $i++) {
    echo "round $i: a61 on a: ", attempt($pools['a61'], "a:$tag:$i"), ", a61 on b: ", attempt($pools['a61'], "b:$tag:$i"),
        ", b61 on b: ", attempt($pools['b61'], "b:$tag:$i"), ", b61 on a: ", attempt($pools['b61'], "a:$tag:$i"),
        ", u300 on c: ", attempt($pools['u300'], "c:$tag:$i"), ", u2000 on d: ", attempt($pools['u2000'], "d:$tag:$i"), "\n";
}
// a wrong password for the 61-byte user is refused (it is not the prefix user's)
try {
    rcp_pool(['parameters' => ['username' => $users['a61'][0], 'password' => 'pw-prefix']])->get("a:$tag:0");
    echo "wrong password accepted\n";
} catch (RedisClusterPool\AuthenticationException $e) {
    echo "a61 with the prefix user's password: ", $e->getErrorType(), "\n";
}
// poolStats(): the user of every cluster entry whole (the 2,000-byte one makes a key over the segment's 1,024
// bytes: that cluster stays per process)
$seen = [];
foreach (RedisClusterPool::poolStats()['clusters'] as $c) {
    $seen[] = $c['user'];
}
foreach (['prefix', 'a61', 'b61', 'u300'] as $what) {
    echo "poolStats user $what: ", in_array($users[$what][0], $seen, true) ? 'whole' : 'missing', "\n";
}
echo "no cut name: ", count(array_filter($seen, fn($u) => is_string($u) && strlen($u) === 60 && $u !== $prefix)) === 0 ? 'yes' : 'no', "\n";
$admin = rcp_pool();
$admin->del(...array_merge(...array_map(fn($k) => ["a:$tag:$k", "b:$tag:$k", "c:$tag:$k", "d:$tag:$k"], range(0, 2))));
foreach (rcp_seeds() as $node) {
    rcp_raw($node)->cmd('ACL', 'DELUSER', ...array_column($users, 0));
}
?>
--EXPECT--
prefix: 60 bytes, whoami is itself
a61: 61 bytes, whoami is itself
b61: 61 bytes, whoami is itself
u300: 300 bytes, whoami is itself
u2000: 2000 bytes, whoami is itself
round 0: a61 on a: OK, a61 on b: NOPERM, b61 on b: OK, b61 on a: NOPERM, u300 on c: OK, u2000 on d: OK
round 1: a61 on a: OK, a61 on b: NOPERM, b61 on b: OK, b61 on a: NOPERM, u300 on c: OK, u2000 on d: OK
round 2: a61 on a: OK, a61 on b: NOPERM, b61 on b: OK, b61 on a: NOPERM, u300 on c: OK, u2000 on d: OK
a61 with the prefix user's password: WRONGPASS
poolStats user prefix: whole
poolStats user a61: whole
poolStats user b61: whole
poolStats user u300: whole
no cut name: yes
