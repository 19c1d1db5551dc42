# shellcheck shell=bash
# Shared helpers for the project's shell scripts. Sourced, never run:
#   source "$(dirname "$0")/lib.sh"            (from scripts/)
#   source "$(dirname "$0")/../../scripts/lib.sh"   (from tests/*/)

# Repository root, whatever the caller's working directory.
RCP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export RCP_ROOT

# The Debian release this runs on (bookworm, trixie, ...), from /etc/os-release.
rcp_codename() { (. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-unknown}"); }

# The PHP version (X.Y) of this platform: the one `php` runs, else the newest versioned phpX.Y installed,
# else the one scripts/deps.sh installs for this release. RCP_PHP_VERSION overrides.
rcp_php_version() {
  local v
  if [[ -n ${RCP_PHP_VERSION:-} ]]; then echo "$RCP_PHP_VERSION"; return; fi
  if command -v php >/dev/null 2>&1 &&
     v=$(php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' 2>/dev/null) && [[ -n $v ]]; then
    echo "$v"; return
  fi
  v=$(compgen -c php | grep -E '^php[0-9]+\.[0-9]+$' | sort -uV | tail -n1)
  if [[ -n $v ]]; then echo "${v#php}"; return; fi
  bash "$RCP_ROOT/scripts/deps.sh" --list "$(rcp_codename)" | sed -n 's/^php\([0-9]*\.[0-9]*\)-cli$/\1/p'
}

# rcp_php_tool NAME: Debian's versioned binary of this platform's PHP (php8.4, phpize8.4, php-config8.4,
# php-fpm8.4) when it exists, else the unversioned NAME (for php-fpm: Debian keeps it in /usr/sbin).
rcp_php_tool() {
  local v
  v=$(rcp_php_version)
  if [[ -n $v ]] && command -v "$1$v" >/dev/null 2>&1; then echo "$1$v"; return; fi
  if [[ -n $v && -x /usr/sbin/$1$v ]]; then echo "/usr/sbin/$1$v"; return; fi
  echo "$1"
}

# The PHP CLI of this platform (php8.2 on bookworm, php8.4 on trixie, else php).
rcp_php() { rcp_php_tool php; }

# A progress line on stderr (bold on a terminal), so stdout stays machine-readable.
rcp_log() {
  if [[ -t 2 ]]; then printf '\033[1m==> %s\033[0m\n' "$*" >&2; else printf '==> %s\n' "$*" >&2; fi
}

rcp_die() { printf '%s\n' "$*" >&2; exit 1; }

# Every TCP port something listens on (any address), one per line.
rcp_listening_ports() { ss -Hltn 2>/dev/null | awk '{ n = split($4, a, ":"); print a[n] }' | sort -un; }

# rcp_ports_free PORT... : true when none of the ports has a listener.
rcp_ports_free() {
  local busy p
  busy=$(rcp_listening_ports)
  for p in "$@"; do
    grep -qx -- "$p" <<<"$busy" && return 1
  done
  return 0
}

# rcp_build_once LOCK MARKER BUILD [COLLECT]: a cache entry made once per machine, the way scripts/chroot.sh
# and scripts/zts.sh keep theirs. Takes a shared lock on LOCK (fd 9, held until the calling script exits: a
# rebuild never removes what a run uses); when MARKER (the entry's last file) is missing, upgrades to the
# exclusive lock, runs BUILD unless another run made MARKER meanwhile, then COLLECT (removing the entries of
# other keys that no run holds), and goes back to the shared lock. Two runs never build at once.
rcp_build_once() {
  local lock=$1 marker=$2 build=$3 collect=${4:-}
  exec 9>>"$lock"
  flock -s 9
  if [[ ! -f $marker ]]; then
    flock -u 9
    flock -x 9
    [[ -f $marker ]] || "$build"
    if [[ -n $collect ]]; then "$collect"; fi
    flock -s 9
  fi
}

# rcp_kill_tree PID [SIGNAL]: signal PID and all its descendants (children first found, then killed
# top-down so nothing is re-parented unseen). Only for processes this project started.
rcp_kill_tree() {
  local pid=$1 sig=${2:-TERM} child
  for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
    rcp_kill_tree "$child" "$sig"
  done
  kill "-$sig" "$pid" 2>/dev/null || true
}

# rcp_stop_tree PID [TENTHS]: SIGTERM to PID and all its descendants (so each can clean up after itself),
# wait until every one of them has exited (default 60 s), then SIGKILL whatever is left.
rcp_stop_tree() {
  local pid=$1 n=${2:-600} pids=() p
  tree() { local c; echo "$1"; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree "$c"; done; }
  mapfile -t pids < <(tree "$pid")
  rcp_kill_tree "$pid" TERM
  for p in "${pids[@]}"; do
    while ((n > 0)) && kill -0 "$p" 2>/dev/null; do sleep 0.1; n=$((n - 1)); done
  done
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
}

# rcp_wait_gone PID [TENTHS]: wait (default 5 s) until PID has exited; false if it is still alive.
rcp_wait_gone() {
  local pid=$1 n=${2:-50}
  while ((n-- > 0)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  ! kill -0 "$pid" 2>/dev/null
}

# rcp_php_ini BINARY DIR: writes DIR/php.ini and DIR/conf.d/, a copy of the configuration BINARY (php,
# php-fpm) loads in this environment — its php.ini and every additional .ini file, in the same order — minus
# the lines that mention redis_cluster_pool (outside a comment) and the extension= lines of a .so that is
# this extension under another name. With PHPRC=DIR PHP_INI_SCAN_DIR=DIR/conf.d, php then loads the
# machine's other extensions and settings but no copy of this extension: the tests load the build under
# test with `-d extension=...`, whatever the machine's php.ini enables ("Module already loaded" otherwise, or
# worse, tests run against the installed copy). Fails if a copy is loaded all the same.
rcp_php_ini() {
  local bin=$1 dir=$2 info ini extdir f n=1000
  info=$("$bin" -i 2>/dev/null </dev/null) || rcp_die "rcp_php_ini: $bin -i failed"
  extdir=$(sed -n 's/^extension_dir => \([^ ]*\) => .*/\1/p' <<<"$info")
  rm -rf "$dir"
  mkdir -p "$dir/conf.d"
  drop() {
    local line val so
    while IFS= read -r line || [[ -n $line ]]; do
      val=${line%%;*}
      [[ ${val,,} == *redis_cluster_pool* ]] && continue
      if [[ $val =~ ^[[:space:]]*(zend_)?extension[[:space:]]*=[[:space:]]*\"?([^\"[:space:]]+) ]]; then
        so=${BASH_REMATCH[2]}
        [[ $so == /* ]] || so="$extdir/$so"
        [[ -f $so ]] || so="$so.so"
        # the module's name is in its .so (zend_module_entry)
        [[ -f $so ]] && grep -qa redis_cluster_pool "$so" && continue
      fi
      printf '%s\n' "$line"
    done <"$1"
  }
  ini=$(sed -n 's/^Loaded Configuration File => //p' <<<"$info")
  if [[ -f $ini ]]; then drop "$ini" >"$dir/php.ini"; else : >"$dir/php.ini"; fi
  # "Additional .ini files parsed => a.ini,\nb.ini,\n..." (or "(none)"); numbered copies keep the order
  while IFS= read -r f; do
    [[ -f $f ]] || continue
    drop "$f" >"$dir/conf.d/$n-$(basename "$f")"
    n=$((n + 1))
  done < <(sed -n '/^Additional .ini files parsed => /,/^[^/]/{ s/^Additional .ini files parsed => //; s/,$//; p }' <<<"$info")
  if PHPRC=$dir PHP_INI_SCAN_DIR=$dir/conf.d "$bin" -m 2>/dev/null </dev/null | grep -qx redis_cluster_pool; then
    rcp_die "rcp_php_ini: $bin still loads redis_cluster_pool (see $ini and its scan directories)"
  fi
}
