--TEST--
Read policies with replicas that refuse the credentials (an ACL user created on the primaries only: ACL users are per node): under prefer_replica, replica, any, az_affinity and az_affinity_replicas_and_primary every read (GET, split MGET, pipeline) is answered by the primary; each replica refuses once, is remembered for every worker (poolStats() auth_refused, metrics()) and skipped while that holds, and the fallbacks are counted (read_auth_fallbacks)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
/** GET and MGET calls the primaries answered (INFO commandstats). */
function primary_reads(): array {
    $t = ['get' => 0, 'mget' => 0];
    foreach (rcp_primaries() as $n) {
        $i = (new RcpRaw($n))->cmd('INFO', 'commandstats');
        foreach ($t as $c => $_) $t[$c] += preg_match("/cmdstat_$c:calls=(\\d+)/", $i, $m) ? (int) $m[1] : 0;
    }
    return $t;
}
/** This user's cluster entry in poolStats(). */
function entry(string $user): array {
    foreach (RedisClusterPool::poolStats()['clusters'] as $c) if ($c['user'] === $user) return $c;
    return [];
}
$pass = 'pw-' . bin2hex(random_bytes(8));
$keys = array_map(fn($i) => "aclread:$i", range(0, 59));
$w = rcp_pool();
foreach ($keys as $i => $k) $w->set($k, "v$i");
$users = [];
foreach (['prefer_replica', 'replica', 'any', 'az_affinity', 'az_affinity_replicas_and_primary'] as $pi => $policy) {
    $user = $users[] = "rcp_acl_read_$pi";
    foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$pass", '~*', '&*', '+@all');
    foreach (rcp_replicas() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', $user);
    $opts = ['read' => $policy, 'parameters' => ['username' => $user, 'password' => $pass]];
    if (str_starts_with($policy, 'az_')) $opts['zone'] = 'zone-a';
    $p = rcp_pool($opts, rcp_primaries());
    $t0 = hrtime(true);
    $r0 = primary_reads();
    $refused0 = array_map(fn($r) => RedisClusterPool::poolStats()['nodes'][$r]['auth_refusals'] ?? 0, array_combine(rcp_replicas(), rcp_replicas()));
    $answered = 0;
    $errors = [];
    foreach ($keys as $i => $k) {
        try { $answered += $p->get($k) === "v$i"; } catch (RedisClusterPool\Exception $e) { $errors[] = get_class($e) . ': ' . $e->getMessage(); }
        if ($i === 0) {
            // the first read met a refusing replica (or, for "any", maybe the primary first): remembered for 2 s
            $marked = $policy === 'any' ? null : count(array_filter(entry($user)['nodes'], fn($n) => $n['role'] === 'replica' && $n['auth_refused']));
        }
    }
    $mget = $p->mget($keys) === array_map(fn($i) => "v$i", range(0, 59));
    $pipe = $p->pipeline(function ($x) use ($keys) { foreach (array_slice($keys, 0, 12) as $k) $x->get($k); }) === array_map(fn($i) => "v$i", range(0, 11));
    $r1 = primary_reads();
    // every read answered by the primaries (a refused connection's commands may still run on the replica, as its
    // default user: their replies are never read)
    $byPrimaries = $r1['get'] - $r0['get'] >= 60 + 12 && $r1['mget'] > $r0['mget'];
    $e = entry($user);
    $refusals = [];
    foreach (rcp_replicas() as $r) $refusals[$r] = ($e['nodes'][$r]['auth_refusals'] ?? 0) - $refused0[$r];
    echo "$policy: GET answered $answered/60, MGET ", $mget ? 'right' : 'wrong', ", pipeline ", $pipe ? 'right' : 'wrong',
        ", all answered by the primaries: ", $byPrimaries ? 'yes' : 'no', ", errors: ", count($errors), "\n";
    foreach (array_slice($errors, 0, 3) as $m) echo "  $m\n";
    if ($marked !== null) echo "  after the first read, a refusing replica is marked: ", $marked >= 1 ? 'yes' : 'no', "\n";
    // a refusal is remembered for 2 s: a replica is asked again at most once per 2 s (+1 for a window begun just before)
    $windows = 2 + intdiv(intdiv(hrtime(true) - $t0, 1000000), 2000);
    echo "  each replica refused, at most once per 2 s (remembered, then skipped): ", max($refusals) <= $windows && min($refusals) >= 1 ? 'yes' : 'no (' . json_encode($refusals) . ')', "\n";
    // (the zone policies ask every node its zone first, HELLO: the replicas refuse it then, so reads skip them at once)
    $fb = $e['counters']['read_auth_fallbacks'];
    echo "  counted: read_auth_fallbacks pool-wide ", str_starts_with($policy, 'az_') ? $fb : ($fb >= 3 ? '>= 3, one per replica' : $fb), "\n";
}
// a split MGET and a pipeline as the very first reads: the refusals met inside a batch, its parts re-run elsewhere
foreach (['MGET', 'pipeline'] as $j => $first) {
    $user = $users[] = "rcp_acl_first_$j";
    foreach (rcp_primaries() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$pass", '~*', '&*', '+@all');
    $p = rcp_pool(['read' => 'replica', 'parameters' => ['username' => $user, 'password' => $pass]], rcp_primaries());
    try {
        $right = $first === 'MGET' ? $p->mget($keys) === array_map(fn($i) => "v$i", range(0, 59))
            : $p->pipeline(function ($x) use ($keys) { foreach ($keys as $k) $x->get($k); }) === array_map(fn($i) => "v$i", range(0, 59));
    } catch (RedisClusterPool\Exception $e) { $right = get_class($e) . ': ' . $e->getMessage(); }
    echo "replica, $first first: ", $right === true ? 'right' : ($right ?: 'wrong'), ", read_auth_fallbacks >= 1: ",
        entry($user)['counters']['read_auth_fallbacks'] >= 1 ? 'yes' : 'no', "\n";
}
$prom = RedisClusterPool::metrics();
echo "metrics: auth_refusals_total of a replica >= 1: ", preg_match('/^redis_cluster_pool_auth_refusals_total\{[^}]*node="' . preg_quote(rcp_replicas()[0], '/') . '"\} [1-9]/m', $prom) ? 'yes' : 'no', "\n";
echo "metrics: the read_auth_fallbacks_total family: ", str_contains($prom, "# TYPE redis_cluster_pool_read_auth_fallbacks_total counter\n") ? 'yes' : 'no', "\n";
echo "no password anywhere: ", str_contains(json_encode(RedisClusterPool::poolStats()) . $prom, $pass) ? 'no' : 'yes', "\n";
foreach (rcp_seeds() as $n) foreach ($users as $u) (new RcpRaw($n))->cmd('ACL', 'DELUSER', $u);
foreach ($keys as $k) $w->del($k);
?>
--EXPECTF--
prefer_replica: GET answered 60/60, MGET right, pipeline right, all answered by the primaries: yes, errors: 0
  after the first read, a refusing replica is marked: yes
  each replica refused, at most once per 2 s (remembered, then skipped): yes
  counted: read_auth_fallbacks pool-wide >= 3, one per replica
replica: GET answered 60/60, MGET right, pipeline right, all answered by the primaries: yes, errors: 0
  after the first read, a refusing replica is marked: yes
  each replica refused, at most once per 2 s (remembered, then skipped): yes
  counted: read_auth_fallbacks pool-wide >= 3, one per replica
any: GET answered 60/60, MGET right, pipeline right, all answered by the primaries: yes, errors: 0
  each replica refused, at most once per 2 s (remembered, then skipped): yes
  counted: read_auth_fallbacks pool-wide >= 3, one per replica
az_affinity: GET answered 60/60, MGET right, pipeline right, all answered by the primaries: yes, errors: 0
  after the first read, a refusing replica is marked: yes
  each replica refused, at most once per 2 s (remembered, then skipped): yes
  counted: read_auth_fallbacks pool-wide %d
az_affinity_replicas_and_primary: GET answered 60/60, MGET right, pipeline right, all answered by the primaries: yes, errors: 0
  after the first read, a refusing replica is marked: yes
  each replica refused, at most once per 2 s (remembered, then skipped): yes
  counted: read_auth_fallbacks pool-wide %d
replica, MGET first: right, read_auth_fallbacks >= 1: yes
replica, pipeline first: right, read_auth_fallbacks >= 1: yes
metrics: auth_refusals_total of a replica >= 1: yes
metrics: the read_auth_fallbacks_total family: yes
no password anywhere: yes
