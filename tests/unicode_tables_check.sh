#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# unicode_tables_check.sh ROOT DATA [GENERATOR OUT MARKER] — the committed OUT/*.inc are what
# scripts/GENERATOR makes of DATA: the generated tables are not edited by hand, and their make
# target was run after the data or the generator changed. By default GENERATOR is
# gen_unicode_tables.py, OUT src/unicode/tables and DATA ../shared/unicode/17.0.0 (`make
# unicode-tables`); CTest encoding_tables passes gen_encoding_tables.py, src/unicode/tables/encoding
# and ../shared/encoding/whatwg (`make encoding-tables`). MARKER is a file DATA must have.
# Skipped (77) when the data or python3 is missing; a build never needs DATA.
set -u
root=$1
data=$2
generator=${3:-gen_unicode_tables.py}
out=${4:-src/unicode/tables}
marker=${5:-ucd/UnicodeData.txt}
if [[ ! -f $data/$marker ]]; then
  echo "skipped: no data at $data"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is not installed"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/scripts/$generator" --data "$data" --out "$tmp" >/dev/null || exit 1
status=0
for f in "$tmp"/*.inc; do
  name=$(basename "$f")
  if ! cmp -s "$f" "$root/$out/$name"; then
    echo "$out/$name differs from the tables of $data: run make ${generator#gen_}" | sed 's/_tables.py$/-tables/'
    status=1
  fi
done
for f in "$root"/$out/*.inc; do
  [[ $out == src/unicode/tables && $(basename "$f") == idna2003.inc ]] && continue  # idna2003_tables_check.sh
  [[ -f $tmp/$(basename "$f") ]] || { echo "$out/$(basename "$f") is not generated any more"; status=1; }
done
[[ $status == 0 ]] && echo "tables of $out: up to date ($(ls "$tmp" | wc -l) files, from $(basename "$data"))"
exit $status
