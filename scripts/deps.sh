#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build, the tests, the demo and the benchmarks need and
# is missing. Idempotent: when everything is present it costs one dpkg-query call and no apt at all.
# Runs as root (or through sudo), non-interactively, on a fresh Debian bookworm (PHP 8.2) or trixie (PHP 8.4,
# plus Valkey).
#
#   bash scripts/deps.sh               install what is missing on this machine
#   bash scripts/deps.sh --list SUITE  print the package list for Debian SUITE (bookworm, trixie), one per line
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

# The packages for Debian release $1.
packages() {
  local php
  case $1 in
    bookworm) php=php8.2 ;;
    trixie) php=php8.4 ;;
    *) php=php ;;       # Debian's default PHP under its unversioned names
  esac
  printf '%s\n' \
    "$php-cli" "$php-dev" "$php-fpm" \
    gcc make autoconf pkg-config \
    libuv1-dev libssl-dev \
    redis-server redis-tools openssl \
    valgrind \
    libfcgi-bin \
    composer unzip git \
    php-pear \
    procps iproute2 util-linux netbase \
    chromium
  # PHP, phpize/php-config/run-tests.php, php-fpm; the build; the extension's libraries (OpenSSL 3 for TLS); the
  # test clusters (redis-server, redis-cli; openssl makes the TLS cluster's certificates); the memory pass of
  # scripts/test.sh; cgi-fcgi for tests/fpm/fpm.sh request;
  # Predis from Packagist (differential tests, benchmarks); pecl (tests/package builds and installs the release
  # tarball); ps (process trees), ss (free ports), flock/unshare; /etc/services; a headless browser for the
  # status page test (tests/pool/status_page_fpm.phpt).
  case $1 in
    # the trixie legs of scripts/test.sh also run the cluster tests on Valkey (valkey-server, valkey-cli)
    trixie) printf '%s\n' valkey-server valkey-tools ;;
    # the host builds the trixie chroot (scripts/chroot.sh)
    bookworm) printf '%s\n' debootstrap ;;
  esac
}

if [[ ${1:-} == --list ]]; then
  [[ -n ${2:-} ]] || rcp_die "usage: $0 [--list SUITE]"
  packages "$2"
  exit 0
fi
mapfile -t pkgs < <(packages "$(rcp_codename)")
php_dev=$(printf '%s\n' "${pkgs[@]}" | grep -m1 '^php.*-dev$')

# One dpkg-query for all packages (a package dpkg has never heard of is only mentioned on stderr), then
# compare the fully installed ones ("ii") with the wanted ones.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${pkgs[@]}" 2>/dev/null |
  awk '$2 == "ii" { print $1 }' || true)
missing=()
for p in "${pkgs[@]}"; do
  grep -qx -- "$p" <<<"$installed" || missing+=("$p")
done
# A package can be "installed" with a file of it gone (removed by hand or by a stray pecl run): the files the
# scripts run are checked too, and their package reinstalled.
reinstall=()
if [[ " ${missing[*]} " != *" $php_dev "* ]] && ! compgen -G "/usr/lib/php/*/build/run-tests.php" >/dev/null; then
  reinstall+=("$php_dev")
fi
((${#missing[@]} == 0 && ${#reinstall[@]} == 0)) && exit 0

((${#missing[@]})) && echo "==> deps.sh: installing ${missing[*]}" >&2
SUDO=()
if [[ $(id -u) -ne 0 ]]; then SUDO=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
# Debian's maintainer scripts would start the packaged redis-server, valkey-server and php-fpm services on
# their default ports; policy-rc.d (exit 101) stops them from starting while we install.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee "$policy" >/dev/null
  "${SUDO[@]}" chmod +x "$policy"
  own_policy=1
fi
cleanup() { if ((own_policy)); then "${SUDO[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT

"${SUDO[@]}" apt-get update -qq
if ((${#missing[@]})); then
  "${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" >/dev/null
fi
if ((${#reinstall[@]})); then
  echo "==> deps.sh: reinstalling ${reinstall[*]} (files missing)" >&2
  "${SUDO[@]}" apt-get install -y -qq --reinstall --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${reinstall[@]}" >/dev/null
fi

# If the services were installed earlier (or started anyway), keep them off: the project runs its own
# redis-server and php-fpm processes on free ports.
for svc in redis-server valkey-server "php$(rcp_php_version)-fpm"; do
  if command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
    "${SUDO[@]}" systemctl disable --now "$svc" >/dev/null 2>&1 || true
  fi
done
echo "==> deps.sh: done" >&2
