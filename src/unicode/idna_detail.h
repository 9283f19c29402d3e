// SPDX-License-Identifier: MIT OR Apache-2.0
// What idna.cpp (the full processing of UTS #46) and idna_fast.cpp (its one pass for the common
// case) share: the flags, the ACE prefix test and the Bidi Rule's decision (RFC 5893 §2), and the
// one pass itself.
#ifndef IRIKIT_UNICODE_IDNA_DETAIL_H
#define IRIKIT_UNICODE_IDNA_DETAIL_H

#include <cstdint>
#include <string>
#include <string_view>

#include "unicode/bidi.h"
#include "unicode/idna.h"

namespace irikit::unicode::idna_detail {

using uts46_flags = uts46_options;

/// The bit of a Bidi_Class in a set of classes.
constexpr std::uint32_t bit(bidi_class b) noexcept { return std::uint32_t{1} << static_cast<unsigned>(b); }

/// Whether `s` starts with "xn--" (UTS #46 §4 step 4.1).
bool starts_with_ace_prefix(std::u32string_view s) noexcept;

/// RFC 5893 §2, the six conditions of the Bidi Rule for one non-empty label, from the class of
/// its first character, of its last character that is not NSM (`has_end` false when every
/// character is NSM) and the set of its classes (bit(class)).
bool bidi_rule_holds(bidi_class first, bool has_end, bidi_class end, std::uint32_t seen) noexcept;

/// UTS #46 §4.2 ToASCII of a name in the common case, written to `out` (idna_fast.cpp). False
/// when the name needs the full processing; `out` is then unspecified.
bool fast_to_ascii(std::string_view input, const uts46_flags& f, std::string& out);

}  // namespace irikit::unicode::idna_detail

#endif  // IRIKIT_UNICODE_IDNA_DETAIL_H
