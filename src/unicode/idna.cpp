// SPDX-License-Identifier: MIT OR Apache-2.0
// UTS #46 (Unicode IDNA Compatibility Processing, https://www.unicode.org/reports/tr46/) from
// irikit's own Unicode tables (tables/idna.inc: the IDNA Mapping Table; normalization and
// character properties from normalize.h and ucd.h), for every caller: host_to_ascii /
// host_to_unicode, to_uri / to_iri, the URL Standard's host parser, the display policy and the
// lint. One implementation with the flags of UTS #46 §4: CheckHyphens, CheckBidi (RFC 5893 §2),
// CheckJoiners (RFC 5892 Appendix A.1–A.2), UseSTD3ASCIIRules, Transitional_Processing,
// VerifyDnsLength (§4.2 step 3) and IgnoreInvalidPunycode (§4 step 4.1.2).
//
// IDNA2003 (RFC 3490) is idna2003.cpp's, on its own Unicode 3.2 tables (Nameprep, RFC 3491).
//
// Error offsets: the input is split at the four label separators ("." and U+3002, U+FF0E, U+FF61,
// which the mapping turns into "."), each piece is mapped and normalized on its own (a separator
// is a starter that composes with nothing, so this is the same as doing the whole name), and every
// label remembers the byte offset of the piece it came from.
//
// Cancellation (irikit/cancel.h): every loop of the full processing over a name, a label or its
// code points asks the thread's hook once per cancel_poll_bytes of its span (src/cancel/poll.h),
// and told to stop gives up with a failure; the public operation that opened the cancel_scope
// reports `cancelled`. Names of at most cancel_poll_bytes take the one pass, which never asks.
#include "unicode/idna.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cancel/poll.h"
#include "grammar/utf8.h"  // decode_utf8: the one place that turns bytes into code points
#include "unicode/bidi.h"
#include "unicode/idna2003.h"
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

using idna_detail::bidi_rule_holds;
using idna_detail::bit;
using idna_detail::fast_to_ascii;
using idna_detail::starts_with_ace_prefix;

