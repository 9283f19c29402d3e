// IDNA through ICU (see idna.h).
//
// UTS #46 uses ICU's UTS #46 implementation (through its C API, uidna_openUTS46: ICU's C++ header
// <unicode/idna.h> has the same include path as this folder's idna.h) with UseSTD3ASCIIRules, CheckBidi and
// CheckJoiners on (CheckHyphens is always on in ICU; CONTEXTO is optional in UTS #46 and left off), plus the
// non-transitional ToASCII flag for `uts46_nontransitional` (ToUnicode is always non-transitional,
// as UTS #46 has required since Unicode 15.1). VerifyDnsLength applies to ToASCII only,
// as in UTS #46 §4.2 and IdnaTestV2.txt.
//
// IDNA2003 ToASCII uses ICU's RFC 3490 implementation (uidna_IDNToASCII / uidna_toASCII with
// Nameprep over Unicode 3.2), not the UTS #46 transitional emulation: RFC 3987 §3.1 names RFC 3490
// ToASCII with its two flags, and only the real implementation honours AllowUnassigned. ICU marks
// that API deprecated (in favour of UTS #46) but still ships it; the warnings are silenced here.
//
// IDNA2003 ToUnicode is RFC 3490 §4.2 written out here, label by label: Nameprep (ICU's usprep),
// the ACE prefix, a Punycode decoder (RFC 3492 §6.2), and the check that ICU's ToASCII of the
// decoded label gives the label back. ICU's own uidna_IDNToUnicode / uidna_toUnicode are never
// called: ICU 72 leaks memory in them on some invalid "xn--" labels (docs/robustness.md, F1).
#include "unicode/idna.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/unistr.h>
#include <unicode/usprep.h>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "grammar/char_class.h"  // iequals_ascii
#include "grammar/utf8.h"        // decode_utf8: the one place that turns bytes into code points
#include "unicode/normalize.h"

namespace irikit::unicode {
namespace {

constexpr std::uint32_t k_uts46_common = UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ;

struct uidna_closer {
  void operator()(UIDNA* p) const { uidna_close(p); }
};
using uidna_ptr = std::unique_ptr<UIDNA, uidna_closer>;

const UIDNA* uts46(bool transitional) {
  // Thread-safe lazy initialization; ICU's UIDNA objects are immutable and shareable.
  static const uidna_ptr nontransitional_instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    uidna_ptr p(uidna_openUTS46(
        k_uts46_common | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE, &status));
    return U_SUCCESS(status) ? std::move(p) : nullptr;
  }();
  static const uidna_ptr transitional_instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    uidna_ptr p(uidna_openUTS46(k_uts46_common | UIDNA_NONTRANSITIONAL_TO_UNICODE, &status));
    return U_SUCCESS(status) ? std::move(p) : nullptr;
  }();
  return transitional ? transitional_instance.get() : nontransitional_instance.get();
}

using uts46_function = int32_t (*)(const UIDNA*, const char*, int32_t, char*, int32_t, UIDNAInfo*,
                                   UErrorCode*);

/// Runs one UTF-8 UTS #46 function; returns the ICU error bits (or ~0 on a hard failure).
std::uint32_t run_uts46(uts46_function f, const UIDNA* idna, std::string_view in, std::string& out) {
  int32_t capacity = static_cast<int32_t>(in.size() * 4 + 64);
  for (int attempt = 0; attempt < 2; ++attempt) {
    out.resize(static_cast<std::size_t>(capacity));
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n =
        f(idna, in.data(), static_cast<int32_t>(in.size()), out.data(), capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      capacity = n + 1;
      continue;
    }
    if (U_FAILURE(status)) return ~0u;
    out.resize(static_cast<std::size_t>(n));
    return info.errors;
  }
  return ~0u;
}

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

/// Errors that matter: everything for ToASCII; for ToUnicode the DNS length checks are not part
/// of the operation (UTS #46 §4.3 does not verify lengths).
std::uint32_t relevant(std::uint32_t errors, bool to_ascii) {
  if (!to_ascii)
    errors &= ~static_cast<std::uint32_t>(UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG);
  return errors;
}

