#!/usr/bin/env bash
# The whole test suite, on every tested platform, each against a real 6-node cluster started for the run and
# stopped afterwards.
#
#   bash scripts/test.sh                    every phpt under tests/ on every leg (below), plus the valgrind
#                                           passes over the tests listed in tests/valgrind.list
#   bash scripts/test.sh tests/reads X.phpt only some tests (files or directories), on every leg; the valgrind
#                                           passes then cover the listed tests among them
#
# Legs (one run each of the selected tests; results are named "<leg>: tests/x.phpt"):
#   debian12         Debian 12 bookworm: PHP 8.2, libuv 1.44, Redis 7.0; + valgrind pass
#                    ("debian12 valgrind: tests/x.phpt")
#   debian13         Debian 13 trixie: PHP 8.4, libuv 1.50, Redis 8.0; + valgrind pass
#   debian13-valkey  Debian 13 against a Valkey 8.1 cluster: the selected tests but tests/package/ (the
#                    release packaging does not depend on the server); no valgrind pass
#   debian12-zts     Debian 12 with a thread-safe (ZTS) PHP 8.2 built from Debian's source (scripts/zts.sh: built
#                    once, cached in /var/cache/redis_cluster_pool/): the selected tests among those
#                    tests/zts/suites.list names (routing, fan-out, pipeline, transaction, pool, failover, TLS,
#                    session, cache; the php-fpm ones excluded, each with its reason: Debian's php-fpm is NTS), then
#                    W1 on real threads (tests/zts/load.sh embed and apache: "tests/zts/load.sh MODE" results),
#                    the per-node cap on threads ("scripts/zts.sh cap", and over TLS "scripts/zts.sh captls"),
#                    the read cache on threads ("scripts/zts.sh cache") and a ThreadSanitizer pass
#                    ("scripts/zts.sh race"); no valgrind pass
#   debian13-zts     the same on Debian 13 with a ZTS PHP 8.4 (built in the trixie chroot, cached there); not in
#                    "all" (CI): run it by name (RCP_PLATFORMS=debian13-zts; its cold build is ~12 min)
#   debian12-tls     Debian 12 against a TLS-only cluster (RCP_TLS=1 tests/cluster/cluster.sh: `port 0`,
#                    `tls-cluster yes`, `tls-replication yes`, certificates made with openssl): the selected
#                    tests among those tests/tls/suites.list names (the routing, fan-out, pipeline and
#                    transaction suites, ...), unchanged: tests/cluster.inc's rcp_pool() and RcpRaw speak TLS to
#                    it; the tests the list excludes, each with its reason, run on the other legs only; no
#                    valgrind pass
# A leg whose release is the machine's runs on the machine; the others run in a chroot of that release that
# scripts/chroot.sh builds once (debootstrap, about a minute) and keeps in /var/cache/redis_cluster_pool/
# (rebuilt when scripts/deps.sh's package list changes). A leg that cannot run counts as a failure.
#
# Environment:
#   RCP_PLATFORMS=LEG,.. the legs to run: debian12, debian13, debian13-valkey (or valkey), debian12-tls (or
#                        tls), debian12-zts (or zts), debian13-zts, or all (the default, and so CI's: every leg
#                        but debian13-zts)
#   RCP_ZTS_LOAD_REQUESTS, RCP_RACE_REQUESTS  the ZTS leg's loads (default 4000 requests) and its TSan pass
#                        (default 100 requests per thread)
#   RCP_NO_VALGRIND=1    skip the valgrind passes
#   RCP_VALGRIND_ALL=1   valgrind passes over every selected test instead of tests/valgrind.list (slow)
#   RCP_BUILD=asan       build with ASAN+UBSAN (scripts/build.sh --asan) and run the tests with libasan
#                        preloaded; no valgrind pass (the two do not mix). Needs a php built without
#                        RTLD_DEEPBIND (php-src): Debian's php cannot load an ASAN extension.
#   RCP_BUILD=ubsan      UBSAN build (any undefined behaviour aborts the test) + the valgrind pass; works
#                        with Debian's php. RCP_BUILD=release also works.
#   RCP_TEST_TIMEOUT     seconds per test (default 300; 3x that under valgrind)
#   RCP_CHROOT_CACHE     where the chroots are kept (default /var/cache/redis_cluster_pool)
#   CI=true              a skipped test fails the run: in CI every test must really run
#
# Tests get (besides the whole environment of this script): RCP_TEST_SEEDS, RCP_TEST_PRIMARIES,
# RCP_TEST_REPLICAS, RCP_TEST_SERVER (redis or valkey), RCP_TEST_CLUSTER_DIR (tests/cluster/cluster.sh); when the
# selected tests include tests/tls/, a second cluster, a TLS one (RCP_TLS=1 tests/cluster/cluster.sh: TLS only,
# bus and replication over TLS), started beside the first on the same server, as the same variables renamed
# RCP_TLS_TEST_* (RCP_TLS_TEST_SEEDS, ..._PRIMARIES, ..._REPLICAS, ..._CLUSTER_DIR, ..._TLS_DIR: its certificates);
# RCP_REPO_ROOT, RCP_EXT_SO (the built extension, copied for this run so a concurrent rebuild cannot change it
# under running tests), RCP_FPM_SH (tests/fpm/fpm.sh), RCP_PREDIS3_AUTOLOAD, RCP_ADAPTER2_AUTOLOAD /
# RCP_ADAPTER36_AUTOLOAD (the adapter with Predis 2.4 / 3.6), RCP_ADAPTER3_AUTOLOAD (adapters/predis +
# Predis 3.7 + symfony/cache), and TMPDIR (a directory of this run, removed at the end; php-fpm instances
# started under it are stopped at the end too); RCP_LARAVEL_AUTOLOAD (tests/laravel/install_laravel.sh: Laravel
# 12, Predis 3.7, adapters/laravel and adapters/predis). PHP runs with PHPRC and PHP_INI_SCAN_DIR set to a copy of the
# machine's php.ini and conf.d without any line naming redis_cluster_pool (scripts/lib.sh rcp_php_ini), so the
# build under test is the only copy loaded, also in the php processes the tests start, whatever the
# machine's php.ini enables. On the TLS leg the run's cluster itself is the TLS one (RCP_TEST_TLS=1,
# RCP_TEST_TLS_DIR), and RCP_TLS=1 is exported to the tests, so a cluster a test starts with
# tests/cluster/cluster.sh is a TLS one too (RCP_TLS=0 on the other legs).
#
# The last line printed is "N passed, N failed" (", N skipped" when some were skipped), over all legs. Each
# test counts once per leg and pass. The exit status is 0 only when nothing failed, at least one test ran
# and (with CI=true) nothing was skipped. Logs of the last run: .scratch/last-run/<leg>/ (run-tests output,
# the cluster's node logs).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"

