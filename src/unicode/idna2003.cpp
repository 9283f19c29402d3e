// SPDX-License-Identifier: MIT OR Apache-2.0
// IDNA2003 of irikit's own: RFC 3490 ToASCII / ToUnicode with Nameprep (RFC 3491, the stringprep
// profile of RFC 3454) from tables generated from the RFC and Unicode 3.2 data
// (tables/idna2003.inc, scripts/gen_idna2003_tables.py), Punycode from punycode.h and NFKC from
// normalize.h restricted to Unicode 3.2 (below).
//
// Nameprep of a label (RFC 3454 §3, RFC 3491 §3-§7):
//   1. an unassigned code point (table A.1) fails unless AllowUnassigned (RFC 3454 §7);
//   2. map with B.1 (to nothing) and B.2 (case folding for NFKC) (RFC 3491 §3);
//   3. NFKC as of Unicode 3.2 (RFC 3491 §4): the project's NFKC of today on every run of code
//      points assigned in 3.2 (the stability policy keeps their normalization since), a code point
//      unassigned in 3.2 left as it is (it has no decomposition and blocks both ways there), and
//      the five CJK compatibility ideographs of Corrigendum 4 (after 3.2) mapped to their 3.2
//      decomposition (NormalizationCorrections.txt);
//   4. prohibit C.1.2, C.2.2, C.3-C.9 (RFC 3491 §5);
//   5. the bidi rule with D.1 (RandALCat) and D.2 (LCat) (RFC 3454 §6), as the RFC defines them:
//      not today's Bidi_Class (docs/conformance.md, "IDNA2003", lists where they differ).
//
// The domain is split at "." and the three full stops (RFC 3490 §3.1 requirement 1); the answer
// and its error offsets are those ICU's uidna_IDNToASCII gave before (tests/idna2003/, the frozen
// answers): the first failing label's byte offset, else the first empty label's (the root label
// after a trailing dot is allowed), else 0 for a name of more than 255 characters.
#include "unicode/idna2003.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grammar/char_class.h"  // iequals_ascii
#include "grammar/utf8.h"
#include "unicode/normalize.h"
#include "unicode/punycode.h"

namespace irikit::unicode {
namespace tables {
#include "unicode/tables/idna2003.inc"
}  // namespace tables

namespace {

parse_error idna_error(std::uint32_t offset) { return {error_code::idna_failed, offset}; }

std::uint8_t flags_of(char32_t cp) noexcept {
  return tables::k_idna2003_stage2[static_cast<std::size_t>(tables::k_idna2003_stage1[cp >> 7]) * 128 +
                                   (cp & 127)];
}

/// RFC 3490 §5: the ACE prefix.
constexpr std::string_view k_ace_prefix = "xn--";
/// RFC 3490 §4.1 step 8: at most 63 octets a label.
constexpr std::size_t k_max_label = 63;
/// The longest name uidna_IDNToASCII accepted (RFC 3490 §4.1 leaves it to DNS: RFC 1034 §3.1).
constexpr std::size_t k_max_domain = 255;

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

bool valid_utf8(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size();) {
    const auto d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return false;
    i += d.length;
  }
  return true;
}

/// The code points of valid UTF-8; false on any invalid sequence.
bool decode(std::string_view s, std::u32string& out) {
  out.clear();
  for (std::size_t i = 0; i < s.size();) {
    const auto d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return false;
    out.push_back(d.cp);
    i += d.length;
  }
  return true;
}

/// RFC 3491 §4: NFKC as of Unicode 3.2 (see the top of the file), in place.
void nfkc_3_2(std::u32string& text) {
  bool unassigned = false;
  for (char32_t cp : text) unassigned = unassigned || (flags_of(cp) & tables::k_idna2003_unassigned) != 0;
  if (!unassigned) {
    if (!is_normalized_code_points(text, normal_form::nfkc)) normalize_code_points(text, normal_form::nfkc);
    return;
  }
  std::u32string out;
  std::u32string run;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || (flags_of(text[i]) & tables::k_idna2003_unassigned) != 0) {
      normalize_code_points(run, normal_form::nfkc);
      out += run;
      run.clear();
      if (i < text.size()) out.push_back(text[i]);
    } else {
      run.push_back(text[i]);
    }
  }
  text.swap(out);
}

