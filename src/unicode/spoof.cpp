// SPDX-License-Identifier: MIT OR Apache-2.0
#include "unicode/spoof.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>

#include <array>
#include <memory>

#include "grammar/utf8.h"

namespace irikit::unicode {
namespace {

struct spoof_closer {
  void operator()(USpoofChecker* c) const noexcept { uspoof_close(c); }
};
using checker_ptr = std::unique_ptr<USpoofChecker, spoof_closer>;

/// A configured checker. Checking with a configured USpoofChecker is thread-safe in ICU, so each
/// configuration is built once and shared.
checker_ptr make_checker(int32_t checks, URestrictionLevel level) {
  UErrorCode status = U_ZERO_ERROR;
  checker_ptr c(uspoof_open(&status));
  if (U_FAILURE(status)) return nullptr;
  uspoof_setChecks(c.get(), checks, &status);
  if (checks & USPOOF_RESTRICTION_LEVEL) uspoof_setRestrictionLevel(c.get(), level);
  // Every code point is allowed: the grammar and the other lint rules judge characters; the
  // checker only judges scripts and confusability.
  USet* all = uset_openEmpty();
  uset_addRange(all, 0, 0x10FFFF);
  uspoof_setAllowedChars(c.get(), all, &status);
  uset_close(all);
  if (U_FAILURE(status)) return nullptr;
  return c;
}

const USpoofChecker* confusable_checker() {
  static const checker_ptr c = make_checker(USPOOF_MIXED_SCRIPT_CONFUSABLE, USPOOF_UNRESTRICTIVE);
  return c.get();
}

int32_t run(const USpoofChecker* c, std::string_view utf8) {
  if (c == nullptr) return 0;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t r = uspoof_checkUTF8(c, utf8.data(), static_cast<int32_t>(utf8.size()), nullptr, &status);
  return U_SUCCESS(status) ? r : 0;
}

/// The restriction level as the backend computes it: for a script code script_resolution cannot
/// hold, and for the tests that compare the two.
const USpoofChecker* identifier_checker() {
  static const checker_ptr c = make_checker(USPOOF_RESTRICTION_LEVEL | USPOOF_AUX_INFO, USPOOF_ASCII);
  return c.get();
}
/// The checks that can only fire on a label with a combining mark or a decimal digit (repeated or
/// hidden marks, mixed numbering systems), run only when one of them can.
const USpoofChecker* marks_and_digits_checker() {
  static const checker_ptr c =
      make_checker(USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS | USPOOF_HIDDEN_OVERLAY, USPOOF_UNRESTRICTIVE);
  return c.get();
}

struct set_closer {
  void operator()(USet* s) const noexcept { uset_close(s); }
};

/// UTS #39 §3.1 Identifier_Status=Allowed: ICU's recommended and inclusion sets, frozen (a frozen
/// set is safe to read from several threads).
const USet* identifier_profile() {
  static const std::unique_ptr<USet, set_closer> profile = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<USet, set_closer> s(uset_openEmpty());
    uset_addAll(s.get(), uspoof_getRecommendedSet(&status));
    uset_addAll(s.get(), uspoof_getInclusionSet(&status));
    uset_freeze(s.get());
    return s;
  }();
  return profile.get();
}

/// The augmented Script_Extensions of `cp` (UTS #39 §5.1 step 1) in `out`; false when they are
/// every script (Common or Inherited, §5.1 step 2), which leaves an intersection as it is.
/// `overflow` is set for a script code the 256 bits cannot hold.
bool augmented_scripts(UChar32 cp, std::uint64_t (&out)[script_resolution::k_words], bool& overflow) {
  const auto set = [&out](int code) { out[code / 64] |= 1ULL << (code % 64); };
  const auto has = [&out](int code) { return (out[code / 64] >> (code % 64) & 1) != 0; };
  for (std::uint64_t& w : out) w = 0;
  if (cp < 0x80) {  // ASCII: the letters are Latin, the rest Common
    if (!((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'))) return false;
    set(USCRIPT_LATIN);
    return true;
  }
  UScriptCode codes[32];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uscript_getScriptExtensions(cp, codes, 32, &status);
  if (U_FAILURE(status)) {
    overflow = true;
    return false;
  }
  for (int32_t k = 0; k < n; ++k) {
    if (codes[k] == USCRIPT_COMMON || codes[k] == USCRIPT_INHERITED) return false;
    if (codes[k] < 0 || codes[k] >= script_resolution::k_words * 64) {
      overflow = true;
      return false;
    }
    set(codes[k]);
  }
  if (has(USCRIPT_HAN)) {
    set(USCRIPT_HAN_WITH_BOPOMOFO);
    set(USCRIPT_JAPANESE);
    set(USCRIPT_KOREAN);
  }
  if (has(USCRIPT_HIRAGANA) || has(USCRIPT_KATAKANA)) set(USCRIPT_JAPANESE);
  if (has(USCRIPT_HANGUL)) set(USCRIPT_KOREAN);
  if (has(USCRIPT_BOPOMOFO)) set(USCRIPT_HAN_WITH_BOPOMOFO);
  return true;
}

bool has_script(const std::uint64_t (&set)[script_resolution::k_words], int code) {
  return (set[code / 64] >> (code % 64) & 1) != 0;
}
bool is_empty(const std::uint64_t (&set)[script_resolution::k_words]) {
  for (const std::uint64_t w : set)
    if (w != 0) return false;
  return true;
}

/// Adds one code point to the resolved script sets (UTS #39 §5.1; §5.2 step 5 leaves out the
/// characters that have Latin).
void resolve_one(script_resolution& r, UChar32 cp) {
  std::uint64_t augmented[script_resolution::k_words];
  r.non_ascii = r.non_ascii || cp >= 0x80;
  if (!augmented_scripts(cp, augmented, r.overflow)) return;
  const bool latin = has_script(augmented, USCRIPT_LATIN);
  for (int k = 0; k < script_resolution::k_words; ++k) {
    r.all[k] &= augmented[k];
    if (!latin) r.without_latin[k] &= augmented[k];
  }
}

/// ICU's INVISIBLE, HIDDEN_OVERLAY and MIXED_NUMBERS checks on `utf8`, into `report`.
void backend_marks_and_digits(std::string_view utf8, identifier_report& report) {
  UErrorCode status = U_ZERO_ERROR;
  const int32_t more = uspoof_checkUTF8(marks_and_digits_checker(), utf8.data(),
                                        static_cast<int32_t>(utf8.size()), nullptr, &status);
  if (U_SUCCESS(status)) {
    report.invisible = (more & USPOOF_INVISIBLE) != 0;
    report.hidden_overlay = (more & USPOOF_HIDDEN_OVERLAY) != 0;
    report.mixed_numbers = (more & USPOOF_MIXED_NUMBERS) != 0;
  }
}

/// The ASCII characters of the identifier profile (identifier_profile(), looked up once).
const std::array<bool, 128>& ascii_in_profile() {
  static const std::array<bool, 128> table = [] {
    std::array<bool, 128> t{};
    for (UChar32 c = 0; c < 128; ++c) t[static_cast<std::size_t>(c)] = uset_contains(identifier_profile(), c);
    return t;
  }();
  return table;
}

/// Whether ICU's INVISIBLE check (UTS #39 §5.4: the same nonspacing mark twice in one sequence of
/// nonspacing marks of the NFD form) can fire. NFD is the characters' full canonical
/// decompositions put in canonical order, and canonical ordering moves no character across one of
/// combining class 0; so a sequence of nonspacing marks lies between two characters of class 0
/// that are not nonspacing marks ("barriers") in the decompositions as they come, and a mark
/// repeated in a sequence is repeated between two barriers. No such repeat: the check cannot fire.
class repeated_mark_watch {
 public:
  void add(UChar32 cp) {
    if (cp < 0xC0) {  // no decomposition, not a mark
      seen_count_ = 0;
      return;
    }
    UChar decomposition[32];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = unorm2_getDecomposition(nfd(), cp, decomposition, 32, &status);
    if (U_FAILURE(status)) {
      possible_ = true;
      return;
    }
    if (n < 0) return one(cp);
    for (int32_t i = 0; i < n;) {
      UChar32 c;
      U16_NEXT(decomposition, i, n, c);
      one(c);
    }
  }
  bool possible() const { return possible_; }

 private:
  void one(UChar32 c) {
    if (u_charType(c) != U_NON_SPACING_MARK) {
      if (u_getCombiningClass(c) == 0) seen_count_ = 0;
      return;
    }
    for (std::size_t k = 0; k < seen_count_; ++k) {
      if (seen_[k] == c) possible_ = true;
    }
    if (seen_count_ == seen_.size()) {
      possible_ = true;  // a long run: leave it to the backend
      return;
    }
    seen_[seen_count_++] = c;
  }
  static const UNormalizer2* nfd() {
    static const UNormalizer2* n = [] {
      UErrorCode status = U_ZERO_ERROR;
      const UNormalizer2* p = unorm2_getNFDInstance(&status);
      return U_SUCCESS(status) ? p : nullptr;
    }();
    return n;
  }
  std::array<UChar32, 8> seen_{};
  std::size_t seen_count_ = 0;
  bool possible_ = false;
};

}  // namespace

restriction backend_restriction_level(std::string_view utf8) {
  const USpoofChecker* c = identifier_checker();
  if (c == nullptr) return restriction::unrestricted;
  // One result object per thread, reused (check2 resets it).
  struct result_closer {
    void operator()(USpoofCheckResult* p) const noexcept { uspoof_closeCheckResult(p); }
  };
  thread_local const std::unique_ptr<USpoofCheckResult, result_closer> owned = [] {
    UErrorCode s = U_ZERO_ERROR;
    return std::unique_ptr<USpoofCheckResult, result_closer>(uspoof_openCheckResult(&s));
  }();
  USpoofCheckResult* result = owned.get();
  if (result == nullptr) return restriction::unrestricted;
  UErrorCode status = U_ZERO_ERROR;
  uspoof_check2UTF8(c, utf8.data(), static_cast<int32_t>(utf8.size()), result, &status);
  if (U_FAILURE(status)) return restriction::unrestricted;
  return static_cast<restriction>(static_cast<int>(uspoof_getCheckResultRestrictionLevel(result, &status)) /
                                  0x10000000);
}

void script_resolution::join(const script_resolution& other) noexcept {
  for (int k = 0; k < k_words; ++k) {
    all[k] &= other.all[k];
    without_latin[k] &= other.without_latin[k];
  }
  non_ascii = non_ascii || other.non_ascii;
  overflow = overflow || other.overflow;
}

restriction script_resolution::level() const noexcept {
  if (!non_ascii) return restriction::ascii_only;              // §5.2 step 2
  if (!is_empty(all)) return restriction::single_script;       // steps 3–4
  if (has_script(without_latin, USCRIPT_HAN_WITH_BOPOMOFO) ||  // steps 5–6
      has_script(without_latin, USCRIPT_JAPANESE) || has_script(without_latin, USCRIPT_KOREAN))
    return restriction::highly_restrictive;
  if (!is_empty(without_latin) && !has_script(without_latin, USCRIPT_CYRILLIC) &&  // step 7
      !has_script(without_latin, USCRIPT_GREEK) && !has_script(without_latin, USCRIPT_CHEROKEE))
    return restriction::moderately_restrictive;
  return restriction::minimally_restrictive;  // step 8
}

script_resolution resolve_scripts(std::string_view utf8) {
  script_resolution r;
  for (std::size_t i = 0; i < utf8.size();) {
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok) {  // the backend reads U+FFFD (Common) there
      r.non_ascii = true;
      ++i;
      continue;
    }
    resolve_one(r, static_cast<UChar32>(d.cp));
    i += d.length;
  }
  return r;
}

identifier_report check_identifier(std::string_view utf8) {
  identifier_report report;
  const USet* profile = identifier_profile();
  const std::array<bool, 128>& ascii_profile = ascii_in_profile();
  script_resolution& scripts = report.scripts;
  repeated_mark_watch marks;
  bool dot_above = false;    // U+0307, the only mark ICU's HIDDEN_OVERLAY check looks for
  UChar32 zero = -1;         // the zero of the first decimal digit's numbering system
  bool mixed_zeros = false;  // UTS #39 §5.3: digits of two systems
  for (std::size_t i = 0; i < utf8.size();) {
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok) {
      report.outside_profile = true;
      scripts.non_ascii = true;  // the backend reads U+FFFD (Common) there
      ++i;
      continue;
    }
    i += d.length;
    const auto cp = static_cast<UChar32>(d.cp);
    if (cp < 0x80) {
      report.outside_profile = report.outside_profile || !ascii_profile[static_cast<std::size_t>(cp)];
    } else {
      report.outside_profile = report.outside_profile || !uset_contains(profile, cp);
    }
    resolve_one(scripts, cp);
    marks.add(cp);
    dot_above = dot_above || cp == 0x0307;
    if (cp >= '0' && cp <= '9' ? true : cp >= 0x80 && u_charType(cp) == U_DECIMAL_DIGIT_NUMBER) {
      const UChar32 z = cp < 0x80 ? UChar32{'0'} : cp - static_cast<UChar32>(u_getNumericValue(cp));
      mixed_zeros = mixed_zeros || (zero >= 0 && z != zero);
      zero = z;
    }
  }
  report.level = scripts.overflow ? backend_restriction_level(utf8) : scripts.level();
  // The marks-and-digits checks only when one of them can fire (the first repeated mark, a dot
  // above, digits of two systems); the backend's answer is then the answer.
  if (marks.possible() || dot_above || mixed_zeros) backend_marks_and_digits(utf8, report);
  return report;
}

identifier_report backend_identifier_report(std::string_view utf8) {
  identifier_report report = check_identifier(utf8);
  report.level = backend_restriction_level(utf8);
  report.invisible = report.hidden_overlay = report.mixed_numbers = false;
  backend_marks_and_digits(utf8, report);
  return report;
}

bool is_moderately_restrictive(std::string_view utf8) {
  const script_resolution r = resolve_scripts(utf8);
  const restriction level = r.overflow ? backend_restriction_level(utf8) : r.level();
  return level <= restriction::moderately_restrictive;
}

bool is_mixed_script_confusable(std::string_view utf8) {
  return (run(confusable_checker(), utf8) & USPOOF_MIXED_SCRIPT_CONFUSABLE) != 0;
}

std::string skeleton(std::string_view utf8) {
  const USpoofChecker* c = confusable_checker();
  if (c == nullptr) return std::string(utf8);
  std::string out(utf8.size() * 3 + 16, '\0');
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = uspoof_getSkeletonUTF8(c, 0, utf8.data(), static_cast<int32_t>(utf8.size()), out.data(),
                                     static_cast<int32_t>(out.size()), &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    out.resize(static_cast<std::size_t>(n) + 1);
    status = U_ZERO_ERROR;
    n = uspoof_getSkeletonUTF8(c, 0, utf8.data(), static_cast<int32_t>(utf8.size()), out.data(),
                               static_cast<int32_t>(out.size()), &status);
  }
  if (U_FAILURE(status)) return std::string(utf8);
  out.resize(static_cast<std::size_t>(n));
  return out;
}

}  // namespace irikit::unicode
