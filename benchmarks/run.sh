#!/usr/bin/env bash
# Benchmarks, one command: installs what is missing (incl. phpredis from Debian and Predis from Packagist),
# builds the extension (release flags), starts a 6-node cluster and php-fpm (8 workers), and runs
# benchmarks/fpm_bench.php. Results: a table on stdout and .scratch/bench/fpm.json.
#   bash benchmarks/run.sh [requests-per-round=1000] [rounds=3] [slots-to-reshard=1000]
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$RCP_ROOT"
bash scripts/deps.sh
dpkg-query -W -f='${Status}' php8.2-redis 2>/dev/null | grep -q "install ok installed" ||
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php8.2-redis >/dev/null; }
bash scripts/build.sh --release
out="$RCP_ROOT/.scratch/bench"; mkdir -p "$out"
if [[ ! -f $RCP_ROOT/.scratch/predis3/vendor/autoload.php ]]; then
  mkdir -p "$RCP_ROOT/.scratch/predis3"
  (cd "$RCP_ROOT/.scratch/predis3" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction "predis/predis:^3")
fi
export RCP_PREDIS3_AUTOLOAD="$RCP_ROOT/.scratch/predis3/vendor/autoload.php"
work=$(mktemp -d "$out/run.XXXXXX")
cleanup() { bash tests/fpm/fpm.sh stop "$work/fpm" >/dev/null 2>&1 || true; bash tests/cluster/cluster.sh stop "$work/cluster" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
set -a; source <(bash tests/cluster/cluster.sh start "$work/cluster"); set +a
eval "$(bash tests/fpm/fpm.sh start "$work/fpm" 8)"
php -d "extension=$RCP_ROOT/modules/redis_cluster_pool.so" benchmarks/fpm_bench.php "$RCP_FPM_ADDR" "${1:-1000}" "${2:-3}" "$out/fpm.json"
php -d "extension=$RCP_ROOT/modules/redis_cluster_pool.so" benchmarks/reshard_bench.php "$RCP_FPM_ADDR" "${3:-1000}" "$out/reshard.json"
