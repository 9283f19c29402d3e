# SPDX-License-Identifier: MIT OR Apache-2.0
# Cross-compiling for AArch64 (ARM64) Linux on an x86-64 Debian machine, and running what is built
# under user-mode QEMU: `make test-arm64` (scripts/setup.sh arm64 installs what it needs).
#   compiler:   g++-aarch64-linux-gnu (Debian's cross compiler; its libstdc++ is libstdc++6-arm64-cross)
#   libraries:  the arm64 packages of Debian multiarch (libicu-dev:arm64, libgtest-dev:arm64, ...),
#               installed under /usr/lib/aarch64-linux-gnu
#   emulator:   qemu-aarch64 (qemu-user); CTest runs every test program through it. The programs run
#               with multiarch's own loader and C library (libc6:arm64, which libicu-dev:arm64 brings):
#               /lib/ld-linux-aarch64.so.1 finds its libraries through /etc/ld.so.cache, which lists
#               /lib/aarch64-linux-gnu first. Not `-L /usr/aarch64-linux-gnu`: the loader there is the
#               cross package's (libc6-arm64-cross, glibc 2.36-8cross1) while the cache still hands it
#               multiarch's libc.so.6 (a later Debian revision), and with that mismatched pair the first
#               pthread_create loops for ever on the loader's stack cache list.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Headers are shared between architectures in multiarch (/usr/include); libraries and CMake package
# files are found under lib/aarch64-linux-gnu. Programs are the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /)
