// SPDX-License-Identifier: MIT OR Apache-2.0
// without_icu.cpp — what the WebAssembly build (cmake/wasm32-wasi.cmake) compiles in place of the
// three files of src/unicode/ that still call ICU (charset.cpp, idna2003.cpp, version.cpp): the
// wasm build has no ICU. Until the library's own WHATWG Encoding Standard and IDNA2003 replace
// ICU there (issue 50, branches enc and idna03), this build knows one charset, UTF-8 (RFC 3987
// §3.1 step 1c: a UCS encoding needs no conversion), answers every other name with
// `unknown-charset`, and answers IDNA2003 with `idna-failed` at offset 0. Every other feature is
// the same code as the native library's. docs/design.md, "WebAssembly", says why.
#include <string>
#include <string_view>

#include "irikit/version.h"
#include "unicode/charset.h"
#include "unicode/idna2003.h"
#include "unicode/unicode.h"

namespace irikit {
namespace unicode {
namespace {
#include "unicode/tables/version.inc"

/// "UTF-8" and "utf8" in any case: the labels of UTF-8 this build knows.
bool is_utf8_name(std::string_view name) {
  std::string lower;
  for (const char c : name) {
    if (c != '-') lower.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return lower == "utf8";
}
}  // namespace

bool is_known_charset(std::string_view name) { return is_utf8_name(name); }

bool is_ucs_charset(std::string_view name) { return is_utf8_name(name); }

result<std::string> decode_charset(std::string_view bytes, std::string_view name) {
  if (!is_utf8_name(name)) return parse_error{error_code::unknown_charset, 0};
  return std::string(bytes);
}

result<std::string> encode_charset(std::string_view utf8, std::string_view name) {
  if (!is_utf8_name(name)) return parse_error{error_code::unknown_charset, 0};
  return std::string(utf8);
}

// IDNA2003 (RFC 3490) needs Nameprep's Unicode 3.2 tables, which only ICU brings for now.
result<std::string> idna2003_domain_to_ascii(std::string_view, bool) {
  return parse_error{error_code::idna_failed, 0};
}

std::string idna2003_domain_to_unicode(std::string_view domain) { return std::string(domain); }

std::string unicode_version() { return k_unicode_version; }

std::string backend_version() {
  return "irikit tables " + std::string(k_unicode_version) +
         "; WebAssembly build: no legacy charsets, no IDNA2003 (no ICU)";
}
}  // namespace unicode

std::string_view version() noexcept { return IRIKIT_VERSION_STRING; }
std::string unicode_version() { return unicode::unicode_version(); }
std::string unicode_backend_version() { return unicode::backend_version(); }

}  // namespace irikit
