// SPDX-License-Identifier: MIT OR Apache-2.0
// Character properties from the Unicode Character Database (irikit's generated tables): general
// category, script, names. Used by lint (RFC 3987 §6.1, §7.5) and bidi (§4).
#ifndef IRIKIT_UNICODE_PROPERTIES_H
#define IRIKIT_UNICODE_PROPERTIES_H

#include <cstdint>
#include <string>
#include <string_view>

namespace irikit::unicode {

/// The two-letter General_Category alias ("Lu", "Cn", "Zs", …) of `cp`.
std::string_view general_category(char32_t cp) noexcept;

/// General_Category != Cn, or a noncharacter (noncharacters are Cn but permanently reserved).
bool is_assigned(char32_t cp) noexcept;
/// Noncharacter_Code_Point: U+FDD0–FDEF and the last two code points of every plane.
constexpr bool is_noncharacter(char32_t cp) noexcept {
  return (cp >= 0xFDD0 && cp <= 0xFDEF) || ((cp & 0xFFFE) == 0xFFFE && cp <= 0x10FFFF);
}
/// General_Category = Co (private use).
bool is_private_use(char32_t cp) noexcept;
/// General_Category = Cc (C0, DEL, C1 controls).
bool is_control(char32_t cp) noexcept;
/// General_Category = Cf (format characters: ZWSP, ZWJ, soft hyphen, BOM, tags…).
bool is_format(char32_t cp) noexcept;
/// General_Category = Zs (space separators, including U+0020).
bool is_space_separator(char32_t cp) noexcept;
/// General_Category L* (letters).
bool is_letter(char32_t cp) noexcept;
/// General_Category M* (combining marks).
bool is_mark(char32_t cp) noexcept;
/// General_Category P* or S* (punctuation and symbols).
bool is_punctuation_or_symbol(char32_t cp) noexcept;
/// Canonical_Combining_Class = 9 (Virama).
bool is_virama(char32_t cp) noexcept;
/// Whether `cp` belongs to a script written without spaces between words, where U+200B ZERO
/// WIDTH SPACE marks word boundaries (Thai, Lao, Khmer, Myanmar, Tibetan and a few more).
bool is_in_spaceless_script(char32_t cp) noexcept;
/// General_Category = Lu or Lt.
bool is_uppercase(char32_t cp) noexcept;

/// The Script property value, as a number of the generated tables (stable within one build only:
/// compare with script(sample character) or script_name, never with a constant).
int script(char32_t cp) noexcept;
/// Whether the Script is Common, Inherited or Unknown (characters that do not decide a script).
bool is_script_neutral(int script_code) noexcept;
/// The long Script name ("Latin", "Cyrillic", "Han").
std::string_view script_name(int script_code) noexcept;

/// The Unicode character name ("FULLWIDTH SOLIDUS"), or "" when it has none.
std::string character_name(char32_t cp);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_PROPERTIES_H
