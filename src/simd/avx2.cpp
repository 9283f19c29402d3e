// SPDX-License-Identifier: MIT OR Apache-2.0
// The AVX2 scans (32-byte blocks, 16-byte ones for shorter texts), compiled with -mavx2
// (src/CMakeLists.txt); chosen only on a CPU that has AVX2 (dispatch.cpp). The avx512
// implementation uses these scans too. host/'s and lines/'s kernels are the SSE2 ones.
#include <cstddef>
#include <cstring>

#include "simd/kernels.h"
#include "simd/scan_common.h"

#if defined(__AVX2__)
#include <immintrin.h>

namespace irikit::simd {
namespace {

// ---------------------------------------------------------------------------------------------
// The layer of generic/window_scans.h over AVX2. Class membership of any set of ASCII bytes in two
// table lookups (vpshufb): the low nibble of a byte picks a row, an 8-bit mask of the high nibbles
// 0..7 whose byte is a member; the high nibble picks the bit to test in that row (no bit for 8..15,
// so bytes >= 0x80 are never members). vpshufb looks up within each 128-bit lane: tables are
// duplicated. Lane masks are movemask bits (free here: known_all and maybe_any decide nothing).

/// 32-byte blocks.
struct avx2_32 {
  using vec = __m256i;
  static constexpr unsigned width = 32;
  static vec load(const void* p) noexcept { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static vec table(const nibble_rows& rows) noexcept { return load(rows.row.data()); }
  static vec splat(int c) noexcept { return _mm256_set1_epi8(static_cast<char>(c)); }
  static vec AND(vec a, vec b) noexcept { return _mm256_and_si256(a, b); }
  static vec OR(vec a, vec b) noexcept { return _mm256_or_si256(a, b); }
  static vec XOR(vec a, vec b) noexcept { return _mm256_xor_si256(a, b); }
  static vec high_nibble(vec v) noexcept { return AND(_mm256_srli_epi16(v, 4), splat(0x0F)); }
  static vec low_nibble(vec v) noexcept { return AND(v, splat(0x0F)); }
  static vec lookup(vec table, vec index) noexcept { return _mm256_shuffle_epi8(table, index); }
  static vec subs(vec v, int c) noexcept { return _mm256_subs_epu8(v, splat(c)); }
  static vec sub(vec v, int c) noexcept { return _mm256_sub_epi8(v, splat(c)); }
  static vec eq_bytes(vec v, int c) noexcept { return _mm256_cmpeq_epi8(v, splat(c)); }
  static vec le(vec v, int c) noexcept { return _mm256_cmpeq_epi8(_mm256_min_epu8(v, splat(c)), v); }
  static bool any(vec v) noexcept { return !_mm256_testz_si256(v, v); }
  static std::uint32_t nonzero_bits(vec v) noexcept {
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256())));
  }
  /// v with lanes 0 .. count - 1 zeroed (count <= 35).
  static vec clear_below(vec v, int count) noexcept {
    const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                          19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    return _mm256_andnot_si256(_mm256_cmpgt_epi8(splat(count), lane), v);
  }
  template <int D>
  static vec after_zeros(vec v) noexcept {
    const __m256i low_high = _mm256_permute2x128_si256(v, v, 0x08);  // [zeros | low half of v]
    return _mm256_alignr_epi8(v, low_high, 16 - D);
  }

  using mask = std::uint32_t;
  static mask members(vec v, vec rows, vec high_bits) noexcept {
    const vec absent = _mm256_cmpeq_epi8(AND(lookup(rows, low_nibble(v)), lookup(high_bits, high_nibble(v))),
                                         _mm256_setzero_si256());
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(absent));
  }
  static mask eq(vec v, int c) noexcept {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(eq_bytes(v, c)));
  }
  static mask non_ascii(vec v) noexcept { return static_cast<std::uint32_t>(_mm256_movemask_epi8(v)); }
  static mask either(mask a, mask b) noexcept { return a | b; }
  static std::uint32_t bits(mask m) noexcept { return m; }
  static constexpr bool known_all(mask) noexcept { return false; }
  static constexpr bool maybe_any(mask) noexcept { return true; }
  static bool any_non_ascii(vec v) noexcept { return _mm256_movemask_epi8(v) != 0; }
};

/// 16-byte blocks (the VEX form of pshufb), for texts of 16 to 31 bytes: the block scans only.
struct avx2_16 {
  using vec = __m128i;
  static constexpr unsigned width = 16;
  static vec load(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static vec table(const nibble_rows& rows) noexcept { return load(rows.row.data()); }

  using mask = std::uint32_t;
  static mask members(vec v, vec rows, vec high_bits) noexcept {
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
    const __m128i bit = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    const __m128i absent = _mm_cmpeq_epi8(_mm_and_si128(row, bit), _mm_setzero_si128());
    return ~static_cast<std::uint32_t>(_mm_movemask_epi8(absent)) & 0xFFFFu;
  }
  static mask eq(vec v, int c) noexcept {
    return static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(c)))));
  }
  static mask non_ascii(vec v) noexcept { return static_cast<std::uint32_t>(_mm_movemask_epi8(v)); }
  static mask either(mask a, mask b) noexcept { return a | b; }
  static std::uint32_t bits(mask m) noexcept { return m; }
  static constexpr bool known_all(mask) noexcept { return false; }
  static constexpr bool maybe_any(mask) noexcept { return true; }
};

#include "simd/generic/window_scans.h"  // NOLINT(bugprone-suspicious-include): instantiated here

// 32-byte blocks when the text has them, 16-byte blocks for 16..31 bytes, a padded 16-byte block
// below that.
std::size_t skip_avx2(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  if (size >= 32) return skip_blocks<avx2_32>(s, i, to, size, set);
  if (size >= 16) return skip_blocks<avx2_16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return skip_blocks<avx2_16>(p, i, to, 16, set); });
}

std::size_t find_avx2(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  if (size >= 32) return find_blocks<avx2_32>(s, i, to, size, set);
  if (size >= 16) return find_blocks<avx2_16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return find_blocks<avx2_16>(p, i, to, 16, set); });
}

constexpr kernels k_avx2{
    "avx2",  skip_avx2, skip_iri<avx2_32, skip_avx2>, find_avx2,       classify_windows<avx2_32>,
    nullptr, nullptr,   sse2::lower_short_host,       sse2::newlines64};

}  // namespace

const kernels* avx2_kernels() noexcept { return &k_avx2; }

}  // namespace irikit::simd
#else
const irikit::simd::kernels* irikit::simd::avx2_kernels() noexcept { return nullptr; }
#endif
