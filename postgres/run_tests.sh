#!/usr/bin/env bash
# postgres/run_tests.sh LIBIRIKIT INCLUDE_DIR BUILD_DIR
#
# The pg_regress suite of the irikit extension against a real PostgreSQL 15 server that this script
# starts and stops itself (CTest test `postgres.regress`, run by `make test`):
#   1. builds the extension (PGXS) in BUILD_DIR against the C API header in INCLUDE_DIR and the
#      shared library LIBIRIKIT, and installs it into the system PostgreSQL (needs root);
#   2. initdb's a cluster in a temporary folder — as the `postgres` user when run as root, since
#      PostgreSQL refuses to run as root — and starts it on a Unix socket in that folder (no TCP);
#   3. runs `make installcheck` (pg_regress: sql/*.sql against expected/*.out);
#   4. stops the server, removes the folder and uninstalls the extension.
# Exit status 0 when the suite passes, 1 when it fails (regression.diffs is printed and kept in
# BUILD_DIR), 77 (CTest: skipped) with the reason when PostgreSQL 15, its development files or the
# rights to install an extension are missing.
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

pg_session irikit-pg
pg_build "$here" "$build" "$lib" "$include"
pg_start
echo "postgres: $("$PG_BINDIR/postgres" --version), cluster in $PG_TMP"

if "${PG_MAKE[@]}" installcheck PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER"; then
  exit 0
fi
if [[ -f $build/regression.diffs ]]; then
  echo "---- $build/regression.diffs"
  cat "$build/regression.diffs"
fi
echo "---- server log"
tail -n 50 "$PG_TMP/server.log"
exit 1
