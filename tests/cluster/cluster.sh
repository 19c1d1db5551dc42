#!/usr/bin/env bash
# A real Redis Cluster for the tests, the demo and the benchmarks: 6 redis-server processes from Debian's
# redis-server (3 primaries + 3 replicas) on free loopback ports, each in its own subdirectory of DIR; or
# the same of valkey-server (Valkey's fork of Redis) with RCP_SERVER=valkey.
#
#   tests/cluster/cluster.sh start DIR    start, wait until healthy, write DIR/env and print it
#   tests/cluster/cluster.sh stop DIR     shut every node down and remove DIR
#   tests/cluster/cluster.sh status DIR   print DIR/env (exit 1 when there is no cluster in DIR)
#   tests/cluster/cluster.sh restart-node DIR PORT   start a killed node again (same address and node id)
#   tests/cluster/cluster.sh wait DIR [SECONDS]      until every node is healthy again (default 60 s)
#
# DIR/env holds shell assignments (usable with `set -a; source DIR/env; set +a`):
#   RCP_TEST_SEEDS        127.0.0.1:port of every node, the 3 primaries first, then the 3 replicas
#   RCP_TEST_PRIMARIES    the primaries, comma-separated
#   RCP_TEST_REPLICAS     the replicas, comma-separated
#   RCP_TEST_CLUSTER_DIR  DIR (absolute)
#   RCP_TEST_SERVER       redis or valkey
#   RCP_TEST_TLS          1 for a TLS cluster (RCP_TLS=1), 2 for TLS on the client port only (RCP_TLS=client),
#                         else 0
#   RCP_TEST_TLS_DIR      (TLS only) DIR/tls, the certificates (below)
#   RCP_TEST_TLS_SEEDS    (RCP_TLS=client only) 127.0.0.1:tls-port of every node, in RCP_TEST_SEEDS' order (the
#                         other variables give the plaintext ports)
# Every node loads the test module tests/modules/rcp_testmod.c (module commands, built into DIR at start).
# Node N lives in DIR/node-PORT/ with redis.conf (restart a killed node with
# `redis-server DIR/node-PORT/redis.conf`), redis.pid, redis.log and nodes.conf.
#
# Environment: RCP_SERVER (start: redis, the default, runs redis-server and redis-cli; valkey runs
#              valkey-server and valkey-cli; the other commands use the server DIR was started with),
#              RCP_NODE_TIMEOUT (cluster-node-timeout in ms, default 3000),
#              RCP_CLUSTER_WAIT (seconds to wait for a healthy cluster, default 60),
#              RCP_TLS=1 (start: a TLS cluster: every node has `port 0` and a `tls-port`, `tls-cluster yes`,
#              `tls-replication yes`, `tls-auth-clients optional`; the other commands see it from DIR/tls);
#              RCP_TLS=client (start: TLS on the client port only: a plaintext `port` and a `tls-port` 6 above
#              it, `tls-cluster no`: the bus and replication in plaintext, as many managed services run).
#
# TLS certificates (made with `openssl` into DIR/tls at start, EC P-256, valid 10 years unless said):
#   ca.crt ca.key              the CA every node trusts and presents its certificate from
#   server.crt server.key      the nodes' certificate: SAN IP:127.0.0.1 and DNS:localhost
#   client.crt client.key      a client certificate of that CA (mutual TLS)
#   client-enc.key             client.key encrypted (AES-256) with the passphrase in client-enc.pass
#   other-ca.crt other-ca.key  a CA that signed none of the above ("unknown CA")
#   expired.crt expired.key    signed by ca.crt for 127.0.0.1/localhost, notAfter already past
#   wrongname.crt wrongname.key  signed by ca.crt for DNS:wrong.example only ("name mismatch")
#   capath/                    ca.crt in a hashed directory (`openssl rehash`), for parameters.ssl.capath
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"

usage() { echo "usage: $0 start|stop|status DIR | restart-node DIR PORT | wait DIR [SECONDS]" >&2; exit 2; }
cmd=${1:-}
dir=${2:-}
[[ -n $cmd && -n $dir ]] || usage

# The server: RCP_SERVER for `start`, else the one DIR's cluster was started with (DIR/server).
server=${RCP_SERVER:-redis}
if [[ $cmd != start && -f $dir/server ]]; then server=$(cat "$dir/server"); fi
case $server in redis|valkey) ;; *) rcp_die "cluster.sh: RCP_SERVER must be redis or valkey" ;; esac
server_bin=$server-server
cli=$server-cli

