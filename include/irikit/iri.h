// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/iri.h — strict parsing of IRIs and URIs (RFC 3987 §2.2, RFC 3986 §3–§4) and the
// component model the rest of the library works on.
//
// Parsing finds the component boundaries first and then validates each component against its
// own character class. It never allocates: a view points into the caller's text.
//
//   auto r = irikit::parse_iri("http://例え.jp/パス?q=1#frag");
//   if (r) {
//     irikit::iri_view v = *r;
//     v.scheme();          // "http"
//     v.host();            // "例え.jp"  (std::optional: absent ≠ empty)
//     v.host_type();       // irikit::host_kind::reg_name
//     for (auto seg : v.path_segments()) { ... }   // "パス"
//   }
//
// Absolute vs relative is in the type: `iri_view` (and the owning `iri`) always has a scheme;
// `iri_reference_view` (and `iri_reference`) may be relative. Reference resolution takes its base
// as an `iri_view`, so a relative base cannot be passed by mistake.
#ifndef IRIKIT_IRI_H
#define IRIKIT_IRI_H

#include <concepts>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The grammar rule to validate against.
enum class rule : std::uint8_t {
  iri_reference,  ///< RFC 3987 IRI-reference (the default)
  iri,            ///< RFC 3987 IRI: scheme required, fragment allowed
  absolute_iri,   ///< RFC 3987 absolute-IRI: scheme required, no fragment
  relative_ref,   ///< RFC 3987 irelative-ref: no scheme
  uri_reference,  ///< RFC 3986 URI-reference: ASCII only
  uri,            ///< RFC 3986 URI
  absolute_uri,   ///< RFC 3986 absolute-URI
  relative_uri,   ///< RFC 3986 relative-ref
  leiri,          ///< draft-ietf-iri-3987bis §6 Legacy Extended IRI reference (leiri-ucschar)
};

/// The CLI spelling of a rule ("iri-reference", "absolute-uri", "leiri", …).
std::string_view rule_name(rule r) noexcept;
/// Parses a CLI spelling; nullopt when unknown.
std::optional<rule> rule_from_name(std::string_view name) noexcept;

struct parse_options {
  /// Accept the 3987bis `iprivate` tag range U+E0000–U+E0FFF (inside iquery only, like all
  /// iprivate). RFC 3987 leaves these code points out of both ucschar and iprivate.
  bool allow_iprivate_tags = false;
};

/// What kind of host the authority names (RFC 3986 §3.2.2 first-match-wins: a host that matches
/// IPv4address is IPv4 even though it would also match reg-name).
enum class host_kind : std::uint8_t { none, reg_name, ipv4, ipv6, ipvfuture };
/// "reg-name", "ipv4", "ipv6", "ipvfuture" (and "none").
std::string_view host_kind_name(host_kind k) noexcept;

/// Component boundaries as byte offsets into the text (the ada layout):
///
///   scheme ":" "//" userinfo "@" host ":" port   path   "?" query "#" fragment
///   |      |        |             |    |     |    |      |         |
///   0  scheme_end   authority_begin     host_end path_begin  path_end  query_end
///                             host_begin           (= authority end)
///
/// A flag says whether each optional component is present; offsets of absent ones are unused.
struct iri_parts {
  std::uint32_t scheme_end = 0;       ///< offset of the ":" after the scheme
  std::uint32_t authority_begin = 0;  ///< first byte after "//"
  std::uint32_t host_begin = 0;
  std::uint32_t host_end = 0;
  std::uint32_t path_begin = 0;  ///< also the end of the authority
  std::uint32_t path_end = 0;    ///< offset of "?" or "#" or the end
  std::uint32_t query_end = 0;   ///< offset of "#" or the end
  host_kind host_type = host_kind::none;
  bool has_scheme = false;
  bool has_authority = false;
  bool has_userinfo = false;
  bool has_port = false;
  bool has_query = false;
  bool has_fragment = false;

  friend bool operator==(const iri_parts&, const iri_parts&) = default;
};

/// Iterates over the segments of a path: "/a/b/" yields "a", "b", ""; "a/b" yields "a", "b";
/// the empty path yields nothing.
class path_segment_range {
 public:
  class iterator {
   public:
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    using reference = std::string_view;
    using pointer = void;

    iterator() = default;
    std::string_view operator*() const { return path_.substr(pos_, end_ - pos_); }
    iterator& operator++();
    iterator operator++(int) {
      auto copy = *this;
      ++*this;
      return copy;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.pos_ == b.pos_; }

