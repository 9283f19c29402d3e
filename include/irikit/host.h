// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/host.h — Internationalized Domain Names in hosts (IDNA), the domain-name side of RFC 3987
// §3.1 ("Systems accepting IRIs MAY convert the ireg-name component … using the ToASCII operation")
// and of draft-ietf-iri-3987bis §3.4 (RFC 5891 Domain Name Lookup, i.e. IDNA2008 as UTS #46
// processes it).
//
//   auto a = irikit::host_to_ascii("Bücher.de");                       // "xn--bcher-kva.de"
//   auto t = irikit::host_to_ascii("faß.de", irikit::idna_mode::uts46_transitional);  // "fass.de"
//   auto u = irikit::host_to_unicode("xn--99zt52a.example.org");      // "納豆.example.org"
//
// Every mode works label by label ("." and the full stops U+3002, U+FF0E, U+FF61 separate labels)
// with UseSTD3ASCIIRules; a label that fails fails the whole host (3987bis §3.4: "if the domain name
// conversion fails, then the entire IRI conversion fails"). See docs/conversion.md.
#ifndef IRIKIT_HOST_H
#define IRIKIT_HOST_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/error.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How hosts are converted to ASCII.
enum class idna_mode : unsigned char {
  /// No IDNA: a host is percent-encoded like every other component (RFC 3987 §3.1 step 2,
  /// 3987bis §3.4 "SHOULD").
  none,
  /// UTS #46 non-transitional processing (IDNA2008 with the UTS #46 mapping; ß, ς, ZWJ and ZWNJ
  /// are kept). The recommended mode.
  uts46,
  /// UTS #46 transitional processing (ß → ss, ς → σ, ZWJ/ZWNJ removed), for compatibility with
  /// IDNA2003-era resolvers.
  uts46_transitional,
  /// IDNA2003: RFC 3490 ToASCII with Nameprep (Unicode 3.2) and UseSTD3ASCIIRules = true, as RFC 3987
  /// §3.1 specifies.
  idna2003,
};

/// "none", "uts46", "uts46-transitional", "idna2003".
std::string_view idna_mode_name(idna_mode mode) noexcept;

struct host_options {
  idna_mode mode = idna_mode::uts46;
  /// RFC 3490 AllowUnassigned, used by `idna2003` only (UTS #46 never allows unassigned code
  /// points). RFC 3987 §3.1: FALSE when creating IRIs, TRUE otherwise. The default is the strict
  /// value; `to_uri` passes TRUE, since it maps existing IRIs.
  bool allow_unassigned = false;
  /// Whether `host_to_ascii` keeps a fully qualified name's trailing "." (the root label, RFC 1034
  /// §3.1; a valid URI reg-name, RFC 3986 §3.2.2: "example.org." → "example.org."). UTS #46 §4.2
  /// step 3 with VerifyDnsLength counts it as an empty label and fails (A4_2): `false` gives
  /// exactly that. Used by the UTS #46 modes; an empty host is returned unchanged either way.
  bool keep_root_label = true;
};

/// ToASCII on every label of a reg-name given as UTF-8 (IRI form: no percent-encoding). With
/// `idna_mode::none` the host is returned unchanged. Errors: idna_failed at the byte offset of the
/// first label that fails (0 when the failure concerns the whole name, e.g. its length).
result<std::string> host_to_ascii(std::string_view host, const host_options& options = {});
inline result<std::string> host_to_ascii(std::string_view host, idna_mode mode) {
  return host_to_ascii(host, host_options{mode});
}
/// `host_to_ascii` into the caller's buffer: `out` is cleared, then receives the ASCII form (its
/// capacity is reused, so ASCII hosts, which UTS #46 only lowercases and checks, cost no
/// allocation once `out` is large enough). On failure `out` is left empty.
result<void> host_to_ascii_into(std::string_view host, std::string& out, const host_options& options = {});

/// ToUnicode on every label (e.g. "xn--rsum-bpad.example.org" → "résumé.example.org"). Fails
/// like `host_to_ascii` when a label is not valid IDNA.
result<std::string> host_to_unicode(std::string_view host, const host_options& options = {});
inline result<std::string> host_to_unicode(std::string_view host, idna_mode mode) {
  return host_to_unicode(host, host_options{mode});
}

