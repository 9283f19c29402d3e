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
// AVX2 (32-byte blocks). Class membership of any set of ASCII bytes in two table lookups
// (vpshufb): the low nibble of a byte picks a row, an 8-bit mask of the high nibbles 0..7 whose
// byte is a member; the high nibble picks the bit to test in that row (no bit for 8..15, so bytes
// >= 0x80 are never members). vpshufb looks up within each 128-bit lane: tables are duplicated.

inline __m256i load32(const void* p) noexcept { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
inline __m128i load16(const void* p) noexcept { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }

template <unsigned W>
inline auto load_block(const void* p) noexcept {
  if constexpr (W == 32) {
    return load32(p);
  } else {
    return load16(p);
  }
}

/// Bit k set when byte k of `v` is in the set whose rows are `rows` (32-byte block).
inline std::uint32_t avx2_members(__m256i v, __m256i rows, __m256i high_bits) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, nibble));
  const __m256i bit = _mm256_shuffle_epi8(high_bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  const __m256i absent = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
  return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(absent));
}

/// The same over a 16-byte block (the VEX form of pshufb), for texts shorter than 32 bytes.
inline std::uint32_t avx2_members(__m128i v, __m128i rows, __m128i high_bits) noexcept {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
  const __m128i bit = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i absent = _mm_cmpeq_epi8(_mm_and_si128(row, bit), _mm_setzero_si128());
  return ~static_cast<std::uint32_t>(_mm_movemask_epi8(absent)) & 0xFFFFu;
}

/// skip_plain over blocks of W = 32 or 16 bytes; size >= W.
template <unsigned W>
std::size_t skip_avx2_blocks(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             plain_set set) noexcept {
  using vec = decltype(load_block<W>(s));
  const vec rows = load_block<W>(&k_plain_rows[static_cast<int>(base_of(set))]);
  const bool any_non_ascii = takes_non_ascii(set);
  const vec hex_rows = load_block<W>(&k_hex_rows);
  const vec high_bits = load_block<W>(&k_high_bits);
  while (i < to) {
    // A window of W bytes at `base`, never past the end of the text (see skip_sse2_as).
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const vec v = load_block<W>(s + base);
    std::uint32_t pct;
    if constexpr (W == 32) {
      pct = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('%'))));
    } else {
      pct = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
    }
    std::uint32_t member = avx2_members(v, rows, high_bits);
    if (any_non_ascii) {
      if constexpr (W == 32) {
        member |= static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
      } else {
        member |= static_cast<std::uint32_t>(_mm_movemask_epi8(v));
      }
    }
    const std::uint32_t bad = not_plain(member, pct, avx2_members(v, hex_rows, high_bits), valid);
    if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

template <unsigned W>
std::size_t find_avx2_blocks(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             stop_set set) noexcept {
  using vec = decltype(load_block<W>(s));
  const vec rows = load_block<W>(&k_stop_rows[static_cast<int>(set)]);
  const vec high_bits = load_block<W>(&k_high_bits);
  while (i < to) {
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const std::uint32_t hit = avx2_members(load_block<W>(s + base), rows, high_bits) & valid;
    if (hit != 0) return base + static_cast<std::size_t>(__builtin_ctz(hit));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

// 32-byte blocks when the text has them, 16-byte blocks for 16..31 bytes, a padded 16-byte block
// below that.
std::size_t skip_avx2(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  if (size >= 32) return skip_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return skip_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return skip_avx2_blocks<16>(p, i, to, 16, set); });
}

#define inline inline
inline __m256i splat(int c) noexcept { return _mm256_set1_epi8(static_cast<char>(c)); }
inline __m256i eq(__m256i x, int c) noexcept { return _mm256_cmpeq_epi8(x, splat(c)); }
inline __m256i AND(__m256i a, __m256i b) noexcept { return _mm256_and_si256(a, b); }
inline __m256i OR(__m256i a, __m256i b) noexcept { return _mm256_or_si256(a, b); }
/// Lanes 0 .. count - 1 set (count <= 35).
inline __m256i lanes_below(int count) noexcept {
  const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  return _mm256_cmpgt_epi8(splat(count), lane);
}
inline __m256i apply(const pair_tables& t, __m256i high1, __m256i low1, __m256i high) noexcept {
  return AND(AND(_mm256_shuffle_epi8(load32(&t.before_high), high1),
                 _mm256_shuffle_epi8(load32(&t.before_low), low1)),
             _mm256_shuffle_epi8(load32(&t.high), high));
}

