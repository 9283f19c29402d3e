#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset, clang) and runs each for SECONDS, one at a time
# (a single process: no -jobs/-workers), with its committed corpus fuzz/corpus/NAME and the dictionary fuzz/iri.dict.
# New interesting inputs are then merged back (`-merge=1`) into a minimal corpus; it is kept only
# while it stays small (< 200 files and < 1 MB per target). A crash or failed property leaves its
# input in fuzz/artifacts/NAME/ and the script exits 1; every run is appended to fuzz/runs.log
# (date, target, seconds, result), which docs/robustness.md summarizes.
#
#   scripts/fuzz.sh 600            # every target for ten minutes
#   scripts/fuzz.sh 60 parse cli   # two targets for a minute each
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
  if [ $rc -eq 0 ]; then
    result=clean
    # Merge: a fresh minimal corpus covering the old corpus and the new inputs.
    merged=$build/work/$t.merged
    rm -rf "$merged" && mkdir -p "$merged"
    "$bin" -merge=1 -dict=fuzz/iri.dict "$merged" "$corpus" "$work" >"$build/work/$t.merge.log" 2>&1
    # Keep it small: at most 199 files (a sample in name order, i.e. by hash) and under 1 MB.
    find "$merged" -type f | sort | tail -n +200 | xargs -r rm -f
    files=$(find "$merged" -type f | wc -l)
    bytes=$(find "$merged" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')
    if [ "$files" -gt 0 ] && [ "$bytes" -lt 1000000 ]; then
      # Inputs with a name of their own (regression inputs, e.g. P2-…) stay; the hashed ones are replaced.
      find "$corpus" -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}' -delete
      cp "$merged"/* "$corpus"/
      echo "   corpus: $files files, $bytes bytes"
    else
      echo "   corpus kept as it was (merged corpus: $files files, $bytes bytes)"
    fi
  else
    result="FAILED (rc=$rc, see $log and $artifacts)"
    status=1
    grep -E 'property failed|ERROR: |SUMMARY' "$log" | head -5
  fi
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$seconds" "$result" >>fuzz/runs.log
done
exit $status
