--TEST--
Docs: the README's ACL user, created exactly as its "Authentication and ACL" block says (line by line, on every node of the test cluster), runs each feature's README example once that feature's line is applied (the "Use" pool, transactions, scripts, replica reads, the session setup with locking, PUBLISH, pub/sub, CLIENT SETINFO), and before it is refused the way the README's table says (a transaction: ServerException NOPERM and nothing applied; replica reads: answered by the primary and counted)
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/docs.inc';

// the README's block of ACL SETUSER lines, each with the "# feature" comment above it
$block = null;
foreach (rcp_doc_blocks(['']) as $b) {
    if ($b['file'] === 'README.md' && str_starts_with((string) $b['marker'], 'acl-users')) $block = $b;
}
if (!$block) { echo "README.md has no block marked <!-- acl-users ... -->\n"; exit(1); }
$lines = [];
$feature = null;
foreach (explode("\n", trim($block['code'])) as $l) {
    if (str_starts_with($l, '#')) { $feature = trim(substr($l, 1)); continue; }
    $argv = preg_split('/\s+/', trim($l));
    if (strtoupper($argv[0]) !== 'ACL' || strtoupper($argv[1]) !== 'SETUSER') { echo "not an ACL SETUSER line: $l\n"; exit(1); }
    $lines[] = [$feature, $argv];
}
$user = $lines[0][1][2];
$password = substr((string) current(preg_grep('/^>/', $lines[0][1])), 1);
$creds = ['REDIS_USERNAME' => $user, 'REDIS_PASSWORD' => $password];
$nodes = rcp_seeds();   // every node, replicas included: ACL users are per node
$acl = function (array $argv) use ($nodes): array {
    $r = [];
    foreach ($nodes as $n) $r[$n] = rcp_raw($n)->cmd(...$argv);
    return $r;
};
$acl(['ACL', 'DELUSER', $user]);
register_shutdown_function(fn() => $acl(['ACL', 'DELUSER', $user]));
$before = rcp_doc_keys();
$seeds = rcp_seeds();

/** A README block as the ACL user: 'ok', or how it was refused ("ServerException NOPERM"). */
$run = function (array $block, string $after = '') use ($seeds, $creds): string {
    $r = rcp_doc_run_cli($block, $seeds, $creds, 'try {', "$after\n} catch (RedisClusterPool\\Exception \$e) { echo 'REFUSED ', "
        . "(new ReflectionClass(\$e))->getShortName(), ' ', method_exists(\$e, 'getErrorType') ? \$e->getErrorType() : '-', "
        . "str_contains(\$e->getMessage(), '+readonly') ? ' naming +readonly' : '', \"\\n\"; }");
    if (preg_match('/^REFUSED (.*)$/m', $r['out'], $m) && $r['rc'] === 0 && trim($r['err']) === '') return "refused: $m[1]";
    return rcp_doc_failure($r) ?? 'ok';
};
// the session setup: the README's php.ini lines (seeds substituted), then a session started, written and read back
$ini = parse_ini_string(rcp_doc_substitute(rcp_doc_block('README.md', 'Sessions', 1, 'ini')['code'], $seeds), false, INI_SCANNER_RAW);
$session = function () use ($ini, $creds): string {
    $args = ['-d', 'session.use_cookies=0', '-d', 'session.cache_limiter='];
    foreach ($ini as $k => $v) array_push($args, '-d', "$k=\"$v\"");   // quoted, as in the README
    $file = sys_get_temp_dir() . '/doc-session-' . getmypid() . '.php';
    file_put_contents($file, '<?php ob_start(); session_id("docacl" . bin2hex(random_bytes(8))); $ok = session_start(); '
        . 'if ($ok) { $_SESSION["n"] = ($_SESSION["n"] ?? 0) + 1; session_write_close(); session_start(); $n = $_SESSION["n"]; session_destroy(); } '
        . 'ob_end_clean(); echo $ok ? "read back: $n" : "session_start() false", "\n";');
    $r = rcp_doc_php($file, $args, $creds);
    unlink($file);
    if (trim($r['out']) === 'session_start() false' && str_contains($r['err'], 'NOPERM')) return 'refused: session_start() false, NOPERM';
    return rcp_doc_failure($r) ?? (trim($r['out']) === 'read back: 1' ? 'ok' : 'wrong: ' . trim($r['out']));
};
$snippet = fn(string $code) => ['id' => 'acl_users.phpt', 'code' => $code];
/** The README's transaction refused (no +multi: ServerException NOPERM), and whether any of its writes landed. */
$txBefore = function () use ($run, $snippet, $seeds, $creds): string {
    $refused = $run(rcp_doc_block('README.md', 'Transactions'));
    $r = rcp_doc_run_cli($snippet("echo 'KEYS ', json_encode([\$redis->get('cart:{42}:total'), \$redis->get('cart:{42}:items')]), \"\\n\";"),
        $seeds, $creds);
    $keys = preg_match('/^KEYS (.*)$/m', $r['out'], $m) ? $m[1] : (rcp_doc_failure($r) ?? 'no output');
    return "$refused, " . ($keys === '[null,null]' ? 'nothing applied' : "APPLIED: $keys");
};
/** The README's replica read without +readonly: answered by the primary once the replica refused READONLY. */
$replicaBefore = function () use ($seeds, $creds): string {
    $r = rcp_doc_run_cli(rcp_doc_block('README.md', 'Reads from replicas'), $seeds, $creds, '',
        "echo 'FALLBACKS ', \$replicas->stats()['cluster']['read_auth_fallbacks'], \"\\n\";");
    if ($f = rcp_doc_failure($r)) return $f;
    return preg_match('/^FALLBACKS (\d+)$/m', $r['out'], $m) && $m[1] > 0
        ? 'ok, answered by the primary after the replica refused READONLY (read_auth_fallbacks)' : 'ok, but no fallback: ' . trim($r['out']);
};
$hasSetinfo = ($i = rcp_raw($nodes[0])->cmd('COMMAND', 'INFO', 'CLIENT|SETINFO')) && $i[0] !== null;
/** lib-name of the ACL user's connections in CLIENT LIST while a pool of that user works ('' when none has one). */
$libName = function () use ($seeds, $creds, $snippet, $user): string {
    $r = rcp_doc_run_cli($snippet("\$redis->dbsize();   // every primary: connections opened after the discovery\nrequire_once " . var_export(__DIR__ . '/../cluster.inc', true) . ";\n"
        . "\$names = [];\nforeach (rcp_seeds() as \$n) foreach (explode(\"\\n\", rcp_raw(\$n)->cmd('CLIENT', 'LIST')) as \$c) {\n"
        . "    if (str_contains(\$c, ' user=$user ')) \$names[] = preg_match('/ lib-name=(\\S*)/', \$c, \$m) ? \$m[1] : '';\n}\n"
        . "echo 'LIB ', implode(',', array_unique(\$names)), \"\\n\";"), $seeds, $creds);
    return rcp_doc_failure($r) ?? (preg_match('/^LIB (.*)$/m', $r['out'], $m) ? $m[1] : 'no output');
};
// replica reads: answered with or without +readonly (a replica that refuses READONLY sends the read to the primary);
// poolStats() counts the reads that fell back so
$replicaRead = function () use ($seeds, $creds): string {
    $r = rcp_doc_run_cli(rcp_doc_block('README.md', 'Reads from replicas'), $seeds, $creds, '', "\necho 'FALLBACKS ', "
        . "array_sum(array_map(fn(\$c) => \$c['counters']['read_auth_fallbacks'], RedisClusterPool::poolStats()['clusters'])), \"\\n\";");
    return rcp_doc_failure($r) ?? (preg_match('/^FALLBACKS (\d+)$/m', $r['out'], $m) ? "answered, read_auth_fallbacks $m[1]" : 'no output');
};

