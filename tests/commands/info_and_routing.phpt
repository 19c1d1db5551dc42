--TEST--
commandInfo(): routing and merge policies of keyless commands, subcommands, unsupported commands, and precise errors
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
foreach ([['get', 'k'], ['MGET', 'a', 'b'], ['msetnx', 'a', '1'], ['DBSIZE'], ['keys', '*'], ['FLUSHALL'], ['script', 'load', 'x'],
          ['SCRIPT', 'EXISTS', 'x'], ['PING'], ['cluster', 'info'], ['CLUSTER', 'KEYSLOT', 'x'], ['subscribe', 'c'], ['multi'],
          ['select', '1'], ['config', 'get', 'x'], ['object', 'encoding', 'k'], ['del', 'a', 'b'], ['eval', 's', '1', 'k']] as $argv) {
    $i = RedisClusterPool::commandInfo(...$argv);
    printf("%-28s %-14s keys=%-8s w=%d ro=%d %s/%s\n", implode(' ', $argv), $i['name'], json_encode($i['keys']),
        $i['write'], $i['readonly'], $i['route'], $i['merge']);
}
foreach ([['nosuch'], ['EVAL', 's', 'x'], ['EVAL', 's', '3', 'a'], ['ZUNIONSTORE', 'd', '-1', 'a'], []] as $argv) {
    try { RedisClusterPool::commandInfo(...$argv); echo "no exception\n"; }
    catch (RedisClusterPool\InvalidArgumentException $e) { echo $e->getMessage(), "\n"; }
}
?>
--EXPECT--
get k                        GET            keys=[1]      w=0 ro=1 keyed/none
MGET a b                     MGET           keys=[1,2]    w=0 ro=1 multi_shard/none
msetnx a 1                   MSETNX         keys=[1]      w=1 ro=0 keyed/none
DBSIZE                       DBSIZE         keys=[]       w=0 ro=1 all_primaries/sum
keys *                       KEYS           keys=[]       w=0 ro=1 all_primaries/concat
FLUSHALL                     FLUSHALL       keys=[]       w=1 ro=0 all_primaries/all_succeeded
script load x                SCRIPT|LOAD    keys=[]       w=0 ro=0 all_primaries/all_succeeded
SCRIPT EXISTS x              SCRIPT|EXISTS  keys=[]       w=0 ro=0 all_primaries/logical_and
PING                         PING           keys=[]       w=0 ro=0 any/none
cluster info                 CLUSTER|INFO   keys=[]       w=0 ro=0 any/none
CLUSTER KEYSLOT x            CLUSTER|KEYSLOT keys=[]       w=0 ro=0 any/none
subscribe c                  SUBSCRIBE      keys=[]       w=0 ro=0 unsupported/none
multi                        MULTI          keys=[]       w=0 ro=0 unsupported/none
select 1                     SELECT         keys=[]       w=0 ro=0 unsupported/none
config get x                 CONFIG|GET     keys=[]       w=0 ro=0 any/none
object encoding k            OBJECT|ENCODING keys=[2]      w=0 ro=1 keyed/none
del a b                      DEL            keys=[1,2]    w=1 ro=0 multi_shard/sum
eval s 1 k                   EVAL           keys=[3]      w=0 ro=0 keyed/none
Unknown command 'nosuch'
EVAL: numkeys must be a non-negative integer
EVAL: numkeys (3) is larger than the number of key arguments given
ZUNIONSTORE: numkeys must be a non-negative integer
commandInfo() needs a command name
