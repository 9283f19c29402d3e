// SPDX-License-Identifier: MIT OR Apache-2.0
// RFC 3492 Punycode, the encoding of IDNA's "xn--" labels (the ACE prefix is the caller's).
// Internal to src/unicode/ (UTS #46 and IDNA2003 share it).
#ifndef IRIKIT_UNICODE_PUNYCODE_H
#define IRIKIT_UNICODE_PUNYCODE_H

#include <string>
#include <string_view>

namespace irikit::unicode {

/// How RFC 3492 §6.2 decoding ended.
enum class punycode_result { ok, bad, overflow };

/// RFC 3492 §6.3 encoding of `cps` (scalar values), appended to `out` in lowercase. False when an
/// integer overflows (§6.4: only for inputs of millions of code points); `out` is then unspecified.
/// O(n log n) time whatever the input (the specification's loop is O(n × distinct code points)).
bool punycode_encode(std::u32string_view cps, std::string& out);

/// RFC 3492 §6.2 decoding of `in` (the part after the ACE prefix) into `out` (cleared first):
/// `overflow` when an integer overflows (§6.4), `bad` on any other failure (a bad digit, a
/// truncated integer, a non-ASCII basic code point, a decoded surrogate or basic code point).
/// O(n log n) time.
punycode_result punycode_decode(std::string_view in, std::u32string& out);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_PUNYCODE_H
