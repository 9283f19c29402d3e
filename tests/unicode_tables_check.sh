#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# unicode_tables_check.sh ROOT DATA — the committed src/unicode/tables/*.inc are what
# scripts/gen_unicode_tables.py makes of DATA (../shared/unicode/17.0.0): the generated tables are
# not edited by hand, and `make unicode-tables` was run after the data or the generator changed.
# Skipped (77) when the data or python3 is missing; a build never needs DATA.
set -u
root=$1
data=$2
if [[ ! -f $data/ucd/UnicodeData.txt ]]; then
  echo "skipped: no Unicode data at $data"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is not installed"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/scripts/gen_unicode_tables.py" --data "$data" --out "$tmp" >/dev/null || exit 1
status=0
for f in "$tmp"/*.inc; do
  name=$(basename "$f")
  if ! cmp -s "$f" "$root/src/unicode/tables/$name"; then
    echo "src/unicode/tables/$name differs from the tables of $data: run make unicode-tables"
    status=1
  fi
done
for f in "$root"/src/unicode/tables/*.inc; do
  [[ $(basename "$f") == idna2003.inc ]] && continue  # scripts/gen_idna2003_tables.py's (idna2003_tables_check.sh)
  [[ -f $tmp/$(basename "$f") ]] || { echo "src/unicode/tables/$(basename "$f") is not generated any more"; status=1; }
done
[[ $status == 0 ]] && echo "unicode tables: up to date ($(ls "$tmp" | wc -l) files, Unicode $(basename "$data"))"
exit $status
