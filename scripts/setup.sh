#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Installs the Debian 12 packages a build needs, only those missing. Usage: scripts/setup.sh [PROFILE...]
#   base   compiler, CMake, Ninja, GoogleTest, nlohmann-json (tests), abigail-tools (the C ABI check),
#          ccache (the Makefile's compiler launcher: builds of every stage share one cache)
#   peers  Boost.URL and uriparser: the differential fuzz target's oracles (its corpus replays in
#          `make test`); ICU, the oracle of a few tests and of fuzz_unicode_icu (no dependency of
#          the library since issue 50: without it those are skipped with a line saying so)
#   bench  Google Benchmark and the peers: Boost.URL, uriparser, curl, libidn2
#   fuzz   clang with libFuzzer
#   postgres  PostgreSQL 15 server and PGXS (postgresql-15, postgresql-server-dev-15): the irikit
#          extension's pg_regress suite (postgres/run_tests.sh) runs in `make test` when they are
#          present; the Debian package's own cluster is not created (the tests start a private one)
#   python the Python package (python/): headers, pybind11, the build tools for pip and wheels, the
#          test tools (pytest, hypothesis, mypy, pandas) and the peers of its benchmarks
#   dask   irikit.dask (python/irikit/dask.py) and its LocalCluster tests: Dask and Dask distributed
#   deb    the Debian packaging tools (debhelper, dh-python, pg_buildext from postgresql-server-dev-all,
#          lintian) and the packages' build dependencies, for `make deb` and `make test-deb`
#   arm64  the AArch64 cross compiler, qemu-user and the arm64 libraries of Debian multiarch (ICU,
#          GoogleTest, the differential target's peers) for `make test-arm64`; adds the arm64
#          architecture to dpkg. liburiparser-dev is not Multi-Arch (its arm64 package would remove
#          the amd64 one): the cross build takes its headers from the amd64 package and links
#          liburiparser1:arm64 (fuzz/CMakeLists.txt); Boost's -dev packages are Multi-Arch: same
#   wasm   the WebAssembly build and the npm package (make wasm, make npm): clang 19 and lld 19 for
#          wasm32-wasi, WASI libc, libc++/libc++abi and the compiler builtins for wasm32; Node.js (its npm with it)
#   browser  the playground's test (make test-playground): Debian's chromium, driven by playwright-core
#          from npm (installed into build/playground/driver: no browser download); fonts for the
#          screenshots: DejaVu (Latin, Hebrew, Arabic) and Droid's fallback (CJK)
#   clang  clang 19 and LLVM's libc++ for `make test-clang` (GoogleTest and Boost.URL are built from
#          their sources with them: /usr/src/googletest of libgtest-dev, boost/url/src.hpp)
#   i386   the i686 cross compiler, qemu-user (for kernels that cannot run 32-bit programs) and the
#          i386 libraries of Debian multiarch for `make test-i386`; adds the i386 architecture
#   s390x  the s390x cross compiler, qemu-user and the s390x runtime libraries of Debian multiarch
#          for `make test-s390x` (the headers are the x86-64 -dev packages': cmake/s390x-linux-gnu.cmake
#          says why); adds the s390x architecture
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config libgtest-dev libgmock-dev nlohmann-json3-dev abigail-tools ccache)
peers=(libboost-url1.81-dev liburiparser-dev libicu-dev python3-w3lib)  # w3lib: the w3lib profile's oracle (canon.w3lib_oracle)
for profile in "$@"; do
  case "$profile" in
    base) ;;
    peers) packages+=("${peers[@]}") ;;
    bench) packages+=("${peers[@]}" libbenchmark-dev libcurl4-openssl-dev libidn2-dev python3-w3lib) ;;  # w3lib: bench/canon_peers.py
    fuzz) packages+=(clang libclang-rt-14-dev libicu-dev) ;;
    postgres) packages+=(postgresql-15 postgresql-server-dev-15) ;;
    python) packages+=(python3 python3-dev pybind11-dev python3-pytest python3-hypothesis python3-setuptools
                       python3-build python3-wheel python3-pip python3-venv python3-pandas mypy
                       python3-rfc3987 python3-rfc3986 python3-idna) ;;
    dask) packages+=(python3 python3-dask python3-distributed python3-pandas python3-pytest) ;;
    deb) packages+=(debhelper dh-python dpkg-dev fakeroot lintian postgresql-15 postgresql-server-dev-all
                    pybind11-dev python3-dev) ;;
    arm64) packages+=(g++-aarch64-linux-gnu libstdc++6-arm64-cross qemu-user libicu-dev:arm64 libgtest-dev:arm64
                      libgmock-dev:arm64 libboost-url1.81-dev:arm64 liburiparser1:arm64 liburiparser-dev) ;;
    wasm) packages+=(clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32
                     nodejs) ;;
    browser) packages+=(chromium nodejs fonts-dejavu-core fonts-droid-fallback) ;;
    clang) packages+=(clang-19 libc++-19-dev libc++abi-19-dev libgtest-dev libboost-url1.81-dev) ;;
    i386) packages+=(g++-i686-linux-gnu qemu-user libgtest-dev:i386 libgmock-dev:i386
                     libboost-url1.81-dev:i386 liburiparser1:i386 liburiparser-dev) ;;
    s390x) packages+=(g++-s390x-linux-gnu qemu-user libstdc++6:s390x libgtest-dev:s390x
                      libgmock-dev:s390x libboost-url1.81-dev libboost-url1.81.0:s390x liburiparser1:s390x
                      liburiparser-dev) ;;
    *) echo "setup.sh: unknown profile '$profile'" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup.sh: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
if [[ " ${missing[*]} " == *" postgresql-15 "* && ! -d /etc/postgresql-common/createcluster.d ]]; then
  # no system cluster: postgresql-common would create and start 15/main on installation
  $sudo mkdir -p /etc/postgresql-common/createcluster.d
  echo 'create_main_cluster = false' | $sudo tee /etc/postgresql-common/createcluster.d/irikit.conf >/dev/null
fi
if [[ " ${missing[*]} " == *":arm64 "* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $sudo dpkg --add-architecture arm64
fi
for arch in i386 s390x; do
  if [[ " ${missing[*]} " == *":$arch "* ]] && ! dpkg --print-foreign-architectures | grep -qx $arch; then
    $sudo dpkg --add-architecture $arch
  fi
done
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
