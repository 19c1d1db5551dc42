#!/usr/bin/env bash
# Real php-fpm (Debian's php-fpmX.Y of this platform's PHP) with the built extension, for the tests, the demo
# and the benchmarks.
#
#   tests/fpm/fpm.sh start DIR [WORKERS]      one pool, pm = static with WORKERS children (default 8), on a
#                                             free 127.0.0.1 port; writes DIR/fpm.env and prints it
#   tests/fpm/fpm.sh request DIR SCRIPT [QS]  one GET request for SCRIPT through FastCGI (cgi-fcgi);
#                                             prints the response body (the CGI headers stripped)
#   tests/fpm/fpm.sh stop DIR                 SIGQUIT (graceful), then SIGTERM, then SIGKILL; waits
#
# DIR/fpm.env: RCP_FPM_ADDR=127.0.0.1:PORT and RCP_FPM_PID=<master pid>. DIR also gets php-fpm.conf,
# php-fpm.log (master and, with catch_workers_output, the workers' stderr) and php-errors.log.
#
# The extension is loaded with `-d extension=...` on the master's command line, so its MINIT runs in the
# master before the workers are forked, as with an `extension=` line in php.ini in production. php-fpm's own
# php.ini and conf.d (Debian's /etc/php/X.Y/fpm/, whatever PHPRC / PHP_INI_SCAN_DIR the caller has) are used
# through a copy in DIR/php/ without any line naming redis_cluster_pool (scripts/lib.sh rcp_php_ini), so an
# extension installed on the machine is not loaded beside the one under test. The caller's environment
# reaches the workers (clear_env = no).
#
# Environment: RCP_EXT_SO   the .so to load (default: modules/redis_cluster_pool.so of this checkout)
#              RCP_FPM_NO_EXT=1  load no extension (to test this script itself)
#              RCP_FPM_INI  extra php-fpm arguments, split on spaces, e.g. "-d rcp.some_ini=1"
#              RCP_FPM_MAX_REQUESTS  pm.max_requests (default 0: workers are never recycled)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"

usage() { echo "usage: $0 start DIR [WORKERS] | request DIR SCRIPT [QUERY] | stop DIR" >&2; exit 2; }
cmd=${1:-}
dir=${2:-}
[[ -n $cmd && -n $dir ]] || usage

