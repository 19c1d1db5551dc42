#!/usr/bin/env bash
# Builds modules/redis_cluster_pool.so in the repository (phpize in-tree, as PHP extensions are built).
#
#   bash scripts/build.sh            development/test build: -g -O1 -Wall -Wextra -Werror
#   bash scripts/build.sh --asan     the same plus AddressSanitizer + UndefinedBehaviorSanitizer
#   bash scripts/build.sh --release  -O2, warnings shown but not fatal
#   bash scripts/build.sh --tsan     -O1 + ThreadSanitizer: for a ZTS PHP (scripts/zts.sh race), not Debian's NTS php
#
# phpize + configure run only when there is no Makefile, config.m4 changed since, or the flavour (flags)
# or the checkout's path changed; otherwise this is an incremental `make` (PHP's Makefile tracks header
# dependencies through the *.dep files). The generated files are listed in .gitignore.
#
# RCP_CONFIGURE_ARGS="--opt ..." passes more options to ./configure (split on spaces; scripts/zts.sh gives
# --disable-redis-cluster-pool-lto for its TSan build); a change configures again.
#
# RCP_BUILD_DIR=DIR builds in DIR instead (a copy of the sources, refreshed on every call with their
# timestamps, so that make stays incremental): DIR/modules/redis_cluster_pool.so. scripts/test.sh builds
# there on every platform but the host's, so that two platforms' builds of one checkout never mix.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"
if [[ -n ${RCP_BUILD_DIR:-} ]]; then
  mkdir -p "$RCP_BUILD_DIR"
  # what phpize/configure/make read: config.m4, the sources it lists, their headers (the arginfo in stubs/);
  # not what an in-tree build generated (objects, config.h)
  find config.m4 ./*.c ./*.h src include stubs \( -name config.m4 -o -name '*.[ch]' \) -not -name config.h -print0 |
    tar --null -T - -cf - | tar -xf - -C "$RCP_BUILD_DIR"
  cd "$RCP_BUILD_DIR"
fi

flavour=dev
for arg in "$@"; do
  case $arg in
    --asan) flavour=asan ;;
    --ubsan) flavour=ubsan ;;
    --release) flavour=release ;;
    --tsan) flavour=tsan ;;
    --dev) flavour=dev ;;
    *) echo "usage: $0 [--asan|--ubsan|--release|--tsan]" >&2; exit 2 ;;
  esac
done

# -Wno-unused-parameter: Zend's macros (PHP_MINIT_FUNCTION, PHP_FUNCTION, ...) declare parameters
# (type, module_number, execute_data, ...) that most functions do not use; -Wextra would reject them all.
warn="-Wall -Wextra -Werror -Wno-unused-parameter"
case $flavour in
  dev)
    cflags="-g -O1 $warn"
    ldflags="" ;;
  asan)
    san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    cflags="-g -O1 $warn $san"
    ldflags="-fsanitize=address,undefined" ;;
  ubsan)
    # Debian's php dlopen()s extensions with RTLD_DEEPBIND, which the ASAN runtime refuses: with that php,
    # UBSAN (plus valgrind memcheck for memory errors) is what can run; ASAN needs a php built from source.
    san="-fsanitize=undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    cflags="-g -O1 $warn $san"
    ldflags="-fsanitize=undefined" ;;
  tsan)
    # ThreadSanitizer, for a thread-safe (ZTS) PHP only: scripts/zts.sh race (docs/THREADS.md)
    # -Wno-tsan: the segment's seqlock fences (shm.c) are not modelled by TSan (tests/zts/tsan.supp)
    san="-fsanitize=thread -fno-omit-frame-pointer -Wno-tsan"
    cflags="-g -O1 $warn $san"
    ldflags="-fsanitize=thread" ;;
  release)
    cflags="-g -O2 -Wall -Wextra -Wno-unused-parameter"
    ldflags="" ;;
esac

phpize=$(rcp_php_tool phpize)
phpconfig=$(command -v "$(rcp_php_tool php-config)") || rcp_die "build.sh: php-config not found (scripts/deps.sh installs php-dev)"

# What the current Makefile was configured for; a different value means configure again.
stamp=.build-flavour
read -r -a configure_args <<<"${RCP_CONFIGURE_ARGS:-}" || true
want="$flavour|$cflags|$ldflags|$phpconfig|$PWD|${configure_args[*]}"
log=$(mktemp "${TMPDIR:-/tmp}/rcp-build.XXXXXX")
trap 'rm -f "$log"' EXIT

if [[ ! -f Makefile || config.m4 -nt Makefile || "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]]; then
  rcp_log "build: phpize + configure ($flavour)"
  # distclean drops the objects built with the previous flags along with the old Makefile.
  if [[ -f Makefile ]]; then make -s distclean >/dev/null 2>&1 || true; fi
  rm -f "$stamp"
  if ! { "$phpize" && CFLAGS="$cflags" LDFLAGS="$ldflags" ./configure --with-php-config="$phpconfig" "${configure_args[@]}"; } >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    rcp_die "build.sh: phpize/configure failed (whole output: config.log)"
  fi
  printf '%s\n' "$want" >"$stamp"
fi

rcp_log "build: make ($flavour)"
# stdout (libtool's command lines) is noise; warnings and errors go to stderr and stay visible.
make -s -j"$(nproc)" >/dev/null
[[ -f modules/redis_cluster_pool.so ]] || rcp_die "build.sh: modules/redis_cluster_pool.so was not produced"
