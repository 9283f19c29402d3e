// SPDX-License-Identifier: MIT OR Apache-2.0
// Legacy character encodings through the Unicode backend (ICU converters): RFC 3987 §3.1 step 1b
// (an IRI in a non-Unicode encoding is transcoded to Unicode), draft-ietf-iri-3987bis §3.5 (http/
// https queries in the document charset) and RFC 3987 §7.7 (URIs produced by legacy user agents).
// Internal: only src/unicode/ includes ICU.
#ifndef IRIKIT_UNICODE_CHARSET_H
#define IRIKIT_UNICODE_CHARSET_H

#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit::unicode {

/// Whether the backend knows the charset (any IANA or ICU alias: "Shift_JIS", "windows-1258"…).
bool is_known_charset(std::string_view name);

/// Whether `name` is a UCS-based encoding (UTF-8, UTF-16, UTF-32 and their BE/LE variants, CESU-8,
/// UTF-7, SCSU, BOCU-1): RFC 3987 §3.1 step 1c applies to them and no normalization is done.
/// false for unknown names.
bool is_ucs_charset(std::string_view name);

/// Decodes `bytes` in the charset to UTF-8. Errors: unknown_charset (offset 0),
/// charset_decode_failed at the byte offset of the first malformed or unmapped sequence.
result<std::string> decode_charset(std::string_view bytes, std::string_view name);

/// Encodes valid UTF-8 text in the charset. Errors: unknown_charset (offset 0), charset_unmappable
/// at the UTF-8 byte offset of the first character the charset cannot represent.
result<std::string> encode_charset(std::string_view utf8, std::string_view name);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_CHARSET_H
