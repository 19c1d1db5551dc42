#!/usr/bin/env bash
# A Debian chroot of another release (trixie: Debian 13) with the project's dependencies, in which the same
# scripts run as on the host (scripts/test.sh runs its debian13 legs there). Needs root.
#
#   scripts/chroot.sh ensure SUITE             build the chroot if it is missing or out of date; print its path
#   scripts/chroot.sh run SUITE [--] CMD...    run CMD in it, from this checkout (bound at the same path)
#
# The chroot lives in the machine's cache, RCP_CHROOT_CACHE (default /var/cache/redis_cluster_pool), as
# SUITE-<key>, where <key> hashes the package list of scripts/deps.sh for SUITE and this script's recipe: a
# changed package list builds a new chroot (chroots of other keys no run is using are removed then). Built with
# `debootstrap --variant=minbase` from the Debian mirror this machine's apt uses (its sources.list), then
# `scripts/deps.sh` inside, under an exclusive lock; runs hold a shared lock, so a rebuild never removes a
# chroot in use, and two runs never build at once.
#
# Mounts (/proc, /sys, /dev with /dev/pts and /dev/shm, the checkout and its git repository, the shared/
# directory beside it, resolv.conf, /etc/ssl/certs) are made in a private mount namespace and a private PID
# namespace (unshare): they are invisible to the rest of the machine, and when CMD ends or this script is
# killed — Ctrl-C, SIGKILL, a failure — the kernel drops the mounts and kills whatever CMD left running
# inside (daemons included).
# Debian's services are kept from starting (policy-rc.d).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

# Bump when the way the chroot is made changes (the key changes with it).
recipe=1
cache=${RCP_CHROOT_CACHE:-/var/cache/redis_cluster_pool}

usage() { echo "usage: $0 ensure SUITE | run SUITE [--] CMD..." >&2; exit 2; }

# The URI of the Debian archive this machine's apt uses: the entry of sources.list(.d) whose suites include
# the host's release (not -security/-updates), in either format (one-line or deb822 .sources).
debian_mirror() {
  local host f
  host=$(rcp_codename)
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    awk -v suite="$host" '
      # one-line: deb [options] URI SUITE COMPONENTS...
      function stanza() { if (uri != "" && types ~ / deb / && (" " suites " ") ~ (" " suite " ")) { print uri; found = 1; exit } }
      /^[ \t]*deb[ \t]/ { sub(/\[[^]]*\]/, ""); if ($3 == suite) { print $2; found = 1; exit } }
      # deb822 stanzas, separated by empty lines
      /^[ \t]*$/ { stanza(); uri = ""; suites = ""; types = "" }
      tolower($1) == "types:" { $1 = ""; types = $0 " " }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { $1 = ""; suites = $0 }
      END { if (!found) stanza() }
    ' "$f" | head -n1
  done | head -n1
}

# True when something is mounted under $1 in any mount namespace of the machine.
mounted_under() {
  local root
  root=$(realpath -m "$1")
  cat /proc/[0-9]*/mountinfo 2>/dev/null | awk -v r="$root" '$5 == r || index($5, r "/") == 1 { found = 1 } END { exit !found }'
}

# Remove chroot directory $1, unless something is mounted in it.
remove_root() {
  if mounted_under "$1"; then
    echo "chroot.sh: not removing $1: something is mounted under it" >&2
    return 1
  fi
  rm -rf --one-file-system "$1"
}

# enter build|run ROOT CMD...: CMD in ROOT with the mounts, in new mount + PID namespaces (see the header).
enter() {
  # --kill-child: when unshare dies, the namespace's first process is SIGKILLed, and with it everything in the
  # namespace; mounts are private (no propagation back to the host). unshare ignores SIGINT and SIGTERM (Ctrl-C,
  # a stopping test.sh), which CMD gets too (env restores them): CMD cleans up, then unshare ends with it.
  (
    trap '' INT TERM
    exec unshare --mount --propagation private --pid --fork --kill-child -- \
      env --default-signal=INT,TERM bash "$RCP_ROOT/scripts/chroot.sh" __inside "$@"
  )
}