namespace {

using tables::idna_status;

using uts46_flags = uts46_options;

/// host_to_ascii / host_to_unicode: every flag on, as IdnaTestV2.txt assumes (the root label as
/// the caller asks, host_options::keep_root_label).
constexpr uts46_flags k_strict{};
constexpr uts46_flags k_strict_transitional{.transitional = true};
/// The URL Standard's "domain to ASCII" with beStrict = false (URL Standard §3.3).
constexpr uts46_flags k_whatwg{.check_hyphens = false,
                               .check_bidi = true,
                               .check_joiners = true,
                               .use_std3_ascii_rules = false,
                               .transitional = false,
                               .verify_dns_length = false,
                               .ignore_invalid_punycode = false};

/// Why a label fails (the first reason found), in the order a_label_status reports them.
enum class failure : std::uint8_t {
  none,
  ace_non_ascii,  // §4 step 4.1.1: an "xn--" label with non-ASCII code points
  punycode,       // §4 step 4.1.2 (A3): the Punycode does not decode
  ace_ascii,      // §4 step 4.1.3: decodes to nothing or to ASCII only
  not_nfc,        // §4.1 V1
  hyphens,        // V2, V3, and V4 ("xn--" when CheckHyphens is off)
  full_stop,      // V5
  leading_mark,   // V6
  disallowed,     // V7: status disallowed (or not valid under transitional criteria)
  mapped,         // V7: status mapped or ignored (only a decoded label can have them)
  std3,           // V7 with UseSTD3ASCIIRules: ASCII other than a-z 0-9 "-"
  joiners,        // V8 (C1, C2)
  bidi,           // V9 (B1–B6)
  empty_label,    // A4_2 / X4_2
  too_long,       // A4_1, A4_2
};

struct label {
  std::u32string text;       ///< after processing; the decoded form of a valid "xn--" label
  std::uint32_t offset = 0;  ///< byte offset in the input of the piece the label came from
  failure error = failure::none;
};

idna_status status_of(std::uint32_t entry) noexcept { return static_cast<idna_status>(entry & 7); }

std::uint32_t entry_of(char32_t cp) noexcept { return tables::k_idna_entries[tables::idna_entry_raw(cp)]; }

/// Appends the UTS #46 mapping of `entry` for `cp`.
void append_mapping(char32_t cp, std::uint32_t entry, std::u32string& out) {
  if ((entry & 16) != 0) {
    auto delta = static_cast<std::int32_t>(entry >> 8);
    if (delta & 0x800000) delta -= 0x1000000;  // a signed 24-bit value
    out.push_back(static_cast<char32_t>(static_cast<std::int32_t>(cp) + delta));
    return;
  }
  const char32_t* m = &tables::k_idna_pool[entry >> 8];
  out.append(m + 1, m + 1 + m[0]);
}

/// UTS #46 §4 step 1 (Map) for one code point.
void map_code_point(char32_t cp, bool transitional, std::u32string& out) {
  if (cp < 0x80) {  // every ASCII code point is valid but the capitals, mapped to lowercase
    out.push_back(cp >= 'A' && cp <= 'Z' ? cp + 0x20 : cp);
    return;
  }
  const std::uint32_t entry = entry_of(cp);
  switch (status_of(entry)) {
    case idna_status::valid:
    case idna_status::disallowed:  // kept: validity criterion V7 reports it on its label
      out.push_back(cp);
      break;
    case idna_status::ignored:
      break;
    case idna_status::mapped:
      if (!transitional) {
        append_mapping(cp, entry, out);
      } else {
        // Transitional processing maps the deviations a mapping gives, too (U+1E9E → ß → "ss").
        std::u32string m;
        append_mapping(cp, entry, m);
        for (const char32_t c : m) {
          const std::uint32_t e = c < 0x80 ? 0 : entry_of(c);
          if (c >= 0x80 && status_of(e) == idna_status::deviation) {
            append_mapping(c, e, out);
          } else {
            out.push_back(c);
          }
        }
      }
      break;
    case idna_status::deviation:
      if (transitional) {
        append_mapping(cp, entry, out);
      } else {
        out.push_back(cp);
      }
      break;
  }
}

}  // namespace

namespace idna_detail {

bool starts_with_ace_prefix(std::u32string_view s) noexcept {
  return s.size() >= 4 && s[0] == 'x' && s[1] == 'n' && s[2] == '-' && s[3] == '-';
}

}  // namespace idna_detail

namespace {

bool all_ascii(std::u32string_view s) noexcept {
  return std::all_of(s.begin(), s.end(), [](char32_t c) { return c < 0x80; });
}

bidi_class bidi_of(char32_t cp) noexcept { return static_cast<bidi_class>(ucd::bidi_class_raw(cp)); }

/// RFC 5893 §1.4: an RTL label has a character of Bidi_Class R, AL or AN. (Cancelled: true, so
/// that the Bidi Rule's own polls stop at once.)
bool has_rtl(std::u32string_view s) noexcept {
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return true;
    if (s[i] < 0x590) continue;  // nothing below U+0590 is R, AL or AN
    const bidi_class b = bidi_of(s[i]);
    if (b == bidi_class::R || b == bidi_class::AL || b == bidi_class::AN) return true;
  }
  return false;
}

}  // namespace

namespace idna_detail {

/// RFC 5893 §2, the six conditions of the Bidi Rule, for one non-empty label of a Bidi domain
/// name, from what they ask of it: the class of its first character, of its last character
/// that is not NSM (`has_end` false when every character is NSM), and the set of its classes
/// (bit(class)). The full processing and the fast path both decide it here.
bool bidi_rule_holds(bidi_class first, bool has_end, bidi_class end, std::uint32_t seen) noexcept {
  using enum bidi_class;
  if (first != L && first != R && first != AL) return false;  // 1
  if (!has_end) return false;  // 3, 6: "followed by zero or more NSM" needs one before them
  constexpr std::uint32_t weak = bit(EN) | bit(ES) | bit(CS) | bit(ET) | bit(ON) | bit(BN) | bit(NSM);
  if (first == L) {
    if ((seen & ~(bit(L) | weak)) != 0) return false;  // 5
    return end == L || end == EN;                      // 6
  }
  if ((seen & ~(bit(R) | bit(AL) | bit(AN) | weak)) != 0) return false;  // 2
  if ((seen & bit(EN)) != 0 && (seen & bit(AN)) != 0) return false;      // 4
  return end == R || end == AL || end == EN || end == AN;                // 3
}

}  // namespace idna_detail

