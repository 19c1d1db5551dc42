--TEST--
Pub/sub: RedisClusterPool::pubSubLoop() gives a consumer in Predis' shape: subscribe/psubscribe/ssubscribe confirmed before they return, frames as objects (kind, channel, payload; pmessage with its pattern; pong), the count of subscriptions held as the confirmations' payload, positions as keys; channels and patterns on one primary, each shard channel on its slot's primary; SPUBLISH goes straight to the slot's owner (no MOVED); unsubscribe() of some, then stop(): the iteration yields the unsubscribe frames and ends after the one that brings the count to 0; the "prefix" option applies to every name (channels, patterns, shard channels: as Predis' prefix processor, and as PUBLISH's and SPUBLISH's channel get it) and is taken off the names of frames and subscriptions(); the consumer's connections are its own (not pooled), closed when its loop ended or it goes away
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';

/** The next frame of $loop, as JSON (the iteration moved on). */
function frame(RedisClusterPool\PubSubConsumer $loop): string
{
    if (!$loop->valid()) return 'none';
    $k = $loop->key();
    $m = $loop->current();
    $loop->next();
    return "#$k " . json_encode($m);
}

/** Subscribers of $what over every node (PUBSUB is per node). */
function numsub(string $what, string $name): int
{
    $n = 0;
    foreach (rcp_seeds() as $node) {
        $r = rcp_raw($node)->cmd('PUBSUB', $what, ...($name === '' ? [] : [$name]));
        $n += is_array($r) ? (int) $r[1] : (int) $r;
    }
    return $n;
}

$pool = rcp_pool();
$primaries = rcp_primaries();
$shard = [];
foreach ($primaries as $i => $node) $shard[] = rcp_key_on($node, "basics:sh$i");
$loop = $pool->pubSubLoop(['subscribe' => ['basics:a', 'basics:b'], 'ssubscribe' => $shard, 'psubscribe' => 'basics:p.*']);
echo get_class($loop), ", its client the pool: ", json_encode($loop->getClient() === $pool), "\n";

// confirmed on the server when the subscribe calls returned
echo "on the server: channels ", numsub('NUMSUB', 'basics:a') + numsub('NUMSUB', 'basics:b'), ", patterns ",
    numsub('NUMPAT', ''), ", shard channels ", array_sum(array_map(fn ($c) => numsub('SHARDNUMSUB', $c), $shard)), "\n";
$subs = $loop->subscriptions();
$main = $subs['channels']['basics:a'];
echo "channels and the pattern on one primary: ", json_encode(in_array($main, $primaries, true) &&
    $subs['channels']['basics:b'] === $main && $subs['patterns']['basics:p.*'] === $main), "\n";
foreach ($shard as $i => $ch) {
    echo "shard channel $i on its slot's primary: ", json_encode($subs['shard_channels'][$ch] === $pool->nodeForKey($ch)
        && $subs['shard_channels'][$ch] === $primaries[$i]), "\n";
}
echo "resubscribed ", $subs['resubscribed'], ", moved ", $subs['moved'], "\n";

// the confirmations, in the order they came: six, counting up
$confirm = [];
for ($i = 0; $i < 6; $i++) {
    $m = $loop->current();
    $confirm[] = [$loop->key(), $m->kind, $m->channel, $m->payload];
    $loop->next();
}
echo "confirmation counts: ", implode(',', array_column($confirm, 3)), "; positions: ", implode(',', array_column($confirm, 0)), "\n";
$seen = array_map(fn ($c) => "$c[1] $c[2]", $confirm);
sort($seen);
echo "confirmed: ", implode(', ', $seen), "\n";

$moved = $pool->stats()['cluster']['moved'];
$pool->publish('basics:a', 'to a');
$pool->publish('basics:p.x', 'to p.x');
foreach ($shard as $i => $ch) echo "spublish $i: ", $pool->spublish($ch, "to shard $i"), " receiver\n";
echo "MOVED on the way: ", $pool->stats()['cluster']['moved'] - $moved, "\n";
$msgs = [];
for ($i = 0; $i < 5; $i++) $msgs[] = preg_replace('/^#\d+ /', '', frame($loop));
sort($msgs);
echo implode("\n", $msgs), "\n";

$loop->ping('hello');
echo frame($loop), "\n";
$loop->unsubscribe('basics:b', 'basics:not-subscribed');
echo frame($loop), "\n", frame($loop), "\n";
$nodes = array_unique(array_merge(...array_values(array_map('array_values', array_slice($loop->subscriptions(), 0, 3)))));
$open = fn () => array_sum(array_map(fn ($n) => RedisClusterPool::poolStats()['nodes'][$n]['connections_open'] ?? 0, rcp_seeds()));
$before = $open();
var_dump($loop->stop());
$rest = [];
while ($loop->valid()) {
    $m = $loop->current();
    $rest[] = "$m->kind $m->channel $m->payload";
    $loop->next();
}
echo "after stop(): ", count($rest), " frames, the last: ", preg_replace('/ \S+ /', ' ... ', end($rest)), ", counts down to 0: ",
    json_encode(array_map(fn ($r) => (int) substr($r, strrpos($r, ' ') + 1), $rest) === [4, 3, 2, 1, 0]), "\n";
var_dump($loop->valid(), $loop->current(), $loop->stop());
echo "on the server: ", numsub('NUMSUB', 'basics:a') + numsub('NUMPAT', ''), "\n";
echo "its connections closed when the loop ended: ", $before - $open() === count($nodes) ? 'yes' : 'no', " (", count($nodes), " nodes)\n";

// the prefix: every name gets it (as Predis' prefix processor gives it to SUBSCRIBE and PSUBSCRIBE, and to PUBLISH's
// and SPUBLISH's channel), and frames and subscriptions() give the names without it; a timeout so that a message
// that never comes fails the test at once instead of hanging it
$pp = rcp_pool(['prefix' => 'pfx:']);
$pp->ping();
$pooled = $pp->stats()['connections'];
$loop = $pp->pubSubLoop(['subscribe' => 'basics:plain', 'ssubscribe' => 'basics:sharded', 'psubscribe' => 'basics:pat.*', 'timeout' => 5]);
$after = $pp->stats()['connections'];
echo "the pool opened no connection for it: ", json_encode($after['pooled'] === $pooled['pooled'] && $after['opened'] === $pooled['opened']), "\n";
$owner = $pp->nodeForKey('basics:sharded');
echo "shard channel on the server: ", json_encode(rcp_raw($owner)->cmd('PUBSUB', 'SHARDCHANNELS', '*basics:sharded')), "\n";
echo "channel and pattern on the server: ", json_encode([numsub('NUMSUB', 'pfx:basics:plain'), numsub('NUMPAT', '')]), "\n";
echo "subscriptions: ", json_encode(array_map('array_keys', array_slice($loop->subscriptions(), 0, 3))), "\n";
$pp->publish('basics:plain', 'p');
$pp->spublish('basics:sharded', 's');
$pp->publish('basics:pat.1', 'q');
$got = [];
for ($i = 0; $i < 6; $i++) $got[] = preg_replace('/^#\d+ /', '', frame($loop));
sort($got);
echo implode("\n", $got), "\n";

// its connections are its own, closed when it goes away
unset($loop);
$deadline = microtime(true) + 10;
$held = fn() => numsub('SHARDNUMSUB', 'pfx:basics:sharded') + numsub('NUMSUB', 'pfx:basics:plain') + numsub('NUMPAT', '');
while ($held() > 0 && microtime(true) < $deadline) usleep(20000);
echo "gone from the server once the consumer is: ", json_encode($held() === 0), "\n";
?>
--EXPECT--
RedisClusterPool\PubSubConsumer, its client the pool: true
on the server: channels 2, patterns 1, shard channels 3
channels and the pattern on one primary: true
shard channel 0 on its slot's primary: true
shard channel 1 on its slot's primary: true
shard channel 2 on its slot's primary: true
resubscribed 0, moved 0
confirmation counts: 1,2,3,4,5,6; positions: 0,1,2,3,4,5
confirmed: psubscribe basics:p.*, ssubscribe basics:sh0:0, ssubscribe basics:sh1:0, ssubscribe basics:sh2:0, subscribe basics:a, subscribe basics:b
spublish 0: 1 receiver
spublish 1: 1 receiver
spublish 2: 1 receiver
MOVED on the way: 0
{"kind":"message","channel":"basics:a","payload":"to a"}
{"kind":"pmessage","pattern":"basics:p.*","channel":"basics:p.x","payload":"to p.x"}
{"kind":"smessage","channel":"basics:sh0:0","payload":"to shard 0"}
{"kind":"smessage","channel":"basics:sh1:0","payload":"to shard 1"}
{"kind":"smessage","channel":"basics:sh2:0","payload":"to shard 2"}
#11 {"kind":"pong","payload":"hello"}
#12 {"kind":"unsubscribe","channel":"basics:b","payload":5}
#13 {"kind":"unsubscribe","channel":"basics:not-subscribed","payload":5}
bool(true)
after stop(): 5 frames, the last: sunsubscribe ... 0, counts down to 0: true
bool(false)
NULL
bool(false)
on the server: 0
its connections closed when the loop ended: yes (3 nodes)
the pool opened no connection for it: true
shard channel on the server: ["pfx:basics:sharded"]
channel and pattern on the server: [1,1]
subscriptions: {"channels":["basics:plain"],"patterns":["basics:pat.*"],"shard_channels":["basics:sharded"]}
{"kind":"message","channel":"basics:plain","payload":"p"}
{"kind":"pmessage","pattern":"basics:pat.*","channel":"basics:pat.1","payload":"q"}
{"kind":"psubscribe","channel":"basics:pat.*","payload":3}
{"kind":"smessage","channel":"basics:sharded","payload":"s"}
{"kind":"ssubscribe","channel":"basics:sharded","payload":2}
{"kind":"subscribe","channel":"basics:plain","payload":1}
gone from the server once the consumer is: true