scratch="$RCP_ROOT/.scratch"
mkdir -p "$scratch"

# Counts over result lines "STATUS name": PASS/XFAIL/XLEAK pass; SKIP is skipped; anything with FAIL, LEAK,
# BORK or WARN (not the expected X* kinds) fails.
classify() {
  awk '{
    n = split($1, kinds, "&"); bad = 0; skip = 0
    for (i = 1; i <= n; i++) {
      if (kinds[i] == "FAIL" || kinds[i] == "LEAK" || kinds[i] == "BORK" || kinds[i] == "WARN") bad = 1
      else if (kinds[i] == "SKIP") skip = 1
    }
    if (bad) print "failed", $0; else if (skip) print "skipped", $0; else print "passed", $0
  }' "$@"
}

# Stop the php-fpm instances and the cluster left in run directory $1 (quietly; best effort).
stop_services() {
  local f
  while IFS= read -r f; do
    bash tests/fpm/fpm.sh stop "$(dirname "$f")"
  done < <(find "$1" -name php-fpm.pid 2>/dev/null)
  bash tests/cluster/cluster.sh stop "$1/cluster"
  bash tests/cluster/cluster.sh stop "$1/tls-cluster"
}

# The legs: name, Debian release, cluster server, valgrind pass (1/0), which tests (all; cluster: all but
# tests/package/; tls: those of tests/tls/suites.list, against a TLS-only cluster), and "extra" for a leg that
# runs only when RCP_PLATFORMS names it (not in "all", so not in CI).
legs_table() {
  cat <<'LEGS'
debian12        bookworm redis  1 all
debian13        trixie   redis  1 all
debian13-valkey trixie   valkey 0 cluster
debian12-tls    bookworm redis  0 tls
debian12-zts    bookworm redis  0 zts
debian13-zts    trixie   redis  0 zts extra
LEGS
}

