--TEST--
Docs: the README's reference tables list exactly what the code accepts: the constructor's options and parameters (the table under "Constructor" against the names the constructor's own "Unknown option/parameter" messages list), the keys of parameters.ssl (the table under "TLS"), and the php.ini settings (names, defaults, which are PHP_INI_SYSTEM) against ini_get_all()
--EXTENSIONS--
redis_cluster_pool
--FILE--
<?php
require __DIR__ . '/docs.inc';

/** The names a refusal lists: "Unknown option "x" (known: a, b, c)" gives [a, b, c]. */
function known(callable $make): array
{
    try {
        $make();
    } catch (RedisClusterPool\InvalidArgumentException $e) {
        if (preg_match('/(?:\(|; )known: ([^)]*?)\)?$/', $e->getMessage(), $m)) return preg_split('/,\s*/', $m[1]);
        echo "no list of known names in: ", $e->getMessage(), "\n";
        return [];
    }
    echo "not refused\n";
    return [];
}

function compare(string $what, array $doc, array $code): void
{
    sort($doc);
    sort($code);
    if ($doc === $code) {
        echo "$what: the README lists exactly the ", count($code), " the code accepts\n";
        return;
    }
    echo "$what: differ\n";
    foreach (array_diff($code, $doc) as $n) echo "  accepted but not in the README: $n\n";
    foreach (array_diff($doc, $code) as $n) echo "  in the README but not accepted: $n\n";
}

// the constructor's options: the table's first column, `parameters.x` for the keys of option "parameters"
$doc = array_merge(...array_map(fn($r) => rcp_doc_cell_names($r[0]), rcp_doc_table('README.md', 'Constructor', 2)));
$options = known(fn() => new RedisClusterPool(['127.0.0.1:1'], ['rcp_doc_no_such_option' => 1]));
$params = known(fn() => new RedisClusterPool(['127.0.0.1:1'], ['parameters' => ['rcp_doc_no_such_parameter' => 1]]));
// ("parameters" itself is the option holding the parameters.x rows)
compare('options', array_values(array_unique(array_map(fn($n) => str_starts_with($n, 'parameters.') ? 'parameters' : $n, $doc))), $options);
compare('parameters', array_values(array_map(fn($n) => substr($n, 11), array_filter($doc, fn($n) => str_starts_with($n, 'parameters.')))),
    $params);
// and each is really accepted with a value of its kind (the list is not just a message)
$values = ['parameters' => [], 'prefix' => 'app:', 'exceptions' => false, 'persistent' => false, 'read' => 'primary',
    'zone' => 'z1', 'deadline' => 1.0, 'cluster' => 'redis'];
$paramValues = ['username' => 'u', 'password' => 'p', 'timeout' => 1.0, 'read_write_timeout' => 1.0, 'database' => 0,
    'scheme' => 'tcp', 'ssl' => null];
foreach ($options as $o) {
    try { new RedisClusterPool(['127.0.0.1:1'], [$o => $values[$o] ?? null]); } catch (Throwable $e) { echo "option $o: ", $e->getMessage(), "\n"; }
}
foreach ($params as $p) {
    try { new RedisClusterPool(['127.0.0.1:1'], ['parameters' => [$p => $paramValues[$p] ?? null] + ($p === 'username' ? ['password' => 'p'] : [])]); }
    catch (Throwable $e) { echo "parameter $p: ", $e->getMessage(), "\n"; }
}

// parameters.ssl: the keys table of "TLS"
$doc = array_merge(...array_map(fn($r) => rcp_doc_cell_names($r[0]), rcp_doc_table('README.md', 'TLS', 1)));
compare('parameters.ssl keys', $doc, known(fn() => new RedisClusterPool(['tls://127.0.0.1:1'], ['parameters' => ['ssl' => ['rcp_doc_no_such_key' => 1]]])));

// php.ini settings: every one in the table, with its default, PHP_INI_SYSTEM said of exactly those that are
$ini = ini_get_all('redis_cluster_pool');
$rows = [];
foreach (rcp_doc_table('README.md', 'php.ini settings') as $r) $rows[rcp_doc_cell_names($r[0])[0]] = $r;
compare('php.ini settings', array_keys($rows), array_keys($ini));
foreach ($ini as $name => $v) {
    if (!isset($rows[$name])) continue;
    $default = $rows[$name][1] === '(empty)' ? '' : $rows[$name][1];
    if ($default !== (string) $v['global_value']) echo "$name: the README's default is '{$rows[$name][1]}', the extension's '{$v['global_value']}'\n";
    $system = $v['access'] === INI_SYSTEM;
    if ($system !== str_contains($rows[$name][2], 'PHP_INI_SYSTEM')) {
        echo "$name: is ", $system ? '' : 'not ', "PHP_INI_SYSTEM, the README ", $system ? 'does not say so' : 'says it is', "\n";
    }
}
?>
--EXPECT--
options: the README lists exactly the 9 the code accepts
parameters: the README lists exactly the 7 the code accepts
parameters.ssl keys: the README lists exactly the 12 the code accepts
php.ini settings: the README lists exactly the 19 the code accepts
