// SPDX-License-Identifier: MIT OR Apache-2.0
// grammar::mask_text_chunk with AVX-512BW, inline: the parser's one-pass loop
// (src/parse/parser.cpp) compiles it into itself, so a chunk costs no call and its masks stay in
// registers. Only for code compiled with IRIKIT_CHUNK_TARGET and run where
// grammar::chunk_masks_available() says so (the dispatch table of src/simd/dispatch.cpp has the
// avx512 implementation). The header-only AVX-512 layer of src/simd/: the functions the parser,
// host/ and convert/ inline where they are compiled with IRIKIT_CHUNK_TARGET, the only way code
// outside src/simd/ may carry a target (tests/architecture_check.sh). The tables it reads are
// defined in avx512.cpp, next to the rules that build them (those are explained in scan_common.h).
#ifndef IRIKIT_SIMD_AVX512_CHUNKS_H
#define IRIKIT_SIMD_AVX512_CHUNKS_H

#include <array>
#include <cstddef>
#include <cstdint>

#include "grammar/char_scan.h"
#include "simd/tables.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define IRIKIT_CHUNK_MASKS 1
#define IRIKIT_CHUNK_TARGET __attribute__((target("avx512f,avx512bw,bmi,bmi2")))

// Every function below that takes or returns a vector is [[gnu::always_inline]], never called out
// of line: clang passes a 512-bit vector argument in a zmm register only where the translation unit
// is compiled with -mavx512f (avx512.cpp, avx512_vbmi.cpp), and in memory where only the target
// attribute allows AVX-512 (parse/parser.cpp, parse/long_texts.cpp; g++ follows the attribute).
// An out-of-line inline function would then have two calling conventions under one symbol, and
// the linker keeps one copy for all callers: in unoptimized clang builds classify_avx512 passed
// its chunk in zmm0 to the parser's copy of e2_bad_third, which read it from the stack.

namespace irikit::grammar::chunks {

/// The byte constants of mask_chunk and leads_of as whole vectors in memory: compares take them as operands
/// (a load) instead of building each from an immediate (a shuffle-port broadcast per constant per chunk).
/// Defined out of line, so the compiler cannot fold them back into immediates.
struct alignas(64) chunk_constants {
  std::array<std::uint8_t, 64> colon, slash, question, hash, percent, low4, c0, e0, f0;
};

/// The lookups of mask_chunk; k_high_bits and k_hex_rows also mark e2_bad_third's bytes (see
/// chunk_hex_rows in avx512.cpp).
extern const rows64 k_high_bits, k_query_rows, k_path_rows, k_reg_name_rows, k_scheme_rows, k_hex_rows;
extern const pair_tables64 k_direct_tables, k_conditional_tables, k_rare_tables;
extern const chunk_constants k_chunk_constants;

[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline __m512i splat64(int c) noexcept {
  return _mm512_set1_epi8(static_cast<char>(c));
}
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline __m512i load64(
    const std::array<std::uint8_t, 64>& c) noexcept {
  return _mm512_load_si512(c.data());
}
/// The rows in each 128-bit lane of a chunk-sized vector.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline __m512i lanes4(const rows64& rows) noexcept {
  return _mm512_load_si512(rows.row.data());
}
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline __m512i apply64(const pair_tables64& t, __m512i high1,
                                                                  __m512i low1, __m512i high) noexcept {
  return _mm512_and_si512(_mm512_and_si512(_mm512_shuffle_epi8(lanes4(t.before_high), high1),
                                           _mm512_shuffle_epi8(lanes4(t.before_low), low1)),
                          _mm512_shuffle_epi8(lanes4(t.high), high));
}

/// The lanes of v holding an is_e2_bad_third byte (the same arithmetic).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t e2_bad_third(__m512i v) noexcept {
  return _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, splat64(0xFE)), splat64(0x8E)) |
         _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, splat64(0xA6)), splat64(0xAE - 0xA6));
}

