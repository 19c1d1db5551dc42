--TEST--
Shared map: a process SIGKILLed while holding the refresh lease (stuck in CLUSTER SLOTS) is taken over; no deadlock, the map gets published
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$slots = (new RcpRaw(rcp_primaries()[0]))->cmd('CLUSTER', 'SLOTS');
// a fake seed: the first connection never gets an answer, the next ones get the real CLUSTER SLOTS
[$fake, $addr] = rcp_fake_server(fn(int $n) => $n === 0 ? null : rcp_resp_encode($slots));
$opts = ['parameters' => ['timeout' => 2, 'read_write_timeout' => 3]];
$holder = pcntl_fork();
if ($holder === 0) {
    $p = new RedisClusterPool([$addr], $opts);
    $p->get('x');          // takes the lease, then waits for a reply that never comes
    exit(0);
}
usleep(300000);
$p = new RedisClusterPool([$addr], $opts);
echo "lease held by the child: ", $p->stats()['cluster']['pool']['lease_holder'] === $holder ? 'yes' : 'no', "\n";
posix_kill($holder, SIGKILL);
pcntl_waitpid($holder, $st);
$t = microtime(true);
$p->set('lease:k', 'v');                      // takes the dead holder's lease over and discovers
var_dump($p->get('lease:k'));
$s = $p->stats()['cluster'];
echo "takeovers: {$s['pool']['lease_takeovers']}, refreshes: {$s['pool']['refreshes']}, holder now: {$s['pool']['lease_holder']}\n";
echo "no wait for the dead holder's deadline: ", microtime(true) - $t < 2.5 ? 'yes' : 'no', "\n";
$p->del('lease:k');
posix_kill($fake, SIGKILL);
pcntl_waitpid($fake, $st);
?>
--EXPECT--
lease held by the child: yes
string(1) "v"
takeovers: 1, refreshes: 1, holder now: 0
no wait for the dead holder's deadline: yes
