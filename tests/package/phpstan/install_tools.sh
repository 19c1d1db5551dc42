#!/usr/bin/env bash
# Installs PHPStan and PHPUnit with Composer into DIR, for tests/package/phpstan_level9.phpt (PHPStan on the
# sample app) and tests/package/client_interface_double.phpt (a PHPUnit mock of ClientInterface); cached:
# nothing is done when DIR already holds this install (the same composer.json), as
# tests/adapter/install_predis.sh does for Predis. The versions are pinned, so that a new release cannot change
# the tests' findings; bump them here.
#
#   bash tests/package/phpstan/install_tools.sh DIR
set -euo pipefail
dir=${1:?usage: install_tools.sh DIR}
json='{
    "require": { "phpstan/phpstan": "2.3.5", "phpunit/phpunit": "11.5.57" },
    "config": { "allow-plugins": false }
}'
mkdir -p "$(dirname "$dir")"
# one install at a time (two runs of the suite in one checkout share DIR)
exec 9>"$dir.lock"
flock 9
if [[ -f $dir/vendor/bin/phpstan && -f $dir/vendor/bin/phpunit && -f $dir/composer.json ]] && [[ $(cat "$dir/composer.json") == "$json" ]]; then
  exit 0
fi
echo "==> installing phpstan/phpstan and phpunit/phpunit (Composer, cached in $dir)" >&2
rm -rf "$dir"
mkdir -p "$dir"
printf '%s\n' "$json" >"$dir/composer.json"
(cd "$dir" && COMPOSER_ALLOW_SUPERUSER=1 composer update -q --no-interaction </dev/null >/dev/null)
for bin in phpstan phpunit; do
  [[ -f $dir/vendor/bin/$bin ]] || { echo "install_tools.sh: no vendor/bin/$bin in $dir after composer update" >&2; exit 1; }
done
