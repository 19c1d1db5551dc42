--TEST--
Predis v3 compatibility: RedisClusterPool::predisReply() shapes raw replies exactly as Predis v3's parseResponse() does; odd shapes Predis cannot parse cleanly are left as they are
--EXTENSIONS--
redis_cluster_pool
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/predis_corpus.inc';
rcp_compat_require_predis();   // RCP_PREDIS3_AUTOLOAD: fails (never skips) without it
$corpus = rcp_compat_corpus();
[, $argDiffs, $nReplies, $replyDiffs] = rcp_compat_run($corpus);
foreach ($replyDiffs as $d) {
    echo "DIFF $d\n";
}
echo $argDiffs ? count($argDiffs) . " argument cases differ (see args_vs_predis.phpt)\n" : '';
echo $nReplies >= 430 ? "corpus >= 430 reply cases\n" : "corpus too small: $nReplies reply cases\n";
echo 'replies identical: ', $replyDiffs ? count($replyDiffs) . " of $nReplies differ" : 'all', "\n";

// status and error objects (top level) are never touched; nested errors stay objects
$st = new RedisClusterPool\Status('OK');
var_dump(RedisClusterPool::predisReply('hgetall', ['h'], $st) === $st);
$e = new RedisClusterPool\Error('ERR x');
$r = RedisClusterPool::predisReply('xrange', ['x', '-', '+'], [['1-1', ['f', $e]]]);
var_dump($r['1-1']['f'] === $e);
// the caller's raw reply is converted in a copy
$raw = ['f', 'v'];
RedisClusterPool::predisReply('hgetall', ['h'], $raw);
var_dump($raw === ['f', 'v']);
// binary-safe keys and values, integer-like members become integer keys as in PHP
var_dump(RedisClusterPool::predisReply('zrange', ['z', '0', '-1', 'WITHSCORES'], ["a\0b", '1', '42', "2\0"]));
?>
--EXPECTF--
corpus >= 430 reply cases
replies identical: all
bool(true)
bool(true)
bool(true)
array(2) {
  ["a%0b"]=>
  string(1) "1"
  [42]=>
  string(2) "2%0"
}
