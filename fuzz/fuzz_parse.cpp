// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_parse — every grammar rule on the same input, checked for consistency:
//   - an error's offset lies within the input, its message can be built, validate() agrees;
//   - the components of a parsed reference re-assemble to the input, lie in order, and each one
//     re-validates alone (and in a minimal reference of its own);
//   - the rules nest: absolute-IRI ⇒ IRI ⇒ IRI-reference ⇒ LEIRI; URI ⇒ IRI; IRI-reference ⇔
//     IRI ∨ irelative-ref; an ASCII IRI-reference is a URI-reference; every rule that accepts the
//     input splits it the same way;
//   - parse_unchecked splits valid input exactly like the checked parser;
//   - the one-pass path for short texts answers exactly as the general path alone;
//   - the owning types and the iprivate-tags option agree with the views.
#include <array>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/encoding.h"
#include "irikit/iri.h"
#include "parse/parser.h"

namespace {

using namespace irikit;

constexpr std::array<rule, 9> k_rules{rule::iri_reference, rule::iri,           rule::absolute_iri,
                                      rule::relative_ref,  rule::uri_reference, rule::uri,
                                      rule::absolute_uri,  rule::relative_uri,  rule::leiri};

bool is_ascii(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

std::string reassemble(const iri_reference_view& v) {
  std::string out;
  if (auto s = v.scheme()) out.append(*s).push_back(':');
  if (auto a = v.authority()) {
    out.append("//");
    if (auto u = v.userinfo()) out.append(*u).push_back('@');
    out.append(*v.host());
    if (auto p = v.port()) out.append(":").append(*p);
  }
  out.append(v.path());
  if (auto q = v.query()) out.append("?").append(*q);
  if (auto f = v.fragment()) out.append("#").append(*f);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view text = fuzz_input;

  std::array<bool, k_rules.size()> ok{};
  std::array<iri_parts, k_rules.size()> parts{};
  for (std::size_t k = 0; k < k_rules.size(); ++k) {
    const rule r = k_rules[k];
    const auto parsed = parse(text, r);
    const auto validated = validate(text, r);
    ok[k] = parsed.has_value();
    FUZZ_CHECK(ok[k] == validated.has_value(), rule_name(r));
    {
      // The one-pass path for short texts is a shortcut only: the general path alone agrees.
      iri_parts general;
      parser::use_one_pass(false);
      const parse_error e = parser::parse_into(text, r, parse_options{}, general);
      parser::use_one_pass(true);
      FUZZ_CHECK(parsed ? e.code == error_code::ok && general == parsed->parts() : e == parsed.error(),
                 rule_name(r));
    }
    FUZZ_CHECK(rule_from_name(rule_name(r)) == r);
    if (!parsed) {
      const parse_error e = parsed.error();
      FUZZ_CHECK(e == validated.error(), rule_name(r));
      FUZZ_CHECK(e.code != error_code::ok);
      FUZZ_CHECK(e.offset <= text.size(), rule_name(r));
      if (e.code != error_code::missing_scheme) FUZZ_CHECK(e.offset < text.size(), code_name(e.code));
      FUZZ_CHECK(!code_name(e.code).empty());
      FUZZ_CHECK(!error_message(e, text).empty());
      FUZZ_CHECK(!describe(e, text).empty());
      FUZZ_CHECK(!error_message(e, {}).empty());
      continue;
    }
    const iri_reference_view v = *parsed;
    const iri_parts& p = v.parts();
    parts[k] = p;
    FUZZ_CHECK(v.text().data() == text.data() && v.text().size() == text.size());
    FUZZ_CHECK(reassemble(v) == text, rule_name(r));
    // Offsets in order and inside the text.
    if (p.has_scheme) FUZZ_CHECK(p.scheme_end < text.size() && text[p.scheme_end] == ':');
    FUZZ_CHECK(p.path_begin <= p.path_end && p.path_end <= p.query_end && p.query_end <= text.size());
    if (p.has_authority) {
      FUZZ_CHECK(p.authority_begin <= p.host_begin && p.host_begin <= p.host_end &&
                 p.host_end <= p.path_begin);
      FUZZ_CHECK(p.host_type != host_kind::none);
      const std::string_view host = v.host().value_or(std::string_view{});
      if (p.host_type == host_kind::ipv6 || p.host_type == host_kind::ipvfuture) {
        FUZZ_CHECK(host.size() >= 2 && host.front() == '[' && host.back() == ']');
        FUZZ_CHECK((p.host_type == host_kind::ipvfuture) == (host[1] == 'v' || host[1] == 'V'));
      } else {
        FUZZ_CHECK(host.empty() || host.front() != '[');
      }
      if (p.has_port) {
        const std::string_view digits = v.port().value_or(std::string_view{});
        for (char c : digits) FUZZ_CHECK(c >= '0' && c <= '9');
        const auto number = v.port_number();
        std::uint64_t value = 0;
        bool small = !digits.empty();
        for (char c : digits) {
          value = value * 10 + static_cast<std::uint64_t>(c - '0');
          if (value > 65535) small = false;
        }
        FUZZ_CHECK(number.has_value() == small);
        if (number) FUZZ_CHECK(*number == value);
      } else {
        FUZZ_CHECK(!v.port_number().has_value());
      }
      // The path after an authority is empty or starts with "/" (ipath-abempty).
      FUZZ_CHECK(v.path().empty() || v.path().front() == '/');
    } else {
      FUZZ_CHECK(p.host_type == host_kind::none && !p.has_userinfo && !p.has_port);
      // Without an authority the path cannot start with "//".
      FUZZ_CHECK(v.path().substr(0, 2) != "//");
    }
    if (!p.has_scheme && !v.path().empty()) {
      // A relative path's first segment has no ":" (RFC 3986 §4.2).
      const std::string_view first = v.path().substr(0, v.path().find('/'));
      FUZZ_CHECK(first.find(':') == std::string_view::npos);
    }
    // The path segments joined with "/" give the path back.
    {
      std::string joined;
      bool first = true;
      for (std::string_view segment : v.path_segments()) {
        if (!first || (!v.path().empty() && v.path().front() == '/')) joined.push_back('/');
        joined.append(segment);
        first = false;
      }
      FUZZ_CHECK(joined == v.path(), joined);
    }
    FUZZ_CHECK(v.without_fragment() == text.substr(0, p.has_fragment ? p.query_end : text.size()));
    FUZZ_CHECK(v.is_absolute() == p.has_scheme);

    // Each component re-validates alone with the internal component loops.
    const parser::repertoire rep = parser::repertoire_of(r);
    const auto check_component = [&](std::optional<std::string_view> c, parser::component kind) {
      if (!c) return;
      const auto begin = static_cast<std::uint32_t>(c->data() - text.data());
      const parse_error e = parser::validate_component(
          text, begin, begin + static_cast<std::uint32_t>(c->size()), kind, rep, parse_options{});
      FUZZ_CHECK(e.code == error_code::ok, rule_name(r));
    };
    check_component(v.userinfo(), parser::component::userinfo);
    if (p.host_type == host_kind::reg_name || p.host_type == host_kind::ipv4) {
      check_component(v.host(), parser::component::reg_name);
    }
    check_component(v.path(), parser::component::path);
    check_component(v.query(), parser::component::query);
    check_component(v.fragment(), parser::component::fragment);

    // ... and in minimal references of their own.
    const rule relative = rep == parser::repertoire::uri     ? rule::relative_uri
                          : rep == parser::repertoire::leiri ? rule::leiri
                                                             : rule::relative_ref;
    if (auto q = v.query()) {
      const std::string alone = "?" + std::string(*q);
      const auto re = parse(alone, relative);
      FUZZ_CHECK(re.has_value() && re->query() == *q, alone);
    }
    if (auto f = v.fragment()) {
      const std::string alone = "#" + std::string(*f);
      const auto re = parse(alone, relative);
      FUZZ_CHECK(re.has_value() && re->fragment() == *f, alone);
    }
    if (auto a = v.authority()) {
      const std::string alone = "//" + std::string(*a);
      const auto re = parse(alone, relative);
      FUZZ_CHECK(re.has_value(), alone);
      FUZZ_CHECK(re->host() == v.host() && re->port() == v.port() && re->userinfo() == v.userinfo() &&
                     re->host_type() == v.host_type(),
                 alone);
    }
    if (p.has_scheme) {
      // scheme ":" + the path alone (with "/." before a path that starts with "//").
      const std::string path =
          v.path().substr(0, 2) == "//" ? "/." + std::string(v.path()) : std::string(v.path());
      const std::string alone = std::string(*v.scheme()) + ":" + path;
      FUZZ_CHECK(is_valid(alone, r == rule::leiri                 ? rule::leiri
                                 : rep == parser::repertoire::uri ? rule::uri
                                                                  : rule::iri),
                 alone);
      // Dropping the fragment gives an absolute IRI.
      if (r != rule::leiri) {
        const rule absolute = rep == parser::repertoire::uri ? rule::absolute_uri : rule::absolute_iri;
        FUZZ_CHECK(is_valid(v.without_fragment(), absolute), rule_name(r));
      }
    }
  }

  const auto index = [](rule r) {
    for (std::size_t k = 0; k < k_rules.size(); ++k) {
      if (k_rules[k] == r) return k;
    }
    return std::size_t{0};
  };
  const auto valid = [&](rule r) { return ok[index(r)]; };
  const auto same_parts = [&](rule a, rule b) { return parts[index(a)] == parts[index(b)]; };

  // The rules nest.
  if (valid(rule::absolute_iri)) FUZZ_CHECK(valid(rule::iri));
  if (valid(rule::iri)) FUZZ_CHECK(valid(rule::iri_reference));
  if (valid(rule::relative_ref)) FUZZ_CHECK(valid(rule::iri_reference));
  FUZZ_CHECK(valid(rule::iri_reference) == (valid(rule::iri) || valid(rule::relative_ref)));
  FUZZ_CHECK(!(valid(rule::iri) && valid(rule::relative_ref)));
  if (valid(rule::iri_reference)) FUZZ_CHECK(valid(rule::leiri));
  if (valid(rule::uri)) FUZZ_CHECK(valid(rule::iri) && valid(rule::uri_reference));
  if (valid(rule::absolute_uri)) FUZZ_CHECK(valid(rule::uri) && valid(rule::absolute_iri));
  if (valid(rule::relative_uri)) FUZZ_CHECK(valid(rule::relative_ref) && valid(rule::uri_reference));
  if (valid(rule::uri_reference)) FUZZ_CHECK(valid(rule::iri_reference));
  FUZZ_CHECK(valid(rule::uri_reference) == (valid(rule::uri) || valid(rule::relative_uri)));
  FUZZ_CHECK(valid(rule::uri_reference) == (valid(rule::iri_reference) && is_ascii(text)));
  if (valid(rule::iri)) {
    FUZZ_CHECK(valid(rule::absolute_iri) == !parts[index(rule::iri)].has_fragment);
  }
  // Every rule that accepts the input splits it the same way.
  for (rule r : k_rules) {
    if (valid(r) && valid(rule::leiri)) FUZZ_CHECK(same_parts(r, rule::leiri), rule_name(r));
  }
  // A strict IRI-reference: the fast path splits it the same way, UTF-8 is valid, the owning types
  // agree, and allowing the iprivate tags only accepts more.
  if (valid(rule::iri_reference)) {
    const iri_reference_view fast = parse_unchecked(text);
    FUZZ_CHECK(fast.parts() == parts[index(rule::iri_reference)]);
    FUZZ_CHECK(validate_utf8(text).has_value());
    const auto owned = iri_reference::parse(std::string(text));
    FUZZ_CHECK(owned.has_value() && owned->parts() == parts[index(rule::iri_reference)] &&
               owned->text() == text);
    FUZZ_CHECK(is_valid(text, rule::iri_reference, parse_options{.allow_iprivate_tags = true}));
  }
  if (valid(rule::iri)) {
    const auto owned = iri::parse(std::string(text));
    FUZZ_CHECK(owned.has_value() && owned->parts() == parts[index(rule::iri)]);
    FUZZ_CHECK(parse_iri(text)->scheme() == text.substr(0, parts[index(rule::iri)].scheme_end));
  } else {
    FUZZ_CHECK(!iri::parse(std::string(text)).has_value());
  }
  // UTF-8 errors: the parser reports exactly what validate_utf8 reports, at the same offset.
  const auto utf8 = validate_utf8(text);
  for (rule r : {rule::iri_reference, rule::leiri, rule::iri}) {
    const auto e = validate(text, r);
    if (!e) {
      const error_code c = e.error().code;
      if (c >= error_code::utf8_invalid_byte && c <= error_code::utf8_out_of_range) {
        FUZZ_CHECK(!utf8.has_value() && utf8.error() == e.error(), rule_name(r));
      }
      if (!utf8) FUZZ_CHECK(e.error().offset <= utf8.error().offset, rule_name(r));
    } else {
      FUZZ_CHECK(utf8.has_value(), rule_name(r));
    }
  }
  return 0;
}
