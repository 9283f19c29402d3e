// SPDX-License-Identifier: MIT OR Apache-2.0
// The scheme registry (irikit/scheme.h): one table from scheme name (or URN namespace) to its
// specification, default port and the scheme-based normalization of RFC 3987 §5.3.3 it takes.
#include <array>
#include <string_view>

#include "grammar/char_class.h"
#include "irikit/scheme.h"

namespace irikit {
namespace {

using grammar::iequals_ascii;

// Registry order: the schemes with an authority, then file, the URN namespaces, the rest.
constexpr std::array<scheme_info, 17> k_registry{{
    {"http", "RFC 9110 §4.2.1", 80, true, true, true,
     "default port 80 removed, empty path as \"/\", IDN host in Unicode form"},
    {"https", "RFC 9110 §4.2.2", 443, true, true, true,
     "default port 443 removed, empty path as \"/\", IDN host in Unicode form"},
    {"ws", "RFC 6455 §3", 80, true, true, true,
     "default port 80 removed, empty path as \"/\", IDN host in Unicode form"},
    {"wss", "RFC 6455 §3", 443, true, true, true,
     "default port 443 removed, empty path as \"/\", IDN host in Unicode form"},
    {"ftp", "RFC 1738 §3.2", 21, true, true, true,
     "default port 21 removed, empty path as \"/\", IDN host in Unicode form"},
    {"gopher", "RFC 4266 §2", 70, true, false, true, "default port 70 removed, empty path as \"/\""},
    {"file", "RFC 8089 §2", -1, false, false, true,
     "host \"localhost\" as the empty host (file:///), empty path as \"/\""},
    {"urn", "RFC 8141 §2", -1, false, false, false,
     "NID in lower case; r-, q- and f-components ignored by equivalence (RFC 8141 §3)"},
    {"urn:uuid", "RFC 9562 §4; RFC 4122 §3", -1, false, false, false,
     "as urn, and the UUID in lower case (RFC 9562 §4)"},
    {"urn:oid", "RFC 3061 §2", -1, false, false, false, "as urn"},
    {"urn:ietf", "RFC 2648 §2", -1, false, false, false, "as urn"},
    {"urn:isbn", "RFC 3187 §3; RFC 8254 §4", -1, false, false, false, "as urn"},
    {"mailto", "RFC 6068 §2", -1, false, false, false, "the domain of each address in lower case"},
    {"data", "RFC 2397 §3", -1, false, false, false, "none beyond syntax-based normalization"},
    {"tag", "RFC 4151 §2.1", -1, false, false, false, "none beyond syntax-based normalization"},
    {"did", "W3C DID Core 1.0 §3.1", -1, false, false, false, "none beyond syntax-based normalization"},
    {"tel", "RFC 3966 §3", -1, false, false, false, "none beyond syntax-based normalization"},
}};

}  // namespace

std::span<const scheme_info> scheme_registry() noexcept { return k_registry; }

const scheme_info* find_scheme(std::string_view name) noexcept {
  for (const scheme_info& s : k_registry) {
    if (iequals_ascii(s.name, name)) return &s;
  }
  return nullptr;
}

const scheme_info* find_scheme(iri_reference_view reference) noexcept {
  const std::optional<std::string_view> scheme = reference.scheme();
  if (!scheme) return nullptr;
  if (iequals_ascii(*scheme, "urn") && !reference.has_authority()) {
    // RFC 8141 §2: assigned-name = "urn" ":" NID ":" NSS; a namespace with rules of its own.
    const std::string_view path = reference.path();
    const std::size_t colon = path.substr(0, 33).find(':');  // a NID has 32 characters at most
    if (colon != std::string_view::npos && colon <= 32) {
      for (const scheme_info& s : k_registry) {
        if (s.name.size() == 4 + colon && s.name.starts_with("urn:") &&
            iequals_ascii(s.name.substr(4), path.substr(0, colon))) {
          return &s;
        }
      }
    }
  }
  return find_scheme(*scheme);
}

int default_port(std::string_view scheme) noexcept {
  const scheme_info* s = find_scheme(scheme);
  return s != nullptr ? s->default_port : -1;
}

}  // namespace irikit
