// SPDX-License-Identifier: MIT OR Apache-2.0
// IDNA2003 (RFC 3490 ToASCII / ToUnicode with Nameprep, RFC 3491) through ICU: the one IDNA
// that still comes from ICU, because Nameprep is defined over Unicode 3.2 (RFC 3491 §2, RFC 3454
// tables) and ICU ships exactly those tables; irikit's own tables are of the current Unicode
// version, which IDNA2003 must not use (docs/design.md, "What ICU still does").
//
// ToASCII uses ICU's RFC 3490 implementation (uidna_IDNToASCII / uidna_toASCII): RFC 3987 §3.1
// names RFC 3490 ToASCII with its two flags, and only the real implementation honours
// AllowUnassigned. ICU marks that API deprecated (in favour of UTS #46) but still ships it; the
// warnings are silenced here.
//
// ToUnicode is RFC 3490 §4.2 written out here, label by label: Nameprep (ICU's usprep), the ACE
// prefix, Punycode (punycode.h), and the check that ICU's ToASCII of the decoded label gives the
// label back. ICU's own uidna_IDNToUnicode / uidna_toUnicode are never called: ICU 72 leaks
// memory in them on some invalid "xn--" labels (docs/robustness.md, F1).
#include "unicode/idna2003.h"

#include <unicode/uidna.h>
#include <unicode/unistr.h>
#include <unicode/usprep.h>

#include <string>
#include <utility>
#include <vector>

#include "grammar/char_class.h"  // iequals_ascii
#include "unicode/punycode.h"

namespace irikit::unicode {
namespace {

parse_error idna_error(std::uint32_t offset) { return {error_code::idna_failed, offset}; }

/// Label boundaries: "." and the three full stops IDNA maps to "." (U+3002, U+FF0E, U+FF61).
/// Returns {offset, length} for every label (the empty root label after a trailing dot included).
std::vector<std::pair<std::size_t, std::size_t>> split_labels(std::string_view s) {
  std::vector<std::pair<std::size_t, std::size_t>> labels;
  std::size_t begin = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t sep = 0;
    if (s[i] == '.') {
      sep = 1;
    } else if (s.compare(i, 3, "\xE3\x80\x82") == 0 || s.compare(i, 3, "\xEF\xBC\x8E") == 0 ||
               s.compare(i, 3, "\xEF\xBD\xA1") == 0) {
      sep = 3;
    }
    if (sep != 0) {
      labels.emplace_back(begin, i - begin);
      i += sep;
      begin = i;
    } else {
      ++i;
    }
  }
  labels.emplace_back(begin, s.size() - begin);
  return labels;
}

/// The offset of the first empty label that is not the root label, else 0.
std::uint32_t empty_label_offset(std::string_view domain) {
  const auto labels = split_labels(domain);
  for (std::size_t k = 0; k + 1 < labels.size(); ++k) {
    if (labels[k].second == 0) return static_cast<std::uint32_t>(labels[k].first);
  }
  return 0;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using idna2003_function = int32_t (*)(const UChar*, int32_t, UChar*, int32_t, int32_t, UParseError*,
                                      UErrorCode*);

/// Runs one of ICU's RFC 3490 functions on UTF-16; false on failure.
bool run_idna2003(idna2003_function f, const icu::UnicodeString& in, int32_t options,
                  icu::UnicodeString& out) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError parse_error{};
  int32_t capacity = in.length() * 4 + 64;
  for (int attempt = 0; attempt < 2; ++attempt) {
    UChar* buffer = out.getBuffer(capacity);
    if (buffer == nullptr) return false;
    status = U_ZERO_ERROR;
    const int32_t n = f(in.getBuffer(), in.length(), buffer, capacity, options, &parse_error, &status);
    out.releaseBuffer(U_SUCCESS(status) ? n : 0);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      capacity = n + 1;
      continue;
    }
    return U_SUCCESS(status);
  }
  return false;
}

result<std::string> idna2003_to_ascii(std::string_view domain, bool allow_unassigned) {
  const int32_t options = UIDNA_USE_STD3_RULES | (allow_unassigned ? UIDNA_ALLOW_UNASSIGNED : 0);
  const idna2003_function whole = uidna_IDNToASCII;
  const idna2003_function one_label = uidna_toASCII;
  const icu::UnicodeString in =
      icu::UnicodeString::fromUTF8(icu::StringPiece(domain.data(), static_cast<int32_t>(domain.size())));
  icu::UnicodeString out;
  if (!run_idna2003(whole, in, options, out)) {
    for (const auto& [offset, length] : split_labels(domain)) {
      if (length == 0) continue;
      const icu::UnicodeString label = icu::UnicodeString::fromUTF8(
          icu::StringPiece(domain.data() + offset, static_cast<int32_t>(length)));
      icu::UnicodeString ignored;
      if (!run_idna2003(one_label, label, options, ignored))
        return idna_error(static_cast<std::uint32_t>(offset));
    }
    return idna_error(empty_label_offset(domain));
  }
  std::string utf8;
  out.toUTF8String(utf8);
  return utf8;
}

