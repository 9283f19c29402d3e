// The peers, each behind one plain function so that every implementation pays one call per line
// (irikit's validate is a call into the library too). Each returns whether the line is accepted.
#ifndef IRIKIT_BENCH_PEERS_H
#define IRIKIT_BENCH_PEERS_H

#include <string_view>

namespace irikit::bench {

/// Boost.URL 1.81 `boost::urls::parse_uri_reference` (RFC 3986 URI-reference; a url_view).
bool boost_url_parse_uri_reference(std::string_view line) noexcept;

/// uriparser `uriParseSingleUriExA` (RFC 3986 URI-reference; fills a UriUriA, which it frees).
bool uriparser_parse(std::string_view line) noexcept;

/// curl `curl_url_set(CURLUPART_URL)` with CURLU_NON_SUPPORT_SCHEME on one reused CURLU handle.
/// curl parses absolute URLs the way browsers and curl do (WHATWG-like, lenient), not RFC 3986
/// references. `line` must be followed by a NUL byte (every corpus line is).
bool curl_url_parse(std::string_view line) noexcept;

/// The library versions, for RESULTS.md.
const char* boost_version();
const char* uriparser_version();
const char* curl_version_string();

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_PEERS_H
