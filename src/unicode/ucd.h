// SPDX-License-Identifier: MIT OR Apache-2.0
// Character properties from irikit's generated Unicode tables (src/unicode/tables/properties.inc,
// scripts/gen_unicode_tables.py): the raw values the rest of src/unicode/ builds on. Internal to
// src/unicode/; callers outside use properties.h, bidi.h, idna.h and spoof.h.
#ifndef IRIKIT_UNICODE_UCD_H
#define IRIKIT_UNICODE_UCD_H

#include <cstdint>
#include <string_view>

namespace irikit::unicode::ucd {

/// General_Category, in this order (the generator's): Cn Lu Ll Lt Lm Lo Mn Mc Me Nd Nl No Pc Pd
/// Ps Pe Pi Pf Po Sm Sc Sk So Zs Zl Zp Cc Cf Cs Co.
enum class gc : std::uint8_t {
  Cn,
  Lu,
  Ll,
  Lt,
  Lm,
  Lo,
  Mn,
  Mc,
  Me,
  Nd,
  Nl,
  No,
  Pc,
  Pd,
  Ps,
  Pe,
  Pi,
  Pf,
  Po,
  Sm,
  Sc,
  Sk,
  So,
  Zs,
  Zl,
  Zp,
  Cc,
  Cf,
  Cs,
  Co,
};
gc general_category(char32_t cp) noexcept;
std::string_view general_category_name(gc g) noexcept;
constexpr bool is_mark(gc g) noexcept { return g == gc::Mn || g == gc::Mc || g == gc::Me; }

/// Bidi_Class as the number of irikit::unicode::bidi_class (bidi.h; the same order).
std::uint8_t bidi_class_raw(char32_t cp) noexcept;

/// Joining_Type (DerivedJoiningType.txt; U when unlisted).
enum class joining_type : std::uint8_t { U, C, D, R, L, T };
joining_type joining_type_of(char32_t cp) noexcept;

/// Script as an index into the generator's list (0 Unknown, 1 Common, 2 Inherited, then the
/// others in order of first appearance in Scripts.txt).
int script(char32_t cp) noexcept;
std::string_view script_name(int script) noexcept;
int script_count() noexcept;
/// Script_Extensions: the scripts of `cp` (its Script alone when it has no extensions). Returns
/// the number written to `out` (at most `capacity`).
int script_extensions(char32_t cp, int* out, int capacity) noexcept;
/// A number that two code points share exactly when their Script_Extensions are the same list
/// (so a caller can skip a code point whose scripts it has just seen).
std::uint32_t script_extensions_key(char32_t cp) noexcept;

/// The Unicode version that assigned `cp` ("1.1" … "17.0"), "" when unassigned.
std::string_view age(char32_t cp) noexcept;
/// Age as a number major * 100 + minor (0 when unassigned): age_number(cp) <= 1500 for
/// characters of Unicode 15.0.
int age_number(char32_t cp) noexcept;

/// UTS #39 Identifier_Status = Allowed.
bool identifier_allowed(char32_t cp) noexcept;
/// UTS #39 Identifier_Type: a bit set over identifier_type_name(0..11); 0 = Not_Character.
std::uint16_t identifier_types(char32_t cp) noexcept;
std::string_view identifier_type_name(int bit) noexcept;

bool is_default_ignorable(char32_t cp) noexcept;

}  // namespace irikit::unicode::ucd

#endif  // IRIKIT_UNICODE_UCD_H