/// RFC 3491 Nameprep of `in` into `out`; false when the label is prohibited (RFC 3491 §5-§7).
bool nameprep(std::u32string_view in, bool allow_unassigned, std::u32string& out) {
  out.clear();
  bool ascii = true;
  for (char32_t cp : in) {
    const std::uint8_t f = flags_of(cp);
    if ((f & tables::k_idna2003_unassigned) != 0 && !allow_unassigned) return false;  // RFC 3454 §7
    if ((f & tables::k_idna2003_mapped) != 0) {  // RFC 3491 §3: B.1, B.2
      const auto* end = std::end(tables::k_idna2003_mappings);
      const auto* m =
          std::lower_bound(std::begin(tables::k_idna2003_mappings), end, cp,
                           [](const tables::idna2003_mapping& e, char32_t c) { return e.cp < c; });
      for (std::size_t k = 0; k < m->length; ++k) {
        const char32_t to = tables::k_idna2003_pool[m->offset + k];
        ascii = ascii && to < 0x80;
        out.push_back(to);
      }
    } else if ((f & tables::k_idna2003_corrected) != 0) {  // Corrigendum 4 is after 3.2
      for (const auto& c : tables::k_idna2003_corrections) {
        if (c.cp == cp) out.push_back(c.decomposition);
      }
      ascii = false;
    } else {
      ascii = ascii && cp < 0x80;
      out.push_back(cp);
    }
  }
  if (!ascii) nfkc_3_2(out);  // RFC 3491 §4 (ASCII is invariant)
  bool randal = false;
  bool lcat = false;
  for (char32_t cp : out) {
    const std::uint8_t f = flags_of(cp);
    if ((f & tables::k_idna2003_prohibited) != 0) return false;  // RFC 3491 §5
    randal = randal || (f & tables::k_idna2003_randal) != 0;
    lcat = lcat || (f & tables::k_idna2003_lcat) != 0;
  }
  if (randal) {  // RFC 3454 §6 requirements 2 and 3
    if (lcat) return false;
    if ((flags_of(out.front()) & tables::k_idna2003_randal) == 0) return false;
    if ((flags_of(out.back()) & tables::k_idna2003_randal) == 0) return false;
  }
  return true;
}

bool is_ldh(char32_t cp) noexcept {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '-';
}

/// Reused buffers of one ToASCII call.
struct work_buffers {
  std::u32string decoded;
  std::u32string prepared;
};

/// RFC 3490 §4.1 ToASCII of one label's code points (UseSTD3ASCIIRules), appended to `out`.
bool label_to_ascii(std::u32string_view label, bool allow_unassigned, work_buffers& w, std::string& out) {
  // Step 1: ASCII skips Nameprep (an all-ASCII label keeps its case).
  std::u32string_view s = label;
  if (std::any_of(label.begin(), label.end(), [](char32_t cp) { return cp >= 0x80; })) {
    if (!nameprep(label, allow_unassigned, w.prepared)) return false;  // step 2
    s = w.prepared;
  }
  // Step 3: UseSTD3ASCIIRules.
  bool ascii = true;
  for (char32_t cp : s) {
    if (cp < 0x80 && !is_ldh(cp)) return false;
    ascii = ascii && cp < 0x80;
  }
  if (!s.empty() && (s.front() == '-' || s.back() == '-')) return false;
  const std::size_t start = out.size();
  if (ascii) {  // step 4
    for (char32_t cp : s) out.push_back(static_cast<char>(cp));
  } else {
    // Step 5: not already an ACE label.
    if (s.size() >= 4 && (s[0] | 0x20) == 'x' && (s[1] | 0x20) == 'n' && s[2] == '-' && s[3] == '-')
      return false;
    out.append(k_ace_prefix);                    // step 7
    if (!punycode_encode(s, out)) return false;  // step 6
  }
  const std::size_t length = out.size() - start;
  return length >= 1 && length <= k_max_label;  // step 8
}