/// utf8_iri_bad over 64 bytes at once (the same rules, the same arithmetic).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t utf8_iri_bad64(__m512i v, __m512i p1,
                                                                               __m512i p2,
                                                                               __m512i p3) noexcept {
  const __m512i low4 = splat64(0x0F);
  const __m512i high1 = _mm512_and_si512(_mm512_srli_epi16(p1, 4), low4), low1 = _mm512_and_si512(p1, low4);
  const __m512i high = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
  const __m512i direct = apply64(k_direct_tables, high1, low1, high);
  const __m512i conditional = apply64(k_conditional_tables, high1, low1, high);
  const __m512i due =
      _mm512_or_si512(_mm512_subs_epu8(p2, splat64(0xE0 - 0x80)), _mm512_subs_epu8(p3, splat64(0xF0 - 0x80)));
  __m512i bad = _mm512_or_si512(
      direct, _mm512_or_si512(_mm512_and_si512(conditional, splat64(0x07)),
                              _mm512_and_si512(_mm512_xor_si512(conditional, due), splat64(0x80))));
  // The conditional rules, only where a lead byte E2, EF or F0 is there to meet one: E2 80..81
  // 8E/8F/A6..AE as in utf8_iri_bad.
  const __mmask64 ef = _mm512_cmpeq_epi8_mask(p2, splat64(0xEF)),
                  e2 = _mm512_cmpeq_epi8_mask(p2, splat64(0xE2));
  const __mmask64 f0 = _mm512_cmpeq_epi8_mask(p3, splat64(0xF0));
  if ((ef | e2 | f0) != 0) {
    const __mmask64 e2_tail = e2_bad_third(v);
    __m512i when = _mm512_maskz_mov_epi8(ef | f0, splat64(k_cond_ef_or_f0));
    when = _mm512_mask_mov_epi8(when, ef, splat64(k_cond_ef_or_f0 | k_cond_ef));  // p2 is EF or E2, not both
    when = _mm512_or_si512(when, _mm512_maskz_mov_epi8(e2 & e2_tail, splat64(k_cond_e2)));
    bad = _mm512_ternarylogic_epi32(bad, conditional, when, 0xF8);  // bad | (conditional & when)
  }
  return _mm512_test_epi8_mask(bad, bad);
}

// The common case of the pair rules, cheaper (k_rare_tables: see k_rare_rules in avx512.cpp).

/// What the three bytes before a chunk leave to it: the lanes that must hold continuation bytes
/// for the leads among them, and whether one of those characters is rare beyond its second byte
/// (E2, EE, EF two bytes back, F0..FF two or three back: the rules above see only the byte after
/// a lead, which for them lies before the chunk).
struct lead_carry {
  std::uint64_t due = 0;
  bool rare = false;
};
IRIKIT_CHUNK_TARGET inline lead_carry carry_into(const unsigned char* chunk) noexcept {
  // Without branches: the bytes before a chunk of non-ASCII text are anything.
  const unsigned b1 = chunk[-1], b2 = chunk[-2], b3 = chunk[-3];
  const auto at_least = [](unsigned b, unsigned t) { return static_cast<unsigned>(b >= t); };
  return {at_least(b1, 0xC0) | at_least(b1, 0xE0) << 1 | at_least(b1, 0xF0) << 2 | at_least(b2, 0xE0) |
              at_least(b2, 0xF0) << 1 | at_least(b3, 0xF0),
          (static_cast<unsigned>(b2 == 0xE2) | at_least(b2, 0xEE) | at_least(b3, 0xF0)) != 0};
}

/// Whether the bytes >= 0x80 of v (`non_ascii`) are well-formed UTF-8 by their lead and
/// continuation bytes alone: the continuation bytes are exactly those the leads call for (`due`:
/// the lanes the leads before v call for), and no character is cut by the end of v unless
/// `may_continue`. `lead`, `lead3`, `lead4`: the lanes of the leads of 2+, 3+ and 4 bytes.
struct utf8_leads {
  std::uint64_t lead, lead3, lead4;
};
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline utf8_leads leads_of(__m512i v) noexcept {
  // Three compares: fewer instructions than building the masks from bit 7 of v, 2v, 4v and 8v with
  // vpmovb2m (no port-5 instruction, but nine in all), and 1–5 % less time over the parser's chunks.
  const chunk_constants* c = &k_chunk_constants;
  return {_mm512_cmpge_epu8_mask(v, load64(c->c0)), _mm512_cmpge_epu8_mask(v, load64(c->e0)),
          _mm512_cmpge_epu8_mask(v, load64(c->f0))};
}
inline bool continuations_match(const utf8_leads& l, std::uint64_t non_ascii, std::uint64_t due,
                                bool may_continue) noexcept {
  if ((non_ascii & ~l.lead) != ((l.lead << 1) | (l.lead3 << 2) | (l.lead4 << 3) | due)) return false;
  return may_continue || ((l.lead >> 63) | (l.lead3 >> 62) | (l.lead4 >> 61)) == 0;
}

