--TEST--
Security: connections are pooled per user and keyed hash of the password (rcp_secret_hash), not its FNV-1a: two passwords of one user with the same FNV-1a (a collision made for this test) no longer share a socket authenticated by the other: the wrong one gets WRONGPASS (gh21 follow-up item 2)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
// FNV-1a 64 as the pool key used it (offset basis 1469598103934665603), in 32-bit halves
function fnv(string $s): string {
    [$hi, $lo] = [intdiv(1469598103934665603, 1 << 32), 1469598103934665603 & 0xffffffff];
    for ($i = 0; $i < strlen($s); $i++) {
        $lo ^= ord($s[$i]);
        $t = $lo * 0x1b3;
        [$hi, $lo] = [($hi * 0x1b3 + $lo * 0x100 + ($t >> 32)) & 0xffffffff, $t & 0xffffffff];
    }
    return sprintf('%08x%08x', $hi, $lo);
}
// found by Brent's cycle search over FNV-1a of 11-character base-64 strings (a minute of CPU)
[$right, $wrong] = ['/Cqc0R4WPeF', '1jhUDKfbGsK'];
echo "the two passwords have one FNV-1a: ", fnv($right) === fnv($wrong) ? fnv($right) : 'no', "\n";
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_coll', 'reset', 'on', ">$right", '~*', '+@all');
register_shutdown_function(function () {
    foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', 'rcp_coll');
});
$key = rcp_key_on(rcp_primaries()[0], 'coll');
$good = rcp_pool(['parameters' => ['username' => 'rcp_coll', 'password' => $right]]);
echo "right password: ", $good->set($key, 'v'), ' ', $good->get($key), "\n";   // its sockets stay in the pool
$bad = rcp_pool(['parameters' => ['username' => 'rcp_coll', 'password' => $wrong]]);
try {
    $got = $bad->get($key);
    echo "colliding wrong password: ", json_encode($got), " (it used the other's authenticated socket)\n";
} catch (RedisClusterPool\AuthenticationException $e) {
    echo "colliding wrong password: ", get_class($e), ' ', $e->getErrorType(), "\n";
}
echo "the right one still: ", $good->get($key), "\n";
$good->del($key);
?>
--EXPECT--
the two passwords have one FNV-1a: fb19c0332ab70d5d
right password: OK v
colliding wrong password: RedisClusterPool\AuthenticationException WRONGPASS
the right one still: v
