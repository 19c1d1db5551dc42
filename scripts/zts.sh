#!/usr/bin/env bash
# A thread-safe (ZTS) PHP built from Debian's own PHP source package, with the harnesses that run the extension
# on real threads: Apache 2.4's event MPM with that PHP's ZTS mod_php (tests/zts/apache.sh) and a FrankenPHP-like
# embed harness (tests/zts/embed.c: N pthreads, each running requests on the embed SAPI, one in worker mode).
# Debian ships no ZTS PHP; this builds one, once, and keeps it in the machine's cache. See docs/THREADS.md.
#
#   bash scripts/zts.sh ensure              build the ZTS PHP of this platform if it is missing or out of date;
#                                           print its prefix (PREFIX/bin/php, phpize, php-config, run-tests.php
#                                           in PREFIX/lib/php/build, PREFIX/lib/libphp.so the embed SAPI,
#                                           PREFIX/apache/mod_php.so, PREFIX/harness/rcp-embed the harness)
#   bash scripts/zts.sh build [--release]   build the extension against it (scripts/build.sh with the prefix's
#                                           phpize and php-config first in PATH) in
#                                           .scratch/zts-SUITE/build; print the .so's path
#   bash scripts/zts.sh test [PHPT|DIR...]  build, start a cluster, run the phpt files with the ZTS php's
#                                           run-tests.php (not those tests/zts/suites.list excludes; the
#                                           Predis trees a scripts/test.sh run left in .scratch), stop; the
#                                           last line is "N passed, N failed"
#   bash scripts/zts.sh load apache|embed   build, start a cluster, run the threaded load (tests/zts/load.sh:
#                                           W1 on Apache event 2 x 25 threads, or the embed harness 16 threads
#                                           with one in worker mode), print its figures, stop
#   bash scripts/zts.sh load fpm            the same W1 on php-fpm (NTS, 50 workers) behind the same Apache
#                                           front: processes vs threads, side by side
#   bash scripts/zts.sh fatal               fatal errors mid-transaction on 16 threads (tests/zts/fatal.php), then
#                                           W1: "fatal: requests N, W1 ok N, fatal errors N (wanted N), ..."
#   bash scripts/zts.sh cap                 redis_cluster_pool.max_connections_per_node on 16 threads (tests/zts/cap.php):
#                                           "cap: w1 ok N of N, max sockets to a node per process M (cap 4), ..."
#   bash scripts/zts.sh captls              the cap's W1 pass on a TLS-only cluster (TLS connections handed over):
#                                           "captls: w1 ok N of N, ..., waits W, handoffs H"
#   bash scripts/zts.sh capfatal [RUNS]     the cap run's fatal pass alone, RUNS times (default 24) on one cluster,
#                                           a crash's core kept in .scratch/zts-SUITE/cores/: "capfatal: runs N,
#                                           crashes C, runs with other failures F"
#   bash scripts/zts.sh cache               the read cache on 16 threads (tests/zts/cache_load.php): reads through
#                                           'cache' => true while a writer process rewrites the keys, every
#                                           value checked against its log (tests/cache/stale_checker.inc), the
#                                           rcp-cache listener SIGKILLed twice (a thread starts a new one):
#                                           "cache: requests N ok N, reads N, stale 0, wrong 0, ..."
#                                           (RCP_ZC_MODE=apache: on Apache event 2 x 25 threads;
#                                           RCP_TLS=1: on a TLS-only cluster)
#   bash scripts/zts.sh race                ThreadSanitizer over a threaded load (embed harness, W1 and the
#                                           cross-slot W1); "race: N reports (N in the extension's code)"
#   bash scripts/zts.sh env                 print PATH and RCP_PHP_VERSION settings that make scripts/lib.sh's
#                                           rcp_php_tool find the ZTS php (eval "$(bash scripts/zts.sh env)")
#
# The PHP is the upstream tarball (.orig) of Debian's php8.2 (bookworm) or php8.4 (trixie) source package,
# fetched with `apt-get source --download-only` through a deb-src entry this script adds (its own file,
# /etc/apt/sources.list.d/redis-cluster-pool-src.sources: the deb entries of the machine's release, as deb-src);
# when the mirror has the source of none of the versions its index lists, an earlier release's .orig it still
# has, pinned by its SHA-256 below (orig_pinned: php8.4 8.4.16).
# Not Debian's patched tree: its phpize carries placeholders Debian's packaging fills in. Built with
# --enable-zts --enable-embed, --disable-all plus the extensions the tests use, release flags with symbols
# (-g -O2). One configure builds one server SAPI only (embed or apache2handler): the embed SAPI is built with
# PHP, and Apache's handler (sapi/apache2handler of the same tree) is compiled afterwards with apxs' flags into
# PREFIX/apache/mod_php.so linked to PREFIX/lib/libphp.so: the same code as --with-apxs2 builds, one build.
#
# Cached in RCP_ZTS_CACHE (default /var/cache/redis_cluster_pool) as zts-SUITE-<key>, <key> a hash of the
# recipe below (configure line, flags, packages, source package): a changed recipe builds a new one (those of
# other keys no run holds are removed then); an interrupted build resumes. mod_php.so and the harness are built
# over it, each keyed by its own recipe (seconds). Under an exclusive lock while building; runs hold a
# shared lock, so two runs never build at once and a rebuild never removes a PHP in use. The packages it
# needs (apache2, apache2-dev, ...) are installed by this script when it runs, not by scripts/deps.sh: the
# normal test run does not pay for them. Needs root (apt-get, the cache).
#
# Debian 13 (PHP 8.4): run it inside the trixie chroot of scripts/test.sh,
#   bash scripts/chroot.sh run trixie -- bash scripts/zts.sh ensure
# (the chroot's own /var/cache keeps it; it is rebuilt with the chroot).
#
# Environment: RCP_ZTS_CACHE (above); RCP_ZTS_JOBS (make -j, default nproc).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"

usage() {
  echo "usage: $0 ensure | build [--release|--tsan] | test PHPT|DIR... | load apache|embed|fpm | fatal | cap | capfatal [RUNS] | cache | race | env" >&2
  exit 2
}