namespace {

/// The Bidi Rule (RFC 5893 §2) for one label of a Bidi domain name.
bool satisfies_bidi_rule(std::u32string_view s) noexcept {
  if (s.empty()) return true;
  std::uint32_t seen = 0;
  bool has_end = false;
  bidi_class end = bidi_class::L;
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return false;
    const bidi_class b = bidi_of(s[i]);
    seen |= bit(b);
    if (b != bidi_class::NSM) {
      end = b;
      has_end = true;
    }
  }
  return bidi_rule_holds(bidi_of(s.front()), has_end, end, seen);
}

constexpr unsigned k_virama = 9;  // Canonical_Combining_Class = Virama

/// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER), CONTEXTJ.
bool satisfies_contextj(std::u32string_view s) noexcept {
  using jt = ucd::joining_type;
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return false;
    if (s[i] != 0x200C && s[i] != 0x200D) continue;
    if (i > 0 && combining_class(s[i - 1]) == k_virama) continue;  // A.1 and A.2, first rule
    if (s[i] == 0x200D) return false;
    // A.1: (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D}).
    std::size_t b = i;
    while (b > 0 && ucd::joining_type_of(s[b - 1]) == jt::T) --b;
    if (b == 0) return false;
    const jt before = ucd::joining_type_of(s[b - 1]);
    if (before != jt::L && before != jt::D) return false;
    std::size_t a = i + 1;
    while (a < s.size() && ucd::joining_type_of(s[a]) == jt::T) ++a;
    if (a == s.size()) return false;
    const jt after = ucd::joining_type_of(s[a]);
    if (after != jt::R && after != jt::D) return false;
  }
  return true;
}

/// UTS #46 §4.1 Validity Criteria V1–V8 (V9, the Bidi Rule, needs the whole name). `decoded`:
/// the label came from Punycode, so it may be anything (for a label from the mapping, V1, V5 and
/// most of V7 hold by construction, but they are cheap and checked all the same).
failure validity(std::u32string_view s, const uts46_flags& f, bool transitional_criteria, bool decoded) {
  if (decoded && !is_normalized_code_points(s, normal_form::nfc)) return failure::not_nfc;  // V1
  if (f.check_hyphens) {
    if (s.size() >= 4 && s[2] == '-' && s[3] == '-') return failure::hyphens;          // V2
    if (!s.empty() && (s.front() == '-' || s.back() == '-')) return failure::hyphens;  // V3
  } else if (starts_with_ace_prefix(s)) {
    return failure::hyphens;  // V4
  }
  if (!s.empty() && s.front() >= 0x300 && ucd::is_mark(ucd::general_category(s.front())))
    return failure::leading_mark;  // V6
  failure found = failure::none;
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return failure::disallowed;
    const char32_t c = s[i];
    if (c < 0x80) {
      if (c == '.') return failure::full_stop;  // V5
      if (f.use_std3_ascii_rules && !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
        if (found == failure::none) found = failure::std3;
      }
      if (c >= 'A' && c <= 'Z' && found == failure::none) found = failure::mapped;
      continue;
    }
    switch (status_of(entry_of(c))) {  // V7
      case idna_status::valid:
        break;
      case idna_status::deviation:
        if (transitional_criteria && found == failure::none) found = failure::disallowed;
        break;
      case idna_status::disallowed:
        return failure::disallowed;
      case idna_status::mapped:
      case idna_status::ignored:
        if (found == failure::none) found = failure::mapped;
        break;
    }
  }
  if (found != failure::none) return found;
  if (f.check_joiners && !satisfies_contextj(s)) return failure::joiners;  // V8
  return failure::none;
}

