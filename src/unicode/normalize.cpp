// SPDX-License-Identifier: MIT OR Apache-2.0
// UAX #15 normalization from the generated tables (tables/normalization.inc): full decompositions
// (canonical and compatibility, already applied recursively by the generator), the Canonical
// Ordering Algorithm (Unicode §3.11, D109), the Canonical Composition Algorithm (D117) over the
// primary composites, and Hangul syllables algorithmically (Unicode §3.12).
//
// Fast path: ASCII is invariant; otherwise the quick-check properties (UAX #15 §9: NFC_QC,
// NFKC_QC, and for the D forms "has no decomposition") with non-decreasing combining classes
// say "yes" without building anything, and the input is copied.
//
// Cancellation (irikit/cancel.h): each loop over a text of more than cancel_poll_bytes code
// points or bytes asks the thread's hook once per cancel_poll_bytes (src/cancel/poll.h) and, told
// to stop, ends early; the result is then meaningless and the public operation, whose
// cancel_scope saw the stop, reports `cancelled` instead.
#include "unicode/normalize.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "unicode/work.h"

namespace irikit::unicode {
namespace tables {
#include "unicode/tables/normalization.inc"
}  // namespace tables
namespace {

// Unicode §3.12 Conjoining Jamo Behavior.
constexpr char32_t s_base = 0xAC00, l_base = 0x1100, v_base = 0x1161, t_base = 0x11A7;
constexpr char32_t l_count = 19, v_count = 21, t_count = 28, n_count = v_count * t_count,
                   s_count = l_count * n_count;

constexpr bool is_hangul_syllable(char32_t cp) noexcept { return cp >= s_base && cp < s_base + s_count; }

bool composing(normal_form f) noexcept { return f == normal_form::nfc || f == normal_form::nfkc; }
bool compatible(normal_form f) noexcept { return f == normal_form::nfkc || f == normal_form::nfkd; }

/// The full decomposition entry of `cp` (a length then code points), or nullptr.
const char32_t* decomposition(char32_t cp, bool compat) noexcept {
  const std::uint16_t i =
      compat ? tables::compatibility_decomposition_raw(cp) : tables::canonical_decomposition_raw(cp);
  return i == 0 ? nullptr : &tables::k_mapping_pool[i];
}

void decompose_one(char32_t cp, bool compat, std::u32string& out) {
  if (cp < 0xC0) {  // nothing below U+00C0 decomposes canonically; U+00A0.. does compatibly
    if (!compat || cp < 0xA0) {
      out.push_back(cp);
      return;
    }
  }
  if (is_hangul_syllable(cp)) {
    const char32_t s = cp - s_base;
    out.push_back(l_base + s / n_count);
    out.push_back(v_base + (s % n_count) / t_count);
    if (s % t_count != 0) out.push_back(t_base + s % t_count);
    return;
  }
  const char32_t* d = decomposition(cp, compat);
  if (d == nullptr) {
    out.push_back(cp);
    return;
  }
  out.append(d + 1, d + 1 + d[0]);
}

/// Canonical Ordering Algorithm (D109): a stable sort by combining class of every run of
/// non-starters. Runs are short in practice (insertion sort, linear on sorted input); a long run
/// (a hostile label of combining marks) is sorted with std::stable_sort, so the time stays
/// O(n log n). Returns its steps (work.h): the comparisons and moves of the sorts.
std::uint64_t reorder(std::u32string& s) {
  const std::size_t n = s.size();
  std::uint64_t steps = 0;
  std::size_t i = 0;
  detail::cancel_poll poll(0, n);
  while (i < n) {
    if (poll(i)) [[unlikely]]
      break;
    if (tables::ccc_raw(s[i]) == 0) {
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < n && tables::ccc_raw(s[end]) != 0) ++end;
    if (end - i > 32) {
      std::stable_sort(s.begin() + static_cast<std::ptrdiff_t>(i),
                       s.begin() + static_cast<std::ptrdiff_t>(end), [&steps](char32_t a, char32_t b) {
                         ++steps;
                         return tables::ccc_raw(a) < tables::ccc_raw(b);
                       });
    } else {
      for (std::size_t k = i + 1; k < end; ++k) {
        const char32_t c = s[k];
        const unsigned cc = tables::ccc_raw(c);
        std::size_t j = k;
        while (j > i && tables::ccc_raw(s[j - 1]) > cc) {
          s[j] = s[j - 1];
          --j;
          ++steps;
        }
        s[j] = c;
      }
      steps += end - i;
    }
    i = end;
  }
  return steps;
}

/// The primary composite of the pair, or 0.
char32_t compose_pair(char32_t a, char32_t b) noexcept {
  if (a >= l_base && a < l_base + l_count && b >= v_base && b < v_base + v_count) {
    return s_base + ((a - l_base) * v_count + (b - v_base)) * t_count;
  }
  if (is_hangul_syllable(a) && (a - s_base) % t_count == 0 && b > t_base && b < t_base + t_count) {
    return a + (b - t_base);
  }
  if ((tables::composes_raw(a) & 1) == 0 || (tables::composes_raw(b) & 2) == 0) return 0;
  const std::uint64_t key = static_cast<std::uint64_t>(a) << 21 | b;
  const auto* begin = std::begin(tables::k_composition_keys);
  const auto* end = std::end(tables::k_composition_keys);
  const auto* it = std::lower_bound(begin, end, key);
  if (it == end || *it != key) return 0;
  return tables::k_composition_values[it - begin];
}

/// Canonical Composition Algorithm (D117), in place.
void compose(std::u32string& s) {
  std::size_t starter = std::u32string::npos;  // index in the output of the last starter
  unsigned last_cc = 0;                        // combining class of the last character kept
  std::size_t w = 0;
  detail::cancel_poll poll(0, s.size());
  for (std::size_t r = 0; r < s.size(); ++r) {
    if (poll(r)) [[unlikely]]
      break;
    const char32_t c = s[r];
    const unsigned cc = tables::ccc_raw(c);
    if (starter != std::u32string::npos) {
      // Not blocked (D115): adjacent to the starter, or every character between has a lower,
      // non-zero class (the last kept one has the highest, as the text is canonically ordered).
      const bool adjacent = w == starter + 1;
      if (adjacent || (last_cc != 0 && last_cc < cc)) {
        const char32_t composite = compose_pair(s[starter], c);
        if (composite != 0) {
          s[starter] = composite;
          continue;
        }
      }
    }
    if (cc == 0) {
      starter = w;
      last_cc = 0;
    } else {
      last_cc = cc;
    }
    s[w++] = c;
  }
  s.resize(w);
}

enum class quick { yes, no, maybe };

/// UAX #15 §9 quick check on code points, with the canonical-order condition. For the composing
/// forms most Maybes are settled on the spot. The text so far passed the check, so a Maybe
/// character changes it only by composing with the last starter it is not blocked from (D115,
/// D117), which one lookup of the pair answers. The exceptions are a starter or a Maybe character
/// with a canonical decomposition: marks could reorder ("ê" + U+0323 is "ệ"), or the character's
/// first part compose with the starter (U+1611E U+16123 is U+16126, Unicode 16's Gurung Khema), so
/// those stay Maybe and are normalized in full.
template <class Next>
quick quick_check(normal_form form, std::size_t size, Next next) {
  unsigned last_cc = 0;
  quick result = quick::yes;
  char32_t cp;
  char32_t starter = 0;        // the last character of class 0
  bool have_starter = false;   // one was seen
  bool after_starter = false;  // the previous character is that starter
  detail::cancel_poll poll(0, size);
  for (std::size_t read = 0; next(cp); ++read) {
    if (poll(read)) [[unlikely]]
      return quick::yes;  // cancelled: the shortest way out
    if (cp < 0x300) {     // below U+0300: class 0 and NFC_QC = Yes; the D and K forms look further
      last_cc = 0;
      starter = cp;
      have_starter = after_starter = true;
      if (cp < 0xA0 || (form == normal_form::nfc && cp < 0x300)) continue;
    }
    const unsigned cc = tables::ccc_raw(cp);
    if (cc != 0 && last_cc > cc) return quick::no;
    switch (form) {
      case normal_form::nfc:
      case normal_form::nfkc: {
        const unsigned qc = (tables::quick_check_raw(cp) >> (form == normal_form::nfc ? 0 : 2)) & 3;
        if (qc == 1) return quick::no;
        if (qc == 2) {
          if (decomposition(cp, false) != nullptr ||
              (have_starter && decomposition(starter, false) != nullptr)) {
            result = quick::maybe;
          } else if (have_starter && (after_starter || (last_cc != 0 && last_cc < cc)) &&
                     compose_pair(starter, cp) != 0) {
            return quick::no;  // not blocked, and a primary composite with the starter
          }
        }
        break;
      }
      case normal_form::nfd:
      case normal_form::nfkd:
        if (is_hangul_syllable(cp) || decomposition(cp, form == normal_form::nfkd) != nullptr)
          return quick::no;
        break;
    }
    last_cc = cc;
    after_starter = cc == 0;
    if (cc == 0) {
      starter = cp;
      have_starter = true;
    }
  }
  return result;
}

/// The code point at byte `i` of `s`, U+FFFD where the bytes are not UTF-8 (as the checks read it).
char32_t code_point_at(std::string_view s, std::size_t i) noexcept {
  const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
  return d.code == error_code::ok ? d.cp : 0xFFFD;
}

/// The second byte of a 3-byte sequence led by `b` (E0..EF) is in [min, max] (RFC 3629 §4: no
/// overlong form after E0, no surrogate after ED).
constexpr unsigned second_byte_min(unsigned b) noexcept { return b == 0xE0 ? 0xA0 : 0x80; }
constexpr unsigned second_byte_max(unsigned b) noexcept { return b == 0xED ? 0x9F : 0xBF; }

/// The class | NFC_QC << 8 of the character at byte `i` of `s` in `v` (U+FFFD where the bytes
/// are not UTF-8, one byte long); returns its length.
std::size_t other_character(std::string_view s, std::size_t i, unsigned& v) noexcept {
  const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
  const char32_t cp = d.code == error_code::ok ? d.cp : 0xFFFD;
  v = cp < 0x10000 ? tables::nfc_check_bmp(cp >> 6, cp)
                   : tables::ccc_raw(cp) | (tables::quick_check_raw(cp) & 3U) << 8;
  return d.code == error_code::ok ? d.length : 1;
}

/// UAX #15 §9 quick check for NFC read from the bytes, the same answers as quick_check above. The
/// class and NFC_QC of a 2- or 3-byte sequence come from one table (tables::nfc_check_bmp) indexed
/// by its bytes, without decoding; ASCII is read eight bytes at a time. A character of class 0 and
/// NFC_QC Yes (most of them) only moves the starter; every other one takes the rules of
/// quick_check, with the starter and the character decoded only for a Maybe.
quick nfc_quick_check_utf8(std::string_view s) noexcept {
  constexpr std::size_t none = std::string_view::npos;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  unsigned last_cc = 0;        // class of the previous character
  std::size_t starter = none;  // byte offset of the last character of class 0
  quick result = quick::yes;
  std::size_t i = 0;
  while (i < n) {
    const unsigned b = p[i];
    if (b < 0x80) {  // ASCII: class 0, NFC_QC Yes; the run's last byte is the starter
      std::size_t j = i + 1;
      for (std::uint64_t w; j + 8 <= n; j += 8) {
        std::memcpy(&w, p + j, 8);
        if ((w & 0x8080808080808080ULL) != 0) break;
      }
      while (j < n && p[j] < 0x80) ++j;
      starter = j - 1;
      last_cc = 0;
      i = j;
      continue;
    }
    // Runs of 2-byte and of 3-byte characters of class 0 and NFC_QC Yes (a word in most scripts)
    if (b >= 0xC2 && b < 0xE0) {
      std::size_t j = i;
      while (j + 1 < n && p[j] - 0xC2U < 0x1EU && (p[j + 1] & 0xC0) == 0x80 &&
             tables::nfc_check_bmp(p[j] & 0x1F, p[j + 1]) == 0)
        j += 2;
      if (j != i) {
        starter = j - 2;
        last_cc = 0;
        i = j;
        continue;
      }
    } else if (b >= 0xE1 && b < 0xED) {
      std::size_t j = i;
      while (j + 2 < n && p[j] - 0xE1U < 0x0CU && ((p[j + 1] | p[j + 2] << 8) & 0xC0C0) == 0x8080 &&
             tables::nfc_check_bmp((p[j] & 0x0F) << 6 | (p[j + 1] & 0x3F), p[j + 2]) == 0)
        j += 3;
      if (j != i) {
        starter = j - 3;
        last_cc = 0;
        i = j;
        continue;
      }
    }
    unsigned v;
    std::size_t len;
    const unsigned b1 = i + 1 < n ? p[i + 1] : 0;
    if (b >= 0xC2 && b < 0xE0 && (b1 & 0xC0) == 0x80) {
      v = tables::nfc_check_bmp(b & 0x1F, b1);
      len = 2;
    } else if ((b & 0xF0) == 0xE0 && i + 2 < n &&
               b1 - second_byte_min(b) <= second_byte_max(b) - second_byte_min(b) &&
               (p[i + 2] & 0xC0) == 0x80) {
      v = tables::nfc_check_bmp((b & 0x0F) << 6 | (b1 & 0x3F), p[i + 2]);
      len = 3;
    } else {  // 4 bytes, or not UTF-8
      len = other_character(s, i, v);
    }
    if (v == 0) {  // class 0, NFC_QC Yes
      starter = i;
      last_cc = 0;
      i += len;
      continue;
    }
    const unsigned cc = v & 0xFF;
    const unsigned qc = v >> 8;
    if (cc != 0 && last_cc > cc) return quick::no;  // not in canonical order
    if (qc == 1) return quick::no;
    if (qc == 2) {  // Maybe: settled as in quick_check
      const char32_t cp = code_point_at(s, i);
      const char32_t st = starter == none ? 0 : code_point_at(s, starter);
      if (decomposition(cp, false) != nullptr || (starter != none && decomposition(st, false) != nullptr)) {
        result = quick::maybe;
      } else if (starter != none && (last_cc == 0 || last_cc < cc) && compose_pair(st, cp) != 0) {
        return quick::no;  // not blocked (D115), and a primary composite with the starter
      }
    }
    last_cc = cc;
    if (cc == 0) starter = i;
    i += len;
  }
  return result;
}

quick quick_check_utf8(std::string_view s, normal_form form) {
  if (form == normal_form::nfc) return nfc_quick_check_utf8(s);
  std::size_t i = 0;
  return quick_check(form, s.size(), [&](char32_t& cp) {
    if (i >= s.size()) return false;
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) {
      cp = 0xFFFD;  // not UTF-8: the caller's contract is broken; U+FFFD is in every form
      ++i;
    } else {
      cp = d.cp;
      i += d.length;
    }
    return true;
  });
}

void to_code_points(std::string_view s, std::u32string& out) {
  out.clear();
  out.reserve(s.size());
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (poll(i)) [[unlikely]]
      return;
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) {
      out.push_back(0xFFFD);
      ++i;
    } else {
      out.push_back(d.cp);
      i += d.length;
    }
  }
}

