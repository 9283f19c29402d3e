// SPDX-License-Identifier: MIT OR Apache-2.0
// Block scanning (see char_scan.h). Every implementation answers exactly like skip_scalar /
// find_scalar below, which are the definition; the vector versions only look at more bytes per step.
#include "grammar/char_scan.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "grammar/char_class.h"
#include "grammar/chunk_masks.h"
#include "irikit/version.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define IRIKIT_SCAN_SSE2 1
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define IRIKIT_SCAN_AVX2 1  // compiled with target("avx2"), used only when the CPU has it
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define IRIKIT_SCAN_NEON 1  // Advanced SIMD is part of every AArch64 CPU
#endif

namespace irikit::grammar {
namespace {

/// The set without its "any non-ASCII" flag, and the flag.
constexpr plain_set base_of(plain_set p) noexcept {
  return static_cast<plain_set>(static_cast<std::uint8_t>(p) & 3u);
}
constexpr bool takes_non_ascii(plain_set p) noexcept { return (static_cast<std::uint8_t>(p) & 4u) != 0; }

constexpr char_mask mask_of(plain_set p) noexcept {
  switch (base_of(p)) {
    case plain_set::path:
      return k_path;
    case plain_set::query:
      return k_query;
    case plain_set::userinfo:
      return k_userinfo;
    case plain_set::reg_name:
      return k_reg_name;
    default:  // the any_non_ascii sets, which base_of never returns
      return 0;
  }
}

constexpr std::string_view chars_of(stop_set s) noexcept {
  return s == stop_set::authority_end ? std::string_view("/?#") : std::string_view(":/?#");
}

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

// The non-ASCII characters skip_plain_iri skips, by their UTF-8 bytes (RFC 3629 §4 for the
// well-formed sequences, RFC 3987 §2.2 ucschar and §4.1 for the code points). Rare characters are
// left out wholesale where that keeps the rules simple for the block versions (pair rules, below);
// the parser's own decoding then decides them one by one.
//   C2 A0..BF, C3..DF 80..BF     U+00A0..U+07FF, but not D8 90..9F (U+0610..U+061F: among them
//                                U+061C ARABIC LETTER MARK)
//   E0 A0..BF 80..BF             U+0800..U+0FFF
//   E1..EC 80..BF 80..BF         U+1000..U+CFFF, but not E2 80..81 8E/8F/A6..AE (U+200E, U+200F,
//                                U+2026..U+202E, U+204E, U+204F, U+2066..U+206E: among them the
//                                bidi formatting characters)
//   ED 80..9F 80..BF             U+D000..U+D7FF (ED A0..BF would be a surrogate)
//   EF B0..BF 80..BF             U+FC00..U+FFFF (EF 80..AF, U+F000..U+FBFF, is left out: private
//                                use up to U+F8FF, then rare compatibility forms), but not
//                                EF B7 90..AF (U+FDD0..U+FDEF) and EF BF B0..BF (U+FFF0..U+FFFF)
//   F0 90..BF 80..BF 80..BF      U+10000..U+3FFFF, but not F0 x BF B0..BF (U+xxFF0..U+xxFFF, among
//                                them the noncharacters U+1FFFE..U+3FFFF)
// Everything else non-ASCII (EE, F1..F4, malformed sequences) stops the scan.
inline bool is_cont(unsigned char b) noexcept { return (b & 0xC0) == 0x80; }

std::size_t ucschar_length(const unsigned char* p, std::size_t i, std::size_t to) noexcept {
  const unsigned char b0 = p[i];
  if (b0 < 0xC2 || i + 1 >= to || !is_cont(p[i + 1])) return 0;
  const unsigned char b1 = p[i + 1];
  if (b0 <= 0xDF) return (b0 == 0xC2 && b1 < 0xA0) || (b0 == 0xD8 && (b1 & 0xF0) == 0x90) ? 0 : 2;
  if (i + 2 >= to || !is_cont(p[i + 2])) return 0;
  const unsigned char b2 = p[i + 2];
  if (b0 <= 0xEF) {
    switch (b0) {
      case 0xE0:
        return b1 >= 0xA0 ? 3 : 0;
      case 0xE2:
        return (b1 == 0x80 || b1 == 0x81) && ((b2 & 0xFE) == 0x8E || (b2 >= 0xA6 && b2 <= 0xAE)) ? 0 : 3;
      case 0xED:
        return b1 < 0xA0 ? 3 : 0;
      case 0xEE:
        return 0;
      case 0xEF:
        if (b1 < 0xB0 || (b1 == 0xB7 && b2 >= 0x90 && b2 <= 0xAF) || (b1 == 0xBF && b2 >= 0xB0)) return 0;
        return 3;
      default:
        return 3;
    }
  }
  if (b0 != 0xF0 || b1 < 0x90 || i + 3 >= to || !is_cont(p[i + 3])) return 0;
  return b2 == 0xBF && p[i + 3] >= 0xB0 ? 0 : 4;
}

using skip_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;

/// skip_plain_iri on top of any skip_plain: the definition, and the implementation for SSE2 and
/// the scalar fallback.
template <skip_fn Skip>
std::size_t skip_iri_generic(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             plain_set set) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s);
  for (;;) {
    i = Skip(s, i, to, size, set);
    if (i >= to) return i;
    const std::size_t length = ucschar_length(p, i, to);
    if (length == 0) return i;
    i += length;
  }
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

// ---------------------------------------------------------------------------------------------
// What the vector versions share: per block, three bit masks over the bytes of a window
// (bit k = byte k): `member` (in the class), `pct` ("%"), `hex` (HEXDIG). A "%" is plain when the
// next two bytes are hex digits inside the range being scanned; anything else outside the class
// stops the scan.

/// Bits [lo, hi) of a 32-bit word; lo < hi <= 32.
constexpr std::uint32_t bit_range(unsigned lo, unsigned hi) noexcept {
  const std::uint32_t below_hi = hi >= 32 ? ~0u : (1u << hi) - 1;
  return below_hi & ~((1u << lo) - 1);
}

/// The bits of `valid` whose byte is not plain.
constexpr std::uint32_t not_plain(std::uint32_t member, std::uint32_t pct, std::uint32_t hex,
                                  std::uint32_t valid) noexcept {
  hex &= valid;  // a hex digit past the end of the range does not complete a "%"
  const std::uint32_t pct_ok = pct & (hex >> 1) & (hex >> 2);
  return ~(member | pct_ok) & valid;
}

/// A text shorter than one block is copied into a zero-padded block, so that the block code never
/// reads past its end; offsets are unchanged and the padding lies beyond `to`.
template <std::size_t Width, class F>
inline std::size_t with_padding(const char* s, std::size_t size, F&& scan) noexcept {
  alignas(32) char block[Width] = {};
  std::memcpy(block, s, size);
  return scan(block);
}

// The ASCII members of a class as bytes 0..127 (bytes >= 0x80 are never members).
using byte_set = std::array<bool, 128>;
constexpr byte_set set_of_mask(char_mask m) {
  byte_set b{};
  for (int c = 0; c < 128; ++c) b[c] = (k_char_table[c] & m) != 0;
  return b;
}
constexpr byte_set set_of_chars(std::string_view chars) {
  byte_set b{};
  for (char c : chars) b[static_cast<unsigned char>(c)] = true;
  return b;
}

// ---------------------------------------------------------------------------------------------
// What the table-lookup implementations share (AVX2, AVX-512, NEON): the classes as nibble tables,
// and the pair rules of the non-ASCII bytes.

using chunks::cut_at;
using chunks::nibble_rows;
constexpr nibble_rows rows_of(const byte_set& b) {
  nibble_rows t;
  for (int c = 0; c < 128; ++c) {
    if (!b[c]) continue;
    t.row[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4));
    t.row[16 + (c & 15)] |= static_cast<std::uint8_t>(1u << (c >> 4));
  }
  return t;
}
inline constexpr nibble_rows k_high_bits{{1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                          1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0}};
inline constexpr nibble_rows k_plain_rows[] = {
    rows_of(set_of_mask(mask_of(plain_set::path))), rows_of(set_of_mask(mask_of(plain_set::query))),
    rows_of(set_of_mask(mask_of(plain_set::userinfo))), rows_of(set_of_mask(mask_of(plain_set::reg_name)))};
