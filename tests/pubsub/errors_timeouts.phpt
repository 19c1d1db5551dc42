--TEST--
Pub/sub: the "timeout" option yields a "timeout" frame when nothing came and the subscriptions stay; a PHP signal handler runs while the consumer waits without a timeout (its stop() ends the loop; an exception it throws comes out of the loop, the consumer still usable); ping() with nothing subscribed; unsubscribe() of everything ends the loop; a name given twice (once a crash in sunsubscribe()); a connection killed by the server (CLIENT KILL) is a ConnectionException naming the node, the consumer closed and able to subscribe again; a channel the ACL user may not use is a ServerException (NOPERM) at subscribe time; a consumer used in a forked child says so; bad arguments are TypeError / InvalidArgumentException
--EXTENSIONS--
redis_cluster_pool
pcntl
--FILE--
<?php
require __DIR__ . '/../cluster.inc';

function show(callable $f): void
{
    try {
        $r = $f();
        echo "ok: ", json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

function frames(RedisClusterPool\PubSubConsumer $loop, int $n): void
{
    foreach ($loop as $m) {
        echo "  ", json_encode($m), "\n";
        if (--$n === 0) break;
    }
}

$pool = rcp_pool();

echo "-- timeout\n";
$loop = $pool->pubSubLoop(['subscribe' => 'et:a', 'timeout' => 0.2]);
frames($loop, 2);
// through the subscriber's own node: no cluster bus on the way, so nothing but a timeout can come before it
$pool->rawOnNodes([$loop->subscriptions()['channels']['et:a'] => [['PUBLISH', 'et:a', 'after a timeout']]]);
frames($loop, 2);
unset($loop);

echo "-- a signal handler while the consumer waits\n";
pcntl_async_signals(true);
$loop = $pool->pubSubLoop(['subscribe' => 'et:b']);
pcntl_signal(SIGALRM, function () use ($loop) { echo "  handler: stop()\n"; $loop->stop(); });
pcntl_alarm(1);
foreach ($loop as $m) echo "  ", json_encode($m), "\n";
echo "  the loop ended\n";
$loop = $pool->pubSubLoop(['subscribe' => 'et:c']);
pcntl_signal(SIGALRM, function () { throw new RuntimeException('alarm'); });
pcntl_alarm(1);
show(function () use ($loop) { foreach ($loop as $m) echo "  ", json_encode($m), "\n"; });
pcntl_signal(SIGALRM, SIG_DFL);
$pool->publish('et:c', 'still subscribed');
frames($loop, 1);
pcntl_alarm(60);   // from here on, a hang fails the test

echo "-- ping, unsubscribe everything\n";
$loop = $pool->pubSubLoop();
var_dump($loop->valid());
$loop->ping();
frames($loop, 5);
$loop->ping('p');
frames($loop, 5);
$loop->subscribe('et:d', 'et:e');
$loop->unsubscribe();
frames($loop, 10);
var_dump($loop->valid());

echo "-- a name given twice (each gets its frame, as the server answers each)\n";
$loop = $pool->pubSubLoop();
$loop->ssubscribe('et:twice', 'et:twice');
$loop->subscribe('et:t2', 'et:t2');
$loop->sunsubscribe('et:twice', 'et:twice');
$loop->unsubscribe('et:t2', 'et:t2');
frames($loop, 10);
var_dump($loop->valid());

echo "-- CLIENT KILL\n";
$loop = $pool->pubSubLoop(['subscribe' => ['et:k1', 'et:k2', 'et:k3'], 'psubscribe' => ['et:kp1*', 'et:kp2*']]);
$node = $loop->subscriptions()['channels']['et:k1'];
$killed = 0;
foreach (explode("\n", trim(rcp_raw($node)->cmd('CLIENT', 'LIST', 'TYPE', 'pubsub'))) as $line) {
    if (preg_match('/\bid=(\d+)\b.*\bsub=3 psub=2\b/', $line, $mm)) $killed += rcp_raw($node)->cmd('CLIENT', 'KILL', 'ID', $mm[1]);
}
echo "killed: $killed\n";
try {
    foreach ($loop as $m) if ($m->kind !== 'subscribe' && $m->kind !== 'psubscribe') echo "  ", json_encode($m), "\n";
    echo "the loop ended without an exception\n";
} catch (RedisClusterPool\ConnectionException $e) {
    echo get_class($e), ": ", str_replace($node, 'NODE', $e->getMessage()), "\n";
    echo "getNode(): the node: ", json_encode($e->getNode() === $node), "\n";
}
var_dump($loop->valid());
echo "subscriptions: ", json_encode(array_slice($loop->subscriptions(), 0, 3)), "\n";
$loop->subscribe('et:k4');
$pool->publish('et:k4', 'again');
frames($loop, 2);

echo "-- ACL\n";
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'SETUSER', 'rcp_ps', 'on', '>pw', 'resetchannels', '&et:ok:*', '+@all', '~*');
$acl = rcp_pool(['parameters' => ['username' => 'rcp_ps', 'password' => 'pw']]);
$loop = $acl->pubSubLoop();
foreach (['subscribe', 'psubscribe', 'ssubscribe'] as $method) {
    try {
        $loop->$method('et:no');
        echo "$method: no exception\n";
    } catch (RedisClusterPool\ServerException $e) {
        echo "$method: ", get_class($e), " ", $e->getErrorType(), ": ", str_replace($e->getNode(), 'NODE', $e->getMessage()),
            "; node: ", json_encode(in_array($e->getNode(), rcp_primaries(), true)), "\n";
    }
}
$loop->subscribe('et:ok:1');
$acl->publish('et:ok:1', 'allowed');
frames($loop, 2);
unset($loop);
foreach (rcp_seeds() as $n) rcp_raw($n)->cmd('ACL', 'DELUSER', 'rcp_ps');

echo "-- a forked child\n";
$loop = $pool->pubSubLoop(['subscribe' => 'et:f']);
$pid = pcntl_fork();
if ($pid === 0) {
    show(fn () => $loop->subscribe('et:g'));
    exit(0);
}
pcntl_waitpid($pid, $status);
$pool->publish('et:f', 'the parent still gets it');
frames($loop, 2);

echo "-- bad arguments\n";
$loop = $pool->pubSubLoop();
show(fn () => $loop->subscribe());
show(fn () => $loop->psubscribe([]));
show(fn () => $loop->ssubscribe(['x', ['y']]));
show(fn () => $loop->subscribe(null));
show(fn () => $loop->ping([]));
show(fn () => $loop->unsubscribe('nothing-held'));
show(fn () => $pool->pubSubLoop(['subscribe' => 'x', 'bogus' => 1]));
show(fn () => $pool->pubSubLoop(['timeout' => -1]));
show(fn () => $pool->pubSubLoop(['timeout' => 'soon']));
show(fn () => $pool->pubSubLoop(['subscribe' => 15, 'psubscribe' => true]));
show(fn () => $pool->pubSubLoop([1 => 'x']));
show(fn () => $pool->pubSubLoop(['ssubscribe' => ['x', null]]));
show(fn () => $pool->pubSubLoop(['psubscribe' => []]));
show(fn () => $pool->pubSubLoop('not a callable'));
show(fn () => $pool->pubSubLoop(fn () => 1, fn () => 2));
show(fn () => new RedisClusterPool\PubSubConsumer());
show(fn () => clone $loop);
show(fn () => serialize($loop));
?>
--EXPECTF--
-- timeout
  {"kind":"subscribe","channel":"et:a","payload":1}
  {"kind":"timeout","channel":null,"payload":null}
  {"kind":"message","channel":"et:a","payload":"after a timeout"}
  {"kind":"timeout","channel":null,"payload":null}
-- a signal handler while the consumer waits
  {"kind":"subscribe","channel":"et:b","payload":1}
  handler: stop()
  {"kind":"unsubscribe","channel":"et:b","payload":0}
  the loop ended
  {"kind":"subscribe","channel":"et:c","payload":1}
RuntimeException: alarm
  {"kind":"message","channel":"et:c","payload":"still subscribed"}
-- ping, unsubscribe everything
bool(false)
  {"kind":"pong","payload":""}
  {"kind":"pong","payload":"p"}
  {"kind":"subscribe","channel":"et:d","payload":1}
  {"kind":"subscribe","channel":"et:e","payload":2}
  {"kind":"unsubscribe","channel":"et:d","payload":1}
  {"kind":"unsubscribe","channel":"et:e","payload":0}
bool(false)
-- a name given twice (each gets its frame, as the server answers each)
  {"kind":"ssubscribe","channel":"et:twice","payload":1}
  {"kind":"ssubscribe","channel":"et:twice","payload":1}
  {"kind":"subscribe","channel":"et:t2","payload":2}
  {"kind":"subscribe","channel":"et:t2","payload":2}
  {"kind":"sunsubscribe","channel":"et:twice","payload":1}
  {"kind":"sunsubscribe","channel":"et:twice","payload":1}
  {"kind":"unsubscribe","channel":"et:t2","payload":0}
  {"kind":"unsubscribe","channel":"et:t2","payload":0}
bool(false)
-- CLIENT KILL
killed: 1
RedisClusterPool\ConnectionException: connection to NODE closed by the server%A(pub/sub: the subscriber's connections are closed and its subscriptions gone; subscribe again to go on)
getNode(): the node: true
bool(false)
subscriptions: {"channels":[],"patterns":[],"shard_channels":[]}
  {"kind":"subscribe","channel":"et:k4","payload":1}
  {"kind":"message","channel":"et:k4","payload":"again"}
-- ACL
subscribe: RedisClusterPool\ServerException NOPERM: NOPERM %s (SUBSCRIBE on NODE); node: true
psubscribe: RedisClusterPool\ServerException NOPERM: NOPERM %s (PSUBSCRIBE on NODE); node: true
ssubscribe: RedisClusterPool\ServerException NOPERM: NOPERM %s (SSUBSCRIBE on NODE); node: true
  {"kind":"subscribe","channel":"et:ok:1","payload":1}
  {"kind":"message","channel":"et:ok:1","payload":"allowed"}
-- a forked child
RedisClusterPool\ConnectionException: pub/sub: this subscriber's connections belong to the process that made it (%d), not to this one (a fork): make a subscriber in this process
  {"kind":"subscribe","channel":"et:f","payload":1}
  {"kind":"message","channel":"et:f","payload":"the parent still gets it"}
-- bad arguments
RedisClusterPool\InvalidArgumentException: subscribe() needs at least one channel
RedisClusterPool\InvalidArgumentException: psubscribe() needs at least one pattern
TypeError: RedisClusterPool\PubSubConsumer::ssubscribe(): Argument #1 must hold names (strings), its element 2 is array
TypeError: RedisClusterPool\PubSubConsumer::subscribe(): Argument #1 must be of type array|string, null given
TypeError: RedisClusterPool\PubSubConsumer::ping(): Argument #1 ($payload) must be of type ?string, array given
ok: null
RedisClusterPool\InvalidArgumentException: pubSubLoop(): unknown option #2 (an unknown name is not repeated: it could be a misplaced secret); known: subscribe, ssubscribe, psubscribe, timeout
RedisClusterPool\InvalidArgumentException: pubSubLoop(): option "timeout" must be a number of seconds from 0 (wait as long as it takes) to a year, a number out of range given
RedisClusterPool\InvalidArgumentException: pubSubLoop(): option "timeout" must be a number of seconds from 0 (wait as long as it takes) to a year, string given
RedisClusterPool\InvalidArgumentException: pubSubLoop(): option "psubscribe" must be a name or an array of names, bool given
RedisClusterPool\InvalidArgumentException: pubSubLoop(): options must be an array with string keys (subscribe, ssubscribe, psubscribe, timeout)
RedisClusterPool\InvalidArgumentException: pubSubLoop(): option "ssubscribe" must hold names (strings), its element 2 is null
RedisClusterPool\InvalidArgumentException: pubSubLoop(): option "psubscribe" needs at least one pattern
TypeError: RedisClusterPool::pubSubLoop(): Argument #1 ($optionsOrCallback) must be of type array|callable|null, string given
TypeError: RedisClusterPool::pubSubLoop(): Argument #1 ($optionsOrCallback) must be of type ?array when a callback is given as argument #2, Closure given
Error: Call to private RedisClusterPool\PubSubConsumer::__construct() from global scope
Error: Trying to clone an uncloneable object of class RedisClusterPool\PubSubConsumer
Exception: Serialization of 'RedisClusterPool\PubSubConsumer' is not allowed
