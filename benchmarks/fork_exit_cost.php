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
$ccpu = function (): float {
    $r = getrusage(1);
    return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1e6 + $r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec'];
};
foreach (['exit', 'SIGKILL'] as $how) {
    $c0 = $ccpu();
    $t0 = hrtime(true);
    for ($i = 0; $i < 20; $i++) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            if ($how === 'SIGKILL') posix_kill(getmypid(), SIGKILL);
            exit(0);
        }
        pcntl_waitpid($pid, $st);
    }
    printf("%-8s %8.0f us of CPU per child, %6.1f ms wall per child\n", $how, ($ccpu() - $c0) / 20, (hrtime(true) - $t0) / 20e6);
}
