# shellcheck shell=bash
# Shared helpers for the project's shell scripts. Sourced, never run:
#   source "$(dirname "$0")/lib.sh"            (from scripts/)
#   source "$(dirname "$0")/../../scripts/lib.sh"   (from tests/*/)

# Repository root, whatever the caller's working directory.
RCP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export RCP_ROOT

# The PHP 8.2 CLI: php8.2 when Debian's versioned binary exists, else php.
rcp_php() { if command -v php8.2 >/dev/null 2>&1; then echo php8.2; else echo php; fi; }

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

# rcp_kill_tree PID [SIGNAL]: signal PID and all its descendants (children first found, then killed
# top-down so nothing is re-parented unseen). Only for processes this project started.
rcp_kill_tree() {
  local pid=$1 sig=${2:-TERM} child
  for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
    rcp_kill_tree "$child" "$sig"
  done
  kill "-$sig" "$pid" 2>/dev/null || true
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
