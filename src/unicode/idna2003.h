// SPDX-License-Identifier: MIT OR Apache-2.0
// IDNA2003 (RFC 3490 with Nameprep, RFC 3491) of irikit's own, from RFC 3454's tables
// (tables/idna2003.inc); internal to src/unicode/ (idna.h's idna_mode::idna2003 calls these).
#ifndef IRIKIT_UNICODE_IDNA2003_H
#define IRIKIT_UNICODE_IDNA2003_H

#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit::unicode {

/// RFC 3490 §4.1 ToASCII with UseSTD3ASCIIRules and the given AllowUnassigned, on every label.
/// Failure: error_code::idna_failed at the first failing label's byte offset.
result<std::string> idna2003_domain_to_ascii(std::string_view utf8_domain, bool allow_unassigned);
/// RFC 3491 Nameprep of one label given as UTF-8 into `out` (UTF-8); false when the label is
/// refused (invalid UTF-8, an unassigned code point without AllowUnassigned, a prohibited code
/// point, the bidi rule). For the Nameprep test vectors (tests/conformance/suite_josefsson.cpp).
bool idna2003_nameprep(std::string_view utf8_label, bool allow_unassigned, std::string& out);
/// RFC 3490 §4.2 ToUnicode on every label (never fails; separators kept).
std::string idna2003_domain_to_unicode(std::string_view domain);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_IDNA2003_H
