#!/usr/bin/env bash
# A threaded load of W1 (tests/zts/w1.php: SET, GET, MGET of 10 keys on one hash tag, every value checked) on the
# ZTS PHP, against the cluster of RCP_TEST_SEEDS, with the figures issue 24's proof asks for.
#
#   tests/zts/load.sh apache DIR   Apache event MPM + ZTS mod_php (tests/zts/apache.sh), RCP_LOAD_PROCS children
#                                  x RCP_LOAD_THREADS threads (default 2 x 25), RCP_LOAD_REQUESTS requests (default
#                                  20000) from as many concurrent connections as threads (tests/zts/httpload.php)
#   tests/zts/load.sh fpm DIR      the same Apache front and load client, but PHP is php-fpm (Debian's NTS PHP,
#                                  RCP_FPM_EXT_SO: the NTS build) with RCP_LOAD_PROCS x RCP_LOAD_THREADS
#                                  workers, reached through mod_proxy_fcgi: threads vs processes side by side
#   tests/zts/load.sh embed DIR    the embed harness (tests/zts/embed.c), RCP_LOAD_THREADS threads (default 16),
#                                  RCP_LOAD_WORKERS of them in worker mode (default 1), RCP_LOAD_REQUESTS requests
#                                  in all (default 16 x 5000); a crashed harness is started again for the requests
#                                  left (as Apache starts a new child), its crash counted
#
# RCP_LOAD_KILL_AFTER=S (apache): S seconds into the load, the primary that owns W1's hash tag is killed
# (SIGKILL); printed: when it was killed and when a replica took over its slots ("load: killed primary PORT at
# A s", "load: failover done at B s"), beside httpload's "failures from C s to D s".
# Both stop issuing requests after RCP_LOAD_SECONDS (default 120). RCP_LOAD_CROSS=1: the MGET's keys on 10
# slots (cross-slot MGET-10) instead of one hash tag. RCP_LOAD_INI: ini settings for the extension, "-d NAME=VALUE"
# pairs split on spaces (e.g. "-d redis_cluster_pool.max_connections_per_node=4"), for the embed harness and
# Apache's PHP alike (not php-fpm's). DIR holds the logs (Apache's error.log, the harness'
# output). Needs: RCP_TEST_SEEDS (tests/cluster/cluster.sh's env), RCP_EXT_SO (the extension built for the ZTS
# PHP: bash scripts/zts.sh build), RCP_ZTS_PREFIX (bash scripts/zts.sh ensure). bash scripts/zts.sh load does
# all of it.
#
# The figures, one per line ("load: NAME VALUE"), then a summary line:
#   requests, ok, failed (with each distinct reason counted), crashes (Apache: children that died of a signal,
#   from its error.log; embed: harness processes that died of one), topology requests and connects (the nodes'
#   commandstats and total_connections_received over the run: tests/zts/nodestats.php), the most sockets to one
#   node at once (all processes, and one process), seconds.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/../../scripts/lib.sh"

mode=${1:-}
dir=${2:-}
[[ ($mode == apache || $mode == fpm || $mode == embed) && -n $dir ]] || { echo "usage: $0 apache|fpm|embed DIR" >&2; exit 2; }
[[ -n ${RCP_TEST_SEEDS:-} ]] || rcp_die "load.sh: RCP_TEST_SEEDS is not set (tests/cluster/cluster.sh start)"
so=${RCP_EXT_SO:?load.sh: RCP_EXT_SO is not set (bash scripts/zts.sh build)}
prefix=${RCP_ZTS_PREFIX:?load.sh: RCP_ZTS_PREFIX is not set (bash scripts/zts.sh ensure)}
seconds=${RCP_LOAD_SECONDS:-120}
export RCP_W1_CROSS=${RCP_LOAD_CROSS:-0}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
here="$RCP_ROOT/tests/zts"
php=$(rcp_php)

# the MGET's keys, written once by the ZTS CLI with the extension (one thread: also a smoke test of the build)
setup=$("$prefix/bin/php" -n -d "extension=$so" "$here/w1.php" setup 2>&1) || true
[[ $setup == OK ]] || rcp_die "load.sh: w1.php setup failed on the ZTS CLI: $setup"

"$php" -n "$here/nodestats.php" reset
rm -f "$dir/stop" "$dir/sockets.json"
"$php" -n "$here/nodestats.php" sample "$dir/stop" "$dir/sockets.json" &
sampler=$!
stop_sampler() {
  touch "$dir/stop"
  wait "$sampler" 2>/dev/null || true
}

