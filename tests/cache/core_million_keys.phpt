--TEST--
Cache core: 1,000,000 keys through a 64 MiB cache: every fill stored (a full cache evicts, it never refuses), the ring wraps (evictions), the most recent keys hit with their exact bytes, no value is ever wrong
--FILE--
<?php
require __DIR__ . '/core.inc';
rcp_cache_harness('plain', 'million', '64');
?>
--EXPECTF--
million: 1000000 keys through 64 MiB (ring %d MiB, index %d entries, %d key sequences): stored 1000000, refused 0, hits afterwards %d (of the last 10000: %d), evictions %d, entries %d, wrong 0
ok million
exit 0
