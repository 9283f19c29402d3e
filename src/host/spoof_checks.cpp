// SPDX-License-Identifier: MIT OR Apache-2.0
// The spoofing checks on host labels (spoof_checks.h).
#include "host/spoof_checks.h"

#include <algorithm>
#include <memory>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "grammar/utf8.h"
#include "irikit/host.h"
#include "unicode/idna.h"
#include "unicode/properties.h"
#include "unicode/spoof.h"

namespace irikit::host_checks {
namespace {

/// Calls f(cp) for each code point of valid UTF-8 `s`; stops early when f returns false, or when
/// the thread's cancellation hook says stop (asked once per cancel_poll_bytes: the public
/// operation's cancel_scope then reports it).
template <class F>
bool each_code_point(std::string_view s, F f) {
  detail::cancel_poll poll(0, s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (poll(i)) [[unlikely]]
      return false;
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return false;
    if (!f(d.cp)) return false;
    i += d.length;
  }
  return true;
}

int script_of(char32_t cp) { return unicode::script(cp); }

bool is_cjk(int script) {
  static const int han = script_of(U'\u4E00'), hiragana = script_of(U'\u3042'),
                   katakana = script_of(U'\u30A2'), bopomofo = script_of(U'\u3105'),
                   hangul = script_of(U'\uAC00');
  return script == han || script == hiragana || script == katakana || script == bopomofo || script == hangul;
}

void add_script(std::vector<int>& scripts, int script) {
  if (unicode::is_script_neutral(script)) return;
  if (is_cjk(script)) {  // the scripts East Asian names combine (UTS #39 §5.2, Highly Restrictive)
    for (const char32_t cp : {U'\u4E00', U'\u3042', U'\u30A2', U'\u3105', U'\uAC00'}) {
      const int s = script_of(cp);
      if (std::find(scripts.begin(), scripts.end(), s) == scripts.end()) scripts.push_back(s);
    }
    return;
  }
  if (std::find(scripts.begin(), scripts.end(), script) == scripts.end()) scripts.push_back(script);
}

/// Country-code TLDs whose registries take names in one script (besides ASCII), with a letter
/// of each script. Other ASCII TLDs imply no script.
struct tld_script_row {
  std::string_view tld;
  std::u32string_view letters;
};
constexpr tld_script_row k_tld_scripts[] = {
    {"ae", U"\u0627"}, {"am", U"\u0561"}, {"bg", U"\u0434"}, {"by", U"\u0434"}, {"cn", U"\u4E00"},
    {"eg", U"\u0627"}, {"et", U"\u1200"}, {"ge", U"\u10D0"}, {"gr", U"\u03B1"}, {"hk", U"\u4E00"},
    {"il", U"\u05D0"}, {"iq", U"\u0627"}, {"ir", U"\u0627"}, {"jo", U"\u0627"}, {"jp", U"\u4E00"},
    {"kg", U"\u0434"}, {"kh", U"\u1780"}, {"kr", U"\uAC00"}, {"kz", U"\u0434"}, {"la", U"\u0E81"},
    {"mk", U"\u0434"}, {"mm", U"\u1000"}, {"mn", U"\u0434"}, {"mo", U"\u4E00"}, {"om", U"\u0627"},
    {"ps", U"\u0627"}, {"qa", U"\u0627"}, {"rs", U"\u0434"}, {"ru", U"\u0434"}, {"sa", U"\u0627"},
    {"su", U"\u0434"}, {"sy", U"\u0627"}, {"th", U"\u0E01"}, {"tj", U"\u0434"}, {"tw", U"\u4E00"},
    {"ua", U"\u0434"},
};

}  // namespace

bool has_non_ascii(std::string_view s) noexcept {
  return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

namespace {

/// What the UTS #39 skeleton of one character is made of, remembered per thread (labels share
/// their characters, and the skeleton of a label is the skeletons of its characters one after the
/// other, so a label whose skeleton cannot be ASCII is known without computing it).
enum class skeleton_kind : unsigned char { other, ascii, ascii_digits };

skeleton_kind kind_of(char32_t cp) {
  // Direct-mapped by the code point's low bits (a label's letters sit close together in one
  // block): one comparison per lookup, bounded by its 4,096 slots.
  struct slot {
    char32_t cp = 0xFFFFFFFF;  // none
    skeleton_kind kind = skeleton_kind::other;
  };
  constexpr std::size_t k_slots = 4096;
  thread_local std::unique_ptr<slot[]> known;  // on the heap: 32 KB is too much for a thread's TLS
  if (!known) known = std::make_unique<slot[]>(k_slots);
  slot& at = known[cp % k_slots];
  if (at.cp == cp) return at.kind;
  std::string one;
  grammar::append_utf8(one, cp);
  const std::string skel = unicode::skeleton(one);
  skeleton_kind k = skel.empty() ? skeleton_kind::other : skeleton_kind::ascii_digits;
  for (const char c : skel) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      k = skeleton_kind::other;
      break;
    }
    if (c < '0' || c > '9') k = skeleton_kind::ascii;
  }
  at = {cp, k};
  return k;
}

}  // namespace

