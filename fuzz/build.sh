#!/usr/bin/env bash
# Build the libFuzzer harnesses (ASAN + UBSAN + libFuzzer, clang 14 from Debian) against Debian's php embed
# SAPI: fuzz/out/fuzz_reply (the RESP reader building zvals) and fuzz/out/fuzz_slots (+ CLUSTER SLOTS parser).
# Needs: clang-14 libclang-rt-14-dev libphp8.2-embed php8.2-dev (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v clang-14 >/dev/null || need+=(clang-14)
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need+=(libclang-rt-14-dev)
dpkg -s libphp8.2-embed >/dev/null 2>&1 || need+=(libphp8.2-embed)   # the library (php8.2-dev has the header only)
command -v php-config8.2 >/dev/null || need+=(php8.2-dev)
if ((${#need[@]})); then
  echo "fuzz/build.sh: installing ${need[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
mkdir -p fuzz/out
inc=$(php-config8.2 --includes)
libdir=$(dirname "$(find /usr/lib -maxdepth 2 -name 'libphp8.2.so' | head -1)")
flags=(-D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -Wall -Wno-unused-parameter -Iinclude $inc -I"$(php-config8.2 --include-dir)/sapi/embed")
src=(fuzz/fuzz_reply.c src/core/resp_read.c src/core/reply.c src/core/err.c src/binding/status.c src/binding/errors.c src/core/topology.c)
libs=(-L"$libdir" -Wl,-rpath,"$libdir" -lphp8.2)
# shellcheck disable=SC2068
clang-14 ${flags[@]} -o fuzz/out/fuzz_reply "${src[@]}" "${libs[@]}"
clang-14 ${flags[@]} -DRCP_FUZZ_SLOTS -o fuzz/out/fuzz_slots "${src[@]}" "${libs[@]}"
echo "built fuzz/out/fuzz_reply fuzz/out/fuzz_slots"