# TLS: 0 none, 1 TLS only, 2 TLS on the client port only; RCP_TLS for `start`, else how DIR's cluster was
# started (DIR/tls/mode)
tls=0
if [[ $cmd == start ]]; then
  case ${RCP_TLS:-0} in 0) ;; 1) tls=1 ;; client) tls=2 ;; *) rcp_die "cluster.sh: RCP_TLS must be 1 or client" ;; esac
elif [[ -f $dir/tls/mode ]]; then
  tls=$(cat "$dir/tls/mode")
fi
# the server's cli, over TLS when the nodes speak TLS only (every call of this script goes through it)
rcli() {
  if ((tls == 1)); then
    "$cli" --tls --cacert "$dir/tls/ca.crt" --cert "$dir/tls/client.crt" --key "$dir/tls/client.key" "$@"
  else
    "$cli" "$@"
  fi
}

# --- helpers ---------------------------------------------------------------------------------------

# The pid of the redis-server that belongs to node directory $1 (its pidfile, or whatever listens on
# its port), printed only if that process really runs in that directory (redis chdirs to `dir`), so a
# stranger that took the port or reused the pid is never touched.
node_pid() {
  local nd=$1 port pid
  # the pidfile first: `ss -p` walks every process's file descriptors, costly on a busy machine
  if [[ -s $nd/redis.pid ]]; then
    pid=$(cat "$nd/redis.pid")
    if [[ $(readlink "/proc/$pid/cwd" 2>/dev/null || true) == "$nd" ]]; then echo "$pid"; return 0; fi
  fi
  port=$(cat "$nd/port" 2>/dev/null || true)
  [[ -n $port ]] || return 1
  pid=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)
  if [[ -n $pid && $(readlink "/proc/$pid/cwd" 2>/dev/null || true) == "$nd" ]]; then echo "$pid"; return 0; fi
  return 1
}

# Stop every node under $dir: SHUTDOWN NOSAVE, then SIGKILL whatever is still alive after 5 s.
stop_nodes() {
  local nd pid port pids=()
  shopt -s nullglob
  for nd in "$dir"/node-*; do
    pid=$(node_pid "$nd") || continue
    port=$(cat "$nd/port")
    rcli -p "$port" shutdown nosave >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
    pids+=("$pid")
  done
  for pid in "${pids[@]}"; do
    rcp_wait_gone "$pid" 50 || kill -9 "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do rcp_wait_gone "$pid" 20 || echo "cluster.sh: pid $pid survived SIGKILL" >&2; done
}

# N consecutive ports (default 6) such that neither a port nor its cluster bus port (port + 10000) is in use. Both
# stay below the kernel's ephemeral range (ip_local_port_range, usually from 32768), where the local ports of
# outgoing connections and TIME_WAIT sockets (thousands during tests and benchmarks) would collide with a
# listener now and then.
pick_ports() {
  local try base busy p ok low span n=${1:-6}
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  span=$((low - 10000 - n - 10000))   # bases 10000 .. low-10000-N
  ((span > 1000)) || span=1000
  for try in $(seq 1 100); do
    base=$((10000 + (RANDOM * 32768 + RANDOM + try) % span))
    busy=$( (rcp_listening_ports; ss -Htan 2>/dev/null | awk '{ n = split($4, a, ":"); print a[n] }') | sort -un)
    ok=1
    for p in $(seq "$base" $((base + n - 1))); do
      if grep -qx -e "$p" -e $((p + 10000)) <<<"$busy"; then ok=0; break; fi
    done
    if ((ok)); then seq "$base" $((base + n - 1)); return 0; fi
  done
  return 1
}

# Tails of every node's log (and of redis-cli's output), for a failure message.
show_logs() {
  local f
  for f in "$dir"/create.log "$dir"/node-*/start.log "$dir"/node-*/redis.log; do
    [[ -s $f ]] || continue
    echo "--- ${f#"$dir"/} (last 15 lines)" >&2
    tail -n 15 "$f" >&2
  done
}

