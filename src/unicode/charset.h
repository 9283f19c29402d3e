// SPDX-License-Identifier: MIT OR Apache-2.0
// The RFC side's character encodings: RFC 3987 §3.1 step 1b (an IRI in a non-Unicode encoding is
// transcoded to Unicode) and 1c (UTF-16/UTF-32 input), draft-ietf-iri-3987bis §3.5 (http/https
// queries in the document charset) and RFC 3987 §7.7 (URIs produced by legacy user agents), on the
// WHATWG Encoding Standard of our own (encoding.h). No ICU.
//
// How a name resolves (docs/conversion.md, "Charset names"): leading and trailing ASCII whitespace
// is dropped and case ignored, then
//   1. the IANA names of ISO-8859-1 (and the Encoding Standard's other labels of it: "iso8859-1",
//      "iso88591") are true ISO-8859-1, and the IANA names of US-ASCII ("ascii" too) true US-ASCII —
//      not windows-1252, as the Encoding Standard maps them for web content;
//   2. "UTF-16" and "UTF-32" (and csUTF16, csUTF32) are RFC 2781's: a byte order mark chooses the
//      byte order, big-endian without one; "UTF-32BE"/"UTF-32LE" (and cs names) are UCS-4;
//   3. anything else is one of the Encoding Standard's 228 labels ("get an encoding"), or unknown.
#ifndef IRIKIT_UNICODE_CHARSET_H
#define IRIKIT_UNICODE_CHARSET_H

#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit::unicode {

/// Whether the name resolves to a charset (see above: "Shift_JIS", "windows-1258", " latin1 ").
bool is_known_charset(std::string_view name);

/// Whether the charset is a Unicode encoding form (UTF-8, UTF-16*, UTF-32*), or the Encoding
/// Standard's replacement encoding (whose output encoding is UTF-8): text in it is never normalized
/// on input (RFC 3987 §3.1 step 1c) and queries are written in UTF-8 (3987bis §3.5). False for
/// unknown names.
bool is_ucs_charset(std::string_view name);

/// Decodes `bytes` in the charset to UTF-8. Errors: unknown_charset (offset 0),
/// charset_decode_failed at the byte offset of the first malformed or unmapped sequence.
result<std::string> decode_charset(std::string_view bytes, std::string_view name);

/// Encodes valid UTF-8 text in the charset. Errors: unknown_charset (offset 0), charset_unmappable
/// at the UTF-8 byte offset of the first character the charset cannot represent.
result<std::string> encode_charset(std::string_view utf8, std::string_view name);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_CHARSET_H
