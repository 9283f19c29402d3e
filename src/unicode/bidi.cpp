// SPDX-License-Identifier: MIT OR Apache-2.0
#include "unicode/bidi.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>

#include <memory>
#include <string>

#include "unicode/ucd.h"

namespace irikit::unicode {
namespace {

struct ubidi_closer {
  void operator()(UBiDi* b) const noexcept { ubidi_close(b); }
};

/// UAX #9 BD16 ("Paired brackets"): a stack of 63 elements; "if an opening paired bracket is
/// found and there is no room in the stack, stop processing BD16 for the remainder of the
/// isolating run sequence". ICU 72 grows its stack instead, and its N0 work is proportional to
/// the pending openers for every strong character: quadratic on text with many unpaired "("
/// (docs/robustness.md, finding F2). So BD16's stack is run here first, and from the bracket
/// where it overflows to the end of the paragraph, ICU is given "!" (Bidi_Class ON like every
/// paired bracket, but not a bracket) in place of each bracket: the same classes and no pairs,
/// which is what UAX #9 prescribes, with at most 63 pending openers. One UTF-16 unit replaces
/// one, so offsets and the levels and order of the original code points are unchanged.
///
/// The stack is kept per paragraph (reset at Bidi_Class B), i.e. the paragraph is taken as the
/// isolating run sequence. That is exact unless the text holds explicit embeddings, overrides
/// or isolates (which RFC 3987 §4.1 excludes from IRIs); with them the cut can come earlier than
/// BD16's, never later. Returns the pairing work: the stack size summed over all units.
std::size_t limit_bracket_pairing(std::u16string& units) {
  constexpr std::size_t k_stack_capacity = 63;
  // BD16 compares canonical equivalents: U+2329/U+232A decompose to U+3008/U+3009.
  const auto canonical = [](UChar32 c) -> UChar32 { return c == 0x2329 ? 0x3008 : c == 0x232A ? 0x3009 : c; };
  std::vector<UChar32> stack;
  stack.reserve(k_stack_capacity);
  bool stopped = false;
  std::size_t work = 0;
  for (char16_t& unit : units) {
    const UChar32 c = unit;
    if (u_charDirection(c) == U_BLOCK_SEPARATOR) {  // a new paragraph (P1)
      stack.clear();
      stopped = false;
    }
    const auto type =
        static_cast<UBidiPairedBracketType>(u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE));
    if (type != U_BPT_NONE && (stopped || (type == U_BPT_OPEN && stack.size() == k_stack_capacity))) {
      stopped = true;
      unit = u'!';
    } else if (type == U_BPT_OPEN) {
      stack.push_back(canonical(c));
    } else if (type == U_BPT_CLOSE) {
      const UChar32 opener = canonical(u_getBidiPairedBracket(c));
      for (std::size_t k = stack.size(); k > 0; --k) {
        if (stack[k - 1] == opener) {
          stack.resize(k - 1);
          break;
        }
      }
    }
    work += stack.size();
  }
  return work;
}

}  // namespace

// Bidi_Class from the generated tables (DerivedBidiClass.txt, unlisted code points by its
// @missing ranges), in bidi_class's order.
bidi_class bidi_class_of(char32_t cp) noexcept { return static_cast<bidi_class>(ucd::bidi_class_raw(cp)); }

std::string_view bidi_class_name(bidi_class c) noexcept {
  static constexpr std::string_view names[] = {"L",   "R",   "AL",  "EN",  "ES",  "ET",  "AN",  "CS",
                                               "NSM", "BN",  "B",   "S",   "WS",  "ON",  "LRE", "LRO",
                                               "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"};
  return names[static_cast<std::size_t>(c)];
}

char32_t mirror(char32_t cp) noexcept {
  return static_cast<char32_t>(u_charMirror(static_cast<UChar32>(cp)));
}

bidi_layout layout_paragraph(std::u32string_view text, paragraph_level level) {
  bidi_layout out;
  if (text.empty()) return out;
  // UTF-16 for ICU, remembering which code point each code unit belongs to.
  std::u16string units;
  std::vector<std::uint32_t> owner;
  units.reserve(text.size());
  owner.reserve(text.size());
  for (std::uint32_t i = 0; i < text.size(); ++i) {
    const char32_t cp = text[i];
    if (cp >= 0x10000) {
      units.push_back(static_cast<char16_t>(0xD7C0 + (cp >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 | (cp & 0x3FF)));
      owner.push_back(i);
      owner.push_back(i);
    } else {
      units.push_back(static_cast<char16_t>(cp));
      owner.push_back(i);
    }
  }
  out.pairing_work = limit_bracket_pairing(units);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UBiDi, ubidi_closer> bidi(ubidi_openSized(static_cast<int32_t>(units.size()), 0, &status));
  if (U_FAILURE(status)) return out;
  const UBiDiLevel para = level == paragraph_level::ltr   ? UBiDiLevel{0}
                          : level == paragraph_level::rtl ? UBiDiLevel{1}
                                                          : UBiDiLevel{UBIDI_DEFAULT_LTR};
  ubidi_setPara(bidi.get(), reinterpret_cast<const UChar*>(units.data()), static_cast<int32_t>(units.size()),
                para, nullptr, &status);
  if (U_FAILURE(status)) return out;
  const UBiDiLevel* levels = ubidi_getLevels(bidi.get(), &status);
  std::vector<int32_t> map(units.size());
  ubidi_getVisualMap(bidi.get(), map.data(), &status);
  if (U_FAILURE(status) || levels == nullptr) return out;
  out.levels.resize(text.size());
  for (std::size_t u = 0; u < units.size(); ++u) out.levels[owner[u]] = levels[u];
  out.visual_to_logical.reserve(text.size());
  for (const int32_t logical_unit : map) {
    if (logical_unit < 0) continue;  // inserted marks (none without reordering options)
    const std::uint32_t cp_index = owner[static_cast<std::size_t>(logical_unit)];
    // The two units of a surrogate pair are adjacent in visual order (reversed in RTL runs).
    if (!out.visual_to_logical.empty() && out.visual_to_logical.back() == cp_index) continue;
    out.visual_to_logical.push_back(cp_index);
  }
  return out;
}

}  // namespace irikit::unicode
