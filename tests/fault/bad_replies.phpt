--TEST--
Fault: a fake node sends truncated, oversized, malformed, slow and stray replies or closes mid-reply: always the exact exception (never a crash, hang or wrong answer), the socket is discarded and the next command on the same pool gets its own reply
--EXTENSIONS--
redis_cluster_pool
pcntl
posix
--INI--
memory_limit=128M
--FILE--
<?php
require __DIR__ . '/fake.inc';
$cases = [
    // name => what the fake node answers to GET name
    'truncated_then_close' => ["\$10\r\nabc", RCP_FAKE_CLOSE],
    'truncated_then_stall' => "\$10\r\nabc",
    'no_reply_at_all'      => null,
    'close_before_reply'   => [RCP_FAKE_CLOSE],
    'array_then_close'     => ["*3\r\n\$1\r\na\r\n*2\r\n:1\r\n", RCP_FAKE_CLOSE],
    'bad_type_byte'        => "?what\r\n",
    'empty_line'           => "\r\n",
    'array_2g_elements'    => "*2147483647\r\n",
    'array_negative'       => "*-5\r\n",
    'array_64m_plus_one'   => "*67108865\r\n",
    'bulk_over_512m'       => "\$536870913\r\n",
    'bulk_huge_length'     => "\$99999999999999999999\r\n",
    'bulk_negative'        => "\$-7\r\n",
    'bulk_bad_length'      => "\$abc\r\n",
    'bulk_length_line_long' => '$' . str_repeat('1', 40),
    'bulk_without_crlf'    => "\$2\r\nokXY",
    'integer_garbage'      => ":12abc\r\n",
    'integer_overflow'     => ":99999999999999999999999\r\n",
    'nested_depth_9'       => str_repeat("*1\r\n", 9) . ":1\r\n",
    'status_line_over_1m'  => '+' . str_repeat('x', 1100000),
    'stray_bytes_after'    => "\$2\r\nok\r\n+EXTRA\r\n",
    'late_bytes_after'     => ["\$2\r\nok\r\n", 50000, "+LATE\r\n"],
    // valid replies that must come through intact
    'slow_but_in_time'     => ["\$4", 100000, "\r\nsl", 100000, "ow\r\n"],
    'byte_by_byte'         => array_merge(...array_map(fn($c) => [$c, 2000], str_split("*2\r\n\$1\r\nx\r\n:42\r\n"))),
    'big_bulk_1m'          => rcp_resp_encode(str_repeat('b', 1 << 20)),
    'array_64m_then_close' => ["*67108864\r\n:1\r\n", RCP_FAKE_CLOSE],   // within the limits, not memory_limit's
    'bulk_over_memory_limit' => "\$200000000\r\n",                    // refused at its header, no payload read
    'array_200k'           => rcp_resp_encode(range(1, 200000)),
    'nested_depth_8'       => str_repeat("*1\r\n", 8) . ":1\r\n",
    'error_reply'          => "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
];
$fake = rcp_fake_start(function (array $argv, array $ctx) use ($cases) {
    if (strtoupper($argv[0]) === 'GET' && array_key_exists($argv[1], $cases)) return $cases[$argv[1]];
    return rcp_fake_default($argv, $ctx);
});
// under valgrind (run-tests.php -m sets USE_ZEND_ALLOC=0) everything runs ~20x slower: a 0.5 s read timeout could
// fire before a close arrives; the timeout and the "too slow"/"too early" lines scale with it
$slow = getenv('USE_ZEND_ALLOC') === '0' ? 4 : 1;
$pool = new RedisClusterPool($fake['addrs'], ['parameters' => ['read_write_timeout' => 0.5 * $slow]]);
// building 200,000 replies takes longer than 0.5 s under valgrind: that case has time (it tests intactness)
$patient = new RedisClusterPool($fake['addrs'], ['parameters' => ['read_write_timeout' => 30]]);
$n = 0;
foreach ($cases as $name => $_) {
    $t = microtime(true);
    try {
        $r = ($name === 'array_200k' ? $patient : $pool)->get($name);
        $out = is_string($r) && strlen($r) > 100 ? 'string(' . strlen($r) . ')'
            : (is_array($r) && count($r) > 100 ? 'array(' . count($r) . ') ' . ($r === range(1, count($r)) ? 'intact' : 'WRONG') : json_encode($r));
    } catch (RedisClusterPool\Exception $e) {
        $out = get_class($e) . ': ' . preg_replace('/\d+ in use/', 'N in use', rcp_fake_msg($e));
    }
    $dt = microtime(true) - $t;
    $late = $dt > 1.5 * $slow && $name !== 'array_200k' ? sprintf(' TOO SLOW (%.2fs)', $dt) : '';
    if (str_contains($out, 'TimeoutException') && $dt < 0.45 * $slow) $late = sprintf(' TOO EARLY (%.2fs)', $dt);
    echo "$name: $out$late\n";
    // the next command on the same pool gets its own reply: nothing stale was left on a socket (late bytes
    // are caught by the peek before the next use once they have arrived; RESP2 has no request ids, so bytes
    // arriving after that peek, in front of the next reply, cannot be told apart from it)
    if ($name === 'late_bytes_after') usleep(200000);
    $next = $pool->get("after:" . ++$n);
    if ($next !== "v:after:$n") echo "  NEXT COMMAND GOT ", json_encode($next), "\n";
}
$s = $pool->stats()['connections'];
echo "pooled sockets: {$s['pooled']}\n";
rcp_fake_stop($fake);
?>
--EXPECT--
truncated_then_close: RedisClusterPool\ConnectionException: connection to ADDR closed by the server (command GET)
truncated_then_stall: RedisClusterPool\TimeoutException: timed out waiting for ADDR (command GET)
no_reply_at_all: RedisClusterPool\TimeoutException: timed out waiting for ADDR (command GET)
close_before_reply: RedisClusterPool\ConnectionException: connection to ADDR closed by the server (command GET)
array_then_close: RedisClusterPool\ConnectionException: connection to ADDR closed by the server (command GET)
bad_type_byte: RedisClusterPool\ProtocolException: protocol error from ADDR: Protocol error, got "?" as reply type byte (command GET)
empty_line: RedisClusterPool\ProtocolException: protocol error from ADDR: Protocol error, got "\r" as reply type byte (command GET)
array_2g_elements: RedisClusterPool\ProtocolException: protocol error from ADDR: array of 2147483647 elements is over the limit of 67108864 (command GET)
array_negative: RedisClusterPool\ProtocolException: protocol error from ADDR: Multi-bulk length out of range (command GET)
array_64m_plus_one: RedisClusterPool\ProtocolException: protocol error from ADDR: array of 67108865 elements is over the limit of 67108864 (command GET)
bulk_over_512m: RedisClusterPool\ProtocolException: protocol error from ADDR: bulk string length 536870913 is over the limit of 536870912 bytes (command GET)
bulk_huge_length: RedisClusterPool\ProtocolException: protocol error from ADDR: Bad bulk string length (command GET)
bulk_negative: RedisClusterPool\ProtocolException: protocol error from ADDR: Bulk string length out of range (command GET)
bulk_bad_length: RedisClusterPool\ProtocolException: protocol error from ADDR: Bad bulk string length (command GET)
bulk_length_line_long: RedisClusterPool\ProtocolException: protocol error from ADDR: bulk string length line longer than 32 bytes (command GET)
bulk_without_crlf: RedisClusterPool\ProtocolException: protocol error from ADDR: bulk string of 2 bytes not followed by CRLF (command GET)
integer_garbage: RedisClusterPool\ProtocolException: protocol error from ADDR: Bad integer value (command GET)
integer_overflow: RedisClusterPool\ProtocolException: protocol error from ADDR: Bad integer value (command GET)
nested_depth_9: RedisClusterPool\ProtocolException: protocol error from ADDR: No support for nested multi bulk replies with depth > 7 (command GET)
status_line_over_1m: RedisClusterPool\ProtocolException: protocol error from ADDR: reply line longer than 1048576 bytes (command GET)
stray_bytes_after: RedisClusterPool\ProtocolException: protocol error from ADDR: unsolicited bytes after the expected replies (command GET)
late_bytes_after: "ok"
slow_but_in_time: "slow"
byte_by_byte: ["x",42]
big_bulk_1m: string(1048576)
array_64m_then_close: RedisClusterPool\MemoryLimitException: reply from ADDR refused, the connection was closed: an array of 67108864 elements does not fit in memory_limit (134217728 bytes, N in use) (command GET)
bulk_over_memory_limit: RedisClusterPool\MemoryLimitException: reply from ADDR refused, the connection was closed: a bulk string of 200000000 bytes does not fit in memory_limit (134217728 bytes, N in use) (command GET)
array_200k: array(200000) intact
nested_depth_8: [[[[[[[[1]]]]]]]]
error_reply: RedisClusterPool\ServerException: WRONGTYPE Operation against a key holding the wrong kind of value
pooled sockets: 1
