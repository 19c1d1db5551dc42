--TEST--
Predis adapter differential (Predis 2.4.1): the command corpus gives identical results (values, types, Status/Error objects, exceptions) through Predis' own cluster connection and through Predis\Client with the extension as its cluster backend; the commands Predis' cluster cannot route run natively through the adapter; the 3 status replies Predis v2 makes Status objects are plain strings (documented)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_adapter_differential('2', true);
?>
--EXPECT--
corpus >= 200 cases
identical: all
of which a status reply that Predis v2 makes a Status and the adapter a string: 3
cases Predis' cluster refuses, run natively by the adapter: >= 10