# The php-fpm master of DIR, if it is running (checked by its process title, so a reused pid is ignored).
master_pid() {
  local pid
  pid=$(cat "$dir/php-fpm.pid" 2>/dev/null || true)
  [[ -n $pid ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "master process ($dir/php-fpm.conf)" || return 1
  echo "$pid"
}

case $cmd in
start)
  workers=${3:-8}
  [[ $workers =~ ^[1-9][0-9]*$ ]] || usage
  fpm=$(rcp_php_tool php-fpm)
  fpm=$(command -v "$fpm" || echo "/usr/sbin/$fpm")
  [[ -x $fpm ]] || rcp_die "fpm.sh: $fpm not found (scripts/deps.sh installs php-fpm)"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if master_pid >/dev/null; then rcp_die "fpm.sh: php-fpm already runs for $dir"; fi
  # php-fpm's installed configuration, not what the caller's PHPRC / PHP_INI_SCAN_DIR point at (a test run
  # exports its CLI's), minus redis_cluster_pool
  (unset PHPRC PHP_INI_SCAN_DIR; rcp_php_ini "$fpm" "$dir/php")

  args=(-R -y "$dir/php-fpm.conf")
  if [[ ${RCP_FPM_NO_EXT:-0} != 1 ]]; then
    so=${RCP_EXT_SO:-$RCP_ROOT/modules/redis_cluster_pool.so}
    [[ -f $so ]] || rcp_die "fpm.sh: $so not found (bash scripts/build.sh)"
    args+=(-d "extension=$so")
  fi
  extra=()
  read -r -a extra <<<"${RCP_FPM_INI:-}" || true
  args+=("${extra[@]}")

  port=
  for attempt in 1 2 3 4 5; do
    # a free port outside the cluster's range (20000-49999) and below the kernel's ephemeral ports
    for _ in $(seq 1 50); do
      p=$((10000 + (RANDOM * 32768 + RANDOM) % 10000))
      if rcp_ports_free "$p"; then port=$p; break; fi
    done
    [[ -n $port ]] || rcp_die "fpm.sh: no free port found"
    cat >"$dir/php-fpm.conf" <<CONF
[global]
pid = $dir/php-fpm.pid
error_log = $dir/php-fpm.log
log_level = notice
daemonize = yes

[rcp]
listen = 127.0.0.1:$port
listen.backlog = 511
pm = static
pm.max_children = $workers
pm.max_requests = ${RCP_FPM_MAX_REQUESTS:-0}
clear_env = no
catch_workers_output = yes
decorate_workers_output = no
request_terminate_timeout = 120s
php_admin_value[error_log] = $dir/php-errors.log
php_admin_flag[log_errors] = on
CONF
    rm -f "$dir/php-fpm.pid"
    # With daemonize = yes the command returns once the master is ready (or failed to start).
    if PHPRC=$dir/php PHP_INI_SCAN_DIR=$dir/php/conf.d "$fpm" "${args[@]}" >>"$dir/php-fpm.log" 2>&1; then
      for _ in $(seq 1 100); do
        if master_pid >/dev/null && ! rcp_ports_free "$port"; then break; fi
        sleep 0.05
      done
      if master_pid >/dev/null && ! rcp_ports_free "$port"; then
        printf 'RCP_FPM_ADDR=127.0.0.1:%s\nRCP_FPM_PID=%s\n' "$port" "$(master_pid)" >"$dir/fpm.env"
        cat "$dir/fpm.env"
        exit 0
      fi
    fi
    echo "fpm.sh: php-fpm did not start on port $port (attempt $attempt)" >&2
    pid=$(master_pid || true)
    if [[ -n $pid ]]; then rcp_kill_tree "$pid" KILL; fi
    port=
  done
  tail -n 30 "$dir/php-fpm.log" >&2 || true
  rcp_die "fpm.sh: php-fpm did not start"
  ;;
request)
  [[ -n ${3:-} ]] || usage
  [[ -f $3 ]] || rcp_die "fpm.sh: no such script: $3"
  command -v cgi-fcgi >/dev/null || rcp_die "fpm.sh: cgi-fcgi not found (scripts/deps.sh installs libfcgi-bin)"
  script=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
  addr=$(sed -n 's/^RCP_FPM_ADDR=//p' "$dir/fpm.env" 2>/dev/null || true)
  [[ -n $addr ]] || rcp_die "fpm.sh: no php-fpm started in $dir"
  # The response is CGI: headers, an empty line, the body. Print the body only (0,/re/: GNU sed, so an
  # empty first line would end the headers too).
  SCRIPT_FILENAME=$script SCRIPT_NAME=/$(basename "$script") DOCUMENT_ROOT=$(dirname "$script") \
    REQUEST_METHOD=GET QUERY_STRING=${4:-} REQUEST_URI="/$(basename "$script")${4:+?$4}" \
    SERVER_PROTOCOL=HTTP/1.1 GATEWAY_INTERFACE=CGI/1.1 REMOTE_ADDR=127.0.0.1 \
    cgi-fcgi -bind -connect "$addr" | sed '0,/^\r\{0,1\}$/d'
  ;;
stop)
  [[ -d $dir ]] || exit 0
  dir=$(cd "$dir" && pwd)
  pid=$(master_pid) || { rm -f "$dir/php-fpm.pid"; exit 0; }
  kill -QUIT "$pid" 2>/dev/null || true            # graceful: workers finish their request
  if ! rcp_wait_gone "$pid" 50; then
    kill -TERM "$pid" 2>/dev/null || true          # immediate
    if ! rcp_wait_gone "$pid" 20; then
      rcp_kill_tree "$pid" KILL                    # the master and its workers
      rcp_wait_gone "$pid" 20 || echo "fpm.sh: php-fpm master $pid survived SIGKILL" >&2
    fi
  fi
  rm -f "$dir/php-fpm.pid"
  ;;
*) usage ;;
esac
