#!/usr/bin/env bash
# Installs, into DIR, what tests/laravel needs: Laravel 12's Illuminate components from ../shared/vendor
# (laravel-12.67.0: the package registry this project reaches has neither that release nor illuminate/cache,
# queue, redis), their third-party requirements from the package registry (Carbon, doctrine/inflector, psr/*,
# symfony/*...), Predis 3.7 (Laravel's `client => predis`), adapters/laravel and adapters/predis, all through
# one Composer install, the way an application installs them: each component, and each adapter, as a Composer
# path repository (symlinked: edits need no reinstall). Cached: nothing is done when DIR already holds this install.
#
#   bash tests/laravel/install_laravel.sh DIR
#
# The components illuminate/queue and illuminate/session require for classes the tests do not use (console,
# database, filesystem: ../shared/vendor does not hold them) are declared replaced by the root package, so
# Composer does not look for them.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:?usage: install_laravel.sh DIR}
shared=${RCP_SHARED_DIR:-$(dirname "$root")/shared}
laravel="$shared/vendor/laravel-12.67.0"
version=12.67.0
# the components the tests use (and those they require)
components="Bus Cache Collections Conditionable Config Container Contracts Events Macroable Pipeline Queue Redis
  Reflection Session Support"
for c in $components; do
  if [[ ! -f $laravel/src/Illuminate/$c/composer.json ]]; then
    cat >&2 <<MSG
install_laravel.sh: Laravel $version's sources are not in $laravel (no src/Illuminate/$c), and the package
registry this project reaches has neither that release nor illuminate/cache, queue or redis. Either:
  - put them there: git clone --depth 1 --branch v$version https://github.com/laravel/framework $laravel
    (RCP_SHARED_DIR=DIR looks for DIR/vendor/laravel-$version instead of ../shared), or
  - leave tests/laravel out of the run.
MSG
    exit 1
  fi
done
repos="" require="" replace=""
for c in $components; do
  c=$laravel/src/Illuminate/$c
  name=$(php -r 'echo json_decode(file_get_contents($argv[1]), true)["name"];' "$c/composer.json")
  repos+="{\"type\": \"path\", \"url\": \"$c\", \"options\": {\"symlink\": true, \"versions\": {\"$name\": \"$version\"}}}, "
  require+="\"$name\": \"$version\", "
done
for name in illuminate/console illuminate/database illuminate/filesystem; do
  replace+="\"$name\": \"$version\", "
done
json=$(cat <<JSON
{
    "repositories": [
        ${repos}
        {"type": "path", "url": "$root/adapters/laravel", "options": {"symlink": true}},
        {"type": "path", "url": "$root/adapters/predis", "options": {"symlink": true}}
    ],
    "require": {
        ${require}
        "redis-cluster-pool/laravel": "*@dev",
        "redis-cluster-pool/predis-adapter": "*@dev",
        "predis/predis": "3.7.*"
    },
    "replace": { ${replace%, } },
    "minimum-stability": "stable",
    "prefer-stable": true
}
JSON
)
if [[ -f $dir/vendor/autoload.php && -f $dir/composer.json ]] && [[ $(cat "$dir/composer.json") == "$json" ]]; then
  exit 0
fi
echo "==> installing Laravel $version (../shared/vendor), its requirements, Predis 3.7 and adapters/laravel, adapters/predis (Composer, cached in $dir)" >&2
rm -rf "$dir"
mkdir -p "$dir"
printf '%s\n' "$json" >"$dir/composer.json"
if ! out=$(cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer update --no-interaction --no-progress \
    --ignore-platform-req=ext-redis_cluster_pool </dev/null 2>&1); then
  rm -rf "$dir"
  printf 'install_laravel.sh: Composer could not install what tests/laravel needs:\n%s\n' "$out" >&2
  exit 1
fi
