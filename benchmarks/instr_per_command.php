<?php
/*
 * Noise-free client cost: instructions per command of this extension under callgrind (valgrind), from the
 * difference between a run with N commands and one with 0 (startup, discovery and connects cancel out).
 *   php benchmarks/instr_per_command.php ENV_FILE [N=2000] [INI=...]   (INI: extra -d settings, e.g.
 *                                                                    redis_cluster_pool.metrics=0)
 * prints, for that cluster: instructions per GET on one hot key, per GET rotating over keys on every primary,
 * per MGET-10 over 3 primaries. ENV_FILE: an env written by tests/cluster/cluster.sh or scale_cluster.sh.
 */
require __DIR__ . '/lib.inc';
[$_, $env] = $argv;
$n = (int) ($argv[2] ?? 2000);
$ini = array_slice($argv, 3);
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');   // run.sh: the build of this platform
$seeds = parse_ini_file($env)['RCP_TEST_SEEDS'];
putenv("RCP_TEST_SEEDS=$seeds"); putenv('RCP_TEST_PRIMARIES=' . parse_ini_file($env)['RCP_TEST_PRIMARIES']);
$seeds = implode(',', array_slice(explode(',', $seeds), 0, 3));   // a few seeds (at most 64 allowed)
$pool = new RedisClusterPool(explode(',', $seeds));
$all = explode(',', parse_ini_file($env)['RCP_TEST_PRIMARIES']);
$spread = spread_keys($pool, 200, 'ipc', $all);
$three = spread_keys($pool, 10, 'ipc3', array_slice($all, 0, 3));
$script = <<<'PHP'
    [$seeds, $spread, $three, $op, $n] = json_decode($argv[1], true);
    $p = new RedisClusterPool(explode(',', $seeds));
    foreach ($spread as $k) $p->get($k);            // every connection opened before counting
    $p->mget($three);
    for ($i = 0; $i < $n; $i++) match ($op) {
        'get_hot' => $p->get($spread[0]),
        'get_spread' => $p->get($spread[$i % count($spread)]),
        'mget10_3n' => $p->mget($three),
    };
    PHP;
$ir = function (string $op, int $count) use ($so, $seeds, $spread, $three, $script, $ini): int {
    $out = tempnam(sys_get_temp_dir(), 'cg');
    $arg = json_encode([$seeds, $spread, $three, $op, $count]);
    exec('valgrind --tool=callgrind --callgrind-out-file=' . escapeshellarg($out) . ' ' . escapeshellarg(PHP_BINARY) . ' -n -d ' . escapeshellarg("extension=$so")
        . implode('', array_map(fn($d) => ' -d ' . escapeshellarg($d), $ini)) . ' -r ' . escapeshellarg($script) . ' ' . escapeshellarg($arg) . ' 2>&1', $lines);
    preg_match('/^summary: (\d+)/m', (string) file_get_contents($out), $m);
    @unlink($out);
    return (int) ($m[1] ?? 0);
};
$nodes = count($all);
foreach (['get_hot', 'get_spread', 'mget10_3n'] as $op) {
    $per = ($ir($op, $n) - $ir($op, 0)) / $n;
    printf("%-3d nodes  %-11s %8.0f instructions per command%s\n", $nodes, $op, $per, $ini ? ' (' . implode(' ', $ini) . ')' : '');
}
