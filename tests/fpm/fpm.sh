#!/usr/bin/env bash
# Real php-fpm with the built extension, for tests, the demo and benchmarks.
#
#   tests/fpm/fpm.sh start DIR [WORKERS]     start (pm=static, WORKERS children, default 8) on a free port
#   tests/fpm/fpm.sh request DIR SCRIPT [QS] one FastCGI request (cgi-fcgi), prints the body
#   tests/fpm/fpm.sh stop DIR                stop it
#
# The extension is loaded with -d on the master's command line, so MINIT runs in the master before it
# forks the workers (what a php.ini "extension=" line does in production). Environment variables of the
# caller reach the workers (clear_env = no). DIR/fpm.env holds RCP_FPM_ADDR and RCP_FPM_PID.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmd=${1:-}; dir=${2:-}
[[ -n $cmd && -n $dir ]] || { echo "usage: $0 start|request|stop DIR ..." >&2; exit 2; }
fpm=$(command -v php-fpm8.2 || echo /usr/sbin/php-fpm8.2)
so=${RCP_EXT_SO:-$root/modules/redis_cluster_pool.so}

case $cmd in
start)
  workers=${3:-8}
  mkdir -p "$dir"; dir=$(cd "$dir" && pwd)
  port=
  for _ in $(seq 1 50); do
    p=$(( 40000 + (RANDOM + $$) % 20000 ))
    if ! ss -Hltn "sport = :$p" | grep -q .; then port=$p; break; fi
  done
  [[ -n $port ]] || { echo "fpm.sh: no free port" >&2; exit 1; }
  cat > "$dir/php-fpm.conf" <<CONF
[global]
pid = $dir/php-fpm.pid
error_log = $dir/php-fpm.log
daemonize = yes

[rcp]
listen = 127.0.0.1:$port
pm = static
pm.max_children = $workers
pm.max_requests = 0
clear_env = no
catch_workers_output = yes
request_terminate_timeout = 60s
php_admin_value[error_log] = $dir/php-errors.log
php_admin_flag[log_errors] = on
CONF
  "$fpm" -R -y "$dir/php-fpm.conf" -d "extension=$so" ${RCP_FPM_INI:+$RCP_FPM_INI}
  for _ in $(seq 1 100); do [[ -s $dir/php-fpm.pid ]] && ss -Hltn "sport = :$port" | grep -q . && break; sleep 0.05; done
  ss -Hltn "sport = :$port" | grep -q . || { echo "fpm.sh: php-fpm did not start:" >&2; cat "$dir/php-fpm.log" >&2; exit 1; }
  printf 'RCP_FPM_ADDR=127.0.0.1:%s\nRCP_FPM_PID=%s\n' "$port" "$(cat "$dir/php-fpm.pid")" > "$dir/fpm.env"
  cat "$dir/fpm.env"
  ;;
request)
  script=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
  addr=$(sed -n 's/^RCP_FPM_ADDR=//p' "$dir/fpm.env")
  SCRIPT_FILENAME=$script SCRIPT_NAME=/$(basename "$script") REQUEST_METHOD=GET QUERY_STRING=${4:-} \
    cgi-fcgi -bind -connect "$addr" | sed '1,/^\r\{0,1\}$/d'
  ;;
stop)
  [[ -f $dir/php-fpm.pid ]] || exit 0
  pid=$(cat "$dir/php-fpm.pid")
  kill -QUIT "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$dir/php-fpm.pid"
  ;;
*) echo "usage: $0 start|request|stop DIR ..." >&2; exit 2 ;;
esac
