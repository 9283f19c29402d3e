// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/convert.h — the relationship between IRIs and URIs (RFC 3987 §3, draft-ietf-iri-3987bis
// §3.3–§3.7 and §6): IRI → URI, URI → IRI, LEIRI → IRI, IRIs in legacy charsets, and the
// candidate IRIs a server should match for URIs made by legacy user agents (RFC 3987 §7.7).
//
//   irikit::to_uri("http://www.example.org/red%09rosé#red");   //
//   "http://www.example.org/red%09ros%C3%A9#red" irikit::to_uri("http://résumé.example.org", {.idna =
//   irikit::idna_mode::uts46});
//                                                              // "http://xn--rsum-bpad.example.org"
//   irikit::to_iri("http://www.example.org/D%C3%BCrst");      // "http://www.example.org/Dürst"
//   irikit::to_iri("http://www.example.org/D%FCrst");         // unchanged: not UTF-8 (§3.2 step 3)
//
// `to_uri` without IDNA or a query charset, `to_iri` without ToUnicode and `leiri_to_iri` use only
// UTF-8 and the fixed code-point ranges of RFC 3987: they never reach the Unicode backend (ICU).
// docs/conversion.md lists every character `to_iri` keeps percent-encoded and why.
#ifndef IRIKIT_CONVERT_H
#define IRIKIT_CONVERT_H

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/error.h"
#include "irikit/host.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

// ---------------------------------------------------------------------------------------------
// IRI → URI (RFC 3987 §3.1 step 2; 3987bis §3.3–§3.6)

struct to_uri_options {
  /// IDNA for a reg-name host that contains non-ASCII characters (RFC 3987 §3.1, 3987bis §3.4).
  /// `none` percent-encodes the host like every other component. Hosts that are already ASCII are
  /// never changed, so that the mapping stays the identity on URIs.
  idna_mode idna = idna_mode::none;
  /// RFC 3490 AllowUnassigned for `idna_mode::idna2003`: TRUE, since mapping an IRI to a URI is
  /// not creating an IRI (§3.1). Set false to apply the stricter rule for IRI creation.
  bool idna2003_allow_unassigned = true;
  /// Percent-encode the ASCII characters URIs do not allow — space < > " { } | \ ^ ` and the
  /// controls U+0000–U+001F, U+007F — instead of failing with `unsafe_ascii_char` (§3.1: "If these
  /// characters are found but are not converted, then the conversion SHOULD fail").
  bool encode_unsafe_ascii = false;
  /// The document charset of the IRI's origin (3987bis §3.5): when it names a charset that is not
  /// UCS-based (e.g. "Shift_JIS", "windows-1252") and the scheme is http or https, the query's
  /// non-ASCII characters are encoded in that charset before percent-encoding. Never any other
  /// component or scheme. Empty (the default) or a UCS-based charset means UTF-8. Errors:
  /// unknown_charset, charset_unmappable (a query character the charset cannot represent).
  std::string_view query_charset = {};
};

/// Maps an IRI reference (or any UTF-8 string, 3987bis §3.3: "defined for all sequences of Unicode
/// characters") to a URI reference: every non-ASCII character becomes the %HH triplets of its UTF-8
/// octets with uppercase hex; ASCII characters allowed in URIs and existing percent-encodings are
/// left alone, and "#", "%", "[" and "]" are never converted. The mapping is the identity on URIs and
/// idempotent.
///
/// Errors: utf8_* for invalid UTF-8; unsafe_ascii_char (see `encode_unsafe_ascii`); idna_failed
/// (offset of the failing label in the input); unknown_charset / charset_unmappable.
result<std::string> to_uri(std::string_view iri, const to_uri_options& options = {});

/// `to_uri` into the caller's buffer: `out` is cleared, then receives the URI (its capacity is
/// reused). On failure `out` is left empty.
result<void> to_uri_into(std::string_view iri, std::string& out, const to_uri_options& options = {});

// ---------------------------------------------------------------------------------------------
// URI → IRI (RFC 3987 §3.2; 3987bis §3.7)

