#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# postgres/run_tests.sh LIBIRIKIT INCLUDE_DIR BUILD_DIR
#
# The pg_regress suite of the irikit extension against a real PostgreSQL 15 server that this script
# starts and stops itself (CTest test `postgres.regress`, run by `make test`):
#   1. builds the extension (PGXS) in BUILD_DIR against the C API header in INCLUDE_DIR and the
#      shared library LIBIRIKIT, copies the PostgreSQL installation into a temporary folder and
#      installs the extension into that copy (make install DESTDIR=…): the system's PostgreSQL
#      directories are not written, so an irikit the machine already has stays as it was;
#   2. initdb's a cluster in that folder with the copy's binaries — as the `postgres` user when run
#      as root, since PostgreSQL refuses to run as root — and starts the copy's server on a Unix
#      socket in that folder (no TCP);
#   3. runs `make installcheck` (pg_regress: sql/*.sql against expected/*.out);
#   4. stops the server and removes the folder (and with it the copy).
# Exit status 0 when the suite passes, 1 when it fails (regression.diffs is printed and kept in
# BUILD_DIR), 77 (CTest: skipped) with the reason when PostgreSQL 15 or its development files are
# missing.
set -euo pipefail
if [[ $# -ne 3 ]]; then
  echo "usage: $0 LIBIRIKIT INCLUDE_DIR BUILD_DIR" >&2
  exit 2
fi
lib=$1 include=$2 build=$3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=cluster.sh
. "$here/cluster.sh"

if ! pg_find; then
  echo "postgres: skipped: $pg_reason"
  exit 77
fi

# what the system installation holds of irikit before the run; compared after it (never written)
system_files() {
  (cd / && ls -l --time-style=full-iso "$("$PG_CONFIG" --pkglibdir)"/irikit* \
    "$("$PG_CONFIG" --sharedir)"/extension/irikit* 2>/dev/null) || true
}
system_before=$(system_files)
check_system() {
  if [[ $(system_files) != "$system_before" ]]; then
    echo "postgres: the system PostgreSQL's irikit files changed during the run" >&2
    return 1
  fi
}

pg_session irikit-pg
pg_build "$here" "$build" "$lib" "$include"
pg_start
echo "postgres: $("$PG_BINDIR/postgres" --version), cluster in $PG_TMP"
# the server reads the private copy: its share folder is under $PG_TMP
sharedir=$(psql -X -A -t -c "SELECT setting FROM pg_config WHERE name = 'SHAREDIR'")
echo "postgres: the server's SHAREDIR is $sharedir"
if [[ $sharedir != "$PG_TMP"/* ]]; then
  echo "postgres: the server does not read the private copy of the installation" >&2
  exit 1
fi

# IRIKIT_PG_REGRESS="check domain": only those tests (while working on them; CTest runs all)
only=()
if [[ -n ${IRIKIT_PG_REGRESS:-} ]]; then only=(REGRESS="$IRIKIT_PG_REGRESS"); fi
if "${PG_MAKE[@]}" installcheck PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER" "${only[@]}"; then
  check_system
  exit 0
fi
if [[ -f $build/regression.diffs ]]; then
  echo "---- $build/regression.diffs"
  cat "$build/regression.diffs"
fi
echo "---- server log"
tail -n 50 "$PG_TMP/server.log"
exit 1
