# SPDX-License-Identifier: MIT OR Apache-2.0
# clang 19 with LLVM's C++ standard library, libc++ (the toolchain of macOS and of several Linux
# distributions): `make test-clang`, preset `clang` (scripts/setup.sh clang installs clang-19,
# libc++-19-dev and libc++abi-19-dev). Not a cross build: the programs run here.
#   -stdlib=libc++ on every C++ compile and link (CMake passes CMAKE_CXX_FLAGS to the link too);
#   C++ libraries built with g++ against libstdc++ cannot be linked beside it, so the build compiles
#   those it needs from source with these flags: GoogleTest (IRIKIT_GTEST_SOURCE_DIR, the preset
#   sets /usr/src/googletest) and Boost.URL for the differential fuzz target (fuzz/CMakeLists.txt).
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_CXX_FLAGS_INIT "-stdlib=libc++")
