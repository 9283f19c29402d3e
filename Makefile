# SPDX-License-Identifier: MIT OR Apache-2.0
# Thin wrapper over the CMake presets: the README's two commands are `make demo` and `make test`.
JOBS ?= $(shell nproc)
.PHONY: demo test test-simd test-asan test-arm64 test-clang test-i386 test-s390x deb test-deb bench fuzz format clean setup public-suffix unicode-tables

setup:
	@scripts/setup.sh base

demo: setup
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS) --target iri
	scripts/demo.sh build/release/tools/iri/iri examples/iris.txt

test:
	@scripts/setup.sh base peers postgres python dask
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev -j $(JOBS)

# The whole suite once per scan implementation this CPU has but the default one (make test's), each
# forced with IRIKIT_SIMD=NAME (scripts/test_simd.sh says which it skips and why).
test-simd:
	@scripts/setup.sh base peers postgres python dask
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	scripts/test_simd.sh dev $(JOBS)

test-asan:
	@scripts/setup.sh base peers python dask
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# The whole suite for AArch64: cross-built with Debian's g++-aarch64-linux-gnu, run under qemu-aarch64
# (cmake/aarch64-linux-gnu.cmake); the block scans are the NEON ones there.
test-arm64:
	@scripts/setup.sh base arm64
	cmake --preset arm64 >/dev/null
	cmake --build --preset arm64 -j $(JOBS)
	ctest --preset arm64 -j $(JOBS)

# The whole suite with clang 19 and libc++ (cmake/clang-libcxx.cmake), the Python package and the
# PostgreSQL extension included.
test-clang:
	@scripts/setup.sh base clang peers postgres python dask
	cmake --preset clang >/dev/null
	cmake --build --preset clang -j $(JOBS)
	ctest --preset clang -j $(JOBS)

# The whole suite for 32-bit x86 (test-i386, cmake/i686-linux-gnu.cmake: run natively, or under
# qemu-i386 where the kernel cannot run 32-bit programs) and for big-endian s390x (test-s390x,
# cmake/s390x-linux-gnu.cmake: cross-built with g++-s390x-linux-gnu, run under qemu-s390x, the block
# scans the scalar ones): the preset and the setup.sh profile are named as the target.
test-i386 test-s390x: test-%:
	@scripts/setup.sh base $*
	cmake --preset $* >/dev/null
	cmake --build --preset $* -j $(JOBS)
	ctest --preset $* -j $(JOBS)

# The Debian packages (debian/): libirikit0, libirikit-dev, irikit, python3-irikit and
# postgresql-15-irikit into build/deb/, lintian-checked (scripts/deb.sh). test-deb installs them with
# apt, runs a smoke test of each, removes them and checks the machine's package list is as before
# (scripts/test_deb.sh).
deb:
	@scripts/setup.sh base deb
	scripts/deb.sh

test-deb: deb
	scripts/test_deb.sh build/deb

bench:
	scripts/setup.sh base bench
	cmake --preset bench >/dev/null
	cmake --build --preset bench -j $(JOBS)

# Regenerates the public suffix table from the shared copy of the list (docs/host-display.md).
PUBLIC_SUFFIX_LIST ?= ../shared/corpora/publicsuffix/public_suffix_list.dat
public-suffix:
	python3 scripts/gen_public_suffix.py $(PUBLIC_SUFFIX_LIST) > src/host/public_suffix_table.inc.new
	mv src/host/public_suffix_table.inc.new src/host/public_suffix_table.inc

# Regenerates src/unicode/tables/*.inc from the Unicode data (docs/design.md, "Unicode tables").
# Updating Unicode: UNICODE_DATA=../shared/unicode/18.0.0 make unicode-tables.
UNICODE_DATA ?= ../shared/unicode/17.0.0
unicode-tables:
	python3 scripts/gen_unicode_tables.py --data $(UNICODE_DATA) --out src/unicode/tables

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf build
