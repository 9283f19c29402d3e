# SPDX-License-Identifier: MIT OR Apache-2.0
# Thin wrapper over the CMake presets: the README's two commands are `make demo` and `make test`.
JOBS ?= $(shell nproc)
# ccache (scripts/setup.sh base installs it) as the compiler launcher of each build folder's first
# configure, unless the environment names another: a build folder made again (a fresh clone, `make
# clean`, CI) compiles only what changed since the cache saw it. Paths are hashed relative to the
# tree (CCACHE_BASEDIR) and without the build folder (CCACHE_NOHASHDIR), so that two clones share
# the cache; debug information may then name the clone that filled it (no test reads it).
# `command -v` runs in the recipe, after setup.sh has installed ccache.
export CCACHE_BASEDIR ?= $(CURDIR)
export CCACHE_NOHASHDIR ?= 1
CMAKE_CONFIGURE = launcher=$${CMAKE_CXX_COMPILER_LAUNCHER-$$(command -v ccache || true)}; \
  CMAKE_CXX_COMPILER_LAUNCHER=$$launcher CMAKE_C_COMPILER_LAUNCHER=$$launcher cmake
.PHONY: demo test test-simd test-asan test-tsan test-arm64 test-clang test-i386 test-s390x deb test-deb bench fuzz format clean setup public-suffix unicode-tables idna2003-tables encoding-tables
.PHONY: wasm npm test-npm playground test-playground bench-js

setup:
	@scripts/setup.sh base

demo: setup
	$(CMAKE_CONFIGURE) --preset release >/dev/null
	cmake --build --preset release -j $(JOBS) --target iri
	scripts/demo.sh build/release/tools/iri/iri examples/iris.txt

test:
	@scripts/setup.sh base peers postgres python dask wasm browser
	$(CMAKE_CONFIGURE) --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev -j $(JOBS)

# The whole suite once per scan implementation this CPU has but the default one (make test's), each
# forced with IRIKIT_SIMD=NAME (scripts/test_simd.sh says which it skips and why).
test-simd:
	@scripts/setup.sh base peers postgres python dask
	$(CMAKE_CONFIGURE) --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	scripts/test_simd.sh dev $(JOBS)

test-asan:
	@scripts/setup.sh base peers python dask
	$(CMAKE_CONFIGURE) --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

# ThreadSanitizer (the tsan preset): everything instrumented, the tests labelled threads run: every
# iri command with --jobs 4, the C API from several threads (batches, cancellation, c_api.stress),
# the Python batch functions with libtsan preloaded into python3. Any report fails its test.
test-tsan:
	@scripts/setup.sh base python
	$(CMAKE_CONFIGURE) --preset tsan >/dev/null
	cmake --build --preset tsan -j $(JOBS)
	ctest --preset tsan -j $(JOBS)

# The whole suite for AArch64: cross-built with Debian's g++-aarch64-linux-gnu, run under qemu-aarch64
# (cmake/aarch64-linux-gnu.cmake); the block scans are the NEON ones there.
test-arm64:
	@scripts/setup.sh base arm64
	$(CMAKE_CONFIGURE) --preset arm64 >/dev/null
	cmake --build --preset arm64 -j $(JOBS)
	ctest --preset arm64 -j $(JOBS)

# The whole suite with clang 19 and libc++ (cmake/clang-libcxx.cmake), the Python package and the
# PostgreSQL extension included.
test-clang:
	@scripts/setup.sh base clang peers postgres python dask
	$(CMAKE_CONFIGURE) --preset clang >/dev/null
	cmake --build --preset clang -j $(JOBS)
	ctest --preset clang -j $(JOBS)

# The whole suite for 32-bit x86 (test-i386, cmake/i686-linux-gnu.cmake: run natively, or under
# qemu-i386 where the kernel cannot run 32-bit programs) and for big-endian s390x (test-s390x,
# cmake/s390x-linux-gnu.cmake: cross-built with g++-s390x-linux-gnu, run under qemu-s390x, the block
# scans the scalar ones): the preset and the setup.sh profile are named as the target.
test-i386 test-s390x: test-%:
	@scripts/setup.sh base $*
	$(CMAKE_CONFIGURE) --preset $* >/dev/null
	cmake --build --preset $* -j $(JOBS)
	ctest --preset $* -j $(JOBS)

# The Debian packages (debian/): libirikit0, libirikit-dev, irikit, python3-irikit and
# postgresql-15-irikit into build/deb/, lintian-checked (scripts/deb.sh). test-deb installs them with
# apt, runs a smoke test of each, removes them and checks the machine's package list is as before
# (scripts/test_deb.sh). It also builds the Python wheel from the sdist (python/package_test.py
# --build-only), which the CTest test python.package leaves out by reusing the test build's module.
deb:
	@scripts/setup.sh base deb
	scripts/deb.sh

test-deb: deb
	scripts/test_deb.sh build/deb
	@scripts/setup.sh base python
	python3 python/package_test.py --build-only . build/package-source

# JavaScript (issue 51): irikit.wasm (clang 19, wasm32-wasi: preset wasm), the npm package
# build/npm/irikit-VERSION.tgz, its installed-package suite (scripts/test_npm.sh), the playground
# page (build/playground/, served on localhost) and its headless chromium test.
wasm:
	@scripts/setup.sh base wasm
	$(CMAKE_CONFIGURE) --preset wasm >/dev/null
	cmake --build build/wasm -j $(JOBS) --target irikit_wasm

npm:
	@scripts/setup.sh base wasm
	scripts/npm.sh

test-npm:
	@scripts/setup.sh base wasm
	$(CMAKE_CONFIGURE) --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS) --target iri
	scripts/test_npm.sh . build/dev/tools/iri/iri ../shared/corpora

playground:
	@scripts/setup.sh base wasm
	scripts/playground.sh --serve $(or $(PORT),8000)

test-playground:
	@scripts/setup.sh base wasm browser
	scripts/test_playground.sh

bench-js:
	@scripts/setup.sh base wasm
	scripts/bench_js.sh

bench:
	scripts/setup.sh base bench
	$(CMAKE_CONFIGURE) --preset bench >/dev/null
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

# Regenerates src/unicode/tables/idna2003.inc (Nameprep, RFC 3491) from the IDNA2003 data.
idna2003-tables:
	python3 scripts/gen_idna2003_tables.py --data ../shared/idna2003 --out src/unicode/tables

# Regenerates src/unicode/tables/encoding/*.inc from the WHATWG Encoding Standard's data (issue 50).
ENCODING_DATA ?= ../shared/encoding/whatwg
encoding-tables:
	python3 scripts/gen_encoding_tables.py --data $(ENCODING_DATA) --out src/unicode/tables/encoding

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf build
