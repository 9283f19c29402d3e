// SPDX-License-Identifier: MIT OR Apache-2.0
// The floor: the cost of merely looking at the input. Each byte is read once; an ASCII byte is
// classified with one lookup in a 256-entry table, a non-ASCII byte starts a strictly validated
// UTF-8 sequence (RFC 3629 §4). Nothing is skipped in blocks, so a validator that skips runs of
// plain characters several bytes at a time can go below it: the vector floor below does not.
//
// The loop computes something the benchmark checks: a line "passes" when it is valid UTF-8 and has
// no ASCII byte that can never appear in a URI (controls, space, < > " { } | \ ^ `).
#ifndef IRIKIT_BENCH_FLOOR_H
#define IRIKIT_BENCH_FLOOR_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace irikit::bench {

inline constexpr std::uint8_t k_floor_never_in_uri = 1;  // never valid in a URI, even %-encoded

constexpr std::array<std::uint8_t, 256> make_floor_table() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = k_floor_never_in_uri;
  for (char c : std::string_view(" <>\"{}|\\^`\x7f")) t[static_cast<unsigned char>(c)] = k_floor_never_in_uri;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = 2;  // a few more classes, as a real validator has
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = 2;
  for (int c = '0'; c <= '9'; ++c) t[c] = 4;
  return t;
}
inline constexpr std::array<std::uint8_t, 256> k_floor_table = make_floor_table();

/// One pass over `line`; true when it is valid UTF-8 with no byte of k_floor_never_in_uri.
inline bool floor_scan(std::string_view line) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t n = line.size();
  std::uint8_t classes = 0;
  std::size_t i = 0;
  const auto cont = [&](std::size_t k) { return k < n && (p[k] & 0xC0) == 0x80; };
  while (i < n) {
    const unsigned char b = p[i];
    if (b < 0x80) {
      classes |= k_floor_table[b];
      ++i;
      continue;
    }
    // RFC 3629 §4: the second byte's range depends on the first; the rest are 80..BF.
    if (b < 0xC2) return false;
    if (b < 0xE0) {
      if (!cont(i + 1)) return false;
      i += 2;
    } else if (b < 0xF0) {
      const unsigned char lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
      if (i + 1 >= n || p[i + 1] < lo || p[i + 1] > hi || !cont(i + 2)) return false;
      i += 3;
    } else if (b < 0xF5) {
      const unsigned char lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
      if (i + 1 >= n || p[i + 1] < lo || p[i + 1] > hi || !cont(i + 2) || !cont(i + 3)) return false;
      i += 4;
    } else {
      return false;
    }
  }
  return (classes & k_floor_never_in_uri) == 0;
}

// The vector floor (issues 25 and 38): the same answer as floor_scan, with vector instructions
// throughout. The line is read 64 bytes at a time (AVX-512BW: masked loads, so no byte past the line
// is read) or 32 at a time (AVX2). Every block gets one pair of nibble lookups for the class
// k_floor_never_in_uri (as the library's scans test their classes) and its sign bits; a block with
// a byte >= 0x80 (or right after one) is also validated as UTF-8 in vector registers, the
// lookup-table method of Keiser and Lemire ("Validating UTF-8 in less than one instruction per
// byte", 2021), written here from the rules of RFC 3629 §4:
//
// - every byte and the byte before it, as a pair, is looked up by three nibbles (the previous byte's
//   high and low nibble, this byte's high nibble) in three 16-entry tables; each table entry is a set
//   of the pair rules below, and a pair breaks a rule when all three lookups have its bit;
// - a continuation byte after a continuation byte (rule k_utf8_two_conts) is right exactly when the
//   byte two back is a lead of 3 or 4 bytes (>= 0xE0) or the byte three back one of 4 (>= 0xF0):
//   that bit is compared with that test instead of required to be clear;
// - a line may not end inside a character: its last three bytes are looked at once, at the end.
//
// It is the honest limit of a validator over any text: a class test and strict UTF-8, nothing else.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define IRIKIT_BENCH_VECTOR_FLOOR 1