inline constexpr nibble_rows k_hex_rows = rows_of(set_of_mask(k_hexdig));
inline constexpr nibble_rows k_stop_rows[] = {rows_of(set_of_chars(chars_of(stop_set::authority_end))),
                                              rows_of(set_of_chars(chars_of(stop_set::scheme_colon)))};

/// The start of the character that contains the byte before `r`, when that character does not end
/// before `r` (it is cut by `r`); else `r`. Only bytes in [from, r) are looked at.
inline std::size_t back_to_character_start(const char* s, std::size_t from, std::size_t r) noexcept {
  for (std::size_t k = 1; k <= 3 && r >= from + k; ++k) {
    const auto b = static_cast<unsigned char>(s[r - k]);
    if (b < 0x80) break;
    if (b >= 0xC0) {
      const std::size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
      return k < length ? r - k : r;
    }
  }
  return r;
}

// Which non-ASCII bytes stop skip_plain_iri, decided over pairs of bytes (the byte before, this
// byte) as in Keiser and Lemire's UTF-8 validation ("Validating UTF-8 In Less Than One Instruction
// Per Byte", 2021): every rule below is a product of three sets of nibbles — the high and the low
// nibble of the byte before, the high nibble of this byte — so three table lookups and two ANDs
// evaluate all the rules of a table at once, one bit per rule. The rules are the definition of
// ucschar_length above, byte by byte.
struct pair_rule {
  std::uint16_t before_high, before_low, high;  // bit n: nibble n is in the set
};
constexpr std::uint16_t nibbles(unsigned lo, unsigned hi) noexcept {
  return static_cast<std::uint16_t>(((1u << (hi + 1)) - 1) & ~((1u << lo) - 1));
}
constexpr std::uint16_t k_any = 0xFFFF, k_cont = nibbles(8, 11);

// Table 1: each rule is an error by itself.
constexpr pair_rule k_direct_rules[8] = {
    {nibbles(12, 15), k_any, static_cast<std::uint16_t>(~k_cont)},  // a lead without a continuation
    {nibbles(0, 7), k_any, k_cont},                                 // a continuation after ASCII
    {nibbles(12, 12), nibbles(0, 1), k_cont},                       // C0, C1: overlong
    {nibbles(12, 12), nibbles(2, 2), nibbles(8, 9)},                // C2 80..9F: U+0080..U+009F
    {nibbles(14, 14), nibbles(0, 0), nibbles(8, 9)},                // E0 80..9F: overlong
    {nibbles(14, 14), nibbles(13, 13), nibbles(10, 11)},            // ED A0..BF: surrogates
    {nibbles(14, 14), nibbles(14, 14), k_cont},                     // EE: U+E000..U+EFFF
    {nibbles(14, 14), nibbles(15, 15), nibbles(8, 10)},             // EF 80..AF: U+F000..U+FBFF
};
// Table 2: bits 0-2 are errors; bits 3-5 only under the condition named (checked with compares,
// only in the windows where a lead E2, EF or F0 is there to meet one); bit 7 is "a continuation
// after a continuation", right exactly where a lead two or three bytes back calls for one.
using chunks::k_cond_e2, chunks::k_cond_ef, chunks::k_cond_ef_or_f0;
constexpr pair_rule k_conditional_rules[8] = {
    {nibbles(15, 15), nibbles(0, 0), nibbles(8, 8)},                     // F0 80..8F: overlong
    {nibbles(15, 15), nibbles(1, 15), k_cont},                           // F1..FF: plane 4 and above
    {nibbles(13, 13), nibbles(8, 8), nibbles(9, 9)},                     // D8 9x: U+0610..U+061F
    {nibbles(11, 11), nibbles(15, 15), nibbles(11, 11)},                 // (EF | F0 x) BF Bx: U+xFF0..xFFF
    {nibbles(11, 11), nibbles(7, 7), nibbles(9, 10)},                    // EF B7 90..AF: U+FDD0..U+FDEF
    {nibbles(8, 8), nibbles(0, 1), static_cast<std::uint16_t>(0x0500)},  // E2 80/81 8E/8F/A6..AE (see below)
    {0, 0, 0},
    {k_cont, k_any, k_cont},  // continuation after continuation
};

