#!/usr/bin/env bash
# Build and run tests/cache/torture.c: the read cache's core (src/core/cache.c) and the listener's RESP reader
# (src/core/cache_listener.c with RCP_CACHE_STANDALONE: no PHP, no TLS) without PHP.
#
#   bash tests/cache/run.sh plain|asan MODE [ARGS...]     MODE: unit, million [MiB], storm SECS [SEED [MiB]],
#                                                          resp, bench N (see tests/cache/torture.c)
#   bash tests/cache/run.sh callgrind [N]                  instructions of one hit: N lookups under callgrind,
#                                                          counting rcp_cache_lookup() and what it calls
# plain: gcc -O2; asan: gcc -O1 with AddressSanitizer + UndefinedBehaviorSanitizer (any finding aborts). Both
# with RCP_CACHE_TEST_HOOKS (pauses inside fills, for the SIGKILL storm). Built into $TMPDIR/rcp-cache-harness.
set -euo pipefail
cd "$(dirname "$0")/../.."
flavour=${1:?usage: tests/cache/run.sh plain|asan|callgrind MODE [ARGS]}
shift
out=${TMPDIR:-/tmp}/rcp-cache-harness
mkdir -p "$out"
common=(-std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE -Iinclude)
case $flavour in
  plain|callgrind) flags=(-O2 -g -DRCP_CACHE_TEST_HOOKS) ;;
  asan) flags=(-O1 -g -DRCP_CACHE_TEST_HOOKS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer) ;;
  *) echo "usage: tests/cache/run.sh plain|asan|callgrind MODE [ARGS]" >&2; exit 2 ;;
esac
[[ $flavour == callgrind ]] && flags=(-O2 -g)   # the production build: no test hooks
bin="$out/torture-$flavour"
gcc "${common[@]}" "${flags[@]}" -o "$bin.tmp.$$" tests/cache/torture.c src/core/cache.c \
  -DRCP_CACHE_STANDALONE src/core/cache_listener.c -lpthread
mv "$bin.tmp.$$" "$bin"
if [[ $flavour == callgrind ]]; then
  n=${1:-200000}
  valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" --toggle-collect=rcp_cache_lookup \
    "$bin" bench "$n" >"$out/callgrind.log" 2>&1
  ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/callgrind.log")
  echo "callgrind: $n hits, $ir instructions in rcp_cache_lookup() and what it calls: $((ir / n)) per hit" \
    "(under valgrind the clock read is a system call: the vDSO's own instructions are not in this count)"
  exit 0
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$bin" "$@"
