# SPDX-License-Identifier: MIT OR Apache-2.0
# Cross-compiling for s390x (IBM Z: 64-bit, big-endian) Linux on an x86-64 Debian machine, and
# running what is built under user-mode QEMU: `make test-s390x` (scripts/setup.sh s390x installs what
# it needs). The one big-endian target of the suite: every word the code reads from bytes is read
# here with the most significant byte first. The scans are the scalar ones.
#   compiler:   g++-s390x-linux-gnu (Debian's cross compiler; its C library is libc6-dev-s390x-cross)
#   libraries:  the s390x runtime packages of Debian multiarch (libboost-url1.81.0:s390x,
#               liburiparser1:s390x, and libgtest-dev:s390x, whose static libraries need nothing more),
#               under /usr/lib/s390x-linux-gnu. Not the -dev packages of Boost: they pull in
#               libc6-dev:s390x and linux-libc-dev:s390x, which Debian 12's security archive no longer
#               builds for s390x, so their versions lag the x86-64 ones and Multi-Arch: same refuses to
#               install them side by side. The headers (architecture-independent in Debian) are the
#               build machine's, and the libraries are named by their sonames below.
#   emulator:   qemu-s390x (qemu-user); CTest runs every test program through it, with multiarch's
#               loader and C library (libc6:s390x; `-L /`, as for arm64: cmake/aarch64-linux-gnu.cmake).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER s390x-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/s390x-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/s390x-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x -L /)
# No ICU: the library has none (issue 50), and its oracle tests say they are skipped here.
set(CMAKE_DISABLE_FIND_PACKAGE_ICU ON)