/// The nibble rows of k_floor_never_in_uri's ASCII bytes (bit h of row l: byte 16h + l is in it).
constexpr std::array<std::uint8_t, 64> make_floor_rows() {
  std::array<std::uint8_t, 64> rows{};
  for (int c = 0; c < 0x80; ++c) {
    if ((k_floor_table[c] & k_floor_never_in_uri) == 0) continue;
    for (int lane = 0; lane < 64; lane += 16)
      rows[lane + (c & 15)] |= static_cast<std::uint8_t>(1u << (c >> 4));
  }
  return rows;
}
alignas(64) inline constexpr std::array<std::uint8_t, 64> k_floor_rows = make_floor_rows();
alignas(64) inline constexpr std::array<std::uint8_t, 64> k_floor_high_bits = [] {
  std::array<std::uint8_t, 64> t{};
  for (int lane = 0; lane < 64; lane += 16) {
    for (int h = 0; h < 8; ++h) t[lane + h] = static_cast<std::uint8_t>(1u << h);
  }
  return t;
}();

// The pair rules of RFC 3629 §4 (a byte and the byte before it), one bit each.
inline constexpr std::uint8_t k_utf8_too_short = 1;    // a lead byte, then no continuation byte
inline constexpr std::uint8_t k_utf8_too_long = 2;     // an ASCII byte, then a continuation byte
inline constexpr std::uint8_t k_utf8_overlong_3 = 4;   // E0, then 80..9F (below U+0800)
inline constexpr std::uint8_t k_utf8_too_large = 8;    // F4..FF, then 90..BF (above U+10FFFF)
inline constexpr std::uint8_t k_utf8_surrogate = 16;   // ED, then A0..BF (U+D800..U+DFFF)
inline constexpr std::uint8_t k_utf8_overlong_2 = 32;  // C0 or C1, then a continuation byte
inline constexpr std::uint8_t k_utf8_large_or_4 = 64;  // F0 or F5..FF, then 80..8F
inline constexpr std::uint8_t k_utf8_two_conts = 128;  // a continuation byte, then another

/// One pair rule: the nibbles it holds for (bit n: nibble n) in each of the three lookups.
struct utf8_pair_rule {
  std::uint16_t previous_high, previous_low, high;
  std::uint8_t bit;
};
inline constexpr std::uint16_t k_nibbles_continuation = 0x0F00;  // 8..B
inline constexpr utf8_pair_rule k_utf8_pair_rules[] = {
    {0xF000, 0xFFFF, 0xF0FF, k_utf8_too_short},  // C..F, then 0..7 or C..F
    {0x00FF, 0xFFFF, k_nibbles_continuation, k_utf8_too_long},
    {1u << 0xE, 1u << 0x0, 0x0300, k_utf8_overlong_3},
    {1u << 0xF, 0xFFF0, 0x0E00, k_utf8_too_large},  // F4..FF then 9..B; F5..FF then 8 is the next bit's
    {1u << 0xE, 1u << 0xD, 0x0C00, k_utf8_surrogate},
    {1u << 0xC, 0x0003, k_nibbles_continuation, k_utf8_overlong_2},
    {1u << 0xF, 0xFFE1, 0x0100, k_utf8_large_or_4},  // F0 then 8 (below U+10000), F5..FF then 8
    {k_nibbles_continuation, 0xFFFF, k_nibbles_continuation, k_utf8_two_conts},
};

