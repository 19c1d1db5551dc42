--TEST--
CLUSTERDOWN (gh21 item 5): while the cluster is down (a shard's primary stopped, its replica not allowed to take over), pipelines, split MGET/MSET/DEL, transactions, rawPipeline and the session handler's lock under php-fpm back off within their deadline and succeed once the cluster is up again, as a single GET does; nothing is applied twice
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../fpm/fcgi.inc';
require __DIR__ . '/../session/session.inc';
// a cluster of its own, quick to mark a node failed (cluster-node-timeout 1 s)
$sh = getenv('RCP_REPO_ROOT') . '/tests/cluster/cluster.sh';
$cdir = sys_get_temp_dir() . '/rcp-clusterdown-' . getmypid();
exec('RCP_NODE_TIMEOUT=1000 bash ' . escapeshellarg($sh) . ' start ' . escapeshellarg($cdir) . ' 2>&1', $o, $rc);
if ($rc !== 0) { echo "cluster did not start:\n", implode("\n", $o), "\n"; exit(1); }
$parent = getmypid();
$stopped = 0;
register_shutdown_function(function () use ($sh, $cdir, $parent, &$stopped) {
    if (getmypid() !== $parent) return;
    if ($stopped) posix_kill($stopped, SIGCONT);
    exec('bash ' . escapeshellarg($sh) . ' stop ' . escapeshellarg($cdir) . ' 2>&1');
});
foreach (file("$cdir/env", FILE_IGNORE_NEW_LINES) as $l) putenv($l);   // for this process and php-fpm's workers

[$victim, $p1, $p2] = rcp_primaries();
// the victim's replica may not take over: the cluster stays down until the victim is back
preg_match('/slave0:ip=([^,]+),port=(\d+)/', rcp_raw($victim)->cmd('INFO', 'replication'), $m);
rcp_raw("$m[1]:$m[2]")->cmd('CONFIG', 'SET', 'cluster-replica-no-failover', 'yes');
// every key lives on a primary that stays up (they answer CLUSTERDOWN while the cluster is down)
$k1 = rcp_key_on($p1, 'cd');
$k2 = rcp_key_on($p2, 'cd');
[$t1, $t2] = ["{{$k1}}", "{{$k2}}"];
do {
    $sid = rcp_session_sid('cd');
} while (rcp_owner_of_slot(RedisClusterPool::keySlot(rcp_session_key($sid))) !== $p1);
rcp_raw($p1)->cmd('SET', $k1, 'one');
rcp_raw($p2)->cmd('SET', $k2, 'two');
rcp_raw($p1)->cmd('SET', "$t1:gone", 'x');
rcp_raw($p2)->cmd('SET', "$t2:gone", 'x');

[$dir, $addr] = rcp_fpm_start(2, rcp_session_fpm_ini(['session.save_path' => rcp_session_path('read_timeout=30')]));
$page = realpath(__DIR__ . '/../session/www/session.php');
$session = fn(string $op) => json_decode((new RcpFcgi($addr))->get($page, "sid=$sid&session_locking_enabled=1&$op"), true);
$s = $session('op=set&k=a&v=before');
echo "before: session started: ", json_encode($s['started']), ", errors: ", json_encode($s['errors']), "\n";
$opts = ['parameters' => ['read_write_timeout' => 30]];
$warm = rcp_pool($opts);
$warm->mget([$k1, $k2]);                              // the slot map, shared with the forked processes below

$ops = [
    'GET (reference)' => fn($p) => $p->get($k1),
    'pipeline' => fn($p) => $p->pipeline(fn($pl) => $pl->set("$t1:p", 'x')->incr("$t1:pn")->get($k2)),
    'MGET (split)' => fn($p) => $p->mget([$k1, $k2]),
    'MSET (split)' => fn($p) => $p->mset(["$t1:m" => 'a', "$t2:m" => 'b']),
    'DEL (split)' => fn($p) => $p->del(["$t1:gone", "$t2:gone"]),
    'transaction' => fn($p) => $p->transaction(fn($tx) => $tx->set("$t1:tx", 'y')->incr("$t1:txn")),
    'rawPipeline' => fn($p) => $p->rawPipeline([['INCR', "$t2:rn"], ['GET', $k1]]),
    'session lock (php-fpm)' => fn($p) => ($s = $session('op=set&k=a&v=during'))['started'] && !$s['errors']
        ? 'started' : 'failed: ' . json_encode($s),
];
$errors = function () use ($p1, $p2): int {
    $n = 0;
    foreach ([$p1, $p2] as $node) {
        preg_match('/errorstat_CLUSTERDOWN:count=(\d+)/', rcp_raw($node)->cmd('INFO', 'errorstats'), $mm);
        $n += (int) ($mm[1] ?? 0);
    }
    return $n;
};

// the cluster down: the victim stopped until the cluster marks it failed
preg_match('/process_id:(\d+)/', rcp_raw($victim)->cmd('INFO', 'server'), $m);
$stopped = (int) $m[1];
posix_kill($stopped, SIGSTOP);
$t0 = microtime(true);
while (!str_contains(rcp_raw($p1)->cmd('CLUSTER', 'INFO'), 'cluster_state:fail') && microtime(true) - $t0 < 30) usleep(50000);
$direct = rcp_raw($p1)->cmd('GET', $k1);
echo "a GET sent directly to a primary that is up: ", $direct instanceof RcpRawError ? $direct->message : json_encode($direct), "\n";
$e0 = $errors();

// each operation in a process of its own, all started while the cluster is down
$files = [];
foreach ($ops as $name => $op) {
    $files[$name] = tempnam(sys_get_temp_dir(), 'cd');
    if (pcntl_fork() === 0) {
        try {
            $r = $op(rcp_pool($opts));
            $out = json_encode(is_array($r) ? array_map(fn($v) => is_object($v) ? (string) $v : $v, $r)
                : (is_object($r) ? (string) $r : $r));
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents($files[$name], $out);
        posix_kill(getmypid(), SIGKILL);              // no shutdown functions: they are the parent's
    }
}
usleep(500000);
$stillDown = str_contains(rcp_raw($p1)->cmd('CLUSTER', 'INFO'), 'cluster_state:fail');
posix_kill($stopped, SIGCONT);
$stopped = 0;
while (pcntl_wait($st) > 0);
echo "the cluster was still down when the primary came back: ", $stillDown ? 'yes' : 'no', "\n";
echo "CLUSTERDOWN answered meanwhile, at least one per operation: ", $errors() - $e0 >= count($ops) ? 'yes' : 'no (' . ($errors() - $e0) . ')', "\n";
foreach ($files as $name => $f) {
    echo "$name: ", file_get_contents($f), "\n";
    unlink($f);
}
echo "applied once: ", json_encode([rcp_raw($p1)->cmd('GET', "$t1:pn"), rcp_raw($p1)->cmd('GET', "$t1:txn"),
    rcp_raw($p2)->cmd('GET', "$t2:rn")]), "\n";
echo "session: ", json_encode($session('op=get')['session']), "\n";
?>
--EXPECT--
before: session started: true, errors: []
a GET sent directly to a primary that is up: CLUSTERDOWN The cluster is down
the cluster was still down when the primary came back: yes
CLUSTERDOWN answered meanwhile, at least one per operation: yes
GET (reference): "one"
pipeline: ["OK",1,"two"]
MGET (split): ["one","two"]
MSET (split): "OK"
DEL (split): 2
transaction: ["OK",1]
rawPipeline: [1,"one"]
session lock (php-fpm): "started"
applied once: ["1","1","1"]
session: {"a":"during"}
