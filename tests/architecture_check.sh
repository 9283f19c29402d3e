#!/usr/bin/env bash
# The dependency rule of ARCHITECTURE.md: only src/unicode/ includes ICU headers, and the stages
# that must work without ICU (grammar, parse, resolve, edit, scheme) do not include src/unicode/ at all.
set -euo pipefail
src=${1:?usage: architecture_check.sh SOURCE_DIR}
cd "$src"
bad=$(grep -rlE '#include *<unicode/' src tools include --include='*.h' --include='*.cpp' | grep -v '^src/unicode/' || true)
if [ -n "$bad" ]; then echo "ICU headers included outside src/unicode/: $bad"; exit 1; fi
for stage in grammar parse resolve edit scheme; do
  [ -d "src/$stage" ] || continue
  bad=$(grep -rlE '#include *"unicode/' "src/$stage" || true)
  if [ -n "$bad" ]; then echo "src/$stage must not depend on the Unicode backend: $bad"; exit 1; fi
done
# The shared library exports only what public headers declare (cmake/irikit.map, -fvisibility=hidden):
# every C++ public header opens its namespace with the visibility pragma.
for header in include/irikit/*.h; do
  case "$header" in */irikit.h | */irikit_c.h) continue ;; esac
  grep -q '^#pragma GCC visibility push(default)' "$header" ||
    { echo "$header: the public C++ API must sit inside '#pragma GCC visibility push(default)' ... pop"; exit 1; }
done
echo "dependency rule holds; public headers export their API"