using chunks::pair_tables;
constexpr pair_tables tables_of(const pair_rule (&rules)[8]) {
  pair_tables t;
  for (unsigned r = 0; r < 8; ++r) {
    for (unsigned n = 0; n < 16; ++n) {
      const auto bit = static_cast<std::uint8_t>(1u << r);
      for (unsigned lane : {0u, 16u}) {
        if (rules[r].before_high >> n & 1) t.before_high.row[lane + n] |= bit;
        if (rules[r].before_low >> n & 1) t.before_low.row[lane + n] |= bit;
        if (rules[r].high >> n & 1) t.high.row[lane + n] |= bit;
      }
    }
  }
  return t;
}
inline constexpr pair_tables k_direct_tables = tables_of(k_direct_rules);
inline constexpr pair_tables k_conditional_tables = tables_of(k_conditional_rules);

#if IRIKIT_SCAN_SSE2
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
#endif  // IRIKIT_SCAN_SSE2

#if IRIKIT_SCAN_AVX2
// ---------------------------------------------------------------------------------------------
// AVX2 (32-byte blocks). Class membership of any set of ASCII bytes in two table lookups
// (vpshufb): the low nibble of a byte picks a row, an 8-bit mask of the high nibbles 0..7 whose
// byte is a member; the high nibble picks the bit to test in that row (no bit for 8..15, so bytes
// >= 0x80 are never members). vpshufb looks up within each 128-bit lane: tables are duplicated.

__attribute__((target("avx2"))) inline __m256i load32(const void* p) noexcept {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
__attribute__((target("avx2"))) inline __m128i load16(const void* p) noexcept {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}

template <unsigned W>
__attribute__((target("avx2"))) inline auto load_block(const void* p) noexcept {
  if constexpr (W == 32) {
    return load32(p);
  } else {
    return load16(p);
  }
}

/// Bit k set when byte k of `v` is in the set whose rows are `rows` (32-byte block).
__attribute__((target("avx2"))) inline std::uint32_t avx2_members(__m256i v, __m256i rows,
                                                                  __m256i high_bits) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, nibble));
  const __m256i bit = _mm256_shuffle_epi8(high_bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  const __m256i absent = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
  return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(absent));
}

/// The same over a 16-byte block (the VEX form of pshufb), for texts shorter than 32 bytes.
__attribute__((target("avx2"))) inline std::uint32_t avx2_members(__m128i v, __m128i rows,
                                                                  __m128i high_bits) noexcept {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
  const __m128i bit = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i absent = _mm_cmpeq_epi8(_mm_and_si128(row, bit), _mm_setzero_si128());
  return ~static_cast<std::uint32_t>(_mm_movemask_epi8(absent)) & 0xFFFFu;
}

/// skip_plain over blocks of W = 32 or 16 bytes; size >= W.
template <unsigned W>
__attribute__((target("avx2"))) std::size_t skip_avx2_blocks(const char* s, std::size_t i, std::size_t to,
                                                             std::size_t size, plain_set set) noexcept {
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
__attribute__((target("avx2"))) std::size_t find_avx2_blocks(const char* s, std::size_t i, std::size_t to,
                                                             std::size_t size, stop_set set) noexcept {
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
__attribute__((target("avx2"))) std::size_t skip_avx2(const char* s, std::size_t i, std::size_t to,
                                                      std::size_t size, plain_set set) noexcept {
  if (size >= 32) return skip_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return skip_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return skip_avx2_blocks<16>(p, i, to, 16, set); });
}

#define IRIKIT_AVX2 __attribute__((target("avx2"))) inline
IRIKIT_AVX2 __m256i splat(int c) noexcept { return _mm256_set1_epi8(static_cast<char>(c)); }
IRIKIT_AVX2 __m256i eq(__m256i x, int c) noexcept { return _mm256_cmpeq_epi8(x, splat(c)); }
IRIKIT_AVX2 __m256i AND(__m256i a, __m256i b) noexcept { return _mm256_and_si256(a, b); }
IRIKIT_AVX2 __m256i OR(__m256i a, __m256i b) noexcept { return _mm256_or_si256(a, b); }
/// Lanes 0 .. count - 1 set (count <= 35).
IRIKIT_AVX2 __m256i lanes_below(int count) noexcept {
  const __m256i lane = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  return _mm256_cmpgt_epi8(splat(count), lane);
}
IRIKIT_AVX2 __m256i apply(const pair_tables& t, __m256i high1, __m256i low1, __m256i high) noexcept {
  return AND(AND(_mm256_shuffle_epi8(load32(&t.before_high), high1),
                 _mm256_shuffle_epi8(load32(&t.before_low), low1)),
             _mm256_shuffle_epi8(load32(&t.high), high));
}

