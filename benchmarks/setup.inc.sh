# shellcheck shell=bash
# Shared setup of the benchmark scripts (sourced after scripts/lib.sh, in $RCP_ROOT), on one platform (the
# machine, or a chroot of another Debian release: benchmarks/run.sh --platform).
#   bench_setup              deps, phpredis (Debian's, of this platform's PHP), Predis v3 (Packagist), release
#                            build; sets $out (.scratch/bench/<platform>/) and $work (a temporary directory in
#                            it, removed on exit with every cluster/php-fpm started in it); exports RCP_EXT_SO
#                            (a copy of the build, so a concurrent rebuild cannot change it under the run),
#                            PHPRC and PHP_INI_SCAN_DIR (the machine's php.ini without redis_cluster_pool: that
#                            copy is the only one loaded)
#   bench_cluster DIR        start tests/cluster/cluster.sh in DIR (RCP_SERVER: redis or valkey) and export its env
#   bench_fpm DIR [WORKERS]  start tests/fpm/fpm.sh in DIR and export RCP_FPM_ADDR/RCP_FPM_PID
#   bench_wait_quiet         with RCP_BENCH_WAIT_LOAD=X: wait until the 1-minute load average is below X
# Environment (set by benchmarks/run.sh for a platform other than the machine's): RCP_BENCH_PLATFORM (the
# platform's name, default the machine's), RCP_SCRATCH (this platform's cache: Predis, build lock; default
# .scratch), RCP_BUILD_DIR (where scripts/build.sh builds; default in-tree).
bench_apt() {   # bench_apt PACKAGE...: install missing Debian packages the way scripts/deps.sh does
  local missing=() p
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
  ((${#missing[@]} == 0)) && return 0
  rcp_log "installing ${missing[*]}"
  # a private TMPDIR: apt unpacks under it, and other jobs on a shared host clean /tmp
  mkdir -p "$scratch/apt-tmp"
  apt-get update -qq && TMPDIR="$scratch/apt-tmp" DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
bench_setup() {
  scratch=${RCP_SCRATCH:-$RCP_ROOT/.scratch}
  mkdir -p "$scratch"
  bash scripts/deps.sh
  # phpredis of the PHP that runs here (php8.2-redis on Debian 12, php8.4-redis on Debian 13)
  bench_apt "php$(rcp_php_version)-redis"
  # serialized with any other build of this checkout on this platform (scripts/test.sh takes the same lock)
  flock "$scratch/build.lock" bash scripts/build.sh --release >&2
  out="$RCP_ROOT/.scratch/bench/${RCP_BENCH_PLATFORM:-$(rcp_codename)}"; mkdir -p "$out"
  if [[ ! -f $scratch/predis3/vendor/autoload.php ]]; then
    mkdir -p "$scratch/predis3"
    (cd "$scratch/predis3" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3")
  fi
  export RCP_PREDIS3_AUTOLOAD="$scratch/predis3/vendor/autoload.php"
  work=$(mktemp -d "$out/run.XXXXXX")
  bench_dirs=()
  trap bench_cleanup EXIT
  # temporary files (load drivers, fresh php-fpm pools) here, not in a /tmp that other jobs may clean
  mkdir -p "$work/tmp" "$work/ext"; export TMPDIR="$work/tmp"
  cp "${RCP_BUILD_DIR:-$RCP_ROOT}/modules/redis_cluster_pool.so" "$work/ext/"
  export RCP_EXT_SO="$work/ext/redis_cluster_pool.so"
  rcp_php_ini "$(command -v "$(rcp_php)")" "$work/php"
  export PHPRC="$work/php" PHP_INI_SCAN_DIR="$work/php/conf.d"
}
bench_cleanup() {
  local d
  for d in "${bench_dirs[@]}"; do
    if [[ -f $d/fpm.env ]]; then bash tests/fpm/fpm.sh stop "$d" >/dev/null 2>&1 || true
    elif [[ $d == */scale* ]]; then bash benchmarks/scale_cluster.sh stop "$d" >/dev/null 2>&1 || true
    else bash tests/cluster/cluster.sh stop "$d" >/dev/null 2>&1 || true; fi
  done
  rm -rf "$work"
}
bench_cluster() {
  bench_dirs=("$1" "${bench_dirs[@]}")
  set -a; source <(bash tests/cluster/cluster.sh start "$1"); set +a
}
bench_fpm() {
  bench_dirs=("$1" "${bench_dirs[@]}")
  eval "$(bash tests/fpm/fpm.sh start "$1" "${2:-8}")"
  export RCP_FPM_ADDR RCP_FPM_PID
}
bench_wait_quiet() {
  # the 1-minute load average (global: the same in a chroot) polled every RCP_BENCH_WAIT_POLL s (30) until it is
  # below RCP_BENCH_WAIT_LOAD; after RCP_BENCH_WAIT_MAX s (3600) the run goes on, saying so
  local max=${RCP_BENCH_WAIT_LOAD:-} poll=${RCP_BENCH_WAIT_POLL:-30} limit=${RCP_BENCH_WAIT_MAX:-3600} t0=$SECONDS l
  [[ -n $max ]] || return 0
  while :; do
    read -r l _ </proc/loadavg
    if awk -v l="$l" -v m="$max" 'BEGIN { exit !(l < m) }'; then
      rcp_log "load average $(cut -d' ' -f1-3 /proc/loadavg) (below $max after $((SECONDS - t0)) s): measuring"
      return 0
    fi
    if ((SECONDS - t0 >= limit)); then
      rcp_log "load average $(cut -d' ' -f1-3 /proc/loadavg): still not below $max after $limit s; measuring anyway"
      return 0
    fi
    rcp_log "load average $l, waiting for < $max ($((SECONDS - t0)) s so far)"
    sleep "$poll"
  done
}
