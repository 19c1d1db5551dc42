#!/usr/bin/env bash
# Benchmarks, one command: installs what is missing (phpredis from Debian, Predis v3 from Packagist), builds
# the extension (release flags), starts a 6-node cluster (3 primaries + 3 replicas) and php-fpm (8 workers),
# runs the suites and writes a table on stdout plus one JSON file per suite in .scratch/bench/<platform>/, all
# of them combined in all.json there and as markdown tables in report.md (with platform.json: the versions of
# PHP, phpredis, libuv and the server, and the load average).
#   bash benchmarks/run.sh [--platform P[,P...]] [--chart] [SUITE...]
#                          default: every suite on the machine's platform; --chart: also fpm.png (gnuplot,
#                          from Debian: throughput and p99 per client)
# Platforms (as the legs of scripts/test.sh; several: one after the other, each in .scratch/bench/<platform>/):
#   debian12         Debian 12 bookworm, the machine: PHP 8.2, phpredis 5.3, libuv 1.44, Redis 7.0
#   debian13         Debian 13 trixie: PHP 8.4, phpredis 6.2, libuv 1.50, Redis 8.0
#   debian13-valkey  the same against a Valkey 8.1 cluster (also: valkey, or debian13 with RCP_SERVER=valkey)
# A platform of another Debian release than the machine's runs in the chroot of scripts/chroot.sh (built on
# first use, then cached; needs root), this checkout bound at the same path; its build (RCP_BUILD_DIR) and
# caches (RCP_SCRATCH: Predis, the build lock) are its own, in .scratch/<release>/bench-build and
# .scratch/<release>/, so the two platforms' builds never mix. Its phpredis (php8.4-redis) is installed in the
# chroot on first use. The `scale` suite's clusters are redis-server on every platform.
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
#   instr     issue 14: instructions per op (callgrind) of every client side by side: GET, MGET-10, MGET-100,
#             pipeline-100 over the 3 primaries, with the issue's targets       -> instr_ops.md, instr_ops.json
#             (not in the default set; RCP_INSTR_SO=path/to/redis_cluster_pool.so measures that build instead)
#   profile   issue 14: where this extension's instructions go, per function (callgrind self cost per op) for
#             GET, MGET-10, MGET-100, pipeline-100 (not in the default set)  -> instr_profile.txt
#   tail      issue 14: where the tail of one GET comes from: many GETs per client in short rotated blocks, each
#             classified by CPU time, context switches, page faults (getrusage); three runs, the last with the
#             periodic topology refresh off; then the memory one GET touches, warm and cold (cachegrind)
#                                                                              -> tail.txt, tail-N.json
#   cache     issue 23: the read cache's targets side by side: instructions per op (callgrind: a GET hit, MGET-10
#             hits, misses, the same reads with the cache off, phpredis) and system calls of a hit, a read-heavy
#             php-fpm page (cache on, off, phpredis: req/s, commands received per request, hit rate), the
#             invalidation lag under a write storm; the cache's columns when the build has it (not in the default
#             set; benchmarks/cache_bench.php)                                 -> cache.md, cache.json, cache_fpm.json
#             (--chart: cache_fpm.png)
# Sizes (environment): RCP_BENCH_OPS (latency ops per round, 300), RCP_BENCH_REQUESTS (fpm requests per
# round, 1000), RCP_BENCH_ROUNDS (3 for fpm, 5 for latency), RCP_BENCH_EVENT_ROUNDS (cold 2, replica 1),
# RCP_BENCH_SLOTS (1000).
# The php-fpm suites' load driver: RCP_BENCH_DRIVER=php (tests/fpm/fcgi.inc in forked PHP processes: the default,
# ~150 us of CPU per request on a 2-core VM) or c (benchmarks/fcgi_load.c, compiled by the run: 40-90 us); the cache
# suite's page uses c unless RCP_BENCH_DRIVER says otherwise, and reports the driver's CPU per request.
# A quiet machine: RCP_BENCH_WAIT_LOAD=0.8 waits, on the first platform once its build and cluster are up and
# before the first suite, until the 1-minute load average is below 0.8 (polled every RCP_BENCH_WAIT_POLL=30 s;
# after RCP_BENCH_WAIT_MAX=3600 s it measures anyway and says so); the other platforms follow at once, so that
# all are measured in the same window (their load average at the start includes the previous platform's run).
# The load at the start and end of each platform's measurement is in its platform.json.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$RCP_ROOT"

