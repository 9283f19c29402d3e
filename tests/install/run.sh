#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then builds and runs two consumers against it:
# one through find_package(irikit) and one through pkg-config.
set -euo pipefail
build=${1:?usage: run.sh BUILD_DIR SOURCE_DIR}
src=${2:?usage: run.sh BUILD_DIR SOURCE_DIR}
prefix="$build/install-test/prefix"
rm -rf "$build/install-test"
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$src/tests/install/consumer" -B "$build/install-test/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$build/install-test/cmake" >/dev/null
LD_LIBRARY_PATH="$prefix/lib:${LD_LIBRARY_PATH:-}" "$build/install-test/cmake/consumer" | grep -qx '/パス'
flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig" pkg-config --cflags --libs irikit)
c++ -std=c++20 "$src/tests/install/consumer/main.cpp" $flags -o "$build/install-test/pkgconfig-consumer"
LD_LIBRARY_PATH="$prefix/lib:$prefix/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}" "$build/install-test/pkgconfig-consumer" | grep -qx '/パス'
echo "install consumers (find_package, pkg-config): ok"
