// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_unicode_icu — irikit's own Unicode (issue 34: normalization and UTS #46 from its Unicode
// 17.0 tables) against ICU's, on text made of code points that Unicode 15.0 (ICU 72's version)
// already had, where the two must agree:
//   - NFC, NFD, NFKC, NFKD: unicode::normalize equals ICU's Normalizer2, and is_normalized agrees;
//   - UTS #46 ToASCII, non-transitional, every flag on (host_to_ascii's unicode::domain_to_ascii):
//     the same success and the same output as uidna_nameToASCII_UTF8 with UseSTD3ASCIIRules,
//     CheckBidi, CheckJoiners (ICU always checks hyphens; both keep a trailing root label);
//   - the URL Standard's flags (unicode::whatwg_domain_to_ascii): the same as ICU with its hyphen
//     and DNS length errors ignored.
// The input is read as UTF-8 (ill-formed bytes and code points newer than 15.0 are dropped). Text
// holding a code point whose UTS #46 data changed after 15.0 is not compared for IDNA, each class
// listed in `changed_after_15`: UTS #46 15.1 maps by NFKC_Casefold what 15.0 disallowed (Georgian
// capitals, U+2132, U+04C0, Hangul fillers…), maps U+1E9E to ß, and applies UseSTD3ASCIIRules to
// ASCII only (≠ ≮ ≯, and "=", "<", ">" + U+0338, which NFC composes into them), and adds V4 (no
// label beginning "xn--" when CheckHyphens is off: `has_label_beginning_xn`). The same holds
// for the code points an "xn--" label decodes to. One ICU 72 bug is let pass: it counts V2's
// hyphen positions in UTF-16 code units (`hyphens_3_4_differ_in_utf16`). ICU also calls a last
// label that maps to nothing ("x.\u200B") empty, where irikit, processing the whole name first,
// keeps it as the root label of "x.". And one limit of ICU's: its Punycode takes at most 1,000 code
// points per label, encoding or decoding (`has_label_over_icu_punycode_limit`); with every flag on
// such a label must fail VerifyDnsLength here too, with the URL Standard's it is not compared.
#include <unicode/normalizer2.h>
#include <unicode/uidna.h>
#include <unicode/unistr.h>

#include <memory>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/utf8.h"
#include "unicode/idna.h"
#include "unicode/normalize.h"
#include "unicode/ucd.h"

namespace {
using namespace irikit;

struct uidna_closer {
  void operator()(UIDNA* p) const { uidna_close(p); }
};

UIDNA* icu_uts46(std::uint32_t options) {
  UErrorCode status = U_ZERO_ERROR;
  return uidna_openUTS46(options, &status);
}

/// ICU's ToASCII: the output, or nothing when an error outside `ignored` is reported.
bool icu_to_ascii(const UIDNA* idna, std::string_view in, std::uint32_t ignored, std::string& out) {
  out.assign(in.size() * 4 + 64, '\0');
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uidna_nameToASCII_UTF8(idna, in.data(), static_cast<int32_t>(in.size()), out.data(),
                                           static_cast<int32_t>(out.size()), &info, &status);
  if (U_FAILURE(status)) return false;
  out.resize(static_cast<std::size_t>(n));
  return (info.errors & ~ignored) == 0;
}

std::string icu_normalize(std::string_view in, unicode::normal_form form) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = form == unicode::normal_form::nfc   ? icu::Normalizer2::getNFCInstance(status)
                              : form == unicode::normal_form::nfd ? icu::Normalizer2::getNFDInstance(status)
                              : form == unicode::normal_form::nfkc
                                  ? icu::Normalizer2::getNFKCInstance(status)
                                  : icu::Normalizer2::getNFKDInstance(status);
  std::string out;
  n->normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(in.data(), static_cast<int32_t>(in.size()))),
               status)
      .toUTF8String(out);
  return out;
}

