#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# run_golden.sh IRI_BINARY CASE_DIR — runs one golden test of the `iri` tool.
#
# A case is a folder; the tool runs with the folder as its working directory (so input files can
# be named relative to it) and these files, all optional except `args`:
#
#   args        the arguments, one per line
#   stdin       standard input (default: empty)
#   stdout      expected standard output, exactly
#   stderr      expected standard error, exactly (when absent: stderr must be empty)
#   stdout.re   instead of `stdout`: one extended regular expression per line, each matching the
#   stderr.re     whole corresponding line, and the line counts must agree
#   stdout.has  instead of `stdout`: fixed strings that must each appear in stdout
#   status      expected exit status (default 0)
#   no-mask     compare error messages too (see below)
#
# Error messages are the library's wording, tested by its unit tests; here only the code and
# offset matter. Unless `no-mask` exists, the driver therefore replaces a non-empty message with
# <msg> before comparing: `"message":"…"` in JSON and the text after `CODE: ` (CODE: kebab-case; the whatwg mode keeps the URL Standard's capitals) in
# `iri: FILE:LINE: byte N: CODE: message` lines. An empty message is not masked, so it fails.
set -u

if [[ $# -ne 2 ]]; then
  echo "usage: $0 IRI_BINARY CASE_DIR" >&2
  exit 2
fi
iri=$1
case_dir=$2
cd "$case_dir" || exit 2

args=()
[[ -f args ]] && mapfile -t args < args
input=/dev/null
[[ -f stdin ]] && input=stdin

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$iri" "${args[@]}" <"$input" >"$tmp/stdout" 2>"$tmp/stderr"
status=$?

if [[ ! -f no-mask ]]; then
  sed -E -i 's/"message":"([^"\\]|\\.)+"/"message":"<msg>"/g' "$tmp/stdout"
  sed -E -i 's/^(iri: .*:[0-9]+: byte [0-9]+: [A-Za-z0-9-]+: ).+$/\1<msg>/' "$tmp/stderr"
fi

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# compare_exact EXPECTED_FILE ACTUAL_FILE NAME
compare_exact() {
  if ! cmp -s "$1" "$2"; then
    fail "$3 differs (--- expected, +++ actual)"
    diff -u "$1" "$2" | cat -A | sed 's/^/  /'
  fi
}

# compare_regex PATTERN_FILE ACTUAL_FILE NAME
compare_regex() {
  local -a patterns lines
  mapfile -t patterns < "$1"
  mapfile -t lines < "$2"
  if [[ ${#patterns[@]} -ne ${#lines[@]} ]]; then
    fail "$3 has ${#lines[@]} lines, expected ${#patterns[@]}"
    sed 's/^/  /' "$2"
    return
  fi
  local i
  for ((i = 0; i < ${#patterns[@]}; ++i)); do
    if [[ ! ${lines[i]} =~ ^${patterns[i]}$ ]]; then
      fail "$3 line $((i + 1)) '${lines[i]}' does not match '${patterns[i]}'"
    fi
  done
}

# compare_has STRINGS_FILE ACTUAL_FILE NAME
compare_has() {
  local wanted
  while IFS= read -r wanted; do
    grep -qF -- "$wanted" "$2" || fail "$3 lacks '$wanted'"
  done < "$1"
}

check_stream() {  # NAME (stdout or stderr)
  local name=$1
  if [[ -f $name ]]; then
    compare_exact "$name" "$tmp/$name" "$name"
  elif [[ -f $name.re ]]; then
    compare_regex "$name.re" "$tmp/$name" "$name"
  elif [[ -f $name.has ]]; then
    compare_has "$name.has" "$tmp/$name" "$name"
  elif [[ -s $tmp/$name ]]; then
    fail "$name should be empty"
    sed 's/^/  /' "$tmp/$name"
  fi
}

check_stream stdout
check_stream stderr
expected_status=0
[[ -f status ]] && expected_status=$(<status)
[[ $status -eq $expected_status ]] || fail "exit status $status, expected $expected_status"

if [[ $failures -ne 0 ]]; then
  echo "$(basename "$case_dir"): $failures failure(s); command: iri ${args[*]}"
  exit 1
fi
echo "$(basename "$case_dir"): ok"