/// Bit k set when byte k of the window v = s[base, base + 32) stops skip_plain_iri for a UTF-8 or
/// IRI reason; p1, p2, p3 are the windows one, two and three bytes earlier (bytes before the scan's
/// start read as 0).
IRIKIT_AVX2 std::uint32_t utf8_iri_bad(__m256i v, __m256i p1, __m256i p2, __m256i p3) noexcept {
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
#undef IRIKIT_AVX2

/// skip_plain_iri, 32 bytes at a time. Per window: the ASCII bytes as in skip_avx2_blocks; the
/// non-ASCII bytes by the pair rules (utf8_iri_bad) over the window and the three bytes before it,
/// loaded from s + base - 1, -2, -3 (bytes before `from` read as 0, so a text that starts inside a
/// character stops at once). The first bad byte may be inside a character: the scan then stops at
/// that character's start.
[[gnu::noinline]] __attribute__((target("avx2"))) std::size_t skip_iri_avx2_windows(
    const char* s, std::size_t from, std::size_t to, std::size_t size, plain_set set) noexcept {
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
__attribute__((target("avx2"))) std::size_t skip_iri_avx2(const char* s, std::size_t from, std::size_t to,
                                                          std::size_t size, plain_set set) noexcept {
  const std::size_t i = skip_avx2(s, from, to, size, set);
  if (i >= to || static_cast<unsigned char>(s[i]) < 0x80) return i;
  return skip_iri_avx2_windows(s, i, to, size, set);
}

/// classify_text, 32 bytes at a time: an ASCII window after an ASCII window costs a test; the
/// others the pair rules. A window at 0 takes its "bytes before" from itself shifted (zeros before
/// the text); the others from unaligned loads. Windows may start before `from` (ASCII).
__attribute__((target("avx2"))) text_kind classify_avx2(const char* s, std::size_t from,
                                                        std::size_t size) noexcept {
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

// The common case of the pair rules, cheaper (chunks::chunk_plainly_fine): a chunk whose UTF-8 is
// well-formed (checked on the 64-bit masks of lead and continuation bytes) and whose characters
// all start with a common lead and second byte (none of them meets a rule below) is plain for
// utf8_iri_bad64 too. E2 80..8F (U+2000..U+23FF: the en dash, the quotation marks…, in about one
// chunk in forty of the IRI corpora) is plain too unless its third byte is one of
// chunks::e2_bad_third's, which the chunk's hex lookup marks at no cost (chunk_hex_rows): only
// then, or for the other rules, do the full rules run, with no branch for the common E2 80..8F.
// The rules apply to (byte before, this byte) as the pair rules do; they fire only after a lead,
// so they need no mask. The E2 rule is bit 7, one vpmovb2m, and no other rule meets it in a lane.
constexpr pair_rule k_rare_rules[8] = {
    {nibbles(12, 12), nibbles(0, 1), k_any},              // C0, C1
    {nibbles(12, 12), nibbles(2, 2), nibbles(8, 9)},      // C2 80..9F
    {nibbles(13, 13), nibbles(8, 8), nibbles(8, 9)},      // D8 80..9F
    {nibbles(14, 14), nibbles(0, 0), nibbles(8, 9)},      // E0 80..9F
    {nibbles(15, 15), k_any, k_any},                      // F0..FF
    {nibbles(14, 14), nibbles(13, 13), nibbles(10, 11)},  // ED A0..BF
    {nibbles(14, 14), nibbles(14, 15), k_any},            // EE, EF
    {nibbles(14, 14), nibbles(2, 2), nibbles(8, 8)},      // E2 80..8F
};
/// Whether rule 7 (E2 80..8F) shares no (byte before, high nibble) with another rare rule.
constexpr bool e2_rule_alone() {
  const auto meets = [](const pair_rule& r, const pair_rule& e) {
    return (r.before_high & e.before_high) != 0 && (r.before_low & e.before_low) != 0 &&
           (r.high & e.high) != 0;
  };
  for (int k = 0; k < 7; ++k) {
    if (meets(k_rare_rules[k], k_rare_rules[7])) return false;
  }
  return true;
}
static_assert(chunks::k_rare_e2 == 1 << 7 && k_rare_rules[7].before_low == nibbles(2, 2) &&
              k_rare_rules[7].high == nibbles(8, 8) && e2_rule_alone());

// The chunks' hex lookup marks the chunks::is_e2_bad_third bytes too: the high nibbles 8 and A
// (the only ones of those bytes) get the bits of 0 and 1 (the control bytes, in no class, so no
// other lookup meets them), and each byte's hex row gets its bit. The hex digits are then the
// marked bytes in k_query (mask_chunk), the marks the others.
constexpr std::uint8_t chunk_mark_bit(unsigned high) {
  return high == 0x8 ? 1 << 0 : high == 0xA ? 1 << 1 : 0;
}
constexpr nibble_rows chunk_high_bits() {
  nibble_rows t = k_high_bits;
  for (int lane : {0, 16}) {
    for (unsigned high : {0x8u, 0xAu}) t.row[lane + high] = chunk_mark_bit(high);
  }
  return t;
}
constexpr nibble_rows chunk_hex_rows() {
  nibble_rows t = k_hex_rows;
  for (unsigned b = 0x80; b < 0x100; ++b) {
    if (!chunks::is_e2_bad_third(b)) continue;
    for (int lane : {0, 16}) t.row[lane + (b & 15)] |= chunk_mark_bit(b >> 4);
  }
  return t;
}
constexpr bool marks_have_bits() {
  for (unsigned b = 0; b < 0x100; ++b) {
    if (chunks::is_e2_bad_third(b) && chunk_mark_bit(b >> 4) == 0) return false;
  }
  return true;
}
static_assert(marks_have_bits());
constexpr bool without_controls(const nibble_rows& t) {
  for (std::uint8_t r : t.row) {
    if ((r & 3) != 0) return false;
  }
  return true;
}
static_assert(without_controls(k_plain_rows[static_cast<int>(plain_set::path)]) &&
              without_controls(k_plain_rows[static_cast<int>(plain_set::query)]) &&
              without_controls(k_plain_rows[static_cast<int>(plain_set::reg_name)]) &&
              without_controls(rows_of(set_of_mask(k_scheme))) && without_controls(k_hex_rows));

using chunks::chunk_constants;
constexpr chunk_constants chunk_constants_of() {
  chunk_constants c{};
  for (unsigned k = 0; k < 64; ++k) {
    c.colon[k] = ':';
    c.slash[k] = '/';
    c.question[k] = '?';
    c.hash[k] = '#';
    c.percent[k] = '%';
    c.low4[k] = 0x0F;
    c.c0[k] = 0xC0;
    c.e0[k] = 0xE0;
    c.f0[k] = 0xF0;
  }
  return c;
}

}  // namespace

// The tables of chunk_masks.h.
const chunks::rows64 chunks::k_high_bits = widen(chunk_high_bits());
const chunks::rows64 chunks::k_query_rows = widen(k_plain_rows[static_cast<int>(plain_set::query)]);
const chunks::rows64 chunks::k_path_rows = widen(k_plain_rows[static_cast<int>(plain_set::path)]);
const chunks::rows64 chunks::k_reg_name_rows = widen(k_plain_rows[static_cast<int>(plain_set::reg_name)]);
const chunks::rows64 chunks::k_scheme_rows = widen(rows_of(set_of_mask(k_scheme)));
const chunks::rows64 chunks::k_hex_rows = widen(chunk_hex_rows());
const chunks::pair_tables64 chunks::k_direct_tables = widen(irikit::grammar::k_direct_tables);
const chunks::pair_tables64 chunks::k_conditional_tables = widen(irikit::grammar::k_conditional_tables);
const chunks::pair_tables64 chunks::k_rare_tables = widen(tables_of(k_rare_rules));
const chunks::chunk_constants chunks::k_chunk_constants = chunk_constants_of();

namespace {

/// mask_text_chunk with AVX-512BW (out of line, for the tests).
IRIKIT_CHUNK_TARGET bool mask_chunk_avx512(const char* s, std::size_t n, chunk_place place,
                                           text_masks& out) noexcept {
  return chunks::mask_chunk(s, n, place, out);
}

/// classify_text with AVX-512BW, 64 bytes at a time: a chunk without non-ASCII bytes (and no
/// character cut before it) costs a test, the others the cheap test of chunk_masks.h and, when it
/// fails, the pair rules. Bytes before `from` are ASCII (or before the text: masked off).
IRIKIT_CHUNK_TARGET text_kind classify_avx512(const char* s, std::size_t from, std::size_t size) noexcept {
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  bool seen = false;
  for (std::size_t base = from; base < size; base += 64) {
    const std::size_t n = size - base < 64 ? size - base : 64;
    const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
    const __m512i v = _mm512_maskz_loadu_epi8(in, s + base);
    const std::uint64_t non_ascii = _mm512_movepi8_mask(v);
    const chunks::lead_carry carry = base > from ? chunks::carry_into(u + base) : chunks::lead_carry{};
    if ((non_ascii | carry.due) == 0) continue;
    seen = true;
    // A character cut by the end of the text is caught below; the bytes before the text are masked off.
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    if (!chunks::chunk_characters_plain(s + base, v, _mm512_and_si512(_mm512_srli_epi16(v, 4), low4), low4,
                                        in, non_ascii, chunks::e2_bad_third(v), carry,
                                        base >= 3 ? 7 : (std::uint64_t{7} << (3 - base)) & 7, true))
      return text_kind::other;
  }
  // A character cut by the end of the text where the lanes after it run out.
  if (cut_at(u + size, size)) return text_kind::other;
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}

__attribute__((target("avx2"))) std::size_t find_avx2(const char* s, std::size_t i, std::size_t to,
                                                      std::size_t size, stop_set set) noexcept {
  if (size >= 32) return find_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return find_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return find_avx2_blocks<16>(p, i, to, 16, set); });
}
#endif  // IRIKIT_SCAN_AVX2

#if IRIKIT_SCAN_NEON
// ---------------------------------------------------------------------------------------------
// NEON (AArch64, where Advanced SIMD is always there: 16-byte blocks). Class membership as in the
// AVX2 scans: the low nibble picks a row of the nibble table, the high nibble the bit to test, each
// one table lookup (tbl, vqtbl1q_u8, the first 16 rows of the tables; an index of 16 or more reads
// 0, which the high nibbles never reach). The compares give 0xFF lanes, turned into the same bit
// masks as the x86 blocks (bit k = byte k), so not_plain, bit_range and the pair rules are shared.

inline uint8x16_t neon_load(const void* p) noexcept { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
inline uint8x16_t neon_splat(unsigned c) noexcept { return vdupq_n_u8(static_cast<std::uint8_t>(c)); }

/// Bit k set when lane k of m (0x00 or 0xFF lanes) is set.
inline std::uint32_t neon_bits(uint8x16_t m) noexcept {
  static constexpr std::uint8_t k_weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t weighted = vandq_u8(m, vld1q_u8(k_weights));
  return static_cast<std::uint32_t>(vaddv_u8(vget_low_u8(weighted))) |
         static_cast<std::uint32_t>(vaddv_u8(vget_high_u8(weighted))) << 8;
}

/// 0xFF in the lanes of v whose byte is in the set of `rows` (see above).
inline uint8x16_t neon_members(uint8x16_t v, uint8x16_t rows, uint8x16_t high_bits) noexcept {
  const uint8x16_t row = vqtbl1q_u8(rows, vandq_u8(v, neon_splat(0x0F)));
  return vtstq_u8(row, vqtbl1q_u8(high_bits, vshrq_n_u8(v, 4)));
}

/// skip_plain, 16 bytes at a time (a padded block below 16 bytes). A block whose bytes are all
/// members costs one lookup pair and a horizontal minimum.
std::size_t skip_neon(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return skip_neon(p, i, to, 16, set); });
  const uint8x16_t rows = neon_load(&k_plain_rows[static_cast<int>(base_of(set))]);
  const uint8x16_t hex_rows = neon_load(&k_hex_rows);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  const bool any_non_ascii = takes_non_ascii(set);
  while (i < to) {
    // A window of 16 bytes at `base`, never past the end of the text (see skip_sse2_as).
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t v = neon_load(s + base);
    uint8x16_t member = neon_members(v, rows, high_bits);
    if (any_non_ascii) member = vorrq_u8(member, vcgeq_u8(v, neon_splat(0x80)));
    if (vminvq_u8(member) != 0xFF) {
      const std::uint32_t bad = not_plain(neon_bits(member), neon_bits(vceqq_u8(v, neon_splat('%'))),
                                          neon_bits(neon_members(v, hex_rows, high_bits)), valid);
      if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

std::size_t find_neon(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return find_neon(p, i, to, 16, set); });
  const uint8x16_t rows = neon_load(&k_stop_rows[static_cast<int>(set)]);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t hit = neon_members(neon_load(s + base), rows, high_bits);
    if (vmaxvq_u8(hit) != 0) {
      const std::uint32_t bits = neon_bits(hit) & valid;
      if (bits != 0) return base + static_cast<std::size_t>(__builtin_ctz(bits));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

inline uint8x16_t neon_apply(const pair_tables& t, uint8x16_t high1, uint8x16_t low1,
                             uint8x16_t high) noexcept {
  return vandq_u8(
      vandq_u8(vqtbl1q_u8(neon_load(&t.before_high), high1), vqtbl1q_u8(neon_load(&t.before_low), low1)),
      vqtbl1q_u8(neon_load(&t.high), high));
}

/// utf8_iri_bad over 16 bytes (the same rules, the same arithmetic): bit k set when byte k of v
/// stops skip_plain_iri for a UTF-8 or IRI reason; p1, p2, p3: the block one, two and three bytes
/// earlier.
inline std::uint32_t utf8_iri_bad_neon(uint8x16_t v, uint8x16_t p1, uint8x16_t p2, uint8x16_t p3) noexcept {
  const uint8x16_t high1 = vshrq_n_u8(p1, 4), low1 = vandq_u8(p1, neon_splat(0x0F)), high = vshrq_n_u8(v, 4);
  const uint8x16_t direct = neon_apply(k_direct_tables, high1, low1, high);
  const uint8x16_t conditional = neon_apply(k_conditional_tables, high1, low1, high);
  // Bit 7: a continuation byte is due here (a lead E0..FF two bytes back, or F0..FF three back).
  const uint8x16_t due =
      vorrq_u8(vqsubq_u8(p2, neon_splat(0xE0 - 0x80)), vqsubq_u8(p3, neon_splat(0xF0 - 0x80)));
  uint8x16_t bad = vorrq_u8(direct, vorrq_u8(vandq_u8(conditional, neon_splat(0x07)),
                                             vandq_u8(veorq_u8(conditional, due), neon_splat(0x80))));
  const uint8x16_t ef = vceqq_u8(p2, neon_splat(0xEF)), e2 = vceqq_u8(p2, neon_splat(0xE2)),
                   f0 = vceqq_u8(p3, neon_splat(0xF0));
  if (vmaxvq_u8(vorrq_u8(vorrq_u8(ef, e2), f0)) != 0) {
    uint8x16_t when = vorrq_u8(vandq_u8(vorrq_u8(ef, f0), neon_splat(chunks::k_cond_ef_or_f0)),
                               vandq_u8(ef, neon_splat(chunks::k_cond_ef)));
    // E2 80..81 8E/8F/A6..AE (chunks::is_e2_bad_third).
    const uint8x16_t e2_tail = vorrq_u8(vceqq_u8(vandq_u8(v, neon_splat(0xFE)), neon_splat(0x8E)),
                                        vcleq_u8(vsubq_u8(v, neon_splat(0xA6)), neon_splat(0xAE - 0xA6)));
    when = vorrq_u8(when, vandq_u8(vandq_u8(e2, e2_tail), neon_splat(chunks::k_cond_e2)));
    bad = vorrq_u8(bad, vandq_u8(conditional, when));
  }
  return neon_bits(vtstq_u8(bad, bad));
}

/// skip_plain_iri, 16 bytes at a time (skip_iri_avx2_windows with 16-byte windows).
[[gnu::noinline]] std::size_t skip_iri_neon_windows(const char* s, std::size_t from, std::size_t to,
                                                    std::size_t size, plain_set set) noexcept {
  if (size < 19 || from < 3) return skip_iri_generic<skip_neon>(s, from, to, size, set);
  const uint8x16_t rows = neon_load(&k_plain_rows[static_cast<int>(base_of(set))]);
  const uint8x16_t hex_rows = neon_load(&k_hex_rows);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  static constexpr std::uint8_t k_lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  std::size_t i = from;
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t v = neon_load(s + base);
    const uint8x16_t non_ascii_lanes = vcgeq_u8(v, neon_splat(0x80));
    const std::uint32_t non_ascii = neon_bits(non_ascii_lanes);
    const std::uint32_t ascii_bad =
        not_plain(neon_bits(neon_members(v, rows, high_bits)), neon_bits(vceqq_u8(v, neon_splat('%'))),
                  neon_bits(neon_members(v, hex_rows, high_bits)), valid) &
        ~non_ascii;
    // An ASCII window after a complete character: only the ASCII rules apply.
    if (non_ascii == 0 && (base < from + 1 || u[base - 1] < 0xC0) &&
        (base < from + 2 || u[base - 2] < 0xE0) && (base < from + 3 || u[base - 3] < 0xF0)) {
      if (ascii_bad != 0)
        return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(ascii_bad)));
      i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
      continue;
    }
    uint8x16_t p1 = neon_load(s + base - 1), p2 = neon_load(s + base - 2), p3 = neon_load(s + base - 3);
    if (base < from + 3) {
      // Bytes before `from` read as 0 (lane k of p_d holds byte base + k - d), as in the AVX2 loop.
      const auto n = static_cast<std::ptrdiff_t>(from) - static_cast<std::ptrdiff_t>(base);
      const auto below = [n](std::ptrdiff_t d) {
        return vcltq_u8(vld1q_u8(k_lanes), neon_splat(static_cast<unsigned>(n + d < 0 ? 0 : n + d)));
      };
      p1 = vbicq_u8(p1, below(1));
      p2 = vbicq_u8(p2, below(2));
      p3 = vbicq_u8(p3, below(3));
    }
    const std::uint32_t bad = (ascii_bad | utf8_iri_bad_neon(v, p1, p2, p3)) & valid;
    if (bad != 0)
      return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(bad)));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return back_to_character_start(s, from, to);
}

