// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/version.h — the library version, the Unicode version of its Unicode tables and the
// scan implementation chosen for this machine.
#ifndef IRIKIT_VERSION_H
#define IRIKIT_VERSION_H

#include <string>
#include <string_view>

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The library version, e.g. "0.1.0".
std::string_view version() noexcept;
/// The Unicode version of irikit's own Unicode tables, e.g. "17.0" (every property irikit answers
/// from: normalization, IDNA, character properties).
std::string unicode_version();
/// Where the Unicode answers come from: "irikit tables 17.0; ICU 72.1 for legacy charsets, IDNA2003
/// (Nameprep), …" — the tables' version, then what still comes from ICU and ICU's version.
std::string unicode_backend_version();
/// The block-scan implementation the library runs on this machine: "scalar", "sse2", "avx2",
/// "avx512" (x86-64) or "neon" (AArch64). The best the CPU has unless the environment variable
/// IRIKIT_SIMD (read once, at the first call into the library that scans) or the CMake option of that
/// name asks for another one that it has; every implementation gives the same results.
std::string_view simd_implementation() noexcept;
/// What IRIKIT_SIMD asks for ("" when nothing or "auto"): simd_implementation() differs from it when
/// this build or CPU does not have that implementation.
std::string_view simd_requested() noexcept;

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_VERSION_H
