#!/usr/bin/env bash
# Regenerates, from stubs/redis_cluster_pool.stub.php (the one source of the API's signatures):
#   stubs/*_arginfo.h               with php-src's gen_stub.php (shipped by php8.2-dev), and
#   stubs/redis_cluster_pool.php    the IDE stub (PhpStorm/PHPStan), with tools/gen_ide_stub.php.
# gen_stub.php wants nikic/php-parser 4.15.1 beside it; we fetch that from Packagist with Composer into a
# scratch directory instead of letting gen_stub download a tarball from GitHub.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gen=$(ls /usr/lib/php/*/build/gen_stub.php 2>/dev/null | head -n1)
[[ -n $gen ]] || { echo "gen_stub.php not found: apt-get install php8.2-dev" >&2; exit 1; }
php "$root/tools/gen_ide_stub.php"
work=${RCP_GEN_STUB_DIR:-/tmp/rcp-gen-stub}
mkdir -p "$work"
cp "$gen" "$work/gen_stub.php"
if [[ ! -d $work/PHP-Parser-4.15.1/lib ]]; then
  (cd "$work" && COMPOSER_ALLOW_SUPERUSER=1 composer require -q --no-interaction nikic/php-parser:4.15.1)
  ln -sfn "$work/vendor/nikic/php-parser" "$work/PHP-Parser-4.15.1"
fi
for stub in "$root"/stubs/*.stub.php; do
  php "$work/gen_stub.php" -f "$stub"
done