/// Offset of the first label that fails on its own, 0 when the failure needs the whole name
/// (for instance the total length, or the Bidi rule across labels).
std::uint32_t failing_label_uts46(const UIDNA* idna, std::string_view domain, bool to_ascii) {
  const uts46_function f = to_ascii ? uidna_labelToASCII_UTF8 : uidna_labelToUnicodeUTF8;
  for (const auto& [offset, length] : split_labels(domain)) {
    if (length == 0) continue;
    std::string out;
    if (relevant(run_uts46(f, idna, domain.substr(offset, length), out), to_ascii) != 0) {
      return static_cast<std::uint32_t>(offset);
    }
  }
  return empty_label_offset(domain);
}

/// RFC 3492 §5 parameters and §6.1 bias adaptation, shared by the encoder and the decoder.
namespace punycode {
constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700;

constexpr std::uint32_t adapt(std::uint32_t delta, std::uint32_t numpoints, bool first) noexcept {
  delta = first ? delta / damp : delta / 2;
  delta += delta / numpoints;
  std::uint32_t k = 0;
  while (delta > ((base - tmin) * tmax) / 2) {
    delta /= base - tmin;
    k += base;
  }
  return k + (base - tmin + 1) * delta / (delta + skew);
}
}  // namespace punycode

/// RFC 3492 §6.3 Punycode encoding of the code points cps[0, n), n <= 64, appended to `out`
/// (lowercase digits, as ICU writes them). The specification's loop looks at every code point once
/// per distinct code point; here the non-basic ones are sorted once, and "how many code points
/// smaller than m lie between two positions" is a popcount over a mask of positions. (No overflow:
/// delta < 0x110000 * 65 < 2^32.)
void punycode_encode(const char32_t* cps, std::size_t n, std::string& out) {
  using namespace punycode;
  const auto digit = [](std::uint32_t d) { return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26)); };
  const auto between = [](std::uint64_t mask, std::size_t from, std::size_t to) {  // bits [from, to)
    const std::uint64_t below_to = to >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << to) - 1;
    const std::uint64_t below_from = from >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << from) - 1;
    return static_cast<std::uint32_t>(__builtin_popcountll(mask & below_to & ~below_from));
  };
  std::uint64_t smaller = 0;  // positions of the code points already handled (all < the current m)
  std::uint32_t keys[64];     // code point << 6 | position, for the non-basic code points
  std::size_t count = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (cps[j] < 0x80) {
      out.push_back(static_cast<char>(cps[j]));
      smaller |= std::uint64_t{1} << j;
    } else {
      keys[count++] = static_cast<std::uint32_t>(cps[j]) << 6 | static_cast<std::uint32_t>(j);
    }
  }
  const auto basic = static_cast<std::uint32_t>(n - count);
  if (basic > 0) out.push_back('-');
  std::sort(keys, keys + count);
  std::uint32_t code = 128, delta = 0, bias = 72, handled = basic;
  for (std::size_t k = 0; k < count;) {
    const std::uint32_t m = keys[k] >> 6;
    delta += (m - code) * (handled + 1);
    std::size_t previous_end = 0;  // the round for m scans positions from 0
    std::uint64_t positions = 0;
    for (; k < count && keys[k] >> 6 == m; ++k) {
      const std::size_t p = keys[k] & 63;
      delta += between(smaller, previous_end, p);
      std::uint32_t q = delta;
      for (std::uint32_t level = base;; level += base) {
        const std::uint32_t t = level <= bias ? tmin : level >= bias + tmax ? tmax : level - bias;
        if (q < t) break;
        out.push_back(digit(t + (q - t) % (base - t)));
        q = (q - t) / (base - t);
      }
      out.push_back(digit(q));
      bias = adapt(delta, handled + 1, handled == basic);
      delta = 0;
      ++handled;
      previous_end = p + 1;
      positions |= std::uint64_t{1} << p;
    }
    delta += between(smaller, previous_end, n) + 1;
    smaller |= positions;
    code = m + 1;
  }
}

/// Code points whose UTS #46 mapping contains U+002D HYPHEN-MINUS (unit test: every such code
/// point of the backend's data is here). Without them and "-" itself, no label of a name can map
/// to an "xn--" label.
constexpr std::string_view k_maps_to_hyphen[] = {"\xEF\xB9\xA3" /* U+FE63 */, "\xEF\xBC\x8D" /* U+FF0D */};

