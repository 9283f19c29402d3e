#!/usr/bin/env bash
# The README's first command: runs `iri` over the shipped sample data and summarizes what it found.
# Usage: scripts/demo.sh IRI_BINARY FILE
set -uo pipefail
iri=${1:?usage: demo.sh IRI_BINARY FILE}
file=${2:?usage: demo.sh IRI_BINARY FILE}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$iri" --version
echo
total=$(wc -l <"$file")
"$iri" check "$file" >"$tmp/valid" 2>"$tmp/errors"
invalid=$(wc -l <"$tmp/errors")
echo "== iri check $file"
echo "$total lines: $((total - invalid)) valid IRI references, $invalid invalid"
echo
echo "== why the invalid ones fail (error code: count)"
awk -F': ' '{print $4}' "$tmp/errors" | sort | uniq -c | sort -rn | awk '{printf "  %-26s %d\n", $2, $1}'
echo
echo "== the first five errors, with the byte offset of the offending character"
head -n 5 "$tmp/errors" | sed 's/^/  /'
echo
echo "== components of a few IRIs (iri parse)"
grep -m 4 -E '^https?://[^ ]*[^ -~]' "$file" | "$iri" parse | sed 's/^/  /'
for cmd in to-uri lint; do
  if "$iri" "$cmd" --help >/dev/null 2>&1; then
    echo
    echo "== iri $cmd (first lines)"
    grep -m 5 -E '^https?://[^ ]*[^ -~]' "$file" | "$iri" "$cmd" 2>&1 | head -n 10 | sed 's/^/  /'
  fi
done
