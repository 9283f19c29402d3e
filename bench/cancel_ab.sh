#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# bench/cancel_ab.sh OLD_LIBIRIKIT_SO NEW_LIBIRIKIT_SO CORPUS [ROUNDS]  (by hand; bench/RESULTS.md)
#
# The cancellation polls' cost: bench/cancel_ab.c against two release builds of libirikit.so.0
# (before and after the polls), alternately ROUNDS times (default 5) without a hook and with one
# that never cancels (HOOK=1, as the PostgreSQL extension runs); medians of ns per line of CORPUS
# and ns per byte of a 16 MiB text, per operation.
set -euo pipefail
old=$1 new=$2 corpus=$3 rounds=${4:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/cancel_ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old" "$work/new"
cp -L "$old" "$work/old/libirikit.so.0"
cp -L "$new" "$work/new/libirikit.so.0"
ln -s libirikit.so.0 "$work/new/libirikit.so"
cc -O2 -std=c99 -I"$root/include" "$root/bench/cancel_ab.c" -L"$work/new" -lirikit -o "$work/ab"
for r in $(seq "$rounds"); do
  for side in old new; do
    for hook in 0 1; do
      HOOK=$hook LD_LIBRARY_PATH="$work/$side" "$work/ab" "$corpus" | sed "s/^/$side\thook=$hook\t/"
    done
  done
done >"$work/all.tsv"
python3 - "$work/all.tsv" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    side, hook, op, per_line, per_byte = line.split('\t')
    rows.setdefault((op, hook, side), []).append((float(per_line), float(per_byte)))
print("| operation | hook | ns/line old | ns/line new | new/old | ns/byte old (16 MiB) | ns/byte new | new/old |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for (op, hook, side) in sorted(rows):
    if side != 'old': continue
    o = rows[(op, hook, 'old')]; n = rows[(op, hook, 'new')]
    ol = statistics.median(x[0] for x in o); nl = statistics.median(x[0] for x in n)
    ob = statistics.median(x[1] for x in o); nb = statistics.median(x[1] for x in n)
    print(f"| {op} | {hook[5:]} | {ol:.1f} | {nl:.1f} | {nl/ol:.3f} | {ob:.3f} | {nb:.3f} | {nb/ob:.3f} |")
PY
