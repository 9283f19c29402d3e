// SPDX-License-Identifier: MIT OR Apache-2.0
// The SSE2 kernels (16-byte blocks; the x86-64 baseline), compiled with -msse2 (src/CMakeLists.txt):
// the block scans (classify_text is the scalar one), host/'s short names, lines/'s line ends.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "simd/kernels.h"
#include "simd/scan_common.h"

#if defined(__SSE2__)
#include <emmintrin.h>

namespace irikit::simd {
namespace {

// ---------------------------------------------------------------------------------------------
// SSE2 (16-byte blocks). SSE2 has no byte shuffle, so a class is tested as a union of byte ranges
// [lo, hi], each two signed compares (or one compare for a single byte). Every class member lies
// in 0x21..0x7E, so bytes >= 0x80 (negative as signed bytes) fall outside every range.

struct byte_ranges {
  int count = 0;
  std::array<int, 24> lo{}, hi{};
};
constexpr byte_ranges ranges_of(const byte_set& b) {
  byte_ranges r;
  for (int c = 0; c < 128; ++c) {
    if (!b[c]) continue;
    if (r.count > 0 && r.hi[r.count - 1] == c - 1) {
      r.hi[r.count - 1] = c;
    } else {
      r.lo[r.count] = r.hi[r.count] = c;
      ++r.count;
    }
  }
  return r;
}

template <const byte_ranges& R, std::size_t... K>
inline __m128i sse2_in_ranges(__m128i v, std::index_sequence<K...>) noexcept {
  static_assert(((R.lo[K] > 0 && R.hi[K] < 0x7F) && ...), "ranges must avoid 0x00 and 0x7F..0xFF");
  __m128i acc = _mm_setzero_si128();
  // Unrolled at compile time: one compare per single byte, two per range.
  ((acc = _mm_or_si128(
        acc, R.lo[K] == R.hi[K]
                 ? _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(R.lo[K])))
                 : _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(R.lo[K] - 1))),
                                 _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(R.hi[K] + 1)))))),
   ...);
  return acc;
}

template <const byte_ranges& R>
inline std::uint32_t sse2_members(__m128i v) noexcept {
  return static_cast<std::uint32_t>(
      _mm_movemask_epi8(sse2_in_ranges<R>(v, std::make_index_sequence<R.count>{})));
}

template <plain_set P>
inline constexpr byte_ranges k_plain_ranges = ranges_of(set_of_mask(mask_of(P)));
inline constexpr byte_ranges k_hex_ranges = ranges_of(set_of_mask(k_hexdig));
template <stop_set S>
inline constexpr byte_ranges k_stop_ranges = ranges_of(set_of_chars(chars_of(S)));

template <plain_set P>
std::size_t skip_sse2_as(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         bool any_non_ascii) noexcept {
  if (size < 16) {
    return with_padding<16>(s, size,
                            [&](const char* p) { return skip_sse2_as<P>(p, i, to, 16, any_non_ascii); });
  }
  while (i < to) {
    // A window of 16 bytes at `base`, never past the end of the text: near the end the window
    // slides back and re-reads bytes before i, which `valid` masks out.
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + base));
    std::uint32_t member = sse2_members<k_plain_ranges<P>>(v);
    if (any_non_ascii) member |= static_cast<std::uint32_t>(_mm_movemask_epi8(v));
    const std::uint32_t pct =
        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
    const std::uint32_t bad = not_plain(member, pct, sse2_members<k_hex_ranges>(v), valid);
    if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));  // one past the highest valid bit
  }
  return to;
}

template <stop_set S>
std::size_t find_sse2_as(const char* s, std::size_t i, std::size_t to, std::size_t size) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return find_sse2_as<S>(p, i, to, 16); });
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + base));
    const std::uint32_t hit = sse2_members<k_stop_ranges<S>>(v) & valid;
    if (hit != 0) return base + static_cast<std::size_t>(__builtin_ctz(hit));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

std::size_t skip_sse2(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  const bool any_non_ascii = takes_non_ascii(set);
  switch (base_of(set)) {
    case plain_set::path:
      return skip_sse2_as<plain_set::path>(s, i, to, size, any_non_ascii);
    case plain_set::query:
      return skip_sse2_as<plain_set::query>(s, i, to, size, any_non_ascii);
    case plain_set::userinfo:
      return skip_sse2_as<plain_set::userinfo>(s, i, to, size, any_non_ascii);
    case plain_set::reg_name:
    default:  // base_of gives one of the four
      return skip_sse2_as<plain_set::reg_name>(s, i, to, size, any_non_ascii);
  }
}

std::size_t find_sse2(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  return set == stop_set::authority_end ? find_sse2_as<stop_set::authority_end>(s, i, to, size)
                                        : find_sse2_as<stop_set::scheme_colon>(s, i, to, size);
}

}  // namespace

/// host/'s short names: copied into a zeroed 64-byte block, classified 16 bytes at a time.
host_masks sse2::lower_short_host(const char* s, std::size_t n, char* out) noexcept {
  alignas(16) char block[64] = {};
  std::memcpy(block, s, n);
  host_masks m{0, 0, 0};
  const int blocks = static_cast<int>((n + 15) / 16);
  for (int k = 0; k < blocks; ++k) {
    __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(block + 16 * k));
    const auto in = [&v](char lo, char hi) {  // lo <= byte <= hi, for bytes below 0x80
      return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(lo - 1))),
                           _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(hi + 1))));
    };
    const __m128i upper = in('A', 'Z');
    const __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
    const __m128i hyphen = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
    const __m128i ok = _mm_or_si128(_mm_or_si128(in('a', 'z'), in('0', '9')),
                                    _mm_or_si128(upper, _mm_or_si128(dot, hyphen)));
    v = _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20)));  // A-Z → a-z
    _mm_store_si128(reinterpret_cast<__m128i*>(block + 16 * k), v);
    const auto bits = [k](__m128i mask) {
      return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(mask))) << (16 * k);
    };
    m.allowed |= bits(ok);
    m.dots |= bits(dot);
    m.hyphens |= bits(hyphen);
  }
  std::memcpy(out, block, n);
  return m;
}

/// lines/'s line ends, four 16-byte compares.
std::uint64_t sse2::newlines64(const char* p) noexcept {
  std::uint64_t m = 0;
  for (int k = 0; k < 4; ++k) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    m |= static_cast<std::uint64_t>(
             static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8('\n')))))
         << (16 * k);
  }
  return m;
}

namespace {
constexpr kernels k_sse2{
    "sse2",  skip_sse2, skip_iri_generic<skip_sse2>, find_sse2,       scalar_classify_text,
    nullptr, nullptr,   sse2::lower_short_host,      sse2::newlines64};
}  // namespace

const kernels* sse2_kernels() noexcept { return &k_sse2; }

}  // namespace irikit::simd
#else
const irikit::simd::kernels* irikit::simd::sse2_kernels() noexcept { return nullptr; }
#endif
