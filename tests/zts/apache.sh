#!/usr/bin/env bash
# Real Apache 2.4 (Debian's apache2) with the event MPM and the ZTS PHP's mod_php (scripts/zts.sh) loading the
# built extension: threads of a few processes running PHP requests, as production Apache event + mod_php does.
# The same interface as tests/fpm/fpm.sh:
#
#   tests/zts/apache.sh start DIR [PROCESSES [THREADS]]  PROCESSES children (default 2) of THREADS threads
#                                              each (default 25), on a free 127.0.0.1 port; writes DIR/apache.env
#                                              and prints it
#   tests/zts/apache.sh request DIR SCRIPT [QS]  one GET request for SCRIPT (any path: the document root is /);
#                                              prints the response body
#   tests/zts/apache.sh stop DIR               graceful-stop (children finish their request), then SIGTERM,
#                                              then SIGKILL; waits
#
# DIR/apache.env: RCP_APACHE_ADDR=127.0.0.1:PORT, RCP_APACHE_PID=<parent pid>, RCP_APACHE_PREFIX=<the ZTS
# PHP>. DIR also gets httpd.conf, error.log (Apache's: a child that died says "exit signal ..." there),
# php/php.ini and php-errors.log.
#
# The extension is loaded by DIR/php/php.ini (PHPIniDir): Apache's parent runs its MINIT before it forks the
# children, as with a production php.ini. The children run as www-data (Apache refuses root); the parent's
# environment reaches PHP's getenv() (RCP_TEST_SEEDS...). PHP errors are displayed in the response
# (display_errors=1, html_errors=0) and logged to DIR/php-errors.log.
#
# Environment: RCP_EXT_SO   the .so to load (default: what `bash scripts/zts.sh build` built)
#              RCP_APACHE_NO_EXT=1  load no extension (to test this script itself)
#              RCP_APACHE_INI  extra ini settings, "-d NAME=VALUE" pairs split on spaces, as RCP_FPM_INI
#              RCP_ZTS_PREFIX  the ZTS PHP (default: bash scripts/zts.sh ensure)
#              RCP_APACHE_FCGI=ADDR  no mod_php: .php requests go to the FastCGI server at ADDR (php-fpm,
#                              tests/fpm/fpm.sh) through mod_proxy_fcgi: the same front and load client for
#                              php-fpm (NTS) as for the ZTS mod_php, side by side (tests/zts/load.sh fpm)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"

usage() { echo "usage: $0 start DIR [PROCESSES [THREADS]] | request DIR SCRIPT [QUERY] | stop DIR" >&2; exit 2; }
cmd=${1:-}
dir=${2:-}
[[ -n $cmd && -n $dir ]] || usage
httpd=/usr/sbin/apache2
modules=/usr/lib/apache2/modules

