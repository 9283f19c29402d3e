// SPDX-License-Identifier: MIT OR Apache-2.0
#include "irikit/version.h"

#include "unicode/unicode.h"

namespace irikit {
namespace unicode {
namespace {
#include "unicode/tables/version.inc"

/// The WHATWG Encoding Standard's data the encoding tables come from (src/unicode/tables/encoding/,
/// scripts/gen_encoding_tables.py): whatwg/encoding at this commit (../shared/encoding/README.md).
constexpr std::string_view k_encoding_standard = "a985b62a";
}  // namespace

// Every Unicode property irikit answers from comes from its generated tables (src/unicode/tables/,
// scripts/gen_unicode_tables.py), of this version.
std::string unicode_version() { return k_unicode_version; }

// Every answer comes from irikit's own data (issue 50: no ICU): the Unicode tables, the Encoding
// Standard's indexes, and Nameprep's tables (RFC 3454, Unicode 3.2: tables/idna2003.inc).
std::string backend_version() {
  return "irikit tables " + std::string(k_unicode_version) + "; WHATWG Encoding Standard " +
         std::string(k_encoding_standard) + "; IDNA2003 Nameprep (RFC 3454, Unicode 3.2)";
}
}  // namespace unicode

std::string_view version() noexcept { return IRIKIT_VERSION_STRING; }
std::string unicode_version() { return unicode::unicode_version(); }
std::string unicode_backend_version() { return unicode::backend_version(); }

}  // namespace irikit
