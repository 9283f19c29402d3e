// SPDX-License-Identifier: MIT OR Apache-2.0
// The avx512 implementation: the AVX2 scans (avx2.cpp), with the whole-text work 64 bytes at a
// time: classify_text, and mask_text_chunk (the parser's one-pass masks; avx512/chunks.h, whose
// tables are defined here). Compiled with AVX-512F/BW, BMI and BMI2 (src/CMakeLists.txt); chosen
// only on a CPU that has them (dispatch.cpp).
#include <cstddef>

#include "simd/avx512/chunks.h"
#include "simd/kernels.h"
#include "simd/scan_common.h"

#if defined(__AVX512BW__) && defined(__BMI2__)
#include <immintrin.h>

namespace irikit::simd {
namespace {

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
}  // namespace irikit::simd

// The tables of avx512/chunks.h (constinit: built by the compiler, no AVX-512 code at start-up).
namespace irikit::grammar::chunks {
using simd::k_plain_rows, simd::rows_of, simd::set_of_mask;
constinit const rows64 k_high_bits = widen(simd::chunk_high_bits());
constinit const rows64 k_query_rows = widen(k_plain_rows[static_cast<int>(plain_set::query)]);
constinit const rows64 k_path_rows = widen(k_plain_rows[static_cast<int>(plain_set::path)]);
constinit const rows64 k_reg_name_rows = widen(k_plain_rows[static_cast<int>(plain_set::reg_name)]);
constinit const rows64 k_scheme_rows = widen(rows_of(set_of_mask(k_scheme)));
constinit const rows64 k_hex_rows = widen(simd::chunk_hex_rows());
constinit const pair_tables64 k_direct_tables = widen(simd::k_direct_tables);
constinit const pair_tables64 k_conditional_tables = widen(simd::k_conditional_tables);
constinit const pair_tables64 k_rare_tables = widen(simd::tables_of(simd::k_rare_rules));
constinit const chunk_constants k_chunk_constants = simd::chunk_constants_of();
}  // namespace irikit::grammar::chunks

namespace irikit::simd {
namespace {

/// mask_text_chunk with AVX-512BW (out of line, for the tests).
bool mask_chunk_avx512(const char* s, std::size_t n, chunk_place place, text_masks& out) noexcept {
  return chunks::mask_chunk(s, n, place, out);
}

/// classify_text with AVX-512BW, 64 bytes at a time: a chunk without non-ASCII bytes (and no
/// character cut before it) costs a test, the others the cheap test of avx512/chunks.h and, when it
/// fails, the pair rules. Bytes before `from` are ASCII (or before the text: masked off).
text_kind classify_avx512(const char* s, std::size_t from, std::size_t size) noexcept {
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

/// The bytes of v from lo to hi.
inline std::uint64_t bytes_within(__m512i v, char lo, char hi) noexcept {
  return _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(lo)),
                                _mm512_set1_epi8(static_cast<char>(hi - lo)));
}

/// host/'s short names: one masked load (nothing past the name is read), the classes as compares,
/// one masked store (the SSE2 kernel copies the name in and out of a block: a quarter of its time
/// on the ascii_hosts corpus).
host_masks lower_short_host_avx512(const char* s, std::size_t n, char* out) noexcept {
  const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
  const __m512i v = _mm512_maskz_loadu_epi8(in, s);
  const std::uint64_t upper = bytes_within(v, 'A', 'Z'),
                      dots = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('.')),
                      hyphens = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('-'));
  _mm512_mask_storeu_epi8(out, in, _mm512_mask_add_epi8(v, upper, v, _mm512_set1_epi8(0x20)));
  return {upper | bytes_within(v, 'a', 'z') | bytes_within(v, '0', '9') | dots | hyphens, dots, hyphens};
}

/// lines/'s line ends: one compare.
std::uint64_t newlines64_avx512(const char* p) noexcept {
  return _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(p), _mm512_set1_epi8('\n'));
}

}  // namespace

kernels avx512_kernels_with(const kernels& avx2, const byte_permute_kernels* byte_permutes) noexcept {
  return {"avx512",          avx2.skip_plain, avx2.skip_plain_iri,     avx2.find_first_of, classify_avx512,
          mask_chunk_avx512, byte_permutes,   lower_short_host_avx512, newlines64_avx512};
}

}  // namespace irikit::simd
#else
irikit::simd::kernels irikit::simd::avx512_kernels_with(const kernels&,
                                                        const byte_permute_kernels*) noexcept {
  return {};
}
#endif
