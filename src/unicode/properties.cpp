#include "unicode/properties.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

namespace irikit::unicode {
namespace {
UChar32 as_icu(char32_t cp) { return static_cast<UChar32>(cp); }
std::int8_t type_of(char32_t cp) { return u_charType(as_icu(cp)); }
}  // namespace

std::string_view general_category(char32_t cp) noexcept {
  const char* name = u_getPropertyValueName(UCHAR_GENERAL_CATEGORY, type_of(cp), U_SHORT_PROPERTY_NAME);
  return name != nullptr ? std::string_view(name) : std::string_view("Cn");
}

bool is_assigned(char32_t cp) noexcept { return type_of(cp) != U_UNASSIGNED || is_noncharacter(cp); }
bool is_private_use(char32_t cp) noexcept { return type_of(cp) == U_PRIVATE_USE_CHAR; }
bool is_control(char32_t cp) noexcept { return type_of(cp) == U_CONTROL_CHAR; }
bool is_format(char32_t cp) noexcept { return type_of(cp) == U_FORMAT_CHAR; }
bool is_space_separator(char32_t cp) noexcept { return type_of(cp) == U_SPACE_SEPARATOR; }
bool is_letter(char32_t cp) noexcept { return (U_GET_GC_MASK(as_icu(cp)) & U_GC_L_MASK) != 0; }
bool is_mark(char32_t cp) noexcept { return (U_GET_GC_MASK(as_icu(cp)) & U_GC_M_MASK) != 0; }
bool is_punctuation_or_symbol(char32_t cp) noexcept {
  return (U_GET_GC_MASK(as_icu(cp)) & (U_GC_P_MASK | U_GC_S_MASK)) != 0;
}
bool is_virama(char32_t cp) noexcept { return u_getCombiningClass(as_icu(cp)) == 9; }

bool is_in_spaceless_script(char32_t cp) noexcept {
  switch (script(cp)) {
    case USCRIPT_THAI:
    case USCRIPT_LAO:
    case USCRIPT_KHMER:
    case USCRIPT_MYANMAR:
    case USCRIPT_TIBETAN:
    case USCRIPT_LANNA:
    case USCRIPT_NEW_TAI_LUE:
    case USCRIPT_TAI_VIET:
    case USCRIPT_BALINESE:
    case USCRIPT_JAVANESE:
      return true;
    default:
      return false;
  }
}

bool is_uppercase(char32_t cp) noexcept {
  const std::int8_t t = type_of(cp);
  return t == U_UPPERCASE_LETTER || t == U_TITLECASE_LETTER;
}

int script(char32_t cp) noexcept {
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode s = uscript_getScript(as_icu(cp), &status);
  return U_SUCCESS(status) ? static_cast<int>(s) : static_cast<int>(USCRIPT_UNKNOWN);
}

bool is_script_neutral(int script_code) noexcept {
  return script_code == USCRIPT_COMMON || script_code == USCRIPT_INHERITED || script_code == USCRIPT_UNKNOWN;
}

std::string_view script_name(int script_code) noexcept {
  const char* name = uscript_getName(static_cast<UScriptCode>(script_code));
  return name != nullptr ? std::string_view(name) : std::string_view("Unknown");
}

std::string character_name(char32_t cp) {
  char buffer[128];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = u_charName(as_icu(cp), U_UNICODE_CHAR_NAME, buffer, sizeof buffer, &status);
  if (U_FAILURE(status) || n <= 0) return {};
  return std::string(buffer, static_cast<std::size_t>(n));
}

}  // namespace irikit::unicode
