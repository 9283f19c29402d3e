// SPDX-License-Identifier: MIT OR Apache-2.0
// The Unicode Bidirectional Algorithm (UAX #9), irikit's own, from its generated Unicode 17.0
// tables: Bidi_Class, the paired brackets and the mirrored glyphs (bidi.cpp). Text is handled as
// code points.
#ifndef IRIKIT_UNICODE_BIDI_H
#define IRIKIT_UNICODE_BIDI_H

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace irikit::unicode {

/// Bidi_Class (UAX #9 Table 4).
// clang-format off
enum class bidi_class : std::uint8_t {
  L, R, AL,                      // strong
  EN, ES, ET, AN, CS, NSM, BN,   // weak
  B, S, WS, ON,                  // neutral
  LRE, LRO, RLE, RLO, PDF,       // explicit embeddings and overrides
  LRI, RLI, FSI, PDI,            // explicit isolates
};
// clang-format on

bidi_class bidi_class_of(char32_t cp) noexcept;
/// "L", "R", "AL", "EN", …
std::string_view bidi_class_name(bidi_class c) noexcept;
/// R or AL.
constexpr bool is_strong_rtl(bidi_class c) noexcept { return c == bidi_class::R || c == bidi_class::AL; }

/// Bidi_Mirroring_Glyph: the mirrored character shown at an odd embedding level, or `cp` itself.
char32_t mirror(char32_t cp) noexcept;

/// The paragraph embedding level (UAX #9 P2–P3 or forced, as by HL1).
enum class paragraph_level : std::uint8_t { ltr, rtl, first_strong };

/// One paragraph after the algorithm has run: the resolved embedding level of every code point
/// (in logical order) and, for each visual position from left to right, the logical index shown
/// there. Line breaking is not modelled: the paragraph is one line.
struct bidi_layout {
  std::vector<std::uint8_t> levels;
  std::vector<std::uint32_t> visual_to_logical;
  /// The bracket-pairing work: the opening brackets pending on the UAX #9 BD16 stack, summed over
  /// every character (at most 63 per character, so linear in the text).
  std::size_t pairing_work = 0;
};

/// Runs UAX #9 on `text`, each paragraph (P1) shown as one line, in linear time. Bracket pairs
/// (BD16, N0) are found with BD16's stack of 63 elements: when an opening bracket finds it full,
/// no bracket after it in its isolating run sequence is paired, as BD16 prescribes.
bidi_layout layout_paragraph(std::u32string_view text, paragraph_level level);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_BIDI_H
