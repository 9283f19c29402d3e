# SPDX-License-Identifier: MIT OR Apache-2.0
# postgres/cluster.sh — sourced by run_tests.sh and bench/postgres_copy.sh: find PostgreSQL 15,
# build the extension, install it into a PRIVATE COPY of the PostgreSQL installation, and run a
# private server from that copy in a temporary folder.
#
#   pg_find                       sets PG_CONFIG, PG_BINDIR (the system's); returns 1 with
#                                 $pg_reason when absent
#   pg_session NAME               a temporary folder $PG_TMP (/tmp/NAME.XXXXXX) and an EXIT trap that
#                                 stops the server and removes the folder
#   pg_build SRC BUILD LIB INC    copies the extension sources to BUILD and builds them against the
#                                 C API header folder INC and the shared library LIB, copied into
#                                 $PG_TMP/lib (the extension's RPATH); copies the PostgreSQL
#                                 installation into $PG_TMP/root and installs the extension there
#                                 (make install DESTDIR=$PG_TMP/root); sets PG_BINDIR to the copy's
#   pg_start                      initdb in $PG_TMP/data and start the copy's server on a Unix
#                                 socket in $PG_TMP (no TCP); exports PGHOST, PGPORT, PGUSER, PGDATABASE
#   pg_stop                       stops it (and is safe to call twice)
#   pg_bench_setup NAME LIB INC   for bench/: the usage check done, pg_find, pg_session NAME, pg_build
#                                 into build/NAME, a server with a large shared_buffers, and the
#                                 shared corpora's URL lists in $PG_TMP/corpus.txt
#
# Nothing outside $PG_TMP is written: an irikit extension the machine already has in the system
# PostgreSQL directories is neither overwritten nor removed, and no root rights are needed to
# install. How the copy finds its files: PostgreSQL is relocatable — a server binary computes its
# share and lib folders from its own path and the compiled-in relation between bindir, sharedir and
# pkglibdir (src/port/path.c, make_relative_path). Copying /usr/lib/postgresql/15 and
# /usr/share/postgresql/15 to $PG_TMP/root/usr/... keeps that relation, so the copy's `postgres`
# loads the copy's extension files. (PostgreSQL 18's extension_control_path would avoid the copy;
# 15 has no such setting.) The binaries are real copies, not symlinks: the server resolves symlinks
# to find itself.
#
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` system user (the
# Debian package creates it), and everything it reads lives in $PG_TMP, which that user owns.

pg_find() {
  PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
  if [[ ! -x $PG_CONFIG ]]; then
    pg_reason="no $PG_CONFIG: install postgresql-15 and postgresql-server-dev-15 (scripts/setup.sh postgres)"
    return 1
  fi
  PG_BINDIR=$("$PG_CONFIG" --bindir)
  if [[ ! -f $("$PG_CONFIG" --pgxs) ]]; then
    pg_reason="no PGXS: install postgresql-server-dev-15 (scripts/setup.sh postgres)"
    return 1
  fi
  if [[ ! -x $PG_BINDIR/initdb || ! -x $PG_BINDIR/pg_ctl || ! -x $PG_BINDIR/postgres ]]; then
    pg_reason="no server in $PG_BINDIR: install postgresql-15 (scripts/setup.sh postgres)"
    return 1
  fi
  PG_RUNAS=()
  if [[ $(id -u) -eq 0 ]]; then
    if ! id postgres >/dev/null 2>&1; then
      pg_reason="running as root and there is no 'postgres' user to run the server as"
      return 1
    fi
    PG_RUNAS=(runuser -u postgres --)
  fi
  return 0
}

pg_session() {
  PG_TMP=$(mktemp -d "/tmp/$1.XXXXXX")
  trap pg_cleanup EXIT
}

pg_cleanup() {
  pg_stop
  rm -rf "$PG_TMP"
}

# pg_private_install: the copy of the installation in $PG_TMP/root, the same folders under it as
# the system's (bindir, pkglibdir, sharedir; libdir only for its PostgreSQL files).
pg_private_install() {
  local root=$PG_TMP/root dir
  for dir in "$("$PG_CONFIG" --bindir)" "$("$PG_CONFIG" --pkglibdir)" "$("$PG_CONFIG" --sharedir)"; do
    mkdir -p "$root$(dirname "$dir")"
    [[ -e $root$dir ]] || cp -a "$dir" "$root$dir"
  done
  # the JIT's bitcode is large and unused here (jit=off in pg_start)
  rm -rf "$root$("$PG_CONFIG" --pkglibdir)/bitcode"
  PG_BINDIR=$root$("$PG_CONFIG" --bindir)
}

# pg_build SRC BUILD LIBIRIKIT INCLUDE_DIR
pg_build() {
  local src=$1 build=$2 lib=$3 include=$4
  mkdir -p "$build" "$PG_TMP/lib"
  cp "$src"/Makefile "$src"/*.c "$src"/*.h "$src"/*.sql "$src"/*.control "$build"/
  rm -rf "$build/sql" "$build/expected" "$build/results"
  cp -r "$src/sql" "$src/expected" "$build"/
  # the library under its real name, its SONAME (what the loader looks for) and the link name
  local real soname
  real=$(basename "$(readlink -f "$lib")")
  cp "$(readlink -f "$lib")" "$PG_TMP/lib/$real"
  soname=$(objdump -p "$PG_TMP/lib/$real" | awk '$1 == "SONAME" { print $2 }')
  [[ -n $soname && $soname != "$real" ]] && ln -sf "$real" "$PG_TMP/lib/$soname"
  [[ $real != libirikit.so ]] && ln -sf "$real" "$PG_TMP/lib/libirikit.so"
  local cc=(gcc)
  command -v ccache >/dev/null && cc=(ccache gcc)
  PG_MAKE=(make -C "$build" --no-print-directory PG_CONFIG="$PG_CONFIG" CC="${cc[*]}"
           IRIKIT_CFLAGS="-I$include" IRIKIT_LIBS="-L$PG_TMP/lib -lirikit" IRIKIT_RPATH="$PG_TMP/lib")
  "${PG_MAKE[@]}" -s >/dev/null
  pg_private_install
  "${PG_MAKE[@]}" -s install DESTDIR="$PG_TMP/root" >/dev/null
  # the copy, not the system, holds the extension (a check that the relocation works)
  [[ -f $PG_TMP/root$("$PG_CONFIG" --sharedir)/extension/irikit.control ]]
}

pg_start() {
  PGHOST=$PG_TMP
  PGPORT=$((20000 + RANDOM % 20000))
  PGUSER=postgres
  PGDATABASE=postgres
  export PGHOST PGPORT PGUSER PGDATABASE
  [[ ${#PG_RUNAS[@]} -gt 0 ]] && chown -R postgres "$PG_TMP"
  chmod 755 "$PG_TMP"
  "${PG_RUNAS[@]}" "$PG_BINDIR/initdb" -D "$PG_TMP/data" -U postgres -A trust -E UTF8 --locale=C --no-sync \
    >"$PG_TMP/initdb.log" 2>&1 || { cat "$PG_TMP/initdb.log"; return 1; }
  # -k: the socket in $PG_TMP; no TCP; fsync off: the cluster is thrown away
  "${PG_RUNAS[@]}" "$PG_BINDIR/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
    -o "-k $PG_TMP -p $PGPORT -c listen_addresses= -c fsync=off -c full_page_writes=off -c jit=off ${PG_SERVER_OPTIONS:-}" \
    start >/dev/null || { cat "$PG_TMP/server.log"; return 1; }
  PG_RUNNING=1
}

pg_stop() {
  if [[ ${PG_RUNNING:-0} -eq 1 ]]; then
    "${PG_RUNAS[@]}" "$PG_BINDIR/pg_ctl" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1 || true
    PG_RUNNING=0
  fi
}

# pg_bench_setup NAME LIBIRIKIT INCLUDE_DIR: what bench/postgres_copy.sh and
# bench/postgres_clean_domain.sh share. CORPORA (default ../shared/corpora of the tree) holds the
# lists: the intl IRIs and URIs, kasztp, node_files and isaacs_files, one per line (byte order marks
# and CRs removed), readable by the server.
pg_bench_setup() {
  local name=$1 lib=$2 include=$3 root corpora
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  corpora=${CORPORA:-$root/../shared/corpora}  # CORPORA=/work/shared/corpora from a worktree
  pg_find || { echo "$name: $pg_reason" >&2; exit 1; }
  pg_session "irikit-$name"
  pg_build "$root/postgres" "$root/build/$name" "$lib" "$include"
  PG_SERVER_OPTIONS="-c shared_buffers=512MB -c max_wal_size=8GB -c checkpoint_timeout=1h -c maintenance_work_mem=512MB"
  pg_start
  cat "$corpora"/intl/intl_mixed_iri.txt "$corpora"/intl/intl_wiki_iri.txt "$corpora"/intl/intl_wiki_uri.txt \
      "$corpora"/url-various-datasets/kasztp.txt "$corpora"/url-various-datasets/node_files.txt \
      "$corpora"/url-various-datasets/isaacs_files.txt |
    sed -e 's/^\xEF\xBB\xBF//' -e 's/\r$//' >"$PG_TMP/corpus.txt"
  chown postgres "$PG_TMP/corpus.txt" 2>/dev/null || true
}
