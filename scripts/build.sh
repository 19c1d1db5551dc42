#!/usr/bin/env bash
# Builds modules/redis_cluster_pool.so in the repository (phpize in-tree, as PHP extensions do).
#   scripts/build.sh            development build: -g -O1 -Wall -Wextra -Werror
#   scripts/build.sh --asan     the same with AddressSanitizer + UndefinedBehaviorSanitizer
#   scripts/build.sh --release  -O2, warnings not fatal
# phpize/configure re-run only when config.m4 or the flavour changed; otherwise make is incremental.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"
flavour=dev
case ${1:-} in --asan) flavour=asan ;; --release) flavour=release ;; "") ;; *) echo "usage: $0 [--asan|--release]" >&2; exit 2 ;; esac
# -Wno-unused-parameter: Zend's PHP_FUNCTION/MINIT macros declare parameters many functions do not use.
warn="-Wall -Wextra -Werror -Wno-unused-parameter"
case $flavour in
  dev)     cflags="-g -O1 $warn"; ldflags="" ;;
  asan)    cflags="-g -O1 $warn -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"; ldflags="-fsanitize=address,undefined" ;;
  release) cflags="-g -O2 -Wall"; ldflags="" ;;
esac
phpize=phpize; command -v phpize8.2 >/dev/null && phpize=phpize8.2
phpconfig=php-config; command -v php-config8.2 >/dev/null && phpconfig=php-config8.2
stamp=".build-flavour"
if [[ ! -f Makefile || config.m4 -nt Makefile || $(cat $stamp 2>/dev/null) != "$flavour" ]]; then
  rcp_log "configure ($flavour)"
  [[ -f Makefile ]] && make -s distclean >/dev/null 2>&1 || true
  $phpize >/dev/null
  CFLAGS="$cflags" LDFLAGS="$ldflags" ./configure -q --with-php-config="$(command -v $phpconfig)" >/dev/null
  echo "$flavour" > $stamp
fi
rcp_log "make ($flavour)"
make -s -j"$(nproc)" >/dev/null
test -f modules/redis_cluster_pool.so
