#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The SIMD differential fuzz target on AArch64: fuzz_simd (NEON against scalar, fuzz/fuzz_simd.cpp)
# cross-built in the arm64 preset and run under qemu-aarch64 for SECONDS, one process.
#   scripts/fuzz_arm64.sh SECONDS [SEED]
# libFuzzer is not available for AArch64 here (Debian 12's clang has no AArch64 runtime on x86-64),
# so this runs fuzz_simd_prng (fuzz/prng_main.cpp): a seeded generator that puts errors, "%",
# non-ASCII and truncated UTF-8, NUL and delimiters on every 16/32/64-byte boundary and mutates the
# committed corpus. It is not coverage-guided and has no sanitizer. A failed property leaves its
# input in fuzz/artifacts/simd-arm64/; every run is appended to fuzz/runs.log.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz_arm64.sh SECONDS [SEED]" >&2
  exit 2
fi
seconds=$1
seed=${2:-$(date +%s)}
scripts/setup.sh base arm64
cmake --preset arm64 >/dev/null || exit 2
cmake --build --preset arm64 -j "${FUZZ_BUILD_JOBS:-2}" --target fuzz_simd_prng >/dev/null ||
  { echo "fuzz_arm64.sh: cannot build fuzz_simd_prng" >&2; exit 2; }
artifacts=fuzz/artifacts/simd-arm64
mkdir -p "$artifacts" build/arm64/work
log=build/arm64/work/simd-prng.log
echo "== fuzz_simd_prng (neon vs scalar, qemu-aarch64) for ${seconds}s, seed $seed"
env -u IRIKIT_SIMD qemu-aarch64 -L / build/arm64/fuzz/fuzz_simd_prng -max_total_time="$seconds" -seed="$seed" \
  -artifact_prefix="$artifacts/" fuzz/corpus/simd >"$log" 2>&1
rc=$?
tail -n 1 "$log"
if [ $rc -eq 0 ]; then
  execs=$(sed -n 's/^prng: seed [0-9]*: \([0-9]*\) executions.*/\1/p' "$log")
  result="clean (neon vs scalar under qemu-aarch64, fuzz_simd_prng seed $seed, not coverage-guided: $execs execs)"
else
  result="FAILED (neon vs scalar under qemu-aarch64, fuzz_simd_prng seed $seed; see $log and $artifacts)"
  grep -E 'property failed|differs|saved' "$log" | head -5
fi
printf '%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "simd" "$seconds" "$result" >>fuzz/runs.log
[ $rc -eq 0 ]