   private:
    friend class path_segment_range;
    iterator(std::string_view path, std::size_t pos);
    std::string_view path_;
    std::size_t pos_ = 0;  ///< start of the current segment; path_.size() + 1 at the end
    std::size_t end_ = 0;
  };

  explicit path_segment_range(std::string_view path) : path_(path) {}
  iterator begin() const;
  iterator end() const;

 private:
  std::string_view path_;
};

/// Component accessors shared by every view and owning type (CRTP over `text()` and `parts()`).
template <class Derived>
class components {
 public:
  /// The scheme without ":"; absent for relative references.
  std::optional<std::string_view> scheme() const { return get(p().has_scheme, 0, p().scheme_end); }
  /// userinfo "@" host ":" port, without the leading "//".
  std::optional<std::string_view> authority() const {
    return get(p().has_authority, p().authority_begin, p().path_begin);
  }
  std::optional<std::string_view> userinfo() const {
    return get(p().has_userinfo, p().authority_begin, p().host_begin - 1);
  }
  /// The host exactly as written (an IP-literal keeps its brackets).
  std::optional<std::string_view> host() const {
    return get(p().has_authority, p().host_begin, p().host_end);
  }
  host_kind host_type() const { return p().host_type; }
  /// The port digits as written (may be empty: "http://h:/").
  std::optional<std::string_view> port() const { return get(p().has_port, p().host_end + 1, p().path_begin); }
  /// The port as a number; nullopt when absent, empty or above 65535.
  std::optional<std::uint16_t> port_number() const;
  /// The path, always present (possibly empty).
  std::string_view path() const { return slice(p().path_begin, p().path_end); }
  path_segment_range path_segments() const { return path_segment_range(path()); }
  /// The query without "?"; `a:b?` has an empty query, `a:b` has none.
  std::optional<std::string_view> query() const {
    return get(p().has_query, p().path_end + 1, p().query_end);
  }
  std::optional<std::string_view> fragment() const {
    return get(p().has_fragment, p().query_end + 1, static_cast<std::uint32_t>(text().size()));
  }

  bool is_absolute() const { return p().has_scheme; }
  bool has_authority() const { return p().has_authority; }
  /// The whole reference without its fragment (what resolution uses as a base, RFC 3986 §5.1).
  std::string_view without_fragment() const {
    return slice(0, p().has_fragment ? p().query_end : static_cast<std::uint32_t>(text().size()));
  }

 private:
  std::string_view text() const { return static_cast<const Derived&>(*this).text(); }
  const iri_parts& p() const { return static_cast<const Derived&>(*this).parts(); }
  std::string_view slice(std::uint32_t b, std::uint32_t e) const { return text().substr(b, e - b); }
  std::optional<std::string_view> get(bool present, std::uint32_t b, std::uint32_t e) const {
    if (!present) return std::nullopt;
    return slice(b, e);
  }
};

/// A validated IRI reference (possibly relative) viewed in the caller's text. Cheap to copy.
class iri_reference_view : public components<iri_reference_view> {
 public:
  iri_reference_view() = default;
  std::string_view text() const { return text_; }
  const iri_parts& parts() const { return parts_; }

  /// Trusted construction: `parts` must be what the parser produced for `text`.
  static iri_reference_view from_parts(std::string_view text, const iri_parts& parts) {
    return iri_reference_view(text, parts);
  }

  friend bool operator==(const iri_reference_view& a, const iri_reference_view& b) {
    return a.text_ == b.text_;
  }

 protected:
  iri_reference_view(std::string_view text, const iri_parts& parts) : text_(text), parts_(parts) {}

 private:
  std::string_view text_;
  iri_parts parts_;
};

/// A validated IRI with a scheme (RFC 3987 `IRI`; may have a fragment). Usable wherever an
/// `iri_reference_view` is.
class iri_view : public iri_reference_view {
 public:
  iri_view() = default;
  std::string_view scheme() const { return text().substr(0, parts().scheme_end); }

  static iri_view from_parts(std::string_view text, const iri_parts& parts) { return iri_view(text, parts); }

 private:
  using iri_reference_view::iri_reference_view;
};

