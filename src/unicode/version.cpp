// SPDX-License-Identifier: MIT OR Apache-2.0
#include "irikit/version.h"

#include <unicode/uversion.h>

#include "unicode/unicode.h"

namespace irikit {
namespace unicode {
namespace {
#include "unicode/tables/version.inc"

std::string icu_version() {
  UVersionInfo v;
  u_getVersion(v);
  return "ICU " + std::to_string(v[0]) + "." + std::to_string(v[1]);
}
}  // namespace

// Every Unicode property irikit answers from comes from its generated tables (src/unicode/tables/,
// scripts/gen_unicode_tables.py), of this version.
std::string unicode_version() { return k_unicode_version; }

// What still comes from ICU, by name (docs/design.md, "What ICU still does").
std::string backend_version() {
  return "irikit tables " + std::string(k_unicode_version) + "; " + icu_version() +
         " for legacy charsets, IDNA2003 (Nameprep)";
}
}  // namespace unicode

std::string_view version() noexcept { return IRIKIT_VERSION_STRING; }
std::string unicode_version() { return unicode::unicode_version(); }
std::string unicode_backend_version() { return unicode::backend_version(); }

}  // namespace irikit
