#!/usr/bin/env bash
# Installs adapters/predis with one Predis release line, the way users install it (a Composer path
# repository, symlinked: edits to the adapter need no reinstall), into DIR; cached: nothing is done when DIR
# already holds that install. Called by scripts/test.sh for every Predis line the adapter claims.
#
#   bash tests/adapter/install_predis.sh [--fallback=SRC] DIR PREDIS_CONSTRAINT [PACKAGE:CONSTRAINT ...]
#
# --fallback=SRC: when Composer cannot install that Predis (a package registry without it, as some mirrors
# have no 2.x, or no registry at all), use Predis' source in SRC instead if it is there (Predis 2.4:
# ../shared/vendor/predis-2.4.1, which tests/adapter/autoload_predis2.php loads when DIR holds no install);
# with neither, say so with what to do, and exit 1. Predis 2.4 is installed this way: Composer first.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
usage="usage: install_predis.sh [--fallback=SRC] DIR PREDIS_CONSTRAINT [PACKAGE:CONSTRAINT ...]"
fallback=""
if [[ ${1:-} == --fallback=* ]]; then
  fallback=${1#--fallback=}
  shift
fi
dir=${1:?$usage}
predis=${2:?$usage}
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
if ! out=$(cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer update --no-interaction --no-progress \
    --ignore-platform-req=ext-redis_cluster_pool </dev/null 2>&1); then
  # what Composer said: its first problem, else its last line
  why=$(grep -E '^ +- ' <<<"$out" | sed 's/^ *- //; s/\.$//' | head -1)
  [[ -n $why ]] || why=$(tail -1 <<<"$out")
  rm -rf "$dir"
  if [[ -z $fallback ]]; then
    printf 'install_predis.sh: Composer could not install predis/predis %s:\n%s\n' "$predis" "$out" >&2
    exit 1
  fi
  if [[ -d $fallback/src ]]; then
    echo "==> Composer has no predis/predis $predis here ($why): its source in $fallback is used instead" >&2
    exit 0
  fi
  cat >&2 <<MSG
install_predis.sh: no Predis $predis for the tests that run with it: Composer could not install
predis/predis $predis ($why), and $fallback is not there either. Either:
  - reach a package registry that has predis/predis $predis (packagist.org has it; \`composer config -g
    repositories.packagist.org\` says which one this machine uses), or
  - put Predis' source there: git clone --depth 1 --branch v2.4.1 https://github.com/predis/predis $fallback
    (RCP_SHARED_DIR=DIR looks for DIR/vendor/predis-2.4.1 instead of ../shared), or
  - leave those tests out of the run (name the tests or directories to run).
MSG
  exit 1
fi
installed=$(php -r 'foreach (json_decode(file_get_contents($argv[1]), true)["packages"] ?? [] as $p) if ($p["name"] === "predis/predis") echo $p["version"];' "$dir/vendor/composer/installed.json")
echo "==> predis/predis $installed in $dir" >&2
