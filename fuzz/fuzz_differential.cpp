// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_differential — irikit's URI-reference rule (RFC 3986 §4.1) against two independent
// parsers, uriparser and Boost.URL, on ASCII input. The three must agree on validity and, when
// all accept, on the split into scheme, authority, path, query and fragment, except for the
// documented differences below (docs/robustness.md, "Differential testing"), which are filtered
// out by name so that anything new stops the fuzzer.
//
// Documented differences (a peer's known leniency; irikit follows the ABNF) — see
// `known_difference`:
//   D1  Boost.URL 1.81 ends the authority where its host/port grammar stops rather than at the
//       first "/", "?" or "#", and takes the rest as the path even though it does not start with
//       "/" ("//h:80a/" → port "80", path "a/"; "//u@h@h" → path "@h"). After an authority the
//       path must be path-abempty (RFC 3986 §3.3), so irikit (and uriparser) reject these, or
//       split them differently ("//1.2.3.4;x" is the reg-name "1.2.3.4;x" with an empty path).
//   D2  Boost.URL 1.81 rejects a reg-name that starts with an IPv4 address when more follows it
//       ("//1.2.3.4x:1", "//255.255.255.255!:1"). The first-match-wins rule of RFC 3986 §3.2.2
//       picks IPv4address only when the whole host matches it; these hosts are reg-names.
//   D3  Boost.URL 1.81 rejects an IPvFuture written with a capital "V" ("//[V7.x]"); ABNF string
//       literals are case-insensitive (RFC 5234 §2.3), so "v" matches "V" (uriparser agrees).
// Inputs with a NUL byte are compared too: every parser works on (pointer, length).
#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/ip_address.h"
#include "irikit/iri.h"

namespace {

using namespace irikit;

struct split {
  std::optional<std::string> scheme, authority, query, fragment;
  std::string path;
};

// The documented difference an input shows, or nullptr.
const char* known_difference(const std::optional<iri_reference_view>& ours,
                             const std::optional<split>& boost) {
  if (boost && boost->authority && !boost->path.empty() && boost->path.front() != '/') return "D1";
  if (ours && !boost && ours->host_type() == host_kind::reg_name) {
    const std::string_view host = *ours->host();
    for (std::size_t k = 7; k < host.size() && k <= 15; ++k) {
      if (irikit::grammar::is_ipv4address(host.substr(0, k))) return "D2";
    }
  }
  if (ours && !boost && ours->host_type() == host_kind::ipvfuture && (*ours->host())[1] == 'V') return "D3";
  return nullptr;
}

std::optional<split> boost_split(std::string_view text) {
  auto r = boost::urls::parse_uri_reference(boost::core::string_view(text.data(), text.size()));
  if (!r) return std::nullopt;
  const boost::urls::url_view& u = *r;
  split s;
  if (u.has_scheme()) s.scheme = std::string(u.scheme());
  if (u.has_authority()) s.authority = std::string(u.encoded_authority());
  s.path = std::string(u.encoded_path());
  if (u.has_query()) s.query = std::string(u.encoded_query());
  if (u.has_fragment()) s.fragment = std::string(u.encoded_fragment());
  return s;
}

bool uriparser_accepts(std::string_view text, split* out) {
  UriUriA uri;
  const char* error_pos = nullptr;
  const char* first = text.data();
  const int rc = uriParseSingleUriExA(&uri, first, first + text.size(), &error_pos);
  const bool ok = rc == URI_SUCCESS;
  if (ok && out) {
    const auto range = [](const UriTextRangeA& r) -> std::optional<std::string> {
      if (r.first == nullptr) return std::nullopt;
      return std::string(r.first, r.afterLast);
    };
    out->scheme = range(uri.scheme);
    out->query = range(uri.query);
    out->fragment = range(uri.fragment);
  }
  uriFreeUriMembersA(&uri);
  return ok;
}

std::optional<std::string> opt(std::optional<std::string_view> v) {
  return v ? std::optional<std::string>(std::string(*v)) : std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  for (unsigned char c : fuzz_input) {
    if (c >= 0x80) return 0;  // URIs are ASCII; non-ASCII is fuzz_parse's business
  }
  const std::string_view text = fuzz_input;
  const auto ours = parse_uri_reference(text);
  const auto theirs = boost_split(text);
  split uriparser_parts;
  const bool uriparser_ok = uriparser_accepts(text, &uriparser_parts);

  FUZZ_CHECK(ours.has_value() == uriparser_ok,
             ours ? "irikit accepts, uriparser rejects" : "irikit rejects, uriparser accepts");
  if (ours) {
    const iri_reference_view v = *ours;
    FUZZ_CHECK(opt(v.scheme()) == uriparser_parts.scheme, "scheme differs from uriparser");
    FUZZ_CHECK(opt(v.query()) == uriparser_parts.query, "query differs from uriparser");
    FUZZ_CHECK(opt(v.fragment()) == uriparser_parts.fragment, "fragment differs from uriparser");
  }
  const std::optional<iri_reference_view> our_view =
      ours ? std::optional<iri_reference_view>(*ours) : std::nullopt;
  if (known_difference(our_view, theirs) != nullptr) return 0;
  FUZZ_CHECK(ours.has_value() == theirs.has_value(),
             ours ? "irikit accepts, Boost.URL rejects" : "irikit rejects, Boost.URL accepts");
  if (!ours) return 0;
  const iri_reference_view v = *ours;
  FUZZ_CHECK(opt(v.scheme()) == theirs->scheme, "scheme differs from Boost.URL");
  FUZZ_CHECK(opt(v.authority()) == theirs->authority, "authority differs from Boost.URL");
  FUZZ_CHECK(std::string(v.path()) == theirs->path, "path differs from Boost.URL");
  FUZZ_CHECK(opt(v.query()) == theirs->query, "query differs from Boost.URL");
  FUZZ_CHECK(opt(v.fragment()) == theirs->fragment, "fragment differs from Boost.URL");
  return 0;
}