# True when node $1 is healthy from its own point of view: cluster_state ok, every slot assigned and
# served, 6 known nodes all connected and none failing or in handshake; a replica has its link to the
# primary up and no sync in progress, a primary sees its replica.
node_ok() {
  local port=$1 info nodes repl slots nd
  info=$(rcli -p "$port" cluster info 2>/dev/null) || return 1
  grep -q '^cluster_state:ok' <<<"$info" || return 1
  grep -q '^cluster_slots_assigned:16384' <<<"$info" || return 1
  grep -q '^cluster_slots_ok:16384' <<<"$info" || return 1
  grep -q '^cluster_known_nodes:6' <<<"$info" || return 1
  nodes=$(rcli -p "$port" cluster nodes 2>/dev/null) || return 1
  [[ $(grep -c ' connected' <<<"$nodes") -eq 6 ]] || return 1
  # every replica known as the replica of its primary (else CLUSTER SLOTS on this node lists no replica for
  # that primary yet: gossip has not converged)
  [[ $(grep -cE '^[0-9a-f]{40} [^ ]+ (myself,)?slave [0-9a-f]{40} ' <<<"$nodes") -eq 3 ]] || return 1
  # and CLUSTER SLOTS lists all 6 nodes: Redis 7 leaves a replica out until gossip carried its replication
  # offset, a few seconds after it is otherwise healthy (a client discovering then would see no replica)
  slots=$(rcli -p "$port" cluster slots 2>/dev/null) || return 1
  for nd in "$dir"/node-*; do
    grep -qx "$(cat "$nd/port")" <<<"$slots" || return 1
  done
  ! grep -qE 'fail|handshake|noaddr' <<<"$nodes" || return 1
  repl=$(rcli -p "$port" info replication 2>/dev/null) || return 1
  if grep -q '^role:slave' <<<"$repl"; then
    grep -q '^master_link_status:up' <<<"$repl" || return 1
    grep -q '^master_sync_in_progress:0' <<<"$repl" || return 1
  else
    grep -q '^connected_slaves:1' <<<"$repl" || return 1
  fi
}

