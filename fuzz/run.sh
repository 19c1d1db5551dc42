#!/usr/bin/env bash
# Run one fuzz target for a bounded time on one core:  bash fuzz/run.sh reply|slots [SECONDS=300]
# Works on a copy of the committed seed corpus (fuzz/out/corpus-TARGET) so new inputs do not land in git;
# crashes go to fuzz/crashes/. USE_ZEND_ALLOC=0 routes emalloc to malloc, so ASAN/LSan see the zvals the
# reader builds (use-after-free, leaks per input). Prints libFuzzer's final stats (execs, exec/s).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh reply|slots [SECONDS]}
secs=${2:-300}
[[ -x fuzz/out/fuzz_$target ]] || bash fuzz/build.sh
mkdir -p "fuzz/out/corpus-$target" fuzz/crashes
cp -n "fuzz/corpus/$target"/* "fuzz/out/corpus-$target/" 2>/dev/null || true
export USE_ZEND_ALLOC=0
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "fuzz/out/fuzz_$target" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix=fuzz/crashes/ "fuzz/out/corpus-$target"
