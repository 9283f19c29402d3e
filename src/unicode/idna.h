// SPDX-License-Identifier: MIT OR Apache-2.0
// IDNA: domain names between their Unicode form and their ASCII-compatible form ("xn--" labels),
// for RFC 3987 §3.1 step 2 / draft-ietf-iri-3987bis §3.4 (IRI → URI) and §3.2 / 3987bis §3.7
// (URI → IRI, ToUnicode on request). UTS #46 is irikit's own (idna.cpp, Unicode 17.0 tables);
// IDNA2003 goes through ICU (idna2003.cpp).
//
// This is an internal interface: only src/unicode/ includes ICU. Callers above `parse` (convert,
// host, normalize, lint) use these functions and never ICU directly.
//
//   auto a = irikit::unicode::domain_to_ascii("résumé.example.org", idna_mode::uts46_nontransitional);
//   // *a == "xn--rsum-bpad.example.org"
#ifndef IRIKIT_UNICODE_IDNA_H
#define IRIKIT_UNICODE_IDNA_H

#include <string>
#include <string_view>
#include <utility>

#include "irikit/error.h"
#include "irikit/host.h"  // a_label_status, a_label_decoding

namespace irikit::unicode {

/// Which IDNA processing the backend applies.
enum class idna_mode {
  /// UTS #46 non-transitional processing (IDNA2008 plus the UTS #46 mapping: ß, ς, ZWJ/ZWNJ are
  /// kept, deviation characters are valid). The default for new code.
  uts46_nontransitional,
  /// UTS #46 transitional processing (ß → ss, ς → σ, ZWJ/ZWNJ removed), as IDNA2003 did.
  uts46_transitional,
  /// IDNA2003: RFC 3490 ToASCII / ToUnicode with Nameprep (RFC 3491) and UseSTD3ASCIIRules = true.
  /// Unassigned code points are refused (AllowUnassigned = false), as RFC 3987 §3.1 asks when
  /// creating IRIs.
  idna2003,
};

/// The flags of UTS #46 §4 (Processing), each as the specification names it, with its default
/// as IdnaTestV2.txt assumes them (every check on, nontransitional, VerifyDnsLength on).
struct uts46_options {
  bool check_hyphens = true;             ///< V2, V3 (§4.1); off: V4 only ("xn--" is refused)
  bool check_bidi = true;                ///< V9: RFC 5893 §2 on a Bidi domain name
  bool check_joiners = true;             ///< V8: RFC 5892 Appendix A.1–A.2 (CONTEXTJ)
  bool use_std3_ascii_rules = true;      ///< V7: ASCII other than a-z 0-9 "-" is refused
  bool transitional = false;             ///< Transitional_Processing (§4 step 1)
  bool verify_dns_length = true;         ///< §4.2 step 3 (A4_1, A4_2) and X4_2 in ToUnicode
  bool ignore_invalid_punycode = false;  ///< §4 step 4.1.2
  /// Not a flag of UTS #46 but irikit's API choice for host_to_ascii (irikit/host.h
  /// `host_options::keep_root_label`): under VerifyDnsLength an FQDN's trailing root label
  /// (RFC 1034 §3.1; valid in a URI reg-name, RFC 3986 §3.2.2) is kept instead of being reported
  /// as an empty label (A4_2). Off, the processing is exactly UTS #46 17.0 §4.2.
  bool keep_root_label = false;
};

/// UTS #46 §4.2 ToASCII with exactly the given flags, the empty domain included (an error under
/// VerifyDnsLength: A4_1). The conformance runner over IdnaTestV2.txt calls this.
/// Failure: `error_code::idna_failed` as for `domain_to_ascii`.
result<std::string> uts46_to_ascii(std::string_view utf8_domain, const uts46_options& options);

/// The same by the full processing alone, without the one pass for the common case (idna.cpp,
/// `fast_to_ascii`), which must answer exactly like it: the tests compare the two.
result<std::string> uts46_to_ascii_full(std::string_view utf8_domain, const uts46_options& options);

/// UTS #46 §4.3 ToUnicode with exactly the given flags; fails when the processing records an
/// error (UTS #46 returns the processed name with the error; `whatwg_domain_to_unicode` keeps
/// it). Under VerifyDnsLength an empty label other than a trailing root label, and the empty
/// domain, are errors (IdnaTestV2.txt's X4_2).
result<std::string> uts46_to_unicode(std::string_view domain, const uts46_options& options);

/// ToASCII on every label of `utf8_domain` (valid UTF-8; labels separated by "." or the ideographic
/// and fullwidth full stops U+3002, U+FF0E, U+FF61, which IDNA maps to "."). ASCII labels go
/// through the same checks (UseSTD3ASCIIRules). An empty domain is returned as is (an empty
/// reg-name is valid, RFC 3986 §3.2.2); a trailing "." (the root label) is kept.
///
/// Failure: `error_code::idna_failed` with `offset` = the byte offset in `utf8_domain` of the first
/// byte of the first label that failed (0 when the failure is not tied to one label).
result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode);

