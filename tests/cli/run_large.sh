#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_large.sh IRI_BINARY — the block reader on inputs larger than one block (1 MiB): lines that
# straddle block boundaries, a single line longer than a block, a last line without a newline,
# read from a file (full blocks) and from a pipe (short reads). `iri check` is a pass-through
# filter, so on valid input its output must be the input itself (plus the final newline).
set -u
iri=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

long_path=$(head -c 1500000 /dev/zero | tr '\0' a)
{
  awk 'BEGIN { for (i = 1; i <= 60000; i++) printf "http://example.org/p/%d?q=%d\n", i, i }'
  printf 'http://example.org/%s\n' "$long_path"
  awk 'BEGIN { for (i = 1; i <= 40000; i++) printf "urn:x:%d\n", i }'
  printf 'last-line-without-newline'
} > "$tmp/valid.txt"
{ cat "$tmp/valid.txt"; echo; } > "$tmp/expected.txt"
total_lines=100002

"$iri" check "$tmp/valid.txt" > "$tmp/out_file.txt" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 0 ]] || fail "check FILE: exit status $status"
[[ -s $tmp/err.txt ]] && fail "check FILE: unexpected stderr: $(head -c 300 "$tmp/err.txt")"
cmp -s "$tmp/expected.txt" "$tmp/out_file.txt" || fail "check FILE: output is not the input"

cat "$tmp/valid.txt" | "$iri" check > "$tmp/out_pipe.txt" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 0 ]] || fail "check <pipe: exit status $status"
cmp -s "$tmp/expected.txt" "$tmp/out_pipe.txt" || fail "check <pipe: output is not the input"

# One invalid line far into the input: an empty line at the same place, the message names it.
awk 'NR == 70001 { print "bad line"; next } { print }' "$tmp/expected.txt" > "$tmp/one_bad.txt"
"$iri" check "$tmp/one_bad.txt" > "$tmp/out_bad.txt" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 1 ]] || fail "one bad line: exit status $status, expected 1"
awk 'NR == 70001 { print ""; next } { print }' "$tmp/expected.txt" > "$tmp/expected_bad.txt"
cmp -s "$tmp/expected_bad.txt" "$tmp/out_bad.txt" || fail "one bad line: output not aligned with the input"
expected_err="iri: $tmp/one_bad.txt:70001: byte 3: invalid-path-char: "
[[ $(<"$tmp/err.txt") == "$expected_err"* ]] || fail "one bad line: stderr '$(<"$tmp/err.txt")'"
[[ $(wc -l < "$tmp/err.txt") -eq 1 ]] || fail "one bad line: more than one message"

# JSON Lines: one object per line, numbered 1..N in order.
"$iri" check --json "$tmp/valid.txt" > "$tmp/out.jsonl"
numbers_ok=$(awk -v n="$total_lines" '
  { if (index($0, "{\"line\":" NR ",\"input\":") != 1) { print "line " NR ": " substr($0, 1, 60); exit } }
  END { if (NR != n) print "count " NR " != " n }' "$tmp/out.jsonl")
[[ -z $numbers_ok ]] || fail "check --json: $numbers_ok"

if [[ $failures -ne 0 ]]; then
  echo "large_input: $failures failure(s)"
  exit 1
fi
echo "large_input: ok"
