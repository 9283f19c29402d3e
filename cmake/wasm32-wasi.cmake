# SPDX-License-Identifier: MIT OR Apache-2.0
# Cross-compiling the library for WebAssembly (wasm32, WASI preview 1) with Debian 12's clang 19:
# `make wasm` (CMake preset `wasm`; scripts/setup.sh wasm installs what it needs).
#   compiler:  clang-19 --target=wasm32-wasi, linked by wasm-ld (lld-19)
#   sysroot:   /usr: wasi-libc (/usr/include/wasm32-wasi, /usr/lib/wasm32-wasi), libc++-19-dev-wasm32
#              and libc++abi-19-dev-wasm32 (built without threads, filesystem or exceptions: see
#              docs/design.md, "WebAssembly"), libclang-rt-19-dev-wasm32 (compiler builtins)
# The result is bindings/js's irikit.wasm, a WASI reactor (no main: exported functions) that the npm
# package runs in Node and in browsers through its own WASI shim (bindings/js/src/wasi.js).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT /usr)
set(CMAKE_EXECUTABLE_SUFFIX .wasm)
# With --sysroot=/usr, clang searches the build machine's libc++ headers (/usr/include/c++/v1, from
# libc++-19-dev, which libc++-19-dev-wasm32 brings) right after the wasm32 ones, and libc++'s
# #include_next of the C headers then lands in the wrong copy: only the wasm32 libc++ is searched.
set(CMAKE_CXX_FLAGS_INIT "-nostdinc++ -isystem /usr/include/wasm32-wasi/c++/v1")
# Nothing of the build machine's is found: no ICU, no GoogleTest (the wasm build has neither).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(IRIKIT_WASM ON CACHE BOOL "Build for WebAssembly (bindings/js)" FORCE)
