--TEST--
Laravel connector's connection: scan() walks every primary with a cursor naming the node (match/count/type, the node option, bad cursors refused), keys() and flushdb()/flushdb('ASYNC') on every primary with the prefix as Predis applies it, getOptions()->prefix, command() and CommandFailed events, pipeline() in both forms, transaction() on one slot (another slot refused before anything is sent), executeRaw(), client(), disconnect() leaving the pool usable
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/laravel.inc';
rcp_laravel_autoload();
use Illuminate\Support\Facades\Redis;

rcp_laravel_flush();
rcp_laravel_app('connector');
$c = Redis::connection();
echo get_class($c), ' over ', get_class($c->client()), ', prefix ', $c->getOptions()->prefix, "\n";

// keys on every primary; a hash and a few other types for the TYPE filter
foreach (range(1, 60) as $i) Redis::set("s:$i", $i);
foreach (range(1, 5) as $i) Redis::hset("h:$i", 'f', 'v');
$perNode = [];
foreach (rcp_primaries() as $p) $perNode[] = rcp_raw($p)->cmd('DBSIZE');
echo 'keys per primary: ', json_encode(array_map(fn ($n) => $n > 0, $perNode)), "\n";

function walk($c, $start, array $options): array
{
    $found = [];
    $nodes = [];
    $cursor = $start;
    $n = 0;
    do {
        [$cursor, $keys] = $c->scan($cursor, $options);
        if ($cursor !== '0') $nodes[explode(':', $cursor)[0]] = true;
        foreach ($keys as $k) $found[] = $k;
    } while ($cursor !== '0' && ++$n < 10000);
    sort($found);
    return [$found, array_keys($nodes)];
}
foreach ([0, '0', null] as $start) {
    [$found, $nodes] = walk($c, $start, ['match' => 'laravel_database_s:*', 'count' => 7]);
    echo 'scan from ', json_encode($start), ': ', count($found), ' keys, ', count(array_unique($found)),
        ' distinct, cursors named nodes ', json_encode($nodes), "\n";
}
[$found] = walk($c, 0, ['type' => 'hash']);
echo 'scan type hash: ', json_encode($found), "\n";
$node = rcp_primaries()[1];
[$cursor, $keys] = [0, []];
$all = [];
do {
    [$cursor, $keys] = $c->scan($cursor, ['node' => $node, 'count' => 100]);
    $all = array_merge($all, $keys);
} while ($cursor !== '0');
echo 'scan node option: ', count($all) === rcp_raw($node)->cmd('DBSIZE') ? 'that node\'s keys' : 'WRONG: ' . count($all), "\n";
foreach (['x:1', '3', 1.5, '99999:0:1', [1]] as $bad) {
    try {
        $c->scan($bad);
        echo "cursor ", json_encode($bad), ": accepted\n";
    } catch (InvalidArgumentException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo 'cursor past the last node: ', json_encode($c->scan('7:0')), "\n";

// keys() and flushdb() on every primary
$k = Redis::keys('s:1*');
sort($k);
echo 'keys: ', json_encode($k), "\n";
echo 'flushdb: ', json_encode(Redis::flushdb() == 'OK'), ', keys left on the primaries: ', array_sum(array_map(fn ($p) => rcp_raw($p)->cmd('DBSIZE'), rcp_primaries())), "\n";
foreach (range(1, 20) as $i) Redis::set("a:$i", $i);
Redis::flushdb('ASYNC');
echo 'flushdb ASYNC: keys left ', array_sum(array_map(fn ($p) => rcp_raw($p)->cmd('DBSIZE'), rcp_primaries())), "\n";

// events: executed and failed
Redis::enableEvents();
Redis::purge();
$events = [];
$app = Illuminate\Container\Container::getInstance();
$app['events']->listen(Illuminate\Redis\Events\CommandExecuted::class, function ($e) use (&$events) { $events[] = "executed {$e->command}"; });
$app['events']->listen(Illuminate\Redis\Events\CommandFailed::class, function ($e) use (&$events) { $events[] = "failed {$e->command}: " . get_class($e->exception); });
Redis::connection()->command('set', ['l', 'x']);
try {
    Redis::lpush('l', 'y');
} catch (RedisClusterPool\ServerException $e) {
    echo 'lpush on a string: ', $e->getErrorType(), "\n";
}
echo 'events: ', json_encode($events), "\n";

// pipelines, transactions, raw commands
$p = Redis::pipeline();
echo 'pipeline(): ', get_class($p), ' ', json_encode($p->set('p1', 1)->incr('p1')->get('p1')->execute()[1]), "\n";
echo 'transaction: ', json_encode(Redis::transaction(fn ($tx) => $tx->incr('{t}a')->incr('{t}b'))), "\n";
try {
    Redis::transaction(fn ($tx) => $tx->incr('ta')->incr('tb'));
} catch (RedisClusterPool\ClusterException $e) {
    echo 'transaction over two slots: ', get_class($e), ', applied: ', json_encode(Redis::mget(['ta', 'tb'])), "\n";
}
echo 'executeRaw: ', json_encode(Redis::executeRaw(['SET', 'raw', 'v'])), ' ', json_encode(rcp_raw(Redis::connection()->client()->nodeForKey('raw'))->cmd('GET', 'laravel_database_raw')), "\n";

// disconnect(): the pool stays
Redis::connection()->disconnect();
echo 'after disconnect: ', Redis::get('raw'), "\n";

// no prefix
rcp_laravel_app('connector', ['options' => ['prefix' => '']]);
echo 'no prefix: ', json_encode(Redis::connection()->getOptions()->prefix), "\n";
?>
--EXPECT--
RedisClusterPool\Laravel\ClusterConnection over RedisClusterPool, prefix laravel_database_
keys per primary: [true,true,true]
scan from 0: 60 keys, 60 distinct, cursors named nodes [0,1,2]
scan from "0": 60 keys, 60 distinct, cursors named nodes [0,1,2]
scan from null: 60 keys, 60 distinct, cursors named nodes [0,1,2]
scan type hash: ["laravel_database_h:1","laravel_database_h:2","laravel_database_h:3","laravel_database_h:4","laravel_database_h:5"]
scan node option: that node's keys
InvalidArgumentException: scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not 'x:1'
InvalidArgumentException: scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not '3'
InvalidArgumentException: scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not float
InvalidArgumentException: scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not '99999:0:1'
InvalidArgumentException: scan(): the cursor must be 0 to start or the one the previous scan() returned ("node:cursor"), not array
cursor past the last node: ["0",[]]
keys: ["laravel_database_s:1","laravel_database_s:10","laravel_database_s:11","laravel_database_s:12","laravel_database_s:13","laravel_database_s:14","laravel_database_s:15","laravel_database_s:16","laravel_database_s:17","laravel_database_s:18","laravel_database_s:19"]
flushdb: true, keys left on the primaries: 0
flushdb ASYNC: keys left 0
lpush on a string: WRONGTYPE
events: ["executed set","failed lpush: RedisClusterPool\\ServerException"]
pipeline(): RedisClusterPool\Pipeline 2
transaction: [1,1]
transaction over two slots: RedisClusterPool\ClusterException, applied: [null,null]
executeRaw: "OK" "v"
after disconnect: v
no prefix: null
