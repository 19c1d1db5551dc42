--TEST--
Predis v3 compatibility: RedisClusterPool::predisArgs() rewrites arguments exactly as Predis v3's setArguments() does (whole corpus, quirks and errors included)
--EXTENSIONS--
redis_cluster_pool
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/predis_corpus.inc';
rcp_compat_require_predis();   // RCP_PREDIS3_AUTOLOAD: fails (never skips) without it
$corpus = rcp_compat_corpus();
[$nArgs, $argDiffs] = rcp_compat_run($corpus);
foreach ($argDiffs as $d) {
    echo "DIFF $d\n";
}
echo $nArgs >= 1350 ? "corpus >= 1350 argument cases\n" : "corpus too small: $nArgs argument cases\n";
echo 'argument lists identical: ', $argDiffs ? count($argDiffs) . " of $nArgs differ" : 'all', "\n";
// the caller's arrays are never modified (filtered and pass-through commands alike)
$in = ['k', ['a' => 1]];
$out = RedisClusterPool::predisArgs('zadd', $in);
$in2 = [['x', 'y']];
$out2 = RedisClusterPool::predisArgs('mget', $in2);
$in3 = ['k', 'v'];
$out3 = RedisClusterPool::predisArgs('get', $in3);
var_dump($in === ['k', ['a' => 1]], $in2 === [['x', 'y']], $in3 === ['k', 'v'], $out, $out2 === ['x', 'y'], $out3 === ['k', 'v']);
?>
--EXPECT--
corpus >= 1350 argument cases
argument lists identical: all
bool(true)
bool(true)
bool(true)
array(3) {
  [0]=>
  string(1) "k"
  [1]=>
  string(1) "1"
  [2]=>
  string(1) "a"
}
bool(true)
bool(true)
