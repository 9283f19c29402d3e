#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# tests/packaging_check.sh SOURCE_DIR (CTest `packaging`, issue 53): `make deb` packs only what git
# tracks, and the outputs `make -C postgres install` (PGXS) and pg_regress leave in postgres/ are
# ignored by git.
#   1. every PGXS / pg_regress output name in postgres/ is ignored (postgres/.gitignore);
#   2. `scripts/deb.sh --list` (the files deb.sh copies into the package source) is exactly the
#      tracked files that exist, with two files planted for the check: an ignored build output
#      (postgres/irikit_pg.bc, what broke `make deb` before) and an untracked, unignored file —
#      neither is listed.
# Skipped (77) outside a git checkout.
set -euo pipefail
root=$(cd "${1:?usage: $0 SOURCE_DIR}" && pwd)
cd "$root"
git rev-parse --git-dir >/dev/null 2>&1 || { echo "packaging: skipped: not a git checkout"; exit 77; }
fail=0

for f in postgres/irikit.so postgres/irikit_pg.o postgres/iri_type.o postgres/irikit_pg.bc \
  postgres/iri_functions.bc postgres/results/type.out postgres/regression.diffs postgres/regression.out \
  postgres/log/initdb.log postgres/tmp_check/data; do
  if ! git check-ignore -q --no-index "$f"; then
    echo "packaging: $f (a PGXS or pg_regress output) is not ignored by git" >&2
    fail=1
  fi
done
for f in postgres/irikit_pg.c postgres/Makefile postgres/sql/type.sql postgres/expected/type.out; do
  if git check-ignore -q --no-index "$f"; then
    echo "packaging: $f (a source) is ignored by git" >&2
    fail=1
  fi
done

planted=()
cleanup() { rm -f "${planted[@]}"; }
trap cleanup EXIT
bc=postgres/irikit_pg.bc
[[ -e $bc ]] || { : >"$bc" && planted+=("$bc"); }
stray=$(mktemp "$root/postgres/packaging-check.XXXXXX")
planted+=("$stray")
stray=${stray#"$root"/}

listed=$(scripts/deb.sh --list)
expected=$(comm -23 <(git ls-files --cached) <(git ls-files --deleted))
for f in "$bc" "$stray"; do
  if grep -qxF -- "$f" <<<"$listed"; then
    echo "packaging: scripts/deb.sh would pack $f, which git does not track" >&2
    fail=1
  fi
done
if [[ $listed != "$expected" ]]; then
  echo "packaging: scripts/deb.sh --list differs from the tracked files:" >&2
  diff <(printf '%s\n' "$expected") <(printf '%s\n' "$listed") | head -n 20 >&2
  fail=1
fi
n=$(printf '%s\n' "$listed" | wc -l)
if ! grep -qxF postgres/irikit_pg.c <<<"$listed" || ! grep -qxF debian/rules <<<"$listed"; then
  echo "packaging: scripts/deb.sh --list lacks tracked sources (postgres/irikit_pg.c, debian/rules)" >&2
  fail=1
fi
[[ $fail -eq 0 ]] && echo "packaging: $n tracked files packed; PGXS outputs ignored and left out"
exit "$fail"
