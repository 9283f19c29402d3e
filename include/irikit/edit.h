// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/edit.h — building and editing IRI references: setters that encode for you, and views of
// the path segments and the query parameters.
//
// `iri_builder` owns one std::string plus component offsets, like `iri_reference`, and stays a
// valid RFC 3987 IRI-reference after every call: the text always re-parses to the components the
// builder reports. Each component has two setters:
//
//   - `set_X(text)` takes plain text and percent-encodes (UTF-8, uppercase hex) exactly the
//     characters the component's RFC 3987 §2.2 production does not allow as themselves; non-ASCII
//     characters the production allows (ucschar, iprivate in the query) stay as characters, and "%"
//     is always encoded (the text is not already encoded);
//   - `set_encoded_X(text)` takes text that is already encoded and only validates it.
//
// A setter that fails (invalid UTF-8, a scheme with ":", a port with letters, an invalid IP
// literal, a space in an encoded host…) returns the error code and the byte offset in its
// argument, and leaves the builder unchanged.
//
//   irikit::iri_builder b;
//   b.set_scheme("https");
//   b.set_host("例え.jp");
//   b.set_path("/a b/c?d");               // "/a%20b/c%3Fd"
//   b.params().append("q", "x&y=z");     // "?q=x%26y=z"
//   b.set_fragment("章 1");               // "#章%201"
//   b.text();   // "https://例え.jp/a%20b/c%3Fd?q=x%26y=z#章%201"
//
// docs/guide.md ("Building and editing") lists the characters each component encodes, side by
// side with Boost.URL and the WHATWG URL Standard.
#ifndef IRIKIT_EDIT_H
#define IRIKIT_EDIT_H

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

class iri_builder;

/// How `query_params_ref` reads and writes keys and values.
enum class query_flavor : std::uint8_t {
  /// RFC 3986 §3.4: "+" is a plus sign; a space is written "%20".
  rfc3986,
  /// application/x-www-form-urlencoded (HTML, WHATWG URL §5): "+" reads as a space and a space is
  /// written "+"; a plus sign is written "%2B".
  form,
};

/// One decoded query parameter: "k=v" is {"k", "v"}, "k=" is {"k", ""}, "k" is {"k", nullopt}.
struct query_param {
  std::string key;
  std::optional<std::string> value;

  friend bool operator==(const query_param&, const query_param&) = default;
};

/// The path of an `iri_builder` as a list of segments, decoded when read and encoded when written
/// (everything ipchar does not allow, "/" included; ":" too in the first segment of a reference
/// with neither scheme nor authority, RFC 3986 §4.2). "/a/b/" is absolute with the segments "a",
/// "b", ""; "a/b" is relative; "" and "/" have no segments.
///
/// "." and ".." are dot-segments wherever they are written ("%2E" is the same unreserved character,
/// RFC 3986 §2.3 and §6.2.2.2), so they cannot be made into ordinary names: `push_back("..")`
/// writes a ".." segment, and `remove_dot_segments()` applies RFC 3986 §5.2.4 to the path.
///
/// The view holds a pointer to its builder; it is invalidated when the builder is moved or destroyed.
class path_segments_ref {
 public:
  /// Reads the segments one after the other (linear in the length of the path).
  class iterator {
   public:
    using value_type = std::string;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    using reference = std::string;
    using pointer = void;

    iterator() = default;
    std::string operator*() const { return owner_->decode_item(pos_); }
    iterator& operator++() {
      pos_ = owner_->next_item(pos_);
      ++index_;
      return *this;
    }
    iterator operator++(int) {
      auto copy = *this;
      ++*this;
      return copy;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }

   private:
    friend class path_segments_ref;
    iterator(const path_segments_ref* owner, std::size_t index, std::size_t pos)
        : owner_(owner), index_(index), pos_(pos) {}
    const path_segments_ref* owner_ = nullptr;
    std::size_t index_ = 0;
    std::size_t pos_ = 0;  ///< where the segment starts in the path
  };

  std::size_t size() const noexcept;
  bool empty() const noexcept { return size() == 0; }
  /// Whether the path starts with "/".
  bool is_absolute() const noexcept;
  /// The decoded segment `index` (< size()); its bytes may be any octets ("%FF" decodes to 0xFF).
  std::string at(std::size_t index) const;
  std::string operator[](std::size_t index) const { return at(index); }
  /// The segment `index` as written in the path.
  std::string_view encoded(std::size_t index) const noexcept;
  iterator begin() const { return {this, 0, first_item()}; }
  iterator end() const { return {this, size(), 0}; }

  /// Appends a segment (encoded). Errors: utf8_* (offset in `segment`), input_too_long.
  result<void> push_back(std::string_view segment);
  /// Inserts a segment before `index` (<= size()).
  result<void> insert(std::size_t index, std::string_view segment);
  /// Replaces the segment `index` (< size()).
  result<void> replace(std::size_t index, std::string_view segment);
  /// Removes the segment `index` (< size()). An index out of range is a precondition violation
  /// (a debug assertion; nothing happens in release builds).
  void erase(std::size_t index);
  /// Removes the last segment, if any.
  void pop_back();
  /// Removes every segment; an absolute path becomes "/", a relative one "".
  void clear();
  /// RFC 3986 §5.2.4 remove_dot_segments on the path ("%2E" counts as ".", as in resolution).
  void remove_dot_segments();

