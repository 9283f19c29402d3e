#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# check_output.sh PROGRAM EXPECTED — runs an example program; it must exit with status 0 and
# print exactly the contents of EXPECTED on stdout.
set -u
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
"$1" >"$actual"
status=$?
if [[ $status -ne 0 ]]; then
  echo "FAIL: $(basename "$1") exited with status $status"
  exit 1
fi
if [[ ! -f $2 ]]; then
  echo "FAIL: no expected output $2; the program printed:"
  cat "$actual"
  exit 1
fi
if ! diff -u "$2" "$actual"; then
  echo "FAIL: $(basename "$1"): output differs from $(basename "$2") (--- expected, +++ actual)"
  exit 1
fi
echo "$(basename "$1"): ok"