/// True when the chunk v (non_ascii: its bytes >= 0x80; high: their high nibbles; p1: the chunk
/// one byte earlier; `marked`: at least the lanes of e2_bad_third, perhaps ASCII ones too) is
/// plainly fine by the rule above, `due` the lanes the leads before it call for; a character cut
/// by the end of the chunk is fine only when `may_continue`. False says nothing: the full rules
/// decide. The E2 80..8F characters are settled here, without a branch: a third byte past the
/// chunk is the next chunk's to check (lead_carry::rare sends it to the full rules).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool chunk_plainly_fine(
    __m512i v, __m512i high, __m512i p1, __m512i low4, std::uint64_t non_ascii, std::uint64_t marked,
    std::uint64_t due, bool may_continue) noexcept {
  if (!continuations_match(leads_of(v), non_ascii, due, may_continue)) return false;
  const __m512i rare = apply64(k_rare_tables, _mm512_and_si512(_mm512_srli_epi16(p1, 4), low4),
                               _mm512_and_si512(p1, low4), high);
  const std::uint64_t singled = _mm512_test_epi8_mask(rare, rare), e2 = _mm512_movepi8_mask(rare);
  return ((singled & ~e2) | (e2 << 1 & marked)) == 0;
}

/// Whether the non-ASCII characters that start in the chunk v of the bytes s[0, n) (lanes `in`;
/// non_ascii, high, marked: as in chunk_plainly_fine) are plain: the cheap test, then the full pair rules
/// when it fails. The chunk is loaded again one, two and three bytes earlier, the bytes before s
/// only in the lanes `before` allows (bits 0..2: s[-3], s[-2], s[-1]), zeros elsewhere; `carry`
/// describes those bytes. A character cut by the end of the chunk passes (the caller decides).
/// Always inlined, with chunk_plainly_fine: left to GCC's budget, both became calls in the one
/// pass's loop whenever that loop grew (6-8 % more time per IRI).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool chunk_characters_plain(
    const char* s, __m512i v, __m512i high, __m512i low4, __mmask64 in, std::uint64_t non_ascii,
    std::uint64_t marked, lead_carry carry, __mmask64 before, bool may_continue) noexcept {
  const __m512i p1 = _mm512_maskz_loadu_epi8(in << 1 | (before >> 2 & 1), s - 1);
  if (!carry.rare && chunk_plainly_fine(v, high, p1, low4, non_ascii, marked, carry.due, may_continue))
    return true;
  const __m512i p2 = _mm512_maskz_loadu_epi8(in << 2 | (before >> 1 & 3), s - 2),
                p3 = _mm512_maskz_loadu_epi8(in << 3 | before, s - 3);
  return utf8_iri_bad64(v, p1, p2, p3) == 0;
}

/// Bit k set when byte k is in the set of `rows` (`low`: the low nibbles, `bit`: the high nibbles' bits).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t members64(const rows64& rows, __m512i low,
                                                                          __m512i bit) noexcept {
  return _mm512_test_epi8_mask(_mm512_shuffle_epi8(lanes4(rows), low), bit);
}

