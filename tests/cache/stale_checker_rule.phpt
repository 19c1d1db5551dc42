--TEST--
Read cache (issue 23), the staleness checker's rule on a made-up history (tests/cache/stale_checker.inc): a value is stale when a later acknowledged version (or a FLUSHALL sent after its acknowledgement) was acknowledged more than the bound before the read began; writes of unknown outcome and refused writes never count as overwriting; nil is explained only by a FLUSHALL; a value nobody wrote (a refused version, a version never written, not a version, nil with no FLUSHALL) is wrong; the lag is the read's start minus the earliest overwriting acknowledgement
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/stale_checker.inc';
$dir = sys_get_temp_dir() . '/rcp-stale-rule-' . getmypid();
@mkdir($dir);
// the writer's log: key version send outcome (ack time, 0 unknown, -1 refused); times in ns
file_put_contents("$dir/writer.log", implode("\n", [
    '0 1 100 200', '1 1 100 150', '0 2 300 400', '0 3 500 0', '0 4 600 -1', '0 5 700 800', '1 2 1000 1100']) . "\n");
$reads = [
    ['get 0 1 450 460', 'v1, overwritten by v2 50 ns before: within the bound'],
    ['get 0 1 550 560', 'v1, overwritten 150 ns before: stale'],
    ['mget 0 2 1000 1010', 'v2: v3 unknown and v4 refused do not count, v5 acknowledged 200 ns before: stale'],
    ['get 0 3 850 860', 'v3 (outcome unknown), v5 acknowledged 50 ns before: within'],
    ['get 0 4 900 910', 'v4 was refused: wrong'],
    ['get 0 9 900 910', 'v9 never written: wrong'],
    ['hget 1 - 990 995', 'nil after the FLUSHALL, v2 not acknowledged yet: fresh'],
    ['hget 1 - 1250 1260', 'nil, v2 (sent after the FLUSHALL) acknowledged 150 ns before: stale'],
    ['hget 1 - 50 60', 'nil with no FLUSHALL before: wrong'],
    ['hmget 1 1 960 970', 'v1, flushed by the FLUSHALL acknowledged 10 ns before: within'],
    ['hmget 1 1 1200 1210', 'v1, flushed 250 ns before (v2 only 100 ns): stale'],
    ['get 0 ?%22x%22 900 910', 'not a version: wrong'],
    ['pipe 0 5 850 855', 'v5, the newest: fresh'],
    ['get 0 5 2000 2010', 'v5, flushed by the FLUSHALL acknowledged 1,050 ns before: stale'],
    ['get 0 - 2000 2010', 'nil: nothing written to the key since the FLUSHALL: fresh'],
    ['get 0 5 20000 20010', 'after the phase: not counted'],
];
file_put_contents("$dir/reads", implode("\n", array_column($reads, 0)) . "\nE RedisClusterPool\\ConnectionException: a failed read\n");
$c = new StaleChecker(100, [['one', 0, 10000]]);
echo "writes: ", $c->load("$dir/writer.log", 2), "\n";
$c->flush(900, 950);
$c->check("$dir/reads", new StaleKeys('t', 2, 0));
$s = $c->summary()['one'];
printf("reads %d, stale %d, wrong %d, overwritten %d\n", $s['reads'], $s['stale'], $s['wrong'], $s['overwritten_reads']);
foreach ($c->examples as $e) echo $e['kind'], ' ', $e['op'], ' ', $e['key'], ' ', $e['seen'], isset($e['why']) ? ": {$e['why']}" : sprintf(': %d ns', round($e['lag_ms'] * 1e6)), "\n";

// a log whose versions of a key are not in order is refused (the writer writes a key's versions one after the other)
file_put_contents("$dir/bad.log", "0 2 100 200\n");
try {
    (new StaleChecker(100, []))->load("$dir/bad.log", 1);
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
writes: 7
reads 15, stale 5, wrong 4, overwritten 8
stale get stt:s:0 1: 150 ns
stale mget stt:s:0 2: 200 ns
wrong get stt:s:0 4: version 4 was refused by the server (MOVED/READONLY): never applied
wrong get stt:s:0 9: version 9 was never written
stale hget stt:s:1 -: 150 ns
wrong hget stt:s:1 -: nil, and no FLUSHALL was sent before the read ended
stale hmget stt:s:1 1: 250 ns
wrong get stt:s:0 ?%22x%22: not a version: "x"
stale get stt:s:0 5: 1050 ns
writer log: key 0 version 2 out of order
