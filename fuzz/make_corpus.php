<?php
// Writes the seed corpus: fuzz/corpus/reply/* (RESP replies) and fuzz/corpus/slots/* (CLUSTER SLOTS
// replies). The first byte of every file is the feed chunk size used by the harness (0 = all at once).
function enc(mixed $v): string {
    if (is_array($v)) return '*' . count($v) . "\r\n" . implode('', array_map('enc', $v));
    if (is_int($v)) return ":$v\r\n";
    if ($v === null) return "\$-1\r\n";
    return '$' . strlen($v) . "\r\n" . $v . "\r\n";
}
$dir = __DIR__ . '/corpus';
$reply = [
    'status_ok' => "+OK\r\n", 'status_other' => "+string\r\n", 'error' => "-WRONGTYPE bad\r\n",
    'int' => ":42\r\n", 'int_neg' => ":-9223372036854775808\r\n", 'nil' => "\$-1\r\n", 'nil_array' => "*-1\r\n",
    'bulk' => enc("hello"), 'bulk_empty' => "\$0\r\n\r\n", 'bulk_binary' => enc("a\0b\r\nc"),
    'array' => enc(['a', 1, null, ['x', ['y']]]), 'array_empty' => "*0\r\n",
    'nested7' => str_repeat("*1\r\n", 7) . ":1\r\n", 'pipeline' => "+OK\r\n:1\r\n\$1\r\nx\r\n*1\r\n+PONG\r\n",
    'hgetall' => enc(['f1', 'v1', 'f2', 'v2']), 'queued' => "+QUEUED\r\n+NOKEY\r\n+PONG\r\n",
    'bad_type' => "?x\r\n", 'big_len' => "\$536870913\r\n", 'big_array' => "*67108865\r\n",
    'no_crlf' => "\$2\r\nokXY", 'moved' => "-MOVED 3999 127.0.0.1:6381\r\n",
];
$self = ['127.0.0.1', 7000, str_repeat('a', 40)];
$slots = [
    'three_primaries' => [[0, 5460, ['127.0.0.1', 7000, 'id1'], ['127.0.0.1', 7003, 'id4']],
                          [5461, 10922, ['127.0.0.1', 7001, 'id2'], ['127.0.0.1', 7004, 'id5']],
                          [10923, 16383, ['127.0.0.1', 7002, 'id3'], ['127.0.0.1', 7005, 'id6']]],
    'redis7_metadata' => [[0, 16383, ['10.0.0.1', 6379, 'id', ['hostname', 'redis-1.example']], ['?', 6380, 'id2', []]]],
    'question' => [[0, 16383, ['?', 7000, 'id']]], 'nil_host' => [[0, 16383, [null, 7000, 'id']]],
    'empty_host' => [[0, 16383, ['', 7000]]], 'empty' => [], 'overlap' => [[0, 100, $self], [50, 200, ['127.0.0.1', 7001]]],
    'split' => [[0, 0, $self], [1, 16382, ['::1', 7001]], [16383, 16383, ['host.example', 7002]]],
    'bad_port' => [[0, 16383, ['127.0.0.1', 0]]], 'bad_range' => [[5, 4, $self]],
];
foreach (['reply', 'slots'] as $d) @mkdir("$dir/$d", 0777, true);
foreach ($reply as $n => $b) { file_put_contents("$dir/reply/$n", "\0" . $b); file_put_contents("$dir/reply/{$n}_split3", "\3" . $b); }
foreach ($slots as $n => $v) { file_put_contents("$dir/slots/$n", "\0" . enc($v)); file_put_contents("$dir/slots/{$n}_split7", "\7" . enc($v)); }