# The test certificates in $1 (see the header). EC keys: made in milliseconds.
make_certs() {
  local t=$1 name
  mkdir -p "$t"
  (
    cd "$t"
    exec 2>>openssl.log >>openssl.log
    newkey() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key"; }
    ca() { newkey "$1" && openssl req -x509 -new -key "$1.key" -out "$1.crt" -days 3650 -subj "/CN=$2"; }
    # sign NAME SUBJECT DAYS EXTENSIONS...: NAME.crt signed by ca.crt; DAYS "expired": valid one day in 2020
    sign() {
      local n=$1 subj=$2 days=$3 validity
      shift 3
      if [[ $days != expired ]]; then
        validity=(-days "$days")
      elif openssl x509 -help 2>&1 | grep -q -- -not_after; then
        validity=(-not_before 20200101000000Z -not_after 20200102000000Z)   # OpenSSL 3.4+
      else
        validity=(-days -1)   # OpenSSL 3.0-3.3: notAfter a day before notBefore (3.4+ refuses this)
      fi
      newkey "$n" && openssl req -new -key "$n.key" -out "$n.csr" -subj "$subj" &&
        printf '%s\n' "$@" >"$n.ext" &&
        openssl x509 -req -in "$n.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -out "$n.crt" "${validity[@]}" \
          -extfile "$n.ext" && rm -f "$n.csr" "$n.ext"
    }
    ca ca "redis_cluster_pool test CA" &&
      ca other-ca "redis_cluster_pool other CA" &&
      sign server "/CN=localhost" 3650 "subjectAltName=IP:127.0.0.1,DNS:localhost" &&
      sign client "/CN=rcp-test-client" 3650 "extendedKeyUsage=clientAuth" &&
      sign expired "/CN=localhost" expired "subjectAltName=IP:127.0.0.1,DNS:localhost" &&
      sign wrongname "/CN=wrong.example" 3650 "subjectAltName=DNS:wrong.example" &&
      echo "rcp test passphrase" >client-enc.pass &&
      openssl pkey -in client.key -aes256 -passout file:client-enc.pass -out client-enc.key &&
      mkdir capath && cp ca.crt capath/ && openssl rehash capath
  ) || { tail -n 20 "$t/openssl.log" >&2; rcp_die "cluster.sh: cannot make the TLS certificates with openssl"; }
  for name in ca server client other-ca expired wrongname; do
    [[ -s $t/$name.crt && -s $t/$name.key ]] || rcp_die "cluster.sh: openssl did not make $t/$name.crt"
  done
  chmod 600 "$t"/*.key
}

# $1 as a double-quoted redis.conf string (paths may hold spaces).
rq() { local v=${1//\\/\\\\}; v=${v//\"/\\\"}; printf '"%s"' "$v"; }

# Write the redis.conf of the node on port $1 and start it (daemonized; a failure shows in the logs).
start_node() {
  local p=$1 nd="$dir/node-$1"
  mkdir -p "$nd"
  echo "$p" >"$nd/port"
  if ((tls)); then
    # 1: TLS only, no plaintext port, the cluster bus and replication over TLS too; 2: TLS on a client port of
    # its own (p + 6), the plaintext port, the bus and replication as without TLS
    cat >"$nd/redis.conf" <<CONF
port $( ((tls == 1)) && echo 0 || echo "$p")
tls-port $( ((tls == 1)) && echo "$p" || echo $((p + 6)))
tls-cert-file $(rq "$dir/tls/server.crt")
tls-key-file $(rq "$dir/tls/server.key")
tls-ca-cert-file $(rq "$dir/tls/ca.crt")
tls-auth-clients optional
tls-cluster $( ((tls == 1)) && echo yes || echo no)
tls-replication $( ((tls == 1)) && echo yes || echo no)
CONF
  else
    echo "port $p" >"$nd/redis.conf"
  fi
  cat >>"$nd/redis.conf" <<CONF
bind 127.0.0.1
protected-mode no
daemonize yes
dir $(rq "$nd")
pidfile $(rq "$nd/redis.pid")
logfile $(rq "$nd/redis.log")
cluster-enabled yes
cluster-config-file $(rq "$nd/nodes.conf")
cluster-node-timeout ${RCP_NODE_TIMEOUT:-3000}
appendonly no
save ""
enable-debug-command yes
# a replica's full sync starts at once instead of after the default 5 s
repl-diskless-sync-delay 0
# tests/modules/rcp_testmod.c: module commands no built-in table knows (learned from the server's COMMAND)
loadmodule $(rq "$dir/rcp_testmod.so")
CONF
  "$server_bin" "$nd/redis.conf" >"$nd/start.log" 2>&1 || true
}

# Start 6 nodes on free ports, retrying on another set of ports when one was taken meanwhile.
start_nodes() {
  local attempt p up
  for attempt in 1 2 3 4 5; do
    # TLS on the client port only: 12 ports, the nodes' plaintext ports and their TLS ports 6 above
    mapfile -t ports < <(pick_ports $( ((tls == 2)) && echo 12 || echo 6)) || true
    ((${#ports[@]} >= 6)) || rcp_die "cluster.sh: found no 6 free consecutive ports"
    ports=("${ports[@]:0:6}")
    for p in "${ports[@]}"; do start_node "$p"; done
    up=0
    for _ in $(seq 1 300); do   # up to 15 s for the 6 nodes to answer PING in their own directory
      up=0
      for p in "${ports[@]}"; do
        if node_pid "$dir/node-$p" >/dev/null && [[ $(rcli -p "$p" ping 2>/dev/null) == PONG ]]; then
          up=$((up + 1))
        fi
      done
      ((up == 6)) && return 0
      sleep 0.05
    done
    echo "cluster.sh: only $up of 6 nodes came up on ports ${ports[*]} (attempt $attempt), retrying" >&2
    for p in "${ports[@]}"; do
      if ! node_pid "$dir/node-$p" >/dev/null || [[ $(rcli -p "$p" ping 2>/dev/null) != PONG ]]; then
        echo "cluster.sh: node $p did not come up: $(tail -n 3 "$dir/node-$p/start.log" "$dir/node-$p/redis.log" 2>/dev/null | tr '\n' ' ')" >&2
      fi
    done
    stop_nodes
    rm -rf "${dir:?}"/node-*
  done
  show_logs
  rcp_die "cluster.sh: could not start 6 $server_bin nodes"
}

# --- commands --------------------------------------------------------------------------------------

case $cmd in
start)
  if ! command -v "$server_bin" >/dev/null || ! command -v "$cli" >/dev/null; then
    rcp_die "cluster.sh: $server_bin/$cli not found (scripts/deps.sh installs them)"
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ -n $(compgen -G "$dir/node-*") ]]; then rcp_die "cluster.sh: $dir already holds a cluster (stop it first)"; fi
  echo "$server" >"$dir/server"
  if ((tls)); then make_certs "$dir/tls" && echo "$tls" >"$dir/tls/mode"; fi
  # the test module every node loads (built here, for the server and compiler of this platform)
  "${CC:-cc}" -O2 -shared -fPIC -o "$dir/rcp_testmod.so" "$(dirname "$0")/../modules/rcp_testmod.c" \
    || rcp_die "cluster.sh: cannot build the test module tests/modules/rcp_testmod.c (a C compiler is needed)"
  t0=$SECONDS
  ports=()
  # Whatever goes wrong from here on (an error, a signal), nothing started is left running.
  started_ok=0
  abort_start() { if ((started_ok == 0)); then stop_nodes; fi; }
  trap abort_start EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  start_nodes

  addrs=()
  for p in "${ports[@]}"; do addrs+=("127.0.0.1:$p"); done
  if ! rcli --cluster create "${addrs[@]}" --cluster-replicas 1 --cluster-yes </dev/null >"$dir/create.log" 2>&1; then
    echo "cluster.sh: $cli --cluster create failed" >&2
    show_logs; stop_nodes; exit 1
  fi

  wait_s=${RCP_CLUSTER_WAIT:-60}
  deadline=$((SECONDS + wait_s))
  while :; do
    ok=1
    for p in "${ports[@]}"; do node_ok "$p" || { ok=0; break; }; done
    if ((ok)) && rcli --cluster check "127.0.0.1:${ports[0]}" </dev/null >"$dir/check.log" 2>&1; then break; fi
    if ((SECONDS >= deadline)); then
      echo "cluster.sh: the cluster was not healthy after ${wait_s} s (first unhealthy node: $p)" >&2
      { rcli -p "$p" cluster info | head -n 7
        rcli -p "$p" info replication | grep -E '^(role|connected_slaves|master_link_status|master_sync_in_progress):'
        rcli -p "$p" cluster nodes; } >&2 2>&1 || true
      show_logs; stop_nodes; exit 1
    fi
    sleep 0.2
  done

  prim=()
  repl=()
  for p in "${ports[@]}"; do
    if rcli -p "$p" info replication | grep -q '^role:master'; then prim+=("127.0.0.1:$p"); else repl+=("127.0.0.1:$p"); fi
  done
  if ((${#prim[@]} != 3 || ${#repl[@]} != 3)); then
    echo "cluster.sh: expected 3 primaries and 3 replicas, got ${#prim[@]} and ${#repl[@]}" >&2
    show_logs; stop_nodes; exit 1
  fi
  join() { local IFS=,; echo "$*"; }
  # NAME=value, quoted for the shell only when the value needs it (a DIR with spaces, say)
  assign() { if [[ $2 =~ ^[A-Za-z0-9_.,:/+@-]*$ ]]; then echo "$1=$2"; else printf '%s=%q\n' "$1" "$2"; fi; }
  {
    assign RCP_TEST_SEEDS "$(join "${prim[@]}" "${repl[@]}")"
    assign RCP_TEST_PRIMARIES "$(join "${prim[@]}")"
    assign RCP_TEST_REPLICAS "$(join "${repl[@]}")"
    assign RCP_TEST_CLUSTER_DIR "$dir"
    assign RCP_TEST_SERVER "$server"
    assign RCP_TEST_TLS "$tls"
    if ((tls)); then assign RCP_TEST_TLS_DIR "$dir/tls"; fi
    if ((tls == 2)); then
      tlsn=()
      for a in "${prim[@]}" "${repl[@]}"; do tlsn+=("127.0.0.1:$((${a##*:} + 6))"); done
      assign RCP_TEST_TLS_SEEDS "$(join "${tlsn[@]}")"
    fi
  } >"$dir/env.tmp"
  mv "$dir/env.tmp" "$dir/env"
  started_ok=1
  echo "cluster.sh: $server $( ((tls == 1)) && echo "TLS ")$( ((tls == 2)) && echo "client-TLS ")cluster up on ports ${ports[*]} in $((SECONDS - t0)) s" >&2
  cat "$dir/env"
  ;;
stop)
  [[ -d $dir ]] || exit 0
  dir=$(cd "$dir" && pwd)
  stop_nodes
  rm -rf "$dir"
  ;;
status)
  [[ -f $dir/env ]] || { echo "cluster.sh: no cluster in $dir" >&2; exit 1; }
  cat "$dir/env"
  ;;
restart-node)
  # start the node of PORT again with its own redis.conf and nodes.conf (same address, same node id), after
  # a test killed it; waits until it answers PING
  port=${3:-}
  [[ -f $dir/node-$port/redis.conf ]] || rcp_die "cluster.sh: no node $port in $dir"
  node_pid "$dir/node-$port" >/dev/null && rcp_die "cluster.sh: node $port is still running"
  "$server_bin" "$dir/node-$port/redis.conf" >>"$dir/node-$port/start.log" 2>&1 || true
  for _ in $(seq 1 100); do
    [[ $(rcli -p "$port" ping 2>/dev/null) == PONG ]] && exit 0
    sleep 0.05
  done
  rcp_die "cluster.sh: node $port did not come back"
  ;;
wait)
  # until every node of DIR is healthy again (after a restart or a failover): SECONDS (default 60)
  deadline=$((SECONDS + ${3:-60}))
  while :; do
    ok=1
    for nd in "$dir"/node-*; do node_ok "$(cat "$nd/port")" || { ok=0; break; }; done
    ((ok)) && exit 0
    ((SECONDS >= deadline)) && rcp_die "cluster.sh: the cluster in $dir is not healthy after ${3:-60} s"
    sleep 0.2
  done
  ;;
*) usage ;;
esac
