#!/usr/bin/env bash
# A local Redis Cluster of N primaries and no replicas (the 100-primary scale test; tests/cluster/cluster.sh
# always starts 3+3). Ports: N consecutive free ones in 20000-22767, so that the bus ports (port + 10000) stay
# below the kernel's ephemeral range (32768-) where an outgoing connection may hold them.
#   benchmarks/scale_cluster.sh start DIR N   start, assign 16384/N slots to each, wait for cluster_state ok on
#                                             every node, write DIR/env (RCP_TEST_SEEDS, RCP_TEST_PRIMARIES)
#   benchmarks/scale_cluster.sh stop DIR      SHUTDOWN NOSAVE every node of DIR (by its pidfile), remove DIR
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cmd=${1:-}; dir=${2:-}
[[ -n $cmd && -n $dir ]] || { echo "usage: $0 start DIR N | stop DIR" >&2; exit 2; }

stop_all() {
  local nd pid pids=()
  shopt -s nullglob
  for nd in "$dir"/node-*; do
    pid=$(cat "$nd/redis.pid" 2>/dev/null || true)
    [[ -n $pid && $(readlink "/proc/$pid/cwd" 2>/dev/null || true) == "$nd" ]] || continue
    redis-cli -p "${nd##*-}" shutdown nosave >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
    pids+=("$pid")
  done
  for pid in "${pids[@]}"; do rcp_wait_gone "$pid" 50 || kill -9 "$pid" 2>/dev/null || true; done
}

case $cmd in
start)
  n=${3:?N}
  mkdir -p "$dir"; dir=$(cd "$dir" && pwd)
  trap 'stop_all' ERR INT TERM
  busy=$(rcp_listening_ports)
  for _ in $(seq 1 50); do
    base=$((20000 + RANDOM % (2768 - n)))
    ok=1
    for p in $(seq "$base" $((base + n - 1))); do
      if grep -qx -e "$p" -e $((p + 10000)) <<<"$busy"; then ok=0; break; fi
    done
    ((ok)) && break
  done
  ((ok)) || rcp_die "scale_cluster.sh: no $n free consecutive ports"
  ports=($(seq "$base" $((base + n - 1))))
  for p in "${ports[@]}"; do
    nd="$dir/node-$p"; mkdir -p "$nd"
    printf '%s\n' "port $p" "bind 127.0.0.1" "protected-mode no" "daemonize yes" "dir $nd" "pidfile $nd/redis.pid" \
      "logfile $nd/redis.log" "cluster-enabled yes" "cluster-config-file $nd/nodes.conf" "cluster-node-timeout 15000" \
      'save ""' "appendonly no" >"$nd/redis.conf"
    redis-server "$nd/redis.conf" >/dev/null
  done
  for p in "${ports[@]}"; do
    for _ in $(seq 1 100); do [[ $(redis-cli -p "$p" ping 2>/dev/null) == PONG ]] && break; sleep 0.05; done
    [[ $(redis-cli -p "$p" ping 2>/dev/null) == PONG ]] || { stop_all; tail -n 3 "$dir/node-$p/redis.log" >&2; rcp_die "scale_cluster.sh: node $p did not start"; }
  done
  # slots: node i gets [i*16384/n, (i+1)*16384/n - 1]; distinct config epochs as redis-cli --cluster create does
  for i in "${!ports[@]}"; do
    p=${ports[$i]}
    redis-cli -p "$p" cluster addslotsrange $((i * 16384 / n)) $(((i + 1) * 16384 / n - 1)) >/dev/null
    redis-cli -p "$p" cluster set-config-epoch $((i + 1)) >/dev/null
  done
  for p in "${ports[@]:1}"; do redis-cli -p "$p" cluster meet 127.0.0.1 "${ports[0]}" >/dev/null; done
  deadline=$((SECONDS + 120))
  for p in "${ports[@]}"; do
    until redis-cli -p "$p" cluster info 2>/dev/null | grep -q '^cluster_state:ok' &&
          [[ $(redis-cli -p "$p" cluster info | sed -n 's/^cluster_known_nodes:\([0-9]*\).*/\1/p') == "$n" ]]; do
      ((SECONDS < deadline)) || { stop_all; rcp_die "scale_cluster.sh: node $p not ok after 120 s"; }
      sleep 0.2
    done
  done
  # every node must also agree on the whole map (gossip may lag behind cluster_state)
  until [[ $(redis-cli -p "${ports[0]}" cluster slots | grep -c '^127.0.0.1$') -ge "$n" ]]; do sleep 0.2; done
  seeds=$(printf '127.0.0.1:%s,' "${ports[@]}"); seeds=${seeds%,}
  printf 'RCP_TEST_SEEDS=%s\nRCP_TEST_PRIMARIES=%s\n' "$seeds" "$seeds" >"$dir/env"
  cat "$dir/env"
  echo "scale_cluster.sh: $n primaries up" >&2
  ;;
stop) [[ -d $dir ]] && { stop_all; rm -rf "$dir"; } ;;
*) echo "usage: $0 start DIR N | stop DIR" >&2; exit 2 ;;
esac