/// A code point whose UTS #46 status or mapping changed after Unicode 15.0 other than by 15.1's
/// NFKC_Casefold derivation (`remapped_since_15`): U+1E9E, and UseSTD3ASCIIRules for non-ASCII.
bool changed_after_15(char32_t cp) {
  return cp == 0x1E9E || cp == 0x2260 || cp == 0x226E || cp == 0x226F || cp == 0x0338;
}

/// Our UTS #46 status says "mapped" where ICU 72 disallowed the code point: 15.1's new mappings.
bool remapped_since_15(char32_t cp, const UIDNA* icu) {
  if (cp < 0x80) return false;
  std::string one, out;
  grammar::append_utf8(one, cp);
  const bool icu_ok =
      icu_to_ascii(icu, one,
                   UIDNA_ERROR_LEADING_COMBINING_MARK | UIDNA_ERROR_BIDI | UIDNA_ERROR_CONTEXTJ |
                       UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_EMPTY_LABEL,
                   out);
  return !icu_ok && unicode::nfkc_casefold(one) != one && !unicode::uts46_backend_disallows(cp);
}

/// ICU 72 reads V2's third and fourth positions (UTS #46 §4.1) in UTF-16 code units, not code
/// points: it refuses "😀--mhx" (U+1F600 is two units) and accepts "😀a--mhx". True when a label
/// of the processed name has "--" there in one count but not in the other.
bool hyphens_3_4_differ_in_utf16(std::string_view processed) {
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = processed.find('.', start);
    const std::string_view label = processed.substr(start, dot == std::string_view::npos ? dot : dot - start);
    std::u32string points, units;  // a supplementary code point is two units
    for (std::size_t i = 0; i < label.size();) {
      const grammar::decoded d = grammar::decode_utf8(label.data(), i, label.size());
      if (d.code != error_code::ok) return false;
      i += d.length;
      points.push_back(d.cp);
      if (d.cp >= 0x10000) units.push_back(0xD800);
      units.push_back(d.cp);
    }
    const auto hyphens = [](const std::u32string& s) { return s.size() >= 4 && s[2] == '-' && s[3] == '-'; };
    if (hyphens(points) != hyphens(units)) return true;
    if (dot == std::string_view::npos) return false;
    start = dot + 1;
  }
}

/// UTS #46 15.1's V4: with CheckHyphens off, a label must not begin with "xn--" (after decoding:
/// "xn--xn--3hxn--xn--3heenn--3he" decodes to "xn--ū3hxn--xn--3heenn-"). ICU 72 predates it.
bool has_label_beginning_xn(std::string_view processed) {
  return processed.starts_with("xn--") || processed.find(".xn--") != std::string_view::npos;
}

/// ICU 72's Punycode takes at most 1,000 code points a label, both ways: encoding more fails with
/// U_INPUT_TOO_LONG_ERROR, decoding an "xn--" label into more sets UIDNA_ERROR_PUNYCODE. UTS #46
/// and the URL Standard set no such limit. True when a label of the processed name (ToUnicode's
/// output) has more. (With every flag on such a label fails VerifyDnsLength on both sides.)
bool has_label_over_icu_punycode_limit(std::string_view processed) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < processed.size();) {
    const grammar::decoded d = grammar::decode_utf8(processed.data(), i, processed.size());
    i += d.code == error_code::ok ? d.length : 1;
    count = d.code == error_code::ok && d.cp == '.' ? 0 : count + 1;
    if (count > 1000) return true;
  }
  return false;
}