if [[ -z ${RCP_LEG:-} ]]; then
  # === every selected leg, one after the other; the summary over all of them ============================
  legs_dir=""       # .scratch/legs.XXXXXX: one directory per leg (results, logs, done)
  leg_pid=""        # the leg running now

  finish_all() {
    local rc=$? passed=0 failed=0 skipped=0 line summary="" leg d
    # a second Ctrl-C (or the TERM of whoever stops this run) must not cut the cleanup short
    trap - EXIT
    trap '' INT TERM
    set +e
    # the leg stops what it started (and a chroot leg's namespace dies with it at the latest)
    [[ -n $leg_pid ]] && rcp_stop_tree "$leg_pid"
    if [[ -n $legs_dir && -d $legs_dir ]]; then
      for leg in "${legs[@]}"; do
        d="$legs_dir/$leg"
        [[ -f $d/done ]] && continue
        # a leg that did not get to the end of its own summary failed (setup, chroot, interrupted, not started)
        mkdir -p "$d"
        echo "BORK $leg: did not complete$([[ -f $d/status ]] && echo " ($(cat "$d/status"))")" >>"$d/results"
      done
      cat "$legs_dir"/*/results 2>/dev/null | classify >"$legs_dir/results.txt"
      passed=$(grep -c '^passed ' "$legs_dir/results.txt")
      failed=$(grep -c '^failed ' "$legs_dir/results.txt")
      skipped=$(grep -c '^skipped ' "$legs_dir/results.txt")
      summary=$(grep -E '^(failed|skipped) ' "$legs_dir/results.txt" | sed 's/^[a-z]* /  /')
      rm -f "$legs_dir/owner"
      rm -rf "$scratch/last-run"
      mv "$legs_dir" "$scratch/last-run"
    fi
    if ((rc != 0 && passed + failed + skipped == 0)); then
      echo "test.sh: setup failed (exit status $rc)"
      failed=$((failed + 1))
    fi
    if [[ -n $summary ]]; then
      echo "Not passed (details above and in .scratch/last-run/<leg>/):"
      echo "$summary"
    fi
    rc=0
    ((failed > 0)) && rc=1
    if ((passed + failed == 0)); then echo "test.sh: no test ran"; rc=1; fi
    if [[ ${CI:-} == true ]] && ((skipped > 0)); then
      echo "test.sh: CI=true and $skipped test(s) skipped; in CI every test must run (reasons above)"
      rc=1
    fi
    line="$passed passed, $failed failed"
    ((skipped > 0)) && line+=", $skipped skipped"
    echo "$line"
    exit "$rc"
  }
  legs=()
  trap finish_all EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM

  for t in "$@"; do [[ -e $t ]] || rcp_die "test.sh: no such test or directory: $t"; done
  want=${RCP_PLATFORMS:-all}
  [[ $want == all ]] && want=$(legs_table | awk '$6 != "extra" { print $1 }' | paste -sd,)
  for w in ${want//,/ }; do
    [[ $w == valkey ]] && w=debian13-valkey
    [[ $w == tls ]] && w=debian12-tls
    [[ $w == zts ]] && w=debian12-zts
    legs_table | awk -v w="$w" '$1 == w { f = 1 } END { exit !f }' ||
      rcp_die "test.sh: unknown leg '$w' in RCP_PLATFORMS (legs: $(legs_table | awk '{ print $1 }' | paste -sd' '), valkey, tls, zts)"
    [[ " ${legs[*]} " == *" $w "* ]] || legs+=("$w")
  done
  ((${#legs[@]})) || rcp_die "test.sh: RCP_PLATFORMS selects no leg"

  # Runs of test.sh that died without cleaning up (kill -9, a lost machine) may have left services behind
  # (a chroot leg's died with its namespace: only its directories are left).
  for d in "$scratch"/legs.* "$scratch"/run.* "$scratch"/*/run.*; do
    [[ -d $d ]] || continue
    owner=$(cat "$d/owner" 2>/dev/null || true)
    if [[ -n $owner ]] && tr '\0' ' ' <"/proc/$owner/cmdline" 2>/dev/null | grep -q 'test\.sh'; then continue; fi
    rcp_log "removing the leftovers of an earlier run: $d"
    [[ $d == */run.* ]] && { stop_services "$d" >/dev/null 2>&1 || true; }
    rm -rf "$d"
  done
  legs_dir=$(mktemp -d "$scratch/legs.XXXXXX")
  echo $$ >"$legs_dir/owner"

  # the host's packages (and debootstrap for the chroots)
  bash scripts/deps.sh
  # What the selected tests need from outside the checkout, checked here, once, before any leg runs: Predis 2.4
  # (Composer first, else ../shared/vendor: tests/adapter/install_predis.sh) for the tests that run with it,
  # Laravel 12 (../shared/vendor and Composer: tests/laravel/install_laravel.sh) for tests/laravel/.
  mapfile -t sel_phpt < <(find "${@:-tests}" -name '*.phpt' | sort)
  mapfile -t need < <(grep -lE "rcp_[a-z_]+\('2'" "${sel_phpt[@]}" /dev/null)
  if ((${#need[@]})); then
    bash tests/adapter/install_predis.sh --fallback="${RCP_SHARED_DIR:-$(dirname "$RCP_ROOT")/shared}/vendor/predis-2.4.1" \
      "$scratch/adapter-v2" "2.4.*" ||
      rcp_die "test.sh: ${#need[@]} selected tests need Predis 2.4 (${need[*]}): see above"
  fi
  mapfile -t need < <(printf '%s\n' "${sel_phpt[@]}" | grep '^tests/laravel/\|/tests/laravel/')
  if ((${#need[@]})); then
    bash tests/laravel/install_laravel.sh "$scratch/laravel12" || rcp_die "test.sh: tests/laravel needs Laravel 12: see above"
  fi
  host=$(rcp_codename)
  export RCP_RUN_OWNER=$$
  for leg in "${legs[@]}"; do
    read -r _ release _ <<<"$(legs_table | awk -v l="$leg" '$1 == l')"
    mkdir -p "$legs_dir/$leg"
    : >"$legs_dir/$leg/results"
    t0=$SECONDS
    rcp_log "leg $leg ($release$([[ $release != "$host" ]] && echo ", in a chroot"))"
    if [[ $release == "$host" ]]; then
      RCP_LEG=$leg RCP_LEG_DIR="$legs_dir/$leg" bash scripts/test.sh "$@" &
    else
      # the chroot's scratch and build directories are its own: .scratch/<release>/
      RCP_LEG=$leg RCP_LEG_DIR="$legs_dir/$leg" RCP_SCRATCH="$scratch/$release" \
        RCP_BUILD_DIR="$scratch/$release/build" bash scripts/chroot.sh run "$release" -- bash scripts/test.sh "$@" &
    fi
    leg_pid=$!
    rc=0
    wait "$leg_pid" || rc=$?
    leg_pid=""
    [[ -f $legs_dir/$leg/done ]] || echo "exit status $rc" >"$legs_dir/$leg/status"
    rcp_log "leg $leg: $(classify "$legs_dir/$leg/results" | awk '{ n[$1]++ } END { printf "%d passed, %d failed, %d skipped", n["passed"], n["failed"], n["skipped"] }') in $((SECONDS - t0)) s"
    # a leg stopped by Ctrl-C or SIGTERM (sent to it, not to this script): the run was interrupted, and no other
    # leg starts (the legs not run are reported as not completed)
    if ((rc == 130 || rc == 143)); then
      rcp_log "leg $leg was interrupted (exit status $rc): the run stops here"
      exit "$rc"
    fi
  done
  exit 0
fi

# === one leg (RCP_LEG), on this machine or in its chroot ===================================================
read -r _ _ server leg_valgrind leg_tests _ <<<"$(legs_table | awk -v l="$RCP_LEG" '$1 == l')"
[[ -n $server && -n ${RCP_LEG_DIR:-} ]] || rcp_die "test.sh: RCP_LEG=$RCP_LEG needs RCP_LEG_DIR (set by test.sh)"
scratch=${RCP_SCRATCH:-$scratch}
mkdir -p "$scratch"
build_dir=${RCP_BUILD_DIR:-$RCP_ROOT}

# --- state read by the exit handler ------------------------------------------------------------------
step="setup"          # what is being done now; named in the summary if it fails
run_dir=""            # $scratch/run.XXXXXX: this leg's cluster, TMPDIR, extension copy, logs
logs=""               # $run_dir/logs, moved to $RCP_LEG_DIR/ at the end
results="$RCP_LEG_DIR/results"   # one "STATUS <leg>: name" line per test result
child=""              # pid of the running run-tests.php
tailer=""             # pid of the tail that streams its output
all_ran=0             # 1 once every step has run

finish() {
  local rc=$? f
  # the test.sh running the legs stops every process of the leg (SIGTERM) once Ctrl-C (SIGINT) reached this
  # one: neither signal may cut the cleanup short
  trap - EXIT
  trap '' INT TERM
  set +e
  # Nothing started by this leg outlives it: run-tests.php and its tests, php-fpm, the cluster.
  [[ -n $child ]] && rcp_kill_tree "$child" TERM
  [[ -n $tailer ]] && kill "$tailer" 2>/dev/null
  if [[ -n $run_dir && -d $run_dir ]]; then
    for f in "$run_dir"/cluster/node-*/redis.log "$run_dir"/tls-cluster/node-*/redis.log; do
      [[ -f $f ]] && cp "$f" "$logs/$server-$([[ $f == */tls-cluster/* ]] && echo tls-)$(basename "$(dirname "$f")").log"
    done
    stop_services "$run_dir" >>"$logs/cleanup.log" 2>&1
    cp -a "$logs"/. "$RCP_LEG_DIR/"
    rm -rf "$run_dir"
  fi
  if ((all_ran == 0)); then
    echo "test.sh: $RCP_LEG: $step failed (exit status $rc)"
    echo "BORK $RCP_LEG: $step failed (exit status $rc)" >>"$results"
  fi
  echo "$rc" >"$RCP_LEG_DIR/done"
  exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- what to run -------------------------------------------------------------------------------------
tests=("$@")
((${#tests[@]})) || tests=(tests)
for t in "${tests[@]}"; do [[ -e $t ]] || rcp_die "test.sh: no such test or directory: $t"; done
if [[ $leg_tests == cluster ]]; then
  # the tests of the server side: all but the release packaging's (which does not depend on the server)
  mapfile -t tests < <(find "${tests[@]}" -name '*.phpt' -not -path '*/tests/package/*' -not -path 'tests/package/*' | sort)
  ((${#tests[@]})) || rcp_die "test.sh: $RCP_LEG: no test selected outside tests/package/"
fi
# listed_tests LIST: the selected tests ($tests) among those LIST runs, into $tests. LIST (tests/tls/suites.list,
# tests/zts/suites.list): the paths it runs ("PATH"), and the tests of them it does not, each with its reason
# ("- PATH: REASON"); an exclusion without a reason, or a path that does not exist, is an error. Sets
# $listed_out (how many selected tests it excludes); exits (all ran) when none is left.
listed_tests() {
  local list=$1 line path abs ok s f
  local l_in=() l_out=() sel=()
  while IFS= read -r line; do
    line=${line%%#*}
    [[ $line =~ ^[[:space:]]*$ ]] && continue
    if [[ $line =~ ^-[[:space:]]*([^:[:space:]]+):[[:space:]]*[^[:space:]] ]]; then
      path=${BASH_REMATCH[1]}
      l_out+=("$(realpath -m "$path")")
    elif [[ $line =~ ^[[:space:]]*([^[:space:]:-][^[:space:]:]*)[[:space:]]*$ ]]; then
      path=${BASH_REMATCH[1]}
      l_in+=("$(realpath -m "$path")")
    else
      rcp_die "test.sh: $list: bad line '$line' (PATH, or '- PATH: REASON')"
    fi
    [[ -e $path ]] || rcp_die "test.sh: $list names $path, which does not exist"
  done <"$list"
  listed_out=0
  while IFS= read -r f; do
    abs=$(realpath -m "$f")
    ok=0
    for s in "${l_in[@]}"; do [[ $abs == "$s" || $abs == "$s"/* ]] && { ok=1; break; }; done
    ((ok)) || continue
    for s in "${l_out[@]}"; do [[ $abs == "$s" ]] && { ok=0; listed_out=$((listed_out + 1)); break; }; done
    ((ok)) && sel+=("$f")
  done < <(find "${tests[@]}" -name '*.phpt' | sort)
  if ((${#sel[@]} == 0)); then
    rcp_log "$RCP_LEG: none of the selected tests is in $list: nothing to do"
    all_ran=1
    exit 0
  fi
  tests=("${sel[@]}")
}
# TLS: the run's cluster is a TLS-only one (and so are the clusters tests start: RCP_TLS below)
tls_leg=0
if [[ $leg_tests == tls ]]; then
  tls_leg=1
  listed_tests tests/tls/suites.list
  ((listed_out == 0)) || rcp_log "$RCP_LEG: $listed_out of the selected tests do not run over TLS (tests/tls/suites.list says why); the other legs run them"
fi
# ZTS: the tests of tests/zts/suites.list on a thread-safe PHP (scripts/zts.sh: built once, cached), then the
# threaded loads (embed harness, Apache event MPM) and the ThreadSanitizer pass
zts_leg=0
if [[ $leg_tests == zts ]]; then
  zts_leg=1
  listed_tests tests/zts/suites.list
  ((listed_out == 0)) || rcp_log "$RCP_LEG: $listed_out of the selected tests do not run on the ZTS PHP (tests/zts/suites.list says why); the other legs run them"
fi

flavour=${RCP_BUILD:-dev}
case $flavour in dev|asan|ubsan|release) ;; *) rcp_die "test.sh: RCP_BUILD must be dev, asan, ubsan or release" ;; esac

# --- setup -------------------------------------------------------------------------------------------
run_dir=$(mktemp -d "$scratch/run.XXXXXX")
# the owner: the test.sh that runs every leg, as the machine sees it (leftovers are found by it)
echo "${RCP_RUN_OWNER:-$$}" >"$run_dir/owner"
logs="$run_dir/logs"
mkdir -p "$logs" "$run_dir/ext" "$run_dir/tmp"

step="scripts/deps.sh"
bash scripts/deps.sh

if ((zts_leg)); then
  # the ZTS PHP (built once per recipe, cached in /var/cache/redis_cluster_pool: ~8 min of CPU cold, ~0 warm),
  # its run-tests.php, and the extension built against it (-Werror dev build, .scratch/zts-SUITE/build)
  step="scripts/zts.sh ensure"
  zts_prefix=$(bash scripts/zts.sh ensure | tail -n 1)
  step="scripts/zts.sh build"
  zts_so=$(bash scripts/zts.sh build | tail -n 1)
  step="setup"
  PHP=$zts_prefix/bin/php
  RUN_TESTS=$zts_prefix/lib/php/build/run-tests.php
  cp "$zts_so" "$run_dir/ext/"
else
step="scripts/build.sh --$flavour"
# serialized with any other build of this checkout on this platform (flock comes with util-linux)
flock "$scratch/build.lock" bash scripts/build.sh "--$flavour"

step="setup"
PHP=$(command -v "$(rcp_php)")
# run-tests.php: the copy phpize put in the build directory, else php-dev's own
RUN_TESTS=
for f in "$build_dir/run-tests.php" "$("$(rcp_php_tool php-config)" --extension-dir)/build/run-tests.php" \
         /usr/lib/php/*/build/run-tests.php; do
  if [[ -f $f ]]; then RUN_TESTS=$f; break; fi
done
[[ -n $RUN_TESTS ]] || rcp_die "test.sh: run-tests.php not found (php-dev)"
cp "$build_dir/modules/redis_cluster_pool.so" "$run_dir/ext/"
fi

step="installing Predis v3 (Composer)"
predis="$scratch/predis3"
if [[ ! -f $predis/vendor/autoload.php ]]; then
  rcp_log "installing Predis v3 with Composer (once, cached in .scratch/predis3)"
  mkdir -p "$predis"
  (cd "$predis" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3" </dev/null >/dev/null)
fi

step="installing the Predis adapter with each Predis line it claims (Composer)"
# tests/adapter: adapters/predis installed the way users install it, once per Predis line: 3.7 (with
# Symfony's cache component, the framework-shaped test), 3.6 and 2.4, cached in .scratch/adapter-*; Predis 2.4
# from ../shared/vendor where the package registry has none (tests/adapter/autoload_predis2.php; checked above)
adapter3="$scratch/adapter-v3"
bash tests/adapter/install_predis.sh "$adapter3" "3.7.*" "symfony/cache:^7.4 || ^6.4"
bash tests/adapter/install_predis.sh "$scratch/adapter-v3.6" "3.6.*"
shared=${RCP_SHARED_DIR:-$(dirname "$RCP_ROOT")/shared}
bash tests/adapter/install_predis.sh --fallback="$shared/vendor/predis-2.4.1" "$scratch/adapter-v2" "2.4.*" || true

step="installing Laravel 12 for tests/laravel (Composer)"
# Laravel's components from ../shared/vendor, their requirements, Predis 3.7 and both adapters (checked above)
if [[ -d $shared/vendor/laravel-12.67.0 ]]; then bash tests/laravel/install_laravel.sh "$scratch/laravel12"; fi

kind=""
((tls_leg)) && kind="TLS "
step="starting the ${kind}cluster (tests/cluster/cluster.sh, $server)"
rcp_log "$RCP_LEG: starting a 6-node $server ${kind}cluster"
RCP_TLS=$tls_leg RCP_SERVER=$server bash tests/cluster/cluster.sh start "$run_dir/cluster" >/dev/null
set -a
# shellcheck source=/dev/null
source "$run_dir/cluster/env"
set +a

# The TLS cluster, only when tests/tls/ is among the selected tests (a directory holding it, or files in it):
# its variables are the first cluster's renamed RCP_TLS_TEST_*, so a test can use both.
want_tls=0
tls_dir=$(realpath -m tests/tls)
for t in "${tests[@]}"; do
  abs=$(realpath -m "$t")
  if [[ $abs == "$tls_dir" || $abs == "$tls_dir"/* || $tls_dir == "$abs"/* ]]; then want_tls=1; break; fi
done
if ((want_tls)); then
  step="starting the TLS cluster (RCP_TLS=1 tests/cluster/cluster.sh, $server)"
  rcp_log "$RCP_LEG: starting a 6-node $server TLS cluster (for tests/tls)"
  RCP_TLS=1 RCP_SERVER=$server bash tests/cluster/cluster.sh start "$run_dir/tls-cluster" >/dev/null
  sed 's/^RCP_TEST_/RCP_TLS_TEST_/' "$run_dir/tls-cluster/env" >"$run_dir/tls-cluster/env.renamed"
  set -a
  # shellcheck source=/dev/null
  source "$run_dir/tls-cluster/env.renamed"
  set +a
fi

export RCP_REPO_ROOT="$RCP_ROOT"
export RCP_EXT_SO="$run_dir/ext/redis_cluster_pool.so"
export RCP_FPM_SH="$RCP_ROOT/tests/fpm/fpm.sh"
export RCP_PREDIS3_AUTOLOAD="$predis/vendor/autoload.php"
export RCP_ADAPTER3_AUTOLOAD="$adapter3/vendor/autoload.php"
export RCP_ADAPTER36_AUTOLOAD="$scratch/adapter-v3.6/vendor/autoload.php"
export RCP_ADAPTER2_AUTOLOAD="$RCP_ROOT/tests/adapter/autoload_predis2.php"
export RCP_PREDIS2_COMPOSER_AUTOLOAD="$scratch/adapter-v2/vendor/autoload.php"
export RCP_LARAVEL_AUTOLOAD="$scratch/laravel12/vendor/autoload.php"
export TMPDIR="$run_dir/tmp"
# a cluster a test starts (tests/cluster/cluster.sh) is of the leg's kind
export RCP_TLS=$tls_leg
export NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$PHP" REPORT_EXIT_STATUS=0 NO_COLOR=1
# The machine's php.ini and conf.d without any redis_cluster_pool line: the build under test (-d extension=
# below) is the only copy loaded, in run-tests.php, the tests and every php they start.
rcp_php_ini "$PHP" "$run_dir/php"
export PHPRC="$run_dir/php" PHP_INI_SCAN_DIR="$run_dir/php/conf.d"
# the ZTS PHP: its own php.ini and (empty) conf.d; the machine's conf.d loads NTS extensions
((zts_leg)) && export PHPRC="$zts_prefix/etc" PHP_INI_SCAN_DIR="$zts_prefix/etc/conf.d"

# Extra environment of run-tests.php (and so of the tests) only.
test_env=()
if [[ $flavour == asan ]]; then
  # php itself is not instrumented, so the ASAN runtime must be preloaded to come first; leaks are
  # left to valgrind (php's own allocations at exit are not ours to report).
  test_env=(
    "LD_PRELOAD=$(gcc -print-file-name=libasan.so)"
    "ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}"
    "UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    USE_ZEND_ALLOC=0
  )
elif [[ $flavour == ubsan ]]; then
  test_env=(
    "LD_PRELOAD=$(gcc -print-file-name=libubsan.so)"
    "UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
  )
fi

# The run-tests log without the tests' outputs (--show-out's OUT blocks): what the screen shows.
without_outputs() {
  awk '/^========OUT========$/ { out = 1; next } out && /^========DONE========$/ { out = 0; next } !out { print; fflush() }'
}

# run_phpt LABEL LOG run-tests-args...: run run-tests.php in the background (so a signal interrupts the
# wait at once), stream its output, and append one "STATUS name" line per result to $results.
run_phpt() {
  local label=$1 log=$2 rc=0
  shift 2
  # --show-slow: the run-tests log lists the tests over 15 s (where the CI budget goes). --show-out: every test's
  # output in the log (not on the screen), so that a test run-tests retried (one that sleeps or reads the clock,
  # "WARN ... passed on retry attempt") leaves its first attempt's output there to explain it
  local opts=(-q -p "$PHP" --show-diff --show-out --show-slow 15000 -d "extension=$RCP_EXT_SO")
  [[ -t 1 ]] || opts+=(--no-progress)
  env "${test_env[@]}" "$PHP" "$RUN_TESTS" "${opts[@]}" "$@" </dev/null >"$log" 2>&1 &
  child=$!
  tail -s 0.2 -n +1 -f --pid="$child" "$log" | without_outputs &
  tailer=$!
  wait "$child" || rc=$?
  child=""
  wait "$tailer" || true
  tailer=""
  read_results "$label" "$log" >>"$results"
  if ((rc != 0)); then
    echo "BORK ${label}run-tests.php exited with status $rc" >>"$results"
  fi
}

# read_results LABEL LOG: LOG's result lines "STATUS title [tests/x.phpt] extra" (a progress line may precede
# one, ended by \r), outside the tests' outputs (--show-out's OUT blocks), as "STATUS LABELtests/x.phpt extra"
# (a BORK without a test as "BORK LABELtext"). A test that passed only on its retry (WARN with two outputs
# before it): its first attempt's output, on stderr (the screen).
read_results() {
  sed -e 's/\x1b\[[0-9;]*m//g' -e 's/.*\r//' "$2" | awk -v label="$1" '
    /^========OUT========$/ { out = 1; n++; next }
    out && /^========DONE========$/ { out = 0; next }
    out { if (n == 1) first = first $0 "\n"; next }
    /^(PASS|FAIL|SKIP|BORK|LEAK|WARN|XFAIL|XLEAK)(&[A-Z]+)* / {
      # the last "[...phpt]" on the line names the test
      rest = $0; name = ""
      while (match(rest, /\[[^][]*\.phpt\]/)) {
        name = substr(rest, RSTART + 1, RLENGTH - 2); extra = substr(rest, RSTART + RLENGTH); rest = extra
      }
      if (name != "") {
        sub(/^ */, "", extra)
        print $1 " " label name " " extra
        if ($1 == "WARN" && n > 1)
          printf "%sthe first attempt of %s, which failed (its retry passed):\n%s", label, name, first > "/dev/stderr"
      } else if ($1 == "BORK") {
        print "BORK " label substr($0, 6)
      }
      n = 0; first = ""
    }'
}

timeout=${RCP_TEST_TIMEOUT:-300}
step="running the tests"
rcp_log "$RCP_LEG: running ${tests[*]}"
run_phpt "$RCP_LEG: " "$logs/run-tests.log" --set-timeout "$timeout" "${tests[@]}"

# --- the ZTS leg's threaded runs -------------------------------------------------------------------------
# zts_check NAME LOGNAME CMD...: CMD's output in $logs/LOGNAME.log, its last line shown; NAME passes when CMD
# succeeded and its last line matches $zts_want (a regex; its two groups, when it has them, equal)
zts_check() {
  local name=$1 log="$logs/$2.log" rc=0 last
  shift 2
  "$@" >"$log" 2>&1 || rc=$?
  last=$(tail -n 1 "$log")
  rcp_log "$RCP_LEG: $name: $last"
  if ((rc == 0)) && [[ $last =~ $zts_want ]] && [[ ${BASH_REMATCH[1]:-x} == "${BASH_REMATCH[2]:-x}" ]]; then
    echo "PASS $RCP_LEG: $name" >>"$results"
  else
    echo "FAIL $RCP_LEG: $name (exit status $rc: $last; $log)" >>"$results"
  fi
}
if ((zts_leg)); then
  # W1 on real threads against the leg's cluster (tests/zts/load.sh): every request right, no crash, one
  # topology request for the whole server; then ThreadSanitizer (its own cluster): no race in the extension
  step="the threaded loads"
  zts_want='requests ([0-9]+), ok ([0-9]+), failed 0, crashes 0, topology requests 1,'
  chmod -R a+rX "$run_dir/ext"   # Apache's children (www-data) load it
  for mode in embed apache; do
    RCP_EXT_SO=$RCP_EXT_SO RCP_ZTS_PREFIX=$zts_prefix RCP_EMBED_BIN=$zts_prefix/harness/rcp-embed \
      RCP_LOAD_REQUESTS=${RCP_ZTS_LOAD_REQUESTS:-4000} RCP_LOAD_SECONDS=120 \
      zts_check "tests/zts/load.sh $mode (W1, ${RCP_ZTS_LOAD_REQUESTS:-4000} requests)" "load-$mode" \
      bash tests/zts/load.sh "$mode" "$logs/load-$mode"
  done
  step="the per-node cap on threads"
  zts_want='^cap: w1 ok [0-9]+ of [0-9]+, max sockets to a node per process [0-4] \(cap 4\), .*; hold OK; between operations OK; fatal ok [0-9]+ of [0-9]+ W1, fatal errors 80 \(wanted 80\), other failures 0$'  # (the numbers: checked by its exit status)
  RCP_CAP_REQUESTS=${RCP_CAP_REQUESTS:-100} zts_check "scripts/zts.sh cap (max_connections_per_node on 16 threads)" cap bash scripts/zts.sh cap
  zts_want='^captls: w1 ok ([0-9]+) of ([0-9]+), max sockets to a node per process [0-4] \(cap 4\), waits [0-9]+, handoffs [1-9][0-9]*$'
  RCP_CAP_REQUESTS=${RCP_CAP_REQUESTS:-100} zts_check "scripts/zts.sh captls (the cap over TLS: TLS connections handed over)" captls bash scripts/zts.sh captls
  step="the read cache on threads"
  zts_want='^cache: requests ([0-9]+) ok ([0-9]+), reads [0-9]+, stale 0, wrong 0, .*listener killed 2, restarted 2 '  # (the rest: its exit status)
  RCP_ZC_AFTER=${RCP_ZC_AFTER:-1} zts_check "scripts/zts.sh cache (the read cache on 16 threads, its listener killed twice)" cache bash scripts/zts.sh cache
  step="the ThreadSanitizer pass"
  zts_want='^race: [0-9]+ reports \(0 in the extension.s code\)$'
  RCP_RACE_REQUESTS=${RCP_RACE_REQUESTS:-100} zts_check "scripts/zts.sh race (ThreadSanitizer)" race bash scripts/zts.sh race
fi

# --- valgrind pass -----------------------------------------------------------------------------------
vg=()
if [[ ${RCP_NO_VALGRIND:-0} == 1 ]]; then
  rcp_log "no valgrind pass (RCP_NO_VALGRIND=1)"
elif [[ $leg_valgrind != 1 ]]; then
  rcp_log "$RCP_LEG: no valgrind pass on this leg"
elif [[ $flavour == asan ]]; then
  rcp_log "no valgrind pass (RCP_BUILD=asan: ASAN and valgrind do not mix)"
elif [[ ${RCP_VALGRIND_ALL:-0} == 1 ]]; then
  vg=("${tests[@]}")
else
  # tests/valgrind.list: paths or globs, # comments; only those inside the selected tests
  sel=()
  for t in "${tests[@]}"; do sel+=("$(realpath -m "$t")"); done
  shopt -s nullglob
  while IFS= read -r entry; do
    entry=${entry%%#*}
    # shellcheck disable=SC2086  # word splitting and globbing of the list's entries are wanted
    for f in $entry; do
      [[ -f $f ]] || continue
      abs=$(realpath -m "$f")
      for s in "${sel[@]}"; do
        if [[ $abs == "$s" || $abs == "$s"/* ]]; then vg+=("$f"); break; fi
      done
    done
  done <tests/valgrind.list
  shopt -u nullglob
  mapfile -t vg < <(printf '%s\n' "${vg[@]}" | awk 'NF && !seen[$0]++')
fi
if ((${#vg[@]})); then
  step="the valgrind pass"
  rcp_log "$RCP_LEG: valgrind pass over ${vg[*]}"
  # pcre.jit=0: PCRE's JIT code reads memory valgrind cannot track (false "uninitialised" reports)
  run_phpt "$RCP_LEG valgrind: " "$logs/run-tests-valgrind.log" -m -d pcre.jit=0 --set-timeout $((timeout * 3)) "${vg[@]}"
fi

all_ran=1
