// SPDX-License-Identifier: MIT OR Apache-2.0
// The SSE2 layer that stages inline into their hot loops (src/whatwg/fast.cpp and host.cpp, src/parse/): SSE2
// is part of every x86-64 CPU, so this code needs no target and no run-time check, and a call costs nothing.
// IRIKIT_SIMD_SSE2 says whether it is there (0 elsewhere: the callers keep their byte loops). Each kernel
// reads (or writes) exactly the bytes it names.
#ifndef IRIKIT_SIMD_SSE2_INLINE_H
#define IRIKIT_SIMD_SSE2_INLINE_H

#if defined(__SSE2__)
#include <emmintrin.h>
#define IRIKIT_SIMD_SSE2 1
#else
#define IRIKIT_SIMD_SSE2 0
#endif

#if IRIKIT_SIMD_SSE2
namespace irikit::simd::sse2 {

namespace detail {
inline __m128i load(const char* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
template <unsigned char C, unsigned char... Set>
inline constexpr bool k_in = ((C == Set) || ...);
/// The lanes of byte C of Set, perhaps with another byte of Set: two bytes that differ in bit 0
/// take one compare ((v & 0xFE) == C, the even one asks it), two that differ in bit 1 another
/// ((v | 2) == (C | 2), the one without bit 1 asks it); zero when C's partner asks for both.
template <unsigned char C, unsigned char... Set>
inline __m128i lanes_of(__m128i v, __m128i v_or2) noexcept {
  constexpr auto c = static_cast<char>(C);
  if constexpr (k_in<C ^ 1, Set...>) {
    if constexpr ((C & 1) == 0)
      return _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xFE))), _mm_set1_epi8(c));
    return _mm_setzero_si128();
  } else if constexpr (k_in<C ^ 2, Set...> && !k_in<C ^ 3, Set...>) {
    if constexpr ((C & 2) == 0) return _mm_cmpeq_epi8(v_or2, _mm_set1_epi8(static_cast<char>(C | 2)));
    return _mm_setzero_si128();
  } else {
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
  }
}
}  // namespace detail

namespace detail {
template <unsigned char... Set>
inline unsigned controls_non_ascii_or(__m128i v) noexcept {
  static_assert(((Set > 0x20 && Set < 0x80) && ...));
  const __m128i v_or2 = _mm_or_si128(v, _mm_set1_epi8(2));
  __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x21));  // signed: also every byte >= 0x80
  ((m = _mm_or_si128(m, lanes_of<Set, Set...>(v, v_or2))), ...);
  return static_cast<unsigned>(_mm_movemask_epi8(m));
}
}  // namespace detail

/// Bit k set when byte k of the 16 at p is <= 0x20, >= 0x80 (one signed compare for both) or one
/// of Set (bytes 0x21..0x7F; see detail::lanes_of for the compares).
template <unsigned char... Set>
inline unsigned controls_non_ascii_or(const char* p) noexcept {
  return detail::controls_non_ascii_or<Set...>(detail::load(p));
}

/// Bit k set when byte k of the 16 at p is one of Set (ASCII bytes): no other byte, the non-ASCII
/// ones included (each compare needs the byte's bit 7 clear).
template <unsigned char... Set>
inline unsigned bytes_of(const char* p) noexcept {
  static_assert(((Set < 0x80) && ...));
  const __m128i v = detail::load(p);
  const __m128i v_or2 = _mm_or_si128(v, _mm_set1_epi8(2));
  __m128i m = _mm_setzero_si128();
  ((m = _mm_or_si128(m, detail::lanes_of<Set, Set...>(v, v_or2))), ...);
  return static_cast<unsigned>(_mm_movemask_epi8(m));
}

/// Copies the 16 bytes at s to out; bit k set when byte k is one controls_non_ascii_or<Set...> sets.
template <unsigned char... Set>
inline unsigned copy16_unless(const char* s, char* out) noexcept {
  const __m128i v = detail::load(s);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
  return detail::controls_non_ascii_or<Set...>(v);
}

/// Bit k set when byte k of the 16 at p is not one of [A-Za-z0-9._-].
inline unsigned not_host_bytes(const char* p) noexcept {
  const __m128i v = detail::load(p);
  // x <= limit, unsigned, for x = v - first: first <= v <= first + limit.
  const auto within = [](__m128i x, char limit) {
    return _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(limit)), x);
  };
  const __m128i alpha = within(_mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a')), 25);
  const __m128i digit = within(_mm_sub_epi8(v, _mm_set1_epi8('0')), 9);
  const __m128i marks =
      _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('.')), _mm_cmpeq_epi8(v, _mm_set1_epi8('-'))),
                   _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(alpha, digit), marks))) ^ 0xFFFFu;
}

/// Writes the 16 bytes at s to out with A-Z lowercased.
inline void lower16(const char* s, char* out) noexcept {
  const __m128i v = detail::load(s);
  const __m128i x = _mm_sub_epi8(v, _mm_set1_epi8('A'));
  const __m128i upper = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(25)), x);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                   _mm_add_epi8(v, _mm_and_si128(upper, _mm_set1_epi8(0x20))));
}

/// Whether the 64 bytes at s are all ASCII.
inline bool ascii64(const char* s) noexcept {
  const __m128i any = _mm_or_si128(_mm_or_si128(detail::load(s), detail::load(s + 16)),
                                   _mm_or_si128(detail::load(s + 32), detail::load(s + 48)));
  return _mm_movemask_epi8(any) == 0;
}

}  // namespace irikit::simd::sse2
#endif

#endif  // IRIKIT_SIMD_SSE2_INLINE_H
