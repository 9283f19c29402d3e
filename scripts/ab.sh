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
trap '[ -n "${KEEP_AB:-}" ] || rm -rf "$work"' EXIT
# A source file's own target flags (as src/CMakeLists.txt gives them: src/simd/'s units since
# session 19; before, grammar/char_scan.cpp chose its instruction sets with target attributes).
file_flags() {
  case $1 in
    simd/sse2.cpp) echo -msse2 ;;
    simd/avx2.cpp) echo -mavx2 ;;
    simd/avx512.cpp) echo -mavx2 -mavx512f -mavx512bw -mbmi -mbmi2 ;;
    simd/avx512_vbmi.cpp) echo -mavx2 -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 -mpopcnt -mbmi -mbmi2 ;;
  esac
}
build() {  # source tree, side
  local objs=()
  # The parser and what it calls: the grammar, the block scans (grammar/char_scan.cpp until
  # session 19, src/simd/ since) and the cancellation polls (src/cancel/, since session 18). A
  # file the tree lacks is left out.
  for f in parse/parser.cpp parse/one_pass.cpp parse/long_texts.cpp parse/api.cpp parse/error.cpp grammar/char_scan.cpp \
           grammar/ip_address.cpp grammar/encoding.cpp cancel/cancel.cpp simd/dispatch.cpp simd/scalar.cpp \
           simd/sse2.cpp simd/avx2.cpp simd/avx512.cpp simd/avx512_vbmi.cpp simd/neon.cpp; do
    [ -f "$1/$f" ] || continue
    local o="$work/$2_$(basename "$(dirname "$f")")_$(basename "$f" .cpp).o"
    # shellcheck disable=SC2046
    c++ -O3 -DNDEBUG -std=c++20 $(file_flags "$f") -Dirikit="irikit_$2" -I"$1" -I"$root/include" -c "$1/$f" -o "$o" &
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