/// Bit k set when byte k of the window v = s[base, base + 32) stops skip_plain_iri for a UTF-8 or
/// IRI reason; p1, p2, p3 are the windows one, two and three bytes earlier (bytes before the scan's
/// start read as 0).
inline std::uint32_t utf8_iri_bad(__m256i v, __m256i p1, __m256i p2, __m256i p3) noexcept {
  const __m256i low4 = splat(0x0F);
  const __m256i high1 = AND(_mm256_srli_epi16(p1, 4), low4), low1 = AND(p1, low4);
  const __m256i high = AND(_mm256_srli_epi16(v, 4), low4);
  const __m256i direct = apply(k_direct_tables, high1, low1, high);
  const __m256i conditional = apply(k_conditional_tables, high1, low1, high);
  // Bit 7: a continuation byte is due here (a lead E0..FF two bytes back, or F0..FF three back).
  const __m256i due = OR(_mm256_subs_epu8(p2, splat(0xE0 - 0x80)), _mm256_subs_epu8(p3, splat(0xF0 - 0x80)));
  __m256i bad =
      OR(direct, OR(AND(conditional, splat(0x07)), AND(_mm256_xor_si256(conditional, due), splat(0x80))));
  const __m256i ef = eq(p2, 0xEF), e2 = eq(p2, 0xE2), f0 = eq(p3, 0xF0);
  const __m256i rare_lead = OR(OR(ef, e2), f0);
  if (!_mm256_testz_si256(rare_lead, rare_lead)) {
    __m256i when = AND(OR(ef, f0), splat(k_cond_ef_or_f0));
    when = OR(when, AND(ef, splat(k_cond_ef)));
    // E2 80..81 8E/8F/A6..AE: U+200E, U+200F, U+2026..U+202E, U+204E, U+204F, U+2066..U+206E.
    const __m256i from_a6 = _mm256_sub_epi8(v, splat(0xA6));
    const __m256i e2_tail =
        OR(eq(AND(v, splat(0xFE)), 0x8E), _mm256_cmpeq_epi8(_mm256_min_epu8(from_a6, splat(8)), from_a6));
    when = OR(when, AND(AND(e2, e2_tail), splat(k_cond_e2)));
    bad = OR(bad, AND(conditional, when));
  }
  return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(bad, _mm256_setzero_si256())));
}

/// skip_plain_iri, 32 bytes at a time. Per window: the ASCII bytes as in skip_avx2_blocks; the
/// non-ASCII bytes by the pair rules (utf8_iri_bad) over the window and the three bytes before it,
/// loaded from s + base - 1, -2, -3 (bytes before `from` read as 0, so a text that starts inside a
/// character stops at once). The first bad byte may be inside a character: the scan then stops at
/// that character's start.
[[gnu::noinline]] std::size_t skip_iri_avx2_windows(const char* s, std::size_t from, std::size_t to,
                                                    std::size_t size, plain_set set) noexcept {
  if (size < 35 || from < 3) return skip_iri_generic<skip_avx2>(s, from, to, size, set);
  const __m256i rows = load32(&k_plain_rows[static_cast<int>(base_of(set))]);
  const __m256i hex_rows = load32(&k_hex_rows);
  const __m256i high_bits = load32(&k_high_bits);
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  std::size_t i = from;
  while (i < to) {
    const std::size_t base = i + 32 <= size ? i : size - 32;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 32 ? to - base : 32));
    const __m256i v = load32(s + base);
    const auto pct = static_cast<std::uint32_t>(_mm256_movemask_epi8(eq(v, '%')));
    const auto non_ascii = static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
    const std::uint32_t ascii_bad =
        not_plain(avx2_members(v, rows, high_bits), pct, avx2_members(v, hex_rows, high_bits), valid) &
        ~non_ascii;
    // An ASCII window after a complete character: only the ASCII rules apply.
    if (non_ascii == 0 && (base < from + 1 || u[base - 1] < 0xC0) &&
        (base < from + 2 || u[base - 2] < 0xE0) && (base < from + 3 || u[base - 3] < 0xF0)) {
      if (ascii_bad != 0)
        return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(ascii_bad)));
      i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
      continue;
    }
    __m256i p1 = load32(s + base - 1), p2 = load32(s + base - 2), p3 = load32(s + base - 3);
    if (base < from + 3) {
      // Bytes before `from` are no context: they read as 0. Lane k of p_d holds byte base + k - d,
      // which lies before `from` when k < from - base + d (base may be up to 2 bytes after `from`).
      const auto n = static_cast<std::ptrdiff_t>(from) - static_cast<std::ptrdiff_t>(base);
      const auto before = [n](std::ptrdiff_t d) { return static_cast<int>(n + d < 0 ? 0 : n + d); };
      p1 = _mm256_andnot_si256(lanes_below(before(1)), p1);
      p2 = _mm256_andnot_si256(lanes_below(before(2)), p2);
      p3 = _mm256_andnot_si256(lanes_below(before(3)), p3);
    }
    const std::uint32_t bad = (ascii_bad | utf8_iri_bad(v, p1, p2, p3)) & valid;
    if (bad != 0)
      return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(bad)));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return back_to_character_start(s, from, to);
}

