#!/usr/bin/env bash
# The whole test suite, against a real 6-node Redis Cluster started here and stopped afterwards.
#
#   bash scripts/test.sh                 every phpt under tests/, then a valgrind pass over tests/valgrind.list
#   bash scripts/test.sh tests/basic     only some tests (paths or directories)
#   RCP_NO_VALGRIND=1 bash scripts/test.sh   skip the valgrind pass
#   RCP_VALGRIND_ALL=1 bash scripts/test.sh  valgrind over every test (slow; see README)
#
# Last line printed: "N passed, N failed" (", N skipped" when some were). With CI=true a skipped test
# is a failure of the run: in CI every cluster test must really run.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"

bash scripts/deps.sh
bash scripts/build.sh

PHP=$(command -v "$(rcp_php)")
RUN_TESTS=$(ls /usr/lib/php/*/build/run-tests.php 2>/dev/null | head -n1)
[[ -n $RUN_TESTS ]] || { echo "run-tests.php not found (php8.2-dev)" >&2; exit 1; }

scratch="$RCP_ROOT/.scratch"
mkdir -p "$scratch"
cluster_dir=$(mktemp -d "$scratch/cluster.XXXXXX")
cleanup() {
  local rc=$?
  bash tests/cluster/cluster.sh stop "$cluster_dir" >/dev/null 2>&1 || true
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Predis v3 (for the differential tests), from Packagist, cached under .scratch/
dir="$scratch/predis3"
if [[ ! -f $dir/vendor/autoload.php ]]; then
  rcp_log "installing Predis v3 with Composer"
  mkdir -p "$dir"
  (cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3" >/dev/null)
fi
export RCP_PREDIS3_AUTOLOAD="$dir/vendor/autoload.php"

rcp_log "starting a 6-node Redis Cluster"
set -a
# shellcheck disable=SC1090
source <(bash tests/cluster/cluster.sh start "$cluster_dir")
set +a
export RCP_EXT_SO="$RCP_ROOT/modules/redis_cluster_pool.so" RCP_REPO_ROOT="$RCP_ROOT" RCP_FPM_SH="$RCP_ROOT/tests/fpm/fpm.sh"
export NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$PHP" REPORT_EXIT_STATUS=0

tests=("$@"); ((${#tests[@]})) || tests=(tests)
results="$scratch/results.txt"; : > "$results"

# run-tests.php prints "PASS title [file]" per test (with colours and \r); keep status + file
collect() { sed -u 's/\x1b\[[0-9;]*m//g; s/.*\r//' | tee -a "$scratch/run-tests.log" |
  grep -E '^(PASS|FAIL|SKIP|BORK|LEAK|WARN|XFAIL|XLEAK|LEAK&FAIL) .*\[[^]]+\.phpt\]' | sed -E "s/^([A-Z&]+).*\[([^]]+)\][^[]*\$/\1 ${1:-}\2/" >> "$results" || true; }

rcp_log "running ${tests[*]}"
: > "$scratch/run-tests.log"
"$PHP" "$RUN_TESTS" -q -p "$PHP" --set-timeout 300 --show-diff -d "extension=$RCP_EXT_SO" "${tests[@]}" 2>&1 | collect

if [[ ${RCP_NO_VALGRIND:-0} != 1 ]]; then
  if [[ ${RCP_VALGRIND_ALL:-0} == 1 ]]; then
    vg=("${tests[@]}")
  else
    vg=()
    while read -r line; do
      line=${line%%#*}; line=${line// /}
      [[ -n $line ]] || continue
      for f in $line; do [[ -e $f ]] && vg+=("$f"); done
    done < tests/valgrind.list
  fi
  if ((${#vg[@]})); then
    rcp_log "valgrind pass over ${#vg[@]} tests"
    "$PHP" "$RUN_TESTS" -q -m -p "$PHP" --set-timeout 600 --show-diff -d "extension=$RCP_EXT_SO" "${vg[@]}" 2>&1 | collect "valgrind:"
  fi
fi

passed=$(grep -cE '^(PASS|XFAIL) ' "$results" || true)
failed=$(grep -cE '^(FAIL|BORK|LEAK|WARN|XLEAK|LEAK&FAIL) ' "$results" || true)
skipped=$(grep -cE '^SKIP ' "$results" || true)
grep -E '^(FAIL|BORK|LEAK|WARN|XLEAK|SKIP)' "$results" | sed 's/^/  /' >&2 || true
rc=0
if ((failed > 0)); then rc=1; fi
if ((passed + failed == 0)); then echo "no test ran" >&2; rc=1; fi
if [[ ${CI:-} == true ]] && ((skipped > 0)); then echo "CI: $skipped test(s) skipped; in CI every test must run" >&2; rc=1; fi
line="$passed passed, $failed failed"
((skipped > 0)) && line+=", $skipped skipped"
echo "$line"
exit $rc
