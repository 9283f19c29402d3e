// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/canon.h — canonical keys for crawlers, archives and blocklists (issue 52): RFC 3987 §5.3.4
// protocol-based normalization and the canonicalizers the field uses above it, as named steps.
//
// Normalization (irikit/normalize.h) stops where equivalence stops. A crawler, an archive or a
// blocklist wants more: one key for every spelling of what it treats as one resource, even where
// RFC 3987 §5.3 calls the spellings different ("www." stripped, query pairs sorted, a session id
// removed). Each community wrote its own canonicalizer; a profile here reproduces one of them
// exactly, and every step of a profile is an option that can also be turned on alone.
//
//   auto k = irikit::canon::canonicalize("http://www.Archive.org:80/goo/?b=2&a=1#f",
//                                        irikit::canon::profile::ia, irikit::canon::key_kind::surt);
//   // k->output == "org,archive)/goo?a=1&b=2"   (the `surt` package's surt(url), the CDX urlkey)
//
//   auto u = irikit::canon::canonicalize("HTTP://Example.COM:80/a/./b/%7e");
//   // u->output == "http://example.com/a/b/~"   (profile rfc3987: equivalence-preserving only)
//
// The profiles (docs/canonicalization.md, each step by step with its upstream cited):
//   rfc3987           the default: RFC 3987 §5.3.2 syntax-based and §5.3.3 scheme-based
//                     normalization only; two IRIs §5.3 calls different never share a key
//   none              the URL as parsed, unchanged (keys of URLs already canonical)
//   ia                the Internet Archive's canonicalizer: the `surt` package's
//                     DefaultIAURLCanonicalizer (GoogleURLCanonicalizer then IAURLCanonicalizer),
//                     webarchive-commons' WaybackURLKeyMaker with key_kind::surt
//   w3lib             Scrapy's w3lib.url.canonicalize_url (keep_fragments: remove_fragment off;
//                     keep_blank_values=False: query_blank_values on)
// IIPC urlcanon's profiles (whatwg, google, semantic-precise, aggressive) and Safe Browsing's
// canonicalization are not implemented yet (issue 52).
// Safe Browsing's lookup expressions are (lookup_expressions).
//
// Input: profiles other than rfc3987 accept what crawlers see (no scheme, spaces and controls,
// raw bytes that are not UTF-8, "%" without hex digits) and give their upstream's answer; rfc3987
// and none parse strictly (RFC 3987 IRI) and report a parse_error with its byte offset. Work is
// linear in the input for every profile.
#ifndef IRIKIT_CANON_H
#define IRIKIT_CANON_H

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/error.h"

