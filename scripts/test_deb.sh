#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# `make test-deb` (issue 40): installs the packages `make deb` built (folder $1, default build/deb) with
# apt on this machine, runs a smoke test of each, removes them again and checks the machine is left
# as it was: the list of installed packages (name, architecture, version) after equals the list
# before. Every dependency apt had to add for them is removed again as well.
#   irikit                the installed `iri --version` names the packaged version; `iri to-uri`
#                         converts a line; the man page is installed
#   libirikit-dev         a C program built with `pkg-config --cflags --libs irikit` and a C++ one built
#                         by CMake with find_package(irikit), linked to the packaged libirikit.so.0
#   python3-irikit        Debian's /usr/bin/python3 imports irikit from dist-packages, outside this tree
#   postgresql-15-irikit  CREATE EXTENSION irikit in a private cluster (initdb into a temporary folder,
#                         the server as the postgres user on a Unix socket), then a query of each kind
# Needs root (or sudo) for apt. Refuses to run when an irikit package is installed already.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(cd "${1:-build/deb}" && pwd)
version=$(/usr/bin/python3 scripts/version.py)
packages=(libirikit0 libirikit-dev irikit python3-irikit postgresql-15-irikit)
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive

debs=()
for p in "${packages[@]}"; do
  f=$(ls "$dir"/${p}_"$version"-*_*.deb 2>/dev/null | head -1)
  [ -n "$f" ] || { echo "test-deb: no ${p}_$version-*.deb in $dir (make deb)" >&2; exit 2; }
  debs+=("$f")
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    echo "test-deb: $p is installed on this machine already; not touching it (remove it first)" >&2
    exit 2
  fi
done

installed() { dpkg-query -W -f='${Package}:${Architecture} ${Version} ${Status}\n' | grep ' install ok installed$' | sort; }
work=$(mktemp -d /tmp/irikit-test-deb.XXXXXX)
chmod 755 "$work"
installed > "$work/before.txt"
pgdata=""
cleanup() {
  status=$?
  if [ -n "$pgdata" ]; then runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true; fi
  echo "== removing the packages"
  $sudo apt-get purge -y -qq "${packages[@]}" >/dev/null 2>&1 || true
  installed > "$work/after.txt"
  # what apt added for them (dependencies), removed again
  added=$(comm -13 "$work/before.txt" "$work/after.txt" | cut -d' ' -f1)
  if [ -n "$added" ]; then $sudo apt-get purge -y -qq $added >/dev/null 2>&1 || true; installed > "$work/after.txt"; fi
  if ! diff -u "$work/before.txt" "$work/after.txt"; then
    echo "test-deb: FAILED: the machine's package list differs from before (diff above)" >&2
    status=1
  fi
  rm -rf "$work"
  [ $status -eq 0 ] && echo "test-deb: all smoke tests passed; packages removed, package list as before"
  exit $status
}
trap cleanup EXIT

check() {  # check WHAT EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf 'test-deb: FAILED %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3" >&2
    exit 1
  fi
  echo "ok   $1"
}

echo "== installing ${packages[*]} ($version)"
$sudo apt-get install -y -qq --no-install-recommends "${debs[@]}" >/dev/null

echo "== irikit (the tool)"
check "iri is the packaged one" /usr/bin/iri "$(command -v iri)"
check "iri --version names $version" "iri (irikit) $version" "$(iri --version | head -1)"
check "iri to-uri" "http://xn--bcher-kva.de/%C3%A4" "$(printf 'http://bücher.de/ä\n' | iri to-uri --idna uts46)"
check "man page" /usr/share/man/man1/iri.1.gz "$(man -w iri 2>/dev/null || ls /usr/share/man/man1/iri.1.gz)"

echo "== libirikit-dev (C via pkg-config, C++ via CMake)"
cat > "$work/smoke.c" <<'C'
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  const char *text = "http://example.org/r\xc3\xa9sum\xc3\xa9";
  char out[128];
  size_t n = 0;
  irikit_error err;
  irikit_code code = irikit_to_uri(text, strlen(text), NULL, out, sizeof out, &n, &err);
  printf("%s %d %.*s\n", irikit_version(), (int)code, (int)n, out);
  return code == IRIKIT_OK ? 0 : 1;
}
C
cc -std=c99 -Wall -Werror "$work/smoke.c" -o "$work/smoke" $(pkg-config --cflags --libs irikit)
check "C program (pkg-config)" "$version 0 http://example.org/r%C3%A9sum%C3%A9" "$("$work/smoke")"
check "it links the packaged library" "$(readlink -f "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libirikit.so.0")" \
  "$(readlink -f "$(ldd "$work/smoke" | sed -n 's/^\tlibirikit.so.0 => \([^ ]*\).*/\1/p')")"
mkdir -p "$work/cmake"
cat > "$work/cmake/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(smoke LANGUAGES CXX)
find_package(irikit REQUIRED)
add_executable(smoke smoke.cpp)
target_link_libraries(smoke PRIVATE irikit::irikit)
CM
cat > "$work/cmake/smoke.cpp" <<'CPP'
#include <irikit/irikit.h>
#include <iostream>
int main() {
  auto parsed = irikit::parse("http://例え.jp/パス?q#f", irikit::rule::iri);
  if (!parsed) return 1;
  std::cout << *parsed->host() << " " << parsed->path() << "\n";
}
CPP
cmake -S "$work/cmake" -B "$work/cmake/build" >/dev/null
cmake --build "$work/cmake/build" >/dev/null
check "C++ program (find_package(irikit))" "例え.jp /パス" "$("$work/cmake/build/smoke")"

echo "== python3-irikit"
check "Debian's python3 imports the packaged module" \
  "/usr/lib/python3/dist-packages/irikit/__init__.py $version http://xn--bcher-kva.de/" \
  "$(cd "$work" && /usr/bin/python3 -c 'import irikit; print(irikit.__file__, irikit.__version__, irikit.to_uri("http://bücher.de/", idna="uts46"))')"

echo "== postgresql-15-irikit"
pgdata=$work/pgdata
chown postgres "$work"
runuser -u postgres -- /usr/lib/postgresql/15/bin/initdb -D "$pgdata" -A trust -E UTF8 --no-locale >/dev/null
runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D "$pgdata" -w -l "$work/pg.log" \
  -o "-k $work -c listen_addresses= -c port=54329" start >/dev/null
sql() { runuser -u postgres -- /usr/lib/postgresql/15/bin/psql -h "$work" -p 54329 -d postgres -XAtq -v ON_ERROR_STOP=1 -c "$1"; }
sql "CREATE EXTENSION irikit"
check "CREATE EXTENSION irikit: version" "$version" "$(sql "SELECT extversion FROM pg_extension WHERE extname = 'irikit'")"
check "iri type and to_uri" "http://xn--bcher-kva.de/%C3%A4" "$(sql "SELECT iri_to_uri('http://bücher.de/ä'::iri, 'uts46')")"
check "iri_check" "f|invalid-host-char|8" "$(sql "SELECT valid, code, byte_offset FROM iri_check('http://a b/')")"
check "iri_host_within" "t|f" "$(sql "SELECT iri_host_within('http://www.example.com/a'::iri, 'example.com'), iri_host_within('http://notexample.com/'::iri, 'example.com')")"
sql "DROP EXTENSION irikit"