/// The labels of one name and the scratch buffers of processing, kept per thread so that a warm
/// conversion allocates nothing but its result.
struct workspace {
  std::vector<label> labels;  // the first `count` are this name's
  std::size_t count = 0;
  std::u32string piece, decoded;
  std::string ascii;

  std::span<label> current() { return {labels.data(), count}; }
  label& next() {
    if (count == labels.size()) labels.emplace_back();
    label& l = labels[count++];
    l.error = failure::none;
    return l;
  }
};

/// The thread's workspace; for a name of more than cancel_poll_bytes, `own` (the caller's,
/// freed when its call ends: a huge name leaves no memory behind in the thread).
workspace& workspace_for(std::string_view input, workspace& own) {
  thread_local workspace w;
  return input.size() > cancel_poll_bytes ? own : w;
}

/// Splits the mapped, normalized piece into labels at "." and appends them.
void append_labels(const std::u32string& piece, std::uint32_t offset, workspace& w) {
  std::size_t begin = 0;
  for (;;) {
    const std::size_t dot = piece.find(U'.', begin);
    label& l = w.next();
    l.offset = offset;
    l.text.assign(piece, begin, dot == std::u32string::npos ? std::u32string::npos : dot - begin);
    if (dot == std::u32string::npos) break;
    begin = dot + 1;
  }
}

/// UTS #46 §4 Processing, steps 1–4, and V9 over the whole name. Returns the labels (in `w`,
/// valid until its next use).
std::span<label> process(std::string_view input, const uts46_flags& f, workspace& w) {
  w.count = 0;
  if (input.size() > cancel_poll_bytes)  // the labels of a huge name in one allocation
    w.labels.reserve(static_cast<std::size_t>(std::count(input.begin(), input.end(), '.')) + 1);
  work_meter work;  // every step below is linear in the input or in its labels' lengths
  work.steps = input.size();
  std::u32string& piece = w.piece;
  piece.clear();
  std::size_t piece_begin = 0;
  bool piece_ascii = true;
  // Cancelled: one failed label, so that every caller gives up (its cancel_scope reports why).
  const auto stopped = [&w] {
    w.count = 0;
    label& l = w.next();
    l.text.clear();
    l.offset = 0;
    l.error = failure::disallowed;
    return w.current();
  };
  const auto finish_piece = [&] {
    // Step 2 (NFC), once the quick check (UAX #15 §9) says the piece may change.
    if (!piece_ascii && !is_normalized_code_points(piece, normal_form::nfc)) {
      normalize_code_points(piece, normal_form::nfc);
    }
    append_labels(piece, static_cast<std::uint32_t>(piece_begin), w);  // step 3
    work.steps += piece.size() + 1;
    piece.clear();
    piece_ascii = true;
  };
  detail::cancel_poll poll(0, input.size());
  for (std::size_t i = 0; i < input.size();) {
    if (poll(i)) [[unlikely]]
      return stopped();
    char32_t cp;
    std::size_t length;
    const auto byte = static_cast<unsigned char>(input[i]);
    if (byte < 0x80) {
      cp = byte;
      length = 1;
    } else {
      const grammar::decoded d = grammar::decode_utf8(input.data(), i, input.size());
      // Not UTF-8 (the caller's contract is broken): U+FFFD, which UTS #46 disallows.
      cp = d.code == error_code::ok ? d.cp : 0xFFFD;
      length = d.code == error_code::ok ? d.length : 1;
    }
    if (cp == '.' || cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61) {
      finish_piece();
      i += length;
      piece_begin = i;
      continue;
    }
    if (cp >= 0x80) piece_ascii = false;
    map_code_point(cp, f.transitional, piece);  // step 1
    i += length;
  }
  finish_piece();

  // Step 4: convert and validate each label. Many short labels are polled here, by the code
  // points gone through (a label of more than cancel_poll_bytes also polls in its own loops).
  std::string& ascii = w.ascii;
  std::u32string& decoded = w.decoded;
  const std::span<label> labels = w.current();
  detail::cancel_poll poll_labels(0, input.size());
  std::size_t done = 0;
  for (label& l : labels) {
    if (poll_labels(done)) [[unlikely]]
      return stopped();
    done += l.text.size() + 1;
    work.steps += l.text.size() + 1;  // validity, decoding, the Bidi Rule
    if (!starts_with_ace_prefix(l.text)) {
      l.error = validity(l.text, f, f.transitional, false);
      continue;
    }
    if (!all_ascii(l.text)) {  // 4.1.1
      l.error = failure::ace_non_ascii;
      continue;
    }
    ascii.clear();
    for (std::size_t k = 4; k < l.text.size(); ++k) ascii.push_back(static_cast<char>(l.text[k]));
    if (punycode_decode(ascii, decoded) != punycode_result::ok) {  // 4.1.2
      if (!f.ignore_invalid_punycode) {
        l.error = failure::punycode;
        continue;
      }
      // IgnoreInvalidPunycode: the label stays as it is and is validated as it is.
      l.error = validity(l.text, f, false, false);
      continue;
    }
    l.text.swap(decoded);
    if (l.text.empty() || all_ascii(l.text)) {  // 4.1.3
      l.error = failure::ace_ascii;
      continue;
    }
    l.error = validity(l.text, f, false, true);  // 4.1.4: the nontransitional criteria
  }
  // V9: a Bidi domain name (one with an R, AL or AN character) must satisfy the Bidi Rule in
  // every label.
  if (f.check_bidi &&
      std::any_of(labels.begin(), labels.end(), [](const label& l) { return has_rtl(l.text); })) {
    done = 0;
    for (label& l : labels) {
      if (poll_labels(input.size() + done)) [[unlikely]]
        return stopped();
      done += l.text.size() + 1;
      if (l.error == failure::none && !satisfies_bidi_rule(l.text)) l.error = failure::bidi;
    }
  }
  // A loop of one label's own may have been told to stop.
  if (input.size() > cancel_poll_bytes && detail::cancel_scope::requested()) [[unlikely]]
    return stopped();
  return labels;
}

