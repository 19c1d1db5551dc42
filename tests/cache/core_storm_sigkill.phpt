--TEST--
Cache core under a storm: 6 reader and 2 writer processes and one playing the listener (lost links, moved slots, node flushes) hammer one cache while a killer SIGKILLs a random one every 5-25 ms, also in the middle of fills (pauses between every two steps of a fill); versioned values: no hit ever returned a value older than the latest write whose invalidation completed before the lookup, nor torn bytes; afterwards a fresh process fills and hits (nothing wedged). Twice: an 8 MiB cache, and a 2 MiB one whose ring wraps every few milliseconds (torn reads detected, served as misses)
--FILE--
<?php
require __DIR__ . '/core.inc';
rcp_cache_harness('plain', 'storm', '10', (string) random_int(1, 1 << 30), '8');
rcp_cache_harness('plain', 'storm', '10', (string) random_int(1, 1 << 30), '2');
?>
--EXPECTF--
storm: 8 MiB, 10 s, seed %d, 6 readers, 2 writers, 1 flapper: lookups %d, hits %d (checked %d), fills %d, refused by the race %d, torn reads %d, evictions %d, SIGKILLs %d (%d of readers, mid-fill pauses on), link losses %d, node flushes %d, slot moves %d, violations 0
ok storm
exit 0
storm: 2 MiB, 10 s, seed %d, 6 readers, 2 writers, 1 flapper: lookups %d, hits %d (checked %d), fills %d, refused by the race %d, torn reads %d, evictions %d, SIGKILLs %d (%d of readers, mid-fill pauses on), link losses %d, node flushes %d, slot moves %d, violations 0
ok storm
exit 0