cache=${RCP_ZTS_CACHE:-/var/cache/redis_cluster_pool}
suite=$(rcp_codename)
case $suite in
  bookworm) srcpkg=php8.2 ;;
  trixie) srcpkg=php8.4 ;;
  *) rcp_die "zts.sh: no PHP source package known for Debian $suite (bookworm: php8.2, trixie: php8.4)" ;;
esac
srcver=${srcpkg#php}
# Upstream tarballs (Debian's .orig of the package) of earlier releases, by version: SHA-256. Used only when the
# mirror serves the source of none of the versions its index lists (then the newest of these it has).
declare -A orig_pinned=(
  [8.4.16]=f66f8f48db34e9e29f7bfd6901178e9cf4a1b163e6e497716dfcb8f88bcfae30
)

# --- the recipe (everything here is hashed into the cache key) -------------------------------------------
# Bump when the way the PHP is built changes beyond the lines below.
recipe=1
# What the build needs, besides scripts/deps.sh's packages (gcc, make, pkg-config, libssl-dev): Apache and its
# apxs (perl), xz for the tarball.
packages=(apache2 apache2-dev perl xz-utils gcc make pkg-config libssl-dev)
# --disable-all, then what tests/ and the Predis tests use: pcntl and posix (forks, signals), session (the
# save handler), openssl (ssl:// streams of the TLS tests), filter (Predis), ctype and tokenizer (Composer's
# autoloaders, symfony/cache); opcache (production runs with it; its shared interned strings change what a
# thread sees) without its JIT (build time). No CGI, no phpdbg, no PEAR, no PCRE JIT (a large compile).
# --with-pic: every object compiled once, position-independent (libphp.so needs it; the CLI takes the same
# objects), instead of libtool's default of twice (PIC and not): half the build time.
configure_args=(
  --enable-zts --enable-embed=shared --with-pic
  --disable-all --disable-cgi --disable-phpdbg --without-pear --enable-cli --without-pcre-jit
  --enable-pcntl --enable-posix --enable-session --with-openssl --enable-filter --enable-ctype --enable-tokenizer
  --enable-opcache --disable-opcache-jit
)
cflags="-g -O2"
key=$(printf '%s\n' "recipe=$recipe" "$srcpkg" "${packages[@]}" "${configure_args[@]}" "$cflags" | sha256sum | cut -c1-12)
root="$cache/zts-$suite-$key"
lock="$root.lock"

# --- packages --------------------------------------------------------------------------------------------

install_packages() {
  local installed missing=() p
  installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${packages[@]}" 2>/dev/null |
    awk '$2 == "ii" { print $1 }' || true)
  for p in "${packages[@]}"; do grep -qx -- "$p" <<<"$installed" || missing+=("$p"); done
  ((${#missing[@]})) || return 0
  rcp_log "zts: installing ${missing[*]}"
  # Debian's apache2 would start on port 80: policy-rc.d keeps services from starting while we install
  local policy=/usr/sbin/policy-rc.d own=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; own=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" >/dev/null ||
    { ((own)) && rm -f "$policy"; rcp_die "zts.sh: apt-get install ${missing[*]} failed"; }
  ((own)) && rm -f "$policy"
  return 0
}

# The deb-src entries: every deb entry of the machine's sources for this release (SUITE, SUITE-updates,
# SUITE-security), in either format (one-line or deb822), written as deb822 deb-src stanzas to a file of our
# own. Idempotent: the file is rewritten only when its content changes (then apt-get update).
deb_src() {
  local f out=/etc/apt/sources.list.d/redis-cluster-pool-src.sources text
  text=$(for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [[ -f $f && $f != "$out" ]] || continue
    awk -v suite="$suite" '
      function want(s) { return s == suite || s == suite "-updates" || s == suite "-security" }
      function emit(uri, suites, comps, signed) {
        printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n", uri, suites, comps
        if (signed != "") printf "Signed-By: %s\n", signed
        printf "\n"
      }
      function stanza(   n, i, s, keep) {
        if (uri != "" && (" " types " ") ~ / deb /) {
          n = split(suites, s, " "); keep = ""
          for (i = 1; i <= n; i++) if (want(s[i])) keep = keep (keep == "" ? "" : " ") s[i]
          if (keep != "") emit(uri, keep, comps, signed)
        }
        uri = ""; suites = ""; types = ""; comps = ""; signed = ""
      }
      /^[ \t]*deb[ \t]/ {
        signed = ""
        if (match($0, /signed-by=[^] ]*/)) signed = substr($0, RSTART + 10, RLENGTH - 10)
        sub(/\[[^]]*\]/, "")
        if (want($3)) { c = ""; for (i = 4; i <= NF; i++) c = c (c == "" ? "" : " ") $i; emit($2, $3, c, signed) }
        signed = ""; next
      }
      /^[ \t]*$/ { stanza(); next }
      tolower($1) == "types:" { $1 = ""; types = $0 }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { $1 = ""; suites = $0; gsub(/^ +/, "", suites) }
      tolower($1) == "components:" { $1 = ""; comps = $0; gsub(/^ +/, "", comps) }
      tolower($1) == "signed-by:" { signed = $2 }
      END { stanza() }
    ' "$f"
  done)
  [[ -n $text ]] || rcp_die "zts.sh: no deb entry for $suite in /etc/apt/sources.list*"
  if [[ "$(cat "$out" 2>/dev/null || true)" != "$text" ]]; then
    printf '%s\n' "$text" >"$out"
    rcp_log "zts: added deb-src entries for $suite ($out); apt-get update"
    apt-get update -qq >/dev/null || rcp_die "zts.sh: apt-get update failed"
  elif ! apt-cache showsrc "$srcpkg" >/dev/null 2>&1; then
    apt-get update -qq >/dev/null || rcp_die "zts.sh: apt-get update failed"
  fi
}

# --- the build (under the exclusive lock) ----------------------------------------------------------------

# The PHP: configure + make + make install into PREFIX. An interrupted build resumes: the work directory keeps
# the configured tree (its stamp: the key), and make picks up where it stopped. Apache's handler sources
# (sapi/apache2handler) are kept in PREFIX/src for mod_php.so (below); the rest of the tree is removed.
build() {
  local t0=$SECONDS log="$root.build.log" work="$root.work" src tarball cpu0 cpu1
  rm -rf "$root" "$root.stage"
  if [[ "$(cat "$work/.rcp-configured" 2>/dev/null || true)" == "$key" ]]; then
    src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'php-*' | head -n1)
    rcp_log "zts: resuming the PHP build in $src"
  else
    rm -rf "$work"
    mkdir -p "$work"
    : >"$log"
    install_packages
    deb_src
    # the newest version the archive serves (a mirror may list a security update whose source it lacks: then
    # the next one)
    local v got= tried=
    for v in $(apt-cache showsrc "$srcpkg" 2>/dev/null | awk '$1 == "Version:" { print $2 }' | sort -ruV); do
      rcp_log "zts: apt-get source --download-only $srcpkg=$v"
      tried+=" $v"
      if (cd "$work" && apt-get source --download-only "$srcpkg=$v" >>"$log" 2>&1); then got=$v; break; fi
      rm -f "$work"/*
    done
    if [[ -z $got ]]; then
      # none of them is on the mirror (this project's serves neither the php8.4 its Sources index lists nor the
      # security update's): an upstream tarball of an earlier release of the same branch that it still has, pinned
      # by its SHA-256 (apt-helper checks it)
      local uri
      for v in "${!orig_pinned[@]}"; do
        [[ $v == "$srcver".* ]] || continue
        for uri in $(awk 'tolower($1) == "uris:" { print $2 }' /etc/apt/sources.list.d/redis-cluster-pool-src.sources | sort -u); do
          rcp_log "zts: $srcpkg's source is not on the mirror; its ${srcpkg}_$v.orig.tar.xz (SHA-256 pinned)"
          tried+=" $v"
          if /usr/lib/apt/apt-helper download-file "$uri/pool/main/${srcpkg:0:1}/$srcpkg/${srcpkg}_$v.orig.tar.xz" \
            "$work/${srcpkg}_$v.orig.tar.xz" "SHA256:${orig_pinned[$v]}" >>"$log" 2>&1; then got=$v; break 2; fi
          rm -f "$work"/*
        done
      done
    fi
    [[ -n $got ]] || { tail -n 8 "$log" >&2
      rcp_die "zts.sh: apt-get source $srcpkg failed for every version the archive lists (${tried:- none}; log: $log)"; }
    tarball=$(ls "$work"/"${srcpkg}"_*.orig.tar.* 2>/dev/null | grep -v '\.asc$' | head -n1)
    [[ -n $tarball ]] || rcp_die "zts.sh: no .orig tarball of $srcpkg in $work"
    tar -xf "$tarball" -C "$work"
    src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'php-*' | head -n1)
    [[ -f $src/configure ]] || rcp_die "zts.sh: $tarball holds no configure"
    rcp_log "zts: configuring PHP $(basename "$src") ZTS"
    if ! (cd "$src" && CFLAGS="$cflags" ./configure --prefix="$root" --with-config-file-path="$root/etc" \
      --with-config-file-scan-dir="$root/etc/conf.d" "${configure_args[@]}") >>"$log" 2>&1; then
      tail -n 40 "$log" >&2
      rcp_die "zts.sh: PHP's configure failed (whole log: $log)"
    fi
    echo "$key" >"$work/.rcp-configured"
  fi
  rcp_log "zts: building PHP $(basename "$src") ZTS (make -j${RCP_ZTS_JOBS:-$(nproc)}; once, cached in $root)"
  cpu0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  if ! (cd "$src" && make -j"${RCP_ZTS_JOBS:-$(nproc)}" && make install INSTALL_ROOT="$root.stage") >>"$log" 2>&1; then
    tail -n 40 "$log" >&2
    rcp_die "zts.sh: the PHP build failed (whole log: $log; run again to resume)"
  fi
  cpu1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  mv "$root.stage$root" "$root"
  rm -rf "$root.stage"
  mkdir -p "$root/etc/conf.d" "$root/src"
  # opcache is a zend_extension of the build, not loaded unless asked: the tests load the extension under test
  # with -d extension=..., so nothing else is in the ini
  : >"$root/etc/php.ini"
  # Debian's versioned names, so that with PREFIX/bin first in PATH scripts/lib.sh rcp_php_tool finds these
  for f in php phpize php-config; do ln -sf "$f" "$root/bin/$f$srcver"; done
  cp -a "$src/sapi/apache2handler" "$root/src/"
  rm -rf "$work"
  printf 'php %s\nbuilt in %s s (this run), %s CPU s of make\n' "$("$root/bin/php" -n -r 'echo PHP_VERSION;')" \
    "$((SECONDS - t0))" "$(((cpu1 - cpu0) / $(getconf CLK_TCK)))" >"$root/.rcp-ready"
  rcp_log "zts: PHP $("$root/bin/php" -n -r 'echo PHP_VERSION, " ", PHP_ZTS ? "ZTS" : "NTS";') ready in" \
    "$((SECONDS - t0)) s ($(((cpu1 - cpu0) / $(getconf CLK_TCK))) CPU s)"
}

# artifact NAME FILE SOURCE... -- CMD...: PREFIX/NAME/<hash>/FILE, built by CMD (run with $out set to that
# directory) unless present, <hash> the hash of the SOURCE files and of CMD's text; under a lock of its own.
# PREFIX/NAME/FILE is a symbolic link to the newest one (the older ones stay, for runs that use them). Prints the
# file's path. For the small things built over the PHP: mod_php.so and the embed harness (a change to their
# recipe rebuilds them in seconds, not the PHP).
artifact() {
  local name=$1 file=$2 h srcs=() out
  shift 2
  while [[ $1 != -- ]]; do srcs+=("$1"); shift; done
  shift
  h=$( { cat "${srcs[@]}"; printf '%s\n' "$@"; } | sha256sum | cut -c1-12)
  out="$root/$name/$h"
  if [[ ! -f $out/.done || "$(readlink "$root/$name/$file")" != "$h/$file" ]]; then
    (
      flock -x 7
      if [[ ! -f $out/.done ]]; then
        rm -rf "$out"
        mkdir -p "$out"
        out=$out bash -c "$*" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; exit 1; }
        touch "$out/.done"
      fi
      ln -sfn "$h/$file" "$root/$name/$file.new" && mv -T "$root/$name/$file.new" "$root/$name/$file"
    ) 7>>"$root/$name.lock" || rcp_die "zts.sh: building $name/$file failed"
  fi
  echo "$out/$file"
}

# Apache's handler from the same tree (sapi/apache2handler, kept in PREFIX/src), with the flags its config.m4
# derives from apxs, linked to the embed SAPI's libphp.so: Apache loads mod_php.so, which loads libphp.so
# (rpath): the same code as --with-apxs2 builds, which one configure cannot do beside --enable-embed. Without
# ZEND_ENABLE_STATIC_TSRMLS_CACHE: the core's TSRM cache variable is not exported from libphp.so, so the
# handler reaches its globals through tsrm_get_ls_cache(), as a shared extension built without the cache does.
# The one core function the handler calls that libphp.so does not export, zend_signal_init() (in Apache's
# child_init hook: a snapshot of the child's signal handlers, used only to restore them at module shutdown;
# each request records the handlers it replaces anyway), is replaced by an empty one.
mod_php() {
  local d="$root/src/apache2handler" flags="" f
  for f in $(apxs -q CFLAGS); do [[ $f == -D* ]] && flags+=" $f"; done
  flags+=" -I$(apxs -q INCLUDEDIR) $($(apxs -q APR_CONFIG) --cppflags --includes) $($(apxs -q APU_CONFIG) --includes)"
  artifact apache mod_php.so "$d"/*.c "$d"/*.h -- \
    'echo "void rcp_no_signal_init(void) {}" >"$out/no_signal_init.c" &&' \
    gcc -shared -fPIC $cflags $flags $("$root/bin/php-config" --includes) -I"$d" \
      -Dzend_signal_init=rcp_no_signal_init '"$out/no_signal_init.c"' \
      "$d"/{mod_php,sapi_apache2,apache_config,php_functions}.c \
      -L"$root/lib" -lphp -Wl,-rpath,"$root/lib" -o '"$out/mod_php.so"'
}

# The embed harness (tests/zts/embed.c) against libphp.so.
harness() {
  artifact harness rcp-embed tests/zts/embed.c -- \
    gcc -g -O2 -Wall -Wextra -Werror -Wno-unused-parameter -pthread $("$root/bin/php-config" --includes) \
      "$RCP_ROOT/tests/zts/embed.c" -L"$root/lib" -lphp -Wl,-rpath,"$root/lib" -o '"$out/rcp-embed"'
}

# the other keys' builds of this suite that no run holds (their lock free): removed
collect() {
  local d
  for d in "$cache/zts-$suite"-*; do
    [[ -d $d && $d != "$root" && $d != *.work && $d != *.stage ]] || continue
    (
      flock -n 8 || exit 0
      rcp_log "zts: removing $d (an older recipe)"
      rm -rf --one-file-system "$d" "$d.work" "$d.build.log"
    ) 8>>"$d.lock" || true
  done
}

# ensure: the prefix, built if needed; a shared lock on fd 9 is held until this script exits
ensure() {
  [[ $(id -u) -eq 0 ]] || rcp_die "zts.sh: needs root (apt-get, $cache)"
  mkdir -p "$cache"
  rcp_build_once "$lock" "$root/.rcp-ready" build collect
  install_packages
}

# The extension built against the ZTS PHP (scripts/build.sh with this prefix's phpize and php-config first in
# PATH, in .scratch/zts-SUITE/build); prints the .so. FLAVOUR: build.sh's (--dev, --release, --asan).
build_ext() {
  local bdir="$RCP_ROOT/.scratch/zts-$suite/build"
  # the ThreadSanitizer build in a directory of its own (switching flavours reconfigures)
  # (without LTO: its link would drop the instrumentation)
  local args=""
  [[ ${1:-} == --tsan ]] && { bdir+="-tsan"; args="--disable-redis-cluster-pool-lto"; }
  # the release build too (the ZTS leg's loads take it after its phpt pass took the dev one: one reconfigure and
  # full build less per run)
  [[ ${1:-} == --release ]] && bdir+="-release"
  [[ ${1:-} == --asan ]] && bdir+="-asan"
  mkdir -p "$bdir"
  # serialized with any other build of this directory (as scripts/test.sh does for its own)
  PATH="$root/bin:$PATH" RCP_PHP_VERSION=$srcver RCP_BUILD_DIR=$bdir \
    RCP_CONFIGURE_ARGS="$args" \
    flock "$bdir.lock" bash "$RCP_ROOT/scripts/build.sh" "$@" >&2
  echo "$bdir/modules/redis_cluster_pool.so"
}

# keep DIR NAME: DIR's files copied to .scratch/zts-SUITE/NAME/ (replacing the last ones), when DIR exists.
keep() {
  local to="$RCP_ROOT/.scratch/zts-$suite/$2"
  [[ -d $1 ]] || return 0
  rm -rf "$to"
  cp -a "$1" "$to"
}

# A cluster for a test or load run, in a run directory of .scratch/zts-SUITE/ that is removed at exit with
# everything started in it; its env exported. Sets $run.
start_cluster() {
  mkdir -p "$RCP_ROOT/.scratch/zts-$suite"
  run=$(mktemp -d "$RCP_ROOT/.scratch/zts-$suite/run.XXXXXX")
  mkdir -p "$run/tmp"
  # the logs of the run are kept in .scratch/zts-SUITE/last-load/ (a load) or last-run/ (phpt), also when it
  # failed
  # shellcheck disable=SC2064  # $run is fixed now
  trap "bash '$RCP_ROOT/tests/zts/apache.sh' stop '$run/load/apache' >/dev/null 2>&1 || true
        bash '$RCP_ROOT/tests/cluster/cluster.sh' stop '$run/cluster' >/dev/null 2>&1 || true
        keep '$run/load' last-load; keep '$run/logs' last-run
        rm -rf '$run'" EXIT
  rcp_log "zts: starting a 6-node cluster"
  RCP_TLS=${RCP_TLS:-0} bash tests/cluster/cluster.sh start "$run/cluster" >/dev/null
  set -a
  # shellcheck source=/dev/null
  source "$run/cluster/env"
  set +a
  # a TLS cluster: its CA for the extension (w1.php then gives tls:// seeds)
  tlsini=()
  if [[ ${RCP_TEST_TLS:-0} == 1 ]]; then tlsini=(-d "redis_cluster_pool.tls_cafile=$RCP_TEST_TLS_DIR/ca.crt"); fi
}

# The embed harness' runs (fatal, cap): the ZTS PHP, the extension (release build: $so), the harness ($bin), a
# cluster of its own with W1's keys written
embed_start() {
  ensure
  so=$(build_ext --release)
  bin=$(harness)
  start_cluster
  setup=$("$root/bin/php" -n -d "extension=$so" "${tlsini[@]}" tests/zts/w1.php setup 2>&1) || true
  [[ $setup == OK ]] || rcp_die "zts.sh: w1.php setup failed on the ZTS CLI: $setup"
}

# W1 on 16 threads (one in worker mode) x RCP_CAP_REQUESTS (default 200) with a cap of 4 (tests/zts/cap.php), the
# sockets sampled meanwhile (tests/zts/nodestats.php): sets rc, w1_n, w1_ok, sockp (the most sockets to a node per
# process), stats (the cap's figures, JSON), waits, handoffs. $1: the name of the run (its output file).
cap_w1() {
  mkdir -p "$run/load/cap"
  chmod -R a+rwX "$run/load"
  php=$(rcp_php)
  export RCP_CAP_DIR="$run/load/cap"
  [[ ${RCP_TEST_TLS:-0} == 1 ]] || "$php" -n tests/zts/nodestats.php reset
  "$php" -n tests/zts/nodestats.php sample "$run/load/stop" "$run/load/sockets.json" &
  sampler=$!
  rc=0
  RCP_CAP_MODE=w1 "$bin" -t 16 -n "${RCP_CAP_REQUESTS:-200}" -w 1 -T 300 -d "extension=$so" "${tlsini[@]}" \
    -d redis_cluster_pool.max_connections_per_node=4 tests/zts/cap.php >"$run/load/$1-w1.out" 2>&1 || rc=$?
  touch "$run/load/stop"
  wait "$sampler" || true
  tail -n 3 "$run/load/$1-w1.out"
  w1=$(grep '^rcp-embed: threads ' "$run/load/$1-w1.out" | tail -n 1)
  [[ $w1 =~ requests\ ([0-9]+),\ ok\ ([0-9]+),\ failed\ ([0-9]+) ]] || rcp_die "zts.sh: $1: $w1"
  w1_n=${BASH_REMATCH[1]} w1_ok=${BASH_REMATCH[2]}
  sockp=$("$php" -r '$s = json_decode(file_get_contents($argv[1]), true); echo $s["per_process_per_node"];' "$run/load/sockets.json")
  stats=$(cat "$RCP_CAP_DIR/stats" 2>/dev/null || echo '{}')
  waits=$("$php" -r '$s = json_decode($argv[1], true); echo $s["cap_waits"] ?? -1;' "$stats")
  handoffs=$("$php" -r '$s = json_decode($argv[1], true); echo $s["cap_handoffs"] ?? -1;' "$stats")
}

cmd=${1:-}
[[ -n $cmd ]] || usage
shift
case $cmd in
ensure)
  ensure
  mod_php >/dev/null
  harness >/dev/null
  echo "$root"
  ;;
env)
  ensure
  printf 'export PATH=%q RCP_PHP_VERSION=%q\n' "$root/bin:$PATH" "$srcver"
  ;;
build)
  ensure
  build_ext "$@"
  ;;
test)
  # selected phpt files on the ZTS CLI, as scripts/test.sh's ZTS leg (debian12-zts) runs them, without the rest
  # of that leg
  (($#)) || rcp_die "usage: $0 test PHPT|DIR..."
  # the tests tests/zts/suites.list excludes (they start Debian's NTS php-fpm): not run here either, said so
  sel=()
  mapfile -t excl < <(sed -n 's/^-[[:space:]]*\([^:[:space:]]*\):.*/\1/p' tests/zts/suites.list | xargs -r realpath -m)
  while IFS= read -r f; do
    for x in "${excl[@]}"; do
      [[ $(realpath -m "$f") == "$x" ]] && { rcp_log "zts: not run: $f (tests/zts/suites.list excludes it)"; continue 2; }
    done
    sel+=("$f")
  done < <(find "$@" -name '*.phpt' | sort)
  ((${#sel[@]})) || rcp_die "zts.sh: no test left to run (tests/zts/suites.list excludes them)"
  set -- "${sel[@]}"
  # the Predis and Laravel trees a run of scripts/test.sh installed in .scratch, as it exports them
  for v in RCP_PREDIS3_AUTOLOAD=predis3 RCP_ADAPTER3_AUTOLOAD=adapter-v3 RCP_ADAPTER36_AUTOLOAD=adapter-v3.6 \
    RCP_PREDIS2_COMPOSER_AUTOLOAD=adapter-v2 RCP_LARAVEL_AUTOLOAD=laravel12; do
    name=${v%%=*} f="$RCP_ROOT/.scratch/${v#*=}/vendor/autoload.php"
    if [[ -z ${!name:-} && -f $f ]]; then export "$name=$f"; fi
  done
  export RCP_ADAPTER2_AUTOLOAD=${RCP_ADAPTER2_AUTOLOAD:-$RCP_ROOT/tests/adapter/autoload_predis2.php}
  ensure
  so=$(build_ext)
  start_cluster
  cp "$so" "$run/redis_cluster_pool.so"
  export RCP_REPO_ROOT="$RCP_ROOT" RCP_EXT_SO="$run/redis_cluster_pool.so" TMPDIR="$run/tmp" RCP_TLS=0 \
    NO_INTERACTION=1 TEST_PHP_EXECUTABLE="$root/bin/php" REPORT_EXIT_STATUS=0 NO_COLOR=1 \
    PHPRC="$root/etc" PHP_INI_SCAN_DIR="$root/etc/conf.d"
  rcp_log "zts: running $* on $("$root/bin/php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS";')"
  rc=0
  mkdir -p "$run/logs"
  log="$run/logs/run-tests.log"
  "$root/bin/php" "$root/lib/php/build/run-tests.php" -q -p "$root/bin/php" --show-diff --no-progress \
    -d "extension=$RCP_EXT_SO" --set-timeout "${RCP_TEST_TIMEOUT:-300}" "$@" </dev/null >"$log" 2>&1 || rc=$?
  cat "$log"
  # result lines as scripts/test.sh reads them: "STATUS[&STATUS] title [file]"
  passed=$(grep -cE '^(PASS|XFAIL|XLEAK)(&[A-Z]+)* ' "$log" || true)
  failed=$(grep -E '^(PASS|XFAIL|XLEAK|FAIL|BORK|LEAK|WARN|SKIP)(&[A-Z]+)* ' "$log" |
    awk '{ n = split($1, k, "&"); for (i = 1; i <= n; i++) if (k[i] ~ /^(FAIL|BORK|LEAK|WARN)$/) { c++; break } } END { print c + 0 }')
  skipped=$(grep -cE '^SKIP(&[A-Z]+)* ' "$log" || true)
  ((rc == 0)) || failed=$((failed + 1))
  echo "$passed passed, $failed failed$( ((skipped)) && echo ", $skipped skipped")"
  ((failed == 0 && passed > 0))
  ;;
load)
  # tests/zts/load.sh on a cluster of its own; RCP_LOAD_* as it documents. fpm: php-fpm (NTS, the machine's
  # PHP) behind the same Apache front, the NTS build of this checkout (scripts/build.sh --release)
  [[ ${1:-} == apache || ${1:-} == embed || ${1:-} == fpm ]] || usage
  ensure
  so=$(build_ext --release)
  fpm_so=
  if [[ $1 == fpm ]]; then
    bash scripts/build.sh --release >&2
    fpm_so="$RCP_ROOT/modules/redis_cluster_pool.so"
  fi
  bin=$(harness)
  start_cluster
  cp "$so" "$run/redis_cluster_pool.so"
  [[ -z $fpm_so ]] || { cp "$fpm_so" "$run/redis_cluster_pool_nts.so"; fpm_so="$run/redis_cluster_pool_nts.so"; }
  chmod -R a+rX "$run"
  RCP_EXT_SO="$run/redis_cluster_pool.so" RCP_FPM_EXT_SO=$fpm_so RCP_ZTS_PREFIX=$root RCP_EMBED_BIN=$bin TMPDIR="$run/tmp" \
    bash tests/zts/load.sh "$1" "$run/load"
  ;;
fatal)
  # tests/zts/fatal.php on the embed harness: RCP_FATAL_THREADS threads (default 16, one in worker mode) x
  # RCP_FATAL_REQUESTS (default 1200); each thread's first RCP_FATAL_COUNT x RCP_FATAL_EVERY requests (default
  # 20 x 10) include RCP_FATAL_COUNT fatal errors mid-transaction, the rest (at least 1,000 per thread) are W1.
  # Passes when the failed requests are exactly the deliberate fatal ones and every W1 is right.
  embed_start
  threads=${RCP_FATAL_THREADS:-16} per=${RCP_FATAL_REQUESTS:-1200}
  export RCP_FATAL_COUNT=${RCP_FATAL_COUNT:-20} RCP_FATAL_EVERY=${RCP_FATAL_EVERY:-10}
  mkdir -p "$run/load"
  rc=0
  "$bin" -t "$threads" -n "$per" -w 1 -T 600 -d "extension=$so" tests/zts/fatal.php >"$run/load/fatal.out" 2>&1 || rc=$?
  cat "$run/load/fatal.out"
  want=$((threads * RCP_FATAL_COUNT))
  line=$(grep '^rcp-embed: threads ' "$run/load/fatal.out" | tail -n 1)
  [[ $line =~ requests\ ([0-9]+),\ ok\ ([0-9]+),\ failed\ ([0-9]+),\ crashes\ 0,\ hung\ 0 ]] || rcp_die "zts.sh: fatal: $line"
  # every failure is a deliberate fatal error
  other=$(grep '^rcp-embed: failed ' "$run/load/fatal.out" | grep -cv 'rcp_fatal: mid\|Allowed memory size' || true)
  echo "fatal: requests ${BASH_REMATCH[1]}, W1 ok ${BASH_REMATCH[2]}, fatal errors ${BASH_REMATCH[3]} (wanted $want), other failures $other"
  ((BASH_REMATCH[3] == want && other == 0 && BASH_REMATCH[1] == BASH_REMATCH[2] + want))
  ;;
cap)
  # redis_cluster_pool.max_connections_per_node on real threads (tests/zts/cap.php on the embed harness), on a
  # cluster of its own: (1) W1 on 16 threads (one in worker mode) x RCP_CAP_REQUESTS (default 200) with a cap of
  # 4: every value right, at most 4 sockets to a node (tests/zts/nodestats.php samples `ss`), waits and handoffs
  # (idle connections handed over to a waiting thread) counted, both > 0; (2) a cap of 1, a thread holding a
  # transaction: the other thread's command gets the
  # ConnectionException naming the cap after its wait, the transaction then applies; (3) fatal errors
  # mid-transaction (tests/zts/fatal.php, 16 threads x 300, 5 fatal errors each) with a cap of 4: every other
  # request right (a slot left taken, or a dirty socket handed on, would fail them). Last line:
  # "cap: w1 ok N of N, max sockets to a node per process M (cap 4), waits W, handoffs H; hold OK; fatal ok N of
  # N W1, fatal errors N (wanted N)"; (4) a cap of 1, a thread sending a command every 20 ms: the connection goes
  # to the thread waiting for it at the end of the holder's next command, not at the end of its request
  # ("between operations OK")
  embed_start
  cap_w1 cap
  echo "cap: figures of the w1 run: $stats"
  RCP_CAP_MODE=hold "$bin" -t 2 -n 1 -w 0 -T 60 -d "extension=$so" -d redis_cluster_pool.max_connections_per_node=1 \
    tests/zts/cap.php >"$run/load/cap-hold.out" 2>&1 || true
  cat "$run/load/cap-hold.out"
  hold=$(grep -q '^rcp-embed: threads 2 (0 worker), requests 2, ok 2, failed 0' "$run/load/cap-hold.out" && echo OK || echo FAILED)
  rm -f "$RCP_CAP_DIR/started" "$RCP_CAP_DIR/done"
  RCP_CAP_MODE=between "$bin" -t 2 -n 1 -w 0 -T 60 -d "extension=$so" -d redis_cluster_pool.max_connections_per_node=1 \
    tests/zts/cap.php >"$run/load/cap-between.out" 2>&1 || true
  cat "$run/load/cap-between.out"
  between=$(grep -q '^rcp-embed: threads 2 (0 worker), requests 2, ok 2, failed 0' "$run/load/cap-between.out" && echo OK || echo FAILED)
  RCP_FATAL_COUNT=5 RCP_FATAL_EVERY=10 "$bin" -t 16 -n 300 -w 1 -T 300 -d "extension=$so" \
    -d redis_cluster_pool.max_connections_per_node=4 tests/zts/fatal.php >"$run/load/cap-fatal.out" 2>&1 || true
  tail -n 4 "$run/load/cap-fatal.out"
  fl=$(grep '^rcp-embed: threads ' "$run/load/cap-fatal.out" | tail -n 1)
  [[ $fl =~ requests\ ([0-9]+),\ ok\ ([0-9]+),\ failed\ ([0-9]+),\ crashes\ 0,\ hung\ 0 ]] || rcp_die "zts.sh: cap: fatal: $fl"
  f_n=${BASH_REMATCH[1]} f_ok=${BASH_REMATCH[2]} f_failed=${BASH_REMATCH[3]}
  other=$(grep '^rcp-embed: failed ' "$run/load/cap-fatal.out" | grep -cv 'rcp_fatal: mid\|Allowed memory size' || true)
  echo "cap: w1 ok $w1_ok of $w1_n, max sockets to a node per process $sockp (cap 4), waits $waits, handoffs $handoffs;" \
    "hold $hold; between operations $between; fatal ok $f_ok of $((f_n - 16 * 5)) W1, fatal errors $f_failed (wanted $((16 * 5))), other failures $other"
  ((rc == 0 && w1_ok == w1_n && sockp <= 4 && waits > 0 && handoffs > 0)) && [[ $hold == OK && $between == OK ]] &&
    ((f_failed == 16 * 5 && other == 0 && f_ok == f_n - 16 * 5))
  ;;
captls)
  # the cap's W1 pass on a TLS-only cluster (RCP_TLS=1 tests/cluster/cluster.sh): TLS connections are handed over
  # too (their SSL object moves with the socket). 16 threads (one in worker mode) x RCP_CAP_REQUESTS (default
  # 200), cap 4: every value right, at most 4 sockets to a node, handoffs > 0. Last line: "captls: w1 ok N of N,
  # max sockets to a node per process M (cap 4), waits W, handoffs H"
  RCP_TLS=1 embed_start
  cap_w1 captls
  echo "captls: w1 ok $w1_ok of $w1_n, max sockets to a node per process $sockp (cap 4), waits $waits, handoffs $handoffs"
  ((rc == 0 && w1_ok == w1_n && sockp <= 4 && handoffs > 0))
  ;;