t0=$SECONDS
case $mode in
apache|fpm)
  procs=${RCP_LOAD_PROCS:-2}
  threads=${RCP_LOAD_THREADS:-25}
  requests=${RCP_LOAD_REQUESTS:-20000}
  label="apache event ${procs}x$threads"
  fcgi=
  if [[ $mode == fpm ]]; then
    label="php-fpm $((procs * threads)) workers behind apache event ${procs}x$threads"
    trap 'stop_sampler; bash "$here/apache.sh" stop "$dir/apache"; bash "$RCP_ROOT/tests/fpm/fpm.sh" stop "$dir/fpm"' EXIT
    RCP_EXT_SO=${RCP_FPM_EXT_SO:?load.sh: RCP_FPM_EXT_SO is not set (the NTS build)} \
      bash "$RCP_ROOT/tests/fpm/fpm.sh" start "$dir/fpm" "$((procs * threads))" >/dev/null
    fcgi=$(sed -n 's/^RCP_FPM_ADDR=//p' "$dir/fpm/fpm.env")
  else
    trap 'stop_sampler; bash "$here/apache.sh" stop "$dir/apache"' EXIT
  fi
  RCP_APACHE_INI=${RCP_LOAD_INI:-} RCP_APACHE_FCGI=$fcgi RCP_EXT_SO=$so RCP_ZTS_PREFIX=$prefix bash "$here/apache.sh" start "$dir/apache" "$procs" "$threads" >/dev/null
  addr=$(sed -n 's/^RCP_APACHE_ADDR=//p' "$dir/apache/apache.env")
  if [[ -n ${RCP_LOAD_KILL_AFTER:-} ]]; then
    (
      t_start=$(date +%s.%N)
      slot=$(redis-cli -h 127.0.0.1 -p "${RCP_TEST_SEEDS##*:}" cluster keyslot '{w1}')
      owner() { redis-cli -h 127.0.0.1 -p "$1" cluster slots | awk -v s="$slot" 'NR % 1 == 0 { a[NR] = $0 } END {
        for (i = 1; i <= NR; i++) if (a[i] ~ /^[0-9]+$/ && a[i + 1] ~ /^[0-9]+$/ && a[i] + 0 <= s && s <= a[i + 1] + 0) { print a[i + 3]; exit } }'; }
      ports=${RCP_TEST_SEEDS//127.0.0.1:/}
      victim=$(owner "${ports%%,*}")
      other=$(tr ',' '\n' <<<"$ports" | grep -vx "$victim" | head -n 1)
      sleep "$RCP_LOAD_KILL_AFTER"
      pid=$(redis-cli -h 127.0.0.1 -p "$victim" info server | sed -n 's/^process_id:\([0-9]*\).*/\1/p')
      kill -9 "$pid"
      printf 'load: killed primary %s at %.2f s\n' "$victim" "$(echo "$(date +%s.%N) - $t_start" | bc)"
      for _ in $(seq 1 600); do
        now=$(owner "$other")
        if [[ -n $now && $now != "$victim" ]]; then
          printf 'load: failover done at %.2f s (slots now on %s)\n' "$(echo "$(date +%s.%N) - $t_start" | bc)" "$now"
          break
        fi
        sleep 0.1
      done
    ) &
    killer=$!
  fi
  "$php" -n "$here/httpload.php" "http://$addr$here/w1.php" "$requests" "$((procs * threads))" "$seconds" \
    | tee "$dir/httpload.out" | sed 's/^httpload: /load: /'
  stop_sampler
  [[ -n ${killer:-} ]] && wait "$killer"
  summary=$(tail -n1 "$dir/httpload.out")
  # children that died of a signal: "AH00052: child pid N exit signal Segmentation fault (11)"
  crashes=$(grep -c 'exit signal' "$dir/apache/error.log" || true)
  grep -o 'exit signal [^,]*' "$dir/apache/error.log" | sort | uniq -c | sed 's/^ *\([0-9]*\) /load: crashed \1 x /' || true
  ;;
embed)
  threads=${RCP_LOAD_THREADS:-16}
  workers=${RCP_LOAD_WORKERS:-1}
  requests=${RCP_LOAD_REQUESTS:-$((threads * 5000))}
  label="embed ${threads} threads ($workers worker)"
  harness=${RCP_EMBED_BIN:?load.sh: RCP_EMBED_BIN is not set (bash scripts/zts.sh ensure builds it)}
  ini=()
  read -r -a ini <<<"${RCP_LOAD_INI:-}" || true
  trap 'stop_sampler' EXIT
  done_n=0 ok=0 failed=0 crashes=0 runs=0
  : >"$dir/embed.out"
  while ((done_n < requests && SECONDS - t0 < seconds)); do
    per=$(((requests - done_n + threads - 1) / threads))
    runs=$((runs + 1))
    rc=0
    # (the braces' 2>/dev/null: bash's own "Aborted" line for a crashed child; the harness reports the crash)
    { "$harness" -t "$threads" -n "$per" -w "$workers" -T "$((seconds - (SECONDS - t0) + 30))" \
      -d "extension=$so" "${ini[@]}" "$here/w1.php" >"$dir/embed.run" 2>"$dir/embed.err"; } 2>/dev/null || rc=$?
    cat "$dir/embed.run" >>"$dir/embed.out"
    line=$(grep '^rcp-embed: threads ' "$dir/embed.run" | tail -n1 || true)
    if [[ -z $line ]]; then
      # died before it could say anything (a crash in its crash report, a kill)
      ((rc > 128)) || { tail -n 20 "$dir/embed.err" >&2; rcp_die "load.sh: the harness printed no summary (exit status $rc)"; }
      # (its crash report may have begun: then that says which signal)
      grep -q '^rcp-embed: CRASH ' "$dir/embed.run" || echo "rcp-embed: CRASH signal $((rc - 128)) (no report)" >>"$dir/embed.out"
      line="requests 0, ok 0, failed 0, crashes 1, hung 0"
    fi
    [[ $line =~ requests\ ([0-9]+),\ ok\ ([0-9]+),\ failed\ ([0-9]+),\ crashes\ ([0-9]+),\ hung\ ([0-9]+) ]]
    done_n=$((done_n + BASH_REMATCH[1]))
    ok=$((ok + BASH_REMATCH[2]))
    failed=$((failed + BASH_REMATCH[3]))
    if ((rc > 128)); then crashes=$((crashes + 1)); fi
    if ((BASH_REMATCH[5] > 0)); then echo "load: the harness hung (see $dir/embed.out)"; break; fi
  done
  stop_sampler
  # the distinct reasons over all runs, summed; and how the crashed runs died
  awk '/^rcp-embed: failed [0-9]+ x / { n = $3; sub(/^rcp-embed: failed [0-9]+ x /, ""); c[$0] += n }
       END { for (r in c) print "load: failed " c[r] " x " r }' "$dir/embed.out" | sort -t' ' -k3,3nr
  grep -o 'CRASH signal [0-9]* ([^)]*)' "$dir/embed.out" | sort | uniq -c | sed 's/^ *\([0-9]*\) /load: crashed \1 x /' || true
  summary="harness runs $runs"
  ;;
