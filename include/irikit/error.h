// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/error.h — the error model shared by every irikit operation.
//
// Invalid input is never an exception: operations return `result<T>`, which holds either a value
// or a `parse_error` (a stable `error_code` plus the byte offset of the first offending
// character). The human-readable message is built on demand from the code, the offset and the
// input, so the error itself is two integers and costs nothing on the hot path.
//
//   auto r = irikit::parse_iri("http://exa mple.org/");
//   if (!r) {
//     std::cerr << irikit::describe(r.error(), "http://exa mple.org/") << '\n';
//     // byte 10: invalid-host-char: U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)
//   }
#ifndef IRIKIT_ERROR_H
#define IRIKIT_ERROR_H

#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// Stable error codes. The kebab-case names returned by `code_name` are part of the CLI contract
/// (`--json` output) and never change meaning; new codes are only ever appended.
enum class error_code : std::uint8_t {
  ok = 0,
  // UTF-8 (RFC 3629; RFC 3987 §8 on overlong forms such as %C0%AF)
  utf8_invalid_byte,  ///< a byte that can never start a UTF-8 sequence (0x80–0xBF lead, 0xF8–0xFF)
  utf8_truncated,     ///< a multi-byte sequence cut short by the end of input or a non-continuation byte
  utf8_overlong,      ///< an overlong encoding (0xC0, 0xC1, 0xE0 0x80–0x9F, 0xF0 0x80–0x8F)
  utf8_surrogate,     ///< an encoded UTF-16 surrogate (U+D800–U+DFFF)
  utf8_out_of_range,  ///< a code point above U+10FFFF
  // Structure
  input_too_long,       ///< more than 4 GiB − 1 bytes: offsets are 32-bit
  missing_scheme,       ///< the rule requires a scheme (IRI, absolute-IRI, URI, absolute-URI)
  unexpected_scheme,    ///< the rule forbids a scheme (irelative-ref, relative-ref)
  empty_scheme,         ///< ":" with nothing before it
  invalid_scheme_char,  ///< scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  unexpected_fragment,  ///< absolute-IRI / absolute-URI have no fragment
  // Characters, per component (RFC 3987 §2.2)
  invalid_userinfo_char,
  invalid_host_char,
  invalid_port_char,
  invalid_path_char,
  invalid_query_char,
  invalid_fragment_char,
  invalid_percent_encoding,  ///< "%" not followed by two hexadecimal digits
  non_ascii_in_uri,          ///< a non-ASCII character where a URI rule was asked for (RFC 3987 §3.1)
  bidi_formatting_char,      ///< LRM, RLM, ALM, LRE…RLO, PDF, LRI…PDI: forbidden in IRIs (RFC 3987 §4.1)
  iprivate_outside_query,    ///< iprivate is only allowed in iquery (RFC 3987 §2.2)
  // Hosts
  invalid_ip_literal,  ///< "[" … "]" that is neither IPv6address nor IPvFuture, or unclosed
  invalid_ipv6,        ///< IPv6address (RFC 3986 §3.2.2)
  invalid_ipvfuture,   ///< IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  invalid_utf16,       ///< an unpaired surrogate in UTF-16 input
  invalid_utf32,       ///< a surrogate or a value above U+10FFFF in UTF-32 input
  // Conversion (RFC 3987 §3)
  unsafe_ascii_char,      ///< to_uri: space < > " { } | \ ^ ` — "the conversion SHOULD fail" (§3.1)
  idna_failed,            ///< the host could not be converted by IDNA (3987bis: the whole conversion fails)
  unknown_charset,        ///< a charset name the Unicode backend does not know
  charset_decode_failed,  ///< input bytes that are not valid in the named legacy charset
  charset_unmappable,     ///< a character the target legacy charset cannot represent
  // Resolution and relativization (RFC 3986 §5)
  not_relativizable,  ///< no reference resolves back to the target (e.g. it has dot-segments)
  // Cancellation (irikit/cancel.h)
  cancelled,  ///< the calling thread's cancellation hook stopped the operation
  // Canonicalization (irikit/canon.h)
  port_out_of_range,  ///< a port above 65535 where the profile reads it as a number
  invalid_ipv4,       ///< a host the profile reads as IPv4 with a part out of range
  // New codes are appended here, with a matching row in src/parse/error.cpp.
};

/// The stable kebab-case name of a code, e.g. "invalid-path-char".
std::string_view code_name(error_code code) noexcept;

/// A failure: what went wrong and the byte offset (in the UTF-8 input) of the first offending
/// character. For UTF-16/UTF-32 entry points the offset counts code units of that input.
struct parse_error {
  error_code code = error_code::ok;
  std::uint32_t offset = 0;

  friend bool operator==(const parse_error&, const parse_error&) = default;
};

/// A one-line message naming the character (as U+XXXX, or the raw byte for invalid UTF-8) and the
/// rule it breaks, e.g. "U+0020 is not allowed in ipath (RFC 3987 §2.2 ipchar)". `input` is the
/// text that was parsed; pass an empty view when it is not at hand.
std::string error_message(const parse_error& error, std::string_view input);

/// "byte N: code-name: message" — the form the `iri` tool prints.
std::string describe(const parse_error& error, std::string_view input);

/// How the character at byte `offset` of `input` is named in every message of the library and its
/// bindings: "U+0020"; "U+D800 (bytes ED A0 80)" for the bytes a lone surrogate has when a string
/// that holds one is encoded anyway (RFC 3629 §3 excludes them); "byte 0xC0" where no other
/// well-formed UTF-8 character starts; "the end of the input" at or past the end.
std::string character_name(std::string_view input, std::uint32_t offset);

/// Where the character at byte `offset` stands, in one line with at most `context` bytes of text on
/// each side (cut at character boundaries, "..." where cut; invisible characters, bytes that are
/// not UTF-8, '"' and '\' escaped), e.g. for "http://exa mple.org/" and 10:
///   The character at byte 10 is U+0020 " ", after "http://exa" and before "mple.org/".
/// A visible character is shown after its name (`U+00E9 "é"`). PostgreSQL's HINT and the tool's
/// messages use it.
std::string describe_position(std::string_view input, std::uint32_t offset, std::size_t context = 24);

/// `std::expected`-shaped result: holds a T or a parse_error. Member names follow `std::expected`
/// so this can become an alias once every supported compiler ships <expected>.
template <class T>
class [[nodiscard]] result {
 public:
  using value_type = T;
  using error_type = parse_error;

  template <class U = T, class = std::enable_if_t<std::is_constructible_v<T, U&&>>>
  result(U&& value) : state_(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT
  result(parse_error error) : state_(std::in_place_index<1>, error) {}           // NOLINT

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & {
    assert(has_value());
    return *std::get_if<0>(&state_);
  }
  const T& value() const& {
    assert(has_value());
    return *std::get_if<0>(&state_);
  }
  T&& value() && {
    assert(has_value());
    return std::move(*std::get_if<0>(&state_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const parse_error& error() const {
    assert(!has_value());
    return *std::get_if<1>(&state_);
  }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
  }

 private:
  std::variant<T, parse_error> state_;
};

/// result<void>: success, or a parse_error.
template <>
class [[nodiscard]] result<void> {
 public:
  using value_type = void;
  using error_type = parse_error;

  result() = default;
  result(parse_error error) : error_(error) {}  // NOLINT

  bool has_value() const noexcept { return error_.code == error_code::ok; }
  explicit operator bool() const noexcept { return has_value(); }
  const parse_error& error() const {
    assert(!has_value());
    return error_;
  }

 private:
  parse_error error_{};
};

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_ERROR_H
