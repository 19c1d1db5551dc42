--TEST--
Cache listener: credentials reach it over its socket, never the segment: an ACL user's link comes up (HELLO 3 AUTH); a wrong password leaves the link "failed" with the server's WRONGPASS and retried only when a worker asks again (not in a loop); a user without +client|tracking leaves it "refused" with the server's NOPERM (the integration's fallback: ttl-only caching if asked for, else none); no password appears in a state, an error or the stats
--INI--
redis_cluster_pool.cache_test_hooks=1
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_link, cache_link_state, cache_stats};

$p = rcp_primaries()[0];
$raw = rcp_raw($p);
$u = 'rcpc' . getmypid();
$pw = 'Secret-' . bin2hex(random_bytes(6));
$raw->cmd('ACL', 'SETUSER', $u, 'on', ">$pw", '~*', '&*', '+@all');
$raw->cmd('ACL', 'SETUSER', "{$u}nt", 'on', ">$pw", '~*', '&*', '+@all', '-client|tracking');
register_shutdown_function(fn() => rcp_raw($p)->cmd('ACL', 'DELUSER', $u, "{$u}nt"));

echo "ACL user: ", rcp_cache_links("auth-$u", [$p], 'up', ['user' => $u, 'pass' => $pw]) ? 'up' : 'not up', "\n";
$name = rcp_cache_listener_clients($p, rcp_cache_listener_pid());
echo "connected as that user: ", count(array_filter($name, fn($l) => str_contains($l, " user=$u "))) === 1 ? 'yes' : 'no', "\n";

$bad = 'Wrong-' . bin2hex(random_bytes(6));
echo "wrong password: ", rcp_cache_links("bad-$u", [$p], 'failed', ['user' => $u, 'pass' => $bad]) ? 'failed' : 'not failed', "\n";
$s = cache_link_state("bad-$u", $p);
echo "its error: ", preg_replace('/WRONGPASS.*/', 'WRONGPASS...', $s['last_error']), "\n";
usleep(500000);
$s2 = cache_link_state("bad-$u", $p);
echo "not retried in a loop: ", $s2['generation'] === $s['generation'] && $s2['state'] === 'failed' ? 'yes' : 'no', "\n";
echo "a worker's request within 30 s is not sent: ", cache_link("bad-$u", $p, ['user' => $u, 'pass' => $bad, 'force' => false]) ? 'sent' : 'not sent', "\n";

echo "no tracking permission: ", rcp_cache_links("nt-$u", [$p], 'refused', ['user' => "{$u}nt", 'pass' => $pw]) ? 'refused' : 'not refused', "\n";
echo "its error: ", cache_link_state("nt-$u", $p)['last_error'], "\n";

$all = json_encode([cache_stats(), cache_link_state("auth-$u", $p), $s, cache_link_state("nt-$u", $p)]);
echo "a password in the stats or states: ", str_contains($all, $pw) || str_contains($all, $bad) ? 'yes' : 'no', "\n";
?>
--EXPECTF--
ACL user: up
connected as that user: yes
wrong password: failed
its error: HELLO 3 refused: WRONGPASS...
not retried in a loop: yes
a worker's request within 30 s is not sent: not sent
no tracking permission: refused
its error: CLIENT TRACKING on BCAST refused: NOPERM %s
a password in the stats or states: no