esac
"$php" -n "$here/nodestats.php" report "$dir/sockets.json" | sed 's/^nodes: /load: /' | tee "$dir/nodes.out"
if [[ $mode == apache || $mode == fpm ]]; then
  [[ $summary =~ requests\ ([0-9]+),\ ok\ ([0-9]+),\ failed\ ([0-9]+) ]] || rcp_die "load.sh: httpload printed no summary"
  done_n=${BASH_REMATCH[1]} ok=${BASH_REMATCH[2]} failed=${BASH_REMATCH[3]}
fi
topo=$(sed -n 's/^load: topology_requests //p' "$dir/nodes.out")
conn=$(sed -n 's/^load: connects //p' "$dir/nodes.out")
sock=$(sed -n 's/^load: max_sockets_per_node \([0-9]*\).*/\1/p' "$dir/nodes.out")
sockp=$(sed -n 's/^load: max_sockets_per_node_per_process //p' "$dir/nodes.out")
[[ -n ${RCP_LOAD_INI:-} ]] && label="$label, ${RCP_LOAD_INI//-d /}"
echo "load: $label, W1$([[ $RCP_W1_CROSS == 1 ]] && echo ' cross-slot'): requests $done_n, ok $ok, failed $failed," \
  "crashes $crashes, topology requests $topo, connects $conn, max sockets per node $sock (one process $sockp)," \
  "seconds $((SECONDS - t0))"
