// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/whatwg.h — the WHATWG URL Standard, irikit's second processing mode ("web" rules).
//
// RFC 3987 (iri.h) is the IETF's IRI: strict, and a reference means what its characters say.
// Browsers, Node and crawlers process links by the WHATWG URL Standard instead: lenient where pages
// contain junk (spaces, backslashes, tabs), strict where a URL must be usable (hosts, ports), and
// it rewrites what it accepts (percent-encodes, lowercases, resolves dot segments, maps IDNs to
// ASCII). This header is that Standard: the basic URL parser (§4.4, with a base, with an encoding
// for queries), the URL record (§4.1), the serializer and every getter and setter of the `URL`
// class (§4.5, §6.1), host parsing (§3.5: domains through UTS #46, IPv4 in every number form,
// IPv6, opaque hosts), origins (§4.7), `application/x-www-form-urlencoded` and `URLSearchParams`
// (§5, §6.2), and validation errors under the Standard's names, reported while the URL is still
// returned. Section numbers are those of the URL Standard (url.spec.whatwg.org).
//
//   auto u = irikit::whatwg::parse("HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f");
//   // u->href() == "http://example.com/a/c?q=1%202#f", u->host() == "example.com"
//   auto r = irikit::whatwg::parse("../d", &*u);                  // relative to a base
//   // r->href() == "http://example.com/d"
//   std::vector<irikit::whatwg::validation> notes;
//   auto v = irikit::whatwg::parse("https:\\\\ex.com\\x", nullptr, &notes);
//   // v->href() == "https://ex.com/x"; notes name "special-scheme-missing-following-solidus" and
//   // "invalid-reverse-solidus" with their byte offsets
//
// Input is UTF-8; an ill-formed sequence is read as U+FFFD (as a browser's decoder would) and
// reported as "invalid-URL-unit" at its first byte. Failure is a `url_error`: the validation error
// that made the Standard return failure, and the byte offset in the input where it was found.
// Offsets are bytes of the caller's input, except after an ASCII tab or newline, which the
// Standard removes before parsing: past one, they count the text without it.
#ifndef IRIKIT_WHATWG_H
#define IRIKIT_WHATWG_H

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "irikit/error.h"