cache)
  # the read cache under threads (tests/zts/cache_load.php, which says what it checks) on a cluster of its own, the
  # release build; RCP_ZC_* as it documents (RCP_ZC_KILLS: how many times the listener is SIGKILLed, default 2)
  # RCP_ZC_MODE=apache: the same on Apache event (2 x 25 threads, the ZTS mod_php) instead of the embed harness;
  # RCP_TLS=1: on a TLS-only cluster (the listener's links over TLS, also when a thread forks it)
  ensure
  so=$(build_ext --release)
  bin=$(harness)
  start_cluster
  mkdir -p "$run/load/cache"
  chmod -R a+rX "$run"
  chmod -R a+rwX "$run/load"
  cp "$so" "$run/redis_cluster_pool.so"
  chmod a+r "$run/redis_cluster_pool.so"
  so="$run/redis_cluster_pool.so"
  RCP_ZTS_PREFIX=$root RCP_EMBED_BIN=$bin RCP_EXT_SO=$so "$root/bin/php" -n -d "extension=$so" tests/zts/cache_load.php "$run/load/cache" |
    tee "$run/load/cache.out"
  ;;
capfatal)
  # the cap run's fatal pass alone, RUNS times (default 24) on one cluster: tests/zts/fatal.php on the embed harness,
  # 16 threads x RCP_CAP_REQUESTS (default 300), 5 fatal errors each, cap RCP_CAP (default 4), the release build
  # (--dev with RCP_CAPFATAL_BUILD=--dev); a crash leaves its core in .scratch/zts-SUITE/cores/ (ulimit -c
  # unlimited, core_pattern "core" relative to the run directory) and its output there. Last line:
  # "capfatal: runs N, crashes C, other failures F, handoffs H, waits W"
  runs=${1:-24}
  ensure
  so=$(build_ext "${RCP_CAPFATAL_BUILD:---release}")
  bin=$(harness)
  start_cluster
  setup=$("$root/bin/php" -n -d "extension=$so" tests/zts/w1.php setup 2>&1) || true
  [[ $setup == OK ]] || rcp_die "zts.sh: w1.php setup failed on the ZTS CLI: $setup"
  cores="$RCP_ROOT/.scratch/zts-$suite/cores"
  mkdir -p "$cores" "$run/load/cap"
  chmod -R a+rwX "$run/load"
  export RCP_CAP_DIR="$run/load/cap"
  ulimit -c unlimited
  crashes=0 bad=0 handoffs=0 waits=0
  for ((i = 1; i <= runs; i++)); do
    out="$run/load/capfatal-$i.out"
    rc=0
    (cd "$run/load" && RCP_FATAL_COUNT=5 RCP_FATAL_EVERY=10 RCP_FATAL_STATS="$run/load/cap/stats" "$bin" -t 16 -n "${RCP_CAP_REQUESTS:-300}" -w 1 -T 300 \
      -d "extension=$so" -d "redis_cluster_pool.max_connections_per_node=${RCP_CAP:-4}" \
      "$RCP_ROOT/tests/zts/fatal.php") >"$out" 2>&1 || rc=$?
    fl=$(grep '^rcp-embed: threads ' "$out" | tail -n 1)
    other=$(grep '^rcp-embed: failed ' "$out" | grep -cv 'rcp_fatal: mid\|Allowed memory size\|crashed while' || true)
    st=$(cat "$run/load/cap/stats" 2>/dev/null || true)
    rm -f "$run/load/cap/stats"
    echo "capfatal $i: rc $rc; $fl; other failures $other${st:+; $st}"
    if grep -q 'CRASH' "$out" || [[ ! $fl =~ crashes\ 0 ]]; then
      crashes=$((crashes + 1))
      cp "$out" "$cores/capfatal-$i.out"
      [[ -f $run/load/core ]] && mv "$run/load/core" "$cores/core.$i"
    fi
    ((other == 0)) || bad=$((bad + 1))
  done
  echo "capfatal: runs $runs, crashes $crashes, runs with other failures $bad"
  ((crashes == 0 && bad == 0))
  ;;
