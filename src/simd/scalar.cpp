// SPDX-License-Identifier: MIT OR Apache-2.0
// The scalar scans: the definition every vector implementation answers exactly like (they only
// look at more bytes per step), and the implementation for targets without one.
#include <cstddef>

#include "simd/kernels.h"
#include "simd/scan_common.h"

namespace irikit::simd {
namespace {

// ---------------------------------------------------------------------------------------------
// Scalar: the definition.

std::size_t skip_scalar(const char* s, std::size_t i, std::size_t to, std::size_t, plain_set set) noexcept {
  const char_mask m = mask_of(set);
  const bool any_non_ascii = takes_non_ascii(set);
  while (i < to) {
    if (is_in(s[i], m) || (any_non_ascii && static_cast<unsigned char>(s[i]) >= 0x80)) {
      ++i;
    } else if (s[i] == '%' && i + 2 < to && is_in(s[i + 1], k_hexdig) && is_in(s[i + 2], k_hexdig)) {
      i += 3;
    } else {
      break;
    }
  }
  return i;
}

std::size_t find_scalar(const char* s, std::size_t i, std::size_t to, std::size_t, stop_set set) noexcept {
  const char_mask m = set == stop_set::authority_end ? k_authority_end : k_scheme_colon;
  while (i < to && !is_in(s[i], m)) ++i;
  return i;
}

/// classify_text, one character at a time: the definition.
text_kind classify_scalar(const char* s, std::size_t from, std::size_t size) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s);
  bool seen = false;
  for (std::size_t i = from; i < size;) {
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t length = ucschar_length(p, i, size);
    if (length == 0) return text_kind::other;
    seen = true;
    i += length;
  }
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}

constexpr kernels k_scalar{"scalar", skip_scalar, skip_iri_generic<skip_scalar>, find_scalar,
                           classify_scalar};

}  // namespace

text_kind scalar_classify_text(const char* s, std::size_t from, std::size_t size) noexcept {
  return classify_scalar(s, from, size);
}

const kernels* scalar_kernels() noexcept { return &k_scalar; }

}  // namespace irikit::simd
