--TEST--
keySlot(): CRC16-XMODEM and hash tags exactly as the Redis Cluster spec (vectors from the spec and Predis)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$cases = [
    '123456789' => 12739,          // the CRC16 check value 0x31C3 from the Redis spec
    'foo' => 12182,
    '{foo}' => 12182,              // tag = whole key minus braces
    '{user1000}.following' => 3443,   // = slot of 'user1000'
    'foo{}{bar}' => 8363,
    '{}' => 15257,
];
foreach ($cases as $k => $want) {
    printf("%-24s %5d %s\n", var_export((string) $k, true), RedisClusterPool::keySlot((string) $k),
        RedisClusterPool::keySlot((string) $k) === $want ? 'ok' : "WANT $want");
}
// spec: "foo{}{bar}" hashes the whole key (empty first tag), "foo{{bar}}zap" hashes "{bar",
// "foo{bar}{zap}" hashes "bar"
var_dump(RedisClusterPool::keySlot('foo{{bar}}zap') === RedisClusterPool::keySlot('{bar'));
var_dump(RedisClusterPool::keySlot('foo{bar}{zap}') === RedisClusterPool::keySlot('bar'));
var_dump(RedisClusterPool::keySlot('{{bar}}') === RedisClusterPool::keySlot('{bar'));
var_dump(RedisClusterPool::keySlot(''));
var_dump(RedisClusterPool::keySlot("a\0b") !== RedisClusterPool::keySlot('a'));   // binary safe
var_dump(RedisClusterPool::keySlot("{\0}x") === RedisClusterPool::keySlot("\0"));
var_dump(RedisClusterPool::keySlot('{a') === RedisClusterPool::keySlot('{a'));     // unclosed: whole key
var_dump(max(array_map(fn($i) => RedisClusterPool::keySlot("key:$i"), range(0, 20000))) <= 16383);
?>
--EXPECT--
'123456789'              12739 ok
'foo'                    12182 ok
'{foo}'                  12182 ok
'{user1000}.following'    3443 ok
'foo{}{bar}'              8363 ok
'{}'                     15257 ok
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
