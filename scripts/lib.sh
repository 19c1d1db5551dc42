# Shared helpers for the project's scripts (sourced, not run).
RCP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export RCP_ROOT
rcp_php() { if command -v php8.2 >/dev/null 2>&1; then echo php8.2; else echo php; fi; }
rcp_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