suite=${2:-}
case ${1:-} in
ensure|run) [[ -n $suite ]] || usage ;;
__inside)
  # In the namespaces made by enter(): mount, chroot, run. Mounts vanish with the namespace; they are also
  # unmounted here on the way out (in reverse order) so a long-lived leftover process holds none.
  mode=$2
  root=$3
  shift 3
  [[ $(readlink /proc/self/ns/mnt) != $(readlink /proc/1/ns/mnt) ]] || rcp_die "chroot.sh: __inside is for enter()"
  mounts=()
  cleanup() {
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -R "${mounts[$i]}" 2>/dev/null || umount -lR "${mounts[$i]}" 2>/dev/null || true; done
  }
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  mnt() { local target=$1; shift; mount "$@" "$target"; mounts+=("$target"); }
  # the root a mount point of its own, as / is: tools that change mount propagation (unshare) need one
  mnt "$root" --bind "$root"
  mnt "$root/proc" -t proc proc
  mnt "$root/sys" -t sysfs sysfs
  mnt "$root/dev" --rbind /dev
  mkdir -p "$root/dev/shm"
  mnt "$root/dev/shm" -t tmpfs -o mode=1777,nosuid,nodev tmpfs
  mkdir -p "$root$RCP_ROOT"
  mnt "$root$RCP_ROOT" --bind "$RCP_ROOT"
  # a git worktree's repository lives outside the checkout: bound too, so git works inside
  gitdir=$(git -C "$RCP_ROOT" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
  if [[ -d $gitdir && $gitdir != "$RCP_ROOT"/* ]]; then
    mkdir -p "$root$gitdir"
    mnt "$root$gitdir" --bind "$gitdir"
  fi
  # the shared/ directory beside the checkout (or RCP_SHARED_DIR), where tests find what no registry has
  # (tests/adapter: Predis 2.4.1), read-only
  shared=${RCP_SHARED_DIR:-$(dirname "$RCP_ROOT")/shared}
  if [[ -d $shared ]]; then
    mkdir -p "$root$shared"
    mnt "$root$shared" --bind -o ro "$shared"
  fi
  # the machine's network setup: its DNS resolver and, for runs (packages write there while the chroot is
  # built), the certificate authorities it trusts (an egress proxy's own CA, say); read-only
  if [[ -f /etc/resolv.conf ]]; then
    touch "$root/etc/resolv.conf"
    mnt "$root/etc/resolv.conf" --bind -o ro "$(realpath /etc/resolv.conf)"
  fi
  if [[ $mode == run && -d /etc/ssl/certs ]]; then
    mkdir -p "$root/etc/ssl/certs"
    mnt "$root/etc/ssl/certs" --bind -o ro /etc/ssl/certs
  fi
  # a clean environment: PATH of the chroot, the project's settings passed on
  envs=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
        "TERM=${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive)
  while IFS='=' read -r -d '' name value; do
    [[ $name == RCP_* || $name == CI || $name == NO_COLOR ]] && envs+=("$name=$value")
  done < <(env -0)
  rc=0
  chroot "$root" /usr/bin/env -i "${envs[@]}" /bin/bash -c 'cd "$1" && shift && exec "$@"' bash "$RCP_ROOT" "$@" || rc=$?
  exit "$rc"
  ;;
*) usage ;;
esac
[[ $(id -u) -eq 0 ]] || rcp_die "chroot.sh: needs root (debootstrap, mount, chroot)"
command -v unshare >/dev/null || rcp_die "chroot.sh: unshare not found (util-linux)"

# --- the chroot of SUITE ---------------------------------------------------------------------------
pkgs=$(bash "$RCP_ROOT/scripts/deps.sh" --list "$suite") || rcp_die "chroot.sh: no package list for $suite"
key=$(printf '%s\n' "recipe=$recipe" "$pkgs" | sha256sum | cut -c1-12)
root="$cache/$suite-$key"
mkdir -p "$cache"
lock="$root.lock"

# build: under the exclusive lock of this key, into ROOT.new, moved to ROOT when complete
build() {
  local mirror new="$root.new"
  command -v debootstrap >/dev/null || rcp_die "chroot.sh: debootstrap not found (scripts/deps.sh installs it)"
  mirror=$(debian_mirror)
  [[ -n $mirror ]] || rcp_die "chroot.sh: no Debian mirror found in /etc/apt/sources.list*"
  if [[ -e $new ]]; then remove_root "$new" || rcp_die "chroot.sh: cannot remove the unfinished $new"; fi
  rcp_log "chroot: debootstrap --variant=minbase $suite from $mirror (once; cached in $root)"
  local t0=$SECONDS log="$cache/$suite-$key.build.log"
  if ! debootstrap --variant=minbase "$suite" "$new" "$mirror" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rcp_die "chroot.sh: debootstrap failed (whole log: $log)"
  fi
  # Debian's maintainer scripts must not start redis-server, valkey-server, php-fpm: policy-rc.d says no
  printf '#!/bin/sh\nexit 101\n' >"$new/usr/sbin/policy-rc.d"
  chmod +x "$new/usr/sbin/policy-rc.d"
  # minbase writes no /etc/hosts: localhost must resolve (the tests' seeds use it)
  printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$new/etc/hosts"
  rcp_log "chroot: installing the project's packages in $suite (scripts/deps.sh)"
  if ! enter build "$new" bash scripts/deps.sh >>"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rcp_die "chroot.sh: scripts/deps.sh failed in the $suite chroot (whole log: $log)"
  fi
  enter build "$new" apt-get clean >>"$log" 2>&1 || true
  printf '%s\n' "$pkgs" >"$new/.rcp-packages"
  mv "$new" "$root"
  rcp_log "chroot: $suite ready in $((SECONDS - t0)) s"
}

# the other keys' chroots of SUITE that no run holds (their lock free): removed
collect() {
  local d l
  for d in "$cache/$suite"-*; do
    [[ -d $d && $d != "$root" && $d != *.new ]] || continue
    l="$d.lock"
    (
      flock -n 8 || exit 0
      rcp_log "chroot: removing $d (an older package list)"
      remove_root "$d" && rm -f "$d.build.log"
    ) 8>>"$l" || true
  done
}

rcp_build_once "$lock" "$root/.rcp-packages" build collect

case $1 in
ensure) echo "$root" ;;
run)
  shift 2
  [[ ${1:-} == -- ]] && shift
  (($#)) || usage
  # the shared lock (fd 9) is held until CMD ends
  enter run "$root" "$@"
  ;;
esac
