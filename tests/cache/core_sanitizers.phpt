--TEST--
Cache core built with AddressSanitizer + UndefinedBehaviorSanitizer (gcc): the unit checks, the RESP reader, 1,000,000 keys through 64 MiB and a 6-second SIGKILL storm on a 2 MiB cache run clean (any finding aborts with a report)
--FILE--
<?php
require __DIR__ . '/core.inc';
rcp_cache_harness('asan', 'unit');
rcp_cache_harness('asan', 'resp');
rcp_cache_harness('asan', 'million', '64');
rcp_cache_harness('asan', 'storm', '6', (string) random_int(1, 1 << 30), '2');
?>
--EXPECTF--
ok unit
exit 0
ok resp
exit 0
million: 1000000 keys through 64 MiB (ring %d MiB, index %d entries, %d key sequences): stored 1000000, refused 0, hits afterwards %d (of the last 10000: %d), evictions %d, entries %d, wrong 0
ok million
exit 0
storm: 2 MiB, 6 s, seed %d, 6 readers, 2 writers, 1 flapper: lookups %d, hits %d (checked %d), fills %d, refused by the race %d, torn reads %d, evictions %d, SIGKILLs %d (%d of readers, mid-fill pauses on), link losses %d, node flushes %d, slot moves %d, violations 0
ok storm
exit 0