/// ToASCII, non-transitional, for a name in which no label can be an ACE ("xn--") label: ICU's
/// ToUnicode does the UTS #46 processing (mapping, normalization, the validity criteria, CheckBidi,
/// CheckJoiners — the same steps as its ToASCII, UTS #46 §4.1), and the non-ASCII labels of its
/// result are Punycode-encoded here (UTS #46 §4.2 step 2). Nothing when ICU reports an error,
/// when a label is empty, too long or cannot be encoded, or when the name is too long: the caller
/// then asks ICU's ToASCII, which also gives the exact error.
bool fast_nontransitional_to_ascii(const UIDNA* idna, std::string_view domain, std::string& out) {
  if (domain.find('-') != std::string_view::npos) return false;
  for (std::string_view hyphen : k_maps_to_hyphen) {
    if (domain.find(hyphen) != std::string_view::npos) return false;
  }
  std::string unicode;
  if (run_uts46(uidna_nameToUnicodeUTF8, idna, domain, unicode) != 0) return false;
  out.clear();
  std::size_t begin = 0;
  while (true) {
    const std::size_t dot = unicode.find('.', begin);
    const std::size_t end = dot == std::string::npos ? unicode.size() : dot;
    if (end == begin) return false;
    const std::size_t label_start = out.size();
    bool ascii = true;
    for (std::size_t k = begin; k < end; ++k) ascii = ascii && static_cast<unsigned char>(unicode[k]) < 0x80;
    if (ascii) {
      out.append(unicode, begin, end - begin);
    } else {
      char32_t cps[64];
      std::size_t n = 0;
      for (std::size_t k = begin; k < end; ++n) {
        // 60 code points or more cannot make an ACE label of at most 63 bytes: ICU decides.
        if (n == 60) return false;
        const grammar::decoded d = grammar::decode_utf8(unicode.data(), k, end);
        if (d.code != error_code::ok) return false;  // ICU writes well-formed UTF-8
        cps[n] = d.cp;
        k += d.length;
      }
      out.append("xn--");
      punycode_encode(cps, n, out);
    }
    if (out.size() - label_start > 63) return false;
    if (dot == std::string::npos) break;
    out.push_back('.');
    begin = dot + 1;
  }
  return out.size() <= 253;
}

result<std::string> uts46_convert(std::string_view domain, bool transitional, bool to_ascii) {
  const UIDNA* idna = uts46(transitional);
  if (idna == nullptr) return idna_error(0);
  std::string out;
  if (to_ascii && !transitional && fast_nontransitional_to_ascii(idna, domain, out)) return out;
  const uts46_function f = to_ascii ? uidna_nameToASCII_UTF8 : uidna_nameToUnicodeUTF8;
  if (relevant(run_uts46(f, idna, domain, out), to_ascii) != 0) {
    return idna_error(failing_label_uts46(idna, domain, to_ascii));
  }
  return out;
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

/// How RFC 3492 §6.2 decoding ended.
enum class punycode_result { ok, bad, overflow };

/// RFC 3492 §6.2 Punycode decoding of `in` (the part after the ACE prefix) into code points;
/// `overflow` when an integer overflows (§6.4), `bad` on any other failure (a bad digit, a
/// truncated integer, a basic or out-of-range code point).
punycode_result punycode_decode_checked(std::string_view in, std::u32string& out) {
  using namespace punycode;
  constexpr std::uint32_t maxint = 0xFFFFFFFFu;
  const auto digit_value = [](char c) -> std::uint32_t {
    if (c >= '0' && c <= '9') return static_cast<std::uint32_t>(c - '0') + 26;
    if (c >= 'A' && c <= 'Z') return static_cast<std::uint32_t>(c - 'A');
    if (c >= 'a' && c <= 'z') return static_cast<std::uint32_t>(c - 'a');
    return base;
  };
  out.clear();
  // The basic code points are everything before the last delimiter (§6.2, §3.1).
  const std::size_t last = in.rfind('-');
  const std::size_t b = last == std::string_view::npos ? 0 : last;
  for (std::size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return punycode_result::bad;
    out.push_back(static_cast<char32_t>(in[j]));
  }
  std::uint32_t n = 128, i = 0, bias = 72;
  for (std::size_t pos = b > 0 ? b + 1 : 0; pos < in.size();) {
    const std::uint32_t old_i = i;
    std::uint32_t w = 1;
    for (std::uint32_t k = base;; k += base) {
      if (pos >= in.size()) return punycode_result::bad;
      const std::uint32_t digit = digit_value(in[pos++]);
      if (digit >= base) return punycode_result::bad;
      if (digit > (maxint - i) / w) return punycode_result::overflow;
      i += digit * w;
      const std::uint32_t t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
      if (digit < t) break;
      if (w > maxint / (base - t)) return punycode_result::overflow;
      w *= base - t;
    }
    const auto count = static_cast<std::uint32_t>(out.size() + 1);
    bias = adapt(i - old_i, count, old_i == 0);
    if (i / count > maxint - n) return punycode_result::overflow;
    n += i / count;
    i %= count;
    if (n > 0x10FFFF) return punycode_result::overflow;
    if (n < 0x80 || (n >= 0xD800 && n <= 0xDFFF)) return punycode_result::bad;
    out.insert(out.begin() + i, static_cast<char32_t>(n));
    ++i;
  }
  return punycode_result::ok;
}

bool punycode_decode(std::string_view in, std::u32string& out) {
  return punycode_decode_checked(in, out) == punycode_result::ok;
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

result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned) {
  if (utf8_domain.empty()) return std::string();
  switch (mode) {
    case idna_mode::uts46_nontransitional:
      return uts46_convert(utf8_domain, false, true);
    case idna_mode::uts46_transitional:
      return uts46_convert(utf8_domain, true, true);
    case idna_mode::idna2003: {
      // ICU's RFC 3490 code takes UTF-16; invalid UTF-8 would silently become U+FFFD.
      const icu::UnicodeString probe = icu::UnicodeString::fromUTF8(
          icu::StringPiece(utf8_domain.data(), static_cast<int32_t>(utf8_domain.size())));
      if (has_invalid_utf16(probe) && utf8_domain.find("\xEF\xBF\xBD") == std::string_view::npos) {
        return idna_error(0);
      }
      return idna2003_to_ascii(utf8_domain, allow_unassigned);
    }
  }
  return idna_error(0);
}

result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode) {
  return domain_to_ascii(utf8_domain, mode, false);
}

