--TEST--
Cache core (src/core/cache.c, no PHP): hits, every kind of invalidation (server push, own write, slot move, lost link, null flush, FLUSHALL through the pool) drops every entry of the key or node, the fill race refused, the bound (served while now < confirmation + cache_max_lag, not one nanosecond more), ttl, untracked entries, the size cap, stats; the listener's RESP reader on every frame shape, every cut and random bytes
--FILE--
<?php
require __DIR__ . '/core.inc';
rcp_cache_harness('plain', 'unit');
rcp_cache_harness('plain', 'resp');
?>
--EXPECT--
ok unit
exit 0
ok resp
exit 0
