// SPDX-License-Identifier: MIT OR Apache-2.0
// The peers, each behind one plain function so that every implementation pays one call per line
// (irikit's validate is a call into the library too). Each returns whether the line is accepted.
#ifndef IRIKIT_BENCH_PEERS_H
#define IRIKIT_BENCH_PEERS_H

#include <string>
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

// ---- Operations beyond validation: each writes its result into `out` (reused across calls, so that
// no implementation pays for a fresh buffer per line) and returns false when it fails.

/// Percent-decoding of a URI reference, the peers of irikit::to_iri (RFC 3987 §3.2). None of them
/// is a URI→IRI conversion: they decode every triplet (reserved characters, %25, invalid UTF-8).
/// Boost.URL: parse_uri_reference, then `decode()` of each component appended to `out`.
bool boost_url_decode(std::string_view line, std::string& out) noexcept;
/// curl: `curl_easy_unescape` on the whole line (a fresh buffer per call, which curl_free releases).
bool curl_unescape(std::string_view line, std::string& out) noexcept;
/// uriparser: the line copied into `out`, then `uriUnescapeInPlaceExA` (no plus-to-space, line
/// breaks untouched).
bool uriparser_unescape(std::string_view line, std::string& out) noexcept;

/// Resolution (RFC 3986 §5.2) of `ref` against `base`, both parsed per call, the target written to
/// `out`. Boost.URL: parse_uri + parse_uri_reference + `resolve` into a reused `url`.
bool boost_url_resolve(std::string_view base, std::string_view ref, std::string& out) noexcept;
/// uriparser: uriParseSingleUriExA twice, uriAddBaseUriExA (URI_RESOLVE_STRICTLY), uriToStringA.
bool uriparser_resolve(std::string_view base, std::string_view ref, std::string& out) noexcept;

/// IDNA ToASCII (peers.cpp keeps ICU to peers_idna.cpp). ICU's UTS #46 called directly with the
/// options irikit's backend uses (non-transitional, UseSTD3ASCIIRules, CheckBidi, CheckJoiners):
/// `uidna_nameToASCII_UTF8` into `out`; false when ICU reports any error.
bool icu_uts46_to_ascii(std::string_view host, std::string& out) noexcept;
/// RFC 3490 ToASCII (IDNA2003) by ICU's uidna_IDNToASCII, UseSTD3ASCIIRules and AllowUnassigned:
/// the peer of irikit's idna_mode::idna2003 (irikit's own since issue 50). Names longer than 511
/// UTF-16 units fail.
bool icu_idna2003_to_ascii(std::string_view host, std::string& out) noexcept;
/// ICU's NFC on UTF-8 (icu::Normalizer2::normalizeUTF8), the peer of irikit's own NFC.
bool icu_nfc(std::string_view text, std::string& out) noexcept;
/// libidn2 `idn2_to_ascii_8z(…, IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES)`; `host` must be
/// followed by a NUL byte (corpus lines are). False when libidn2 is not available.
bool libidn2_to_ascii(std::string_view host, std::string& out) noexcept;
bool libidn2_available() noexcept;

/// The library versions, for RESULTS.md.
const char* boost_version();
const char* uriparser_version();
const char* curl_version_string();
const char* icu_version();
const char* libidn2_version();

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_PEERS_H
