--TEST--
Pub/sub: a shard channel follows its slot when it moves (CLUSTER SETSLOT ... MIGRATING/IMPORTING, then NODE on every primary, as tests/cluster.inc's rcp_move_slot does) while a publisher process keeps publishing: the old owner's SUNSUBSCRIBE makes the consumer subscribe again where the slot is now (MOVED followed), and every message a subscriber got (SPUBLISH answered 1) arrives, once, in order; messages published on the new owner before the re-subscription reached it (SPUBLISH answered 0: nobody subscribed there yet) are the window's loss, counted; a shard channel whose slot did not move loses nothing
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
pcntl_alarm(240);

[$a, $b] = rcp_primaries();
$ch = rcp_key_on($a, 'mv:ch');        // its slot moves from $a to $b
$ctl = rcp_key_on($b, 'mv:ctl');      // its slot stays
$slot = RedisClusterPool::keySlot($ch);
$results = sys_get_temp_dir() . '/rcp-slot-moves-' . getmypid() . '.json';

$pool = rcp_pool();
$loop = $pool->pubSubLoop(['ssubscribe' => [$ch, $ctl], 'subscribe' => 'mv:done', 'timeout' => 30]);
echo "before: on the slot's owner: ", json_encode($loop->subscriptions()['shard_channels'][$ch] === $a), "\n";

[$toMover, $fromPublisher] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
[$toPublisher, $fromMover] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
$publisher = pcntl_fork();
if ($publisher === 0) {
    // publishes until the move is over, then 500 more; tells the mover when 500 went out
    $p = rcp_pool();
    stream_set_blocking($toPublisher, false);
    $answers = [];
    $moved = false;
    $after = 0;
    for ($i = 1; !$moved || $after < 500; $i++) {
        $answers[$i] = $p->spublish($ch, (string) $i);
        $p->spublish($ctl, (string) $i);
        if ($i === 500) fwrite($fromPublisher, 'go');
        if (!$moved && fread($toPublisher, 5) === 'moved') $moved = true;
        if ($moved) $after++;
        usleep(100);
    }
    file_put_contents($results, json_encode($answers));
    $p->publish('mv:done', (string) count($answers));
    exit(0);
}
$mover = pcntl_fork();
if ($mover === 0) {
    fread($toMover, 2);
    rcp_move_slot($slot, $b);
    fwrite($fromMover, 'moved');
    exit(0);
}

$got = [$ch => [], $ctl => []];
$total = null;
foreach ($loop as $m) {
    if ($m->kind === 'timeout') {
        echo "timed out\n";
        break;
    }
    if ($m->kind === 'smessage') $got[$m->channel][] = (int) $m->payload;
    if ($m->kind === 'message') $total = (int) $m->payload;
    if ($total !== null) {
        $answers = json_decode(file_get_contents($results), true);
        $delivered = array_keys(array_filter($answers, fn ($r) => $r === 1));
        if (count($got[$ctl]) >= $total && count($got[$ch]) >= count($delivered)) break;
    }
}
pcntl_waitpid($publisher, $s1);
pcntl_waitpid($mover, $s2);
@unlink($results);
$lost = array_keys(array_filter($answers, fn ($r) => $r === 0));
$subs = $loop->subscriptions();
echo "the slot is now on the other primary: ", json_encode(rcp_owner_of_slot($slot) === $b), "\n";
echo "re-subscribed there: ", json_encode($subs['shard_channels'][$ch] === $b), ", resubscribed: {$subs['resubscribed']}, ",
    "SHARDNUMSUB on the new owner: ", rcp_raw($b)->cmd('PUBSUB', 'SHARDNUMSUB', $ch)[1], ", on the old one: ",
    rcp_raw($a)->cmd('PUBSUB', 'SHARDNUMSUB', $ch)[1], "\n";
echo "published on the moving channel: more than 1000: ", json_encode($total > 1000), "; SPUBLISH answered 1 or 0 only: ",
    json_encode(count($delivered) + count($lost) === $total), "\n";
echo "every message a subscriber got arrived, once each, in order: ", json_encode($got[$ch] === $delivered), "\n";
echo "none of those nobody got (answered 0) arrived: ", json_encode(!array_intersect($lost, $got[$ch])), "\n";
echo "the messages before and after the move both arrived: ", json_encode(in_array(1, $got[$ch], true) && in_array($total, $got[$ch], true)), "\n";
echo "lost in the window (published on the new owner before the re-subscription reached it): ", count($lost), "\n";
echo "the channel whose slot did not move: ", count($got[$ctl]), " of $total, in order: ", json_encode($got[$ctl] === range(1, $total)), "\n";
$pool->spublish($ch, 'after');
foreach ($loop as $m) {
    echo "a message published now: ", json_encode($m), "\n";
    break;
}
rcp_move_slot($slot, $a);   // as it was
?>
--EXPECTF--
before: on the slot's owner: true
the slot is now on the other primary: true
re-subscribed there: true, resubscribed: 1, SHARDNUMSUB on the new owner: 1, on the old one: 0
published on the moving channel: more than 1000: true; SPUBLISH answered 1 or 0 only: true
every message a subscriber got arrived, once each, in order: true
none of those nobody got (answered 0) arrived: true
the messages before and after the move both arrived: true
lost in the window (published on the new owner before the re-subscription reached it): %d
the channel whose slot did not move: %d of %d, in order: true
a message published now: {"kind":"smessage","channel":"mv:ch:%d","payload":"after"}
