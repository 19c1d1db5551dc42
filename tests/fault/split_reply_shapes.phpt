--TEST--
Fault: a split MGET whose parts come back in every shape a node may send (one-key parts as an array or, read in one go, as the value alone; slow byte-by-byte parts; a part of another shape: a status or an array of the wrong size, refused; an array of one array or one integer, taken as that value): the values in the caller's order, or a ProtocolException naming the command (never a wrong answer, never a leak), and the next command gets its own reply
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--FILE--
<?php
require __DIR__ . '/fake.inc';
// keys on distinct slots (one sub-command each); what the fake node answers to "MGET <key>" by key
$shapes = [
    'plain'   => fn($k) => "*1\r\n\$" . strlen("v:$k") . "\r\nv:$k\r\n",
    'nil'     => fn($k) => "*1\r\n\$-1\r\n",
    'split'   => fn($k) => ["*1\r\n", 20000, "\$" . strlen("v:$k") . "\r\nv:$k\r\n"],   // header and value apart
    'bytes'   => fn($k) => array_merge(...array_map(fn($c) => [$c, 500], str_split("*1\r\n\$" . strlen("v:$k") . "\r\nv:$k\r\n"))),
    'int'     => fn($k) => "*1\r\n:7\r\n",                 // an array of one integer: taken as the value
    'status'  => fn($k) => "+OK\r\n",                      // wrong shape
    'two'     => fn($k) => "*2\r\n\$1\r\na\r\n\$1\r\nb\r\n", // wrong size
    'nested'  => fn($k) => "*1\r\n*1\r\n\$1\r\nx\r\n",       // an array of one array: taken as it is
    'empty'   => fn($k) => "*0\r\n",                        // wrong size
];
$fake = rcp_fake_start(function (array $argv, array $ctx) use ($shapes) {
    if (strtoupper($argv[0]) === 'MGET' && count($argv) === 2) {
        [$shape] = explode(':', $argv[1]);
        return ($shapes[$shape] ?? $shapes['plain'])($argv[1]);
    }
    return rcp_fake_default($argv, $ctx);
});
$pool = new RedisClusterPool($fake['addrs'], ['parameters' => ['read_write_timeout' => 2]]);
function keys(string $shape, int $n): array
{
    $keys = [];
    $seen = [];
    for ($i = 0; count($keys) < $n; $i++) {
        $k = "$shape:$i";
        if (isset($seen[$s = RedisClusterPool::keySlot($k)])) continue;
        $seen[$s] = true;
        $keys[] = $k;
    }
    return $keys;
}
$plain = keys('plain', 6);
$runs = [
    'all plain' => $plain,
    'nil' => array_merge($plain, keys('nil', 2)),
    'header and value in two reads' => array_merge(keys('split', 3), $plain),
    'byte by byte' => array_merge($plain, keys('bytes', 2)),
    'integer element' => array_merge(keys('int', 1), $plain),
    'status' => array_merge($plain, keys('status', 1)),
    'two elements' => array_merge($plain, keys('two', 1)),
    'nested' => array_merge(keys('nested', 1), $plain),
    'empty' => array_merge($plain, keys('empty', 1)),
];
$n = 0;
foreach ($runs as $name => $keys) {
    try {
        $r = $pool->mget($keys);
        $ok = true;
        foreach ($keys as $i => $k) {
            [$shape] = explode(':', $k);
            $want = match ($shape) { 'nil' => null, 'int' => 7, 'nested' => ['x'], default => "v:$k" };
            $ok = $ok && array_key_exists($i, $r) && $r[$i] === $want;
        }
        echo "$name: ", count($r), ' values, ', $ok && count($r) === count($keys) ? 'in order' : 'WRONG ' . json_encode($r), "\n";
    } catch (RedisClusterPool\Exception $e) {
        echo "$name: ", get_class($e), ': ', rcp_fake_msg($e), "\n";
    }
    $next = $pool->get('after:' . ++$n);
    if ($next !== "v:after:$n") echo "  NEXT COMMAND GOT ", json_encode($next), "\n";
}
rcp_fake_stop($fake);
?>
--EXPECT--
all plain: 6 values, in order
nil: 8 values, in order
header and value in two reads: 9 values, in order
byte by byte: 8 values, in order
integer element: 7 values, in order
status: RedisClusterPool\ProtocolException: MGET: a node answered a part with an unexpected reply
two elements: RedisClusterPool\ProtocolException: MGET: a node answered a part with an unexpected reply
nested: 7 values, in order
empty: RedisClusterPool\ProtocolException: MGET: a node answered a part with an unexpected reply
