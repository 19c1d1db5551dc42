#!/usr/bin/env bash
# Release steps (PECL). The version is written by hand in one place, PHP_REDIS_CLUSTER_POOL_VERSION in
# php_redis_cluster_pool.h; `php tools/set_version.php X.Y.Z` changes it and everything that repeats it.
#
#   bash scripts/release.sh check                 the release checks, no build: package.xml complete and in
#                                                 step (tools/gen_package_xml.php --check), IDE stub up to date,
#                                                 one version everywhere, CHANGELOG has an entry for it
#   bash scripts/release.sh package [DIR]         check, then `pecl package` into DIR (default .scratch/dist):
#                                                 prints the tarball's path; its size and file count on stderr
#   bash scripts/release.sh install TGZ ROOT      `pecl install TGZ` (the real PECL build: phpize, configure,
#                                                 make, install, registry) with everything it writes kept under
#                                                 ROOT: nothing in the system PHP changes, no php.ini is
#                                                 touched. Prints the path of the installed .so
#   bash scripts/release.sh prepare [DATE]        before tagging: CHANGELOG's "Unreleased" top entry and
#                                                 package.xml's <date> become DATE (default today, UTC)
#
# The whole flow (package, install, load the installed .so, commands against a cluster) is tested by
# tests/package/pecl_install.phpt, in every scripts/test.sh run.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"
PHP=$(rcp_php)

version() { sed -n 's/^#define PHP_REDIS_CLUSTER_POOL_VERSION "\(.*\)"$/\1/p' php_redis_cluster_pool.h; }

need_pecl() {
  command -v pecl >/dev/null 2>&1 || rcp_die "release.sh: pecl not found (scripts/deps.sh installs php-pear)"
}

cmd_check() {
  local v bad=0 out
  v=$(version)
  [[ -n $v ]] || rcp_die "release.sh: PHP_REDIS_CLUSTER_POOL_VERSION not found"
  if ! out=$("$PHP" tools/gen_package_xml.php --check); then
    printf '%s\n' "$out" >&2
    echo "release.sh: package.xml is not complete: php tools/gen_package_xml.php" >&2
    bad=1
  fi
  "$PHP" tools/gen_ide_stub.php --check >&2 || bad=1
  grep -q "<release>$v</release>" package.xml || { echo "release.sh: package.xml's <release> is not $v" >&2; bad=1; }
  grep -q "const VERSION = \"$v\";" stubs/redis_cluster_pool.stub.php ||
    { echo "release.sh: stubs/redis_cluster_pool.stub.php's VERSION is not $v" >&2; bad=1; }
  grep -Eq "^## \[$v\] - " CHANGELOG.md || { echo "release.sh: CHANGELOG.md has no entry for $v" >&2; bad=1; }
  ((bad == 0)) || exit 1
  rcp_log "release checks passed for $v"
}

cmd_package() {
  local dir=${1:-$RCP_ROOT/.scratch/dist} v tgz log
  need_pecl
  cmd_check
  v=$(version)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  tgz="$dir/redis_cluster_pool-$v.tgz"
  rm -f "$tgz"
  log=$(mktemp "${TMPDIR:-/tmp}/rcp-pecl-package.XXXXXX")
  # pecl package writes the tarball into the current directory and takes only the files package.xml lists
  if ! (cd "$dir" && pecl package "$RCP_ROOT/package.xml") >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    rcp_die "release.sh: pecl package failed"
  fi
  # the only warning allowed: a <date> that is not today (it is set by 'prepare' on release day)
  if grep -v 'Release Date .* is not today' "$log" | grep -Eqi 'warning|error'; then
    cat "$log" >&2
    rm -f "$log"
    rcp_die "release.sh: pecl package warned"
  fi
  rm -f "$log"
  [[ -f $tgz ]] || rcp_die "release.sh: pecl package did not write $tgz"
  rcp_log "$(basename "$tgz"): $(stat -c %s "$tgz") bytes, $(tar -tzf "$tgz" | grep -vc '/$') files (package.xml included)"
  echo "$tgz"
}

cmd_install() {
  local tgz=${1:-} root=${2:-} so log
  [[ -f $tgz && -n $root ]] || rcp_die "usage: release.sh install TARBALL ROOT"
  need_pecl
  mkdir -p "$root"
  root=$(cd "$root" && pwd)
  tgz=$(cd "$(dirname "$tgz")" && pwd)/$(basename "$tgz")
  # A private PEAR configuration: registry, docs, tests, downloads and the build directory under ROOT.
  pear config-create "$root" "$root/pearrc" >/dev/null
  # PEAR copies the built .so to `php-config --extension-dir` whatever ext_dir says (and its --installroot /
  # --packagingroot options do not move it); pecl puts its bin_dir first in PATH and uses the php-config it
  # finds there, so this one sends the extension to ROOT/ext and leaves the system's extension directory alone.
  mkdir -p "$root/pear" "$root/ext"
  cat >"$root/pear/php-config" <<EOF
#!/bin/sh
case "\$1" in
  --prefix) echo "$root" ;;
  --extension-dir) echo "$root/ext" ;;
  *) exec "$(command -v "$(rcp_php_tool php-config)")" "\$@" ;;
esac
EOF
  chmod +x "$root/pear/php-config"
  log="$root/pecl-install.log"
  # configure options take their defaults (pkg-config); MAKE: PEAR's builder runs $MAKE
  if ! MAKE="make -j$(nproc)" pecl -c "$root/pearrc" install "$tgz" </dev/null >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    rcp_die "release.sh: pecl install failed (whole log: $log)"
  fi
  grep -q '^install ok: channel://pecl.php.net/redis_cluster_pool-' "$log" ||
    { tail -n 40 "$log" >&2; rcp_die "release.sh: pecl install did not say 'install ok' (log: $log)"; }
  so="$root/ext/redis_cluster_pool.so"
  [[ -f $so ]] || rcp_die "release.sh: pecl install did not produce $so (log: $log)"
  echo "$so"
}

cmd_prepare() {
  local date=${1:-$(date -u +%F)} v
  v=$(version)
  [[ $date =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || rcp_die "release.sh: DATE must be YYYY-MM-DD"
  grep -Eq "^## \[$v\] - " CHANGELOG.md || rcp_die "release.sh: CHANGELOG.md has no entry for $v"
  sed -i -E "s/^## \[$v\] - Unreleased$/## [$v] - $date/" CHANGELOG.md
  "$PHP" tools/gen_package_xml.php --date="$date" >&2
  cmd_check
  rcp_log "prepared $v ($date): review, commit, tag v$v, then: bash scripts/release.sh package"
}

sub=${1:-}
shift || true
case $sub in
  check) cmd_check ;;
  package) cmd_package "$@" ;;
  install) cmd_install "$@" ;;
  prepare) cmd_prepare "$@" ;;
  *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
