--TEST--
Blocking commands whose own timeout is longer than read_write_timeout (1 s here) get the server's answer at that timeout instead of a TimeoutException: BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BZPOPMIN, BZPOPMAX, BZMPOP, BLMPOP, XREAD BLOCK, XREADGROUP BLOCK alone, BLPOP in a pipeline, WAIT after a write in a pipeline and a transaction; a value pushed while BLPOP 0 ("forever") or BLPOP 30 waits is returned, not lost; a command that does not block keeps read_write_timeout (a GET on a paused node times out) (gh21 follow-up item 4)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
rcp_pool()->get('x');        // the cluster discovered with the default timeouts (the entry is shared)
$p = rcp_pool(['parameters' => ['read_write_timeout' => 1.0]]);
$p->del('blk:{1}a', 'blk:{1}b', 'blk:{1}z', 'blk:{1}s', 'blk:{1}x');
$p->executeRaw(['XGROUP', 'CREATE', 'blk:{1}s', 'g', '$', 'MKSTREAM']);
$try = function (string $what, callable $f) {
    try {
        $r = $f();
        echo "$what: ", json_encode($r), "\n";
    } catch (RedisClusterPool\Exception $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
};
// each waits 1.5-2 s on the server (empty keys), longer than read_write_timeout: the server's nil comes back
$try('BLPOP 2', fn() => $p->blpop(['blk:{1}a'], 2));
$try('BRPOP 1.5', fn() => $p->brpop(['blk:{1}a', 'blk:{1}b'], 1.5));
$try('BLMOVE 1.5', fn() => $p->blmove('blk:{1}a', 'blk:{1}b', 'LEFT', 'RIGHT', 1.5));
$try('BRPOPLPUSH 1.5', fn() => $p->brpoplpush('blk:{1}a', 'blk:{1}b', 1.5));
$try('BZPOPMIN 1.5', fn() => $p->bzpopmin(['blk:{1}z'], 1.5));
$try('BZPOPMAX 1.5', fn() => $p->bzpopmax(['blk:{1}z'], 1.5));
$try('BZMPOP 1.5', fn() => $p->bzmpop(1.5, ['blk:{1}z'], 'min'));
$try('BLMPOP 1.5', fn() => $p->blmpop(1.5, ['blk:{1}a'], 'left'));
$try('XREAD BLOCK 1500', fn() => $p->executeRaw(['XREAD', 'COUNT', '1', 'BLOCK', '1500', 'STREAMS', 'blk:{1}s', '$']));
$try('XREADGROUP BLOCK 1500', fn() => $p->executeRaw(['XREADGROUP', 'GROUP', 'g', 'c', 'BLOCK', '1500', 'STREAMS', 'blk:{1}s', '>']));
$try('pipeline with BLPOP 1.5', fn() => array_map('strval', $p->pipeline(fn($q) => $q->set('blk:{1}x', '1')->blpop(['blk:{1}a'], 1.5)->get('blk:{1}x'))));
// WAIT for more replicas than there are: it waits its whole timeout, then says how many acknowledged
$try('pipeline with WAIT 5 1500', fn() => array_map('strval', $p->pipeline(fn($q) => $q->set('blk:{1}x', '2')->wait(5, 1500))));
$try('transaction with WAIT 5 1500', fn() => array_map('strval', $p->transaction(fn($t) => $t->set('blk:{1}x', '3')->wait(5, 1500))));

// a value pushed while the command waits is returned (a php of its own pushes it after a second)
$push = fn(string $key, string $value) => proc_open([PHP_BINARY, '-n', '-r', 'require ' . var_export(__DIR__ . '/../cluster.inc', true)
    . '; usleep(1000000); rcp_raw(' . var_export(rcp_owner_of_slot(RedisClusterPool::keySlot($key)), true) . ')->cmd("RPUSH", '
    . var_export($key, true) . ', ' . var_export($value, true) . ');'], [], $pipes);
foreach (['BLPOP 0 (forever)' => 0, 'BLPOP 30' => 30] as $what => $timeout) {
    $child = $push('blk:{1}a', 'v');
    $try($what, fn() => $p->blpop(['blk:{1}a'], $timeout));
    proc_close($child);
}
echo "nothing left behind: ", json_encode($p->lrange('blk:{1}a', 0, -1)), "\n";

// a command that does not block still gets read_write_timeout: a GET on a node whose clients are paused for 1.5 s
// (CLIENT PAUSE from a connection of the test's own) times out at 1 s
rcp_raw(rcp_owner_of_slot(RedisClusterPool::keySlot('blk:{1}x')))->cmd('CLIENT', 'PAUSE', '1500', 'ALL');
$try('GET on a node paused 1.5 s', fn() => $p->get('blk:{1}x'));
usleep(700000);             // the pause is over before the cleanup
rcp_pool()->del('blk:{1}a', 'blk:{1}b', 'blk:{1}z', 'blk:{1}s', 'blk:{1}x');
?>
--EXPECTF--
BLPOP 2: null
BRPOP 1.5: null
BLMOVE 1.5: null
BRPOPLPUSH 1.5: null
BZPOPMIN 1.5: null
BZPOPMAX 1.5: null
BZMPOP 1.5: null
BLMPOP 1.5: null
XREAD BLOCK 1500: null
XREADGROUP BLOCK 1500: null
pipeline with BLPOP 1.5: ["OK","","1"]
pipeline with WAIT 5 1500: ["OK","1"]
transaction with WAIT 5 1500: ["OK","1"]
BLPOP 0 (forever): ["blk:{1}a","v"]
BLPOP 30: ["blk:{1}a","v"]
nothing left behind: []
GET on a node paused 1.5 s: RedisClusterPool\TimeoutException: timed out waiting for %s (command GET)
