// SPDX-License-Identifier: MIT OR Apache-2.0
// The Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0) for one paragraph shown as one line,
// from irikit's own tables: Bidi_Class (properties.inc), the paired brackets and mirrored glyphs
// (bidi.inc). A text of several paragraphs (P1) is laid out paragraph by paragraph. The rule names in the
// comments are UAX #9's (section 3.3). Linear in the text: every pass is a scan, bracket pairing keeps BD16's
// stack of 63, and N0 looks inside a pair only as deep as that stack allows.
#include "unicode/bidi.h"

#include <algorithm>
#include <array>
#include <string>

#include "unicode/ucd.h"

namespace irikit::unicode {
namespace {

#include "unicode/tables/bidi.inc"

using bc = bidi_class;

// Bidi_Paired_Bracket_Type (BidiBrackets.txt): 0 none, 1 open, 2 close; *pair the other bracket.
std::uint8_t bracket_type(char32_t cp, char32_t* pair) noexcept {
  const auto* end = std::end(k_bracket_cp);
  const auto* it = std::lower_bound(std::begin(k_bracket_cp), end, cp);
  if (it == end || *it != cp) return 0;
  const auto k = static_cast<std::size_t>(it - std::begin(k_bracket_cp));
  *pair = k_bracket_pair[k];
  return k_bracket_type[k];
}

// BD16 compares brackets under canonical equivalence: U+2329 and U+232A decompose to U+3008, U+3009.
constexpr char32_t canonical_bracket(char32_t c) noexcept {
  return c == 0x2329 ? char32_t{0x3008} : c == 0x232A ? char32_t{0x3009} : c;
}

constexpr bool is_isolate_initiator(bc c) noexcept { return c == bc::LRI || c == bc::RLI || c == bc::FSI; }
// X9: removed from the rest of the algorithm (kept in the layout, see `resolve`).
constexpr bool is_removed(bc c) noexcept {
  return c == bc::RLE || c == bc::LRE || c == bc::RLO || c == bc::LRO || c == bc::PDF || c == bc::BN;
}
// N1's neutral or isolate formatting characters (NI).
constexpr bool is_ni(bc c) noexcept {
  return c == bc::B || c == bc::S || c == bc::WS || c == bc::ON || is_isolate_initiator(c) || c == bc::PDI;
}
// Strong direction for N0 and N1: EN and AN count as R; anything else as none (ON).
constexpr bc strong_for_neutrals(bc c) noexcept {
  return c == bc::L ? bc::L : (c == bc::R || c == bc::AL || c == bc::EN || c == bc::AN) ? bc::R : bc::ON;
}
constexpr bc direction_of(std::uint8_t level) noexcept { return (level & 1) ? bc::R : bc::L; }

class paragraph {
 public:
  paragraph(std::u32string_view text, paragraph_level level) : text_(text), n_(text.size()) {
    original_.resize(n_);
    for (std::size_t i = 0; i < n_; ++i) original_[i] = bidi_class_of(text[i]);
    match_isolates();
    // P2, P3 (or HL1: the caller's level)
    para_ = level == paragraph_level::ltr   ? 0
            : level == paragraph_level::rtl ? 1
                                            : static_cast<std::uint8_t>(first_strong(0, n_) == bc::R);
  }

  bidi_layout run() {
    bidi_layout out;
    types_ = original_;
    levels_.assign(n_, para_);
    explicit_levels();  // X1–X8
    level_runs();       // X9, X10
    std::vector<std::uint32_t> chars;
    for (const sequence& s : isolating_run_sequences()) {
      gather(s, chars);
      resolve_sequence(chars, s.sos, s.eos);  // W1–W7, N0–N2, I1–I2
    }
    removed_levels();
    line_levels();  // L1
    out.levels = levels_;
    out.visual_to_logical = reorder();  // L2
    out.pairing_work = pairing_work_;
    return out;
  }

 private:
  // BD9: the matching PDI of each isolate initiator (n_ when none), and whether a PDI is matched.
  void match_isolates() {
    matching_pdi_.assign(n_, static_cast<std::uint32_t>(n_));
    matched_pdi_.assign(n_, false);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < n_; ++i) {
      if (is_isolate_initiator(original_[i])) {
        open.push_back(i);
      } else if (original_[i] == bc::PDI && !open.empty()) {
        matching_pdi_[open.back()] = static_cast<std::uint32_t>(i);
        matched_pdi_[i] = true;
        open.pop_back();
      } else if (original_[i] == bc::B) {
        open.clear();
      }
    }
  }