result<std::string> domain_to_unicode(std::string_view domain, idna_mode mode) {
  if (domain.empty()) return std::string();
  switch (mode) {
    case idna_mode::uts46_nontransitional:
      return uts46_convert(domain, false, false);
    case idna_mode::uts46_transitional:
      return uts46_convert(domain, true, false);
    case idna_mode::idna2003:
      return idna2003_to_unicode(domain);
  }
  return idna_error(0);
}

a_label_decoding decode_a_label(std::string_view label) {
  a_label_decoding r;
  if (!is_a_label_prefix(label)) return r;
  const auto fail = [&r](a_label_status status) {
    r.status = status;
    return std::move(r);
  };
  if (std::any_of(label.begin(), label.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    return fail(a_label_status::non_ascii);
  if (label.size() > 63) return fail(a_label_status::too_long);
  // Scratch buffers, per thread: a warm decoder allocates only the U-label it returns.
  thread_local std::string lower, again, out;
  thread_local std::u32string cps;
  // UTS #46 §4 step 1 maps ASCII letters to lowercase before the label is decoded.
  lower.assign(label);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  const std::string_view body = std::string_view(lower).substr(4);
  cps.clear();
  const punycode_result p = punycode_decode_checked(body, cps);
  if (p == punycode_result::overflow) return fail(a_label_status::overflow);
  if (p != punycode_result::ok || cps.empty() || cps.size() > 63) return fail(a_label_status::bad_punycode);
  // The canonical encoding only (RFC 5891 §5.4: the label must be the A-label of its U-label).
  again.clear();
  punycode_encode(cps.data(), cps.size(), again);
  const bool canonical = again == body;
  bool ascii = true;
  for (const char32_t cp : cps) {
    ascii = ascii && cp < 0x80;
    grammar::append_utf8(r.unicode, cp);
  }
  if (!canonical) return fail(a_label_status::bad_punycode);
  if (ascii) return fail(a_label_status::decodes_to_ascii);  // UTS #46 §4.1 step 4.2
  // The validity criteria of UTS #46 §4.1 (and CheckBidi, CheckJoiners) through ICU. A label ICU
  // accepts is in NFC and has only assigned code points, so those are looked at only to say why
  // a label fails.
  const UIDNA* idna = uts46(false);
  if (idna == nullptr) return fail(a_label_status::disallowed);
  const std::uint32_t errors = relevant(run_uts46(uidna_labelToUnicodeUTF8, idna, lower, out), false);
  if (errors == 0) {
    r.status = a_label_status::ok;
    return r;
  }
  for (const char32_t cp : cps) {
    if (u_charType(static_cast<UChar32>(cp)) == U_UNASSIGNED) return fail(a_label_status::unassigned);
  }
  if (!is_normalized(r.unicode, normal_form::nfc)) return fail(a_label_status::not_nfc);
  std::uint32_t why = errors;
  if (errors & UIDNA_ERROR_INVALID_ACE_LABEL) {
    // ICU says only that the decoded label is not in its mapped, normalized form: processing the
    // U-label itself tells a disallowed code point (or a failed rule) from a mapped character.
    why = relevant(run_uts46(uidna_labelToUnicodeUTF8, idna, r.unicode, out), false);
    if (why == 0) return fail(a_label_status::mapped);
  }
  if (why & UIDNA_ERROR_DISALLOWED) return fail(a_label_status::disallowed);
  if (why & (UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4))
    return fail(a_label_status::hyphens);
  if (why & UIDNA_ERROR_LEADING_COMBINING_MARK) return fail(a_label_status::leading_mark);
  if (why & UIDNA_ERROR_BIDI) return fail(a_label_status::bidi_rule);
  if (why & UIDNA_ERROR_CONTEXTJ) return fail(a_label_status::contextj_rule);
  if (why & UIDNA_ERROR_PUNYCODE) return fail(a_label_status::bad_punycode);
  if (why & UIDNA_ERROR_INVALID_ACE_LABEL) return fail(a_label_status::mapped);
  return fail(a_label_status::disallowed);
}

namespace {

// URL Standard §3.3: CheckBidi and CheckJoiners on, UseSTD3ASCIIRules off, non-transitional.
// ICU always checks hyphens and reports the DNS length checks; with CheckHyphens = false and
// VerifyDnsLength = false those error bits are not failures (ICU still writes the label).
constexpr std::uint32_t k_whatwg_ignored = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
                                           UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |
                                           UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

const UIDNA* whatwg_uts46() {
  static const uidna_ptr instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    uidna_ptr p(uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII |
                                    UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                &status));
    return U_SUCCESS(status) ? std::move(p) : nullptr;
  }();
  return instance.get();
}

}  // namespace