/// Whether the 64 bytes at s (all readable) are all ASCII members of the class of `rows`
/// (k_path_rows, k_query_rows: no byte >= 0x80 is a member): two lookups and one test, the vector
/// floor's work. The crossing of long paths and queries asks it first; a chunk it turns down (a "%",
/// a "?" in the path, anything else) gets the full plain-chunk test.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool chunk_in_class(const char* s,
                                                                      const rows64& rows) noexcept {
  const __m512i v = _mm512_loadu_si512(s);
  const __m512i low4 = load64(k_chunk_constants.low4);
  const __m512i bit =
      _mm512_shuffle_epi8(lanes4(k_high_bits), _mm512_and_si512(_mm512_srli_epi16(v, 4), low4));
  const __mmask64 in =
      _mm512_test_epi8_mask(_mm512_shuffle_epi8(lanes4(rows), _mm512_and_si512(v, low4)), bit);
  return _kortestc_mask64_u8(in, in) != 0;
}

/// Whether the 64 bytes at s (all readable) have a byte >= 0x80.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool chunk_non_ascii(const char* s) noexcept {
  return _mm512_movepi8_mask(_mm512_loadu_si512(s)) != 0;
}

/// What the plain-chunk tests below read of the 64 bytes at s (all readable): the bytes, their
/// high nibbles, the hex digits and marks of the k_hex_rows lookup, the lanes outside k_query and
/// not "%", the "%" followed in the chunk by anything but hex digits (a non-ASCII byte included),
/// and the "%" in its last two lanes (62, 63: bits 0, 1), whose digits are past it.
struct plain_chunk {
  __m512i v, high, low4;
  std::uint64_t hex_or_marked, outside, bad_percent, edge_percent;
};
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline plain_chunk read_plain_chunk(const char* s) noexcept {
  const chunk_constants* c = &k_chunk_constants;
  const __m512i v = _mm512_loadu_si512(s);
  const __m512i low4 = load64(c->low4);
  const __m512i low = _mm512_and_si512(v, low4), high = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
  const __m512i bit = _mm512_shuffle_epi8(lanes4(k_high_bits), high);
  const std::uint64_t query = members64(k_query_rows, low, bit);
  const std::uint64_t percent = _mm512_cmpeq_epi8_mask(v, load64(c->percent));
  const std::uint64_t hex_or_marked = members64(k_hex_rows, low, bit);  // the marks of avx512.cpp
  const std::uint64_t hex = hex_or_marked & query;
  // No byte >= 0x80 is in `query`: its high nibble's bit is 0, or (8x, Ax) a control byte's, which
  // no class row has (without_controls in avx512.cpp), so `outside` has them all.
  return {
      v, high, low4, hex_or_marked, ~(query | percent), (percent << 1 | percent << 2) & ~hex, percent >> 62};
}

/// The lanes of "?" in chunk `c` when none of its lanes is in `bad` (the tests below: those
/// outside the class, and whatever each adds), all ones otherwise (k_not_plain in parse/one_pass.h).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t questions_unless(const plain_chunk& c,
                                                                                 std::uint64_t bad) noexcept {
  // One branch, however the "%" fall: they come at random in real text.
  return bad == 0 ? _mm512_cmpeq_epi8_mask(c.v, load64(k_chunk_constants.question)) : ~std::uint64_t{0};
}

/// The lanes of "?" in the 64 bytes at s (all readable) when they are ASCII members of k_query
/// (RFC 3987 ipath / iquery / ifragment characters over ASCII, "?" included) or "%" HEXDIG HEXDIG
/// triplets; all ones when they are not: a chunk of a long path, query or fragment in which the
/// one-pass loop would note nothing but where the path ends (no "#", no UTF-8 to check). A "%" in
/// the chunk's last two bytes is taken, its digits left to the next chunk: `step` is then where it
/// is (62 or 63), for the next chunk to start there and read the triplet whole; 64 otherwise. A
/// chunk of 64 "?" reads as not plain (the caller masks it in full, which is never wrong).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t plain_chunk_questions(
    const char* s, std::size_t& step) noexcept {
  const plain_chunk c = read_plain_chunk(s);
  // "%" at 62 (bit 0; at 63 too, it is a bad triplet) or at 63 alone.
  step = c.edge_percent == 0 ? 64 : (c.edge_percent & 1) != 0 ? 62 : 63;
  return questions_unless(c, c.outside | c.bad_percent);
}

