// SPDX-License-Identifier: MIT OR Apache-2.0
// The edit stage's percent-encoding: which characters each component writes as themselves (derived
// from grammar/char_class.h's table and grammar/code_points.h's ranges, never a second copy of
// them), and the encoder and decoder the setters and views share.
#ifndef IRIKIT_EDIT_ENCODE_H
#define IRIKIT_EDIT_ENCODE_H

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "grammar/char_class.h"
#include "irikit/error.h"

namespace irikit::edit_detail {

/// The characters a component writes as themselves; every other one is percent-encoded.
enum class encode_set : std::uint8_t {
  userinfo,    ///< iuserinfo: iunreserved / sub-delims / ":"
  reg_name,    ///< ireg-name: iunreserved / sub-delims
  path,        ///< ipath: ipchar / "/"
  path_nc,     ///< the first segment of ipath-noscheme: ipath without ":" (RFC 3986 §4.2)
  segment,     ///< isegment: ipchar
  segment_nc,  ///< isegment-nz-nc: ipchar without ":"
  query,       ///< iquery: ipchar / iprivate / "/" / "?"
  fragment,    ///< ifragment: ipchar / "/" / "?"
  key,         ///< a query key: iquery without "&" and "="
  value,       ///< a query value: iquery without "&"
  key_form,    ///< a form key: iquery without "&", "=" and "+"; a space is written "+"
  value_form,  ///< a form value: iquery without "&" and "+"; a space is written "+"
};

struct encode_traits {
  std::array<bool, 128> keep{};  ///< ASCII written as itself
  bool iprivate = false;         ///< iprivate code points written as themselves (iquery only)
  bool space_as_plus = false;    ///< form flavour
};

namespace detail {
constexpr encode_traits make_traits(grammar::char_mask mask, std::string_view minus, bool iprivate,
                                    bool plus) {
  encode_traits t;
  for (int c = 0; c < 128; ++c) t.keep[c] = grammar::is_in(static_cast<unsigned char>(c), mask);
  for (char c : minus) t.keep[static_cast<unsigned char>(c)] = false;
  t.iprivate = iprivate;
  t.space_as_plus = plus;
  return t;
}
}  // namespace detail

inline constexpr std::array<encode_traits, 12> k_encode_traits{
    detail::make_traits(grammar::k_userinfo, "", false, false),
    detail::make_traits(grammar::k_reg_name, "", false, false),
    detail::make_traits(grammar::k_path, "", false, false),
    detail::make_traits(grammar::k_path, ":", false, false),
    detail::make_traits(grammar::k_path, "/", false, false),
    detail::make_traits(grammar::k_path, "/:", false, false),
    detail::make_traits(grammar::k_query, "", true, false),
    detail::make_traits(grammar::k_query, "", false, false),
    detail::make_traits(grammar::k_query, "&=", true, false),
    detail::make_traits(grammar::k_query, "&", true, false),
    detail::make_traits(grammar::k_query, "&=+", true, true),
    detail::make_traits(grammar::k_query, "&+", true, true),
};

constexpr const encode_traits& traits(encode_set s) noexcept { return k_encode_traits[static_cast<int>(s)]; }

/// Appends `text` to `out`, percent-encoding (UTF-8, uppercase hex, RFC 3986 §2.1) every character
/// `set` does not keep: ASCII outside its class, "%" always, and non-ASCII characters that are not
/// ucschar (or iprivate where allowed) or are bidi formatting characters (RFC 3987 §4.1). On invalid
/// UTF-8 returns utf8_* with the offset in `text` (`out` then holds a partial result).
parse_error encode_append(std::string& out, std::string_view text, encode_set set);

/// Appends the decoding of valid encoded text: "%HH" becomes the octet, and "+" a space when
/// `plus_as_space`.
void decode_append(std::string& out, std::string_view encoded, bool plus_as_space);

/// Whether `encoded` decodes to exactly `plain` (no allocation).
bool decodes_to(std::string_view encoded, std::string_view plain, bool plus_as_space) noexcept;

/// Whether `part` points into `whole`'s characters (an argument taken from the builder's own text).
inline bool aliases(const std::string& whole, std::string_view part) noexcept {
  const auto b = reinterpret_cast<std::uintptr_t>(whole.data());
  const auto x = reinterpret_cast<std::uintptr_t>(part.data());
  return !part.empty() && x >= b && x < b + whole.size();
}

}  // namespace irikit::edit_detail

#endif  // IRIKIT_EDIT_ENCODE_H
