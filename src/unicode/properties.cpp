// SPDX-License-Identifier: MIT OR Apache-2.0
// Character properties from irikit's generated Unicode tables (ucd.h), character names included
// (tables/names.inc: UnicodeData.txt's names, word-dictionary compressed, and the algorithmic
// names of Unicode §4.8).
#include "unicode/properties.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>

#include "unicode/normalize.h"
#include "unicode/ucd.h"

namespace irikit::unicode {
namespace tables {
#include "unicode/tables/names.inc"
}  // namespace tables

namespace {
using ucd::gc;
gc category(char32_t cp) noexcept { return ucd::general_category(cp); }

/// The script number of a script's name (-1 when the tables have no such script).
int script_named(std::string_view name) noexcept {
  for (int s = 0; s < ucd::script_count(); ++s) {
    if (ucd::script_name(s) == name) return s;
  }
  return -1;
}
}  // namespace

std::string_view general_category(char32_t cp) noexcept { return ucd::general_category_name(category(cp)); }

bool is_assigned(char32_t cp) noexcept { return category(cp) != gc::Cn || is_noncharacter(cp); }
bool is_private_use(char32_t cp) noexcept { return category(cp) == gc::Co; }
bool is_control(char32_t cp) noexcept { return category(cp) == gc::Cc; }
bool is_format(char32_t cp) noexcept { return category(cp) == gc::Cf; }
bool is_space_separator(char32_t cp) noexcept { return category(cp) == gc::Zs; }
bool is_letter(char32_t cp) noexcept {
  const gc g = category(cp);
  return g == gc::Lu || g == gc::Ll || g == gc::Lt || g == gc::Lm || g == gc::Lo;
}
bool is_mark(char32_t cp) noexcept { return ucd::is_mark(category(cp)); }
bool is_punctuation_or_symbol(char32_t cp) noexcept {
  const gc g = category(cp);
  return (g >= gc::Pc && g <= gc::Po) || (g >= gc::Sm && g <= gc::So);
}
bool is_virama(char32_t cp) noexcept { return combining_class(cp) == 9; }

bool is_in_spaceless_script(char32_t cp) noexcept {
  static const std::array<int, 10> spaceless = {script_named("Thai"),        script_named("Lao"),
                                                script_named("Khmer"),       script_named("Myanmar"),
                                                script_named("Tibetan"),     script_named("Tai_Tham"),
                                                script_named("New_Tai_Lue"), script_named("Tai_Viet"),
                                                script_named("Balinese"),    script_named("Javanese")};
  const int s = script(cp);
  for (const int t : spaceless) {
    if (s == t) return true;
  }
  return false;
}

bool is_uppercase(char32_t cp) noexcept {
  const gc g = category(cp);
  return g == gc::Lu || g == gc::Lt;
}

int script(char32_t cp) noexcept { return ucd::script(cp); }

// The generator numbers Unknown, Common and Inherited 0, 1 and 2.
bool is_script_neutral(int script_code) noexcept { return script_code >= 0 && script_code <= 2; }

std::string_view script_name(int script_code) noexcept { return ucd::script_name(script_code); }

namespace {

/// Unicode §3.12, Hangul syllable name generation (§4.8 NR1): "HANGUL SYLLABLE " and the short
/// names (Jamo.txt) of the syllable's leading consonant, vowel and trailing consonant.
std::string hangul_syllable_name(char32_t cp) {
  static constexpr std::array<std::string_view, 19> leading = {
      "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"};
  static constexpr std::array<std::string_view, 21> vowel = {"A",   "AE", "YA", "YAE", "EO", "E",  "YEO",
                                                             "YE",  "O",  "WA", "WAE", "OE", "YO", "U",
                                                             "WEO", "WE", "WI", "YU",  "EU", "YI", "I"};
  static constexpr std::array<std::string_view, 28> trailing = {
      "",   "G",  "GG", "GS", "N",  "NJ", "NH", "D",  "L", "LG", "LM", "LB", "LS", "LT",
      "LP", "LH", "M",  "B",  "BS", "S",  "SS", "NG", "J", "C",  "K",  "T",  "P",  "H"};
  const std::size_t index = cp - 0xAC00;  // SIndex
  std::string name = "HANGUL SYLLABLE ";
  name += leading[index / (21 * 28)];
  name += vowel[(index % (21 * 28)) / 28];
  name += trailing[index % 28];
  return name;
}

/// Appends word `w` of the names' dictionary.
void append_word(std::size_t w, std::string& out) {
  std::size_t at = tables::k_name_word_offsets[w / 16];
  for (std::size_t k = w % 16; k > 0; --k) at += 1 + tables::k_name_word_chars[at];
  const std::size_t length = tables::k_name_word_chars[at];
  out.append(reinterpret_cast<const char*>(&tables::k_name_word_chars[at + 1]), length);
}

/// Name number `k` of the compressed names.
std::string explicit_name(std::size_t k) {
  std::size_t at = tables::k_name_offsets[k / 32];
  for (std::size_t skip = k % 32; skip > 0; --skip) at += 1 + tables::k_name_bytes[at];
  const std::size_t end = at + 1 + tables::k_name_bytes[at];
  std::string name;
  for (std::size_t i = at + 1; i < end;) {
    std::size_t w = tables::k_name_bytes[i++];
    if (w >= tables::k_name_one_byte)
      w = (w - tables::k_name_one_byte) * 256 + tables::k_name_bytes[i++] + tables::k_name_one_byte;
    if (!name.empty()) name.push_back(' ');
    append_word(w, name);
  }
  return name;
}

}  // namespace

std::string character_name(char32_t cp) {
  if (cp >= 0xAC00 && cp <= 0xD7A3) return hangul_syllable_name(cp);  // NR1
  const std::size_t ranges = std::size(tables::k_name_algorithmic) / 3;
  for (std::size_t k = 0; k < ranges; ++k) {  // NR2: prefix and code point in hex
    const std::uint32_t* r = &tables::k_name_algorithmic[3 * k];
    if (cp >= r[0] && cp <= r[1]) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(cp));
      return std::string(tables::k_name_prefixes[r[2]]) + hex;
    }
  }
  // The runs of named code points, by binary search on their first code points.
  std::size_t lo = 0, hi = std::size(tables::k_name_runs) / 3;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (tables::k_name_runs[3 * mid] <= cp) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == 0) return {};
  const std::uint32_t* run = &tables::k_name_runs[3 * (lo - 1)];
  if (cp - run[0] >= run[1]) return {};
  return explicit_name(run[2] + (cp - run[0]));
}

}  // namespace irikit::unicode
