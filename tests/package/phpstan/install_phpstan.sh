#!/usr/bin/env bash
# Installs PHPStan with Composer into DIR, for tests/package/phpstan_level8.phpt; cached: nothing is done when
# DIR already holds this install (the same composer.json), as tests/adapter/install_predis.sh does for Predis.
# The version is pinned, so that a new PHPStan release cannot change the test's findings; bump it here.
#
#   bash tests/package/phpstan/install_phpstan.sh DIR
set -euo pipefail
dir=${1:?usage: install_phpstan.sh DIR}
json='{
    "require": { "phpstan/phpstan": "2.3.5" },
    "config": { "allow-plugins": false }
}'
mkdir -p "$(dirname "$dir")"
# one install at a time (two runs of the suite in one checkout share DIR)
exec 9>"$dir.lock"
flock 9
if [[ -f $dir/vendor/bin/phpstan && -f $dir/composer.json ]] && [[ $(cat "$dir/composer.json") == "$json" ]]; then
  exit 0
fi
echo "==> installing phpstan/phpstan (Composer, cached in $dir)" >&2
rm -rf "$dir"
mkdir -p "$dir"
printf '%s\n' "$json" >"$dir/composer.json"
(cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer update -q --no-interaction </dev/null >/dev/null)
[[ -f $dir/vendor/bin/phpstan ]] || { echo "install_phpstan.sh: no vendor/bin/phpstan in $dir after composer update" >&2; exit 1; }
