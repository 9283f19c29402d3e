// SPDX-License-Identifier: MIT OR Apache-2.0
// Character properties from irikit's generated Unicode tables (ucd.h), but for character
// names, which still come from ICU (a names table would be the largest of all, and names are
// only shown in lint messages; docs/design.md, "What ICU still does").
#include "unicode/properties.h"

#include <unicode/uchar.h>

#include <array>

#include "unicode/normalize.h"
#include "unicode/ucd.h"

namespace irikit::unicode {
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

std::string character_name(char32_t cp) {
  char buffer[128];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = u_charName(static_cast<UChar32>(cp), U_UNICODE_CHAR_NAME, buffer, sizeof buffer, &status);
  if (U_FAILURE(status) || n <= 0) return {};
  return std::string(buffer, static_cast<std::size_t>(n));
}

}  // namespace irikit::unicode