result<std::string> idna2003_to_ascii(std::string_view domain, bool allow_unassigned) {
  std::string out;
  out.reserve(domain.size() + 16);
  work_buffers w;
  const auto labels = split_labels(domain);
  std::optional<std::uint32_t> empty;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const auto [offset, length] = labels[k];
    if (length == 0) {
      if (k + 1 < labels.size() && !empty) empty = static_cast<std::uint32_t>(offset);
    } else if (!decode(domain.substr(offset, length), w.decoded) ||
               !label_to_ascii(w.decoded, allow_unassigned, w, out)) {
      return idna_error(static_cast<std::uint32_t>(offset));
    }
    if (k + 1 < labels.size()) out.push_back('.');
  }
  if (empty) return idna_error(*empty);
  if (out.size() > k_max_domain) return idna_error(0);
  return out;
}

/// RFC 3490 §4.2 ToUnicode of one label (AllowUnassigned and UseSTD3ASCIIRules set, as for
/// displaying existing names): the Unicode form when the label is a valid ACE label whose
/// ToASCII gives it back, else the label unchanged ("ToUnicode never fails").
std::string idna2003_label_to_unicode(std::string_view label) {
  const std::string original(label);
  std::string ascii;
  work_buffers w;
  if (std::all_of(label.begin(), label.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    ascii = original;
  } else {
    // Step 2: Nameprep (RFC 3491) with AllowUnassigned.
    if (!decode(label, w.decoded) || !nameprep(w.decoded, true, w.prepared)) return original;
    for (char32_t cp : w.prepared) {
      if (cp >= 0x80) return original;  // not ASCII: cannot begin an ACE label
      ascii.push_back(static_cast<char>(cp));
    }
  }
  // Step 3: the ACE prefix; RFC 3490 §4.1 step 8: at most 63 octets (else step 7 cannot pass).
  if (ascii.size() <= 4 || ascii.size() > k_max_label ||
      !grammar::iequals_ascii(std::string_view(ascii).substr(0, 4), k_ace_prefix)) {
    return original;
  }
  // Steps 4-5: Punycode.
  std::u32string decoded;
  if (punycode_decode(std::string_view(ascii).substr(4), decoded) != punycode_result::ok || decoded.empty())
    return original;
  // Steps 6-7: ToASCII gives the ACE label back (ASCII case-insensitively).
  std::string back;
  if (!label_to_ascii(decoded, true, w, back) || !grammar::iequals_ascii(back, ascii)) return original;
  // Step 8.
  std::string out;
  for (char32_t cp : decoded) grammar::append_utf8(out, cp);
  return out;
}

}  // namespace

result<std::string> idna2003_domain_to_ascii(std::string_view utf8_domain, bool allow_unassigned) {
  // Invalid UTF-8 fails at offset 0 (as before, when ICU saw it as U+FFFD, prohibited by C.6: with
  // a real U+FFFD in the name too, at the first label that fails).
  if (!valid_utf8(utf8_domain) && utf8_domain.find("\xEF\xBF\xBD") == std::string_view::npos) {
    return idna_error(0);
  }
  return idna2003_to_ascii(utf8_domain, allow_unassigned);
}

bool idna2003_nameprep(std::string_view utf8_label, bool allow_unassigned, std::string& out) {
  out.clear();
  work_buffers w;
  if (!decode(utf8_label, w.decoded) || !nameprep(w.decoded, allow_unassigned, w.prepared)) return false;
  for (char32_t cp : w.prepared) grammar::append_utf8(out, cp);
  return true;
}

/// RFC 3490 §4.2 on every label; the separators are kept as they are.
std::string idna2003_domain_to_unicode(std::string_view domain) {
  std::string out;
  std::size_t end_of_previous = 0;
  for (const auto& [offset, length] : split_labels(domain)) {
    out.append(domain.substr(end_of_previous, offset - end_of_previous));
    out.append(idna2003_label_to_unicode(domain.substr(offset, length)));
    end_of_previous = offset + length;
  }
  return out;
}

}  // namespace irikit::unicode
