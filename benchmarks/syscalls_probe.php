<?php
/*
 * Run under strace by `bash benchmarks/run.sh syscalls`: a warm pool sends one 100-command pipeline and one
 * MGET-10 over the 3 primaries, between marker writes to /dev/null, so the system calls of each can be read
 * off: one write per node touched, all of them before the first read. Then two GETs of this extension and two
 * of phpredis' RedisCluster (persistent, cache_slots) on the same key, for the system calls of one GET side
 * by side (issue 14's p99 of GET).
 */
require __DIR__ . '/lib.inc';
$p = new RedisClusterPool(rcp_seeds());
$keys = spread_keys($p, 50, 'sys');
foreach ($keys as $k) $p->get($k);   // every connection open
ini_set('redis.clusters.cache_slots', '1');
$c = new RedisCluster(null, rcp_seeds(), 1.5, 1.5, true);
$c->get($keys[0]);
$mark = fn($s) => file_put_contents('/dev/null', $s);
$mark('PIPELINE-100');
$p->pipeline(function ($x) use ($keys) { foreach ($keys as $k) { $x->set($k, 'x'); $x->get($k); } });
$mark('MGET-10');
$p->mget(array_slice($keys, 0, 10));
$mark('GET');
$p->get($keys[0]);
$p->get($keys[0]);
$mark('PHPREDIS-GET');
$c->get($keys[0]);
$c->get($keys[0]);
$mark('END');
