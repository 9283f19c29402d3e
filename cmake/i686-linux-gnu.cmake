# SPDX-License-Identifier: MIT OR Apache-2.0
# 32-bit x86 (Debian's i386 architecture, i686 code) built on an x86-64 Debian machine, and run here
# natively (the x86-64 kernel runs 32-bit programs): `make test-i386` (scripts/setup.sh i386
# installs what it needs). size_t, pointers and long are 32 bits wide: what this build is for.
#   compiler:   g++-i686-linux-gnu (Debian's cross compiler; not g++-multilib, whose gcc-multilib
#               conflicts with every Debian cross compiler, the arm64 and s390x ones included)
#   libraries:  the i386 packages of Debian multiarch (libgtest-dev:i386, ...),
#               installed under /usr/lib/i386-linux-gnu; they bring libc6:i386, whose loader
#               /lib/ld-linux.so.2 runs the programs with multiarch's libraries.
# The programs run natively where the kernel runs 32-bit x86 programs (CONFIG_IA32_EMULATION), and
# CTest and the test scripts start them themselves. Where it does not (kernels built without it or
# booted with ia32_emulation=0, as some virtual machines are), they run under user-mode QEMU,
# qemu-i386 (qemu-user), as the arm64 build does under qemu-aarch64: the check runs multiarch's
# 32-bit loader, /lib/ld-linux.so.2, itself. The scans are the scalar ones (the i686 baseline has no
# SSE2, and src/simd/ builds its x86 units for x86-64 only).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER i686-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER i686-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)
# Headers are shared between architectures in multiarch (/usr/include); libraries and CMake package
# files are found under lib/i386-linux-gnu. Programs are the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/i686-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig)
execute_process(COMMAND /lib/ld-linux.so.2 --version RESULT_VARIABLE _irikit_i386_native OUTPUT_QUIET ERROR_QUIET)
if(NOT _irikit_i386_native EQUAL 0)
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-i386 -L /)
endif()
