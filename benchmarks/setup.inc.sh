# shellcheck shell=bash
# Shared setup of the benchmark scripts (sourced after scripts/lib.sh, in $RCP_ROOT).
#   bench_setup              deps, phpredis (Debian), Predis v3 (Packagist), release build; sets $out and $work
#                            (a temporary directory removed on exit with every cluster/php-fpm started in it)
#   bench_cluster DIR        start tests/cluster/cluster.sh in DIR and export its env
#   bench_fpm DIR [WORKERS]  start tests/fpm/fpm.sh in DIR and export RCP_FPM_ADDR/RCP_FPM_PID
bench_apt() {   # bench_apt PACKAGE...: install missing Debian packages the way scripts/deps.sh does
  local missing=() p
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
  ((${#missing[@]} == 0)) && return 0
  rcp_log "installing ${missing[*]}"
  # a private TMPDIR: apt unpacks under it, and other jobs on a shared host clean /tmp
  mkdir -p "$RCP_ROOT/.scratch/apt-tmp"
  apt-get update -qq && TMPDIR="$RCP_ROOT/.scratch/apt-tmp" DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
bench_setup() {
  bash scripts/deps.sh
  bench_apt php8.2-redis
  bash scripts/build.sh --release >&2
  out="$RCP_ROOT/.scratch/bench"; mkdir -p "$out"
  if [[ ! -f $RCP_ROOT/.scratch/predis3/vendor/autoload.php ]]; then
    mkdir -p "$RCP_ROOT/.scratch/predis3"
    (cd "$RCP_ROOT/.scratch/predis3" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3")
  fi
  export RCP_PREDIS3_AUTOLOAD="$RCP_ROOT/.scratch/predis3/vendor/autoload.php"
  work=$(mktemp -d "$out/run.XXXXXX")
  # temporary files (load drivers, fresh php-fpm pools) here, not in a /tmp that other jobs may clean
  mkdir -p "$work/tmp"; export TMPDIR="$work/tmp"
  bench_dirs=()
  trap bench_cleanup EXIT
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