# The platforms: name, Debian release, cluster server.
platforms_table() {
  cat <<'PLATFORMS'
debian12        bookworm redis
debian13        trixie   redis
debian13-valkey trixie   valkey
PLATFORMS
}

if [[ -z ${RCP_BENCH_PLATFORM:-} ]]; then
  # === every selected platform, one after the other: this script again, on the machine or in the chroot ===
  args=() want=""
  while (($#)); do
    case $1 in
    --platform) want=${2:?--platform needs a name}; shift 2 ;;
    --platform=*) want=${1#*=}; shift ;;
    *) args+=("$1"); shift ;;
    esac
  done
  host=$(rcp_codename)
  if [[ -z $want ]]; then
    want=$(platforms_table | awk -v h="$host" -v s="${RCP_SERVER:-redis}" '$2 == h && $3 == s { print $1; exit }')
    [[ -n $want ]] || rcp_die "run.sh: no platform for Debian $host with RCP_SERVER=${RCP_SERVER:-redis} (--platform: $(platforms_table | awk '{ print $1 }' | paste -sd' '))"
  fi
  platforms=()
  for p in ${want//,/ }; do
    [[ $p == valkey || ($p == debian13 && ${RCP_SERVER:-redis} == valkey) ]] && p=debian13-valkey
    platforms_table | awk -v p="$p" '$1 == p { f = 1 } END { exit !f }' ||
      rcp_die "run.sh: unknown platform '$p' (platforms: $(platforms_table | awk '{ print $1 }' | paste -sd' '), valkey)"
    read -r _ _ server <<<"$(platforms_table | awk -v p="$p" '$1 == p')"
    [[ ${RCP_SERVER:-$server} == "$server" ]] || rcp_die "run.sh: RCP_SERVER=$RCP_SERVER does not go with platform $p (server $server)"
    [[ " ${platforms[*]} " == *" $p "* ]] || platforms+=("$p")
  done
  bash scripts/deps.sh   # the machine's packages (and debootstrap for a chroot)
  rc=0
  for p in "${platforms[@]}"; do
    read -r _ release server <<<"$(platforms_table | awk -v p="$p" '$1 == p')"
    rcp_log "benchmarks on $p ($release$([[ $release != "$host" ]] && echo ", in a chroot"), $server): .scratch/bench/$p/"
    if [[ $release == "$host" ]]; then
      RCP_BENCH_PLATFORM=$p RCP_SERVER=$server bash benchmarks/run.sh "${args[@]}" || rc=$?
    else
      RCP_BENCH_PLATFORM=$p RCP_SERVER=$server RCP_SCRATCH="$RCP_ROOT/.scratch/$release" \
        RCP_BUILD_DIR="$RCP_ROOT/.scratch/$release/bench-build" \
        bash scripts/chroot.sh run "$release" -- bash benchmarks/run.sh "${args[@]}" || rc=$?
    fi
    ((rc == 0)) || rcp_die "run.sh: the benchmarks on $p failed (exit status $rc)"
    # the quiet machine is waited for once: the next platforms follow at once, in the same window
    unset RCP_BENCH_WAIT_LOAD
  done
  exit 0
fi

# === one platform (RCP_BENCH_PLATFORM), on this machine or in its chroot =================================
source benchmarks/setup.inc.sh
chart=0
if [[ ${1:-} == --chart ]]; then chart=1; shift; fi
# --- tls (issue 13): php-fpm (8 workers) against a TLS-only cluster (RCP_TLS=1 tests/cluster/cluster.sh: tls-cluster
# yes, tls-replication yes) and a plaintext one: TLS handshakes per 1,000 requests (the servers'
# total_connections_received) for redis_cluster_pool, Predis v3 and phpredis (persistent and not), req/s and the
# workers' CPU per request TLS vs plaintext, a cold pool's full and resumed handshakes -> tls.json, tls.txt
# (benchmarks/tls_bench.php; sizes: RCP_BENCH_REQUESTS 1000, RCP_BENCH_ROUNDS 3, RCP_BENCH_COLD_REQUESTS 200,
# RCP_BENCH_COLD_ROUNDS 3).
# Only when named; in a subshell of its own (its clusters and php-fpm pools stop with it).
if [[ " $* " == *" tls "* ]]; then
  (
    bench_setup
    rm -f "$out"/tls.{json,txt} "$out"/platform-tls.json
    bench_dirs=("$work/plain-cluster" "${bench_dirs[@]}")
    RCP_BENCH_PLAIN_SEEDS=$(RCP_TLS=0 bash tests/cluster/cluster.sh start "$work/plain-cluster" | sed -n 's/^RCP_TEST_SEEDS=//p')
    export RCP_BENCH_PLAIN_SEEDS
    RCP_TLS=1 bench_cluster "$work/tls-cluster"
    php=$(rcp_php)
    bench_wait_quiet
    "$php" -d "extension=$RCP_EXT_SO" benchmarks/platform.php >"$work/platform.json"
    "$php" -d "extension=$RCP_EXT_SO" benchmarks/tls_bench.php "${RCP_BENCH_REQUESTS:-1000}" "${RCP_BENCH_ROUNDS:-3}" \
      "$out/tls.json" "${RCP_BENCH_COLD_REQUESTS:-200}" "${RCP_BENCH_COLD_ROUNDS:-3}" | tee "$out/tls.txt"
    "$php" -d "extension=$RCP_EXT_SO" benchmarks/platform.php "$work/platform.json" >"$out/platform-tls.json"
    echo "TLS: $out/tls.txt, $out/tls.json, $out/platform-tls.json (load average at the start and the end)"
  )
  rest=()
  for s in "$@"; do [[ $s == tls ]] || rest+=("$s"); done
  ((${#rest[@]})) || exit 0
  set -- "${rest[@]}"
fi
suites=("$@"); ((${#suites[@]})) || suites=(latency syscalls fpm cold replica reshard scale)
for s in "${suites[@]}"; do
  case $s in latency|syscalls|fpm|cold|replica|reshard|scale|metrics|instr|profile|tail|cache) ;;
  *) rcp_die "unknown suite $s (latency syscalls fpm cold replica reshard scale metrics instr profile tail cache)" ;; esac
done
bench_setup
# a run replaces the previous run's results (report.md and all.json describe this run only)
rm -f "$out"/{latency,fpm,cold,replica,reshard,scale,all,platform}.json "$out"/{instr,syscalls,metrics_overhead}.txt "$out"/report.md "$out"/fpm.png
bench_cluster "$work/cluster"
ext=(-d "extension=$RCP_EXT_SO")
php=$(rcp_php)
bench_wait_quiet
"$php" "${ext[@]}" benchmarks/platform.php >"$work/platform.json"
for s in "${suites[@]}"; do
  case $s in
  latency) "$php" "${ext[@]}" benchmarks/latency_bench.php "${RCP_BENCH_OPS:-300}" "${RCP_BENCH_ROUNDS:-5}" "$out/latency.json" ;;
  syscalls)
    bench_apt strace
    strace -e trace=write,read,epoll_wait,epoll_ctl,poll,sendto,recvfrom -o "$work/syscalls.strace" \
      "$php" "${ext[@]}" benchmarks/syscalls_probe.php
    # from the first marker on, without the markers' own /dev/null descriptor noise
    awk '/"PIPELINE-100"/ { f = 1 } f' "$work/syscalls.strace" | cut -c1-110 | tee "$out/syscalls.txt" ;;
  cold) "$php" "${ext[@]}" benchmarks/events_bench.php cold "${RCP_BENCH_EVENT_ROUNDS:-2}" "$out/cold.json" ;;
  fpm|reshard|replica)
    [[ -n ${RCP_FPM_ADDR:-} ]] || bench_fpm "$work/fpm" 8
    case $s in
    fpm) "$php" "${ext[@]}" benchmarks/fpm_bench.php "$RCP_FPM_ADDR" "${RCP_BENCH_REQUESTS:-1000}" "${RCP_BENCH_ROUNDS:-3}" "$out/fpm.json" ;;
    replica) "$php" "${ext[@]}" benchmarks/events_bench.php replica "${RCP_BENCH_EVENT_ROUNDS:-1}" "$out/replica.json" ;;
    reshard) "$php" "${ext[@]}" benchmarks/reshard_bench.php "$RCP_FPM_ADDR" "${RCP_BENCH_SLOTS:-1000}" "$out/reshard.json" ;;
    esac ;;
  scale)
    for n in 3 100; do
      bench_dirs=("$work/scale$n" "${bench_dirs[@]}")
      bash benchmarks/scale_cluster.sh start "$work/scale$n" "$n" >/dev/null
    done
    "$php" "${ext[@]}" benchmarks/scale_bench.php "$work/scale3/env" "$work/scale100/env" 10 1000 4 "$out/scale.json"
    # the client's own work per command, noise-free (callgrind instruction counts)
    for n in 3 100; do "$php" "${ext[@]}" benchmarks/instr_per_command.php "$work/scale$n/env" 2000; done | tee "$out/instr.txt"
    for n in 3 100; do bash benchmarks/scale_cluster.sh stop "$work/scale$n"; done ;;
  metrics)
    # the cost of the pool-wide metrics: instructions per command under callgrind, metrics on vs off
    for m in 1 0; do
      "$php" "${ext[@]}" benchmarks/instr_per_command.php "$work/cluster/env" 2000 "redis_cluster_pool.metrics=$m"
    done | tee "$out/metrics_overhead.txt" ;;
  instr)
    # issue 14: instructions per op of every client side by side (callgrind, deterministic), with the targets
    rm -f "$out"/instr_ops.{md,json}
    RCP_EXT_SO=${RCP_INSTR_SO:-$RCP_EXT_SO} "$php" "${ext[@]}" benchmarks/instr_table.php "$work/cluster/env" "$out/instr_ops.json" |
      tee "$out/instr_ops.md" ;;
  profile)
    # issue 14: per-function instructions of this extension's operations (callgrind self cost)
    RCP_EXT_SO=${RCP_INSTR_SO:-$RCP_EXT_SO} "$php" "${ext[@]}" benchmarks/instr_profile.php "$work/cluster/env" |
      tee "$out/instr_profile.txt" ;;
  cache)
    # issue 23: the read cache's targets, side by side (benchmarks/cache_bench.php)
    bench_apt strace
    [[ -n ${RCP_FPM_ADDR:-} ]] || bench_fpm "$work/fpm" 8
    rm -f "$out"/cache{,_fpm}.json "$out"/cache.md "$out"/cache_fpm.png
    "$php" "${ext[@]}" benchmarks/cache_bench.php "$work/cluster/env" "$RCP_FPM_ADDR" "$out" | tee "$out/cache.md"
    if ((chart)); then bench_apt gnuplot-nox; "$php" benchmarks/chart.php "$out/cache_fpm.json" "$out/cache_fpm.png"; fi ;;
  tail)
    # issue 14: the p99 of one GET, rcp vs phpredis, with every slow GET classified (not in the default set)
    rm -f "$out"/tail.txt "$out"/tail-*.json
    for i in 1 2 3; do
      ini=(); ((i < 3)) || ini=(-d redis_cluster_pool.refresh_interval=0)
      echo "== run $i${ini[*]:+ (${ini[*]})}"
      "$php" "${ext[@]}" "${ini[@]}" benchmarks/tail_probe.php "${RCP_BENCH_TAIL_BLOCKS:-80}" 250 "$out/tail-$i.json"
    done | tee "$out/tail.txt"
    echo "== the memory one GET touches (cachegrind)" | tee -a "$out/tail.txt"
    "$php" "${ext[@]}" benchmarks/footprint_probe.php 200 | tee -a "$out/tail.txt" ;;
  esac
done
"$php" "${ext[@]}" benchmarks/platform.php "$work/platform.json" >"$out/platform.json"
# every table in markdown (as in docs/BENCHMARKS.md) and one combined JSON of the run
"$php" benchmarks/report.php "$out" >"$out/report.md"
echo "report: $out/report.md, JSON: $out/all.json"
if ((chart)) && [[ -f $out/fpm.json ]]; then
  bench_apt gnuplot-nox
  "$php" benchmarks/chart.php "$out/fpm.json" "$out/fpm.png"
fi