/// ASCII first, exactly as skip_plain; the window loop from the first non-ASCII byte on.
std::size_t skip_iri_neon(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          plain_set set) noexcept {
  const std::size_t i = skip_neon(s, from, to, size, set);
  if (i >= to || static_cast<unsigned char>(s[i]) < 0x80) return i;
  return skip_iri_neon_windows(s, i, to, size, set);
}

/// classify_text, 16 bytes at a time (classify_avx2 with 16-byte windows): an ASCII window after
/// an ASCII window costs a test, the others the pair rules.
text_kind classify_neon(const char* s, std::size_t from, std::size_t size) noexcept {
  // Windows need the three bytes before them: a text under 19 bytes is classified in a copy padded
  // with zeros (ASCII; a character they cut is not plain).
  if (size < 19) {
    alignas(16) char block[32] = {};
    std::memcpy(block, s, size);
    return classify_neon(block, from, 32);
  }
  bool seen = false, previous = false;  // non-ASCII anywhere so far, in the previous window
  std::size_t base = from + 16 <= size ? from : size - 16;  // size >= 19: a later window has base >= 3
  if (base < 3) base = 0;
  for (;;) {
    const uint8x16_t v = neon_load(s + base);
    const bool here = vmaxvq_u8(v) >= 0x80;
    if (here || previous) {
      seen = true;
      uint8x16_t p1, p2, p3;
      if (base == 0) {  // zeros before the text
        const uint8x16_t zero = vdupq_n_u8(0);
        p1 = vextq_u8(zero, v, 15);
        p2 = vextq_u8(zero, v, 14);
        p3 = vextq_u8(zero, v, 13);
      } else {
        p1 = neon_load(s + base - 1);
        p2 = neon_load(s + base - 2);
        p3 = neon_load(s + base - 3);
      }
      if (utf8_iri_bad_neon(v, p1, p2, p3) != 0) return text_kind::other;
    }
    previous = here;
    if (base + 16 >= size) break;
    base = base + 32 <= size ? base + 16 : size - 16;
  }
  // A character cut by the end of the text.
  if (cut_at(reinterpret_cast<const unsigned char*>(s) + size, size)) return text_kind::other;
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}
#endif  // IRIKIT_SCAN_NEON

