--TEST--
Cache listener: a write by another client (redis-cli style, not through the pool) drops every entry of the key (GET, STRLEN) and nothing else, for every kind of write the servers report (SET, DEL, INCR, APPEND, HSET, EXPIRE to the past, RENAME: both keys, MULTI/EXEC, EVAL, a key expiring); a replica reports the writes it replicates; the fill race (a write between a read's ticket and its fill) refuses the fill; an own write drops the key at once
--INI--
redis_cluster_pool.cache_test_hooks=1
redis_cluster_pool.cache_max_lag=10000
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/listener.inc';
use function RedisClusterPool\Internal\{cache_lookup, cache_fill, cache_key_seq, cache_wait_key_seq, cache_invalidate, cache_stats};

$c = 'inv-' . getmypid();
$p = rcp_primaries()[0];
// the primaries only: with a replica's link too, each write would be reported twice, the replica's report up to the
// replication lag later (a fill between the two is refused: the key's sequence is shared by every link)
echo "links up: ", rcp_cache_links($c, rcp_primaries()) ? 'yes' : 'no', "\n";
$raw = rcp_raw($p);
$k = rcp_key_on($p, 'cinv' . getmypid());
$other = rcp_key_on($p, 'cother' . getmypid());

/* $write changes $key (on $p, by another client); true when the key's entries became misses, and only they */
$check = function (string $name, string $key, callable $write, ?string $also = null) use ($c, $p, $other, $raw) {
    rcp_cache_barrier($c, $raw);
    $seq = cache_key_seq($c, $key);
    $alsoSeq = $also === null ? 0 : cache_key_seq($c, $also);
    $fills = rcp_cache_store($c, $p, $key, 'GET', 'old') . rcp_cache_store($c, $p, $key, 'STRLEN', '3')
        . rcp_cache_store($c, $p, $other, 'GET', 'untouched');
    $before = rcp_cache_get($c, $p, $key) === 'old' && rcp_cache_get($c, $p, $key, 'STRLEN') === '3';
    $write();
    $seen = cache_wait_key_seq($c, $key, $seq, 5000) > 0;
    $dropped = rcp_cache_get($c, $p, $key) === null && rcp_cache_get($c, $p, $key, 'STRLEN') === null;
    $kept = rcp_cache_get($c, $p, $other) === 'untouched';
    // (the other key's invalidation waited for too: the two keys' sequences are bumped one after the other, and
    // the server may report them apart)
    $alsoDropped = $also === null || ($seen && cache_wait_key_seq($c, $also, $alsoSeq, 5000) > 0 && rcp_cache_get($c, $p, $also) === null);
    printf("%-28s %s\n", $name, $fills === 'storedstoredstored' && $before && $seen && $dropped && $kept && $alsoDropped
        ? 'entries of the key dropped, the other key kept' : "fills $fills before $before seen $seen dropped $dropped kept $kept also $alsoDropped");
};

$raw->cmd('SET', $k, 'v0');
$check('SET', $k, fn() => $raw->cmd('SET', $k, 'v1'));
$check('DEL', $k, fn() => $raw->cmd('DEL', $k));
$check('INCR', $k, fn() => $raw->cmd('INCR', $k));
$check('APPEND', $k, fn() => $raw->cmd('APPEND', $k, 'x'));
$check('HSET', '{' . $k . '}:h', fn() => $raw->cmd('HSET', '{' . $k . '}:h', 'f', 'v'));
$check('EXPIRE in the past', $k, fn() => $raw->cmd('PEXPIREAT', $k, '1'));
$raw->cmd('SET', $k, 'v2');
$dst = rcp_key_on($p, 'crename' . getmypid());
if (RedisClusterPool::keySlot($dst) === RedisClusterPool::keySlot($k)) {
    $check('RENAME (source)', $k, fn() => $raw->cmd('RENAME', $k, $dst));
} else {
    // RENAME needs one slot: use hash tags
    $a = '{' . $k . '}a';
    $b = '{' . $k . '}b';
    $raw->cmd('SET', $a, '1');
    rcp_cache_put($c, $p, $b, 'GET', 'old b');
    $check('RENAME (source and target)', $a, fn() => $raw->cmd('RENAME', $a, $b), $b);
}
$check('MULTI/EXEC', $k, fn() => $raw->pipe("*1\r\n\$5\r\nMULTI\r\n*3\r\n\$3\r\nSET\r\n\$" . strlen($k) . "\r\n$k\r\n\$1\r\nm\r\n*1\r\n\$4\r\nEXEC\r\n", 3));
$check('EVAL', $k, fn() => $raw->cmd('EVAL', "return redis.call('SET', KEYS[1], 'e')", '1', $k));
// a key expiring: the SET's own report first, then the expiry's (a second later; the GET makes it happen if the
// server's active expiry has not run yet)
rcp_cache_barrier($c, $raw);
$s0 = cache_key_seq($c, $k);
$raw->cmd('SET', $k, 'short', 'PX', '1000');
cache_wait_key_seq($c, $k, $s0, 5000);
$s1 = cache_key_seq($c, $k);
$stored = rcp_cache_store($c, $p, $k, 'GET', 'short');
usleep(1100000);
$raw->cmd('GET', $k);
echo "a key expiring: ", $stored === 'stored' && cache_wait_key_seq($c, $k, $s1, 5000) > 0 && rcp_cache_get($c, $p, $k) === null
    ? 'its entry dropped' : "stored $stored", "\n";

// a replica reports what it replicates: a cluster entry whose only link is the replica's
$cr = 'inv-replica-' . getmypid();
$rep = rcp_replica_of($p);
echo "replica link up: ", rcp_cache_links($cr, [$rep]) ? 'yes' : 'no', "\n";
rcp_cache_barrier($cr, $raw);
$seq = cache_key_seq($cr, $k);
rcp_cache_put($cr, $rep, $k, 'GET', 'replica value');
$raw->cmd('SET', $k, 'written on the primary');
echo "the replica's link reported the primary's write: ", cache_wait_key_seq($cr, $k, $seq, 5000) > 0 && rcp_cache_get($cr, $rep, $k) === null ? 'yes' : 'no', "\n";

// the race: a write lands between the read's ticket and its fill
$slot = RedisClusterPool::keySlot($k);
$races = cache_stats()['counters']['fills_refused_race'];
rcp_cache_barrier($c, $raw);
$r = cache_lookup($c, $p, $k, 'GET', $slot);          // before the read is sent
$value = $raw->cmd('GET', $k);                        // the read
$seq = cache_key_seq($c, $k);
$raw->cmd('SET', $k, 'newer');                        // another client writes before the reply is stored
cache_wait_key_seq($c, $k, $seq, 5000);
echo "fill after an invalidation that followed its ticket: ", cache_fill($c, $p, $k, 'GET', $slot, $r['ticket'], $value), "\n";
echo "nothing stored: ", rcp_cache_get($c, $p, $k) === null ? 'yes' : 'no', "\n";
echo "counted: ", cache_stats()['counters']['fills_refused_race'] - $races, "\n";

// own writes (the exec path calls this after a write's reply)
rcp_cache_put($c, $p, $k, 'GET', 'newer');
echo "cached: ", rcp_cache_get($c, $p, $k), "\n";
cache_invalidate($c, $k);
echo "after an own write: ", rcp_cache_get($c, $p, $k) ?? 'miss', "\n";
$raw->cmd('DEL', $k, '{' . $k . '}:h');
$raw->cmd('DEL', $other);
?>
--EXPECTF--
links up: yes
SET                          entries of the key dropped, the other key kept
DEL                          entries of the key dropped, the other key kept
INCR                         entries of the key dropped, the other key kept
APPEND                       entries of the key dropped, the other key kept
HSET                         entries of the key dropped, the other key kept
EXPIRE in the past           entries of the key dropped, the other key kept
RENAME %s entries of the key dropped, the other key kept
MULTI/EXEC                   entries of the key dropped, the other key kept
EVAL                         entries of the key dropped, the other key kept
a key expiring: its entry dropped
replica link up: yes
the replica's link reported the primary's write: yes
fill after an invalidation that followed its ticket: race
nothing stored: yes
counted: 1
cached: newer
after an own write: miss
