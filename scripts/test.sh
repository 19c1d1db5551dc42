#!/usr/bin/env bash
# The whole test suite, against a real 6-node Redis Cluster started for the run and stopped afterwards.
#
#   bash scripts/test.sh                    every phpt under tests/, then a valgrind pass over the tests
#                                           listed in tests/valgrind.list
#   bash scripts/test.sh tests/basic X.phpt only some tests (files or directories); the valgrind pass
#                                           then covers the listed tests among them
# Environment:
#   RCP_NO_VALGRIND=1    skip the valgrind pass
#   RCP_VALGRIND_ALL=1   valgrind pass over every selected test instead of tests/valgrind.list (slow)
#   RCP_BUILD=asan       build with ASAN+UBSAN (scripts/build.sh --asan) and run the tests with libasan
#                        preloaded; no valgrind pass (the two do not mix). Needs a php built without
#                        RTLD_DEEPBIND (php-src): Debian's php cannot load an ASAN extension.
#   RCP_BUILD=ubsan      UBSAN build (any undefined behaviour aborts the test) + the valgrind pass; works
#                        with Debian's php. RCP_BUILD=release also works.
#   RCP_TEST_TIMEOUT     seconds per test (default 300; 3x that under valgrind)
#   CI=true              a skipped test fails the run: in CI every test must really run
#
# Tests get (besides the whole environment of this script): RCP_TEST_SEEDS, RCP_TEST_PRIMARIES,
# RCP_TEST_REPLICAS, RCP_TEST_CLUSTER_DIR (tests/cluster/cluster.sh), RCP_REPO_ROOT, RCP_EXT_SO (the built
# extension, copied for this run so a concurrent rebuild cannot change it under running tests),
# RCP_FPM_SH (tests/fpm/fpm.sh), RCP_PREDIS3_AUTOLOAD, RCP_ADAPTER2_AUTOLOAD / RCP_ADAPTER36_AUTOLOAD (the
# adapter with Predis 2.4.1 / 3.6), RCP_ADAPTER3_AUTOLOAD (adapters/predis + Predis 3.7 +
# symfony/cache), and TMPDIR (a directory of this run, removed at the
# end; php-fpm instances started under it are stopped at the end too).
#
# The last line printed is "N passed, N failed" (", N skipped" when some were skipped). Each test counts
# once per pass; the valgrind pass's results are named "valgrind: <test>". The exit status is 0 only when
# nothing failed, at least one test ran and (with CI=true) nothing was skipped. Logs of the last run:
# .scratch/last-run/ (run-tests output, the cluster's node logs).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"

scratch="$RCP_ROOT/.scratch"
mkdir -p "$scratch"

# --- state read by the exit handler ------------------------------------------------------------------
step="setup"          # what is being done now; named in the summary if it fails
run_dir=""            # .scratch/run.XXXXXX: this run's cluster, TMPDIR, extension copy, logs
logs=""               # $run_dir/logs, moved to .scratch/last-run/ at the end
results=""            # one "STATUS name" line per test result
child=""              # pid of the running run-tests.php
tailer=""             # pid of the tail that streams its output
all_ran=0             # 1 once every step has run

# Counts over $results: PASS/XFAIL/XLEAK pass; SKIP is skipped; anything with FAIL, LEAK, BORK or WARN
# (not the expected X* kinds) fails.
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
}