constexpr std::uint32_t k_whatwg_ignored = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
                                           UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |
                                           UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<UIDNA, uidna_closer> strict(
      icu_uts46(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE));
  static const std::unique_ptr<UIDNA, uidna_closer> whatwg(icu_uts46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                                                     UIDNA_NONTRANSITIONAL_TO_ASCII |
                                                                     UIDNA_NONTRANSITIONAL_TO_UNICODE));
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view in = fuzz_input;
  const auto new_since_15 = [](char32_t cp) {
    const int age = unicode::ucd::age_number(cp);
    return cp >= 0x80 && (age == 0 || age > 1500);
  };
  const auto changed = [&](char32_t cp) {
    return changed_after_15(cp) || remapped_since_15(cp, strict.get());
  };
  // The text: the input's well-formed code points that Unicode 15.0 assigned.
  std::string text;
  bool idna_comparable = true;
  for (std::size_t i = 0; i < in.size();) {
    const grammar::decoded d = grammar::decode_utf8(in.data(), i, in.size());
    if (d.code != error_code::ok) {
      ++i;
      continue;
    }
    i += d.length;
    if (new_since_15(d.cp)) continue;
    if (changed(d.cp)) idna_comparable = false;
    grammar::append_utf8(text, d.cp);
  }
  // An A-label can encode what the text may not hold: code points newer than 15.0 or of a class
  // that changed ("xn--cchenssssss" holds U+2260, disallowed in 15.0). ToUnicode decodes them.
  // The processed name (the URL Standard's flags check no hyphens, so every label is there).
  const std::string shown = idna_comparable ? unicode::whatwg_domain_to_unicode(text).first : std::string();
  if (idna_comparable) {
    for (std::size_t i = 0; i < shown.size() && idna_comparable;) {
      const grammar::decoded d = grammar::decode_utf8(shown.data(), i, shown.size());
      if (d.code != error_code::ok) break;
      i += d.length;
      if (new_since_15(d.cp) || changed(d.cp)) idna_comparable = false;
    }
  }
  for (const auto form : {unicode::normal_form::nfc, unicode::normal_form::nfd, unicode::normal_form::nfkc,
                          unicode::normal_form::nfkd}) {
    const std::string ours = unicode::normalize(text, form);
    FUZZ_CHECK(ours == icu_normalize(text, form), text);
    FUZZ_CHECK(unicode::is_normalized(text, form) == (ours == text), text);
  }
  if (!idna_comparable || text.empty()) return 0;
  std::string icu_out;
  const auto ours = unicode::domain_to_ascii(text, unicode::idna_mode::uts46_nontransitional);
  const bool icu_ok = icu_to_ascii(strict.get(), text, 0, icu_out);
  if (ours.has_value() != icu_ok && hyphens_3_4_differ_in_utf16(shown)) return 0;  // ICU's V2
  // ICU decides the root label on the input: in "x.\u200B" the last label maps to nothing, and
  // ICU calls it an empty label where irikit, processing the whole name first (UTS #46 §4 step 1),
  // sees "x." and keeps its root label as for a literal "x.".
  if (ours && !icu_ok && shown.ends_with('.')) {
    std::string again;
    if (icu_to_ascii(strict.get(), text, UIDNA_ERROR_EMPTY_LABEL, again) && again == *ours) return 0;
  }
  FUZZ_CHECK(ours.has_value() == icu_ok,
             text + " -> ours " + (ours ? *ours : "error") + ", ICU " + (icu_ok ? icu_out : "error"));
  if (icu_ok) FUZZ_CHECK(*ours == icu_out, text);
  const auto ours_w = unicode::whatwg_domain_to_ascii(text);
  // A label longer than ICU's Punycode takes: fuzz_idna_ada compares it with native ada.
  if (has_label_over_icu_punycode_limit(shown)) return 0;
  const bool icu_w = icu_to_ascii(whatwg.get(), text, k_whatwg_ignored, icu_out);
  if (!ours_w && icu_w && has_label_beginning_xn(shown)) return 0;  // V4, after 15.0
  FUZZ_CHECK(ours_w.has_value() == icu_w, text + " (URL Standard flags) -> ours " +
                                              (ours_w ? *ours_w : "error") + ", ICU " +
                                              (icu_w ? icu_out : "error"));
  if (icu_w) FUZZ_CHECK(*ours_w == icu_out, text);
  return 0;
}
