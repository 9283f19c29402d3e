// SPDX-License-Identifier: MIT OR Apache-2.0
// The public parsing API of irikit/iri.h on top of parse_into.
#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "grammar/ip_address.h"
#include "irikit/batch.h"
#include "irikit/iri.h"
#include "parse/parser.h"

namespace irikit {
namespace {

constexpr std::array<std::pair<rule, std::string_view>, 9> k_rule_names{{
    {rule::iri_reference, "iri-reference"},
    {rule::iri, "iri"},
    {rule::absolute_iri, "absolute-iri"},
    {rule::relative_ref, "relative-ref"},
    {rule::uri_reference, "uri-reference"},
    {rule::uri, "uri"},
    {rule::absolute_uri, "absolute-uri"},
    {rule::relative_uri, "relative-uri"},
    {rule::leiri, "leiri"},
}};

template <class View>
result<View> parse_as(std::string_view text, rule r, const parse_options& options) {
  iri_parts parts;
  if (const parse_error e = parser::parse_into(text, r, options, parts); e.code != error_code::ok) return e;
  return View::from_parts(text, parts);
}

}  // namespace

std::string_view rule_name(rule r) noexcept {
  for (const auto& [value, name] : k_rule_names) {
    if (value == r) return name;
  }
  return "iri-reference";
}

std::optional<rule> rule_from_name(std::string_view name) noexcept {
  for (const auto& [value, spelling] : k_rule_names) {
    if (spelling == name) return value;
  }
  return std::nullopt;
}

std::string_view host_kind_name(host_kind k) noexcept {
  switch (k) {
    case host_kind::reg_name:
      return "reg-name";
    case host_kind::ipv4:
      return "ipv4";
    case host_kind::ipv6:
      return "ipv6";
    case host_kind::ipvfuture:
      return "ipvfuture";
    case host_kind::none:
      break;
  }
  return "none";
}

template <class Derived>
std::optional<std::uint16_t> components<Derived>::port_number() const {
  const auto digits = port();
  if (!digits || digits->empty()) return std::nullopt;
  std::uint32_t value = 0;
  for (char c : *digits) {
    value = value * 10 + static_cast<std::uint32_t>(c - '0');
    if (value > 65535) return std::nullopt;
  }
  return static_cast<std::uint16_t>(value);
}
template class components<iri_reference_view>;
template class components<iri_reference>;
template class components<iri>;

path_segment_range::iterator::iterator(std::string_view path, std::size_t pos) : path_(path), pos_(pos) {
  if (pos_ <= path_.size()) {
    const std::size_t slash = path_.find('/', pos_);
    end_ = slash == std::string_view::npos ? path_.size() : slash;
  }
}

path_segment_range::iterator& path_segment_range::iterator::operator++() {
  *this = iterator(path_, end_ + 1);
  return *this;
}

path_segment_range::iterator path_segment_range::begin() const {
  if (path_.empty()) return end();
  // An absolute path's leading "/" opens the first segment rather than ending an empty one.
  return iterator(path_, path_[0] == '/' ? 1 : 0);
}

path_segment_range::iterator path_segment_range::end() const { return iterator(path_, path_.size() + 1); }

result<iri_reference_view> parse_iri_reference(std::string_view text, const parse_options& options) {
  return parse_as<iri_reference_view>(text, rule::iri_reference, options);
}
result<iri_view> parse_iri(std::string_view text, const parse_options& options) {
  return parse_as<iri_view>(text, rule::iri, options);
}
result<iri_view> parse_absolute_iri(std::string_view text, const parse_options& options) {
  return parse_as<iri_view>(text, rule::absolute_iri, options);
}
result<iri_reference_view> parse_relative_ref(std::string_view text, const parse_options& options) {
  return parse_as<iri_reference_view>(text, rule::relative_ref, options);
}
result<iri_reference_view> parse_uri_reference(std::string_view text) {
  return parse_as<iri_reference_view>(text, rule::uri_reference, {});
}
result<iri_view> parse_uri(std::string_view text) { return parse_as<iri_view>(text, rule::uri, {}); }
result<iri_reference_view> parse(std::string_view text, rule r, const parse_options& options) {
  return parse_as<iri_reference_view>(text, r, options);
}

result<void> validate(std::string_view text, rule r, const parse_options& options) {
  iri_parts parts;
  if (const parse_error e = parser::parse_into(text, r, options, parts); e.code != error_code::ok) return e;
  return {};
}

std::size_t validate_batch(std::span<const std::string_view> texts, std::span<parse_error> errors, rule r,
                           const parse_options& options) noexcept {
  const std::size_t count = std::min(texts.size(), errors.size());
  return parser::parse_many(texts.data(), count, r, options, nullptr, errors.data());
}

std::size_t parse_batch(std::span<const std::string_view> texts, std::span<iri_parts> parts,
                        std::span<parse_error> errors, rule r, const parse_options& options) noexcept {
  const std::size_t count = std::min({texts.size(), parts.size(), errors.size()});
  return parser::parse_many(texts.data(), count, r, options, parts.data(), errors.data());
}

result<iri_reference> iri_reference::parse(std::string text, const parse_options& options) {
  iri_parts parts;
  if (const parse_error e = parser::parse_into(text, rule::iri_reference, options, parts);
      e.code != error_code::ok) {
    return e;
  }
  iri_reference owned;
  owned.text_ = std::move(text);
  owned.parts_ = parts;
  return owned;
}

result<iri> iri::parse(std::string text, const parse_options& options) {
  iri_parts parts;
  if (const parse_error e = parser::parse_into(text, rule::iri, options, parts); e.code != error_code::ok)
    return e;
  iri owned;
  owned.text_ = std::move(text);
  owned.parts_ = parts;
  return owned;
}

iri_reference_view parse_unchecked(std::string_view text) noexcept {
  // The same boundaries as the checked parser, found with block searches (grammar/char_scan.h for
  // "/?#", memchr for single bytes, each bounded by the component it looks in).
  using namespace grammar;
  iri_parts p;
  const std::size_t n = text.size();
  const char* const s = text.data();
  const auto u32 = [](std::size_t v) { return static_cast<std::uint32_t>(v); };
  // The offset of the first `c` in [from, to), or `to`.
  const auto find = [s](char c, std::size_t from, std::size_t to) {
    const void* hit = from < to ? std::memchr(s + from, c, to - from) : nullptr;
    return hit == nullptr ? to : static_cast<std::size_t>(static_cast<const char*>(hit) - s);
  };
  std::size_t i = 0;
  while (i < n && is_in(s[i], k_scheme)) ++i;
  if (i < n && s[i] == ':' && i > 0) {
    p.has_scheme = true;
    p.scheme_end = u32(i++);
  } else {
    i = 0;
  }
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    p.has_authority = true;
    p.authority_begin = u32(i + 2);
    const std::size_t end = grammar::find_first_of(s, i + 2, n, n, stop_set::authority_end);
    const std::size_t at = find('@', i + 2, end);
    std::size_t host_begin = i + 2;
    if (at < end) {
      p.has_userinfo = true;
      host_begin = at + 1;
    }
    std::size_t host_end = end;
    if (host_begin < end && s[host_begin] == '[') {
      host_end = std::min(find(']', host_begin, end), end - 1) + 1;
      p.host_type =
          host_begin + 1 < n && (s[host_begin + 1] | 0x20) == 'v' ? host_kind::ipvfuture : host_kind::ipv6;
    } else {
      host_end = find(':', host_begin, end);
      p.host_type = is_ipv4address(text.substr(host_begin, host_end - host_begin)) ? host_kind::ipv4
                                                                                   : host_kind::reg_name;
    }
    p.host_begin = u32(host_begin);
    p.host_end = u32(host_end);
    p.has_port = host_end < end;
    i = end;
  } else {
    p.authority_begin = p.host_begin = p.host_end = u32(i);
  }
  p.path_begin = u32(i);
  // The path ends at the first "?" or "#", the query at the first "#".
  const std::size_t hash = find('#', i, n);
  const std::size_t question = find('?', i, hash);
  p.path_end = u32(question);
  p.has_query = question < hash;
  p.query_end = u32(hash);
  p.has_fragment = hash < n;
  return iri_reference_view::from_parts(text, p);
}

}  // namespace irikit