/// Owning IRI reference: one std::string plus component offsets. Stays valid by construction.
class iri_reference : public components<iri_reference> {
 public:
  iri_reference() = default;
  explicit iri_reference(iri_reference_view v) : text_(v.text()), parts_(v.parts()) {}
  /// Parses and takes ownership of `text` (RFC 3987 IRI-reference).
  static result<iri_reference> parse(std::string text, const parse_options& options = {});
  std::string_view text() const { return text_; }
  const std::string& str() const { return text_; }
  const iri_parts& parts() const { return parts_; }
  iri_reference_view view() const { return iri_reference_view::from_parts(text_, parts_); }
  operator iri_reference_view() const { return view(); }  // NOLINT: a view of an owner is free

  friend bool operator==(const iri_reference& a, const iri_reference& b) { return a.text_ == b.text_; }

 private:
  std::string text_;
  iri_parts parts_;
};

/// Owning IRI (scheme guaranteed).
class iri : public components<iri> {
 public:
  iri() = default;
  explicit iri(iri_view v) : text_(v.text()), parts_(v.parts()) {}
  /// Parses and takes ownership of `text` (RFC 3987 IRI).
  static result<iri> parse(std::string text, const parse_options& options = {});
  std::string_view text() const { return text_; }
  const std::string& str() const { return text_; }
  const iri_parts& parts() const { return parts_; }
  std::string_view scheme() const { return std::string_view(text_).substr(0, parts_.scheme_end); }
  iri_view view() const { return iri_view::from_parts(text_, parts_); }
  operator iri_view() const { return view(); }            // NOLINT
  operator iri_reference_view() const { return view(); }  // NOLINT

  friend bool operator==(const iri& a, const iri& b) { return a.text_ == b.text_; }

 private:
  std::string text_;
  iri_parts parts_;
};

// ---------------------------------------------------------------------------------------------
// Parsing. Each function validates `text` strictly (UTF-8 included) against one rule.

/// RFC 3987 IRI-reference.
result<iri_reference_view> parse_iri_reference(std::string_view text, const parse_options& options = {});
/// RFC 3987 IRI (scheme required).
result<iri_view> parse_iri(std::string_view text, const parse_options& options = {});
/// RFC 3987 absolute-IRI (scheme required, no fragment).
result<iri_view> parse_absolute_iri(std::string_view text, const parse_options& options = {});
/// RFC 3987 irelative-ref.
result<iri_reference_view> parse_relative_ref(std::string_view text, const parse_options& options = {});
/// RFC 3986 URI-reference (ASCII only).
result<iri_reference_view> parse_uri_reference(std::string_view text);
/// RFC 3986 URI.
result<iri_view> parse_uri(std::string_view text);
/// Any rule; the view is absolute whenever the rule requires a scheme.
result<iri_reference_view> parse(std::string_view text, rule r, const parse_options& options = {});

/// The views above point into `text`. Parsing a temporary std::string into a view would leave it
/// dangling, so these overloads are deleted: keep the string alive, or own it with
/// `iri::parse` / `iri_reference::parse`.
template <class S>
concept temporary_string = std::same_as<S, std::string>;
template <temporary_string S>
result<iri_reference_view> parse_iri_reference(S&&, const parse_options& = {}) = delete;
template <temporary_string S>
result<iri_view> parse_iri(S&&, const parse_options& = {}) = delete;
template <temporary_string S>
result<iri_view> parse_absolute_iri(S&&, const parse_options& = {}) = delete;
template <temporary_string S>
result<iri_reference_view> parse_relative_ref(S&&, const parse_options& = {}) = delete;
template <temporary_string S>
result<iri_reference_view> parse_uri_reference(S&&) = delete;
template <temporary_string S>
result<iri_view> parse_uri(S&&) = delete;
template <temporary_string S>
result<iri_reference_view> parse(S&&, rule, const parse_options& = {}) = delete;
template <temporary_string S>
iri_reference_view parse_unchecked(S&&) = delete;

/// Validation only (same checks as `parse`, nothing returned on success).
result<void> validate(std::string_view text, rule r = rule::iri_reference, const parse_options& options = {});
inline bool is_valid(std::string_view text, rule r = rule::iri_reference, const parse_options& options = {}) {
  return validate(text, r, options).has_value();
}

/// `error_message` worded for the rule that was checked: under the URI rules the message names the
/// RFC 3986 productions (path, pchar, absolute-URI…) instead of the RFC 3987 ones.
std::string error_message(const parse_error& error, std::string_view input, rule r);

/// The fast path for text already known to be a valid IRI reference (for instance the output of
/// another irikit operation): finds the boundaries without validating characters. Undefined
/// results (but no undefined behaviour) on invalid input.
iri_reference_view parse_unchecked(std::string_view text) noexcept;

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_IRI_H
