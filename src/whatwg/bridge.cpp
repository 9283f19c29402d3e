// SPDX-License-Identifier: MIT OR Apache-2.0
// Bridges between the two specifications irikit implements: an RFC 3987 IRI read by the URL
// Standard, a URL written back as an RFC 3987 IRI, and the comparison of what one string means to
// each (whatwg.h, "Bridges").
#include <string>

#include "irikit/convert.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"
#include "whatwg/internal.h"

namespace irikit::whatwg {
namespace {

bool is_hex(char c) noexcept {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// RFC 3986 §2.2-§2.3: unreserved / sub-delims, plus the `extra` delimiters the component allows.
bool rfc3986_allowed(char c, std::string_view extra) noexcept {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  if (std::string_view("-._~!$&'()*+,;=").find(c) != std::string_view::npos) return true;
  return extra.find(c) != std::string_view::npos;
}

/// Appends `text` with every byte RFC 3986 does not allow in the component percent-encoded, and
/// every "%" that does not start a triplet written "%25".
void append_rfc3986(std::string& out, std::string_view text, std::string_view extra) {
  static constexpr char hex[] = "0123456789ABCDEF";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' && i + 2 < text.size() && is_hex(text[i + 1]) && is_hex(text[i + 2])) {
      out.push_back('%');
    } else if (c != '%' && rfc3986_allowed(c, extra)) {
      out.push_back(c);
    } else {
      const auto b = static_cast<unsigned char>(c);
      out.push_back('%');
      out.push_back(hex[b >> 4]);
      out.push_back(hex[b & 15]);
    }
  }
}

}  // namespace

std::string to_rfc3986(const url& u) {
  // RFC 3986 §3: scheme ":" ["//" authority] path ["?" query] ["#" fragment], each component with
  // the characters §3.2-§3.5 allow; what the URL Standard leaves unencoded (| { } ^ ` \ [ ] in
  // paths, "%" without two hex digits, …) is percent-encoded.
  std::string out(u.scheme());
  out.push_back(':');
  if (const auto host = u.host_record()) {
    out += "//";
    if (u.has_credentials()) {
      append_rfc3986(out, u.username(), "");
      if (!u.password().empty()) {
        out.push_back(':');
        append_rfc3986(out, u.password(), "");
      }
      out.push_back('@');
    }
    if (u.host_kind() == host_type::ipv6) {
      out += *host;
    } else {
      append_rfc3986(out, *host, "");
    }
    if (const auto p = u.port_number()) {
      out.push_back(':');
      out += std::to_string(*p);
    }
  }
  std::string_view path = u.pathname();
  if (!u.has_opaque_path() && !u.host_record() && path.starts_with("//")) out += "/.";
  // An opaque path whose first segment holds a ":" before any "/" would read as a scheme in a
  // relative reference, but after "scheme:" it cannot: RFC 3986 path-rootless allows it.
  append_rfc3986(out, path, ":@/");
  if (const auto q = u.query()) {
    out.push_back('?');
    append_rfc3986(out, *q, ":@/?");
  }
  if (const auto f = u.fragment()) {
    out.push_back('#');
    append_rfc3986(out, *f, ":@/?");
  }
  return out;
}

std::string to_iri(const url& u) {
  // RFC 3987 §3.2: the URI's UTF-8 percent-encodings decoded where an IRI allows the character,
  // and "xn--" labels of the host converted with ToUnicode when they round-trip.
  const std::string uri = to_rfc3986(u);
  irikit::to_iri_options options;
  options.idna_to_unicode = true;
  auto iri = irikit::to_iri(uri, options);
  return iri ? std::move(*iri) : uri;
}

result<url> from_iri(std::string_view iri, std::vector<validation>* notes) {
  // RFC 3987 §3.1 with hosts through UTS #46, then the URL Standard's parser on the URI.
  irikit::to_uri_options options;
  options.idna = irikit::idna_mode::uts46;
  options.encode_unsafe_ascii = true;
  const auto uri = irikit::to_uri(iri, options);
  if (!uri) return parse(iri, nullptr, notes);  // the URL Standard reads any string
  return parse(*uri, nullptr, notes);
}

spec_comparison compare_specs(std::string_view text) {
  spec_comparison c;
  const auto rfc = irikit::parse_iri(text);
  auto web = parse(text, nullptr, &c.notes);
  if (rfc) {
    irikit::to_uri_options options;
    options.idna = irikit::idna_mode::uts46;
    const auto n = irikit::normalize(rfc->text(), irikit::normalize_options::scheme());
    const auto uri = irikit::to_uri(n ? n->str() : std::string(rfc->text()), options);
    c.rfc3987 = uri ? *uri : std::string(rfc->text());
  } else {
    c.rfc3987_error = rfc.error();
    const auto ref = irikit::parse_iri_reference(text);
    c.rfc3987_relative = ref.has_value();
  }
  if (web) {
    c.whatwg = std::string(web->href());
  } else {
    c.whatwg_error = web.error();
  }
  const auto add = [&c](std::string_view what, std::string rfc_side, std::string web_side) {
    c.differences.push_back({std::string(what), std::move(rfc_side), std::move(web_side)});
  };
  if (!rfc || !web) {
    if (!rfc && web) {
      add(c.rfc3987_relative ? "relative-reference" : "rfc3987-invalid",
          std::string(code_name(rfc.error().code)) + " at byte " + std::to_string(rfc.error().offset),
          c.whatwg);
    } else if (rfc && !web) {
      add("whatwg-failure", c.rfc3987,
          std::string(error_name(web.error().error)) + " at byte " + std::to_string(web.error().offset));
    }
    return c;
  }
  // Both read the string: compare the components of the RFC 3987 reading (normalized at the
  // scheme rung, as a URI) with those of the URL written back as an RFC 3986 URI and normalized
  // the same way, so that only differences of meaning remain.
  const auto web_iri = irikit::normalize(to_rfc3986(*web), irikit::normalize_options::scheme());
  if (!web_iri) return c;
  irikit::to_uri_options options;
  options.idna = irikit::idna_mode::uts46;
  const auto web_uri = irikit::to_uri(web_iri->str(), options);
  const auto a = irikit::parse_iri(c.rfc3987);
  if (!web_uri || !a) return c;
  const auto b = irikit::parse_iri(*web_uri);
  if (!b) return c;
  const auto opt = [](std::optional<std::string_view> v) {
    return v ? std::string(*v) : std::string("(none)");
  };
  if (a->scheme() != b->scheme()) add("scheme", std::string(a->scheme()), std::string(b->scheme()));
  if (a->userinfo() != b->userinfo()) add("userinfo", opt(a->userinfo()), opt(b->userinfo()));
  if (a->host() != b->host()) add("host", opt(a->host()), opt(b->host()));
  if (a->port() != b->port()) add("port", opt(a->port()), opt(b->port()));
  if (a->path() != b->path()) add("path", std::string(a->path()), std::string(b->path()));
  if (a->query() != b->query()) add("query", opt(a->query()), opt(b->query()));
  if (a->fragment() != b->fragment()) add("fragment", opt(a->fragment()), opt(b->fragment()));
  return c;
}

}  // namespace irikit::whatwg
