// SPDX-License-Identifier: MIT OR Apache-2.0
// The Unicode backend's versions. src/unicode/ answers every Unicode question from irikit's own
// Unicode 17.0 tables (tables/*.inc) and is the only code in irikit that includes ICU headers, for
// what ICU still does (legacy charsets, IDNA2003: docs/design.md, "What ICU still does").
#ifndef IRIKIT_UNICODE_UNICODE_H
#define IRIKIT_UNICODE_UNICODE_H

#include <string>

namespace irikit::unicode {

/// The Unicode version of irikit's tables, e.g. "17.0".
std::string unicode_version();
/// "irikit tables 17.0; ICU 72.1 for legacy charsets, IDNA2003 (Nameprep)": what still comes
/// from ICU, by name, and ICU's version.
std::string backend_version();

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_UNICODE_H
