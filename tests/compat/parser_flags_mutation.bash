#!/usr/bin/env bash
# Every read flag of the reply-parser table (src/predis/table.c: RCP_PD_READS_ARGS, RCP_PD_READS_GIVEN) must
# be load-bearing: a parser not flagged is handed NULL instead of those arguments, so dropping a flag that the
# parser needs must make the reply tests fail. This drops each flag in turn, rebuilds, and runs
# tests/compat/replies_vs_predis.phpt and tests/compat/parser_reads_args.phpt (debian12 leg, no valgrind);
# a flag whose removal passes both is reported and the script exits 1.
#
#   bash tests/compat/parser_flags_mutation.bash
#
# Not part of scripts/test.sh (one rebuild per flag, a few minutes): run it after changing a parser or its row.
# It edits src/predis/table.c in place and restores it (also when interrupted), then rebuilds.
set -euo pipefail
cd "$(dirname "$0")/../.."
table=src/predis/table.c
if ! git diff --quiet -- "$table"; then
  echo "$table has uncommitted changes: commit or stash them first" >&2
  exit 2
fi
backup=$(mktemp)
cp "$table" "$backup"
trap 'cp "$backup" "$table"; rm -f "$backup"; bash scripts/build.sh >/dev/null' EXIT

status=0
while IFS=: read -r n line; do
  for flag in RCP_PD_READS_ARGS RCP_PD_READS_GIVEN; do
    [[ $line == *"$flag"* ]] || continue
    cp "$backup" "$table"
    # "A | B" keeps the other one; a flag alone becomes 0
    sed -i "${n}s/ | $flag//; ${n}s/$flag | //; ${n}s/, $flag)/, 0)/" "$table"
    row=$(sed -n "${n}p" "$table" | sed 's/^[[:space:]]*//')
    if RCP_NO_VALGRIND=1 RCP_PLATFORMS=debian12 bash scripts/test.sh tests/compat/replies_vs_predis.phpt \
         tests/compat/parser_reads_args.phpt >/dev/null 2>&1; then
      echo "NOT LOAD-BEARING  $flag dropped, the tests still pass: $row"
      status=1
    else
      echo "ok                $flag dropped, the tests fail: $row"
    fi
  done
done < <(grep -nE '^[[:space:]]*PARSEP?\(.*RCP_PD_READS_' "$table")
exit $status