  // P2: the first L, R or AL in [begin, end), skipping isolates to their matching PDI; ON if none.
  bc first_strong(std::size_t begin, std::size_t end) const {
    for (std::size_t i = begin; i < end; ++i) {
      const bc c = original_[i];
      if (c == bc::L) return bc::L;
      if (c == bc::R || c == bc::AL) return bc::R;
      if (is_isolate_initiator(c)) {
        if (matching_pdi_[i] >= end) return bc::ON;
        i = matching_pdi_[i];
      } else if (c == bc::B) {
        return bc::ON;
      }
    }
    return bc::ON;
  }

  // X1–X8: explicit embedding levels, overrides and isolates, with the directional status stack.
  void explicit_levels() {
    constexpr std::uint8_t max_depth = 125;
    struct entry {
      std::uint8_t level;
      bc override_class;  // ON: neutral
      bool isolate;
    };
    std::vector<entry> stack;
    stack.reserve(max_depth + 2);
    stack.push_back({para_, bc::ON, false});
    std::size_t overflow_isolates = 0, overflow_embeddings = 0, valid_isolates = 0;
    const auto next_level = [&](bool rtl) {
      const std::uint8_t current = stack.back().level;
      return static_cast<std::uint8_t>(rtl ? (current + 1) | 1 : (current + 2) & ~1);
    };
    for (std::size_t i = 0; i < n_; ++i) {
      const bc c = original_[i];
      switch (c) {
        case bc::RLE:
        case bc::LRE:
        case bc::RLO:
        case bc::LRO: {  // X2–X5
          levels_[i] = stack.back().level;
          const std::uint8_t level = next_level(c == bc::RLE || c == bc::RLO);
          if (level <= max_depth && overflow_isolates == 0 && overflow_embeddings == 0) {
            stack.push_back({level, c == bc::RLO ? bc::R : c == bc::LRO ? bc::L : bc::ON, false});
          } else if (overflow_isolates == 0) {
            ++overflow_embeddings;
          }
          break;
        }
        case bc::RLI:
        case bc::LRI:
        case bc::FSI: {  // X5a–X5c
          levels_[i] = stack.back().level;
          if (stack.back().override_class != bc::ON) types_[i] = stack.back().override_class;
          bool rtl = c == bc::RLI;
          if (c == bc::FSI) rtl = first_strong(i + 1, std::min<std::size_t>(matching_pdi_[i], n_)) == bc::R;
          const std::uint8_t level = next_level(rtl);
          if (level <= max_depth && overflow_isolates == 0 && overflow_embeddings == 0) {
            ++valid_isolates;
            stack.push_back({level, bc::ON, true});
          } else {
            ++overflow_isolates;
          }
          break;
        }
        case bc::PDI:  // X6a
          if (overflow_isolates > 0) {
            --overflow_isolates;
          } else if (valid_isolates > 0) {
            overflow_embeddings = 0;
            while (!stack.back().isolate) stack.pop_back();
            stack.pop_back();
            --valid_isolates;
          }
          levels_[i] = stack.back().level;
          if (stack.back().override_class != bc::ON) types_[i] = stack.back().override_class;
          break;
        case bc::PDF:  // X7
          levels_[i] = stack.back().level;
          if (overflow_isolates > 0) {
          } else if (overflow_embeddings > 0) {
            --overflow_embeddings;
          } else if (!stack.back().isolate && stack.size() >= 2) {
            stack.pop_back();
          }
          break;
        case bc::B:  // X8: the paragraph separator ends every embedding (one paragraph here)
          levels_[i] = para_;
          break;
        case bc::BN:  // X6 skips it; X9 removes it
          levels_[i] = stack.back().level;
          break;
        default:  // X6
          levels_[i] = stack.back().level;
          if (stack.back().override_class != bc::ON) types_[i] = stack.back().override_class;
          break;
      }
    }
  }

  // X9–X10 (BD13): the level runs of the characters X9 keeps: run r is kept_[run_start_[r] ..
  // run_start_[r + 1]).
  void level_runs() {
    kept_.reserve(n_);
    run_of_.assign(n_, k_none);
    for (std::size_t i = 0; i < n_; ++i) {
      if (is_removed(original_[i])) continue;
      if (kept_.empty() || levels_[kept_.back()] != levels_[i])
        run_start_.push_back(static_cast<std::uint32_t>(kept_.size()));
      run_of_[i] = static_cast<std::uint32_t>(run_start_.size() - 1);
      kept_.push_back(static_cast<std::uint32_t>(i));
    }
    run_start_.push_back(static_cast<std::uint32_t>(kept_.size()));
  }

