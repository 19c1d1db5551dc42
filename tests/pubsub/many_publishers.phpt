--TEST--
Pub/sub: one subscriber, three publisher processes (one per primary): 10,008 messages over 12 channels — on every primary a channel (SUBSCRIBE) and a channel matched by a pattern (PSUBSCRIBE), published through that primary, and two shard channels of its slots (SSUBSCRIBE, SPUBLISH) — all arrive, once each, in order per channel; the consumer inherited by the publishers (they fork after it subscribed) is closed in them without disturbing the parent's
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
pcntl_alarm(240);   // a lost message must fail the test, not hang it

const PER_CHANNEL = 834;
$primaries = rcp_primaries();
$plan = [];   // primary => [[kind, channel], ...]
foreach ($primaries as $i => $node) {
    $plan[$node] = [['publish', "mp:c$i"], ['publish', "mp:pat$i"],
        ['spublish', rcp_key_on($node, "mp:s{$i}a")], ['spublish', rcp_key_on($node, "mp:s{$i}b")]];
}
$pool = rcp_pool();
$channels = $shards = [];
foreach ($plan as $chs) {
    foreach ($chs as [$how, $ch]) {
        if ($how === 'spublish') $shards[] = $ch; elseif (!str_contains($ch, 'pat')) $channels[] = $ch;
    }
}
$loop = $pool->pubSubLoop(['subscribe' => $channels, 'psubscribe' => 'mp:pat*', 'ssubscribe' => $shards, 'timeout' => 30]);
echo "subscribed: ", count($loop->subscriptions()['channels']), " channels, ", count($loop->subscriptions()['patterns']),
    " pattern, ", count($loop->subscriptions()['shard_channels']), " shard channels\n";

$pids = [];
foreach ($plan as $node => $chs) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        // a publisher: its own pool; channels through this primary (PUBLISH in order on one connection), shard
        // channels routed by slot
        $p = rcp_pool();
        for ($seq = 1; $seq <= PER_CHANNEL; $seq++) {
            $batch = [];
            foreach ($chs as [$how, $ch]) {
                if ($how === 'publish') $batch[] = ['PUBLISH', $ch, "$ch#$seq"];
                else $p->spublish($ch, "$ch#$seq");
            }
            $p->rawOnNodes([$node => $batch]);
        }
        exit(0);
    }
    $pids[] = $pid;
}

$expected = 3 * 4 * PER_CHANNEL;
$got = [];        // channel => last seq
$bad = 0;
$kinds = [];
$n = 0;
foreach ($loop as $m) {
    if ($m->kind === 'timeout') {
        echo "timed out after $n messages\n";
        break;
    }
    if (!in_array($m->kind, ['message', 'pmessage', 'smessage'], true)) continue;
    [$ch, $seq] = explode('#', $m->payload, 2) + [1 => null];
    if ($ch !== $m->channel || (int) $seq !== ($got[$ch] ?? 0) + 1) $bad++;
    $got[$ch] = (int) $seq;
    $kinds[$m->kind] = ($kinds[$m->kind] ?? 0) + 1;
    if (++$n === $expected) break;
}
foreach ($pids as $pid) {
    pcntl_waitpid($pid, $status);
    if (!pcntl_wifexited($status) || pcntl_wexitstatus($status) !== 0) echo "publisher failed\n";
}
ksort($kinds);
echo "$n messages of $expected; out of order or misplaced: $bad; every channel complete: ",
    json_encode(count($got) === 12 && array_unique($got) === [array_key_first($got) => PER_CHANNEL]), "\n";
echo "by kind: ", json_encode($kinds), "\n";
$loop->stop();
$last = null;
foreach ($loop as $m) $last = $m;
echo "stopped: the last frame ", $last->kind, " ", $last->payload, "\n";
?>
--EXPECT--
subscribed: 3 channels, 1 pattern, 6 shard channels
10008 messages of 10008; out of order or misplaced: 0; every channel complete: true
by kind: {"message":2502,"pmessage":2502,"smessage":5004}
stopped: the last frame sunsubscribe 0
