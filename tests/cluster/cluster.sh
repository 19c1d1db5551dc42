#!/usr/bin/env bash
# A real Redis Cluster for the tests: 6 redis-server nodes (3 primaries + 3 replicas) from Debian's
# redis-server, on free loopback ports, in a scratch directory.
#
#   tests/cluster/cluster.sh start DIR   start, wait until healthy, write DIR/env (shell assignments)
#   tests/cluster/cluster.sh stop DIR    shut every node down and remove DIR
#   tests/cluster/cluster.sh status DIR  print DIR/env
#
# DIR/env defines RCP_TEST_SEEDS (primaries first, then replicas), RCP_TEST_PRIMARIES, RCP_TEST_REPLICAS,
# RCP_TEST_CLUSTER_DIR. RCP_NODE_TIMEOUT (ms, default 3000) sets cluster-node-timeout.
set -euo pipefail

cmd=${1:-}
dir=${2:-}
[[ -n $cmd && -n $dir ]] || { echo "usage: $0 start|stop|status DIR" >&2; exit 2; }

port_free() { ! ss -Hltn "sport = :$1" 2>/dev/null | grep -q . ; }

stop_nodes() {
  local pidf pid
  shopt -s nullglob
  for conf in "$dir"/node-*/port; do
    redis-cli -p "$(cat "$conf")" shutdown nosave >/dev/null 2>&1 || true
  done
  for pidf in "$dir"/node-*/redis.pid; do
    pid=$(cat "$pidf" 2>/dev/null || true)
    [[ -n $pid ]] || continue
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
}

node_ok() { # port -> 0 when the node is healthy from its own point of view
  local info
  info=$(redis-cli -p "$1" cluster info 2>/dev/null) || return 1
  grep -q '^cluster_state:ok' <<<"$info" || return 1
  grep -q '^cluster_slots_assigned:16384' <<<"$info" || return 1
  grep -q '^cluster_known_nodes:6' <<<"$info" || return 1
  local repl
  repl=$(redis-cli -p "$1" info replication 2>/dev/null) || return 1
  if grep -q '^role:slave' <<<"$repl"; then
    grep -q '^master_link_status:up' <<<"$repl" || return 1
    grep -q '^master_sync_in_progress:0' <<<"$repl" || return 1
  fi
  return 0
}

case $cmd in
start)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  ports=()
  for attempt in $(seq 1 50); do
    base=$(( 20000 + (RANDOM * 7 + $$) % 20000 ))
    ports=()
    for i in 0 1 2 3 4 5; do
      p=$((base + i))
      if port_free "$p" && port_free $((p + 10000)); then ports+=("$p"); else break; fi
    done
    [[ ${#ports[@]} -eq 6 ]] && break
  done
  [[ ${#ports[@]} -eq 6 ]] || { echo "cluster.sh: no free ports found" >&2; exit 1; }
  for p in "${ports[@]}"; do
    nd="$dir/node-$p"
    mkdir -p "$nd"
    echo "$p" > "$nd/port"
    redis-server --port "$p" --bind 127.0.0.1 --protected-mode no --daemonize yes \
      --dir "$nd" --pidfile "$nd/redis.pid" --logfile "$nd/redis.log" \
      --cluster-enabled yes --cluster-config-file "$nd/nodes.conf" \
      --cluster-node-timeout "${RCP_NODE_TIMEOUT:-3000}" \
      --save "" --appendonly no --enable-debug-command yes >/dev/null
  done
  for p in "${ports[@]}"; do
    for _ in $(seq 1 100); do redis-cli -p "$p" ping >/dev/null 2>&1 && break; sleep 0.05; done
  done
  addrs=(); for p in "${ports[@]}"; do addrs+=("127.0.0.1:$p"); done
  if ! redis-cli --cluster create "${addrs[@]}" --cluster-replicas 1 --cluster-yes >"$dir/create.log" 2>&1; then
    echo "cluster.sh: redis-cli --cluster create failed:" >&2; tail -20 "$dir/create.log" >&2
    stop_nodes; exit 1
  fi
  deadline=$((SECONDS + 60))
  while :; do
    all=1
    for p in "${ports[@]}"; do node_ok "$p" || { all=0; break; }; done
    [[ $all -eq 1 ]] && break
    if (( SECONDS > deadline )); then
      echo "cluster.sh: cluster not healthy after 60 s" >&2
      for p in "${ports[@]}"; do echo "--- node $p" >&2; tail -5 "$dir/node-$p/redis.log" >&2; done
      stop_nodes; exit 1
    fi
    sleep 0.2
  done
  prim=(); repl=()
  for p in "${ports[@]}"; do
    if redis-cli -p "$p" info replication | grep -q '^role:master'; then prim+=("127.0.0.1:$p"); else repl+=("127.0.0.1:$p"); fi
  done
  join() { local IFS=,; echo "$*"; }
  {
    echo "RCP_TEST_SEEDS=$(join "${prim[@]}" "${repl[@]}")"
    echo "RCP_TEST_PRIMARIES=$(join "${prim[@]}")"
    echo "RCP_TEST_REPLICAS=$(join "${repl[@]}")"
    echo "RCP_TEST_CLUSTER_DIR=$dir"
  } > "$dir/env"
  cat "$dir/env"
  ;;
stop)
  [[ -d $dir ]] || exit 0
  stop_nodes
  rm -rf "$dir"
  ;;
status)
  cat "$dir/env"
  ;;
*)
  echo "usage: $0 start|stop|status DIR" >&2; exit 2 ;;
esac
