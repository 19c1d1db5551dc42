--TEST--
Laravel connector, Redis::subscribe() and Redis::psubscribe() through the extension's pubSubLoop(): a publisher in another process sends 300 messages over 3 channels (PUBLISH through RedisClusterPool, which may reach the subscriber's node through different nodes: no order across them); the subscriber's callback gets every one once, with its channel (each phase's messages are tagged: a PUBLISH of the first phase may still be on its way, through the cluster bus, to the node of the second phase's subscriber)
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/laravel.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Redis;

final class RcpStop extends Exception {}

/** Subscribers of $what ('NUMSUB' of $channel, or 'NUMPAT') over every node (non-sharded pub/sub is per node). */
function rcp_subscribers(string $what, string $channel = ''): int
{
    $n = 0;
    foreach (rcp_seeds() as $node) {
        $r = $what === 'NUMPAT' ? rcp_raw($node)->cmd('PUBSUB', 'NUMPAT') : rcp_raw($node)->cmd('PUBSUB', 'NUMSUB', $channel)[1];
        $n += (int) $r;
    }
    return $n;
}

/** A child process that waits for the subscriber, then publishes 100 messages on each channel. */
function rcp_publisher(array $channels, string $what): int
{
    $pid = pcntl_fork();
    if ($pid === 0) {
        $deadline = microtime(true) + 20;
        while (rcp_subscribers($what, $channels[0]) < 1 && microtime(true) < $deadline) usleep(20000);
        $pool = rcp_pool();
        for ($i = 1; $i <= 100; $i++) {
            foreach ($channels as $ch) $pool->publish($ch, "$what|$ch:$i");
        }
        exit(0);
    }
    return $pid;
}

pcntl_alarm(60);   // a lost message must fail the test, not hang it
rcp_laravel_app('connector', ['options' => ['prefix' => '']]);   // channel names as given, whatever the prefix does to them
$channels = ['news', 'sport', 'weather'];
foreach (['subscribe' => [$channels, 'NUMSUB'], 'psubscribe' => [['n*', 's*', 'w*'], 'NUMPAT']] as $method => [$subscribeTo, $what]) {
    $pid = rcp_publisher($channels, $what);
    $got = [];
    $n = 0;
    try {
        Redis::$method($subscribeTo, function ($payload, $channel) use (&$got, &$n, $what) {
            [$phase, $payload] = explode('|', $payload, 2);
            if ($phase !== $what) return;   // the first phase's, still on its way to this node through the cluster bus
            $got[$channel][] = $payload;
            if (++$n === 300) throw new RcpStop();   // Laravel's subscribe() returns only when the callback throws
        });
    } catch (RcpStop) {
    }
    pcntl_waitpid($pid, $status);
    $ok = true;
    foreach ($channels as $ch) {
        $mine = $got[$ch] ?? [];
        sort($mine, SORT_NATURAL);
        $ok = $ok && $mine === array_map(fn ($i) => "$ch:$i", range(1, 100));
    }
    echo "$method: $n messages, each once with its channel: ", json_encode($ok), "\n";
}
?>
--EXPECT--
subscribe: 300 messages, each once with its channel: true
psubscribe: 300 messages, each once with its channel: true
