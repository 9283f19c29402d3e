#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Builds the libFuzzer targets (the `fuzz` preset, clang) and runs each for SECONDS, one at a time
# (a single process: no -jobs/-workers), with its committed corpus fuzz/corpus/NAME and the dictionary fuzz/iri.dict.
# New inputs are then merged into the committed corpus (see "Merging" below). A crash or failed property leaves its
# input in fuzz/artifacts/NAME/ and the script exits 1; every run is appended to fuzz/runs.log
# (date, target, seconds, result), which docs/robustness.md summarizes.
#
#   scripts/fuzz.sh 600            # every target for ten minutes
#   scripts/fuzz.sh 60 parse cli   # two targets for a minute each
#
# Merging. `-merge=1 CORPUS-COPY WORK` adds to a copy of fuzz/corpus/NAME only the inputs of the
# run that reach coverage the corpus does not have (libFuzzer's merge into its first directory), and
# nothing already in the corpus is deleted: a merge never throws coverage away, and the regression
# inputs (named ones such as P2-..., W1-..., and hashed ones alike) all stay. (Until session 13 the
# script re-minimized into a fresh directory and then kept only the first 199 files by name, which
# dropped the coverage of the rest without a word.) The one limit is the replay's run time: every
# corpus replays in `make test`, once per scan implementation (tests/CMakeLists.txt, 4 times on
# x86-64), and the replay costs about the corpus's bytes, so a corpus may not grow past
# FUZZ_CORPUS_MAX_BYTES (default 1 MB; the largest is 0.05 MB today). A merge that would pass it is
# not applied: the script says so, leaves the merged copy in build/fuzz/work/NAME.merged for a
# person to minimize (a fresh `-merge=1 NEW fuzz/corpus/NAME build/fuzz/work/NAME` keeps every
# feature in fewer files), and exits 1. No input is ever dropped silently.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh SECONDS [TARGET...]" >&2
  exit 2
fi
seconds=$1
shift
scripts/setup.sh base fuzz
cmake --preset fuzz >/dev/null || exit 2
build=build/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/fuzz_*.cpp; do
    n=$(basename "$f" .cpp)
    targets+=("${n#fuzz_}")
  done
fi
status=0
for t in "${targets[@]}"; do
  bin=$build/fuzz/fuzz_$t
  cmake --build $build -j "${FUZZ_BUILD_JOBS:-2}" --target "fuzz_$t" >/dev/null || { echo "fuzz.sh: cannot build fuzz_$t" >&2; exit 2; }
  corpus=fuzz/corpus/$t
  work=$build/work/$t
  artifacts=fuzz/artifacts/$t
  mkdir -p "$corpus" "$work" "$artifacts"
  echo "== fuzz_$t for ${seconds}s"
  log=$build/work/$t.log
  # -max_len keeps single inputs small; -timeout catches super-linear behaviour on them.
  "$bin" -max_total_time="$seconds" -dict=fuzz/iri.dict -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$corpus" >"$log" 2>&1
  rc=$?
  tail -n 15 "$log" | grep -E '^(stat::|Done|#[0-9]+.*DONE)' || true
  # A run with IRIKIT_SIMD=NAME (fuzz_simd: NAME against scalar alone) says so in fuzz/runs.log.
  execs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
  detail="${IRIKIT_SIMD:+IRIKIT_SIMD=$IRIKIT_SIMD, }${execs:-?} execs"
  if [ $rc -eq 0 ]; then
    # Merge (see the header): the corpus plus the run's inputs that add coverage; nothing is deleted.
    merged=$build/work/$t.merged
    rm -rf "$merged" && mkdir -p "$merged" && cp -p "$corpus"/* "$merged"/ 2>/dev/null
    "$bin" -merge=1 -dict=fuzz/iri.dict "$merged" "$work" >"$build/work/$t.merge.log" 2>&1
    merge_rc=$?
    added=$(comm -13 <(ls "$corpus" | sort) <(ls "$merged" | sort))
    files=$(printf '%s' "$added" | grep -c . || true)
    bytes=$(find "$merged" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')
    max_bytes=${FUZZ_CORPUS_MAX_BYTES:-1000000}
    if [ $merge_rc -ne 0 ]; then
      result="clean ($detail), merge failed (see $build/work/$t.merge.log)"
      echo "   $result" >&2
      status=1
    elif [ "$bytes" -gt "$max_bytes" ]; then
      result="clean ($detail), merge of $files inputs NOT applied: the corpus would be $bytes bytes > $max_bytes (left in $merged)"
      echo "   $result" >&2
      status=1
    else
      printf '%s\n' "$added" | while read -r f; do [ -n "$f" ] && cp -p "$merged/$f" "$corpus/"; done
      echo "   corpus: $files inputs added, now $(ls "$corpus" | wc -l) files, $bytes bytes"
      result="clean ($detail), $files inputs merged"
    fi
  else
    result="FAILED ($detail; rc=$rc, see $log and $artifacts)"
    status=1
    grep -E 'property failed|ERROR: |SUMMARY' "$log" | head -5
  fi
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$seconds" "$result" >>fuzz/runs.log
done
exit $status