// ---------------------------------------------------------------------------------------------
// A-labels: decoding one "xn--" label, with the reason when it is not valid (RFC 5890 §2.3.2.1,
// RFC 5891 §5.4, RFC 3492, UTS #46 §4.1 step 4)

/// Why an "xn--" label is not a valid A-label. Kebab names: `a_label_status_name`.
enum class a_label_status : unsigned char {
  ok,                ///< "ok": decodes to a valid U-label that encodes back to the label
  not_a_label,       ///< "not-an-a-label": does not start with "xn--" (ASCII case ignored)
  non_ascii,         ///< "non-ascii": the label mixes non-ASCII characters into an "xn--" label
  too_long,          ///< "too-long": more than 63 octets (RFC 5890 §2.3.2.1)
  bad_punycode,      ///< "bad-punycode": not RFC 3492 Punycode, empty, or not its canonical encoding
  overflow,          ///< "overflow": the Punycode integers overflow (RFC 3492 §6.4)
  decodes_to_ascii,  ///< "decodes-to-ascii": the decoded label has no non-ASCII character
  not_nfc,           ///< "not-nfc": the decoded label is not in NFC (RFC 5891 §5.4)
  unassigned,        ///< "unassigned": a code point the backend's Unicode does not assign
  disallowed,        ///< "disallowed": a code point IDNA disallows (UTS #46 status disallowed)
  mapped,            ///< "mapped": a character UTS #46 maps (uppercase, compatibility forms…)
  hyphens,           ///< "hyphens": "-" first, last, or in the third and fourth positions
  leading_mark,      ///< "leading-mark": starts with a combining mark (RFC 5891 §5.4)
  bidi_rule,         ///< "bidi-rule": breaks the Bidi Rule (RFC 5893 §2)
  contextj_rule,     ///< "contextj-rule": ZWJ/ZWNJ out of context (RFC 5892 Appendix A.1-A.2)
};

/// The kebab-case name ("bad-punycode", …); stable, shared with the CLI and the bindings.
std::string_view a_label_status_name(a_label_status status) noexcept;
/// One line for people, e.g. "the Punycode integers overflow".
std::string_view a_label_status_message(a_label_status status) noexcept;

/// The result of decoding an A-label.
struct a_label_decoding {
  a_label_status status = a_label_status::not_a_label;
  /// The decoded label (UTF-8) whenever the Punycode decodes (also when a later check fails: it
  /// names what the label would show), else empty.
  std::string unicode;
};

/// Decodes one "xn--" label (UTS #46 non-transitional: ASCII letters are lowercased first) and
/// checks it: Punycode, NFC, assigned and valid code points, the hyphen, leading-mark, Bidi and
/// CONTEXTJ rules, and that the decoded label encodes back to the label. Never fails otherwise:
/// any bytes are accepted.
a_label_decoding decode_a_label(std::string_view label);

/// Whether `label` starts with "xn--", ASCII case ignored.
constexpr bool is_a_label_prefix(std::string_view label) noexcept {
  return label.size() >= 4 && (label[0] == 'x' || label[0] == 'X') && (label[1] == 'n' || label[1] == 'N') &&
         label[2] == '-' && label[3] == '-';
}

// ---------------------------------------------------------------------------------------------
// The public suffix list (https://publicsuffix.org/list/): which part of a host is registrable

/// The public suffix of a reg-name (lowercase ASCII, A-labels or U-labels, without a trailing
/// "."): the longest rule of the list that matches, exceptions first, "*" (the last label) when
/// none does. A view into `host`; empty for an empty host.
///   public_suffix("www.example.co.uk") == "co.uk"
std::string_view public_suffix(std::string_view host) noexcept;
/// The registrable domain: the public suffix and the label before it ("example.co.uk"), or
/// nullopt when the host is itself a public suffix (or empty).
std::optional<std::string_view> registrable_domain(std::string_view host) noexcept;
/// The version line of the list the table was generated from ("// VERSION: …" of the list).
std::string_view public_suffix_list_version() noexcept;

