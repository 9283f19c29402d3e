#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_jobs.sh IRI_BINARY EXAMPLES_DIR — every command of `iri` on its line engine's worker threads
# (src/lines/driver.cpp): each command, in text mode and with --json, run with --jobs 4 on a corpus
# of 10,270 lines (the 395 lines of examples/iris.txt 26 times: three batches of at most 4,096
# lines, src/lines/io.h, on three of the four workers at once) gives byte for byte the stdout,
# stderr and exit status of the same command with --jobs 1, which maps every line on the main
# thread.
#
# The CTest test cli.jobs_every_command (labels cli, threads). In the ThreadSanitizer build (make
# test-tsan) the same runs are the race check of the line engine: a report makes `iri` exit with
# TSan's status 66 (halt_on_error), which differs from --jobs 1's, and the report is printed.
set -u
iri=$1
examples=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 runs=0

# The corpus: valid and invalid IRIs and URIs of every script; pairs (A<TAB>B) for compare and
# --pairs, B being the next line of the corpus.
for _ in $(seq 26); do cat "$examples/iris.txt"; done > "$tmp/in.txt"
lines=$(wc -l < "$tmp/in.txt")
if [[ $lines -ne 10270 ]]; then
  echo "FAIL: the corpus has $lines lines, expected 10270 (examples/iris.txt changed?)"
  exit 1
fi
tail -n +2 "$tmp/in.txt" > "$tmp/next.txt"
echo "http://example.org/" >> "$tmp/next.txt"
paste "$tmp/in.txt" "$tmp/next.txt" > "$tmp/pairs.txt"

# check_jobs NAME INPUT ARGS...: `iri --jobs 4 ARGS INPUT` and `iri --jobs 1 ARGS INPUT` agree.
check_jobs() {
  local name=$1 input=$2
  shift 2
  local mode
  for mode in text json; do
    local json=()
    [[ $mode == json ]] && json=(--json)
    "$iri" "${json[@]}" --jobs 1 "$@" "$input" > "$tmp/one.out" 2> "$tmp/one.err"
    local one=$?
    "$iri" "${json[@]}" --jobs 4 "$@" "$input" > "$tmp/four.out" 2> "$tmp/four.err"
    local four=$?
    runs=$((runs + 1))
    if [[ $one -ne $four ]]; then
      echo "FAIL: $name ($mode): exit status $four with --jobs 4, $one with --jobs 1"
      head -c 4000 "$tmp/four.err"
      failures=$((failures + 1))
    elif ! cmp -s "$tmp/one.out" "$tmp/four.out"; then
      echo "FAIL: $name ($mode): stdout differs between --jobs 4 and --jobs 1"
      diff "$tmp/one.out" "$tmp/four.out" | head -n 10
      failures=$((failures + 1))
    elif ! cmp -s "$tmp/one.err" "$tmp/four.err"; then
      echo "FAIL: $name ($mode): stderr differs between --jobs 4 and --jobs 1"
      diff "$tmp/one.err" "$tmp/four.err" | head -n 10
      failures=$((failures + 1))
    elif [[ ! -s $tmp/one.out ]]; then
      echo "FAIL: $name ($mode): no output at all"
      failures=$((failures + 1))
    fi
  done
}

check_jobs canon "$tmp/in.txt" canon --profile ia --key surt --explain
check_jobs check "$tmp/in.txt" check
check_jobs check-scheme-rules "$tmp/in.txt" check --scheme-rules
check_jobs check-whatwg "$tmp/in.txt" check --spec whatwg
check_jobs compare "$tmp/pairs.txt" compare --level scheme
check_jobs compare-specs "$tmp/in.txt" compare-specs
check_jobs display "$tmp/in.txt" display
check_jobs edit "$tmp/in.txt" edit --set fragment=f --append query.k=v --remove-dot-segments
check_jobs extract "$tmp/in.txt" extract --www
check_jobs lint "$tmp/in.txt" lint
check_jobs normalize "$tmp/in.txt" normalize --level scheme --nfc
check_jobs parse "$tmp/in.txt" parse
check_jobs relativize "$tmp/in.txt" relativize --base http://example.org/a/b
check_jobs relativize-pairs "$tmp/pairs.txt" relativize --pairs
check_jobs resolve "$tmp/in.txt" resolve --base http://example.org/a/b?q
check_jobs resolve-pairs "$tmp/pairs.txt" resolve --pairs
check_jobs to-iri "$tmp/in.txt" to-iri --idna-to-unicode
check_jobs to-uri "$tmp/in.txt" to-uri --idna uts46
check_jobs url "$tmp/in.txt" url --base http://example.org/ --get href

# Every command that `iri --help` lists is covered above (a new command must be added here).
for command in $("$iri" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
  grep -q "^check_jobs [a-z-]* \"[^\"]*\" $command\b" "$0" || {
    echo "FAIL: the command '$command' is not run with --jobs 4 here"
    failures=$((failures + 1))
  }
done

echo "run_jobs.sh: $runs runs of $lines lines with --jobs 4 against --jobs 1, $failures failed"
[[ $failures -eq 0 ]]
