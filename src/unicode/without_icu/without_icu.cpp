// SPDX-License-Identifier: MIT OR Apache-2.0
// without_icu.cpp — what the WebAssembly build (cmake/wasm32-wasi.cmake) compiles in place of
// src/unicode/version.cpp, the last file of src/unicode/ that calls ICU (for ICU's version number
// in unicode_backend_version): the wasm build has no ICU. The legacy charsets (the Encoding
// Standard of our own) and IDNA2003 (Nameprep of our own) are the same code as the native
// library's. This file goes when issue 50 takes ICU out of version.cpp too.
#include <string>
#include <string_view>

#include "irikit/version.h"
#include "unicode/unicode.h"

namespace irikit {
namespace unicode {
namespace {
#include "unicode/tables/version.inc"
}  // namespace

std::string unicode_version() { return k_unicode_version; }

std::string backend_version() {
  return "irikit tables " + std::string(k_unicode_version) + "; WebAssembly (no ICU)";
}
}  // namespace unicode

std::string_view version() noexcept { return IRIKIT_VERSION_STRING; }
std::string unicode_version() { return unicode::unicode_version(); }
std::string unicode_backend_version() { return unicode::backend_version(); }

}  // namespace irikit
