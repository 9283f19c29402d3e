#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Hostile input through every command of the `iri` tool (issue 8): each must exit 0, 1 (some line
# failed) — never crash or report a usage error — and write exactly one record per input line
# (extract: any number), in text and in JSON mode, on one file of hostile lines (1 MB lines, 100k
# segments, dot-segments and percent-encodings, brackets, every class of invalid UTF-8, NUL, CR,
# lone surrogates encoded in UTF-8, right-to-left text with 20,000 unpaired brackets (finding F2),
# a last line without a line end).
# Commands that need a base IRI (resolve, relativize) get --base.
# Usage: hostile_cli.sh IRI_BINARY WORK_DIR
set -uo pipefail
iri=$1
work=$2
mkdir -p "$work"
command -v python3 >/dev/null || { echo "hostile_cli: skipped: python3 is needed to write the input"; exit 77; }
input=$work/hostile.txt
python3 - "$input" <<'PY'
import sys
lines = [
    b"http://example.org/" + b"a" * (1 << 20),
    b"http://h" + b"/a" * 100000,
    b"../" * 100000 + b"g",
    b"http://h/" + b"%41" * 100000,
    b"http://" + b"[" * 5000,
    b"http://h/" + b"[]" * 3000,
    b"//[" + b"1:" * 5000 + b"]",
    b"http://h/\x00a", b"\x00", b"",
    b"http://h/\xc0\xaf", b"http://h/\xed\xa0\x80", b"http://h/\xf4\x90\x80\x80", b"\xff\xfe",
    b"http://h/\xe4\xbe", b"http://\xe4\xbe\x8b.jp/\xe3\x83\x91", b"http://h/a\rb",
    b"http://xn--" + b"a" * 5000 + b".com/", b"http://" + b"\xd7\x90a1." * 20000 + b"com/",
    b"http://h/" + b"\xe2\x80\x8f" * 10000, b"http://h/?" + b"a=b&" * 50000,
    b"http://h/#" + b"\xef\xbc\x8f" * 10000,
    b"http://h/" + "\u05d0(\u0661)".encode() * 20000,
    # F2 (docs/robustness.md): right-to-left text with 20,000 unpaired "(" (display, lint).
    b"http://h/" + "\u05d0a(".encode() * 20000,
    b"see <http://h/" + "\u05d0(".encode() * 20000 + b"> and http://h/" + b"(" * 20000 + b" www.h.example",
]
with open(sys.argv[1], "wb") as f:
    f.write(b"\r\n".join(lines[:5]) + b"\n" + b"\n".join(lines[5:]) + b"\nno-newline-at-end")
    expected = len(lines) + 1
open(sys.argv[1] + ".count", "w").write(str(expected))
PY
expected=$(cat "$input.count")
commands=$("$iri" --help | awk '/^Commands:/ {on=1; next} on && /^  [a-z]/ {print $1} on && /^$/ {exit}')
[ -n "$commands" ] || { echo "hostile_cli: no commands found in 'iri --help'"; exit 1; }
status=0
for c in $commands; do
  for mode in text json; do
    flag=""
    [ $mode = json ] && flag="--json"
    "$iri" $flag "$c" "$input" >"$work/$c.$mode.out" 2>"$work/$c.$mode.err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- '--base' "$work/$c.$mode.err"; then  # resolve, relativize
      "$iri" $flag "$c" --base 'http://a/b/c/d;p?q' "$input" >"$work/$c.$mode.out" 2>"$work/$c.$mode.err"
      rc=$?
    fi
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
      echo "hostile_cli: iri $flag $c exited with $rc"; head -c 600 "$work/$c.$mode.err"; status=1; continue
    fi
    got=$(wc -l <"$work/$c.$mode.out")
    if [ "$c" != extract ] && [ "$got" -ne "$expected" ]; then
      echo "hostile_cli: iri $flag $c wrote $got records for $expected lines"; status=1
    fi
  done
  echo "hostile_cli: $c ok"
done
exit $status
