<?php
/*
 * What a forked PHP client of the benchmarks' load driver costs to end (docs/BENCHMARKS.md "The load driver"): the CPU
 * (user + system, getrusage of the waited-for children) and the wall time of 20 children forked one after another, each
 * ending at once with exit() (PHP's shutdown: its modules', its memory's) or with SIGKILL (none of it).
 *
 *   php benchmarks/fork_exit_cost.php            # with the machine's php.ini (every module it loads)
 *   php -n -d extension=pcntl -d extension=posix benchmarks/fork_exit_cost.php   # (where they are shared modules)
 */
if (!function_exists('pcntl_fork') || !function_exists('posix_kill')) exit("pcntl and posix are needed\n");
require __DIR__ . '/lib.inc';
foreach (['exit', 'SIGKILL'] as $how) {
    $c0 = rusage_us(1);
    $t0 = hrtime(true);
    for ($i = 0; $i < 20; $i++) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            if ($how === 'SIGKILL') posix_kill(getmypid(), SIGKILL);
            exit(0);
        }
        pcntl_waitpid($pid, $st);
    }
    printf("%-8s %8.0f us of CPU per child, %6.1f ms wall per child\n", $how, (rusage_us(1) - $c0) / 20, (hrtime(true) - $t0) / 20e6);
}
