--TEST--
Authentication failures: a wrong password or a missing ACL permission is an AuthenticationException with the server's error type, remembered by the pool for 2 s (no reconnect loop), with a hint naming the ACL rule (gh11 item 4)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$secret = 'S3cr3t-' . bin2hex(random_bytes(4));
$raws = array_map(fn($n) => new RcpRaw($n), rcp_seeds());
foreach ($raws as $r) {
    $r->cmd('ACL', 'SETUSER', 'rcpauth', 'on', ">$secret", '~*', '&*', '+@all');
    $r->cmd('ACL', 'SETUSER', 'rcpnoro', 'on', ">$secret", '~*', '&*', '+@all', '-readonly');
    $r->cmd('ACL', 'SETUSER', 'rcprw', 'on', ">$secret", '~*', '&*', '+@read', '+@write');
}
function connections_received(array $raws): int
{
    $n = 0;
    foreach ($raws as $r) {
        preg_match('/total_connections_received:(\d+)/', $r->cmd('INFO', 'stats'), $m);
        $n += (int) $m[1];
    }
    return $n;
}
function show(Throwable $e, string $secret): void
{
    echo get_class($e), ' (a ConnectionException: ', $e instanceof RedisClusterPool\ConnectionException ? 'yes' : 'no',
        '), type ', $e instanceof RedisClusterPool\AuthenticationException ? $e->getErrorType() : '-', "\n";
    echo '  ', preg_replace(['/\d+\.\d+\.\d+\.\d+:\d+/', '/\d+\.\d s more/'], ['ADDR', 'N s more'], $e->getMessage()), "\n";
    if (str_contains($e->getMessage() . $e->getTraceAsString(), $secret)) echo "  PASSWORD LEAKED\n";
}

// the good user discovers the cluster (the entry is per seeds + user: the bad password below reuses its map)
$good = rcp_pool(['parameters' => ['username' => 'rcpauth', 'password' => $secret]]);
$good->set('auth:{a}', 'v');

echo "-- wrong password, 30 requests\n";
$bad = rcp_pool(['parameters' => ['username' => 'rcpauth', 'password' => 'wrong-' . $secret]]);
$before = connections_received($raws);
$s0 = $bad->stats()['connections'];
$first = null;
$t0 = microtime(true);
for ($i = 0; $i < 30; $i++) {
    try {
        $bad->get('auth:{a}');
        echo "no exception\n";
    } catch (RedisClusterPool\Exception $e) {
        $first ??= $e;
        if (str_contains($e->getMessage(), 'remembered by the pool')) $last = $e;
    }
}
show($first, $secret);
show($last, $secret);                              // a remembered one
$s1 = $bad->stats()['connections'];
$made = connections_received($raws) - $before;
// one attempt per 2 s window (the 30 requests take well under 2 s, but much longer under valgrind)
$windows = 1 + (int) floor((microtime(true) - $t0) / 2.0);
echo "connections the nodes received: ", $made <= $windows ? 'one per 2 s at most' : "$made in $windows windows", "\n";
echo "refused without connecting: ", $s1['auth_refused'] - $s0['auth_refused'] >= 30 - $windows ? 'yes' : 'no (' . ($s1['auth_refused'] - $s0['auth_refused']) . ')', "\n";

echo "-- after the 2 s, the node is asked again\n";
usleep(2100000);
$before = connections_received($raws);
try { $bad->get('auth:{a}'); } catch (RedisClusterPool\AuthenticationException $e) { show($e, $secret); }
echo "connections the nodes received: ", connections_received($raws) - $before, "\n";
// (the RcpRaw connections used to read the counters are opened before and kept, so they are not counted)

echo "-- the right password on the same nodes still works\n";
var_dump($good->get('auth:{a}'));

echo "-- replica reads by a user without +readonly: READONLY refused (NOPERM), the read answered by the primary\n";
$noro = rcp_pool(['read' => 'replica', 'parameters' => ['username' => 'rcpnoro', 'password' => $secret]]);
try {
    var_dump($noro->get('auth:{a}'));
} catch (RedisClusterPool\Exception $e) {
    show($e, $secret);
}
foreach (RedisClusterPool::poolStats()['clusters'] as $c) {
    if ($c['user'] !== 'rcpnoro') continue;
    echo "counted: read_auth_fallbacks ", $c['counters']['read_auth_fallbacks'], ", replicas that refused: ",
        count(array_filter($c['nodes'], fn($n) => $n['role'] === 'replica' && ($n['auth_refusals'] ?? 0) > 0)), "\n";
}
$noro->set('auth:{b}', 'w');   // writes go to primaries: no READONLY needed
var_dump(rcp_pool(['parameters' => ['username' => 'rcpnoro', 'password' => $secret]])->get('auth:{b}'));

echo "-- a +@read +@write user cannot discover the cluster\n";
try {
    rcp_pool(['parameters' => ['username' => 'rcprw', 'password' => $secret]], array_reverse(rcp_seeds()))->get('auth:{a}');
    echo "no exception\n";
} catch (RedisClusterPool\Exception $e) {
    echo get_class($e), ', type ', $e->getErrorType(), "\n";
    echo '  mentions +cluster|slots: ', str_contains($e->getMessage(), '+cluster|slots') ? 'yes' : 'no', "\n";
}
$good->del('auth:{a}', 'auth:{b}');
foreach ($raws as $r) $r->cmd('ACL', 'DELUSER', 'rcpauth', 'rcpnoro', 'rcprw');
?>
--EXPECTF--
-- wrong password, 30 requests
RedisClusterPool\AuthenticationException (a ConnectionException: yes), type WRONGPASS
  AUTH on ADDR refused: WRONGPASS invalid username-password pair or user is disabled.; check the username and password (command GET)
RedisClusterPool\AuthenticationException (a ConnectionException: yes), type WRONGPASS
  AUTH on ADDR refused: WRONGPASS invalid username-password pair or user is disabled.; check the username and password (remembered by the pool: no new connection with these credentials for N s more) (command GET)
connections the nodes received: one per 2 s at most
refused without connecting: yes
-- after the 2 s, the node is asked again
RedisClusterPool\AuthenticationException (a ConnectionException: yes), type WRONGPASS
  AUTH on ADDR refused: WRONGPASS invalid username-password pair or user is disabled.; check the username and password (command GET)
connections the nodes received: 1
-- the right password on the same nodes still works
string(1) "v"
-- replica reads by a user without +readonly: READONLY refused (NOPERM), the read answered by the primary
string(1) "v"
counted: read_auth_fallbacks 1, replicas that refused: 1
string(1) "w"
-- a +@read +@write user cannot discover the cluster
RedisClusterPool\AuthenticationException, type NOPERM
  mentions +cluster|slots: yes