// feature (the README's comment) => [its example, run before the line or null, run after]
$examples = [
    'every pool' => [null, fn() => $run(rcp_doc_block('README.md', 'Use'), "if (\$redis->stats()['cluster']['commands']['source'] !== 'server' "
        . "|| \$redis->stats()['cluster']['topology_from'] !== 'CLUSTER SHARDS') fwrite(STDERR, json_encode(\$redis->stats()['cluster']));")],
    'transactions' => [$txBefore, fn() => $run(rcp_doc_block('README.md', 'Transactions'))],
    'scripts' => [fn() => $run(rcp_doc_block('README.md', 'Scripts')), fn() => $run(rcp_doc_block('README.md', 'Scripts'))],
    'replica reads' => [$replicaRead, $replicaRead],
    'sessions' => [$session, $session],
    'PUBLISH' => [fn() => $run($snippet("\$redis->publish('app:events', 'hello');\n\$redis->spublish('app:events', 'hello');")),
        fn() => $run($snippet("\$redis->publish('app:events', 'hello');\n\$redis->spublish('app:events', 'hello');"))],
    'pub/sub' => [fn() => $run(rcp_doc_block('README.md', 'Pub/sub')), fn() => $run(rcp_doc_block('README.md', 'Pub/sub'))],
    "the library's name" => [$libName, $libName],
];
foreach ($lines as [$feature, $argv]) {
    $key = current(array_filter(array_keys($examples), fn($k) => str_starts_with((string) $feature, $k)));
    if ($key === false) { echo "no example for the README's feature \"$feature\": add it to this test\n"; continue; }
    [$beforeRun, $afterRun] = $examples[$key];
    $pre = $beforeRun ? $beforeRun() : null;
    $set = $acl($argv);
    $refused = array_filter($set, fn($r) => $r instanceof RcpRawError);
    if ($key === "the library's name") {
        // Redis 7.2+ and Valkey: the line works and CLIENT LIST shows the name; Redis 7.0 refuses the line
        $post = $afterRun();
        // (the connection that discovered the cluster was opened before the table said the server has SETINFO)
        $asSaid = $hasSetinfo ? !$refused && $pre === '' && in_array('redis_cluster_pool', explode(',', $post), true)
            : count($refused) === count($nodes);
        echo "$feature: ", $asSaid ? 'as the README says' : 'not as the README says: refused by ' . count($refused)
            . " nodes, lib-name before: '$pre', after: '$post'", "\n";
        continue;
    }
    if ($refused) { echo "$feature: the line was refused: ", current($refused)->message, "\n"; continue; }
    echo "$feature:", $pre !== null ? " before the line: $pre;" : '', " after: ", $afterRun(), "\n";
}
rcp_doc_cleanup($before);
?>
--EXPECT--
every pool (topology, command table, ASK redirects) and the application's own commands and keys: after: ok
transactions: before the line: refused: ServerException NOPERM, nothing applied; after: ok
scripts: before the line: refused: ServerException NOPERM; after: ok
replica reads: before the line: answered, read_auth_fallbacks 1; after: answered, read_auth_fallbacks 0
sessions, with locking: before the line: refused: session_start() false, NOPERM; after: ok
PUBLISH: before the line: refused: ServerException NOPERM; after: ok
pub/sub: pubSubLoop(): before the line: refused: ServerException NOPERM; after: ok
the library's name in CLIENT LIST: Redis 7.2+ and Valkey (Redis 7.0 refuses this line): as the README says