namespace irikit::whatwg {

namespace detail {
struct detail_access;  // src/whatwg/url.cpp: assembly and the setters' splices (internal, not exported)
}

#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The validation errors of the URL Standard (§4.3 and §3.5 tables), in the Standard's order.
/// `error_name` gives the Standard's own spelling ("IPv4-non-decimal-part"); new values are only
/// ever appended.
enum class validation_error : std::uint8_t {
  domain_to_ascii,                           ///< "domain-to-ASCII" (failure)
  domain_to_unicode,                         ///< "domain-to-Unicode"
  domain_invalid_code_point,                 ///< "domain-invalid-code-point" (failure)
  host_invalid_code_point,                   ///< "host-invalid-code-point" (failure)
  ipv4_empty_part,                           ///< "IPv4-empty-part"
  ipv4_too_many_parts,                       ///< "IPv4-too-many-parts" (failure)
  ipv4_non_numeric_part,                     ///< "IPv4-non-numeric-part" (failure)
  ipv4_non_decimal_part,                     ///< "IPv4-non-decimal-part"
  ipv4_out_of_range_part,                    ///< "IPv4-out-of-range-part" (failure if not the last part)
  ipv6_unclosed,                             ///< "IPv6-unclosed" (failure)
  ipv6_invalid_compression,                  ///< "IPv6-invalid-compression" (failure)
  ipv6_too_many_pieces,                      ///< "IPv6-too-many-pieces" (failure)
  ipv6_multiple_compression,                 ///< "IPv6-multiple-compression" (failure)
  ipv6_invalid_code_point,                   ///< "IPv6-invalid-code-point" (failure)
  ipv6_too_few_pieces,                       ///< "IPv6-too-few-pieces" (failure)
  ipv4_in_ipv6_too_many_pieces,              ///< "IPv4-in-IPv6-too-many-pieces" (failure)
  ipv4_in_ipv6_invalid_code_point,           ///< "IPv4-in-IPv6-invalid-code-point" (failure)
  ipv4_in_ipv6_out_of_range_part,            ///< "IPv4-in-IPv6-out-of-range-part" (failure)
  ipv4_in_ipv6_too_few_parts,                ///< "IPv4-in-IPv6-too-few-parts" (failure)
  invalid_url_unit,                          ///< "invalid-URL-unit"
  special_scheme_missing_following_solidus,  ///< "special-scheme-missing-following-solidus"
  missing_scheme_non_relative_url,           ///< "missing-scheme-non-relative-URL" (failure)
  invalid_reverse_solidus,                   ///< "invalid-reverse-solidus"
  invalid_credentials,                       ///< "invalid-credentials"
  host_missing,                              ///< "host-missing" (failure)
  port_out_of_range,                         ///< "port-out-of-range" (failure)
  port_invalid,                              ///< "port-invalid" (failure)
  file_invalid_windows_drive_letter,         ///< "file-invalid-Windows-drive-letter"
  file_invalid_windows_drive_letter_host,    ///< "file-invalid-Windows-drive-letter-host"
  // Not a validation error of the Standard: a state override (a setter, §6.1) refused the value,
  // e.g. `protocol = "file"` on a URL with a port. The URL is left unchanged.
  setter_refused,  ///< "setter-refused"
  // Not of the Standard either: the calling thread's cancellation hook (irikit/cancel.h) stopped the
  // parse. The C API returns IRIKIT_E_CANCELLED (33), the code of error_code::cancelled, for it.
  cancelled,  ///< "cancelled"
};

/// The Standard's name of a validation error, e.g. "IPv4-non-decimal-part".
std::string_view error_name(validation_error e) noexcept;
/// A one-line explanation, e.g. "an IPv4 address part is written in hexadecimal or octal".
std::string_view error_description(validation_error e) noexcept;

/// One validation error and the byte offset in the input where it was found.
struct validation {
  validation_error error;
  std::uint32_t offset = 0;
  friend bool operator==(const validation&, const validation&) = default;
};

/// Why a parse returned failure: the validation error that made it fail, and where.
using url_error = validation;

/// "byte N: name: description" — the form the `iri` tool prints.
std::string describe(const url_error& e);

/// `std::expected`-shaped result, like irikit::result but with the Standard's error vocabulary.
template <class T>
class [[nodiscard]] result {
 public:
  template <class U = T, class = std::enable_if_t<std::is_constructible_v<T, U&&>>>
  result(U&& value) : state_(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT
  result(url_error error) : state_(std::in_place_index<1>, error) {}             // NOLINT

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }
  T& value() & { return *std::get_if<0>(&state_); }
  const T& value() const& { return *std::get_if<0>(&state_); }
  T&& value() && { return std::move(*std::get_if<0>(&state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const url_error& error() const {
    assert(!has_value());
    return *std::get_if<1>(&state_);
  }

 private:
  std::variant<T, url_error> state_;
};

/// What a URL's host is (§3.1). `none` is the Standard's null host.
enum class host_type : std::uint8_t { none, domain, ipv4, ipv6, opaque, empty };

/// "none", "domain", "ipv4", "ipv6", "opaque", "empty".
std::string_view host_type_name(host_type t) noexcept;

/// A URL (§4.1): one string, its href, plus the offsets of the components in it. Getters are the
/// `URL` class's (§6.1) and return views into href; setters run the Standard's state overrides.
/// Always valid: a setter given a value the Standard refuses leaves the URL unchanged.
class url {
 public:
  url() = default;  ///< not a URL until assigned from parse(); href() is empty

  // The URL class's getters (§6.1), serialized as the Standard says.
  std::string_view href() const noexcept { return href_; }
  std::string_view protocol() const noexcept { return std::string_view(href_).substr(0, scheme_end_ + 1); }
  std::string_view username() const noexcept { return slice(username_begin_, username_end_); }
  std::string_view password() const noexcept {
    return password_end_ > username_end_ ? slice(username_end_ + 1, password_end_) : std::string_view();
  }
  std::string_view host() const noexcept { return slice(host_begin_, path_begin_); }  ///< with ":port"
  std::string_view hostname() const noexcept { return slice(host_begin_, host_end_); }
  std::string_view port() const noexcept {
    return port_ < 0 ? std::string_view() : slice(host_end_ + 1, path_begin_);
  }
  std::string_view pathname() const noexcept { return slice(pathname_begin_, path_end()); }
  std::string_view search() const noexcept {
    return query_begin_ == npos || path_end_of_query() - query_begin_ <= 1
               ? std::string_view()
               : slice(query_begin_, path_end_of_query());
  }
  std::string_view hash() const noexcept {
    return fragment_begin_ == npos || href_.size() - fragment_begin_ <= 1
               ? std::string_view()
               : slice(fragment_begin_, static_cast<std::uint32_t>(href_.size()));
  }
  /// The ASCII serialization of the origin (§4.7): "https://example.com:8443", or "null" for an
  /// opaque origin.
  std::string origin() const;

  // The URL record (§4.1).
  std::string_view scheme() const noexcept { return std::string_view(href_).substr(0, scheme_end_); }
  /// Null (nullopt) or the serialized host; an empty host is "".
  std::optional<std::string_view> host_record() const noexcept {
    if (host_type_ == host_type::none) return std::nullopt;
    return hostname();
  }
  host_type host_kind() const noexcept { return host_type_; }
  std::optional<std::uint16_t> port_number() const noexcept {
    if (port_ < 0) return std::nullopt;
    return static_cast<std::uint16_t>(port_);
  }
  bool has_opaque_path() const noexcept { return opaque_path_; }
  /// The path segments (empty for an opaque path; see pathname()).
  std::vector<std::string_view> path_segments() const;
  std::optional<std::string_view> query() const noexcept {
    if (query_begin_ == npos) return std::nullopt;
    return slice(query_begin_ + 1, path_end_of_query());
  }
  std::optional<std::string_view> fragment() const noexcept {
    if (fragment_begin_ == npos) return std::nullopt;
    return slice(fragment_begin_ + 1, static_cast<std::uint32_t>(href_.size()));
  }
  bool is_special() const noexcept { return special_; }
  bool has_credentials() const noexcept {
    return username_end_ > username_begin_ || password_end_ > username_end_;
  }
  /// The default port of the scheme (80 for http), or nullopt.
  std::optional<std::uint16_t> default_port() const noexcept;

  /// The URL serializer with "exclude fragment" (§4.5): href without "#…".
  std::string_view href_without_fragment() const noexcept {
    return fragment_begin_ == npos ? std::string_view(href_) : slice(0, fragment_begin_);
  }

  // The URL class's setters (§6.1). Each returns nothing when the value was applied, or the
  // reason it was not: `setter_refused` where the Standard's setter returns without a change (a
  // username on a URL without a host, a host on a URL with an opaque path, …), or the state
  // override's failure. The URL is then as the Standard's steps leave it: unchanged, but where the
  // override had changed a part before it failed (set_host("h:x") sets the host, then fails with
  // port-invalid). Validation errors go to `notes` when given.
  std::optional<url_error> set_href(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_protocol(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_username(std::string_view value);
  std::optional<url_error> set_password(std::string_view value);
  std::optional<url_error> set_host(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_hostname(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_port(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_pathname(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_search(std::string_view value, std::vector<validation>* notes = nullptr);
  std::optional<url_error> set_hash(std::string_view value, std::vector<validation>* notes = nullptr);

  friend bool operator==(const url& a, const url& b) noexcept { return a.href_ == b.href_; }

 private:
  friend struct detail::detail_access;
  static constexpr std::uint32_t npos = 0xFFFFFFFFu;
  std::string_view slice(std::uint32_t b, std::uint32_t e) const noexcept {
    return std::string_view(href_).substr(b, e - b);
  }
  std::uint32_t path_end_of_query() const noexcept {
    return fragment_begin_ == npos ? static_cast<std::uint32_t>(href_.size()) : fragment_begin_;
  }
  std::uint32_t path_end() const noexcept {
    return query_begin_ != npos ? query_begin_ : path_end_of_query();
  }

  // href = scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#"
  // fragment]
  std::string href_;
  std::uint32_t scheme_end_ = 0;      // the ":" after the scheme
  std::uint32_t username_begin_ = 0;  // all of these equal path_begin_ when there is no host
  std::uint32_t username_end_ = 0;
  std::uint32_t password_end_ = 0;  // > username_end_ iff a password is serialized (after ":")
  std::uint32_t host_begin_ = 0;
  std::uint32_t host_end_ = 0;
  std::uint32_t path_begin_ = 0;         // where "/." or the path starts
  std::uint32_t pathname_begin_ = 0;     // path_begin_, or path_begin_ + 2 after "/."
  std::uint32_t query_begin_ = npos;     // the "?"
  std::uint32_t fragment_begin_ = npos;  // the "#"
  std::int32_t port_ = -1;
  host_type host_type_ = host_type::none;
  bool opaque_path_ = false;
  bool special_ = false;
};

/// A setter of the URL class (§6.1) taken by its attribute's name, for callers that read the name
/// as data (`iri url --set`, the WPT setter tests): it runs url::set_X(value) without notes.
using url_setter = std::optional<url_error> (*)(url&, std::string_view);
/// The setter of the attribute `name` ("href", "protocol", "username", "password", "host",
/// "hostname", "port", "pathname", "search", "hash"), or nullptr when it has none.
url_setter setter_named(std::string_view name) noexcept;
/// A getter of the URL class (§6.1) taken by its attribute's name, the counterpart of setter_named.
using url_getter = std::string (*)(const url&);
/// The getter of the attribute `name` ("href", "origin", "protocol", "username", "password", "host",
/// "hostname", "port", "pathname", "search", "hash", "searchParams": the serialized list, §5.2), or
/// nullptr when the URL class has no such attribute.
url_getter getter_named(std::string_view name) noexcept;

/// The query encoding a label names: the Encoding Standard's "get an encoding" (its §4.2: leading
/// and trailing ASCII whitespace removed, ASCII case-insensitive, its 228 labels) followed by "get
/// an output encoding" (§4.3: UTF-16BE, UTF-16LE and replacement → UTF-8), e.g. "Shift_JIS" for
/// " sjis ", "windows-1252" for "latin1", "UTF-8" for "utf-16"; nullopt for an unknown label.
std::optional<std::string_view> encoding_for_label(std::string_view label) noexcept;

/// The basic URL parser (§4.4) on `input` against `base` (may be null). Validation errors go to
/// `notes` when given (the URL is still returned when they are not failures). `encoding` names
/// the query encoding of special URLs (§4.4 "encoding", from the document; "UTF-8" by default):
/// any Encoding Standard label, resolved by encoding_for_label (an unknown label means UTF-8:
/// check it with encoding_for_label first). A code point the encoding cannot represent becomes
/// "%26%23" N "%3B" (the URL Standard's "percent-encode after encoding", §1.3).
result<url> parse(std::string_view input, const url* base = nullptr,
                  std::vector<validation>* notes = nullptr);
result<url> parse(std::string_view input, const url* base, std::vector<validation>* notes,
                  std::string_view encoding);
/// The URL constructor's "parse input with base" (§6.1): `base` is parsed first.
result<url> parse(std::string_view input, std::string_view base, std::vector<validation>* notes = nullptr);

/// `URL.canParse(input, base)` (§6.1): whether parse() succeeds. Allocates nothing for the common
/// cases; the same answer as parse().has_value() (false when the thread's cancellation hook stopped
/// the parse: parse() tells that apart).
bool can_parse(std::string_view input, const url* base = nullptr);
bool can_parse(std::string_view input, std::string_view base);

// ---------------------------------------------------------------------------------------------
// Hosts (§3)

/// A parsed host (§3.5): its kind and serialization (§3.6); IPv6 includes the brackets.
struct host {
  host_type type = host_type::none;
  std::string serialized;
  std::uint32_t ipv4 = 0;               ///< when type == ipv4
  std::array<std::uint16_t, 8> ipv6{};  ///< when type == ipv6
};
/// The host parser (§3.5). `is_opaque`: the host of a non-special URL.
result<host> parse_host(std::string_view input, bool is_opaque = false,
                        std::vector<validation>* notes = nullptr);
/// The IPv6 serializer (§3.6) without brackets, e.g. "2001:db8::1".
std::string serialize_ipv6(const std::array<std::uint16_t, 8>& address);
/// domain to ASCII with beStrict = false (§3.3), on the input as it is: no percent-decoding (the
/// host parser's step, §3.5), so a "%" is a forbidden domain code point.
result<std::string> domain_to_ascii(std::string_view domain, std::vector<validation>* notes = nullptr);
/// domain to Unicode with beStrict = false (§3.3); a "domain-to-Unicode" note when UTS #46 reports
/// an error (the result is still returned).
std::string domain_to_unicode(std::string_view domain, std::vector<validation>* notes = nullptr);

// ---------------------------------------------------------------------------------------------
// Percent-encoding (§1.3)

/// The percent-encode sets of §1.3: c0_control ⊂ query ⊂ path ⊂ userinfo ⊂ component ⊂
/// form_urlencoded; fragment is c0_control and five more, special_query is query and "'" (which
/// path does not contain).
enum class encode_set : std::uint8_t {
  c0_control,
  fragment,
  query,
  special_query,
  path,
  userinfo,
  component,
  form_urlencoded,  ///< application/x-www-form-urlencoded percent-encode set
};
/// UTF-8 percent-encode every code point of `input` in `set` (§1.3); with `space_as_plus`, U+0020
/// becomes "+" (the form-urlencoded serializer).
std::string percent_encode(std::string_view input, encode_set set, bool space_as_plus = false);
/// Percent-decode (§1.3): every "%HH" to its byte; anything else unchanged.
std::string percent_decode(std::string_view input);

// ---------------------------------------------------------------------------------------------
// application/x-www-form-urlencoded (§5) and URLSearchParams (§6.2)

/// The form-urlencoded parser (§5.1): name/value pairs, "+" as space, percent-decoded,
/// ill-formed UTF-8 read as U+FFFD.
std::vector<std::pair<std::string, std::string>> parse_form_urlencoded(std::string_view input);
/// The form-urlencoded serializer (§5.2), UTF-8.
std::string serialize_form_urlencoded(const std::vector<std::pair<std::string, std::string>>& pairs);

/// URLSearchParams (§6.2) on its own list; `update_url` writes it back into a URL's query (the
/// Standard's "update steps": an empty list sets the query to null). Names and values are
/// USVStrings in the Standard: ill-formed UTF-8 in an argument is read as U+FFFD, as the string
/// constructor and the URL parser read it.
class search_params {
 public:
  search_params() = default;
  /// The constructor from a string: one leading "?" is removed, then §5.1.
  explicit search_params(std::string_view init);
  /// The same constructor as an operation the thread's cancellation hook (irikit/cancel.h) can
  /// stop, once per MiB of `init`: then validation_error::cancelled and no list.
  static result<search_params> parse(std::string_view init);
  /// The list of a URL's query (empty when the query is null).
  static search_params of(const url& u);

  std::size_t size() const noexcept { return list_.size(); }
  void append(std::string_view name, std::string_view value);
  /// delete(name) / delete(name, value).
  void remove(std::string_view name, std::optional<std::string_view> value = std::nullopt);
  std::optional<std::string_view> get(std::string_view name) const;
  std::vector<std::string_view> get_all(std::string_view name) const;
  bool has(std::string_view name, std::optional<std::string_view> value = std::nullopt) const;
  void set(std::string_view name, std::string_view value);
  /// Stable sort by name, comparing code units of UTF-16 as the Standard says.
  void sort();
  std::string to_string() const { return serialize_form_urlencoded(list_); }
  const std::vector<std::pair<std::string, std::string>>& entries() const noexcept { return list_; }
  /// Sets `u`'s query to this list's serialization (null when it is empty), as the update steps do.
  void update_url(url& u) const;

 private:
  std::vector<std::pair<std::string, std::string>> list_;
};

// ---------------------------------------------------------------------------------------------
// Bridges between the two specifications (RFC 3987 / RFC 3986 and the URL Standard)

/// The URL written as an RFC 3986 URI: its href with every character RFC 3986 does not allow in
/// the component (| { } ^ ` \ [ ] in a path, "%" without two hex digits, …) percent-encoded.
std::string to_rfc3986(const url& u);
/// The URL as an RFC 3987 IRI: RFC 3987 §3.2 on `to_rfc3986(u)` (UTF-8 percent-encodings decoded
/// where an IRI allows the character, "xn--" host labels to Unicode when they round-trip).
std::string to_iri(const url& u);
/// An RFC 3987 IRI read by the URL Standard: RFC 3987 §3.1 first (non-ASCII percent-encoded,
/// the host through UTS #46), then the basic URL parser.
result<url> from_iri(std::string_view iri, std::vector<validation>* notes = nullptr);

/// One place where the two specifications read a string differently.
struct spec_difference {
  /// "rfc3987-invalid" (only the URL Standard accepts it), "relative-reference" (RFC 3987 reads a
  /// relative reference, the Standard has no base), "whatwg-failure" (only RFC 3987 accepts it),
  /// or the component that differs: "scheme", "userinfo", "host", "port", "path", "query",
  /// "fragment".
  std::string what;
  std::string rfc3987;  ///< what RFC 3987 makes of it
  std::string whatwg;   ///< what the URL Standard makes of it
};

/// What one string means to RFC 3987 and to the URL Standard.
struct spec_comparison {
  std::string rfc3987;  ///< a valid IRI, normalized (RFC 3987 §5.3.3 scheme rung) and mapped to a URI
  std::optional<irikit::parse_error> rfc3987_error;  ///< when it is not an RFC 3987 IRI
  bool rfc3987_relative = false;                     ///< …but a valid relative reference
  std::string whatwg;                                ///< the href, when the Standard parses it
  std::optional<url_error> whatwg_error;             ///< when it does not
  std::vector<validation> notes;                     ///< the Standard's validation errors
  /// Empty when both read the same URI. Components are compared after writing the URL as an
  /// RFC 3986 URI and normalizing both at the scheme rung, so only differences of meaning remain.
  std::vector<spec_difference> differences;
};
/// Compares the two readings of `text` (no base).
spec_comparison compare_specs(std::string_view text);

#pragma GCC visibility pop
}  // namespace irikit::whatwg

#endif  // IRIKIT_WHATWG_H
