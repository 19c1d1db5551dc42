--TEST--
Command table: every command the server knows (but a module's) is in the built-in table, and key positions agree with the server's COMMAND GETKEYS for a corpus of every family (movable keys included)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$raw = new RcpRaw(rcp_primaries()[0]);
$missing = [];
foreach ($raw->cmd('COMMAND') as $c) {
    if (in_array('module', $c[2], true)) continue; // the test module's commands: learned, see learned_commands.phpt
    $names = [$c[0]];
    foreach ($c[9] ?? [] as $sub) $names[] = $sub[0];
    foreach ($names as $n) {
        $argv = explode('|', $n);
        try {
            $info = RedisClusterPool::commandInfo(...$argv);
            if (strcasecmp($info['name'], $n) !== 0) $missing[] = "$n (got {$info['name']})";
        } catch (RedisClusterPool\InvalidArgumentException $e) { $missing[] = $n; }
    }
}
echo "server commands missing from the table: ", $missing ? implode(', ', $missing) : 'none', "\n";
$corpus = [
    ['GET', 'a'], ['SET', 'a', 'v', 'EX', '10'], ['MSET', 'a', '1', 'b', '2'], ['MGET', 'a', 'b', 'c'], ['DEL', 'a', 'b'],
    ['EVAL', 'return 1', '0'], ['EVAL', 'return 1', '2', 'k1', 'k2', 'arg'], ['EVALSHA', str_repeat('a', 40), '1', 'k1'],
    ['FCALL', 'f', '2', 'k1', 'k2', 'x'], ['FCALL_RO', 'f', '1', 'k1'],
    ['XREAD', 'COUNT', '2', 'STREAMS', 's1', 's2', '0', '0'], ['XREAD', 'BLOCK', '0', 'STREAMS', 's1', '$'],
    ['XREADGROUP', 'GROUP', 'g', 'c', 'COUNT', '1', 'STREAMS', 's1', 's2', '>', '>'],
    ['ZUNIONSTORE', 'd', '2', 'a', 'b', 'WEIGHTS', '1', '2'], ['ZINTERSTORE', 'd', '1', 'a'], ['ZDIFFSTORE', 'd', '2', 'a', 'b'],
    ['ZUNION', '2', 'a', 'b', 'WITHSCORES'], ['ZINTERCARD', '2', 'a', 'b', 'LIMIT', '1'], ['SINTERCARD', '3', 'a', 'b', 'c'],
    ['LMPOP', '2', 'a', 'b', 'LEFT', 'COUNT', '2'], ['BLMPOP', '0', '2', 'a', 'b', 'RIGHT'], ['ZMPOP', '1', 'a', 'MIN'],
    ['BZMPOP', '1', '2', 'a', 'b', 'MAX'], ['SORT', 'a', 'BY', 'w_*', 'LIMIT', '0', '1', 'GET', '#', 'STORE', 'd'],
    ['SORT', 'a'], ['SORT_RO', 'a', 'ALPHA'], ['MIGRATE', 'h', '1', 'k', '0', '1000'],
    ['MIGRATE', 'h', '1', '', '0', '1000', 'COPY', 'KEYS', 'k1', 'k2'], ['OBJECT', 'ENCODING', 'k'], ['MEMORY', 'USAGE', 'k'],
    ['XINFO', 'STREAM', 's'], ['GEORADIUS', 'g', '1', '2', '3', 'km', 'STORE', 'd'],
    ['GEORADIUS', 'g', '1', '2', '3', 'km', 'STOREDIST', 'd'], ['GEOSEARCHSTORE', 'd', 's', 'FROMMEMBER', 'm', 'BYRADIUS', '1', 'km'],
    ['LMOVE', 'a', 'b', 'LEFT', 'RIGHT'], ['BLMOVE', 'a', 'b', 'LEFT', 'RIGHT', '0'], ['RENAME', 'a', 'b'], ['COPY', 'a', 'b'],
    ['BITOP', 'AND', 'd', 'a', 'b'], ['PFMERGE', 'd', 'a', 'b'], ['SMOVE', 'a', 'b', 'm'], ['SINTERSTORE', 'd', 'a', 'b'],
    ['XGROUP', 'CREATE', 's', 'g', '$'], ['BLPOP', 'a', 'b', '0'], ['HSET', 'h', 'f', 'v'], ['EXISTS', 'a', 'a', 'b'],
    ['TOUCH', 'a'], ['UNLINK', 'a', 'b'], ['SUNIONSTORE', 'd', 'a'], ['RPOPLPUSH', 'a', 'b'], ['ZRANGESTORE', 'd', 's', '0', '-1'],
    ['LCS', 'a', 'b'], ['OBJECT', 'FREQ', 'k'], ['DUMP', 'k'], ['RESTORE', 'k', '0', 'x'], ['WATCH', 'a', 'b'],
    ['SET', 'k', 'v', 'GET'], ['GETEX', 'k', 'PERSIST'], ['XADD', 's', '*', 'f', 'v'], ['XAUTOCLAIM', 's', 'g', 'c', '0', '0'],
];
$bad = 0;
foreach ($corpus as $argv) {
    $server = $raw->cmd('COMMAND', 'GETKEYS', ...$argv);
    if ($server instanceof RcpRawError) { echo "server refused ", implode(' ', $argv), ": {$server->message}\n"; continue; }
    $info = RedisClusterPool::commandInfo(...$argv);
    $ours = array_map(fn($p) => $argv[$p], $info['keys']);
    sort($server); sort($ours);
    if ($server !== $ours) { $bad++; echo "MISMATCH ", implode(' ', $argv), ": server ", json_encode($server), " ours ", json_encode($ours), "\n"; }
}
echo count($corpus), " commands compared with COMMAND GETKEYS, $bad mismatches\n";
?>
--EXPECTF--
server commands missing from the table: none
%d commands compared with COMMAND GETKEYS, 0 mismatches
