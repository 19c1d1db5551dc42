--TEST--
CLIENT SETINFO lib-name redis_cluster_pool lib-ver X.Y.Z in the setup of every connection opened once the servers are known to have it (all but the discovery's own) (Redis 7.2+, Valkey), so CLIENT LIST shows the library; never sent to a server without it (Redis 7.0); a server that refuses it (ACL) does not fail the connection
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
function setinfo_calls(): int {
    $t = 0;
    foreach (rcp_seeds() as $n) {
        preg_match('/^cmdstat_client\|setinfo:calls=(\d+)/m', (new RcpRaw($n))->cmd('INFO', 'commandstats'), $m);
        $t += (int) ($m[1] ?? 0);
    }
    return $t;
}
function ours(string $node): array {
    $lines = array_filter(explode("\n", (new RcpRaw($node))->cmd('CLIENT', 'LIST')), fn($l) => str_contains($l, 'lib-name=redis_cluster_pool'));
    return array_values(array_map(fn($l) => preg_replace('/.*(lib-name=\S+) (lib-ver=\S+).*/', '$1 $2', $l), $lines));
}
$has = (new RcpRaw(rcp_primaries()[0]))->cmd('COMMAND', 'INFO', 'CLIENT|SETINFO')[0] !== null;
$before = setinfo_calls();
$pool = rcp_pool(['persistent' => false]);   // connections of its own: every one is new
foreach (rcp_primaries() as $i => $p) $pool->set(rcp_key_on($p, "si$i"), 'x');
$opened = $pool->stats()['connections']['opened'];
$sent = setinfo_calls() - $before;
$labels = array_merge(...array_map('ours', rcp_seeds()));
$labelled = count($labels);
if ($has) {
    // the discovery connection was opened before the command table was known; every later one is labelled
    echo "servers have CLIENT SETINFO: SETINFO commands = 2 per connection opened after the discovery: ", $sent === 2 * ($opened - 1) ? 'yes' : "no ($sent for $opened)", "\n";
    echo "labelled connections in CLIENT LIST: all but the discovery's: ", $labelled === $opened - 1 ? 'yes' : "no ($labelled of $opened)", "\n";
    echo "label: ", $labels[0] ?? 'none', "\n";
} else {
    echo "servers have CLIENT SETINFO: SETINFO commands = 2 per connection opened after the discovery: yes\n";
    echo "labelled connections in CLIENT LIST: all but the discovery's: yes\n";
    echo "label: lib-name=redis_cluster_pool lib-ver=", phpversion('redis_cluster_pool'), "\n";
}
echo "sent to servers without it: ", $has ? 0 : $sent + $labelled, "\n";
// an ACL user who may not run CLIENT SETINFO still connects
$user = 'si_' . getmypid();
foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'SETUSER', $user, 'on', '>pw', '~*', '+@all', ...($has ? ['-client|setinfo'] : []));
try {
    $p2 = rcp_pool(['persistent' => false, 'parameters' => ['username' => $user, 'password' => 'pw']]);
    foreach (rcp_primaries() as $i => $p) $p2->set(rcp_key_on($p, "sj$i"), 'y');
    echo "ACL user without +client|setinfo: ", $p2->get(rcp_key_on(rcp_primaries()[2], 'sj2')), "\n";
} finally {
    foreach (rcp_seeds() as $n) (new RcpRaw($n))->cmd('ACL', 'DELUSER', $user);
}
?>
--EXPECTF--
servers have CLIENT SETINFO: SETINFO commands = 2 per connection opened after the discovery: yes
labelled connections in CLIENT LIST: all but the discovery's: yes
label: lib-name=redis_cluster_pool lib-ver=%d.%d.%d
sent to servers without it: 0
ACL user without +client|setinfo: y
