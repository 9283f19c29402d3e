#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_parallel.sh IRI_BINARY [LINES [MAX_RSS_BINARY]] — the parallel driver on a large input
# (default one million lines): with several jobs, `iri check --json` writes exactly one record per
# input line, numbered 1..N in input order, each carrying its own input and verdict; text mode
# keeps stdout aligned with the input and writes one message per invalid line, in order. Every
# 97th line is invalid, every third one is non-ASCII, so failures are spread over every batch and
# every thread. `iri extract` (several records per line, none for some) gives the same records in
# the same order with 4 jobs as with 1.
#
# With MAX_RSS_BINARY (tests/cli/max_rss.cpp), the peak memory of the JSON run must not grow with
# the input: on N lines it stays within 16 MiB of the peak on N/4 lines, and below a fixed bound.
# (Not under AddressSanitizer, whose quarantine keeps freed memory on purpose.)
set -u
iri=$1
lines=${2:-1000000}
max_rss=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# gen(i): the generated line i (1-based); the same function checks the output.
gen='function gen(i) {
  if (i % 97 == 0) return sprintf("http://exa mple.org/%d", i)
  if (i % 3 == 0) return sprintf("https://例え.jp/パス/%d?q=値#f", i)
  return sprintf("http://example.org/p/%d?q=%d", i, i)
}'
awk -v n="$lines" "$gen"' BEGIN { for (i = 1; i <= n; i++) print gen(i) }' > "$tmp/in.txt"

# measure RSS_FILE COMMAND...: runs COMMAND, through max_rss when it is given.
measure() {
  local rss_file=$1
  shift
  if [[ -n $max_rss ]]; then
    "$max_rss" "$rss_file" "$@"
  else
    "$@"
  fi
}

