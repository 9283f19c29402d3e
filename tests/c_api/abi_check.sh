#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Compares the C ABI of the built libirikit.so with the checked-in baseline (abi/irikit_c.abi) using
# abidiff (Debian abigail-tools). Only the C interface is compared (abi/c-only.suppr): the C++ API is
# source-compatible only. Fails on an incompatible change (abidiff exit bit 8); additions are fine.
# Regenerate the baseline after a deliberate, compatible addition with:
#   tests/c_api/abi_check.sh build/dev/src/libirikit.so . --update
set -uo pipefail
lib=${1:?usage: abi_check.sh LIBIRIKIT_SO SOURCE_DIR [--update]}
src=${2:?usage: abi_check.sh LIBIRIKIT_SO SOURCE_DIR [--update]}
baseline="$src/abi/irikit_c.abi"
suppr="$src/abi/c-only.suppr"
if ! command -v abidiff >/dev/null; then
  echo "skipped: abidiff not installed (Debian abigail-tools; scripts/setup.sh capi installs it)"
  exit 77
fi
if [ "${3:-}" = --update ]; then
  abidw --suppressions "$suppr" --header-file "$src/include/irikit/irikit_c.h" --drop-private-types \
    --exported-interfaces-only --no-corpus-path "$lib" >"$baseline"
  echo "baseline written: $baseline"
  exit 0
fi
abidiff --suppressions "$suppr" --header-file2 "$src/include/irikit/irikit_c.h" --drop-private-types \
  --exported-interfaces-only --no-added-syms "$baseline" "$lib"
status=$?
if (( status & 8 )); then echo "incompatible change to the C ABI (see above)"; exit 1; fi
if (( status & 1 || status & 2 )); then echo "abidiff failed to run (status $status)"; exit 1; fi
echo "C ABI compatible with abi/irikit_c.abi (abidiff status $status)"
