<?php
/*
 * Where this extension's instructions go, per function: for each operation, callgrind (valgrind) with N operations
 * and with 0, and each function's own instructions (self cost, callgrind_annotate) of the difference, per op.
 *   php -d extension=redis_cluster_pool.so benchmarks/instr_profile.php ENV_FILE [OPS=get,mget10,mget100,pipe100] [ROWS=25]
 *   (`bash benchmarks/run.sh profile` starts a cluster, builds and calls this)
 * ENV_FILE: the env of tests/cluster/cluster.sh. Operations as in instr_table.php: get (one key), mget10, mget100
 * (keys on distinct slots over the 3 primaries), pipe100 (a pipeline of 100 GETs). Like every callgrind figure,
 * deterministic up to the few instructions a wait that ends early adds; the periodic topology refresh is off
 * (refresh_interval=0), as in instr_table.php.
 */
if (($argv[1] ?? '') === '--child') {
    [, , $seeds, $op, $n] = $argv;
    $n = (int) $n;
    $p = new RedisClusterPool(explode(',', $seeds));
    $keys = [];
    for ($i = 0; count($keys) < 100; $i++) $keys[] = "ipo100:$i";   // 100 keys, names and values as instr_table.php's
    foreach (array_chunk($keys, 50) as $ch) $p->mset(array_combine($ch, array_map(fn($k) => "v:$k", $ch)));
    $k10 = array_slice($keys, 0, 10);
    $ops = [
        'get' => fn() => $p->get($keys[0]),
        'mget10' => fn() => $p->mget($k10),
        'mget100' => fn() => $p->mget($keys),
        'pipe100' => fn() => $p->pipeline(function ($x) use ($keys) { foreach ($keys as $k) $x->get($k); }),
    ];
    $f = $ops[$op];
    $f(); $f();                                   // warm: connections, resolution caches
    for ($i = 0; $i < $n; $i++) $f();
    exit(0);
}
$env = parse_ini_file($argv[1] ?? '') ?: exit("usage: php benchmarks/instr_profile.php ENV_FILE [OPS] [ROWS]\n");
$ops = explode(',', $argv[2] ?? 'get,mget10,mget100,pipe100');
$rows = (int) ($argv[3] ?? 25);
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../modules/redis_cluster_pool.so');
$seeds = implode(',', array_slice(explode(',', $env['RCP_TEST_SEEDS']), 0, 3));
$counts = ['get' => 2000, 'mget10' => 500, 'mget100' => 100, 'pipe100' => 100];

/* self instructions per function of one callgrind run: [function => instructions], and the total */
$run = function (string $op, int $n) use ($so, $seeds): array {
    $out = tempnam(sys_get_temp_dir(), 'cgp');
    exec('valgrind --tool=callgrind --callgrind-out-file=' . escapeshellarg($out) . ' ' . escapeshellarg(PHP_BINARY)
        . ' -n -d ' . escapeshellarg("extension=$so") . ' -d redis_cluster_pool.refresh_interval=0 '
        . escapeshellarg(__FILE__) . ' --child '
        . escapeshellarg($seeds) . " $op $n 2>/dev/null");
    exec('callgrind_annotate --inclusive=no --threshold=100 ' . escapeshellarg($out) . ' 2>/dev/null', $lines);
    preg_match('/^summary: (\d+)/m', (string) file_get_contents($out), $m);
    @unlink($out);
    $fn = [];
    foreach ($lines as $l) {
        if (!preg_match('/^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?)(?: \[(.*)\])?$/', $l, $mm) || !str_contains($mm[2], ':')) continue;
        $name = preg_replace('/^.*?:(?=[^:]*$)/', '', $mm[2]);                 // file:function -> function
        $obj = isset($mm[3]) ? basename($mm[3]) : '';
        $key = $name . ($obj && !str_contains($obj, 'redis_cluster_pool') ? " ($obj)" : '');
        $fn[$key] = ($fn[$key] ?? 0) + (int) str_replace(',', '', $mm[1]);
    }
    return [(int) ($m[1] ?? 0), $fn];
};
foreach ($ops as $op) {
    $n = $counts[$op] ?? exit("unknown operation $op\n");
    [$t1, $f1] = $run($op, $n);
    [$t0, $f0] = $run($op, 0);
    $per = [];
    foreach ($f1 + $f0 as $k => $_) $per[$k] = (($f1[$k] ?? 0) - ($f0[$k] ?? 0)) / $n;
    arsort($per);
    printf("== %s: %s instructions per op (N=%d); top functions, self instructions per op:\n", $op, number_format(($t1 - $t0) / $n), $n);
    foreach (array_slice($per, 0, $rows, true) as $k => $v) printf("%10s  %s\n", number_format($v), $k);
}