bool punycode_decode(std::string_view in, std::u32string& out) {
  return unicode::punycode_decode(in, out) == punycode_result::ok;
}

/// RFC 3490 §4.2 ToUnicode of one label (AllowUnassigned and UseSTD3ASCIIRules set, as for
/// displaying existing names): the Unicode form when the label is a valid ACE label whose
/// ToASCII gives it back, else the label unchanged ("ToUnicode never fails").
std::string idna2003_label_to_unicode(std::string_view label) {
  const std::string original(label);
  std::string ascii;
  bool all_ascii = true;
  for (unsigned char c : label) all_ascii = all_ascii && c < 0x80;
  if (all_ascii) {
    ascii = original;
  } else {
    // Step 2: Nameprep (RFC 3491) with AllowUnassigned.
    UErrorCode status = U_ZERO_ERROR;
    UStringPrepProfile* nameprep = usprep_openByType(USPREP_RFC3491_NAMEPREP, &status);
    if (U_FAILURE(status)) return original;
    const icu::UnicodeString in =
        icu::UnicodeString::fromUTF8(icu::StringPiece(label.data(), static_cast<int32_t>(label.size())));
    icu::UnicodeString prepared;
    int32_t capacity = in.length() * 4 + 16;
    UChar* buffer = prepared.getBuffer(capacity);
    UParseError parse_error{};
    const int32_t n = buffer == nullptr
                          ? 0
                          : usprep_prepare(nameprep, in.getBuffer(), in.length(), buffer, capacity,
                                           USPREP_ALLOW_UNASSIGNED, &parse_error, &status);
    prepared.releaseBuffer(U_SUCCESS(status) ? n : 0);
    usprep_close(nameprep);
    if (buffer == nullptr || U_FAILURE(status)) return original;
    for (int32_t k = 0; k < prepared.length(); ++k) {
      if (prepared.charAt(k) >= 0x80) return original;  // not ASCII: cannot begin an ACE label
    }
    prepared.toUTF8String(ascii);
  }
  // Step 3: the ACE prefix; RFC 3490 §4.1 step 8: at most 63 octets (else step 7 cannot pass).
  if (ascii.size() <= 4 || ascii.size() > 63 ||
      !grammar::iequals_ascii(std::string_view(ascii).substr(0, 4), "xn--")) {
    return original;
  }
  // Steps 4-5: Punycode.
  std::u32string decoded;
  if (!punycode_decode(std::string_view(ascii).substr(4), decoded) || decoded.empty()) return original;
  icu::UnicodeString unicode;
  for (char32_t cp : decoded) unicode.append(static_cast<UChar32>(cp));
  // Steps 6-7: ToASCII gives the ACE label back (ASCII case-insensitively).
  icu::UnicodeString back;
  if (!run_idna2003(uidna_toASCII, unicode, UIDNA_USE_STD3_RULES | UIDNA_ALLOW_UNASSIGNED, back)) {
    return original;
  }
  std::string back_utf8;
  back.toUTF8String(back_utf8);
  if (!grammar::iequals_ascii(back_utf8, ascii)) return original;
  // Step 8.
  std::string out;
  unicode.toUTF8String(out);
  return out;
}

/// RFC 3490 §4.2 on every label; the separators are kept as they are.
std::string idna2003_to_unicode(std::string_view domain) {
  std::string out;
  std::size_t end_of_previous = 0;
  for (const auto& [offset, length] : split_labels(domain)) {
    out.append(domain.substr(end_of_previous, offset - end_of_previous));
    out.append(idna2003_label_to_unicode(domain.substr(offset, length)));
    end_of_previous = offset + length;
  }
  return out;
}

#pragma GCC diagnostic pop

bool has_invalid_utf16(const icu::UnicodeString& s) {
  for (int32_t i = 0; i < s.length(); ++i) {
    if (s.charAt(i) == 0xFFFD) return true;
  }
  return false;
}

}  // namespace

result<std::string> idna2003_domain_to_ascii(std::string_view utf8_domain, bool allow_unassigned) {
  // ICU's RFC 3490 code takes UTF-16; invalid UTF-8 would silently become U+FFFD.
  const icu::UnicodeString probe = icu::UnicodeString::fromUTF8(
      icu::StringPiece(utf8_domain.data(), static_cast<int32_t>(utf8_domain.size())));
  if (has_invalid_utf16(probe) && utf8_domain.find("\xEF\xBF\xBD") == std::string_view::npos) {
    return idna_error(0);
  }
  return idna2003_to_ascii(utf8_domain, allow_unassigned);
}

std::string idna2003_domain_to_unicode(std::string_view domain) { return idna2003_to_unicode(domain); }

}  // namespace irikit::unicode