enum class utf8_lookup { previous_high, previous_low, high };
/// One of the three tables, repeated in each 16-byte lane of a 64-byte register.
constexpr std::array<std::uint8_t, 64> make_utf8_table(utf8_lookup which) {
  std::array<std::uint8_t, 64> t{};
  for (int nibble = 0; nibble < 16; ++nibble) {
    std::uint8_t bits = 0;
    for (const utf8_pair_rule& r : k_utf8_pair_rules) {
      const std::uint16_t set = which == utf8_lookup::previous_high  ? r.previous_high
                                : which == utf8_lookup::previous_low ? r.previous_low
                                                                     : r.high;
      if ((set >> nibble) & 1u) bits |= r.bit;
    }
    for (int lane = 0; lane < 64; lane += 16) t[lane + nibble] = bits;
  }
  return t;
}
alignas(64) inline constexpr auto k_utf8_previous_high = make_utf8_table(utf8_lookup::previous_high);
alignas(64) inline constexpr auto k_utf8_previous_low = make_utf8_table(utf8_lookup::previous_low);
alignas(64) inline constexpr auto k_utf8_high = make_utf8_table(utf8_lookup::high);

/// True when `p[0..n)` ends inside a character (a lead byte without all its continuation bytes).
inline bool utf8_cut_at_end(const unsigned char* p, std::size_t n) noexcept {
  return (n >= 1 && p[n - 1] >= 0xC0) || (n >= 2 && p[n - 2] >= 0xE0) || (n >= 3 && p[n - 3] >= 0xF0);
}

/// The bytes `k` back from those of the block of `n` bytes at `base`, loaded again from the line
/// (masked: no byte before the line or past it is read; those lanes are 0).
__attribute__((target("avx512f,avx512bw,bmi2"))) inline __m512i floor_back64(const unsigned char* p,
                                                                             std::size_t base, std::size_t n,
                                                                             unsigned k) noexcept {
  const std::uint64_t from = base == 0 ? ~std::uint64_t{0} << k : ~std::uint64_t{0};
  const std::size_t up_to = n + k < 64 ? n + k : 64;
  return _mm512_maskz_loadu_epi8(_bzhi_u64(from, static_cast<unsigned>(up_to)), p + base - k);
}

__attribute__((target("avx512f,avx512bw,bmi2"))) inline bool floor_vector64(std::string_view line) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t size = line.size();
  const __m512i rows = _mm512_load_si512(k_floor_rows.data());
  const __m512i high_bits = _mm512_load_si512(k_floor_high_bits.data());
  const __m512i low4 = _mm512_set1_epi8(0x0F);
  std::uint64_t never = 0, bad_utf8 = 0;
  bool non_ascii = false, pending = false;  // pending: the last block ends with a byte >= 0x80
  for (std::size_t base = 0; base < size; base += 64) {
    const std::size_t n = size - base < 64 ? size - base : 64;
    const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
    const __m512i v = _mm512_maskz_loadu_epi8(in, p + base);
    const __m512i row = _mm512_shuffle_epi8(rows, _mm512_and_si512(v, low4));
    const __m512i high = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
    // Bytes past the line read as 0, which is in the class: only the lanes `in` count.
    never |= _mm512_test_epi8_mask(row, _mm512_shuffle_epi8(high_bits, high)) & in;
    const std::uint64_t signs = _mm512_movepi8_mask(v);
    if (signs == 0 && !pending) continue;
    non_ascii = true;
    pending = (signs >> 61) != 0;
    const __m512i prev1 = floor_back64(p, base, n, 1), prev2 = floor_back64(p, base, n, 2),
                  prev3 = floor_back64(p, base, n, 3);
    const __m512i rules = _mm512_and_si512(
        _mm512_and_si512(_mm512_shuffle_epi8(_mm512_load_si512(k_utf8_previous_high.data()),
                                             _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low4)),
                         _mm512_shuffle_epi8(_mm512_load_si512(k_utf8_previous_low.data()),
                                             _mm512_and_si512(prev1, low4))),
        _mm512_shuffle_epi8(_mm512_load_si512(k_utf8_high.data()), high));
    const std::uint64_t third_or_fourth =
        _mm512_cmpge_epu8_mask(prev2, _mm512_set1_epi8(static_cast<char>(0xE0))) |
        _mm512_cmpge_epu8_mask(prev3, _mm512_set1_epi8(static_cast<char>(0xF0)));
    bad_utf8 |=
        _mm512_test_epi8_mask(rules, _mm512_set1_epi8(0x7F)) | (_mm512_movepi8_mask(rules) ^ third_or_fourth);
  }
  if (never != 0) return false;
  return !non_ascii || (bad_utf8 == 0 && !utf8_cut_at_end(p, size));
}

