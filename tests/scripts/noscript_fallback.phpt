--TEST--
Scripts: EVAL/EVALSHA/FCALL route by their declared keys; EVALSHA answered NOSCRIPT (script cache flushed, as after a restart or failover) is re-sent as EVAL when this process has seen the body (EVAL or SCRIPT LOAD), alone and in a pipeline; an unknown SHA stays a NOSCRIPT ServerException
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/../cluster.inc';
$pool = rcp_pool();
[$a, $b, $c] = rcp_primaries();
$kb = rcp_key_on($b, 'scr');
$kc = rcp_key_on($c, 'scr');
$lua = "redis.call('SET', KEYS[1], ARGV[1]); return redis.call('GET', KEYS[1])";
$sha = sha1($lua);

// routed by the key: the value is on the key's owner
var_dump($pool->eval($lua, 1, $kb, 'one'));
var_dump((new RcpRaw($b))->cmd('GET', $kb));

function flush_scripts(): void { foreach (rcp_primaries() as $p) (new RcpRaw($p))->cmd('SCRIPT', 'FLUSH'); }
function evals(): int {
    $n = 0;
    foreach (rcp_primaries() as $p) {
        $n += preg_match('/cmdstat_eval:calls=(\d+)/', (new RcpRaw($p))->cmd('INFO', 'commandstats'), $m) ? (int) $m[1] : 0;
    }
    return $n;
}
flush_scripts();
$e0 = evals();
var_dump($pool->evalsha($sha, 1, $kc, 'two'));              // NOSCRIPT on C -> EVAL with the body
var_dump(evals() - $e0, $pool->stats()['cluster']['noscript_fallbacks']);
var_dump($pool->evalsha(strtoupper($sha), 1, $kc, 'three')); // C has it again now: no EVAL
var_dump(evals() - $e0);

// learned from SCRIPT LOAD (sent to every primary), used after a flush, inside a pipeline
$ro = "return redis.call('GET', KEYS[1])";
$fresh = rcp_pool();
var_dump($fresh->script('load', $ro) === sha1($ro));
flush_scripts();
var_dump($fresh->pipeline(function ($p) use ($ro, $kb, $kc) {
    $p->evalsha(sha1($ro), 1, $kb);
    $p->get($kb);
    $p->evalsha_ro(sha1($ro), [$kc]);
}));

// never seen: NOSCRIPT as the server said it
try {
    $pool->evalsha(sha1('return 1 + 1'), 1, $kb);
} catch (RedisClusterPool\ServerException $e) {
    echo get_class($e), ": ", $e->getErrorType(), "\n";
}
// scripts are keyed like any command: keys of two slots are refused before anything is sent
try {
    $pool->eval($lua, 2, $kb, $kc, 'x');
} catch (RedisClusterPool\ClusterException $e) {
    echo get_class($e), ": ", strstr($e->getMessage(), "(", true), "\n";
}
// FCALL routes by its keys too
$pool->function('load', 'REPLACE', "#!lua name=rcptest\nredis.register_function('rcp_get', function(keys) return redis.call('GET', keys[1]) end)");
var_dump($pool->fcall('rcp_get', [$kb]));
$pool->del($kb, $kc);
?>
--EXPECT--
string(3) "one"
string(3) "one"
string(3) "two"
int(1)
int(1)
string(5) "three"
int(1)
bool(true)
array(3) {
  [0]=>
  string(3) "one"
  [1]=>
  string(3) "one"
  [2]=>
  string(5) "three"
}
RedisClusterPool\ServerException: NOSCRIPT
RedisClusterPool\ClusterException: EVAL: keys hash to different slots 
string(3) "one"