 private:
  friend class iri_builder;
  explicit path_segments_ref(iri_builder* builder) : builder_(builder) {}
  std::size_t first_item() const noexcept;
  std::size_t next_item(std::size_t pos) const noexcept;
  std::string decode_item(std::size_t pos) const;
  /// Replaces `erase` segments from `index` with `segment` (none when null).
  result<void> splice(std::size_t index, std::size_t erase, const std::string_view* segment);
  iri_builder* builder_;
};

/// The query of an `iri_builder` as a list of "&"-separated parameters, each "key" or
/// "key=value" (split at the first "="), decoded when read and encoded when written: a key encodes
/// what iquery does not allow plus "&", "=" and "+"; a value the same but "=" (the form flavour
/// also writes a space as "+"). An absent query and an empty one have no parameters; "a&&b" has
/// three (the middle one has an empty key and no value). Removing the last parameter removes the
/// query. The view holds a pointer to its builder (invalidated when the builder is moved).
class query_params_ref {
 public:
  /// Reads the parameters one after the other (linear in the length of the query).
  class iterator {
   public:
    using value_type = query_param;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    using reference = query_param;
    using pointer = void;

    iterator() = default;
    query_param operator*() const { return owner_->decode_item(pos_); }
    iterator& operator++() {
      pos_ = owner_->next_item(pos_);
      ++index_;
      return *this;
    }
    iterator operator++(int) {
      auto copy = *this;
      ++*this;
      return copy;
    }
    friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }

   private:
    friend class query_params_ref;
    iterator(const query_params_ref* owner, std::size_t index, std::size_t pos)
        : owner_(owner), index_(index), pos_(pos) {}
    const query_params_ref* owner_ = nullptr;
    std::size_t index_ = 0;
    std::size_t pos_ = 0;  ///< where the parameter starts in the query
  };

  query_flavor flavor() const noexcept { return flavor_; }
  std::size_t size() const noexcept;
  bool empty() const noexcept { return size() == 0; }
  /// The decoded parameter `index` (< size()).
  query_param at(std::size_t index) const;
  query_param operator[](std::size_t index) const { return at(index); }
  iterator begin() const { return {this, 0, 0}; }
  iterator end() const { return {this, size(), 0}; }

  /// The index of the first parameter whose decoded key is `key`, or nullopt.
  std::optional<std::size_t> find(std::string_view key) const noexcept;
  bool contains(std::string_view key) const noexcept { return find(key).has_value(); }
  /// How many parameters have the decoded key `key`.
  std::size_t count(std::string_view key) const noexcept;
  /// The decoded value of the first parameter with key `key`; nullopt when there is none or it has
  /// no "=" (use `find` to tell them apart).
  std::optional<std::string> get(std::string_view key) const;

  /// Appends "key=value" (encoded). Errors: utf8_* with the offset in `key` or `value`
  /// (value offsets count from the start of `value`), input_too_long.
  result<void> append(std::string_view key, std::string_view value);
  /// Appends "key" without "=".
  result<void> append(std::string_view key);
  /// WHATWG URLSearchParams.set and Boost.URL params().set: the first parameter with this key gets
  /// `value` and the later ones are removed; appended when there is none.
  result<void> set(std::string_view key, std::string_view value);
  /// Removes every parameter with this key; returns how many.
  std::size_t erase(std::string_view key);
  /// Removes the parameter `index` (< size(); out of range: debug assertion, else nothing).
  void erase_at(std::size_t index);
  /// Removes every parameter (and so the query).
  void clear();
  /// Stable sort by decoded key, comparing bytes (UTF-8 byte order is code point order).
  void sort();

 private:
  friend class iri_builder;
  query_params_ref(iri_builder* builder, query_flavor flavor) : builder_(builder), flavor_(flavor) {}
  std::size_t next_item(std::size_t pos) const noexcept;
  query_param decode_item(std::size_t pos) const;
  /// Appends the encoded "key" or "key=value" to `out`.
  parse_error encode_param(std::string& out, std::string_view key, const std::string_view* value) const;
  /// Makes `query` the builder's query; an empty one removes the query when `remove_if_empty`.
  result<void> commit(const std::string& query, bool remove_if_empty);
  iri_builder* builder_;
  query_flavor flavor_;
};

/// An owning IRI reference that can be edited. Always valid: `text()` parses (RFC 3987
/// IRI-reference) to exactly `parts()`.
///
/// The structure is kept valid as RFC 3986 §3.3 and §4.2 require, by adding to the path, never by
/// failing: with an authority, a non-empty path that does not start with "/" gets one; without
/// one, a path starting with "//" gets "/." before it; with neither scheme nor authority, a first
/// segment containing a ":" that a setter did not encode (set_encoded_path, remove_scheme) gets
/// "./" before it. Setting the userinfo or port of a reference without an authority adds an empty
/// host.
class iri_builder : public components<iri_builder> {
 public:
  /// The empty relative reference "".
  iri_builder() = default;
  /// A copy of a parsed reference.
  explicit iri_builder(iri_reference_view v) : text_(v.text()), parts_(v.parts()) {}
  /// Parses `text` as an RFC 3987 IRI-reference.
  static result<iri_builder> parse(std::string_view text, const parse_options& options = {});