__attribute__((target("avx2"))) inline bool floor_vector32(std::string_view line) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t size = line.size();
  const __m256i rows = _mm256_load_si256(reinterpret_cast<const __m256i*>(k_floor_rows.data()));
  const __m256i high_bits = _mm256_load_si256(reinterpret_cast<const __m256i*>(k_floor_high_bits.data()));
  const __m256i previous_high =
      _mm256_load_si256(reinterpret_cast<const __m256i*>(k_utf8_previous_high.data()));
  const __m256i previous_low =
      _mm256_load_si256(reinterpret_cast<const __m256i*>(k_utf8_previous_low.data()));
  const __m256i this_high = _mm256_load_si256(reinterpret_cast<const __m256i*>(k_utf8_high.data()));
  const __m256i low4 = _mm256_set1_epi8(0x0F);
  __m256i last = _mm256_setzero_si256(), bad_utf8 = _mm256_setzero_si256();
  std::uint32_t never = 0;
  bool non_ascii = false, pending = false;  // pending: the last block ends with a byte >= 0x80
  for (std::size_t base = 0; base < size; base += 32) {
    __m256i v;
    std::uint32_t in = ~std::uint32_t{0};
    if (size - base >= 32) {
      v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + base));
    } else {  // the tail, through a buffer of zeros (a load would read past the line)
      alignas(32) unsigned char tail[32] = {};
      for (std::size_t k = 0; k < size - base; ++k) tail[k] = p[base + k];
      v = _mm256_load_si256(reinterpret_cast<const __m256i*>(tail));
      in = (std::uint32_t{1} << (size - base)) - 1;
    }
    const __m256i row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, low4));
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(v, 4), low4);
    never |= in & ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                      _mm256_and_si256(row, _mm256_shuffle_epi8(high_bits, high)), _mm256_setzero_si256())));
    const auto signs = static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
    if (signs != 0 || pending) {
      non_ascii = true;
      pending = (signs >> 29) != 0;
      // The bytes 1, 2 and 3 back: this block shifted right, the last block's end shifted in.
      const __m256i joined = _mm256_permute2x128_si256(last, v, 0x21);
      const __m256i prev1 = _mm256_alignr_epi8(v, joined, 15);
      const __m256i prev2 = _mm256_alignr_epi8(v, joined, 14);
      const __m256i prev3 = _mm256_alignr_epi8(v, joined, 13);
      const __m256i rules = _mm256_and_si256(
          _mm256_and_si256(
              _mm256_shuffle_epi8(previous_high, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low4)),
              _mm256_shuffle_epi8(previous_low, _mm256_and_si256(prev1, low4))),
          _mm256_shuffle_epi8(this_high, high));
      // 0x80 where the byte two back is >= 0xE0 or the byte three back >= 0xF0.
      const __m256i over =
          _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xDF))),
                          _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xEF))));
      const __m256i third_or_fourth = _mm256_andnot_si256(_mm256_cmpeq_epi8(over, _mm256_setzero_si256()),
                                                          _mm256_set1_epi8(static_cast<char>(0x80)));
      bad_utf8 = _mm256_or_si256(bad_utf8, _mm256_xor_si256(rules, third_or_fourth));
    }
    last = v;
  }
  if (never != 0) return false;
  return !non_ascii || (_mm256_testz_si256(bad_utf8, bad_utf8) && !utf8_cut_at_end(p, size));
}

/// The vector floor this CPU has: 64 bytes at a time with AVX-512BW, else 32 with AVX2.
inline bool floor_vector(std::string_view line) noexcept {
  static const bool wide = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2");
  }();
  return wide ? floor_vector64(line) : floor_vector32(line);
}
#endif

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_FLOOR_H