/// The same, with RFC 3490's AllowUnassigned flag for `idna2003` (ignored by the UTS #46 modes,
/// which always refuse unassigned code points). RFC 3987 §3.1: FALSE when creating IRIs, TRUE
/// otherwise (e.g. when mapping an existing IRI to a URI for retrieval).
result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned);

/// The same, and `keep_root_label` (`uts46_options::keep_root_label`) for the UTS #46 modes: false
/// reports a trailing "." as an empty label (A4_2), as UTS #46 §4.2 step 3 does.
result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned,
                                    bool keep_root_label);

/// The same, written to `out` (replaced; empty on failure): a warm conversion allocates nothing.
result<void> domain_to_ascii_into(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned,
                                  bool keep_root_label, std::string& out);

/// ToUnicode on every label of `domain` (UTF-8; usually ASCII with "xn--" labels). The UTS #46
/// modes fail like `domain_to_ascii` when a label is invalid (a malformed "xn--" label, a label
/// whose Unicode form is not valid IDNA). `idna2003` is RFC 3490 §4.2 ToUnicode (AllowUnassigned,
/// UseSTD3ASCIIRules), which never fails: a label that is not a valid ACE label, or whose ToASCII
/// does not give it back, is kept unchanged, as are the separators. The result is UTF-8.
result<std::string> domain_to_unicode(std::string_view domain, idna_mode mode);

/// Decodes and checks one "xn--" label (irikit/host.h `decode_a_label`, which calls this).
a_label_decoding decode_a_label(std::string_view label);
/// The URL Standard's "domain to ASCII" with beStrict = false (URL Standard §3.3): UTS #46 ToASCII
/// with CheckHyphens = false, CheckBidi = true, CheckJoiners = true, UseSTD3ASCIIRules = false,
/// Transitional_Processing = false, VerifyDnsLength = false (so empty labels and long names pass).
/// `utf8_domain` is valid UTF-8 (U+FFFD from a lossy decode is disallowed by UTS #46 and fails).
/// Failure: `error_code::idna_failed` at the byte offset of the first label that fails on its own
/// (0 when the failure needs the whole name). The caller applies the Standard's own checks
/// (empty result, forbidden domain code points) and its ASCII fast path.
result<std::string> whatwg_domain_to_ascii(std::string_view utf8_domain);
/// The same, written to `out` (replaced; unspecified on failure): a warm conversion allocates
/// nothing, for the WHATWG host parser's hot path (src/whatwg/host.cpp).
result<void> whatwg_domain_to_ascii_into(std::string_view utf8_domain, std::string& out);

/// The URL Standard's "domain to Unicode" with beStrict = false (§3.3): UTS #46 ToUnicode with the
/// same flags. Never fails: the Standard keeps the result even when UTS #46 reports errors; the
/// second member says whether it did (a "domain-to-Unicode" validation error).
std::pair<std::string, bool> whatwg_domain_to_unicode(std::string_view domain);

/// Whether the backend's UTS #46 data (with the URL Standard's flags) disallows `cp` on its own:
/// ToASCII of a label made of `cp` reports "disallowed". Conformance runners use it with
/// `nfkc_casefold` to classify failures caused by UTS #46 15.1, which maps many code points that
/// earlier versions disallowed (Georgian capitals, U+2132, U+04C0, Hangul fillers) by NFKC_Casefold.
bool uts46_backend_disallows(char32_t cp);

/// NFKC_Casefold of valid UTF-8 (Unicode §3.13, through the backend's data).
std::string nfkc_casefold(std::string_view utf8);

/// Whether the Unicode version of irikit's tables (the one the UTS #46 mapping comes from)
/// assigns `cp`. Conformance runners use it to classify failures caused by characters newer than
/// the tables (a test file of a later Unicode version).
bool idna_backend_assigns(char32_t cp);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_IDNA_H