# JSON Lines with 4 jobs (more threads than cores is fine: the order must hold anyway).
measure "$tmp/rss_all" "$iri" --jobs 4 check --json "$tmp/in.txt" > "$tmp/out.jsonl" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 1 ]] || fail "check --json: exit status $status, expected 1"
[[ -s $tmp/err.txt ]] && fail "check --json: unexpected stderr: $(head -c 300 "$tmp/err.txt")"
problem=$(awk -v n="$lines" "$gen"'
  {
    want = "{\"line\":" NR ",\"input\":\"" gen(NR) "\",\"valid\":" (NR % 97 == 0 ? "false" : "true")
    if (index($0, want) != 1) { print "record " NR ": " substr($0, 1, 80); exit }
  }
  END { if (NR != n) print "count " NR " != " n }' "$tmp/out.jsonl")
[[ -z $problem ]] || fail "check --json: $problem"

# Text mode through pipes (on the first fifth, to keep the test short): stdout aligned with the
# input, one message per bad line, in order.
text_lines=$((lines / 5))
head -n "$text_lines" "$tmp/in.txt" | "$iri" --jobs 4 check > "$tmp/out.txt" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 1 ]] || fail "check: exit status $status, expected 1"
problem=$(awk -v n="$text_lines" "$gen"'
  { want = NR % 97 == 0 ? "" : gen(NR); if ($0 != want) { print "line " NR ": " substr($0, 1, 80); exit } }
  END { if (NR != n) print "count " NR " != " n }' "$tmp/out.txt")
[[ -z $problem ]] || fail "check: stdout: $problem"
problem=$(awk -F: -v n="$text_lines" '
  { want = (NR) * 97; if ($1 != "iri" || $2 != " -" || $3 != want) { print "message " NR ": " $0; exit } }
  END { if (NR != int(n / 97)) print "messages " NR " != " int(n / 97) }' "$tmp/err.txt")
[[ -z $problem ]] || fail "check: stderr: $problem"

# to-uri in text mode (written straight into the batch's output, line_mapper::map_text) prints
# what the JSON records (built by line_mapper::map) hold as "output", and an empty line where they
# hold an error; the URIs are ASCII without '"' or '\', so "output" needs no unescaping.
head -n "$text_lines" "$tmp/in.txt" > "$tmp/fifth.txt"
"$iri" --jobs 4 to-uri "$tmp/fifth.txt" > "$tmp/uri.txt" 2> "$tmp/err.txt"
status=$?
[[ $status -eq 1 ]] || fail "to-uri: exit status $status, expected 1"
"$iri" --jobs 4 --json to-uri "$tmp/fifth.txt" > "$tmp/uri.jsonl" 2> /dev/null
problem=$(awk -v n="$text_lines" '
  NR == FNR { text[NR] = $0; next }
  { want = match($0, /"output":"[^"]*"/) ? substr($0, RSTART + 10, RLENGTH - 11) : ""
    if (!match($0, /"output":/) && !match($0, /"error":/)) { print "record " FNR ": " $0; exit }
    if (text[FNR] != want) { print "line " FNR ": " substr(text[FNR], 1, 80); exit } }
  END { if (FNR != n) print "count " FNR " != " n }' "$tmp/uri.txt" "$tmp/uri.jsonl")
[[ -z $problem ]] || fail "to-uri: text differs from JSON: $problem"
[[ $(wc -l < "$tmp/err.txt") -eq $((text_lines / 97)) ]] || fail "to-uri: $(wc -l < "$tmp/err.txt") messages"

# extract is not line-mapping (one record per IRI found): with 4 jobs its records are those of one
# job, in the same order: two per line of running text, none for a line without an IRI.
extract_lines=$((lines / 5))
awk -v n="$extract_lines" 'BEGIN { for (i = 1; i <= n; i++)
  if (i % 7 == 0) print "no IRI here, line " i; else printf "見て https://例え.jp/%d と <http://example.org/?q=%d>。\n", i, i }' \
  > "$tmp/text.txt"
"$iri" --jobs 1 extract --json "$tmp/text.txt" > "$tmp/extract1.jsonl" 2> "$tmp/err.txt"
"$iri" --jobs 4 extract --json "$tmp/text.txt" > "$tmp/extract4.jsonl" 2>> "$tmp/err.txt"
[[ -s $tmp/err.txt ]] && fail "extract: unexpected stderr: $(head -c 300 "$tmp/err.txt")"
cmp -s "$tmp/extract1.jsonl" "$tmp/extract4.jsonl" || fail "extract: --jobs 4 differs from --jobs 1"
problem=$(awk -v n="$extract_lines" '
  BEGIN { i = 1 }
  { while (i % 7 == 0) i++
    want = "{\"line\":" i ",\"start\":" (NR % 2 ? 7 : 31 + length(i))
    if (index($0, want) != 1) { print "record " NR ": " $0; exit }
    if (NR % 2 == 0) i++ }
  END { want = 2 * (n - int(n / 7)); if (NR != want) print "count " NR " != " want }' "$tmp/extract4.jsonl")
[[ -z $problem ]] || fail "extract: $problem"

# Bounded memory: the same run on the first quarter of the input peaks at about the same size.
if [[ -n $max_rss ]]; then
  head -n $((lines / 4)) "$tmp/in.txt" > "$tmp/quarter.txt"
  measure "$tmp/rss_quarter" "$iri" --jobs 4 check --json "$tmp/quarter.txt" > /dev/null 2>&1
  rss_all=$(<"$tmp/rss_all")
  rss_quarter=$(<"$tmp/rss_quarter")
  echo "peak RSS: $rss_quarter KiB on $((lines / 4)) lines, $rss_all KiB on $lines lines"
  # The input grows by about 28 MB and the output by 57 MB from the quarter to the whole: keeping
  # either, or even a third of the output, would show. Below that, the peak varies by up to about
  # 10 MiB from run to run (which thread's malloc arena a batch's buffers grow in), hence 16 MiB.
  ((rss_all <= rss_quarter + 16384)) || fail "peak memory grows with the input: $rss_quarter KiB -> $rss_all KiB"
  ((rss_all <= 98304)) || fail "peak memory $rss_all KiB is above 96 MiB"
fi

if [[ $failures -ne 0 ]]; then
  echo "parallel: $failures failure(s)"
  exit 1
fi
echo "parallel: ok ($lines lines)"
