#!/usr/bin/env bash
# The main job, end to end: install what is missing, build the extension, start a local 6-node Redis
# Cluster and php-fpm (8 workers) with the extension, and send requests to demo/demo.php. The output shows
# one worker discovering the cluster for the whole pool (the others copy its map from the shared segment),
# every worker reusing its sockets from its second request on, and a MGET across all primaries answered in
# one parallel round trip. Then the read cache ('cache' => true, demo/cache.php): repeated reads answered by
# memory every worker shares, with no command sent, and a write made by another client (redis-cli) seen by every
# worker at once. Everything is stopped at the end.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$RCP_ROOT"
bash scripts/deps.sh
bash scripts/build.sh
scratch=$(mktemp -d "${TMPDIR:-/tmp}/rcp-demo.XXXXXX")
cleanup() {
  bash tests/fpm/fpm.sh stop "$scratch/fpm" >/dev/null 2>&1 || true
  bash tests/cluster/cluster.sh stop "$scratch/cluster" >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
rcp_log "starting a 6-node Redis Cluster on free loopback ports"
set -a; source <(bash tests/cluster/cluster.sh start "$scratch/cluster"); set +a
rcp_log "starting php-fpm (8 workers) with redis_cluster_pool loaded in the master"
bash tests/fpm/fpm.sh start "$scratch/fpm" 8 >/dev/null
# The servers' counters start at zero here: the cluster's own start-up checks (redis-cli --cluster create
# and the health checks of tests/cluster/cluster.sh) sent CLUSTER SLOTS too, and are not the demo's.
for n in ${RCP_TEST_SEEDS//,/ }; do
  redis-cli -h "${n%:*}" -p "${n##*:}" config resetstat >/dev/null
done
rcp_log "24 requests to demo/demo.php"
for i in $(seq 1 24); do bash tests/fpm/fpm.sh request "$scratch/fpm" demo/demo.php "n=$i"; done
rcp_log "the whole pool, seen from the servers"
total=0
for n in ${RCP_TEST_SEEDS//,/ }; do
  c=$(redis-cli -h "${n%:*}" -p "${n##*:}" info commandstats | awk -F'[=,]' '/^cmdstat_cluster\|(slots|shards):/ { s += $2 } END { print s + 0 }')
  total=$((total + ${c:-0}))
done
echo "topology requests (CLUSTER SHARDS/SLOTS) received by the cluster (all 6 nodes) for 24 requests on 8 workers: $total"
rcp_log "the read cache: 16 requests to demo/cache.php, each reading one key 10 times ('cache' => true)"
first=${RCP_TEST_SEEDS%%,*}
redis-cli -h "${first%:*}" -p "${first##*:}" -c set demo:greeting hello >/dev/null
gets() {
  local g=0 c
  for n in ${RCP_TEST_SEEDS//,/ }; do
    c=$(redis-cli -h "${n%:*}" -p "${n##*:}" info commandstats | awk -F'[=,]' '/^cmdstat_get:/ { print $2 }')
    g=$((g + ${c:-0}))
  done
  echo "$g"
}
before=$(gets)
for i in $(seq 1 16); do bash tests/fpm/fpm.sh request "$scratch/fpm" demo/cache.php "n=$i"; done
echo "GET commands received by the cluster for those 160 reads: $(($(gets) - before))"
rcp_log "another client (redis-cli, not the pool) writes the key; the next 8 requests, on every worker"
redis-cli -h "${first%:*}" -p "${first##*:}" -c set demo:greeting bonjour >/dev/null
for i in $(seq 17 24); do bash tests/fpm/fpm.sh request "$scratch/fpm" demo/cache.php "n=$i"; done
echo "demo done"
