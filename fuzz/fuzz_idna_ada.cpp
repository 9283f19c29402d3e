// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_idna_ada — irikit's IDNA in WHATWG mode against native ada (../shared/peers/ada, the
// single-file release, Unicode 17.0 like irikit's tables; issue 34). The input, valid UTF-8 without
// the delimiters that end a host ("/", "\", "?", "#", "@", ":"), is the host of
// "https://INPUT/": the URL Standard's host parser (§3.5: percent-decoding, UTS #46 ToASCII with
// beStrict = false, §3.3, the forbidden domain code points, IPv4) runs on both sides, and
//   - both accept or both refuse the URL;
//   - where both accept, the hostnames are the same bytes.
// So every difference in UTS #46 processing (mapping, normalization, Punycode, CheckBidi,
// CheckJoiners) between the two implementations of the same Unicode version shows, but for ada's
// known gaps, recognised and let pass (`known_ada_gap`).
#include <ada.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/utf8.h"
#include "irikit/whatwg.h"
#include "unicode/bidi.h"
#include "unicode/idna.h"
#include "unicode/normalize.h"
#include "unicode/ucd.h"

namespace {

/// The known differences, where ada accepts names UTS #46 §4.1 refuses (or, for class 2, refuses
/// names it accepts); each is recognised and let pass (docs/robustness.md lists them with the
/// inputs libFuzzer found):
///   1. ada holds only the labels that have an RTL code point of their own to the Bidi Rule (V9,
///      RFC 5893 §2), not every label of a Bidi domain name (ada-url/idna#91, open:
///      "\u05D0.1x", "x.1.\u05D0");
///   2. ada's combining-mark and Bidi_Class data predate Unicode 14.0: it accepts a label that
///      starts with a mark added since (V6: "\u08CD", "\u1ACF", "\U00010EFD") and reads an RTL
///      character added since as L ("a\u08C8\u1168": U+08C8 ARABIC LETTER GRAF is AL), so it
///      also refuses RTL labels with such a character ("\u06CC\U00010F84\U0001136C");
///   3. ada decodes an "xn--" label whose Punycode starts with the delimiter ("xn---ttdada"), where
///      RFC 3492 §6.2 consumes the delimiter only after at least one basic code point, so the
///      "-" is read as a digit and decoding fails (UTS #46 §4 step 4.1.2);
///   4. ada's CONTEXTJ rule for U+200C (V8, RFC 5892 Appendix A.1) finds a joining character of
///      type L or D before the ZWNJ across characters that are not transparent
///      ("\u062A\u0627\u064566a\uA94D\u200Cb…\u0644r": "a" stands between U+0645 and the T run).
///   5. ada's NFC quick check passes a precomposed starter followed by a mark of a lower combining
///      class than its decomposition's last mark, so ada encodes a label that is not in NFC
///      ("\u00E9\u0328": NFC is U+0119 U+0301, xn--1-0ia87l with "1" after it, as ICU gives; ada
///      gives xn--1-9fa93o, U+00E9 U+0328). Fixed upstream after the peer's release
///      (ada-url/ada#1226, ada-url/idna#87).
///   6. ada's Joining_Type data lacks letters of Arabic Supplement and Extended-A (U+076A–U+0772,
///      U+0775, U+077F, U+08B5, …: D or R in DerivedJoiningType.txt), so it refuses a ZWNJ
///      between a dual-joining letter and one of them (RFC 5892 A.1: "\u0628\u200C\u076F", which
///      ICU 72 accepts too); recognised when ada accepts the host once its ZWNJs are removed.

/// Whether the Unicode form of `ascii_host` has a mark or an R, AL or AN character of Unicode 14.0
/// or later (class 2).
bool has_newer_mark_or_rtl(std::string_view ascii_host) {
  const std::string text = irikit::unicode::whatwg_domain_to_unicode(ascii_host).first;
  for (std::size_t i = 0; i < text.size();) {
    const irikit::grammar::decoded d = irikit::grammar::decode_utf8(text.data(), i, text.size());
    if (d.code != irikit::error_code::ok) return false;
    i += d.length;
    if (irikit::unicode::ucd::age_number(d.cp) < 1400) continue;
    const auto bidi = static_cast<irikit::unicode::bidi_class>(irikit::unicode::ucd::bidi_class_raw(d.cp));
    using enum irikit::unicode::bidi_class;
    if (irikit::unicode::ucd::is_mark(irikit::unicode::ucd::general_category(d.cp)) || bidi == R ||
        bidi == AL || bidi == AN)
      return true;
  }
  return false;
}

/// Whether a label of `ascii_host`, decoded, is not in NFC (class 5).
bool has_label_not_in_nfc(std::string_view ascii_host) {
  const std::string text = irikit::unicode::whatwg_domain_to_unicode(ascii_host).first;
  return !irikit::unicode::is_normalized(text, irikit::unicode::normal_form::nfc);
}

/// True when ada's name fails irikit's processing only by CheckBidi and CheckJoiners (classes 1
/// and 4, and class 2's Bidi cases), its Unicode form has a mark or an R, AL or AN character of
/// Unicode 14.0 or later, a label starts "xn---" (class 3), or a label of it is not in NFC (class 5).
bool known_ada_gap(std::string_view ada_host) {
  if (ada_host.starts_with("xn---") || ada_host.find(".xn---") != std::string_view::npos) return true;
  constexpr irikit::unicode::uts46_options whatwg_without_bidi_and_joiners{.check_hyphens = false,
                                                                           .check_bidi = false,
                                                                           .check_joiners = false,
                                                                           .use_std3_ascii_rules = false,
                                                                           .verify_dns_length = false};
  if (irikit::unicode::uts46_to_ascii(ada_host, whatwg_without_bidi_and_joiners)) return true;
  return has_newer_mark_or_rtl(ada_host) || has_label_not_in_nfc(ada_host);
}

/// Whether ada accepts `host` once every U+200C is removed (class 6).
bool ada_refuses_only_a_zwnj(std::string_view host) {
  constexpr std::string_view zwnj = "\xE2\x80\x8C";
  if (host.find(zwnj) == std::string_view::npos) return false;
  std::string without(host);
  for (std::size_t at; (at = without.find(zwnj)) != std::string::npos;) without.erase(at, zwnj.size());
  return ada::parse<ada::url_aggregator>("https://" + without + "/").has_value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;  // long enough for many labels; keeps each run fast
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view host = fuzz_input;
  for (std::size_t i = 0; i < host.size();) {
    const irikit::grammar::decoded d = irikit::grammar::decode_utf8(host.data(), i, host.size());
    if (d.code != irikit::error_code::ok) return 0;
    i += d.length;
  }
  if (host.find_first_of("/\\?#@:") != std::string_view::npos) return 0;
  const std::string input = "https://" + std::string(host) + "/";

  const auto ours = irikit::whatwg::parse(input);
  const auto theirs = ada::parse<ada::url_aggregator>(input);
  if (!ours && theirs && known_ada_gap(theirs->get_hostname())) return 0;
  // Class 2 the other way: ada refuses a name irikit accepts, whose Unicode form has a mark or an
  // RTL character of Unicode 14.0 or later ("\u06CC\U00010F84\U0001136C": ada reads the Old
  // Uyghur letter U+10F84, R, as L).
  if (ours && !theirs && (has_newer_mark_or_rtl(ours->hostname()) || ada_refuses_only_a_zwnj(host))) return 0;
  FUZZ_CHECK(ours.has_value() == theirs.has_value(),
             input + (ours ? " parses in irikit only" : " parses in ada only"));
  if (ours && theirs) {
    const std::string hostname(ours->hostname());
    const std::string ada_hostname(theirs->get_hostname());
    if (hostname != ada_hostname && has_label_not_in_nfc(ada_hostname)) return 0;  // class 5
    FUZZ_CHECK(hostname == ada_hostname, input + ": irikit " + hostname + ", ada " + ada_hostname);
  }
  return 0;
}
