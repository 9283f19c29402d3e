// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/normalize.h — normalization and the comparison ladder of RFC 3987 §5.3 (RFC 3986 §6).
//
// Normalization always produces a new string and never changes its input: RFC 3987 §5.3.2.3 says
// the original form MUST be preserved when an IRI is passed on, so normal forms are for comparing.
//
//   auto n = irikit::normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9");
//   // n->text() == "example://a/b/c/%7Bfoo%7D/rosé"   (syntax-based, IRI form)
//
//   irikit::equivalent("http://example.com", "http://example.com:80/",
//                      irikit::comparison_level::scheme);                 // true
//   irikit::equivalent("http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org",
//                      irikit::comparison_level::scheme);                 // true
//
// The rungs (RFC 3987 §5.3):
//   simple  §5.3.1  code point for code point; never maps IRIs to URIs
//   syntax  §5.3.2  case (§5.3.2.1), percent-encoding (§5.3.2.3), dot-segments (§5.3.2.4), an
//                   empty port dropped (RFC 3986 §3.2.3, any scheme); NFC (§5.3.2.2) only when
//                   asked: equivalence "MUST rely on the assumption that IRIs are appropriately
//                   pre-character-normalized"
//   scheme  §5.3.3  plus, for http, https, ws, wss, ftp (and file where it applies): the default
//                   port removed, an empty path with an authority → "/", the IDN host mapped to
//                   its UTS #46 Unicode form (so "xn--…" and Unicode labels compare equal; §5.3.3
//                   says IDNs SHOULD NOT be converted to ACE "for legibility"); file: "localhost"
//                   → empty host when there is no userinfo or port; per the scheme registry
//                   (irikit/scheme.h): gopher's default port, a URN's NID in lower case and a
//                   urn:uuid's UUID too (RFC 8141 §3.1, RFC 9562 §4), each mailto address's domain
//                   in lower case (RFC 6068 §2); equivalence at this rung ignores a URN's r-, q- and
//                   f-components (RFC 8141 §3)
#ifndef IRIKIT_NORMALIZE_H
#define IRIKIT_NORMALIZE_H

#include <optional>
#include <string>
#include <string_view>

#include "irikit/error.h"
#include "irikit/iri.h"
#include "irikit/resolve.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The steps `normalize` applies; each can be chosen on its own.
struct normalize_options {
  /// §5.3.2.1: percent-encoding hex digits to upper case; the scheme and a US-ASCII-only host to
  /// lower case (non-ASCII hosts are left to the IDN step of scheme-based normalization).
  bool case_normalization = true;
  /// §5.3.2.3: decode percent-encoded unreserved ASCII (RFC 3986 §2.3) everywhere.
  bool percent_encoding = true;
  /// With percent_encoding: also decode percent-encoded UTF-8 of characters the component allows
  /// (ucschar everywhere, iprivate in the query) — the inverse of RFC 3987 §3.1. Invalid UTF-8,
  /// overlong forms, surrogates, bidi formatting characters and anything the component does not
  /// allow stay encoded. Off gives the URI form (only unreserved ASCII is decoded).
  bool iri_form = true;
  /// RFC 3986 §3.2.3: "normalizers should omit the port component and its ':' delimiter if port is
  /// empty" — generic syntax, so part of the syntax rung ("http://h:/" → "http://h/").
  bool empty_port = true;
  /// §5.3.2.4: remove_dot_segments on the path of references that resolution would apply it to
  /// anyway (with a scheme, an authority or an absolute path); never on a relative path ("../a").
  bool path_segments = true;
  /// §5.3.2.2: NFC on each component. Off by default (see the header comment).
  bool character_nfc = false;
  /// §5.3.3 scheme-based normalization (see the header comment).
  bool scheme_based = false;
  /// With scheme_based: the IDN step for http, https, ws, wss and ftp hosts.
  bool idn = true;
  dot_segment_options dots;

  /// The syntax rung: case, percent-encoding (IRI form) and path segments.
  static normalize_options syntax() { return {}; }
  /// The scheme rung: syntax plus scheme-based normalization.
  static normalize_options scheme() {
    normalize_options o;
    o.scheme_based = true;
    return o;
  }
};

/// A new, normalized copy of `reference`. Fails only with `input_too_long`.
result<iri_reference> normalize(iri_reference_view reference, const normalize_options& options = {});
/// Parses `text` as an IRI reference (RFC 3987) and normalizes it.
result<iri_reference> normalize(std::string_view text, const normalize_options& options = {});

/// The rungs of the comparison ladder (RFC 3987 §5.3).
enum class comparison_level { simple, syntax, scheme };

/// "simple", "syntax", "scheme"; and back (nullopt when unknown).
std::string_view comparison_level_name(comparison_level level) noexcept;
std::optional<comparison_level> comparison_level_from_name(std::string_view name) noexcept;

struct compare_options {
  /// Compare fragments (the default: two IRIs differing only by a final "#" differ, §5.3.3).
  bool include_fragment = true;
  /// Add NFC (§5.3.2.2) to the syntax and scheme rungs.
  bool character_nfc = false;
};

/// Whether `a` and `b` are equivalent at `level`: their normal forms for that rung compare equal
/// code point for code point.
bool equivalent(iri_reference_view a, iri_reference_view b, comparison_level level,
                const compare_options& options = {});
/// Parses both (RFC 3987 IRI-reference) and compares; a parse error of `a` or `b` is returned.
result<bool> equivalent(std::string_view a, std::string_view b, comparison_level level,
                        const compare_options& options = {});

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_NORMALIZE_H