// ---------------------------------------------------------------------------------------------
// The host display policy: per label, show Unicode or keep the A-label (docs/host-display.md)

/// UTS #39 §5.2 restriction levels, from the most to the least restrictive.
enum class restriction_level : unsigned char {
  ascii_only,              ///< "ascii-only"
  single_script,           ///< "single-script"
  highly_restrictive,      ///< "highly-restrictive": one script, or Han with Hiragana/Katakana, Bopomofo or
                           ///< Hangul
  moderately_restrictive,  ///< "moderately-restrictive": also Latin + one other Recommended script but
                           ///< Cyrillic/Greek
  minimally_restrictive,   ///< "minimally-restrictive": any mix of scripts
  unrestricted,            ///< "unrestricted": any mix, and characters outside the identifier profile
};
/// "ascii-only", "single-script", "highly-restrictive", "moderately-restrictive",
/// "minimally-restrictive", "unrestricted".
std::string_view restriction_level_name(restriction_level level) noexcept;
/// The inverse of restriction_level_name; nullopt when unknown.
std::optional<restriction_level> restriction_level_from_name(std::string_view name) noexcept;

/// Why a label is shown as it is. Kebab names: `label_reason_name`.
enum class label_reason : unsigned char {
  ascii,              ///< "ascii": an ASCII label that is not an A-label, shown as is
  safe,               ///< "safe": shown as Unicode (every check passed)
  invalid_a_label,    ///< "invalid-a-label": an "xn--" label that does not decode validly
  not_idna,           ///< "not-idna": a Unicode label with no A-label (fails ToASCII); shown percent-encoded
  restriction_level,  ///< "restriction-level": its scripts exceed the chosen restriction level
  outside_profile,    ///< "outside-profile": a character outside the UTS #39 identifier profile
  ascii_lookalike,    ///< "ascii-lookalike": its skeleton is an ASCII label (UTS #39 §4)
  mixed_script_confusable,  ///< "mixed-script-confusable": UTS #39 §4
  invisible,                ///< "invisible": a repeated or hidden combining mark, an invisible character
  digit_lookalike,          ///< "digit-lookalike": mixed numbering systems, or letters that look like digits
  tld_script,               ///< "tld-script": a script its top-level domain does not use
  registrable_lookalike,    ///< "registrable-lookalike": the registrable domain mixes scripts across labels
};
/// The kebab-case name of a reason.
std::string_view label_reason_name(label_reason reason) noexcept;

struct host_display_options {
  /// The least restrictive UTS #39 §5.2 level a label may need and still be shown as Unicode.
  restriction_level level = restriction_level::moderately_restrictive;
  /// Whether a label may use the script its top-level domain implies (a Cyrillic label under .рф
  /// or .ru) even when it looks like an ASCII label, as browsers allow.
  bool trust_tld_script = true;
  /// Whether to write each kept label's `message` (to_iri, which shows only the text, does not).
  bool messages = true;
};

/// The decision for one label.
struct label_display {
  std::uint32_t offset = 0;  ///< byte offset of the label in the host given
  std::uint32_t length = 0;  ///< bytes
  std::string shown;         ///< what to show: the U-label, the A-label, or the ASCII label
  bool unicode = false;      ///< shown as Unicode
  label_reason reason = label_reason::ascii;
  std::string message;  ///< why the label is kept (empty when `reason` is ascii or safe)
};

/// The decision for a whole host.
struct host_display {
  std::string shown;                  ///< the labels' `shown` joined with "."
  std::vector<label_display> labels;  ///< one per label, in order
};

/// Decides, label by label, whether to show a reg-name (ASCII with A-labels, or Unicode) as
/// Unicode or with A-labels: an "xn--" label is shown as Unicode only when it decodes validly and
/// passes every check; a Unicode label that fails a check is shown as its A-label. Labels are
/// separated by "." only; a label with "%" is kept as it is. Errors: utf8_* for invalid UTF-8.
///   display_host("xn--80ak6aa92e.com")  // "xn--80ak6aa92e.com": Cyrillic "аррӏе" looks like ASCII
///   display_host("xn--bcher-kva.de")    // "bücher.de"
result<host_display> display_host(std::string_view host, const host_display_options& options = {});

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_HOST_H
