// SPDX-License-Identifier: MIT OR Apache-2.0
// UTS #46 §4.2 ToASCII in one pass for the common case (moved out of idna.cpp, issue 53): the
// names whose code points one lookup settles; anything else goes to idna.cpp's full processing.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "grammar/utf8.h"  // decode_utf8: the one place that turns bytes into code points
#include "unicode/bidi.h"
#include "unicode/idna_detail.h"
#include "unicode/label_memory.h"
#include "unicode/normalize.h"
#include "unicode/punycode.h"
#include "unicode/ucd.h"
#include "unicode/work.h"

namespace irikit::unicode {
namespace tables {
#include "unicode/tables/idna.inc"
}  // namespace tables

namespace idna_detail {

namespace {

// ---- The common case in one pass -----------------------------------------------------------
//
// Most names are made of labels whose code points are all valid (UTS #46 §4 step 1 leaves them
// as they are, but for A-Z), already in NFC, without joiners or full stops other than ".". For
// those, §4 steps 1–4 and the validity criteria reduce to per-code-point facts that one lookup
// answers (tables/idna.inc, idna_fast_raw), and ToASCII can encode each label as soon as it is
// read. Whatever else a name holds (a mapped, ignored or disallowed code point, a deviation other
// than ß and ς in nontransitional processing, a quick-check No, an "xn--" label, an empty label,
// STD3 ASCII, any failure) sends the whole name to the full processing above, which gives the
// answer and the error offset: the fast path only ever answers what the full processing would
// answer, and never reports an error itself.

constexpr std::uint8_t k_fast_valid = 16;     // status valid and NFC_QC not No; bits 0-3 Bidi_Class
constexpr std::uint8_t k_fast_maybe = 32;     // NFC_QC = Maybe
constexpr std::uint8_t k_fast_ccc = 64;       // Canonical_Combining_Class not 0
constexpr std::uint8_t k_fast_mark = 128;     // General_Category Mn, Mc or Me (V6)
constexpr std::size_t k_fast_label_max = 63;  // longer labels fail VerifyDnsLength or are rare
/// The entry of U+00DF and U+03C2 in nontransitional processing: valid, Bidi_Class L, NFC_QC Yes,
/// Canonical_Combining_Class 0, General_Category Ll (host_test's SharpSAndFinalSigma checks them).
constexpr std::uint8_t k_fast_deviation = k_fast_valid | static_cast<std::uint8_t>(bidi_class::L);

/// The lookup entry of an ASCII byte after the mapping (A-Z lowered): a-z (L), 0-9 (EN) and "-"
/// (ES) are valid; 0 for every other byte (a full stop is the caller's; the rest is STD3 ASCII,
/// which the full processing checks).
constexpr std::array<std::uint8_t, 128> k_fast_ascii = [] {
  std::array<std::uint8_t, 128> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = k_fast_valid | static_cast<std::uint8_t>(bidi_class::L);
  for (int c = '0'; c <= '9'; ++c) t[c] = k_fast_valid | static_cast<std::uint8_t>(bidi_class::EN);
  t['-'] = k_fast_valid | static_cast<std::uint8_t>(bidi_class::ES);
  return t;
}();

/// The fast path's lookup for a BMP code point in two steps where idna_fast_raw takes three
/// (and a range check): the generated table's first two stages flattened into one array of the
/// blocks of 16 code points, by cp >> 4 (8 KB).
constexpr std::array<std::uint16_t, 0x1000> k_fast_bmp_blocks = [] {
  std::array<std::uint16_t, 0x1000> t{};
  for (std::size_t block = 0; block < t.size(); ++block) {
    t[block] =
        tables::k_idna_fast_raw_stage1[(static_cast<std::size_t>(tables::k_idna_fast_raw_stage0[block >> 5])
                                        << 5) |
                                       (block & 31)];
  }
  return t;
}();

std::uint8_t fast_bmp_entry(char32_t cp) noexcept {
  return tables::k_idna_fast_raw_stage2[(static_cast<std::size_t>(k_fast_bmp_blocks[cp >> 4]) << 4) |
                                        (cp & 15)];
}

/// The flattening must agree with the generated lookup on the whole BMP (it assumes the
/// generator's stage shifts, 9 and 4).
constexpr bool fast_bmp_agrees() {
  for (char32_t cp = 0; cp < 0x10000; ++cp) {
    if (tables::k_idna_fast_raw_stage2[(static_cast<std::size_t>(k_fast_bmp_blocks[cp >> 4]) << 4) |
                                       (cp & 15)] != tables::idna_fast_raw(cp))
      return false;
  }
  return true;
}
static_assert(fast_bmp_agrees());

/// V1 (NFC) of a label of the fast path that the per-code-point facts leave open (`flags`:
/// k_fast_maybe for an NFC_QC Maybe, k_fast_ccc for two non-starters in a row). A Maybe right
/// after a starter (the usual case: an Indic vowel sign after its consonant) is settled by the pair;
/// anything else by the full check.
bool fast_label_is_nfc(std::u32string_view text, const std::uint8_t* entries, std::uint8_t flags) {
  if (flags == k_fast_maybe) {
    bool settled = true;
    for (std::size_t k = 1; k < text.size() && settled; ++k) {
      if ((entries[k] & k_fast_maybe) == 0) continue;
      // after a non-starter: the full check
      const nfc_pair p = (entries[k - 1] & k_fast_ccc) != 0 ? nfc_pair::unknown
                                                            : nfc_maybe_after_starter(text[k - 1], text[k]);
      if (p == nfc_pair::composes) return false;
      settled = p == nfc_pair::stays;
    }
    // A Maybe first (a Hangul medial or final jamo: the marks fail V6 before) takes the full check.
    if (settled && (entries[0] & k_fast_maybe) == 0) return true;
  }
  return is_normalized_code_points(text, normal_form::nfc);
}

}  // namespace

/// UTS #46 §4.2 ToASCII of a name in the common case, written to `out`. False when the name
/// needs the full processing; `out` is then unspecified.
bool fast_to_ascii(std::string_view input, const uts46_flags& f, std::string& out) {
  using enum bidi_class;
  const char* const s = input.data();
  const std::size_t n = input.size();
  out.clear();
  work_meter work;
  std::uint32_t name_classes = 0;  // every Bidi_Class in the name
  bool bidi_rule = true;           // every label so far satisfies the Bidi Rule (RFC 5893 §2)
  char32_t cps[k_fast_label_max];
  std::uint8_t entries[k_fast_label_max];
  for (std::size_t i = 0;;) {
    const std::size_t label_in = i, label_out = out.size();
    std::size_t count = 0;
    std::uint32_t classes = 0;  // bit(class) of every code point of the label
    bool ascii = true;
    // end_entry: the entry of the last code point that is not NSM (0: none yet, as every
    // entry read has k_fast_valid); nfc: not 0 when the quick check needs help.
    std::uint8_t previous = 0, end_entry = 0, nfc = 0;
    while (i < n) {
      char32_t cp;
      std::uint8_t e;
      const auto byte = static_cast<unsigned char>(s[i]);
      if (byte < 0x80) {
        if (byte == '.') break;
        cp = byte >= 'A' && byte <= 'Z' ? byte + 0x20 : byte;  // §4 step 1
        e = k_fast_ascii[cp];
        if (e == 0) return false;
        ++i;
      } else {
        // UTF-8 (RFC 3629 §4): 2- and 3-byte sequences here (the BMP, looked up in two
        // steps), 4-byte ones and every ill-formed sequence by decode_utf8. The path gives up
        // on anything ill-formed; the full processing reports it.
        if (byte >= 0xC2 && byte < 0xE0 && n - i >= 2) {
          const unsigned b1 = static_cast<unsigned char>(s[i + 1]) ^ 0x80u;  // < 0x40 if continuation
          if (b1 >= 0x40) return false;
          cp = static_cast<char32_t>((byte & 0x1Fu) << 6 | b1);
          i += 2;
          e = fast_bmp_entry(cp);
        } else if (byte >= 0xE0 && byte < 0xF0 && n - i >= 3) {
          const unsigned b1 = static_cast<unsigned char>(s[i + 1]) ^ 0x80u;
          const unsigned b2 = static_cast<unsigned char>(s[i + 2]) ^ 0x80u;
          if ((b1 | b2) >= 0x40) return false;
          cp = static_cast<char32_t>((byte & 0x0Fu) << 12 | b1 << 6 | b2);
          if (cp < 0x800) return false;  // overlong (a surrogate's entry is 0: disallowed)
          i += 3;
          e = fast_bmp_entry(cp);
        } else {
          const grammar::decoded d = grammar::decode_utf8(s, i, n);
          if (d.code != error_code::ok) return false;
          cp = d.cp;
          i += d.length;
          e = tables::idna_fast_raw(cp);
        }
        if ((e & k_fast_valid) == 0) [[unlikely]] {
          // ß and ς, two of the four deviations, are letters like any other in nontransitional
          // processing (German and Greek words hold them); the joiners, the other two, need
          // CheckJoiners' context and take the full processing.
          if (f.transitional || (cp != 0xDF && cp != 0x3C2)) return false;
          e = k_fast_deviation;
        }
        ascii = false;
        // V1 and step 2: the quick check (UAX #15 §9) answers Yes without help unless there is
        // a Maybe or two non-starters in a row (whose order must be checked).
        nfc |= e & (k_fast_maybe | (previous & k_fast_ccc));
      }
      if (count == k_fast_label_max) return false;
      entries[count] = e;
      cps[count++] = cp;
      classes |= std::uint32_t{1} << (e & 15);
      end_entry = (e & 15) != static_cast<std::uint8_t>(NSM) ? e : end_entry;  // selects, not branches
      previous = e;
    }
    work.steps += count + 1;
    if (count == 0) return false;  // an empty label, the root label included
    const std::uint8_t first_entry = entries[0];
    if ((first_entry & k_fast_mark) != 0) return false;  // V6
    const auto first = static_cast<bidi_class>(first_entry & 15);
    const bool has_end = end_entry != 0;
    const auto end = static_cast<bidi_class>(end_entry & 15);
    const std::u32string_view text(cps, count);
    if (f.check_hyphens) {
      if (count >= 4 && cps[2] == '-' && cps[3] == '-') return false;  // V2 ("xn--" too)
      if (cps[0] == '-' || cps[count - 1] == '-') return false;        // V3
    } else if (starts_with_ace_prefix(text)) {
      return false;  // step 4.1: to be decoded
    }
    if (nfc != 0 && !fast_label_is_nfc(text, entries, nfc)) return false;
    if (ascii) {
      char lowered[k_fast_label_max];
      for (std::size_t k = 0; k < count; ++k) lowered[k] = static_cast<char>(cps[k]);
      out.append(lowered, count);
    } else {
      out.append("xn--");
      if (i == n) {
        // The last label's Punycode is remembered per thread, keyed by its bytes: a name's
        // top-level label repeats across the names of a crawl, a log or a corpus ("рф", "中国")
        // where the labels before it rarely do; kept alone, a few dozen top-level domains stay
        // without evicting one another.
        thread_local label_memory<std::string, 64> last_labels;
        out.append(last_labels.get(input.substr(label_in), [text] {
          std::string encoded;
          punycode_encode(text, encoded);  // at most 63 code points: never fails
          return encoded;
        }));
      } else if (!punycode_encode(text, out)) {
        return false;
      }
    }
    if (f.verify_dns_length && out.size() - label_out > 63) return false;  // A4_2
    name_classes |= classes;
    bidi_rule = bidi_rule && bidi_rule_holds(first, has_end, end, classes);
    if (i == n) break;
    ++i;  // the "."
    out.push_back('.');
  }
  if (f.verify_dns_length && out.size() > 253) return false;  // A4_1
  // V9: in a Bidi domain name every label satisfies the Bidi Rule.
  if (f.check_bidi && (name_classes & (bit(R) | bit(AL) | bit(AN))) != 0 && !bidi_rule) return false;
  return true;
}

}  // namespace idna_detail
}  // namespace irikit::unicode
