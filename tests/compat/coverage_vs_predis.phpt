--TEST--
Predis v3 compatibility: every command class of the installed Predis v3 (3.7) whose setArguments() or parseResponse() does more than store / return has cases in the differential corpus (so a port that is missing or wrong fails args_vs_predis / replies_vs_predis); the module commands left raw are counted
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/predis_corpus.inc';
rcp_compat_require_predis();   // RCP_PREDIS3_AUTOLOAD: fails (never skips) without it
$args = $replies = [];
foreach (rcp_compat_corpus() as $case) {
    $args[strtolower($case[0])] = true;
    if (array_key_exists(2, $case)) $replies[strtolower($case[0])] = true;
}
// Parsers that only convert Relay's (RESP3) maps or return RESP2 data as it is: nothing to port (docs/PREDIS_COMPAT.md)
$relayOnly = ['acl', 'command', 'function', 'xreadgroup', 'xreadgroup_claim', 'zrangebylex', 'zrevrangebylex'];
$base = ['Predis\Command\Command', 'Predis\Command\PrefixableCommand', 'Predis\Command\RedisCommand'];
$dir = dirname((new ReflectionClass(Predis\Command\Redis\GET::class))->getFileName());
$noArgs = $noReply = $modules = [];
$n = 0;
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS)) as $f) {
    $rel = substr($f->getPathname(), strlen($dir) + 1, -4);
    $class = 'Predis\Command\Redis\\' . str_replace('/', '\\', $rel);
    if (!class_exists($class)) continue;
    $r = new ReflectionClass($class);
    if ($r->isAbstract() || !$r->implementsInterface(Predis\Command\CommandInterface::class)) continue;
    if (str_contains($rel, '/')) {
        // AbstractCommand/ holds bases, Utils/ helpers; the others are modules (Json, Search, TimeSeries, ...)
        if (!in_array(explode('/', $rel)[0], ['AbstractCommand', 'Utils'], true)) $modules[explode('/', $rel)[0]][] = $r->getShortName();
        continue;
    }
    $n++;
    $method = ['FUNCTIONS' => 'function'][$r->getShortName()] ?? strtolower(rtrim($r->getShortName(), '_'));
    if (!in_array($r->getMethod('setArguments')->getDeclaringClass()->getName(), $base, true) && !isset($args[$method])) {
        $noArgs[] = $method;
    }
    if (!in_array($r->getMethod('parseResponse')->getDeclaringClass()->getName(), $base, true)
        && !in_array($method, $relayOnly, true) && !isset($replies[$method])) {
        $noReply[] = $method;
    }
}
echo "Predis ", Predis\Client::VERSION, ": ", $n >= 270 ? ">= 270" : $n, " Redis command classes\n";
echo "with an argument filter but no case in the corpus: ", $noArgs ? implode(', ', $noArgs) : 'none', "\n";
echo "with a reply parser but no reply case in the corpus: ", $noReply ? implode(', ', $noReply) : 'none', "\n";
ksort($modules);
echo "module commands left raw (docs/PREDIS_COMPAT.md): ", implode(', ', array_map(fn($m) => "$m " . count($modules[$m]), array_keys($modules))), "\n";
?>
--EXPECTF--
Predis 3.%s: >= 270 Redis command classes
with an argument filter but no case in the corpus: none
with a reply parser but no reply case in the corpus: none
module commands left raw (docs/PREDIS_COMPAT.md): BloomFilter %d, CountMinSketch %d, CuckooFilter %d, Json %d, Search %d, TDigest %d, TimeSeries %d, TopK %d