# The Apache parent of DIR, if it is running (checked by its command line, so a reused pid is ignored).
parent_pid() {
  local pid
  pid=$(cat "$dir/httpd.pid" 2>/dev/null || true)
  [[ -n $pid ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-f $dir/httpd.conf" || return 1
  echo "$pid"
}

case $cmd in
start)
  procs=${3:-2}
  threads=${4:-25}
  [[ $procs =~ ^[1-9][0-9]*$ && $threads =~ ^[1-9][0-9]*$ ]] || usage
  [[ -x $httpd ]] || rcp_die "apache.sh: $httpd not found (bash scripts/zts.sh ensure installs apache2)"
  prefix=${RCP_ZTS_PREFIX:-$(bash "$RCP_ROOT/scripts/zts.sh" ensure)}
  fcgi=${RCP_APACHE_FCGI:-}
  [[ -n $fcgi || -f $prefix/apache/mod_php.so ]] || rcp_die "apache.sh: no mod_php.so in $prefix (bash scripts/zts.sh ensure)"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if parent_pid >/dev/null; then rcp_die "apache.sh: Apache already runs for $dir"; fi

  mkdir -p "$dir/php"
  {
    echo "; written by tests/zts/apache.sh"
    if [[ ${RCP_APACHE_NO_EXT:-0} != 1 && -z $fcgi ]]; then
      so=${RCP_EXT_SO:-$(bash "$RCP_ROOT/scripts/zts.sh" build)}
      [[ -f $so ]] || rcp_die "apache.sh: $so not found (bash scripts/zts.sh build)"
      echo "extension=$so"
    fi
    printf '%s\n' display_errors=1 html_errors=0 log_errors=1 "error_log=$dir/php-errors.log" \
      max_execution_time=120
    extra=()
    read -r -a extra <<<"${RCP_APACHE_INI:-}" || true
    for ((i = 0; i < ${#extra[@]}; i++)); do
      [[ ${extra[$i]} == -d ]] && continue
      echo "${extra[$i]}"
    done
  } >"$dir/php/php.ini"
  : >"$dir/php-errors.log"
  chown www-data:www-data "$dir/php-errors.log"

  # event MPM: a fixed number of children (StartServers = ServerLimit), each with THREADS threads; spare
  # thresholds wide enough that Apache neither starts nor stops children under load
  total=$((procs * threads))
  port=
  for attempt in 1 2 3 4 5; do
    # a free port outside the cluster's range (20000-49999) and below the kernel's ephemeral ports
    for _ in $(seq 1 50); do
      p=$((10000 + (RANDOM * 32768 + RANDOM) % 10000))
      if rcp_ports_free "$p"; then port=$p; break; fi
    done
    [[ -n $port ]] || rcp_die "apache.sh: no free port found"
    cat >"$dir/httpd.conf" <<CONF
# written by tests/zts/apache.sh
ServerRoot "$dir"
ServerName 127.0.0.1
Listen 127.0.0.1:$port
PidFile "$dir/httpd.pid"
ErrorLog "$dir/error.log"
LogLevel warn
DefaultRuntimeDir "$dir"
Mutex file:$dir default
User www-data
Group www-data
LoadModule mpm_event_module $modules/mod_mpm_event.so
LoadModule authn_core_module $modules/mod_authn_core.so
LoadModule authz_core_module $modules/mod_authz_core.so
$(if [[ -n $fcgi ]]; then
  printf 'LoadModule proxy_module %s/mod_proxy.so\nLoadModule proxy_fcgi_module %s/mod_proxy_fcgi.so\n' "$modules" "$modules"
else
  printf 'LoadModule php_module %s/apache/mod_php.so\nPHPIniDir "%s/php"\n' "$prefix" "$dir"
fi)
StartServers $procs
ServerLimit $procs
ThreadLimit $threads
ThreadsPerChild $threads
MaxRequestWorkers $total
MinSpareThreads $threads
MaxSpareThreads $total
MaxConnectionsPerChild 0
ListenBacklog 511
KeepAlive On
Timeout 120
DocumentRoot "/"
<Directory "/">
    Require all granted
</Directory>
<FilesMatch "\.php\$">
    SetHandler $([[ -n $fcgi ]] && echo "\"proxy:fcgi://$fcgi\"" || echo application/x-httpd-php)
</FilesMatch>
CONF
    rm -f "$dir/httpd.pid"
    # Apache daemonizes: the command returns once the parent runs (or failed to start); the parent's
    # environment (RCP_TEST_SEEDS...) is the children's
    if "$httpd" -f "$dir/httpd.conf" -k start >>"$dir/error.log" 2>&1; then
      for _ in $(seq 1 100); do
        if parent_pid >/dev/null && ! rcp_ports_free "$port"; then break; fi
        sleep 0.05
      done
      if parent_pid >/dev/null && ! rcp_ports_free "$port"; then
        printf 'RCP_APACHE_ADDR=127.0.0.1:%s\nRCP_APACHE_PID=%s\nRCP_APACHE_PREFIX=%s\n' "$port" "$(parent_pid)" \
          "$prefix" >"$dir/apache.env"
        cat "$dir/apache.env"
        exit 0
      fi
    fi
    echo "apache.sh: Apache did not start on port $port (attempt $attempt)" >&2
    pid=$(parent_pid || true)
    if [[ -n $pid ]]; then rcp_kill_tree "$pid" KILL; fi
    port=
  done
  tail -n 30 "$dir/error.log" >&2 || true
  rcp_die "apache.sh: Apache did not start"
  ;;
request)
  [[ -n ${3:-} ]] || usage
  [[ -f $3 ]] || rcp_die "apache.sh: no such script: $3"
  script=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
  addr=$(sed -n 's/^RCP_APACHE_ADDR=//p' "$dir/apache.env" 2>/dev/null || true)
  [[ -n $addr ]] || rcp_die "apache.sh: no Apache started in $dir"
  curl -sS --max-time 120 "http://$addr$script${4:+?$4}"
  ;;
stop)
  [[ -d $dir ]] || exit 0
  dir=$(cd "$dir" && pwd)
  pid=$(parent_pid) || { rm -f "$dir/httpd.pid"; exit 0; }
  kill -WINCH "$pid" 2>/dev/null || true           # graceful-stop: children finish their request
  if ! rcp_wait_gone "$pid" 50; then
    kill -TERM "$pid" 2>/dev/null || true          # immediate
    if ! rcp_wait_gone "$pid" 20; then
      rcp_kill_tree "$pid" KILL                    # the parent and its children
      rcp_wait_gone "$pid" 20 || echo "apache.sh: Apache parent $pid survived SIGKILL" >&2
    fi
  fi
  rm -f "$dir/httpd.pid"
  ;;
*) usage ;;
esac