parse_error idna_error(std::uint32_t offset) { return {error_code::idna_failed, offset}; }

const label* first_failure(std::span<const label> labels) {
  for (const label& l : labels) {
    if (l.error != failure::none) return &l;
  }
  return nullptr;
}

/// UTS #46 §4.2 ToASCII into `out` (replaced), the full processing.
result<void> full_to_ascii_into(std::string_view input, const uts46_flags& f, std::string& out) {
  workspace own;
  const std::span<const label> labels = process(input, f, workspace_for(input, own));
  out.clear();
  const auto fail = [&out](std::uint32_t offset) {
    out.clear();
    return idna_error(offset);
  };
  if (const label* bad = first_failure(labels)) return fail(bad->offset);
  out.reserve(input.size() + 8);
  std::size_t name_length = 0;  // without the root label and its dot
  detail::cancel_poll poll(0, input.size());
  std::size_t done = 0;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const label& l = labels[k];
    if (poll(done)) [[unlikely]]
      return fail(0);
    done += l.text.size() + 1;
    if (k > 0) out.push_back('.');
    const std::size_t start = out.size();
    if (all_ascii(l.text)) {
      for (const char32_t c : l.text) out.push_back(static_cast<char>(c));
    } else {
      out.append("xn--");
      if (!punycode_encode(l.text, out)) return fail(l.offset);  // A3: an integer overflows
    }
    const std::size_t length = out.size() - start;
    const bool root = k > 0 && k + 1 == labels.size() && length == 0;
    if (f.verify_dns_length && !(root && f.keep_root_label)) {  // step 3
      if (length < 1 || length > 63) return fail(l.offset);     // A4_2 (the root label too)
    }
    if (!(k + 1 == labels.size() && length == 0)) name_length = out.size();
  }
  if (f.verify_dns_length && (name_length < 1 || name_length > 253)) return fail(0);  // A4_1
  return {};
}

