#!/usr/bin/env bash
# The route of one command through the C files, measured: every function of the extension one operation calls,
# in order (gdb breakpoints on all of them), as a table of stays in a file (step, down/up, file, functions),
# with the counts the layering is judged by: files visited, file entries, climbs back up (a return into a file
# followed by a new descent), calls into a file already on the stack (callbacks, upward calls).
#
#   bash tools/check_layers.trace.sh [OP...]      OP: get (default), set, mget10, mget100, pipe100
#
# Builds the extension without inlining or LTO (-O0 -fno-inline, --disable-redis-cluster-pool-lto) in
# .scratch/trace-build (a copy of the sources, incremental), so that every C function is a call gdb sees; the
# operation runs in the steady state (tools/check_layers.trace.php: warm-up runs first, then the one traced,
# between two markers). Uses the cluster of $RCP_TEST_SEEDS, else starts one (tests/cluster/cluster.sh) for the
# run. RCP_TRACE_TREE=1 also prints the call tree. About a minute per operation (1,000 breakpoints).
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$RCP_ROOT"
ops=("$@")
((${#ops[@]})) || ops=(get)
command -v gdb >/dev/null || rcp_die "check_layers.trace.sh: gdb is needed (apt-get install gdb)"

build=.scratch/trace-build
mkdir -p "$build"
find config.m4 ./*.c ./*.h src include stubs \( -name config.m4 -o -name '*.[ch]' \) -not -name config.h -print0 |
  tar --null -T - -cf - | tar -xf - -C "$build"
(
  cd "$build"
  if [[ ! -f Makefile || config.m4 -nt Makefile ]]; then
    { "$(rcp_php_tool phpize)" && CFLAGS="-O0 -g -fno-inline" ./configure --disable-redis-cluster-pool-lto; } >configure.out 2>&1 ||
      { tail -20 configure.out >&2; exit 1; }
  fi
  make -s -j"$(nproc)" >/dev/null
)
so=$RCP_ROOT/$build/modules/redis_cluster_pool.so

cluster=
if [[ -z ${RCP_TEST_SEEDS:-} ]]; then
  cluster=$(mktemp -d "$RCP_ROOT/.scratch/trace-cluster.XXXXXX")
  trap 'bash tests/cluster/cluster.sh stop "$cluster" >/dev/null 2>&1 || true' EXIT
  set -a; source <(bash tests/cluster/cluster.sh start "$cluster"); set +a
fi
for op in "${ops[@]}"; do
  echo "== $op"
  gdb -q -batch -x tools/check_layers.trace.py --args "$(rcp_php)" -n -d "extension=$so" \
    -d redis_cluster_pool.refresh_interval=0 tools/check_layers.trace.php "$op" 2>&1 |
    grep -v -e '^\[' -e '^Using host libthread_db' -e '^warning: Temporarily disabling breakpoints'
done