  std::string_view text() const noexcept { return text_; }
  const std::string& str() const noexcept { return text_; }
  const iri_parts& parts() const noexcept { return parts_; }
  iri_reference_view view() const noexcept { return iri_reference_view::from_parts(text_, parts_); }
  operator iri_reference_view() const noexcept { return view(); }  // NOLINT: a view of an owner is free
  /// The port as a number; nullopt when absent, empty or above 65535.
  std::optional<std::uint16_t> port_number() const { return view().port_number(); }
  /// The reference as an owning `iri_reference` (a copy).
  iri_reference reference() const { return iri_reference(view()); }
  /// The reference as an owning `iri`; missing_scheme when it has no scheme.
  result<iri> to_iri() const;

  /// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 §3.1), kept as written.
  /// Errors: empty_scheme, invalid_scheme_char (utf8_* for invalid UTF-8).
  result<void> set_scheme(std::string_view scheme);
  /// Removes the scheme (and its ":").
  void remove_scheme();

  /// iuserinfo (RFC 3987 §2.2): ":" is kept; "@", "/", "?", "#", "[", "]", "%", space… are encoded.
  result<void> set_userinfo(std::string_view userinfo);
  /// Errors: invalid_userinfo_char, invalid_percent_encoding, utf8_*, bidi_formatting_char,
  /// iprivate_outside_query.
  result<void> set_encoded_userinfo(std::string_view userinfo);
  void remove_userinfo();

  /// ihost. "[…]" must be an IP-literal (IPv6address or IPvFuture, RFC 3986 §3.2.2); an IPv6
  /// address without brackets gets them; an IPv4address is kept; anything else is an ireg-name
  /// whose characters outside iunreserved / sub-delims are encoded (non-ASCII ucschar stays:
  /// "例え.jp" is kept as characters; IDNA is `to_uri`'s business). Errors: invalid_ip_literal,
  /// invalid_ipv6, invalid_ipvfuture, utf8_*.
  result<void> set_host(std::string_view host);
  /// The host already encoded: an IP-literal in brackets, or an ireg-name (errors:
  /// invalid_host_char, invalid_percent_encoding, utf8_*, bidi_formatting_char…).
  result<void> set_encoded_host(std::string_view host);

  /// port = *DIGIT (RFC 3986 §3.2.3; "" is allowed). Errors: invalid_port_char.
  result<void> set_port(std::string_view digits);
  void set_port(std::uint16_t port);
  void remove_port();

  /// Removes the authority ("//", userinfo, host and port).
  void remove_authority();

  /// ipath: "/" separates segments and is kept; "?", "#", "[", "]", "%", space… are encoded, and
  /// ":" in the first segment of a reference with neither scheme nor authority.
  result<void> set_path(std::string_view path);
  /// Errors: invalid_path_char, invalid_percent_encoding, utf8_*, bidi_formatting_char,
  /// iprivate_outside_query.
  result<void> set_encoded_path(std::string_view path);
  /// RFC 3986 §5.2.4 on the path (the same as segments().remove_dot_segments()).
  void remove_dot_segments();

  /// iquery: "#", "[", "]", "%", space… are encoded; "&", "=", "+", "/", "?" and iprivate stay.
  result<void> set_query(std::string_view query);
  /// Errors: invalid_query_char, invalid_percent_encoding, utf8_*, bidi_formatting_char.
  result<void> set_encoded_query(std::string_view query);
  void remove_query();

  /// ifragment: like the query, but iprivate is encoded (RFC 3987 §2.2 allows it only in iquery).
  result<void> set_fragment(std::string_view fragment);
  /// Errors: invalid_fragment_char, invalid_percent_encoding, utf8_*, bidi_formatting_char,
  /// iprivate_outside_query.
  result<void> set_encoded_fragment(std::string_view fragment);
  void remove_fragment();

  /// The path as decoded segments, editable.
  path_segments_ref segments() noexcept { return path_segments_ref(this); }
  /// The query as decoded parameters, editable.
  query_params_ref params(query_flavor flavor = query_flavor::rfc3986) noexcept {
    return query_params_ref(this, flavor);
  }

  friend bool operator==(const iri_builder& a, const iri_builder& b) { return a.text_ == b.text_; }

 private:
  friend class path_segments_ref;
  friend class query_params_ref;
  struct layout;
  layout current() const noexcept;
  result<void> rebuild(const layout& l);
  result<void> replace_query(std::optional<std::string_view> query);

  std::string text_;
  iri_parts parts_;
  std::string scratch_;  ///< the next text while it is built (its capacity is reused)
  std::string encoded_;  ///< an argument once encoded
};

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_EDIT_H