// ---------------------------------------------------------------------------------------------
// Run-time choice, made on the first call: the pointers start at a resolver that replaces them.

using find_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, stop_set) noexcept;

std::size_t skip_resolve(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;
std::size_t find_resolve(const char*, std::size_t, std::size_t, std::size_t, stop_set) noexcept;

std::size_t skip_iri_resolve(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;

std::atomic<skip_fn> g_skip{skip_resolve};
std::atomic<skip_fn> g_skip_iri{skip_iri_resolve};
std::atomic<find_fn> g_find{find_resolve};
using classify_fn = text_kind (*)(const char*, std::size_t, std::size_t) noexcept;
text_kind classify_resolve(const char*, std::size_t, std::size_t) noexcept;
std::atomic<classify_fn> g_classify{classify_resolve};
std::atomic<bool> g_classify_on{true};
std::atomic<bool> g_byte_permutes{false};
std::atomic<const char*> g_name{nullptr};

/// The functions of one implementation.
struct implementation {
  const char* name = nullptr;  // nullptr: not in this build or not on this CPU
  skip_fn skip;
  skip_fn skip_iri;
  find_fn find;
  classify_fn classify;
  bool chunk_masks = false;    // mask_text_chunk works (chunk_masks_available)
  bool byte_permutes = false;  // AVX-512 VBMI and VBMI2 too (use_byte_permutes)
};

implementation implementation_named(std::string_view want) noexcept {
  if (want == "scalar")
    return {"scalar", skip_scalar, skip_iri_generic<skip_scalar>, find_scalar, classify_scalar};
#if IRIKIT_SCAN_SSE2
  if (want == "sse2") return {"sse2", skip_sse2, skip_iri_generic<skip_sse2>, find_sse2, classify_scalar};
#endif
#if IRIKIT_SCAN_AVX2
  __builtin_cpu_init();
  if (want == "avx2" && __builtin_cpu_supports("avx2"))
    return {"avx2", skip_avx2, skip_iri_avx2, find_avx2, classify_avx2};
  // The AVX2 scans, with whole-text work (classification, the parser's one-pass masks) on 64 bytes.
  if (want == "avx512" && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
    return {"avx512",
            skip_avx2,
            skip_iri_avx2,
            find_avx2,
            classify_avx512,
            true,
            __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
                __builtin_cpu_supports("popcnt")};
#endif
#if IRIKIT_SCAN_NEON
  if (want == "neon") return {"neon", skip_neon, skip_iri_neon, find_neon, classify_neon};
#endif
  return {};
}

void install(const implementation& chosen) noexcept {
  g_classify.store(chosen.classify, std::memory_order_relaxed);
  detail::g_chunk_masks.store(chosen.chunk_masks ? 2 : 1, std::memory_order_relaxed);
  g_byte_permutes.store(chosen.byte_permutes, std::memory_order_relaxed);
  g_skip.store(chosen.skip, std::memory_order_relaxed);
  g_skip_iri.store(chosen.skip_iri, std::memory_order_relaxed);
  g_find.store(chosen.find, std::memory_order_relaxed);
  g_name.store(chosen.name, std::memory_order_relaxed);
}

/// What IRIKIT_SIMD asks for: the environment variable (read once), else the build's CMake option
/// of that name; nullptr for neither or "auto".
const char* requested_name() noexcept {
  static const char* const requested = [] {
    const char* env = std::getenv("IRIKIT_SIMD");  // NOLINT(concurrency-mt-unsafe): read once
#ifdef IRIKIT_SIMD_DEFAULT
    if (env == nullptr || *env == '\0') env = IRIKIT_SIMD_DEFAULT;
#endif
    return env == nullptr || *env == '\0' || std::string_view(env) == "auto" ? nullptr : env;
  }();
  return requested;
}

/// The implementation IRIKIT_SIMD asks for when this build and CPU have it, else the best they have.
implementation default_implementation() noexcept {
  if (const char* requested = requested_name(); requested != nullptr) {
    if (const implementation chosen = implementation_named(requested); chosen.name != nullptr) return chosen;
  }
  for (const char* name : {"avx512", "avx2", "neon", "sse2", "scalar"}) {
    if (const implementation chosen = implementation_named(name); chosen.name != nullptr) return chosen;
  }
  return {};  // not reached: "scalar" is always there
}

void resolve() noexcept { install(default_implementation()); }

std::size_t skip_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         plain_set set) noexcept {
  resolve();
  return g_skip.load(std::memory_order_relaxed)(s, i, to, size, set);
}
std::size_t skip_iri_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             plain_set set) noexcept {
  resolve();
  return g_skip_iri.load(std::memory_order_relaxed)(s, i, to, size, set);
}
std::size_t find_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         stop_set set) noexcept {
  resolve();
  return g_find.load(std::memory_order_relaxed)(s, i, to, size, set);
}
text_kind classify_resolve(const char* s, std::size_t from, std::size_t size) noexcept {
  resolve();
  return g_classify.load(std::memory_order_relaxed)(s, from, size);
}

}  // namespace

