<?php
// Peak request memory of one MGET of N keys spread over every slot (gh11 item 3: per-node, not per-slot,
// bookkeeping). Needs a cluster (tests/cluster/cluster.sh start DIR; source DIR/env):
//   php -d extension=modules/redis_cluster_pool.so -d memory_limit=-1 benchmarks/mget_memory.php [N]
$n = (int) ($argv[1] ?? 100000);
$p = new RedisClusterPool(explode(',', getenv('RCP_TEST_SEEDS')));
$mset = [];
for ($i = 0; $i < $n; $i++) $mset["mem:k:$i"] = "v$i";
foreach (array_chunk($mset, 10000, true) as $c) $p->mset($c);
unset($mset, $c);
$keys = [];
for ($i = 0; $i < $n; $i++) $keys[] = "mem:k:$i";
$base = memory_get_usage();
memory_reset_peak_usage();
$v = $p->mget($keys);
printf("MGET of %d keys: peak %.1f MiB above the key list, result %.1f MiB\n", $n,
    (memory_get_peak_usage() - $base) / 1048576, (memory_get_usage() - $base) / 1048576);
foreach (array_chunk($keys, 10000) as $c) $p->del($c);