bool is_ascii(std::string_view s) noexcept {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

}  // namespace

unsigned combining_class(char32_t cp) noexcept { return tables::ccc_raw(cp); }

void normalize_code_points(std::u32string& text, normal_form form) {
  std::u32string decomposed;
  decomposed.reserve(text.size() + 8);
  const bool compat = compatible(form);
  detail::cancel_poll poll(0, text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return;
    decompose_one(text[i], compat, decomposed);
  }
  add_work(text.size() + decomposed.size() + reorder(decomposed));  // decompose, compose, order
  if (composing(form)) compose(decomposed);
  text.swap(decomposed);
}

bool is_normalized_code_points(std::u32string_view text, normal_form form) {
  std::size_t i = 0;
  const quick q = quick_check(form, text.size(), [&](char32_t& cp) {
    if (i >= text.size()) return false;
    cp = text[i++];
    return true;
  });
  if (q != quick::maybe) return q == quick::yes;
  std::u32string copy(text);
  normalize_code_points(copy, form);
  return copy == text;
}

nfc_pair nfc_maybe_after_starter(char32_t starter, char32_t maybe) noexcept {
  if (decomposition(maybe, false) != nullptr || decomposition(starter, false) != nullptr)
    return nfc_pair::unknown;
  return compose_pair(starter, maybe) != 0 ? nfc_pair::composes : nfc_pair::stays;
}

