// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/encoding.h — getting text into UTF-8, the form every irikit operation works on.
//
// RFC 3987 §3.1 step 1 variant c: an IRI held in a UCS-based encoding (UTF-16, UTF-32) is
// converted to UTF-8 and never normalized. Errors carry the offset in code units of the input.
//
//   auto utf8 = irikit::utf16_to_utf8(u"http://例え.jp/");
//   if (utf8) auto r = irikit::parse_iri(*utf8);
#ifndef IRIKIT_ENCODING_H
#define IRIKIT_ENCODING_H

#include <cstdint>
#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// Checks that `text` is strictly valid UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing
/// above U+10FFFF, no truncated sequence. The error offset is the first byte of the bad sequence.
result<void> validate_utf8(std::string_view text) noexcept;

/// UTF-16 → UTF-8; an unpaired surrogate is `invalid_utf16` at its code-unit offset.
result<std::string> utf16_to_utf8(std::u16string_view text);
/// UTF-32 → UTF-8; a surrogate or a value above U+10FFFF is `invalid_utf32` at its offset.
result<std::string> utf32_to_utf8(std::u32string_view text);

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_ENCODING_H
