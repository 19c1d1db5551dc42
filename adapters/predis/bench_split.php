<?php
/*
 * For the adapter's owner: where a Predis command over the adapter spends its instructions — Predis' own part
 * (the client, the command factory, the pipeline classes, serializeCommand(), parseResponse()) against the
 * adapter's (this package's PHP and the extension's raw API). Callgrind (valgrind), deterministic: each figure
 * is (run with N operations - run with 0) / N, one PHP process per run, as benchmarks/instr_table.php counts.
 *
 *   php -d extension=redis_cluster_pool.so adapters/predis/bench_split.php ENV_FILE AUTOLOAD [AUTOLOAD...]
 *
 * ENV_FILE: the env tests/cluster/cluster.sh printed (RCP_TEST_SEEDS=...); AUTOLOAD: a Composer autoload.php
 * (or Predis 2.4.1's own autoload.php) of each Predis line to measure. Environment: RCP_EXT_SO, the extension
 * measured (default: modules/ of this checkout). Per Predis line and operation (a GET of one key; a pipeline
 * of 100 GETs on keys of every primary, per command) it prints:
 *   noop     Predis\Client on a cluster connection that does nothing (bench_noop.php; with the adapter's
 *            parameters object, ConnectionParameters): Predis' own part
 *   adapter  Predis\Client over this adapter
 *   raw      the extension alone doing the adapter's sends: rawPipeline() of the same argv lists
 *   loop     the PHP loop that calls the client, alone (an empty closure; in every figure above)
 * so that adapter - noop is the adapter's part, and adapter - noop - (raw - loop) the part of it in PHP.
 */
if (($argv[1] ?? '') === '--child') {
    split_child(json_decode($argv[2], true));
    exit(0);
}
[$self, $envFile] = $argv + [null, null];
$autoloads = array_slice($argv, 2);
$env = $envFile ? parse_ini_file($envFile) : false;
if (!$env || !$autoloads) {
    exit("usage: php -d extension=redis_cluster_pool.so $self ENV_FILE AUTOLOAD [AUTOLOAD...]\n");
}
$so = getenv('RCP_EXT_SO') ?: realpath(__DIR__ . '/../../modules/redis_cluster_pool.so');
$seeds = array_slice(explode(',', $env['RCP_TEST_SEEDS']), 0, 3);
$pool = new RedisClusterPool($seeds);
$keys = [];
for ($i = 0; $i < 100; $i++) {
    $keys[] = "split:$i";
}
foreach ($keys as $k) {
    $pool->set($k, "v:$k");
}
$counts = ['get' => 1000, 'pipe100' => 20];

/** Instructions of one child run (callgrind's summary), or exit with the child's output. */
$run = function (array $spec) use ($so): int {
    $out = tempnam(sys_get_temp_dir(), 'cg');
    exec('valgrind --tool=callgrind --callgrind-out-file=' . escapeshellarg($out) . ' ' . escapeshellarg(PHP_BINARY)
        . ' -d ' . escapeshellarg("extension=$so") . ' -d redis_cluster_pool.refresh_interval=0 ' . escapeshellarg(__FILE__)
        . ' --child ' . escapeshellarg(json_encode($spec)) . ' 2>&1', $lines, $rc);
    preg_match('/^summary: (\d+)/m', (string) @file_get_contents($out), $m);
    @unlink($out);
    if ($rc !== 0 || !isset($m[1]) || !in_array('ok', $lines, true)) {
        fwrite(STDERR, json_encode($spec) . " failed (exit $rc):\n" . implode("\n", array_slice($lines, -15)) . "\n");
        exit(1);
    }
    return (int) $m[1];
};

printf("%-14s %-8s %10s %10s %10s %8s %12s %12s\n", 'Predis', 'op', 'noop', 'adapter', 'raw', 'loop', 'adapter-noop', 'in PHP');
foreach ($autoloads as $autoload) {
    $version = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -r ' . escapeshellarg('require $argv[1]; echo Predis\Client::VERSION;') . ' ' . escapeshellarg($autoload)));
    foreach ($counts as $op => $n) {
        $ir = [];
        foreach (['noop', 'adapter', 'raw', 'loop'] as $client) {
            $spec = ['client' => $client, 'op' => $op, 'seeds' => $seeds, 'keys' => $keys, 'autoload' => $autoload];
            $ir[$client] = ($run($spec + ['n' => $n]) - $run($spec + ['n' => 0])) / $n / ($op === 'pipe100' ? 100 : 1);
        }
        $part = $ir['adapter'] - $ir['noop'];
        printf("%-14s %-8s %10s %10s %10s %8s %12s %12s\n", $version, $op === 'pipe100' ? 'pipe/cmd' : $op,
            ...array_map(fn ($v) => number_format($v), [$ir['noop'], $ir['adapter'], $ir['raw'], $ir['loop'], $part, $part - ($ir['raw'] - $ir['loop'])]));
    }
}

/** One measured process: set-up, two warm-up passes, then N operations of one client. */
function split_child(array $s): void
{
    $keys = $s['keys'];
    if ($s['client'] === 'loop') {
        $get = fn () => "v:$keys[1]";
        $pipe = fn () => [99 => "v:$keys[99]"];
    } elseif ($s['client'] === 'raw') {
        $p = new RedisClusterPool($s['seeds']);
        $get = fn () => $p->rawPipeline([['GET', $keys[1]]])[0];
        $pipe = function () use ($p, $keys) {
            $argvs = [];
            foreach ($keys as $k) {
                $argvs[] = ['GET', $k];
            }
            return $p->rawPipeline($argvs);
        };
    } else {
        require $s['autoload'];
        spl_autoload_register(function (string $class): void {
            $prefix = 'RedisClusterPool\\Predis\\';
            if (str_starts_with($class, $prefix)) {
                require __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            }
        });
        require_once __DIR__ . '/bench_noop.php';
        $cluster = $s['client'] === 'noop' ? fn () => new NoopCluster() : [RedisClusterPool\Predis\ClusterConnection::class, 'create'];
        $c = new Predis\Client($s['seeds'], ['cluster' => $cluster]);
        $get = fn () => $c->get($keys[1]);
        $pipe = fn () => $c->pipeline(function ($p) use ($keys) {
            foreach ($keys as $k) {
                $p->get($k);
            }
        });
    }
    for ($w = 0; $w < 2; $w++) {
        if ($get() !== "v:$keys[1]" || $pipe()[99] !== "v:$keys[99]") {
            exit("{$s['client']}: unexpected reply\n");
        }
    }
    $f = $s['op'] === 'get' ? $get : $pipe;
    for ($i = 0; $i < $s['n']; $i++) {
        $f();
    }
    echo "ok\n";
}