bool is_normalized(std::string_view utf8, normal_form form) {
  // ASCII is invariant under all four forms (NFC's check reads it on the way)
  if (form != normal_form::nfc && is_ascii(utf8)) return true;
  const quick q = quick_check_utf8(utf8, form);
  if (q != quick::maybe) return q == quick::yes;
  std::string out;
  normalize_into(utf8, form, out);
  return out == utf8;
}

void normalize_into(std::string_view utf8, normal_form form, std::string& out) {
  if ((form != normal_form::nfc && is_ascii(utf8)) || quick_check_utf8(utf8, form) == quick::yes) {
    out.append(utf8);
    return;
  }
  std::u32string cps;
  to_code_points(utf8, cps);
  normalize_code_points(cps, form);
  out.reserve(out.size() + utf8.size() + 8);
  detail::cancel_poll poll(0, cps.size());
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return;
    grammar::append_utf8(out, cps[i]);
  }
}

std::string normalize(std::string_view utf8, normal_form form) {
  std::string out;
  normalize_into(utf8, form, out);
  return out;
}

std::string nfkc_casefold_utf8(std::string_view utf8) {
  std::u32string cps;
  to_code_points(utf8, cps);
  std::u32string mapped;
  mapped.reserve(cps.size());
  for (const char32_t cp : cps) {
    const std::uint16_t i = tables::nfkc_casefold_raw(cp);
    if (i == 0) {
      mapped.push_back(cp);
    } else {
      const char32_t* m = &tables::k_mapping_pool[i];
      mapped.append(m + 1, m + 1 + m[0]);
    }
  }
  normalize_code_points(mapped, normal_form::nfc);
  std::string out;
  for (const char32_t cp : mapped) grammar::append_utf8(out, cp);
  return out;
}

}  // namespace irikit::unicode
