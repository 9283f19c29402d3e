#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The README's first command: runs `iri` over the shipped sample data and shows, in one screen,
# what the tool finds: how many IRIs are valid, why the others are not, the most common lint
# findings, the URI form of a few, a resolution and IRIs found in running text. Commands that are
# not built into this `iri` are skipped, so the demo works at every stage of the project.
# Usage: scripts/demo.sh IRI_BINARY FILE
set -uo pipefail
iri=${1:?usage: demo.sh IRI_BINARY FILE}
file=${2:?usage: demo.sh IRI_BINARY FILE}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

has() { "$iri" "$1" --help >/dev/null 2>&1; }
section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
[[ -t 1 ]] || section() { printf '\n== %s\n' "$*"; }
indent() { sed 's/^/  /'; }
# Cuts long lines to the terminal's width (80 in a pipe), counting characters, not bytes.
width=$(tput cols 2>/dev/null || echo 80)
[[ -t 1 ]] || width=80
# (Bytes in mawk: a cut multi-byte character is dropped whole.)
fit() { LC_ALL=C awk -v w="$width" '{ if (length($0) > w - 2) { $0 = substr($0, 1, w - 4); sub(/[\200-\377]+$/, ""); $0 = $0 "..." } print }'; }

version=$("$iri" --version | tr '\n' ' ')
total=$(grep -c '' "$file")
echo "$version— over $file ($total lines)"

# 1. Validity: text mode prints valid lines, an empty line + a message for the others.
"$iri" check "$file" >"$tmp/valid" 2>"$tmp/errors"
invalid=$(grep -c '' "$tmp/errors")
valid=$((total - invalid))
section "iri check: is each line an IRI reference (RFC 3987 §2.2)?"
awk -v v="$valid" -v i="$invalid" -v t="$total" \
  'BEGIN { printf "  %d valid (%.0f%%), %d invalid\n", v, t ? 100 * v / t : 0, i }'

section "why the invalid ones fail: error code, count, first example (line: byte offset)"
# Messages look like: iri: FILE:LINE: byte OFFSET: CODE: message
awk -F': ' '{ split($2, a, ":"); code = $4; n[code]++; if (!(code in ex)) ex[code] = a[length(a)] ": " $3 ": " $5 }
  END { for (c in n) printf "%5d  %-26s %s\n", n[c], c, ex[c] }' "$tmp/errors" |
  sort -k1,1nr -k2 | head -n 6 | fit

# 2. Lint: findings never fail a line; count them by rule.
if has lint; then
  section "iri lint: the most common findings (rule, severity, count)"
  "$iri" lint --json "$file" 2>/dev/null | grep -o '"rule":"[^"]*","severity":"[^"]*"' |
    sed -E 's/"rule":"([^"]*)","severity":"([^"]*)"/\1 \2/' | sort | uniq -c | sort -k1,1nr -k2 | head -n 6 |
    awk '{ printf "%5d  %-28s %s\n", $1, $2, $3 }'
  lines_with=$("$iri" lint "$file" 2>/dev/null | grep -c .)
  echo "  ($lines_with lines have at least one finding; try: iri lint $file)"
fi

# 3. IRI -> URI for a few non-ASCII IRIs.
sample=$(LC_ALL=C grep -E '^https?://[^/]*[^ -~]' "$tmp/valid" | awk 'NR % 7 == 1' | head -n 3)
if has to-uri; then
  section "iri to-uri --idna uts46: the URI form (RFC 3987 §3.1)"
  while IFS= read -r line; do
    printf '%s\n→ %s\n' "$line" "$(printf '%s\n' "$line" | "$iri" to-uri --idna uts46 2>&1)"
  done <<<"$sample" | fit | indent
fi

# 4. Resolution against a base.
if has resolve; then
  base='https://例え.テスト/a/b/c?q'
  section "iri resolve --base $base (RFC 3986 §5.2)"
  printf '%s\n' '../d;p' '写真/猫.jpg' '#章1' '//другой.пример/' |
    while IFS= read -r ref; do printf '%s  →  %s\n' "$ref" "$(printf '%s\n' "$ref" | "$iri" resolve --base "$base")"; done |
    indent
fi

# 5. IRIs in running text.
if has extract; then
  section "iri extract: IRIs in running text (RFC 3987 §7.3), with byte offsets"
  text='詳しくは「https://例え.テスト/パス」を、英語版は <https://example.org/a_(b)>。'
  echo "  $text"
  printf '%s\n' "$text" | "$iri" extract --json | sed -E 's/^\{"line":1,//; s/\}$//' | indent
fi

echo
echo "More: iri --help, iri COMMAND --help, docs/guide.md. Every command also speaks --json."
