#!/usr/bin/env bash
# Installs adapters/predis with one Predis release line, the way users install it (a Composer path
# repository, symlinked: edits to the adapter need no reinstall), into DIR; cached: nothing is done when DIR
# already holds that install. Called by scripts/test.sh for every Predis line the adapter claims.
#
#   bash tests/adapter/install_predis.sh DIR PREDIS_CONSTRAINT [PACKAGE:CONSTRAINT ...]
#
# Predis v2 is not in the package registry: its source (v2.4.1) is in ../shared/vendor/predis-2.4.1, loaded by
# tests/adapter/autoload_predis2.php instead (no install).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:?usage: install_predis.sh DIR PREDIS_CONSTRAINT [PACKAGE:CONSTRAINT ...]}
predis=${2:?usage: install_predis.sh DIR PREDIS_CONSTRAINT [PACKAGE:CONSTRAINT ...]}
shift 2
require="\"redis-cluster-pool/predis-adapter\": \"*@dev\", \"predis/predis\": \"$predis\""
for p in "$@"; do
  require+=", \"${p%%:*}\": \"${p#*:}\""
done
json=$(cat <<JSON
{
    "repositories": [{"type": "path", "url": "$root/adapters/predis", "options": {"symlink": true}}],
    "require": { $require },
    "minimum-stability": "stable",
    "prefer-stable": true
}
JSON
)
if [[ -f $dir/vendor/autoload.php && -f $dir/composer.json ]] && [[ $(cat "$dir/composer.json") == "$json" ]]; then
  exit 0
fi
echo "==> installing adapters/predis with predis/predis $predis${*:+ and $*} (Composer, cached in $dir)" >&2
rm -rf "$dir"
mkdir -p "$dir"
printf '%s\n' "$json" >"$dir/composer.json"
(cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer update -q --no-interaction \
  --ignore-platform-req=ext-redis_cluster_pool </dev/null >/dev/null)
installed=$(php -r 'foreach (json_decode(file_get_contents($argv[1]), true)["packages"] ?? [] as $p) if ($p["name"] === "predis/predis") echo $p["version"];' "$dir/vendor/composer/installed.json")
echo "==> predis/predis $installed in $dir" >&2