result<std::string> whatwg_domain_to_ascii(std::string_view utf8_domain) {
  const UIDNA* idna = whatwg_uts46();
  if (idna == nullptr) return idna_error(0);
  std::string out;
  if ((run_uts46(uidna_nameToASCII_UTF8, idna, utf8_domain, out) & ~k_whatwg_ignored) == 0) return out;
  for (const auto& [offset, length] : split_labels(utf8_domain)) {
    std::string ignored;
    if (length != 0 &&
        (run_uts46(uidna_labelToASCII_UTF8, idna, utf8_domain.substr(offset, length), ignored) &
         ~k_whatwg_ignored) != 0) {
      return idna_error(static_cast<std::uint32_t>(offset));
    }
  }
  return idna_error(0);
}

std::pair<std::string, bool> whatwg_domain_to_unicode(std::string_view domain) {
  const UIDNA* idna = whatwg_uts46();
  std::string out;
  if (idna == nullptr) return {std::string(domain), true};
  const std::uint32_t errors = run_uts46(uidna_nameToUnicodeUTF8, idna, domain, out) & ~k_whatwg_ignored;
  return {std::move(out), errors != 0};
}

bool uts46_backend_disallows(char32_t cp) {
  const UIDNA* idna = whatwg_uts46();
  if (idna == nullptr) return false;
  std::string in;
  grammar::append_utf8(in, cp);
  std::string out;
  return (run_uts46(uidna_labelToASCII_UTF8, idna, in, out) & UIDNA_ERROR_DISALLOWED) != 0;
}

std::string nfkc_casefold(std::string_view utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status)) return std::string(utf8);
  const icu::UnicodeString in =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  const icu::UnicodeString folded = n->normalize(in, status);
  std::string out;
  if (U_FAILURE(status)) return std::string(utf8);
  folded.toUTF8String(out);
  return out;
}

bool idna_backend_assigns(char32_t cp) { return u_charType(static_cast<UChar32>(cp)) != U_UNASSIGNED; }

}  // namespace irikit::unicode
