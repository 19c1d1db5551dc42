#!/usr/bin/env bash
# The main job, end to end: install what is missing, build the extension, start a local 6-node Redis
# Cluster and php-fpm (8 workers) with the extension, and send requests to demo/demo.php. The output shows
# one worker discovering the cluster for the whole pool (the others copy its map from the shared segment),
# every worker reusing its sockets from its second request on, and a MGET across all primaries answered in
# one parallel round trip. Everything is stopped at the end.
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
echo "demo done"