namespace irikit::canon {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The canonicalization profiles (see the header comment).
enum class profile : std::uint8_t {
  rfc3987,
  none,
  ia,
  w3lib,
};

/// "rfc3987", "none", "ia", "w3lib"; and back (nullopt when unknown).
std::string_view profile_name(profile p) noexcept;
std::optional<profile> profile_from_name(std::string_view name) noexcept;
/// Every profile, in the order of the enumeration.
std::span<const profile> all_profiles() noexcept;

/// The form of the key.
enum class key_kind : std::uint8_t {
  url,    ///< the canonical URL
  surt,   ///< Sort-friendly URI Reordering Transform: "com,example)/path?a=1" (the IA's CDX urlkey)
  ssurt,  ///< urlcanon's SSURT: "com,example,//8080:http@user:pass:/path?query#frag"
};
/// "url", "surt", "ssurt"; and back.
std::string_view key_kind_name(key_kind k) noexcept;
std::optional<key_kind> key_kind_from_name(std::string_view name) noexcept;

/// Where a step stands on the comparison ladder of RFC 3987 §5.3.
enum class rung : std::uint8_t {
  syntax,    ///< §5.3.2 syntax-based normalization: equivalence-preserving
  scheme,    ///< §5.3.3 scheme-based normalization: equivalence-preserving for the scheme
  protocol,  ///< §5.3.4 protocol-based normalization: equivalent for the protocol's servers
  beyond,    ///< beyond equivalence: may merge resources that differ (www, sorting, session ids)
};
/// "syntax", "scheme", "protocol", "beyond".
std::string_view rung_name(rung r) noexcept;

/// The named steps, in the order the engine applies them. Each is a member of `options`.
enum class step : std::uint8_t {
  trim,                    ///< leading and trailing C0 controls and spaces removed
  remove_tab_newline,      ///< TAB, LF and CR removed everywhere (the WHATWG Standard's §4.4 step 3)
  default_scheme,          ///< "http://" added to an input without a scheme
  repeated_scheme,         ///< "http://http://h/" → "http://h/" (webarchive-commons' URLParser)
  scheme_case,             ///< the scheme in lower case (§5.3.2.1)
  https_to_http,           ///< "https" → "http" (urlcanon aggressive)
  remove_userinfo,         ///< the user name and password removed
  remove_fragment,         ///< the fragment removed
  host_unescape,           ///< the host percent-decoded, repeatedly (Safe Browsing)
  host_idna,               ///< a non-ASCII host to its A-labels (UTS #46 ToASCII)
  host_dots,               ///< runs of dots in the host to one; leading and trailing dots removed
  host_case,               ///< the host in lower case (§5.3.2.1)
  host_ipv4,               ///< IPv4 in decimal, octal, hexadecimal or short forms → dotted decimal
  host_ipv6,               ///< IPv6 in its RFC 5952 form (compression, lower case)
  host_ipv6_ipv4,          ///< IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::/96) as IPv4
  host_www,                ///< a leading "www." or "wwwN." label removed
  host_escape,             ///< the host re-encoded with the profile's set
  default_port,            ///< the scheme's default port removed (§5.3.3)
  empty_port,              ///< an empty port and its ":" removed (RFC 3986 §3.2.3)
  percent_case,            ///< percent-encoding hex digits in upper case (§5.3.2.1)
  percent_unreserved,      ///< percent-encoded unreserved characters decoded (§5.3.2.3)
  percent_repeated,        ///< path and query percent-decoded repeatedly, then re-encoded once
  percent_encode,          ///< characters outside the profile's set percent-encoded
  path_session_id,         ///< ASP.NET "(S(…))" and "(…)" session segments removed
  path_dot_segments,       ///< remove_dot_segments (§5.3.2.4, RFC 3986 §5.2.4)
  path_duplicate_slashes,  ///< runs of "/" in the path to one
  empty_path,              ///< an empty path with an authority → "/" (§5.3.3)
  path_case,               ///< the path in lower case
  path_trailing_slash,     ///< a trailing "/" removed from a path longer than "/"
  query_session_id,        ///< jsessionid, phpsessid, sid, aspsessionid, cfid/cftoken removed
  query_case,              ///< the query in lower case
  query_strip_params,      ///< query parameters removed by name or prefix (options::strip_params)
  query_blank_values,      ///< query pairs with an empty value removed
  query_sort,              ///< query pairs sorted (stable, byte-wise)
  empty_query,             ///< an empty query and its "?" removed
  character_nfc,           ///< NFC on each component (§5.3.2.2)
};
/// The step's kebab-case name ("host-www", "query-sort", …); and back.
std::string_view step_name(step s) noexcept;
std::optional<step> step_from_name(std::string_view name) noexcept;
/// The rung a step belongs to.
rung step_rung(step s) noexcept;
/// A sentence on what the step does, with its source ("RFC 3987 §5.3.3: the default port …").
std::string_view step_description(step s) noexcept;

/// The named tracking-parameter list ("tracking"): utm_* and the click ids of the large ad
/// networks (data/tracking_params.txt, cited there). Entries ending in "*" are prefixes.
std::span<const std::string_view> tracking_params() noexcept;

/// The options of the engine: the profile's steps plus the key. `for_profile` gives a profile's
/// exact settings; any step may be turned on or off after that. `canonicalize(text, options)` with
/// options that match no profile runs the steps as the `rfc3987` profile orders them.
struct options {
  profile base = profile::rfc3987;  ///< the profile the steps came from (its parser and encode sets)

