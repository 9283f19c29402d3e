// SPDX-License-Identifier: MIT OR Apache-2.0
#include "unicode/ucd.h"

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace irikit::unicode::ucd {
namespace tables {
#include "unicode/tables/properties.inc"
}  // namespace tables

gc general_category(char32_t cp) noexcept { return static_cast<gc>(tables::general_category_raw(cp)); }

std::string_view general_category_name(gc g) noexcept {
  static constexpr std::string_view names[] = {"Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd",
                                               "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm",
                                               "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co"};
  const auto i = static_cast<std::size_t>(g);
  return i < std::size(names) ? names[i] : "Cn";
}

std::uint8_t bidi_class_raw(char32_t cp) noexcept { return tables::bidi_class_raw(cp); }

joining_type joining_type_of(char32_t cp) noexcept {
  return static_cast<joining_type>(tables::joining_type_raw(cp));
}

int script(char32_t cp) noexcept { return tables::script_raw(cp); }

std::string_view script_name(int s) noexcept {
  return s >= 0 && s < script_count() ? tables::k_script_names[s] : "Unknown";
}

int script_count() noexcept { return static_cast<int>(std::size(tables::k_script_names)); }

int script_extensions(char32_t cp, int* out, int capacity) noexcept {
  const std::uint16_t at = tables::script_extensions_raw(cp);
  if (at == 0) {
    if (capacity > 0) out[0] = script(cp);
    return capacity > 0 ? 1 : 0;
  }
  const int n = tables::k_script_extension_sets[at];
  int written = 0;
  for (int k = 0; k < n && written < capacity; ++k)
    out[written++] = tables::k_script_extension_sets[at + 1 + k];
  return written;
}

std::uint32_t script_extensions_key(char32_t cp) noexcept {
  // A list of the table's (at > 0), or the Script alone (numbered above every list's index).
  const std::uint16_t at = tables::script_extensions_raw(cp);
  return at != 0 ? at : 0x10000u + static_cast<std::uint32_t>(script(cp));
}

std::string_view age(char32_t cp) noexcept {
  const std::uint8_t a = tables::age_raw(cp);
  return a == 0 ? std::string_view() : std::string_view(tables::k_age_names[a]);
}

int age_number(char32_t cp) noexcept {
  const std::string_view a = age(cp);
  if (a.empty()) return 0;
  int major = 0, minor = 0;
  std::size_t i = 0;
  for (; i < a.size() && a[i] != '.'; ++i) major = major * 10 + (a[i] - '0');
  for (++i; i < a.size(); ++i) minor = minor * 10 + (a[i] - '0');
  return major * 100 + minor;
}

bool identifier_allowed(char32_t cp) noexcept { return (tables::identifier_raw(cp) & 1) != 0; }

std::uint16_t identifier_types(char32_t cp) noexcept {
  return static_cast<std::uint16_t>(tables::identifier_raw(cp) >> 1);
}

std::string_view identifier_type_name(int bit) noexcept {
  return bit >= 0 && bit < static_cast<int>(std::size(tables::k_identifier_types))
             ? tables::k_identifier_types[bit]
             : "";
}

bool is_default_ignorable(char32_t cp) noexcept { return tables::default_ignorable_raw(cp) != 0; }

}  // namespace irikit::unicode::ucd