lookalikes lookalikes_of(std::string_view label) {
  lookalikes out;
  // Only labels with a letter of another script than Latin can look like an ASCII label: Latin
  // labels with accented or dotless letters ("spænska", "dolları") are single-script
  // look-alikes, which UTS #39 leaves to the registry's own rules.
  static const int latin = script_of(U'a');
  bool non_latin = false, non_ascii = false, all_ascii_skeleton = true, all_digits = true;
  each_code_point(label, [&](char32_t cp) {
    if (cp < 0x80) {
      all_digits = all_digits && cp >= '0' && cp <= '9';
      return true;
    }
    non_ascii = true;
    const int sc = script_of(cp);
    non_latin = non_latin || (unicode::is_letter(cp) && !unicode::is_script_neutral(sc) && sc != latin);
    const skeleton_kind k = kind_of(cp);
    all_ascii_skeleton = all_ascii_skeleton && k != skeleton_kind::other;
    all_digits = all_digits && k == skeleton_kind::ascii_digits;
    return all_ascii_skeleton;
  });
  // Digit look-alikes: ASCII digits, and characters whose skeleton is ASCII digits (ICU's skeleton
  // of "1" itself is "l", so ASCII digits count as they are).
  out.digits = non_ascii && all_ascii_skeleton && all_digits;
  if (!non_ascii || !non_latin || !all_ascii_skeleton) return out;
  std::string lowered(label);
  for (char& ch : lowered) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  std::string skel = unicode::skeleton(lowered);
  // A skeleton with digits that the label does not have, like "6r" for Bulgarian "бг", is no word
  // a reader expects, so digits must come from the label itself.
  bool has_letter = false;
  unsigned label_digits = 0;  // bit d: the label has the ASCII digit d
  for (const char ch : lowered) {
    if (ch >= '0' && ch <= '9') label_digits |= 1u << (ch - '0');
  }
  for (char& ch : skel) {
    const bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    const bool digit = ch >= '0' && ch <= '9';
    has_letter = has_letter || letter;
    if (!(letter || ch == '-' || (digit && (label_digits >> (ch - '0') & 1) != 0))) return out;
    ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  }
  if (has_letter) out.ascii_label = std::move(skel);
  return out;
}

std::string scripts_of(std::string_view s) {
  std::vector<int> seen;
  each_code_point(s, [&seen](char32_t cp) {
    const int sc = script_of(cp);
    if (!unicode::is_script_neutral(sc) && std::find(seen.begin(), seen.end(), sc) == seen.end())
      seen.push_back(sc);
    return true;
  });
  std::string out;
  for (std::size_t k = 0; k < seen.size(); ++k) {
    if (k > 0) out += k + 1 == seen.size() ? " and " : ", ";
    out += unicode::script_name(seen[k]);
  }
  return out.empty() ? "scripts" : out;
}

std::vector<int> tld_scripts(std::string_view tld) {
  std::vector<int> scripts;
  std::string decoded;
  if (is_a_label_prefix(tld)) {
    a_label_decoding d = unicode::decode_a_label(tld);
    if (d.status != a_label_status::ok) return scripts;
    decoded = std::move(d.unicode);
    tld = decoded;
  }
  if (has_non_ascii(tld)) {
    each_code_point(tld, [&scripts](char32_t cp) {
      if (unicode::is_letter(cp)) add_script(scripts, script_of(cp));
      return true;
    });
    return scripts;
  }
  for (const tld_script_row& row : k_tld_scripts) {
    if (grammar::iequals_ascii(row.tld, tld)) {
      for (const char32_t cp : row.letters) add_script(scripts, script_of(cp));
    }
  }
  return scripts;
}

std::optional<std::string_view> script_outside(std::string_view label, const std::vector<int>& allowed) {
  static const int latin = script_of(U'a');
  std::optional<std::string_view> outside;
  each_code_point(label, [&](char32_t cp) {
    const int sc = script_of(cp);
    if (unicode::is_letter(cp) && !unicode::is_script_neutral(sc) && sc != latin &&
        std::find(allowed.begin(), allowed.end(), sc) == allowed.end()) {
      outside = unicode::script_name(sc);
      return false;
    }
    return true;
  });
  return outside;
}

bool scripts_within(std::string_view label, const std::vector<int>& allowed) {
  return each_code_point(label, [&allowed](char32_t cp) {
    const int sc = script_of(cp);
    return !unicode::is_letter(cp) || unicode::is_script_neutral(sc) ||
           std::find(allowed.begin(), allowed.end(), sc) != allowed.end();
  });
}

}  // namespace irikit::host_checks