std::size_t skip_plain(const char* s, std::size_t from, std::size_t to, std::size_t size,
                       plain_set set) noexcept {
  return g_skip.load(std::memory_order_relaxed)(s, from, to, size, set);
}

std::size_t skip_plain_iri(const char* s, std::size_t from, std::size_t to, std::size_t size,
                           plain_set set) noexcept {
  return g_skip_iri.load(std::memory_order_relaxed)(s, from, to, size, set);
}

std::size_t plain_ucschar_length(const char* s, std::size_t i, std::size_t to) noexcept {
  return ucschar_length(reinterpret_cast<const unsigned char*>(s), i, to);
}

std::size_t find_first_of(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          stop_set set) noexcept {
  return g_find.load(std::memory_order_relaxed)(s, from, to, size, set);
}

text_kind classify_text(const char* s, std::size_t from, std::size_t size) noexcept {
  const text_kind kind = g_classify.load(std::memory_order_relaxed)(s, from, size);
  return kind == text_kind::plain_non_ascii && !g_classify_on.load(std::memory_order_relaxed)
             ? text_kind::other
             : kind;
}

bool mask_text_chunk([[maybe_unused]] const char* s, [[maybe_unused]] std::size_t n,
                     [[maybe_unused]] chunk_place place, [[maybe_unused]] text_masks& out) noexcept {
#if IRIKIT_CHUNK_MASKS
  return chunk_masks_available() && mask_chunk_avx512(s, n, place, out);
#else
  return false;
#endif
}

