--TEST--
Predis v3 compatibility: what a reply parser reads besides the reply (src/predis/table.c, RCP_PD_READS_ARGS / RCP_PD_READS_GIVEN): the parsers that read the sent arguments decide from them, VGETATTR and VLINKS from the caller's own arguments when known and VLINKS from the sent ones otherwise; the parsers that read neither give the same reply whatever arguments they are shown
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
$r = fn(string $m, array $sent, $reply, ?array $given = null) => json_encode(RedisClusterPool::predisReply($m, $sent, $reply, $given));

// reading the sent arguments
echo $r('zrange', ['z', '0', '-1', 'WITHSCORES'], ['a', '1']), ' ', $r('zrange', ['z', '0', '-1'], ['a', '1']), "\n";
echo $r('hscan', ['h', '0'], ['0', ['f', 'v']]), ' ', $r('hscan', ['h', '0', 'NOVALUES'], ['0', ['f', 'v']]), "\n";
echo $r('zunion', ['2', 'a', 'b', 'withscores'], ['m', '2']), ' ', $r('zunion', ['2', 'a', 'b'], ['m', '2']), "\n";
echo $r('vemb', ['v', 'e'], ['1', '2']), ' ', $r('vemb', ['v', 'e', 'RAW'], ['int8', "\x01", '1']), "\n";
echo $r('client', ['LIST'], "id=1 name=a\n"), ' ', $r('client', ['INFO'], "id=1 name=a\n"), "\n";

// VLINKS: $withScores from the caller's arguments; without them, WITHSCORES sent last
echo $r('vlinks', ['v', 'e', 'WITHSCORES'], [['a', '0.5']], ['v', 'e', true]), ' ',
     $r('vlinks', ['v', 'e', 'WITHSCORES'], [['a', '0.5']], ['v', 'e', false]), ' ',
     $r('vlinks', ['v', 'e', 'WITHSCORES'], [['a', '0.5']]), ' ',
     $r('vlinks', ['v', 'e'], [['a', '0.5']]), "\n";
// VGETATTR: $asJson from the caller's arguments only (nothing is sent for it)
echo $r('vgetattr', ['v', 'e'], '{"a":1}', ['v', 'e', true]), ' ', $r('vgetattr', ['v', 'e'], '{"a":1}'), "\n";

// parsers that read neither: the arguments shown make no difference
foreach ([['hgetall', ['f', 'v']], ['zscan', ['0', ['m', '1']]], ['xrange', [['1-1', ['f', 'v']]]],
          ['bzpopmin', ['k', 'm', '1']], ['info', "# S\r\na:1\r\n"], ['hrandfield', [['f', 'v']]],
          ['vsetattr', 1], ['increx', ['1', '1.5']]] as [$m, $reply]) {
    $a = $r($m, [], $reply);
    $b = $r($m, ['x', 'WITHSCORES', 'NOVALUES', 'STREAM', 'LIST'], $reply, ['x', true]);
    echo $m, ': ', $a === $b ? 'same' : "differs: $a / $b", "\n";
}
?>
--EXPECT--
{"a":"1"} ["a","1"]
["0",{"f":"v"}] ["0",["f","v"]]
{"m":"2"} ["m","2"]
[1,2] ["int8","\u0001",1]
[{"id":"1","name":"a"}] "id=1 name=a\n"
[{"a":0.5}] [["a","0.5"]] [{"a":0.5}] [["a","0.5"]]
"{\"a\":1}" {"a":1}
hgetall: same
zscan: same
xrange: same
bzpopmin: same
info: same
hrandfield: same
vsetattr: same
increx: same
