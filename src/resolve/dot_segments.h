// SPDX-License-Identifier: MIT OR Apache-2.0
// Internal helpers of the resolve stage, shared with normalize (path segment normalization).
#ifndef IRIKIT_RESOLVE_DOT_SEGMENTS_H
#define IRIKIT_RESOLVE_DOT_SEGMENTS_H

#include <cstddef>
#include <string_view>

namespace irikit::resolve_detail {

/// 1 when `segment` is "." (or "%2E"/"%2e" when `percent_encoded_dots`), 2 when it is "..",
/// ".%2E", "%2e." or "%2E%2E" (any case), 0 otherwise.
int dot_segment_kind(std::string_view segment, bool percent_encoded_dots) noexcept;

/// RFC 3986 §5.2.4 over s[0, n) in place; returns the length of the result. Linear: each input
/// byte is read once and each output byte written once and removed at most once. When `steps` is
/// given, it receives the number of elementary operations (bytes scanned, moved or removed), which
/// the unit tests use to check linearity without a clock.
std::size_t remove_dot_segments_in_place(char* s, std::size_t n, bool percent_encoded_dots,
                                         std::size_t* steps = nullptr) noexcept;

}  // namespace irikit::resolve_detail

#endif  // IRIKIT_RESOLVE_DOT_SEGMENTS_H