  struct sequence {
    std::uint32_t first_run;
    bc sos, eos;
  };

  // The isolating run sequences, linked across each isolate initiator and its matching PDI, with
  // their sos and eos from the explicit levels (before any sequence is resolved).
  std::vector<sequence> isolating_run_sequences() const {
    std::vector<sequence> out;
    const std::size_t runs = run_start_.size() - 1;
    for (std::uint32_t r = 0; r < runs; ++r) {
      const std::size_t first = kept_[run_start_[r]];
      if (matched_pdi_[first]) continue;  // it continues the sequence of its initiator
      std::uint32_t last_run = r;
      while (true) {
        const std::size_t last = kept_[run_start_[last_run + 1] - 1];
        if (!is_isolate_initiator(original_[last]) || matching_pdi_[last] >= n_) break;
        const std::uint32_t next = run_of_[matching_pdi_[last]];
        if (next == k_none) break;
        last_run = next;
      }
      const std::size_t last = kept_[run_start_[last_run + 1] - 1];
      const std::uint8_t level = levels_[first];
      std::uint8_t before = para_, after = para_;
      for (std::size_t i = first; i-- > 0;) {
        if (!is_removed(original_[i])) {
          before = levels_[i];
          break;
        }
      }
      // eos: the paragraph level after the end or after an isolate initiator (one that ends a
      // sequence has no matching PDI)
      if (!is_isolate_initiator(original_[last])) {
        for (std::size_t i = last + 1; i < n_; ++i) {
          if (!is_removed(original_[i])) {
            after = levels_[i];
            break;
          }
        }
      }
      out.push_back({r, direction_of(std::max(before, level)), direction_of(std::max(after, level))});
    }
    return out;
  }

  // The characters of a sequence, in order, into `chars`.
  void gather(const sequence& s, std::vector<std::uint32_t>& chars) const {
    chars.clear();
    std::uint32_t r = s.first_run;
    while (true) {
      chars.insert(chars.end(), kept_.begin() + run_start_[r], kept_.begin() + run_start_[r + 1]);
      const std::size_t last = chars.back();
      if (!is_isolate_initiator(original_[last]) || matching_pdi_[last] >= n_) break;
      const std::uint32_t next = run_of_[matching_pdi_[last]];
      if (next == k_none) break;
      r = next;
    }
  }

  void resolve_sequence(const std::vector<std::uint32_t>& x, bc sos, bc eos) {
    const std::size_t m = x.size();
    const auto t = [&](std::size_t k) -> bc& { return types_[x[k]]; };
    // W1: NSM takes the type of the character before it (ON after an isolate initiator or PDI).
    for (std::size_t k = 0; k < m; ++k) {
      if (t(k) != bc::NSM) continue;
      if (k == 0) {
        t(k) = sos;
      } else {
        const bc prev = t(k - 1);
        t(k) = is_isolate_initiator(prev) || prev == bc::PDI ? bc::ON : prev;
      }
    }
    // W2, W3: EN after AL becomes AN; AL becomes R.
    bc last_strong = sos;
    for (std::size_t k = 0; k < m; ++k) {
      bc& c = t(k);
      if (c == bc::L || c == bc::R || c == bc::AL) last_strong = c;
      if (c == bc::EN && last_strong == bc::AL) c = bc::AN;
    }
    for (std::size_t k = 0; k < m; ++k)
      if (t(k) == bc::AL) t(k) = bc::R;
    // W4: one ES between two EN becomes EN; one CS between two numbers of the same type, that type.
    for (std::size_t k = 1; k + 1 < m; ++k) {
      const bc c = t(k), a = t(k - 1), b = t(k + 1);
      if (c == bc::ES && a == bc::EN && b == bc::EN) t(k) = bc::EN;
      if (c == bc::CS && a == b && (a == bc::EN || a == bc::AN)) t(k) = a;
    }
    // W5: a run of ET next to EN becomes EN.
    for (std::size_t k = 0; k < m;) {
      if (t(k) != bc::ET) {
        ++k;
        continue;
      }
      std::size_t end = k;
      while (end < m && t(end) == bc::ET) ++end;
      const bool next_to_en = (k > 0 && t(k - 1) == bc::EN) || (end < m && t(end) == bc::EN);
      if (next_to_en)
        for (std::size_t j = k; j < end; ++j) t(j) = bc::EN;
      k = end;
    }
    // W6: the remaining separators and terminators become ON.
    for (std::size_t k = 0; k < m; ++k)
      if (t(k) == bc::ES || t(k) == bc::ET || t(k) == bc::CS) t(k) = bc::ON;
    // W7: EN after L (or sos L) becomes L.
    last_strong = sos;
    for (std::size_t k = 0; k < m; ++k) {
      bc& c = t(k);
      if (c == bc::L || c == bc::R) last_strong = c;
      if (c == bc::EN && last_strong == bc::L) c = bc::L;
    }
    const std::uint8_t level = levels_[x[0]];
    const bc embedding = direction_of(level);
    paired_brackets(x, sos, embedding);
    // N1, N2: a run of NI between two strong types of the same direction takes it; else the
    // embedding direction.
    for (std::size_t k = 0; k < m;) {
      if (!is_ni(t(k))) {
        ++k;
        continue;
      }
      std::size_t end = k;
      while (end < m && is_ni(t(end))) ++end;
      const bc before = k == 0 ? sos : strong_for_neutrals(t(k - 1));
      const bc after = end == m ? eos : strong_for_neutrals(t(end));
      const bc resolved = before == after && before != bc::ON ? before : embedding;
      for (std::size_t j = k; j < end; ++j) t(j) = resolved;
      k = end;
    }
    // I1, I2: implicit levels.
    for (std::size_t k = 0; k < m; ++k) {
      std::uint8_t& l = levels_[x[k]];
      const bc c = t(k);
      if ((l & 1) == 0) {
        l = static_cast<std::uint8_t>(l + (c == bc::R ? 1 : (c == bc::AN || c == bc::EN) ? 2 : 0));
      } else if (c == bc::L || c == bc::EN || c == bc::AN) {
        l = static_cast<std::uint8_t>(l + 1);
      }
    }
  }