/// plain_chunk_questions for a chunk that ends the text: a "%" in its last two bytes makes it not plain.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t plain_chunk_questions(
    const char* s) noexcept {
  const plain_chunk c = read_plain_chunk(s);
  return questions_unless(c, c.outside | c.bad_percent | c.edge_percent);
}

/// plain_chunk_questions for IRI text: the chunk's non-ASCII characters are plain too when
/// chunk_characters_plain takes them (s has at least three bytes of text before it: they are read). A
/// character cut by the chunk's end is left to the next chunk, unless the chunk `ends_text`.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::uint64_t plain_iri_chunk_questions(
    const char* s, bool ends_text) noexcept {
  const plain_chunk c = read_plain_chunk(s);
  const std::uint64_t non_ascii = _mm512_movepi8_mask(c.v);
  if (((c.outside & ~non_ascii) | c.bad_percent | c.edge_percent) != 0) return ~std::uint64_t{0};
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  const lead_carry carry = carry_into(u);
  if ((non_ascii | carry.due) != 0 &&
      (!chunk_characters_plain(s, c.v, c.high, c.low4, ~std::uint64_t{0}, non_ascii, c.hex_or_marked, carry,
                               7, !ends_text) ||
       (ends_text && cut_at(u + 64, 67))))
    return ~std::uint64_t{0};
  return _mm512_cmpeq_epi8_mask(c.v, load64(k_chunk_constants.question));
}

/// mask_text_chunk with AVX-512BW, for callers that asked chunk_masks_available(): the chunk is one
/// masked load (bytes past it read as zero, which is in no class), each class two lookups and one
/// test, each delimiter one compare; the UTF-8 test takes the chunk loaded again one byte earlier
/// (the full pair rules two and three bytes earlier too).
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool mask_chunk(const char* s, std::size_t n,
                                                                  chunk_place place,
                                                                  text_masks& out) noexcept {
  const chunk_constants* c = &k_chunk_constants;
  const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
  const __m512i v = _mm512_maskz_loadu_epi8(in, s);
  const __m512i low4 = load64(c->low4);
  const __m512i low = _mm512_and_si512(v, low4), high = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
  const __m512i bit = _mm512_shuffle_epi8(lanes4(k_high_bits), high);
  const std::uint64_t non_ascii = _mm512_movepi8_mask(v);
  out.query = members64(k_query_rows, low, bit);
  out.reg_name = members64(k_reg_name_rows, low, bit);
  out.scheme = members64(k_scheme_rows, low, bit);
  const std::uint64_t hex_or_marked = members64(k_hex_rows, low, bit);  // the marks of avx512.cpp
  out.hex = hex_or_marked & out.query;
  out.colon = _mm512_cmpeq_epi8_mask(v, load64(c->colon));
  out.slash = _mm512_cmpeq_epi8_mask(v, load64(c->slash));
  out.question = _mm512_cmpeq_epi8_mask(v, load64(c->question));
  out.hash = _mm512_cmpeq_epi8_mask(v, load64(c->hash));
  out.percent = _mm512_cmpeq_epi8_mask(v, load64(c->percent));
  out.non_ascii = non_ascii;
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  const bool after = place == chunk_place::middle || place == chunk_place::last;
  const bool before = place == chunk_place::first || place == chunk_place::middle;
  const lead_carry carry = after ? carry_into(u) : lead_carry{};
  // An ASCII chunk that no character from before goes on into: nothing for the UTF-8 rules to see
  // (no lead in it, none before it calling for continuation bytes here, nothing cut at its end).
  if ((non_ascii | carry.due) == 0) return true;
  if (!chunk_characters_plain(s, v, high, low4, in, non_ascii, hex_or_marked, carry, after ? 7 : 0, before))
    return false;
  if (before) return true;  // a character cut here goes on in the next chunk
  // A character cut by the end of the text where the lanes after it run out (the rules see the
  // zeros after a shorter chunk).
  return !cut_at(u + n, after ? n + 3 : n);
}

}  // namespace irikit::grammar::chunks

#endif
#endif  // IRIKIT_SIMD_AVX512_CHUNKS_H