/// UTS #46 §4.2 ToASCII into `out` (replaced): the one pass when it answers, else the full
/// processing (always for a name longer than cancel_poll_bytes: the pass never polls).
result<void> to_ascii_into(std::string_view input, const uts46_flags& f, std::string& out) {
  if (input.size() <= cancel_poll_bytes && fast_to_ascii(input, f, out)) return {};
  return full_to_ascii_into(input, f, out);
}

result<std::string> to_ascii(std::string_view input, const uts46_flags& f) {
  std::string out;
  if (auto r = to_ascii_into(input, f, out); !r) return r.error();
  return out;
}

/// UTS #46 §4.3 ToUnicode: the processed name and whether an error was recorded. With
/// VerifyDnsLength, an empty label other than the root label is an error too (IdnaTestV2.txt's
/// X4_2). The error is the byte offset of the first bad label: by value, since a huge name's
/// labels live in a workspace that ends with this call.
std::pair<std::string, std::optional<std::uint32_t>> to_unicode(std::string_view input,
                                                                const uts46_flags& f) {
  workspace own;
  const std::span<const label> labels = process(input, f, workspace_for(input, own));
  std::string out;
  out.reserve(input.size());
  std::optional<std::uint32_t> bad;
  if (const label* l = first_failure(labels)) bad = l->offset;
  detail::cancel_poll poll(0, input.size());
  std::size_t done = 0;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    if (k > 0) out.push_back('.');
    const std::u32string& text = labels[k].text;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (poll(done + i)) [[unlikely]]
        return {std::string(), labels[k].offset};  // cancelled: the caller's cancel_scope says so
      grammar::append_utf8(out, text[i]);
    }
    done += text.size() + 1;
    // X4_2: an empty label, but for a trailing root label after another label (so the empty
    // domain is one too).
    if (f.verify_dns_length && !bad && labels[k].text.empty() && (k + 1 < labels.size() || k == 0))
      bad = labels[k].offset;
  }
  return {std::move(out), bad};
}

}  // namespace

result<std::string> uts46_to_ascii(std::string_view utf8_domain, const uts46_options& options) {
  return to_ascii(utf8_domain, options);
}

result<std::string> uts46_to_ascii_full(std::string_view utf8_domain, const uts46_options& options) {
  std::string out;
  if (auto r = full_to_ascii_into(utf8_domain, options, out); !r) return r.error();
  return out;
}

result<std::string> uts46_to_unicode(std::string_view domain, const uts46_options& options) {
  auto [text, bad] = to_unicode(domain, options);
  if (bad) return idna_error(*bad);
  return std::move(text);
}

result<void> domain_to_ascii_into(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned,
                                  bool keep_root_label, std::string& out) {
  out.clear();
  if (utf8_domain.empty()) return {};  // an empty reg-name (RFC 3986 §3.2.2)
  uts46_flags f = mode == idna_mode::uts46_transitional ? k_strict_transitional : k_strict;
  f.keep_root_label = keep_root_label;
  switch (mode) {
    case idna_mode::uts46_nontransitional:
    case idna_mode::uts46_transitional:
      return to_ascii_into(utf8_domain, f, out);
    case idna_mode::idna2003: {
      auto r = idna2003_domain_to_ascii(utf8_domain, allow_unassigned);
      if (!r) return r.error();
      out = std::move(*r);
      return {};
    }
  }
  return idna_error(0);
}

result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned,
                                    bool keep_root_label) {
  std::string out;
  if (auto r = domain_to_ascii_into(utf8_domain, mode, allow_unassigned, keep_root_label, out); !r)
    return r.error();
  return out;
}

result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode, bool allow_unassigned) {
  return domain_to_ascii(utf8_domain, mode, allow_unassigned, true);
}

result<std::string> domain_to_ascii(std::string_view utf8_domain, idna_mode mode) {
  return domain_to_ascii(utf8_domain, mode, false, true);
}

result<std::string> domain_to_unicode(std::string_view domain, idna_mode mode) {
  if (domain.empty()) return std::string();
  if (mode == idna_mode::idna2003) return idna2003_domain_to_unicode(domain);
  // ToUnicode is always nontransitional (UTS #46 §4.3 since Unicode 15.1).
  auto [text, bad] = to_unicode(domain, k_strict);
  if (bad) return idna_error(*bad);
  return std::move(text);
}