  // Steps (see `step`); all off in a default-constructed options, which is the `none` profile.
  bool trim = false;
  bool remove_tab_newline = false;
  bool default_scheme = false;
  bool repeated_scheme = false;
  bool scheme_case = false;
  bool https_to_http = false;
  bool remove_userinfo = false;
  bool remove_fragment = false;
  bool host_unescape = false;
  bool host_idna = false;
  bool host_dots = false;
  bool host_case = false;
  bool host_ipv4 = false;
  bool host_ipv6 = false;
  bool host_ipv6_ipv4 = false;
  bool host_www = false;
  bool host_escape = false;
  bool default_port = false;
  bool empty_port = false;
  bool percent_case = false;
  bool percent_unreserved = false;
  bool percent_repeated = false;
  bool percent_encode = false;
  bool path_session_id = false;
  bool path_dot_segments = false;
  bool path_duplicate_slashes = false;
  bool empty_path = false;
  bool path_case = false;
  bool path_trailing_slash = false;
  bool query_session_id = false;
  bool query_case = false;
  bool query_blank_values = false;
  bool query_sort = false;
  bool empty_query = false;
  bool character_nfc = false;
  /// query_strip_params: names to remove; an entry ending in "*" is a prefix ("utm_*"). The
  /// step is on when the list is not empty. `tracking_params()` is the project's list.
  std::vector<std::string> strip_params;

  // The key.
  key_kind key = key_kind::url;
  bool with_scheme = false;     ///< surt: "http://(com,example,)/" (the `surt` package's with_scheme)
  bool trailing_comma = false;  ///< surt: "com,example,)/" (the `surt` package's trailing_comma)

  // What else to return.
  bool expressions = false;  ///< fill result::expressions (Safe Browsing's lookup expressions of the URL)
  bool explain = false;      ///< fill result::explain with each step that changed something

  /// The exact settings of a profile (its steps, key url, nothing else returned).
  static options for_profile(profile p);
  /// Whether step `s` is on.
  bool has(step s) const noexcept;
  /// Turns step `s` on or off (query_strip_params: off clears the list, on sets tracking_params()).
  void set(step s, bool on);
};

/// One step that changed the URL: which, and the URL before and after it.
struct explanation {
  step which = step::trim;
  std::string before;
  std::string after;

  friend bool operator==(const explanation&, const explanation&) = default;
};

/// What canonicalize returns.
struct canonical {
  std::string output;                    ///< the key (the canonical URL when key is url)
  std::string url;                       ///< the canonical URL, whatever the key
  std::vector<std::string> expressions;  ///< with options::expressions: Safe Browsing's lookup list
  std::vector<explanation> explain;      ///< with options::explain: the steps that changed it, in order
};

/// Canonicalizes `text` with `opts`. Errors: the rfc3987 and none profiles report the RFC 3987
/// parse error (code, byte offset); other profiles fail only where their upstream does
/// (port_out_of_range for a port above 65535, invalid_ipv4, idna_failed, …, with the offset in
/// `text` of the component at fault) and otherwise always answer.
result<canonical> canonicalize(std::string_view text, const options& opts);
/// Canonicalizes with a profile's exact settings and the given key.
result<canonical> canonicalize(std::string_view text, profile p = profile::rfc3987,
                               key_kind key = key_kind::url);
/// The output only, into a caller's buffer (the hot path: no result object, the buffer reused).
result<void> canonicalize_into(std::string_view text, const options& opts, std::string& out);

/// Safe Browsing v4 lookup expressions of a canonical URL ("URLs and Hashing", "Suffix/Prefix
/// Expressions"): up to 5 host suffixes × up to 6 path prefixes, in the documented order.
std::vector<std::string> lookup_expressions(std::string_view canonical_url);

/// The SURT form of a host: labels reversed and joined by "," ("www.example.com" →
/// "com,example,www"); an IPv4 address stays as is unless `reverse_ipv4`.
std::string surt_host(std::string_view host, bool trailing_comma = false, bool reverse_ipv4 = true);
/// The URL of a SURT key (the inverse where one exists: the host and the rest; the scheme is
/// "http" when the key has none). Fails with missing_scheme when `key` has no ")".
result<std::string> surt_to_url(std::string_view key);

/// How much a search range covers (pywb's calc_search_range match types).
enum class match_type : std::uint8_t { exact, prefix, host, domain };
std::string_view match_type_name(match_type m) noexcept;
std::optional<match_type> match_type_from_name(std::string_view name) noexcept;
/// The half-open range [begin, end) of SURT keys a CDX index is searched over for `surt_key`.
struct search_range {
  std::string begin;
  std::string end;
  friend bool operator==(const search_range&, const search_range&) = default;
};
search_range calc_search_range(std::string_view surt_key, match_type m);

#pragma GCC visibility pop
}  // namespace irikit::canon

#endif  // IRIKIT_CANON_H
