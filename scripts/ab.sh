#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# A/B of two versions of the parser in one program (bench/ab/): each source tree's parser and
# grammar are compiled with the namespace renamed (-Dirikit=irikit_a / irikit_b), and the harness
# alternates them pass by pass over each corpus and its ASCII twin, so both see the same phases of
# a noisy machine (bench/NOTES.md, sixth round).
#
#   scripts/ab.sh OLD_SRC NEW_SRC [PASSES] FILE...    # e.g. a `git worktree` of the old commit's src/
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: scripts/ab.sh OLD_SRC NEW_SRC [PASSES] FILE..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
a=$(cd "$1" && pwd); b=$(cd "$2" && pwd); shift 2
passes=21
if [[ "$1" =~ ^[0-9]+$ ]]; then passes=$1; shift; fi
work=$(mktemp -d /tmp/irikit_ab.XXXXXX)
trap 'rm -rf "$work"' EXIT
build() {  # source tree, side
  local objs=()
  for f in parse/parser.cpp parse/long_texts.cpp parse/api.cpp parse/error.cpp grammar/char_scan.cpp \
           grammar/ip_address.cpp grammar/encoding.cpp; do
    [ -f "$1/$f" ] || continue  # (long_texts.cpp: since session 17)
    local o="$work/$2_$(basename "$f" .cpp).o"
    c++ -O3 -DNDEBUG -std=c++20 -Dirikit="irikit_$2" -I"$1" -I"$root/include" -c "$1/$f" -o "$o" &
    objs+=("$o")
  done
  c++ -O3 -std=c++20 -Dirikit="irikit_$2" -DENTRY="validate_$2" -I"$root/include" \
    -c "$root/bench/ab/entry.cpp" -o "$work/$2_entry.o"
  wait
}
build "$a" a
build "$b" b
c++ -O2 -std=c++20 "$root/bench/ab/harness.cpp" "$work"/*.o -o "$work/harness"
"$work/harness" "$passes" "$@"