/// ASCII first, exactly as skip_plain (the common case, at its cost); the window loop above only
/// from the first non-ASCII byte on (a character boundary: everything before it is ASCII).
std::size_t skip_iri_avx2(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          plain_set set) noexcept {
  const std::size_t i = skip_avx2(s, from, to, size, set);
  if (i >= to || static_cast<unsigned char>(s[i]) < 0x80) return i;
  return skip_iri_avx2_windows(s, i, to, size, set);
}

/// classify_text, 32 bytes at a time: an ASCII window after an ASCII window costs a test; the
/// others the pair rules. A window at 0 takes its "bytes before" from itself shifted (zeros before
/// the text); the others from unaligned loads. Windows may start before `from` (ASCII).
text_kind classify_avx2(const char* s, std::size_t from, std::size_t size) noexcept {
  // Windows need the three bytes before them: a text under 35 bytes is classified in a copy padded
  // with zeros (ASCII; a character they cut is not plain).
  if (size < 35) {
    alignas(32) char block[64] = {};
    std::memcpy(block, s, size);
    return classify_avx2(block, from, 64);
  }
  bool seen = false, previous = false;  // non-ASCII anywhere so far, in the previous window
  std::size_t base = from + 32 <= size ? from : size - 32;  // size >= 35: a later window has base >= 3
  if (base < 3) base = 0;
  for (;;) {
    const __m256i v = load32(s + base);
    const bool here = _mm256_movemask_epi8(v) != 0;
    if (here || previous) {
      seen = true;
      __m256i p1, p2, p3;
      if (base == 0) {
        const __m256i low_high = _mm256_permute2x128_si256(v, v, 0x08);  // [zeros | low half of v]
        p1 = _mm256_alignr_epi8(v, low_high, 15);
        p2 = _mm256_alignr_epi8(v, low_high, 14);
        p3 = _mm256_alignr_epi8(v, low_high, 13);
      } else {
        p1 = load32(s + base - 1);
        p2 = load32(s + base - 2);
        p3 = load32(s + base - 3);
      }
      if (utf8_iri_bad(v, p1, p2, p3) != 0) return text_kind::other;
    }
    previous = here;
    if (base + 32 >= size) break;
    base = base + 64 <= size ? base + 32 : size - 32;
  }
  // A character cut by the end of the text.
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  if (cut_at(u + size, size)) return text_kind::other;
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}

std::size_t find_avx2(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  if (size >= 32) return find_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return find_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return find_avx2_blocks<16>(p, i, to, 16, set); });
}

constexpr kernels k_avx2{"avx2",  skip_avx2, skip_iri_avx2,          find_avx2,       classify_avx2,
                         nullptr, nullptr,   sse2::lower_short_host, sse2::newlines64};

}  // namespace

const kernels* avx2_kernels() noexcept { return &k_avx2; }

}  // namespace irikit::simd
#else
const irikit::simd::kernels* irikit::simd::avx2_kernels() noexcept { return nullptr; }
#endif
