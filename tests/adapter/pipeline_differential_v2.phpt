--TEST--
Predis adapter pipelines (Predis 2): the command corpus as one Predis pipeline gives, case by case, the same values, Status objects and Error objects in place as Predis' own cluster's pipeline (exceptions off), the same ServerException with exceptions on, and through the adapter the whole corpus as one pipeline gives what it gives command by command
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_adapter_pipeline_differential('2', true);
?>
--EXPECT--
cases Predis' own cluster pipelines: >= 150
outcomes: ok / ok
error replies in place: >= 3
vs Predis' cluster, exceptions off: identical (2 status replies as strings)
exceptions on: the same outcome (Predis\Response\ServerException)
whole corpus through the adapter: ok
pipeline vs command by command: identical
