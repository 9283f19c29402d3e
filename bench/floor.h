// The floor: the cost of merely looking at the input. Each byte is read once; an ASCII byte is
// classified with one lookup in a 256-entry table, a non-ASCII byte starts a strictly validated
// UTF-8 sequence (RFC 3629 §4). Nothing is skipped in blocks, so a validator that skips runs of
// plain characters several bytes at a time can go below it.
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

// The vector floor (issue 25): the same answer as floor_scan, the ASCII bytes looked at 64 at a time
// (AVX-512BW: one masked load per block, so no byte past the line is read) or 32 at a time (AVX2),
// each block one pair of nibble lookups (the class k_floor_never_in_uri, as the library's scans
// test their classes) and the sign bits. It is the honest limit of a validator over ASCII text:
// a class-membership pass and nothing else. A line with a byte >= 0x80 is validated by floor_scan
// after the vector pass (strict UTF-8 is not a class test), so on non-ASCII text it is no lower
// than the scalar floor.
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

__attribute__((target("avx512f,avx512bw,bmi2"))) inline bool floor_vector64(std::string_view line) noexcept {
  const __m512i rows = _mm512_load_si512(k_floor_rows.data());
  const __m512i high_bits = _mm512_load_si512(k_floor_high_bits.data());
  const __m512i low4 = _mm512_set1_epi8(0x0F);
  std::uint64_t never = 0, non_ascii = 0;
  for (std::size_t base = 0; base < line.size(); base += 64) {
    const std::size_t n = line.size() - base < 64 ? line.size() - base : 64;
    const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
    const __m512i v = _mm512_maskz_loadu_epi8(in, line.data() + base);
    const __m512i row = _mm512_shuffle_epi8(rows, _mm512_and_si512(v, low4));
    const __m512i bit = _mm512_shuffle_epi8(high_bits, _mm512_and_si512(_mm512_srli_epi16(v, 4), low4));
    // Bytes past the line read as 0, which is in the class: only the lanes `in` count.
    never |= _mm512_test_epi8_mask(row, bit) & in;
    non_ascii |= _mm512_movepi8_mask(v);
  }
  if (never != 0) return false;
  return non_ascii == 0 || floor_scan(line);
}

__attribute__((target("avx2"))) inline bool floor_vector32(std::string_view line) noexcept {
  const __m256i rows = _mm256_load_si256(reinterpret_cast<const __m256i*>(k_floor_rows.data()));
  const __m256i high_bits = _mm256_load_si256(reinterpret_cast<const __m256i*>(k_floor_high_bits.data()));
  const __m256i low4 = _mm256_set1_epi8(0x0F);
  std::uint32_t never = 0, non_ascii = 0;
  std::size_t base = 0;
  for (; base + 32 <= line.size(); base += 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(line.data() + base));
    const __m256i row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, low4));
    const __m256i bit = _mm256_shuffle_epi8(high_bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
    never |= ~static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256())));
    non_ascii |= static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
  }
  for (; base < line.size(); ++base) {  // the tail, byte by byte (a load would read past the line)
    const auto b = static_cast<unsigned char>(line[base]);
    never |= k_floor_table[b] & k_floor_never_in_uri;
    non_ascii |= b >> 7;
  }
  if (never != 0) return false;
  return non_ascii == 0 || floor_scan(line);
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
