--TEST--
Predis adapter differential (Predis 3.7): the command corpus gives identical results (values, types, Status/Error objects, exceptions) through Predis' own cluster connection and through Predis\Client with the extension as its cluster backend; the commands Predis' cluster cannot route run natively through the adapter
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_adapter_differential('3.7');
?>
--EXPECT--
corpus >= 200 cases
identical: all
cases Predis' cluster refuses, run natively by the adapter: >= 10