struct to_iri_options {
  /// Convert "xn--" labels of a reg-name host with ToUnicode (RFC 3987 §3.2.1: "Implementations
  /// with scheme-specific knowledge MAY convert punycode-encoded domain name labels"). A label is
  /// converted only when it is valid and round-trips (ToASCII of the result gives the label back,
  /// ignoring ASCII case); otherwise it stays as it is.
  bool idna_to_unicode = false;
  /// The IDNA processing used for ToUnicode and for the round-trip check.
  idna_mode idna = idna_mode::uts46;
  /// The host display policy (irikit/host.h `display_host`, docs/host-display.md): with
  /// `idna_to_unicode`, an "xn--" label is converted only when the policy shows it as Unicode,
  /// so that a look-alike such as "xn--80ak6aa92e.com" stays in its A-label form (RFC 3987 §7.5,
  /// §8). Set `apply_display_policy` to false for the conversion of every valid label that
  /// round-trips, as before the policy existed.
  host_display_options display_policy = {};
  bool apply_display_policy = true;
};

/// Converts a URI reference (any valid IRI reference is accepted: URIs are IRIs) to an IRI
/// reference with the five steps of §3.2: percent-encodings are decoded except %25, those of
/// reserved characters and those of ASCII characters not allowed in URIs; octets that are not part
/// of strictly valid UTF-8 and characters not appropriate in IRIs (docs/conversion.md) are
/// re-encoded with uppercase hex. Percent-encodings that are not decoded keep their case.
/// The result is always a valid IRI reference, and to_uri(to_iri(u)) == u up to the case of
/// percent-encodings and percent-encoded unreserved characters.
///
/// Errors: the parse errors of `parse_iri_reference` (the input must be a valid IRI reference).
result<std::string> to_iri(std::string_view uri, const to_iri_options& options = {});

/// `to_iri` into the caller's buffer (cleared first; left empty on failure).
result<void> to_iri_into(std::string_view uri, std::string& out, const to_iri_options& options = {});

// ---------------------------------------------------------------------------------------------
// LEIRI → IRI (3987bis §6)

/// Converts a Legacy Extended IRI reference to an IRI reference by percent-encoding (UTF-8,
/// uppercase hex) exactly the characters IRIs do not allow: space < > " { } | \ ^ `, the controls
/// U+0000–U+001F and U+007F–U+009F, the bidi formatting characters (RFC 3987 §4.1), private-use
/// characters outside the query, and the other code points leiri-ucschar has but ucschar lacks
/// (U+FDD0–U+FDEF, U+FFF0–U+FFFD, U+xFFFE/F, the tags U+E0000–U+E0FFF).
/// Errors: the parse errors of `rule::leiri` (utf8_*, structural errors).
result<std::string> leiri_to_iri(std::string_view leiri);

// ---------------------------------------------------------------------------------------------
// RFC 3987 §3.1 step 1: IRIs in other encodings

/// Turns the bytes of an IRI in the named encoding into UTF-8: a legacy (non-Unicode) charset is
/// transcoded and normalized to NFC (§3.1 step 1b); a UCS-based one (UTF-8, UTF-16, UTF-32…) is
/// transcoded but never normalized (step 1c). Errors: unknown_charset; charset_decode_failed at
/// the byte offset of the first malformed sequence.
result<std::string> from_charset(std::string_view bytes, std::string_view charset);

// ---------------------------------------------------------------------------------------------
// RFC 3987 §7.7: interpretation of URIs made by legacy user agents

/// The IRIs a server should try when matching `uri` (typically a percent-encoded path) against
/// its resource names: first the UTF-8 interpretation (`to_iri`), then, for each legacy charset
/// in order, the IRI obtained by decoding every run of percent-encoded octets that contains a
/// non-ASCII octet in that charset. A charset is skipped when a run does not decode in it;
/// duplicates are dropped. Characters that are not appropriate in IRIs (and reserved ASCII
/// characters produced by a decoded run) stay percent-encoded, in UTF-8. Unknown charset names are
/// skipped. The input must be a valid IRI reference; otherwise the result is empty.
std::vector<std::string> interpret_candidates(std::string_view uri,
                                              std::span<const std::string_view> legacy_charsets);

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_CONVERT_H
