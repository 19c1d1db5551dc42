#!/usr/bin/env bash
# Benchmarks, one command: installs what is missing (phpredis from Debian, Predis v3 from Packagist), builds
# the extension (release flags), starts a 6-node cluster (3 primaries + 3 replicas) and php-fpm (8 workers),
# runs the suites and writes a table on stdout plus one JSON file per suite in .scratch/bench/, all of them
# combined in .scratch/bench/all.json and as markdown tables in .scratch/bench/report.md.
#   bash benchmarks/run.sh [--chart] [SUITE...]   default: every suite; --chart: also .scratch/bench/fpm.png
#                                                 (gnuplot, from Debian: throughput and p99 per client)
# Suites:
#   latency   issue 4: MGET-10/100 spread over the 3 primaries and a 100-command cross-node pipeline,
#             per-operation p50/p99 in one CLI process, round trips per node   -> latency.json
#   fpm       SET+GET+MGET-10 on one hash tag through php-fpm, every client   -> fpm.json
#   reshard   1,000 slots moved under load through php-fpm, per cluster client -> reshard.json
#   cold      a fresh php-fpm pool's first 200 requests, every client           -> cold.json
#   replica   a replica SIGKILLed under load (spread workload), every client      -> replica.json
#   syscalls  strace of one pipeline-100, one MGET-10 and one GET of this extension  -> syscalls.txt
#   metrics   instructions per GET / MGET-10 with redis_cluster_pool.metrics on and off   -> metrics_overhead.txt
#   scale     a 3-primary and a 100-primary cluster (no replicas): topology cost in fresh processes,
#             per-command latency/CPU, interleaved; instructions per command
#             under callgrind on both                                          -> scale.json, instr.txt
# Sizes (environment): RCP_BENCH_OPS (latency ops per round, 300), RCP_BENCH_REQUESTS (fpm requests per
# round, 1000), RCP_BENCH_ROUNDS (3 for fpm, 5 for latency), RCP_BENCH_EVENT_ROUNDS (cold 2, replica 1),
# RCP_BENCH_SLOTS (1000).
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$RCP_ROOT"
source benchmarks/setup.inc.sh
chart=0
if [[ ${1:-} == --chart ]]; then chart=1; shift; fi
suites=("$@"); ((${#suites[@]})) || suites=(latency syscalls fpm cold replica reshard scale)
bench_setup
# a run replaces the previous run's results (report.md and all.json describe this run only)
rm -f "$out"/{latency,fpm,cold,replica,reshard,scale,all}.json "$out"/{instr,syscalls}.txt "$out"/report.md "$out"/fpm.png
bench_cluster "$work/cluster"
ext=(-d "extension=$RCP_ROOT/modules/redis_cluster_pool.so")
for s in "${suites[@]}"; do
  case $s in
  latency) php "${ext[@]}" benchmarks/latency_bench.php "${RCP_BENCH_OPS:-300}" "${RCP_BENCH_ROUNDS:-5}" "$out/latency.json" ;;
  syscalls)
    bench_apt strace
    strace -e trace=write,read,epoll_wait,epoll_ctl,poll,sendto,recvfrom -o "$work/syscalls.strace" \
      php "${ext[@]}" benchmarks/syscalls_probe.php
    # from the first marker on, without the markers' own /dev/null descriptor noise
    awk '/"PIPELINE-100"/ { f = 1 } f' "$work/syscalls.strace" | cut -c1-110 | tee "$out/syscalls.txt" ;;
  cold) php "${ext[@]}" benchmarks/events_bench.php cold "${RCP_BENCH_EVENT_ROUNDS:-2}" "$out/cold.json" ;;
  fpm|reshard|replica)
    [[ -n ${RCP_FPM_ADDR:-} ]] || bench_fpm "$work/fpm" 8
    case $s in
    fpm) php "${ext[@]}" benchmarks/fpm_bench.php "$RCP_FPM_ADDR" "${RCP_BENCH_REQUESTS:-1000}" "${RCP_BENCH_ROUNDS:-3}" "$out/fpm.json" ;;
    replica) php "${ext[@]}" benchmarks/events_bench.php replica "${RCP_BENCH_EVENT_ROUNDS:-1}" "$out/replica.json" ;;
    reshard) php "${ext[@]}" benchmarks/reshard_bench.php "$RCP_FPM_ADDR" "${RCP_BENCH_SLOTS:-1000}" "$out/reshard.json" ;;
    esac ;;
  scale)
    for n in 3 100; do
      bench_dirs=("$work/scale$n" "${bench_dirs[@]}")
      bash benchmarks/scale_cluster.sh start "$work/scale$n" "$n" >/dev/null
    done
    php "${ext[@]}" benchmarks/scale_bench.php "$work/scale3/env" "$work/scale100/env" 10 1000 4 "$out/scale.json"
    # the client's own work per command, noise-free (callgrind instruction counts)
    for n in 3 100; do php "${ext[@]}" benchmarks/instr_per_command.php "$work/scale$n/env" 2000; done | tee "$out/instr.txt"
    for n in 3 100; do bash benchmarks/scale_cluster.sh stop "$work/scale$n"; done ;;
  metrics)
    # the cost of the pool-wide metrics: instructions per command under callgrind, metrics on vs off
    for m in 1 0; do
      php "${ext[@]}" benchmarks/instr_per_command.php "$work/cluster/env" 2000 "redis_cluster_pool.metrics=$m"
    done | tee "$out/metrics_overhead.txt" ;;
  *) rcp_die "unknown suite $s (latency syscalls fpm cold replica reshard scale metrics)" ;;
  esac
done
# every table in markdown (as in docs/BENCHMARKS.md) and one combined JSON of the run
php benchmarks/report.php "$out" >"$out/report.md"
echo "report: $out/report.md, JSON: $out/all.json"
if ((chart)) && [[ -f $out/fpm.json ]]; then
  bench_apt gnuplot-nox
  php benchmarks/chart.php "$out/fpm.json" "$out/fpm.png"
fi