  // BD16 and N0: bracket pairs of the sequence, resolved in the order of their opening brackets.
  void paired_brackets(const std::vector<std::uint32_t>& x, bc sos, bc embedding) {
    const std::size_t m = x.size();
    constexpr std::size_t k_stack_capacity = 63;
    struct opener {
      char32_t closing;
      std::size_t at;
    };
    std::array<opener, k_stack_capacity> stack{};
    std::size_t depth = 0;
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t k = 0; k < m; ++k) {
      pairing_work_ += depth;
      if (types_[x[k]] != bc::ON) continue;  // BD14, BD15: only characters still ON
      char32_t other = 0;
      const std::uint8_t type = bracket_type(text_[x[k]], &other);
      if (type == 1) {
        if (depth == k_stack_capacity) break;  // BD16: no room, stop for the rest of the sequence
        stack[depth++] = {canonical_bracket(other), k};
      } else if (type == 2) {
        const char32_t self = canonical_bracket(text_[x[k]]);
        for (std::size_t d = depth; d-- > 0;) {
          if (stack[d].closing == self) {
            pairs.emplace_back(stack[d].at, k);
            depth = d;
            break;
          }
        }
      }
    }
    std::sort(pairs.begin(), pairs.end());
    const auto t = [&](std::size_t k) -> bc& { return types_[x[k]]; };
    for (const auto& [open, close] : pairs) {
      bool found_embedding = false, found_opposite = false;
      for (std::size_t k = open + 1; k < close && !found_embedding; ++k) {
        const bc d = strong_for_neutrals(t(k));
        if (d == embedding)
          found_embedding = true;
        else if (d != bc::ON)
          found_opposite = true;
      }
      bc resolved = bc::ON;
      if (found_embedding) {
        resolved = embedding;       // N0 b
      } else if (found_opposite) {  // N0 c: the context before the opening bracket decides
        bc context = sos;
        for (std::size_t k = open; k-- > 0;) {
          const bc d = strong_for_neutrals(t(k));
          if (d != bc::ON) {
            context = d;
            break;
          }
        }
        resolved = context != embedding ? context : embedding;
      }
      if (resolved == bc::ON) continue;  // N0 d: no strong type inside
      t(open) = resolved;
      t(close) = resolved;
      // NSMs (before W1) right after a bracket that changed take its type.
      for (const std::size_t bracket : {open, close}) {
        for (std::size_t k = bracket + 1; k < m && original_[x[k]] == bc::NSM; ++k) t(k) = resolved;
      }
    }
  }

  // Characters X9 removed keep a level so that they can be laid out: the level of the character
  // before them (the paragraph's at the start), as UAX #9 section 5.2 suggests.
  void removed_levels() {
    std::uint8_t previous = para_;
    for (std::size_t i = 0; i < n_; ++i) {
      if (is_removed(original_[i]))
        levels_[i] = previous;
      else
        previous = levels_[i];
    }
  }

