#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# public_suffix_check.sh ROOT LIST — the committed src/host/public_suffix_table.inc is what
# scripts/gen_public_suffix.py makes of LIST (../shared/corpora/publicsuffix/public_suffix_list.dat):
# the generated table is not edited by hand, and `make public-suffix` was run after the list
# changed. Skipped (77) when the list or python3 is missing.
set -u
root=$1
list=$2
if [[ ! -f $list ]]; then
  echo "skipped: no public suffix list at $list"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is not installed"
  exit 77
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 "$root/scripts/gen_public_suffix.py" "$list" > "$tmp" || exit 1
if ! cmp -s "$tmp" "$root/src/host/public_suffix_table.inc"; then
  echo "src/host/public_suffix_table.inc is not the table of $list: run make public-suffix"
  exit 1
fi
echo "public suffix table: up to date ($(grep -c '^    "' "$tmp") rules)"