race)
  # ThreadSanitizer over a threaded load: the extension built with -fsanitize=thread (build.sh --tsan), the
  # embed harness with TSan's runtime preloaded (behind tests/zts/nodeepbind.so: PHP dlopen()s extensions with
  # RTLD_DEEPBIND, which the runtime refuses), W1, the cross-slot W1, then W1 with a per-node cap of 2 (the
  # per-process pool's waits and handovers) on RCP_RACE_THREADS threads (default 8,
  # one in worker mode) x RCP_RACE_REQUESTS (default 200), then the read cache's load (scripts/zts.sh cache: the
  # writer, the checker, the listener SIGKILLed once and started again by a thread) on as many threads; RCP_TLS=1:
  # on a TLS-only cluster (TLS connections handed over). PHP itself is not instrumented: the reports are races
  # on the extension's memory (or on memory it hands to PHP). Prints each report's first frames, then
  # "race: N reports (N in the extension's code)"; fails when the extension's code has any, or a request failed.
  ensure
  so=$(build_ext)          # the CLI's setup below: the plain build
  tsan_so=$(build_ext --tsan)
  bin=$(harness)
  shim="$RCP_ROOT/.scratch/zts-$suite/nodeepbind.so"
  [[ $shim -nt tests/zts/nodeepbind.c ]] || gcc -shared -fPIC -O1 -o "$shim" tests/zts/nodeepbind.c -ldl
  start_cluster
  mkdir -p "$run/load"
  setup=$("$root/bin/php" -n -d "extension=$so" "${tlsini[@]}" tests/zts/w1.php setup 2>&1) || true
  [[ $setup == OK ]] || rcp_die "zts.sh: w1.php setup failed on the ZTS CLI: $setup"
  rc=0
  # W1, the cross-slot W1, then W1 with redis_cluster_pool.max_connections_per_node=2 (threads wait for slots and
  # take connections other threads gave back: the per-process pool's locks and handovers)
  for pass in 0 1 cap; do
    cap=0
    [[ $pass == cap ]] && cap=2
    # setarch -R: TSan's fixed shadow layout and the kernel's high-entropy mmap randomization do not mix
    RCP_W1_CROSS=${pass/cap/0} setarch "$(uname -m)" -R env LD_PRELOAD="$shim $(gcc -print-file-name=libtsan.so)" \
      TSAN_OPTIONS="report_signal_unsafe=0 history_size=4 suppressions=$RCP_ROOT/tests/zts/tsan.supp log_path=$run/load/tsan" \
      "$bin" -t "${RCP_RACE_THREADS:-8}" -n "${RCP_RACE_REQUESTS:-200}" -w 1 -T 600 -d "extension=$tsan_so" "${tlsini[@]}" \
      -d "redis_cluster_pool.max_connections_per_node=$cap" tests/zts/w1.php | tee -a "$run/load/embed.out" | tail -n 1 || rc=1
  done
  # the read cache (tests/zts/cache_load.php): reads with 'cache' => true while a writer rewrites the keys, the
  # listener SIGKILLed once (a thread forks the new one: the child runs instrumented too), own writes read back
  mkdir -p "$run/load/cache"
  chmod -R a+rwX "$run/load"
  RCP_ZC_EMBED_PREFIX="setarch $(uname -m) -R env LD_PRELOAD='$shim $(gcc -print-file-name=libtsan.so)' TSAN_OPTIONS='report_signal_unsafe=0 history_size=4 suppressions=$RCP_ROOT/tests/zts/tsan.supp log_path=$run/load/tsan'" \
    RCP_ZC_THREADS=${RCP_RACE_THREADS:-8} RCP_ZC_KILLS=1 RCP_ZC_AFTER=1 RCP_ZC_OWN=1 RCP_EMBED_BIN=$bin RCP_EXT_SO=$tsan_so \
    "$root/bin/php" -n -d "extension=$so" tests/zts/cache_load.php "$run/load/cache" >"$run/load/cache.out" 2>&1 || rc=1
  tail -n 1 "$run/load/cache.out"
  cat "$run/load"/tsan.* 2>/dev/null >"$run/load/tsan.log" || true
  # a report: "WARNING: ThreadSanitizer: ..." up to its "SUMMARY:" line; the extension's when a frame is in src/
  # or redis_cluster_pool.c
  total=$(grep -c '^WARNING: ThreadSanitizer' "$run/load/tsan.log" || true)
  ours=$(awk '/^WARNING: ThreadSanitizer/ { r = 1; o = 0 } r && /(\/src\/(core|binding|predis)\/|redis_cluster_pool\.c:)/ { o = 1 }
              /^SUMMARY: ThreadSanitizer/ { if (r && o) n++; r = 0 } END { print n + 0 }' "$run/load/tsan.log")
  grep -E '^(WARNING|SUMMARY): ThreadSanitizer' "$run/load/tsan.log" | sort | uniq -c | sort -rn | head -n 40 || true
  echo "race: $total reports ($ours in the extension's code)"
  ((ours == 0 && rc == 0))
  ;;
*) usage ;;
esac