  // L1: separators, and whitespace and isolate formatting characters before them or at the end of
  // the line, go back to the paragraph level (characters X9 removed go with their neighbours).
  void line_levels() {
    bool trailing = true;  // inside a run that reaches a separator or the end of the line
    for (std::size_t i = n_; i-- > 0;) {
      const bc c = original_[i];
      if (c == bc::S || c == bc::B) {
        levels_[i] = para_;
        trailing = true;
      } else if (trailing && (c == bc::WS || is_isolate_initiator(c) || c == bc::PDI || is_removed(c))) {
        levels_[i] = para_;
      } else {
        trailing = false;
      }
    }
  }

  // L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
  std::vector<std::uint32_t> reorder() const {
    std::vector<std::uint32_t> order(n_);
    for (std::size_t i = 0; i < n_; ++i) order[i] = static_cast<std::uint32_t>(i);
    if (n_ == 0) return order;
    const auto [lowest, highest] = std::minmax_element(levels_.begin(), levels_.end());
    // the lowest odd level, counting levels between those present; each pass is linear, and
    // there are at most 126 levels
    const auto lowest_odd = static_cast<std::uint8_t>(*lowest | 1);
    for (std::uint8_t level = *highest; level >= lowest_odd; --level) {
      for (std::size_t i = 0; i < n_;) {
        if (levels_[order[i]] < level) {
          ++i;
          continue;
        }
        std::size_t end = i;
        while (end < n_ && levels_[order[end]] >= level) ++end;
        std::reverse(order.begin() + static_cast<std::ptrdiff_t>(i),
                     order.begin() + static_cast<std::ptrdiff_t>(end));
        i = end;
      }
    }
    return order;
  }

  std::u32string_view text_;
  std::size_t n_;
  std::uint8_t para_ = 0;
  std::vector<bc> original_, types_;
  std::vector<std::uint8_t> levels_;
  std::vector<std::uint32_t> matching_pdi_;  // n_ when none
  std::vector<bool> matched_pdi_;
  std::vector<std::uint32_t> kept_, run_start_, run_of_;
  static constexpr std::uint32_t k_none = UINT32_MAX;
  std::size_t pairing_work_ = 0;
};

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
  const auto* end = std::end(k_mirror_cp);
  const auto* it = std::lower_bound(std::begin(k_mirror_cp), end, cp);
  return it != end && *it == cp ? k_mirror_glyph[static_cast<std::size_t>(it - std::begin(k_mirror_cp))] : cp;
}

namespace {

// A left-to-right paragraph without a right-to-left or Arabic-number character and without explicit
// formatting characters: W7 makes its European numbers L, N0–N2 its neutrals L (L or sos on both
// sides), so every level is 0 and the order is the logical one. The common case for IRIs, answered
// in one scan of the classes.
bool all_left_to_right(std::u32string_view text, paragraph_level level) {
  if (level == paragraph_level::rtl) return false;
  for (const char32_t cp : text) {
    const bc c = bidi_class_of(cp);
    if (c == bc::R || c == bc::AL || c == bc::AN || (c >= bc::LRE && c <= bc::PDI)) return false;
  }
  return true;  // first_strong: L or none, so the paragraph level is 0 too
}

}  // namespace

bidi_layout layout_paragraph(std::u32string_view text, paragraph_level level) {
  if (all_left_to_right(text, level)) {
    bidi_layout out;
    out.levels.assign(text.size(), 0);
    out.visual_to_logical.resize(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) out.visual_to_logical[i] = static_cast<std::uint32_t>(i);
    return out;
  }
  // P1: a paragraph separator ends a paragraph (and belongs to it); each is laid out on its own
  // and shown after the one before.
  bidi_layout out;
  out.levels.reserve(text.size());
  out.visual_to_logical.reserve(text.size());
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = begin;
    while (end < text.size() && bidi_class_of(text[end]) != bc::B) ++end;
    if (end < text.size()) ++end;
    const bidi_layout one = paragraph(text.substr(begin, end - begin), level).run();
    out.levels.insert(out.levels.end(), one.levels.begin(), one.levels.end());
    for (const std::uint32_t i : one.visual_to_logical)
      out.visual_to_logical.push_back(static_cast<std::uint32_t>(begin + i));
    out.pairing_work += one.pairing_work;
    begin = end;
  }
  return out;
}

}  // namespace irikit::unicode
