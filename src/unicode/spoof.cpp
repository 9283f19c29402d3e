// SPDX-License-Identifier: MIT OR Apache-2.0
// UTS #39 (Unicode Security Mechanisms, https://www.unicode.org/reports/tr39/) from irikit's own
// Unicode 17.0 tables: Script_Extensions and Identifier_Status (tables/properties.inc through
// ucd.h), the confusable prototypes of confusables.txt and Soft_Dotted (tables/security.inc),
// normalization (normalize.h). The same answers whatever ICU the system has. Each loop over a
// text asks the thread's cancellation hook once per cancel_poll_bytes (src/cancel/poll.h) and,
// told to stop, returns what it has: the public operation's cancel_scope reports `cancelled`.
#include "unicode/spoof.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "unicode/normalize.h"
#include "unicode/ucd.h"
#include "unicode/work.h"

namespace irikit::unicode {
namespace tables {
#include "unicode/tables/security.inc"
}  // namespace tables

namespace {

using script_set = std::uint64_t[script_resolution::k_words];

/// The script numbers §5.1 and §5.2 name, looked up once in the tables' list; the augmented
/// "scripts" Hanb, Jpan and Kore of §5.1 step 1 are numbered after the tables' scripts.
struct script_codes {
  int latin, han, hiragana, katakana, hangul, bopomofo, cyrillic, greek, cherokee;
  int hanb, jpan, kore;
};

int script_named(std::string_view name) noexcept {
  for (int s = 0; s < ucd::script_count(); ++s) {
    if (ucd::script_name(s) == name) return s;
  }
  return 0;  // Unknown: never a character's augmented script beside others
}

const script_codes& codes() {
  static const script_codes c = [] {
    script_codes r{};
    r.latin = script_named("Latin");
    r.han = script_named("Han");
    r.hiragana = script_named("Hiragana");
    r.katakana = script_named("Katakana");
    r.hangul = script_named("Hangul");
    r.bopomofo = script_named("Bopomofo");
    r.cyrillic = script_named("Cyrillic");
    r.greek = script_named("Greek");
    r.cherokee = script_named("Cherokee");
    r.hanb = ucd::script_count();
    r.jpan = r.hanb + 1;
    r.kore = r.hanb + 2;
    return r;
  }();
  return c;
}

bool has_script(const script_set& set, int code) { return (set[code / 64] >> (code % 64) & 1) != 0; }
void add_script(script_set& set, int code) { set[code / 64] |= 1ULL << (code % 64); }
bool is_empty(const script_set& set) {
  for (const std::uint64_t w : set)
    if (w != 0) return false;
  return true;
}

/// The augmented Script_Extensions of `cp` (UTS #39 §5.1 step 1) in `out`; false when they are
/// every script (Common or Inherited, §5.1 step 2), which leaves an intersection as it is.
bool augmented_scripts(char32_t cp, script_set& out) {
  const script_codes& c = codes();
  for (std::uint64_t& w : out) w = 0;
  if (cp < 0x80) {  // ASCII: the letters are Latin, the rest Common
    if (!((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'))) return false;
    add_script(out, c.latin);
    return true;
  }
  int scx[32];
  const int n = ucd::script_extensions(cp, scx, 32);
  for (int k = 0; k < n; ++k) {
    if (scx[k] == 1 || scx[k] == 2) return false;  // the generator numbers Common 1, Inherited 2
    add_script(out, scx[k]);
  }
  if (has_script(out, c.han)) {
    add_script(out, c.hanb);
    add_script(out, c.jpan);
    add_script(out, c.kore);
  }
  if (has_script(out, c.hiragana) || has_script(out, c.katakana)) add_script(out, c.jpan);
  if (has_script(out, c.hangul)) add_script(out, c.kore);
  if (has_script(out, c.bopomofo)) add_script(out, c.hanb);
  return true;
}

/// Adds one code point to the resolved script sets (UTS #39 §5.1; §5.2 step 5 leaves out the
/// characters that have Latin).
void resolve_one(script_resolution& r, char32_t cp) {
  script_set augmented;
  r.non_ascii = r.non_ascii || cp >= 0x80;
  if (!augmented_scripts(cp, augmented)) return;
  const bool latin = has_script(augmented, codes().latin);
  for (int k = 0; k < script_resolution::k_words; ++k) {
    r.all[k] &= augmented[k];
    if (!latin) r.without_latin[k] &= augmented[k];
  }
}

/// resolve_one for the next code point of a text, skipped when it has the Script_Extensions of
/// the one before (`last`, the key of that one; ASCII always resolved): intersecting with the same
/// set twice changes nothing, and a text is mostly runs of one script.
void resolve_next(script_resolution& r, char32_t cp, std::uint32_t& last) {
  if (cp < 0x80) {
    resolve_one(r, cp);
    last = 0xFFFFFFFF;
  } else if (const std::uint32_t key = ucd::script_extensions_key(cp); key != last) {
    resolve_one(r, cp);
    last = key;
  }
}

/// The code points of valid UTF-8 (a byte that is not UTF-8 is read as U+FFFD).
void decode(std::string_view utf8, std::u32string& out) {
  out.clear();
  detail::cancel_poll poll(0, utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    if (poll(i)) [[unlikely]]
      return;
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok) {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    out.push_back(d.cp);
    i += d.length;
  }
}

/// The prototype of `cp` (confusables.txt): an entry of k_confusable_pool, nullptr when `cp` is
/// its own prototype.
const char32_t* prototype(char32_t cp) noexcept {
  const auto at = tables::confusable_raw(cp);
  return at == 0 ? nullptr : &tables::k_confusable_pool[at];
}

/// UTS #39 §4, skeleton(X), on code points.
std::u32string skeleton_code_points(std::u32string text) {
  normalize_code_points(text, normal_form::nfd);  // 1. NFD
  std::u32string mapped;
  mapped.reserve(text.size());
  detail::cancel_poll poll(0, text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return mapped;
    const char32_t cp = text[i];
    if (ucd::is_default_ignorable(cp)) continue;  // 2. remove Default_Ignorable_Code_Point
    if (const char32_t* p = prototype(cp)) {      // 3. the prototype of each character
      mapped.append(p + 1, p + 1 + p[0]);
    } else {
      mapped.push_back(cp);
    }
  }
  normalize_code_points(mapped, normal_form::nfd);  // 4. NFD again
  return mapped;
}

bool is_soft_dotted(char32_t cp) noexcept {
  const std::size_t n = std::size(tables::k_soft_dotted) / 2;
  for (std::size_t k = 0; k < n; ++k) {
    if (cp < tables::k_soft_dotted[2 * k]) return false;
    if (cp <= tables::k_soft_dotted[2 * k + 1]) return true;
  }
  return false;
}

/// A letter whose dot would hide a following U+0307 (UTS #39 §5.4): Soft_Dotted, the dotless ı and
/// ȷ, and letters whose prototype ends in i, j, ı, ȷ or l (the digit 1, the capital I, …).
bool hides_dot_above(char32_t cp) noexcept {
  const auto dotted_end = [](char32_t c) {
    return c == 'i' || c == 'j' || c == 'l' || c == 0x0131 || c == 0x0237;
  };
  if (dotted_end(cp) || is_soft_dotted(cp)) return true;
  const char32_t* p = prototype(cp);
  return p != nullptr && p[0] > 0 && dotted_end(p[p[0]]);
}

/// The zero of the decimal digit `cp` (General_Category Nd). Unicode §4.6: decimal digits are
/// encoded in contiguous runs of ten, 0 to 9, so the zero is the start of the run of Nd characters
/// `cp` is in, plus a multiple of ten.
char32_t digit_zero(char32_t cp) noexcept {
  if (cp <= '9') return '0';
  char32_t first = cp;
  while (first > 0 && ucd::general_category(first - 1) == ucd::gc::Nd) --first;
  return first + (cp - first) / 10 * 10;
}

}  // namespace

void script_resolution::join(const script_resolution& other) noexcept {
  for (int k = 0; k < k_words; ++k) {
    all[k] &= other.all[k];
    without_latin[k] &= other.without_latin[k];
  }
  non_ascii = non_ascii || other.non_ascii;
}

restriction script_resolution::level() const noexcept {
  const script_codes& c = codes();
  if (!non_ascii) return restriction::ascii_only;                                // §5.2 step 2
  if (!is_empty(all)) return restriction::single_script;                         // steps 3–4
  if (has_script(without_latin, c.hanb) || has_script(without_latin, c.jpan) ||  // steps 5–6
      has_script(without_latin, c.kore))
    return restriction::highly_restrictive;
  if (!is_empty(without_latin) && !has_script(without_latin, c.cyrillic) &&  // step 7
      !has_script(without_latin, c.greek) && !has_script(without_latin, c.cherokee))
    return restriction::moderately_restrictive;
  return restriction::minimally_restrictive;  // step 8
}

script_resolution resolve_scripts(std::string_view utf8) {
  script_resolution r;
  std::uint32_t last_scripts = 0xFFFFFFFF;
  detail::cancel_poll poll(0, utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    if (poll(i)) [[unlikely]]
      return r;
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok) {  // U+FFFD, Common
      r.non_ascii = true;
      ++i;
      continue;
    }
    resolve_next(r, d.cp, last_scripts);
    i += d.length;
  }
  return r;
}

identifier_report check_identifier(std::string_view utf8) {
  identifier_report report;
  thread_local std::u32string text;
  decode(utf8, text);
  char32_t zero = 0;  // the zero of the first decimal digit's numbering system (§5.3)
  bool marks = false;
  bool nonspacing = false;                  // a nonspacing mark (Mn) as it is
  std::uint32_t last_scripts = 0xFFFFFFFF;  // resolve_next's
  detail::cancel_poll poll(0, text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return report;
    const char32_t cp = text[i];
    report.outside_profile = report.outside_profile || !ucd::identifier_allowed(cp);  // §3.1
    resolve_next(report.scripts, cp, last_scripts);
    marks = marks || cp >= 0x80;
    const ucd::gc gc = cp < 0x80 ? ucd::gc::Cn : ucd::general_category(cp);  // (ASCII: not needed)
    nonspacing = nonspacing || gc == ucd::gc::Mn;
    const bool digit = cp < 0x80 ? cp >= '0' && cp <= '9' : gc == ucd::gc::Nd;
    if (digit) {
      const char32_t z = digit_zero(cp);
      report.mixed_numbers = report.mixed_numbers || (zero != 0 && z != zero);
      zero = z;
    }
  }
  report.level = report.scripts.level();
  // §5.4 on the NFD form. ASCII has no marks; a label in NFD without a nonspacing mark (most labels
  // in a script without accents) has no sequence of marks to read, and no U+0307 (Mn itself).
  // Most labels are in NFD already (the quick check, UAX #15 §9, says so without a copy).
  const bool is_nfd = !marks || is_normalized_code_points(text, normal_form::nfd);
  if (marks && (!is_nfd || nonspacing)) {
    thread_local std::u32string decomposed;
    if (!is_nfd) {
      decomposed = text;
      normalize_code_points(decomposed, normal_form::nfd);
    }
    const std::u32string& nfd = is_nfd ? text : decomposed;
    std::size_t run_begin = 0;  // the current sequence of nonspacing marks: nfd[run_begin, k)
    // A mark met twice in one sequence: a short sequence is searched, a long one (only hostile
    // text has them) is looked up in a bitmap of the code points, so the pass stays linear.
    constexpr std::size_t k_searched = 16;
    thread_local std::vector<std::uint64_t> seen;
    bool in_bitmap = false;  // the current sequence's marks are in `seen`
    const auto forget = [&nfd, &in_bitmap](std::size_t from, std::size_t to) {
      if (!in_bitmap) return;
      for (std::size_t j = from; j < to; ++j) seen[nfd[j] >> 6] = 0;
      in_bitmap = false;
    };
    work_meter meter;  // the marks compared or looked up (unicode/work.h)
    detail::cancel_poll poll_marks(0, nfd.size());
    for (std::size_t k = 0; k < nfd.size(); ++k) {
      if (poll_marks(k)) [[unlikely]]
        break;
      const char32_t cp = nfd[k];
      if (cp == 0x0307 && !report.hidden_overlay) {
        // The last character of class 0 or 230 before it, if any, hides a dot above. (Looked
        // for only here: each search stops at the U+0307 before, class 230, so all of them
        // together read the label once.)
        for (std::size_t j = k; j-- > 0;) {
          const unsigned ccc = combining_class(nfd[j]);
          if (ccc == 0 || ccc == 230) {
            report.hidden_overlay = hides_dot_above(nfd[j]);
            break;
          }
        }
      }
      if (ucd::general_category(cp) != ucd::gc::Mn) {
        forget(run_begin, k);
        run_begin = k + 1;
        continue;
      }
      if (report.invisible) continue;
      if (k - run_begin < k_searched) {
        meter.steps += k - run_begin;
        for (std::size_t j = run_begin; j < k; ++j) {
          if (nfd[j] == cp) report.invisible = true;
        }
        continue;
      }
      if (k - run_begin == k_searched) {  // the sequence outgrows the search: into the bitmap
        seen.resize(0x110000 / 64);
        for (std::size_t j = run_begin; j < k; ++j) seen[nfd[j] >> 6] |= std::uint64_t{1} << (nfd[j] & 63);
        in_bitmap = true;
      }
      ++meter.steps;
      const std::uint64_t bit = std::uint64_t{1} << (cp & 63);
      if ((seen[cp >> 6] & bit) != 0) report.invisible = true;
      seen[cp >> 6] |= bit;
    }
    forget(run_begin, nfd.size());
  }
  if (report.level > restriction::single_script)
    report.mixed_script_confusable = is_mixed_script_confusable(utf8);
  return report;
}

bool is_moderately_restrictive(std::string_view utf8) {
  return resolve_scripts(utf8).level() <= restriction::moderately_restrictive;
}

bool is_mixed_script_confusable(std::string_view utf8) {
  if (resolve_scripts(utf8).level() <= restriction::single_script) return false;
  return resolve_scripts(skeleton(utf8)).level() <= restriction::single_script;
}

std::string skeleton(std::string_view utf8) {
  std::u32string text;
  decode(utf8, text);
  std::string out;
  out.reserve(utf8.size());
  const std::u32string cps = skeleton_code_points(std::move(text));
  detail::cancel_poll poll(0, cps.size());
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return out;
    grammar::append_utf8(out, cps[i]);
  }
  return out;
}

}  // namespace irikit::unicode
