--TEST--
Sessions under php-fpm without locking: $_SESSION persists across requests and workers; the key is <prefix>{sid} on the primary that owns its slot (read there directly), with session.gc_maxlifetime as TTL, renewed by lazy_write's update_timestamp (EXPIRE) when the data did not change; use_strict_mode refuses unknown ids; the session uses the same slot map and pooled sockets as a RedisClusterPool of the same seeds in that worker
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/session.inc';
require __DIR__ . '/../fpm/fcgi.inc';
$page = __DIR__ . '/www/session.php';

// 1. two workers: what one request wrote, the next (on the other worker) reads
[$dir, $addr] = rcp_fpm_start(2, rcp_session_fpm_ini(['session.gc_maxlifetime' => '777']));
$a = new RcpFcgi($addr);
$b = new RcpFcgi($addr);
$sid = rcp_session_sid('basic');
$w = json_decode($a->get($page, "op=set&k=color&v=blue&sid=$sid"), true);
$r = json_decode($b->get($page, "op=get&sid=$sid"), true);
echo "written then read on another worker: ", $r['session'] === ['color' => 'blue'] && $w['pid'] !== $r['pid'] ? 'yes' : 'no', "\n";
echo "errors: ", count($w['errors']) + count($r['errors']), "\n";

// 2. where it is: on the owner of the slot of PHPREDIS_CLUSTER_SESSION:{sid}, with the TTL
$key = rcp_session_key($sid);
$owner = rcp_session_owner($key);
var_dump($owner->cmd('GET', $key));
$ttl = $owner->cmd('TTL', $key);
echo "TTL is session.gc_maxlifetime (777): ", $ttl > 770 && $ttl <= 777 ? 'yes' : "no ($ttl)", "\n";
echo "no lock key without locking: ", $owner->cmd('EXISTS', rcp_session_key($sid, true)) === 0 ? 'yes' : 'no', "\n";
$elsewhere = 0;
foreach (rcp_primaries() as $p) {
    if ($p !== $owner->addr && !((new RcpRaw($p))->cmd('GET', $key) instanceof RcpRawError)) $elsewhere++;
}
echo "other primaries answer MOVED: ", $elsewhere === 0 ? 'yes' : 'no', "\n";

// 3. lazy_write: an unchanged session is not written again, its TTL is renewed (update_timestamp)
$calls = function (string $cmd) use ($owner): int {
    preg_match('/cmdstat_' . $cmd . ':calls=(\d+)/', $owner->cmd('INFO', 'commandstats'), $m);
    return (int) ($m[1] ?? 0);
};
$owner->cmd('EXPIRE', $key, '100');
[$set0, $expire0] = [$calls('set'), $calls('expire')];
$r = json_decode($a->get($page, "op=get&sid=$sid"), true);
$ttl = $owner->cmd('TTL', $key);
echo "unchanged session read: ", $r['session'] === ['color' => 'blue'] ? 'yes' : 'no', ", TTL renewed: ", $ttl > 770 ? 'yes' : "no ($ttl)",
    ", by ", $calls('expire') - $expire0, " EXPIRE and ", $calls('set') - $set0, " SET\n";
$r = json_decode($a->get($page, "op=set&k=color&v=red&sid=$sid&gc_maxlifetime=60"), true);
$ttl = $owner->cmd('TTL', $key);
echo "a changed session is written with the request's gc_maxlifetime (60): ", $owner->cmd('GET', $key) === 'color|s:3:"red";' && $ttl > 55 && $ttl <= 60 ? 'yes' : 'no', "\n";

// 4. use_strict_mode: an id nobody created is replaced by a new one; a known one is kept
$r = json_decode($a->get($page, "op=get&use_strict_mode=1&sid=" . rcp_session_sid('unknown')), true);
echo "strict mode, unknown id replaced: ", str_starts_with($r['sid'], 'unknown') ? 'no' : 'yes', "\n";
$r = json_decode($a->get($page, "op=get&use_strict_mode=1&sid=$sid"), true);
echo "strict mode, existing id kept: ", $r['sid'] === $sid && $r['session'] === ['color' => 'red'] ? 'yes' : 'no', "\n";
rcp_fpm_stop($dir);

// 5. one worker: sessions and a RedisClusterPool share the slot map and the sockets
[$dir, $addr] = rcp_fpm_start(1, rcp_session_fpm_ini());
$c = new RcpFcgi($addr);
$keys = implode(',', array_map(fn($p) => rcp_key_on($p, 'sesspool'), rcp_primaries()));   // one key per primary
for ($i = 0; $i < 20; $i++) {
    $s = rcp_session_sid("shared$i");                                  // sessions on all primaries
    $c->get($page, "op=set&k=i&v=$i&sid=$s");
}
$last = json_decode($c->get($page, "op=pool&keys=$keys&sid=" . rcp_session_sid('last')), true);
$st = $last['stats'];
echo "CLUSTER SLOTS sent for sessions + pool: ", $st['cluster']['pool']['cluster_slots_sent'], "\n";
echo "connections opened by the worker: ", $st['connections']['opened'] <= 4 ? '<= 4 (one per primary, one for the discovery)' : $st['connections']['opened'], "\n";
echo "pooled connections: ", $st['connections']['pooled'] <= 4 ? '<= 4' : $st['connections']['pooled'], "\n";
echo "the pool's commands reused the sessions' sockets: ", $st['connections']['reused'] >= 3 ? 'yes' : 'no', "\n";
?>
--EXPECT--
written then read on another worker: yes
errors: 0
string(17) "color|s:4:"blue";"
TTL is session.gc_maxlifetime (777): yes
no lock key without locking: yes
other primaries answer MOVED: yes
unchanged session read: yes, TTL renewed: yes, by 1 EXPIRE and 0 SET
a changed session is written with the request's gc_maxlifetime (60): yes
strict mode, unknown id replaced: yes
strict mode, existing id kept: yes
CLUSTER SLOTS sent for sessions + pool: 1
connections opened by the worker: <= 4 (one per primary, one for the discovery)
pooled connections: <= 4
the pool's commands reused the sessions' sockets: yes
