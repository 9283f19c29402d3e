#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# postgres/check_guide.sh GUIDE EXPECTED
#
# The SQL examples of the guide's PostgreSQL section are what a server prints: every ```sql block
# of the section "## PostgreSQL" of GUIDE must be a run of whole lines of EXPECTED
# (postgres/expected/guide.out, which the pg_regress suite compares with a real server's output).
# Every function of the extension's SQL script must also appear in at least one block.
set -euo pipefail
guide=$1 expected=$2
script=$(dirname "$0")/irikit--0.1.0.sql
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the blocks, one file each
awk -v dir="$tmp" '
  /^## / { in_section = ($0 ~ /^## PostgreSQL/) }
  in_section && /^```sql$/ { n++; file = sprintf("%s/block%03d", dir, n); inside = 1; next }
  inside && /^```$/ { inside = 0; close(file); next }
  inside { print > file }
' "$guide"

blocks=("$tmp"/block*)
if [[ ! -e ${blocks[0]} ]]; then
  echo "FAIL: no \`\`\`sql block in the section \"## PostgreSQL\" of $guide"
  exit 1
fi
# a block is found when its lines occur consecutively in EXPECTED; prints the blocks that are not
missing=$(awk '
  FNR == 1 { file++ }
  file == 1 { want[++n] = $0; next }
  FNR == 1 && file > 2 { check() }
  { block[++m] = $0; name = FILENAME }
  END { check() }
  function check(   i, j, ok) {
    if (m == 0) return
    for (i = 1; i + m - 1 <= n; i++) {
      ok = 1
      for (j = 1; j <= m; j++) if (want[i + j - 1] != block[j]) { ok = 0; break }
      if (ok) { m = 0; return }
    }
    print name
    m = 0
  }
' "$expected" "${blocks[@]}")
failures=0
for block in $missing; do
  failures=$((failures + 1))
  echo "FAIL: this block of the guide is not in $expected:"
  sed 's/^/  /' "$block"
done
# every function a user calls (not the type's support functions) has an example
for f in $(grep -oE '^CREATE FUNCTION (iri_[a-z_]+|irikit_[a-z_]+)' "$script" | awk '{print $3}' | sort -u); do
  case $f in iri_in | iri_out | iri_recv | iri_send | iri_eq | iri_ne | iri_lt | iri_le | iri_gt | iri_ge | iri_cmp | iri_hash | iri_hash_extended) continue ;; esac
  if ! grep -q -F "$f(" "${blocks[@]}"; then
    failures=$((failures + 1))
    echo "FAIL: $f has no example in the guide's PostgreSQL section"
  fi
done
echo "guide: ${#blocks[@]} SQL blocks checked, $failures failures"
[[ $failures -eq 0 ]]
