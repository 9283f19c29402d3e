#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# idna2003_tables_check.sh ROOT DATA — the committed src/unicode/tables/idna2003.inc is what
# scripts/gen_idna2003_tables.py makes of DATA (../shared/idna2003): not edited by hand, and
# `make idna2003-tables` was run after the data or the generator changed.
# Skipped (77) when the data or python3 is missing; a build never needs DATA.
set -u
root=$1
data=$2
if [[ ! -f $data/rfc3454.txt ]]; then
  echo "skipped: no IDNA2003 data at $data"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is not installed"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/scripts/gen_idna2003_tables.py" --data "$data" --out "$tmp" || exit 1
if ! cmp -s "$tmp/idna2003.inc" "$root/src/unicode/tables/idna2003.inc"; then
  echo "src/unicode/tables/idna2003.inc differs from the tables of $data: run make idna2003-tables"
  exit 1
fi
echo "src/unicode/tables/idna2003.inc is current"
