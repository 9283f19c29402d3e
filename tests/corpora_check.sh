#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Issue 2 acceptance: `iri parse --json` over every line of the shared corpora completes, one record
# per input line, in input order. Exit 77 (skipped) when the corpora are absent.
set -uo pipefail
iri=${1:?usage: corpora_check.sh IRI_BINARY CORPORA_DIR}
corpora=${2:?usage: corpora_check.sh IRI_BINARY CORPORA_DIR}
[ -d "$corpora" ] || { echo "corpora not found at $corpora: skipped"; exit 77; }
status=0
for f in "$corpora"/url-various-datasets/*.txt "$corpora"/intl/*.txt; do
  [ -f "$f" ] || continue
  lines=$(awk 'END {print NR}' "$f")
  out=$("$iri" parse --json "$f" 2>/dev/null)
  rc=$?
  if [ $rc -gt 1 ]; then echo "FAIL $f: exit $rc"; status=1; continue; fi
  records=$(printf '%s\n' "$out" | grep -c '^{"line":')
  ordered=$(printf '%s\n' "$out" | awk -F'[:,]' '{ if ($2 != NR) { print "line " NR " has number " $2; exit 1 } }')
  if [ "$records" != "$lines" ] || [ -n "$ordered" ]; then
    echo "FAIL $f: $lines lines, $records records $ordered"; status=1
  else
    valid=$(printf '%s\n' "$out" | grep -c '"valid":true')
    echo "ok   $f: $lines lines, $records records in order, $valid valid"
  fi
done
exit $status