a_label_decoding decode_a_label(std::string_view label_text) {
  a_label_decoding r;
  if (!is_a_label_prefix(label_text)) return r;
  const auto fail = [&r](a_label_status status) {
    r.status = status;
    return std::move(r);
  };
  if (std::any_of(label_text.begin(), label_text.end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    return fail(a_label_status::non_ascii);
  if (label_text.size() > 63) return fail(a_label_status::too_long);
  // Scratch buffers, per thread: a warm decoder allocates only the U-label it returns.
  thread_local std::string lower, again;
  thread_local std::u32string cps;
  // UTS #46 §4 step 1 maps ASCII letters to lowercase before the label is decoded.
  lower.assign(label_text);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  const std::string_view body = std::string_view(lower).substr(4);
  const punycode_result p = punycode_decode(body, cps);
  if (p == punycode_result::overflow) return fail(a_label_status::overflow);
  if (p != punycode_result::ok || cps.empty() || cps.size() > 63) return fail(a_label_status::bad_punycode);
  // The canonical encoding only (RFC 5891 §5.4: the label must be the A-label of its U-label).
  again.clear();
  const bool encoded = punycode_encode(cps, again);
  bool ascii = true;
  std::size_t bytes = 0;
  for (const char32_t cp : cps) bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  r.unicode.reserve(bytes);  // one allocation for the U-label
  for (const char32_t cp : cps) {
    ascii = ascii && cp < 0x80;
    grammar::append_utf8(r.unicode, cp);
  }
  if (!encoded || again != body) return fail(a_label_status::bad_punycode);
  if (ascii) return fail(a_label_status::decodes_to_ascii);  // UTS #46 §4.1 step 4.2
  // UTS #46 §4.1 with every flag on (the label on its own decides whether it is a Bidi label).
  failure why = validity(cps, k_strict, false, true);
  if (why == failure::none && has_rtl(cps) && !satisfies_bidi_rule(cps)) why = failure::bidi;
  // An unassigned code point is reported as such, before any other failure. Only a label that
  // fails can have one: the UTS #46 table disallows every unassigned code point (the unit test
  // Idna.UnassignedIsDisallowed checks the whole code space).
  if (why != failure::none && std::any_of(cps.begin(), cps.end(), [](char32_t cp) {
        return ucd::general_category(cp) == ucd::gc::Cn;
      }))
    return fail(a_label_status::unassigned);
  switch (why) {
    case failure::none:
      r.status = a_label_status::ok;
      return r;
    case failure::not_nfc:
      return fail(a_label_status::not_nfc);
    case failure::hyphens:
      return fail(a_label_status::hyphens);
    case failure::leading_mark:
      return fail(a_label_status::leading_mark);
    case failure::mapped:
      return fail(a_label_status::mapped);
    case failure::joiners:
      return fail(a_label_status::contextj_rule);
    case failure::bidi:
      return fail(a_label_status::bidi_rule);
    default:  // a disallowed code point, a full stop or STD3 ASCII
      return fail(a_label_status::disallowed);
  }
}

result<std::string> whatwg_domain_to_ascii(std::string_view utf8_domain) {
  return to_ascii(utf8_domain, k_whatwg);
}

result<void> whatwg_domain_to_ascii_into(std::string_view utf8_domain, std::string& out) {
  return to_ascii_into(utf8_domain, k_whatwg, out);
}

std::pair<std::string, bool> whatwg_domain_to_unicode(std::string_view domain) {
  auto [text, bad] = to_unicode(domain, k_whatwg);
  return {std::move(text), bad.has_value()};
}

bool uts46_backend_disallows(char32_t cp) {
  if (cp < 0x80) return false;
  return status_of(entry_of(cp)) == idna_status::disallowed;
}

std::string nfkc_casefold(std::string_view utf8) { return nfkc_casefold_utf8(utf8); }

bool idna_backend_assigns(char32_t cp) { return ucd::general_category(cp) != ucd::gc::Cn; }

}  // namespace irikit::unicode
