--TEST--
Predis adapter: executeCommandOnEachNode(), a Predis pipeline and a cross-slot MGET reach all nodes in one parallel round trip (three fake nodes that each take 400 ms to answer: each call takes about 400 ms, not 1.2 s)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/adapter.inc';
rcp_predis_autoload('3.7', true);
const DELAY_US = 400000;

/**
 * A fake cluster: three slow nodes (each answers the first command of a connection with $reply after
 * DELAY_US) owning a third of the slots each, and a seed node that only answers CLUSTER SLOTS.
 * Returns [client, pids, one key per slow node].
 */
function rcp_slow_cluster(string $reply): array
{
    $pids = $nodes = [];
    foreach ([0, 1, 2] as $i) {
        [$pids[], $nodes[$i]] = rcp_fake_server(function ($n) use ($reply) { usleep(DELAY_US); return $reply; });
    }
    $ranges = [[0, 5460], [5461, 10922], [10923, 16383]];
    $slots = [];
    foreach ($ranges as $i => [$from, $to]) {
        [$h, $p] = explode(':', $nodes[$i]);
        $slots[] = [$from, $to, [$h, (int) $p, "node$i"]];
    }
    [$pids[], $seed] = rcp_fake_server(fn ($n) => rcp_resp_encode($slots));
    $keys = [];
    foreach ($ranges as $i => [$from, $to]) {
        for ($k = 0; ; $k++) {
            $s = RedisClusterPool::keySlot("key$k");
            if ($s >= $from && $s <= $to) { $keys[$i] = "key$k"; break; }
        }
    }
    $client = rcp_adapter_client(['parameters' => ['read_write_timeout' => 5]], [$seed]);
    $client->getConnection()->connect();     // discovery (the seed), before the clock starts
    return [$client, $pids, $keys];
}

function rcp_timed(string $what, callable $f): void
{
    $t = hrtime(true);
    $r = $f();
    $ms = (hrtime(true) - $t) / 1e6;
    printf("%s: %s, %s\n", $what, json_encode(rcp_predis_norm($r, true)),
        $ms >= DELAY_US / 1000 && $ms < 1.5 * DELAY_US / 1000 ? 'one parallel round trip' : "took $ms ms");
}

$all = [];
[$c, $pids, $keys] = rcp_slow_cluster("+PONG\r\n");
$all = array_merge($all, $pids);
rcp_timed('executeCommandOnEachNode(PING)', fn () => $c->getConnection()->executeCommandOnEachNode($c->createCommand('ping')));

[$c, $pids, $keys] = rcp_slow_cluster("\$1\r\nv\r\n");
$all = array_merge($all, $pids);
rcp_timed('pipeline of 3 GET on 3 nodes', fn () => $c->pipeline(function ($p) use ($keys) { foreach ($keys as $k) $p->get($k); }));

[$c, $pids, $keys] = rcp_slow_cluster("*1\r\n\$1\r\nv\r\n");
$all = array_merge($all, $pids);
rcp_timed('MGET of 3 keys on 3 nodes', fn () => $c->mget($keys));

foreach ($all as $pid) { posix_kill($pid, SIGKILL); pcntl_waitpid($pid, $st); }
?>
--EXPECT--
executeCommandOnEachNode(PING): ["Predis\\Response\\Status:PONG","Predis\\Response\\Status:PONG","Predis\\Response\\Status:PONG"], one parallel round trip
pipeline of 3 GET on 3 nodes: ["v","v","v"], one parallel round trip
MGET of 3 keys on 3 nodes: ["v","v","v"], one parallel round trip
