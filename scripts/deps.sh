#!/usr/bin/env bash
# Installs what the build, the tests, the demo and the benchmarks need, from Debian's packages, when missing.
# Idempotent; fast when everything is present. Run as root (or with sudo available).
set -euo pipefail
pkgs=(php8.2-cli php8.2-dev php8.2-fpm libhiredis-dev libuv1-dev redis-server redis-tools valgrind
      libfcgi-bin pkg-config composer unzip git procps iproute2 gcc make autoconf)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
((${#missing[@]})) || exit 0
echo "==> installing: ${missing[*]}" >&2
SUDO=; [[ $(id -u) -eq 0 ]] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts the packaged services; the project runs its own on free ports.
for svc in redis-server php8.2-fpm; do
  $SUDO systemctl disable --now "$svc" >/dev/null 2>&1 || $SUDO service "$svc" stop >/dev/null 2>&1 || true
done
