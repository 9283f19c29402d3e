#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
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
# The C interface from C projects (C99, strict warnings): find_package (irikit::c) and pkg-config.
expected_c='/パス https://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%E3%83%91%E3%82%B9'
cmake -S "$src/tests/install/c_consumer" -B "$build/install-test/cmake-c" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$build/install-test/cmake-c" >/dev/null
LD_LIBRARY_PATH="$prefix/lib:${LD_LIBRARY_PATH:-}" "$build/install-test/cmake-c/c_consumer" | grep -qxF "$expected_c"
cc -std=c99 -Wall -Wextra -Werror -pedantic "$src/tests/install/c_consumer/main.c" $flags -o "$build/install-test/pkgconfig-c-consumer"
LD_LIBRARY_PATH="$prefix/lib:$prefix/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}" "$build/install-test/pkgconfig-c-consumer" | grep -qxF "$expected_c"
echo "install consumers (C++ and C; find_package, pkg-config): ok"
