--TEST--
Predis 2.4.1 differential: the same command corpus gives identical results through Predis 2's own cluster connection and through RedisClusterPool, but for the 3 status replies Predis v2 makes Status objects and the extension (Predis v3's shapes) plain strings (documented); the commands Predis 2 has no class for (vector sets among them) are named, not compared
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/differential.inc';
rcp_predis_differential('2', true);
?>
--EXPECT--
corpus >= 200 cases
identical: all compared
of which a status reply that Predis v2 makes a Status and the extension a string: 3
not compared, commands Predis 2 has no class for (the extension runs them): UNLINK, VADD, VCARD, VDIM, VEMB, VGETATTR, VINFO, VRANDMEMBER, VREM, VSETATTR, VSIM, XACK, XGROUP, XPENDING, XREADGROUP