std::atomic<int> detail::g_chunk_masks{0};

int detail::resolve_chunk_masks() noexcept {
  resolve();
  return g_chunk_masks.load(std::memory_order_relaxed);
}

void use_text_classification(bool on) noexcept { g_classify_on.store(on, std::memory_order_relaxed); }

bool use_byte_permutes() noexcept {
  if (g_name.load(std::memory_order_relaxed) == nullptr) resolve();
  return g_byte_permutes.load(std::memory_order_relaxed);
}

const char* scan_implementation() noexcept {
  if (g_name.load(std::memory_order_relaxed) == nullptr) resolve();
  return g_name.load(std::memory_order_relaxed);
}

const char* requested_scan_implementation() noexcept { return requested_name(); }

bool requested_scan_implementation_missing() noexcept {
  const char* requested = requested_name();
  return requested != nullptr && std::string_view(requested) != default_implementation().name;
}

bool use_scan_implementation(const char* name) noexcept {
  const implementation chosen = name == nullptr ? default_implementation() : implementation_named(name);
  if (chosen.name == nullptr) return false;
  install(chosen);
  return true;
}

}  // namespace irikit::grammar

namespace irikit {

std::string_view simd_implementation() noexcept { return grammar::scan_implementation(); }

std::string_view simd_requested() noexcept {
  const char* requested = grammar::requested_scan_implementation();
  return requested == nullptr ? std::string_view() : std::string_view(requested);
}

}  // namespace irikit