finish() {
  local rc=$? passed=0 failed=0 skipped=0 line f summary=""
  trap - EXIT INT TERM
  set +e
  # Nothing started by this run outlives it: run-tests.php and its tests, php-fpm, the cluster.
  [[ -n $child ]] && rcp_kill_tree "$child" TERM
  [[ -n $tailer ]] && kill "$tailer" 2>/dev/null
  if [[ -n $run_dir && -d $run_dir ]]; then
    for f in "$run_dir"/cluster/node-*/redis.log; do
      [[ -f $f ]] && cp "$f" "$logs/redis-$(basename "$(dirname "$f")").log"
    done
    stop_services "$run_dir" >>"$logs/cleanup.log" 2>&1
    if [[ -f $results ]]; then
      classify "$results" >"$logs/results.txt"
      passed=$(grep -c '^passed ' "$logs/results.txt")
      failed=$(grep -c '^failed ' "$logs/results.txt")
      skipped=$(grep -c '^skipped ' "$logs/results.txt")
      summary=$(grep -E '^(failed|skipped) ' "$logs/results.txt" | sed 's/^[a-z]* /  /')
    fi
    rm -rf "$scratch/last-run"
    mv "$logs" "$scratch/last-run"
    rm -rf "$run_dir"
  fi

  if ((all_ran == 0)); then
    echo "test.sh: $step failed (exit status $rc)"
    failed=$((failed + 1))
  fi
  if [[ -n $summary ]]; then
    echo "Not passed (details above and in .scratch/last-run/):"
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
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- what to run -------------------------------------------------------------------------------------
tests=("$@")
((${#tests[@]})) || tests=(tests)
for t in "${tests[@]}"; do [[ -e $t ]] || rcp_die "test.sh: no such test or directory: $t"; done

flavour=${RCP_BUILD:-dev}
case $flavour in dev|asan|ubsan|release) ;; *) rcp_die "test.sh: RCP_BUILD must be dev, asan, ubsan or release" ;; esac

# --- setup -------------------------------------------------------------------------------------------
# Runs of test.sh that died without cleaning up (kill -9, a lost machine) may have left services behind.
for d in "$scratch"/run.*; do
  [[ -d $d ]] || continue
  owner=$(cat "$d/owner" 2>/dev/null || true)
  if [[ -n $owner ]] && tr '\0' ' ' <"/proc/$owner/cmdline" 2>/dev/null | grep -q 'test\.sh'; then continue; fi
  rcp_log "removing the leftovers of an earlier run: $d"
  stop_services "$d" >/dev/null 2>&1 || true
  rm -rf "$d"
done

run_dir=$(mktemp -d "$scratch/run.XXXXXX")
echo $$ >"$run_dir/owner"
logs="$run_dir/logs"
results="$run_dir/results"
mkdir -p "$logs" "$run_dir/ext" "$run_dir/tmp"
: >"$results"

step="scripts/deps.sh"
bash scripts/deps.sh

step="scripts/build.sh --$flavour"
# serialized with any other build of this checkout (flock comes with util-linux, always installed)
flock "$scratch/build.lock" bash scripts/build.sh "--$flavour"

step="setup"
PHP=$(command -v "$(rcp_php)")
# run-tests.php: the copy phpize put in the repository, else php8.2-dev's own
RUN_TESTS=
for f in "$RCP_ROOT/run-tests.php" /usr/lib/php/*/build/run-tests.php; do
  if [[ -f $f ]]; then RUN_TESTS=$f; break; fi
done
[[ -n $RUN_TESTS ]] || rcp_die "test.sh: run-tests.php not found (php8.2-dev)"
cp modules/redis_cluster_pool.so "$run_dir/ext/"

step="installing Predis v3 (Composer)"
predis="$scratch/predis3"
if [[ ! -f $predis/vendor/autoload.php ]]; then
  rcp_log "installing Predis v3 with Composer (once, cached in .scratch/predis3)"
  mkdir -p "$predis"
  (cd "$predis" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3" </dev/null >/dev/null)
fi

step="installing the Predis adapter with each Predis line it claims (Composer)"
# tests/adapter: adapters/predis installed the way users install it, once per Predis line: 3.7 (with
# Symfony's cache component, the framework-shaped test) and 3.6, cached in .scratch/adapter-*; Predis 2.4.1
# comes from ../shared/vendor (tests/adapter/autoload_predis2.php): the registry has no 2.x.
adapter3="$scratch/adapter-v3"
bash tests/adapter/install_predis.sh "$adapter3" "3.7.*" "symfony/cache:^7.4 || ^6.4"
bash tests/adapter/install_predis.sh "$scratch/adapter-v3.6" "3.6.*"

step="starting the Redis Cluster (tests/cluster/cluster.sh)"
rcp_log "starting a 6-node Redis Cluster"
bash tests/cluster/cluster.sh start "$run_dir/cluster" >/dev/null
set -a
# shellcheck source=/dev/null
source "$run_dir/cluster/env"
set +a

export RCP_REPO_ROOT="$RCP_ROOT"
export RCP_EXT_SO="$run_dir/ext/redis_cluster_pool.so"
export RCP_FPM_SH="$RCP_ROOT/tests/fpm/fpm.sh"
export RCP_PREDIS3_AUTOLOAD="$predis/vendor/autoload.php"
export RCP_ADAPTER3_AUTOLOAD="$adapter3/vendor/autoload.php"
export RCP_ADAPTER36_AUTOLOAD="$scratch/adapter-v3.6/vendor/autoload.php"
export RCP_ADAPTER2_AUTOLOAD="$RCP_ROOT/tests/adapter/autoload_predis2.php"
export TMPDIR="$run_dir/tmp"
export NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$PHP" REPORT_EXIT_STATUS=0 NO_COLOR=1

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

# run_phpt LABEL LOG run-tests-args...: run run-tests.php in the background (so a signal interrupts the
# wait at once), stream its output, and append one "STATUS name" line per result to $results.
run_phpt() {
  local label=$1 log=$2 rc=0
  shift 2
  local opts=(-q -p "$PHP" --show-diff -d "extension=$RCP_EXT_SO")
  [[ -t 1 ]] || opts+=(--no-progress)
  env "${test_env[@]}" "$PHP" "$RUN_TESTS" "${opts[@]}" "$@" </dev/null >"$log" 2>&1 &
  child=$!
  tail -s 0.2 -n +1 -f --pid="$child" "$log" &
  tailer=$!
  wait "$child" || rc=$?
  child=""
  wait "$tailer" || true
  tailer=""
  # A result line: "STATUS title [tests/x.phpt] extra" (a progress line may precede it, ended by \r).
  sed -e 's/\x1b\[[0-9;]*m//g' -e 's/.*\r//' "$log" |
    sed -nE "s/^((PASS|FAIL|SKIP|BORK|LEAK|WARN|XFAIL|XLEAK)(&[A-Z]+)*) .*\[([^][]*\.phpt)\] *(.*)$/\1 $label\4 \5/p;
             t; s/^(BORK) (.*)$/\1 $label\2/p" >>"$results"
  if ((rc != 0)); then
    echo "BORK ${label}run-tests.php exited with status $rc" >>"$results"
  fi
}

timeout=${RCP_TEST_TIMEOUT:-300}
step="running the tests"
rcp_log "running ${tests[*]}"
run_phpt "" "$logs/run-tests.log" --set-timeout "$timeout" "${tests[@]}"

# --- valgrind pass -----------------------------------------------------------------------------------
vg=()
if [[ ${RCP_NO_VALGRIND:-0} == 1 ]]; then
  rcp_log "no valgrind pass (RCP_NO_VALGRIND=1)"
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
  rcp_log "valgrind pass over ${vg[*]}"
  # pcre.jit=0: PCRE's JIT code reads memory valgrind cannot track (false "uninitialised" reports)
  run_phpt "valgrind: " "$logs/run-tests-valgrind.log" -m -d pcre.jit=0 --set-timeout $((timeout * 3)) "${vg[@]}"
fi

all_ran=1
