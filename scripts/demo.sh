#!/usr/bin/env bash
# The main job, end to end: install what is missing, build the extension, start a local 6-node Redis
# Cluster and php-fpm (8 workers) with the extension, and send requests to demo/demo.php. The output shows
# each worker discovering the cluster once and then reusing its sockets, and a MGET across all primaries
# answered in one parallel round trip. Everything is stopped at the end.
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
rcp_log "24 requests to demo/demo.php"
for i in $(seq 1 24); do bash tests/fpm/fpm.sh request "$scratch/fpm" demo/demo.php "n=$i"; done
rcp_log "the whole pool, seen from the servers"
total=0
for n in ${RCP_TEST_SEEDS//,/ }; do
  c=$(redis-cli -h "${n%:*}" -p "${n##*:}" info commandstats | awk -F'[=,]' '/^cmdstat_cluster\|(slots|shards):/ { s += $2 } END { print s + 0 }')
  total=$((total + ${c:-0}))
done
echo "topology requests (CLUSTER SHARDS/SLOTS) received by the cluster for 24 requests: $total"
echo "demo done"
