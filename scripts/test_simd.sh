#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The tests of a configured build that exercise the block scans beyond what `make test`'s simd.*
# tests run, once per scan implementation this build and CPU have, each forced for the whole run
# with IRIKIT_SIMD=NAME (src/grammar/char_scan.h): `make test-simd`.
#   scripts/test_simd.sh [PRESET] [JOBS]      (default: dev, nproc)
# The implementation chosen by default is skipped (it is the one `make test` runs), and so is one the
# CPU lacks (say, AVX-512 on an AVX2 machine), with a line saying so; `iri --version` tells which.
# What runs: the tests labelled `scan` (tests/CMakeLists.txt, tests/cli/CMakeLists.txt): the line
# reader's block search for line ends (src/lines/io.cpp; iri_line_reader_test, cli.large_input)
# and `iri parse` over every line of the shared corpora (corpora_parse). The unit suites that
# exercise the scans, the conformance suites and the fuzz corpus replays already run once per
# implementation in `make test` (the simd.* tests); the CLI goldens, docs, examples, C API, Python,
# Dask and PostgreSQL tests reach the scans only through the parser those cover: what they add is
# the binding, not the scans, so since issue 53 they run with the default implementation only
# (before, this script ran the whole suite but Dask, PostgreSQL and the package once per other
# implementation: the unit suite 3 more times among it).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-dev}
jobs=${2:-$(nproc)}
iri=build/$preset/tools/iri/iri
[ -x "$iri" ] || { echo "test_simd.sh: $iri not built (cmake --build --preset $preset)" >&2; exit 2; }
case "$(uname -m)" in
  x86_64 | amd64) implementations=(scalar sse2 avx2 avx512) ;;
  aarch64 | arm64) implementations=(scalar neon) ;;
  *) implementations=(scalar) ;;
esac
# `iri --version` prints "Scans NAME", with "(IRIKIT_SIMD=X is not available here)" when it cannot use X.
scans_line() { IRIKIT_SIMD=$1 "$iri" --version | grep '^Scans '; }
default=$(env -u IRIKIT_SIMD "$iri" --version | sed -n 's/^Scans \([a-z0-9]*\).*/\1/p')
echo "test_simd.sh: the default here is $default (run by make test)"
ran=() skipped=() failed=()
for impl in "${implementations[@]}"; do
  if [ "$impl" = "$default" ]; then
    continue
  fi
  if [ "$(scans_line "$impl")" != "Scans $impl" ]; then
    echo "== $impl: skipped, this CPU does not have it ($(scans_line "$impl"))"
    skipped+=("$impl")
    continue
  fi
  echo "== IRIKIT_SIMD=$impl ctest --preset $preset -L scan"
  if IRIKIT_SIMD=$impl ctest --preset "$preset" -j "$jobs" -L '^scan$'; then
    ran+=("$impl")
  else
    failed+=("$impl")
  fi
done
echo "test_simd.sh: passed: ${ran[*]:-none}; skipped (not on this CPU): ${skipped[*]:-none}; failed: ${failed[*]:-none}"
[ ${#failed[@]} -eq 0 ]
