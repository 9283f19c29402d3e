#include "unicode/spoof.h"

#include <unicode/uchar.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>

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

const USpoofChecker* restriction_checker() {
  static const checker_ptr c = make_checker(USPOOF_RESTRICTION_LEVEL, USPOOF_MODERATELY_RESTRICTIVE);
  return c.get();
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

/// The checks every label needs, and those that can only fire on a label with a combining mark or
/// a decimal digit (repeated or hidden marks, mixed numbering systems), run only then.
const USpoofChecker* identifier_checker() {
  static const checker_ptr c =
      make_checker(USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_SCRIPT_CONFUSABLE | USPOOF_AUX_INFO, USPOOF_ASCII);
  return c.get();
}
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

}  // namespace

identifier_report check_identifier(std::string_view utf8) {
  identifier_report report;
  const USpoofChecker* c = identifier_checker();
  if (c == nullptr) return report;
  // One result object per thread, reused (check2 resets it).
  struct result_closer {
    void operator()(USpoofCheckResult* p) const noexcept { uspoof_closeCheckResult(p); }
  };
  thread_local const std::unique_ptr<USpoofCheckResult, result_closer> owned = [] {
    UErrorCode s = U_ZERO_ERROR;
    return std::unique_ptr<USpoofCheckResult, result_closer>(uspoof_openCheckResult(&s));
  }();
  USpoofCheckResult* result = owned.get();
  if (result == nullptr) return report;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t checks =
      uspoof_check2UTF8(c, utf8.data(), static_cast<int32_t>(utf8.size()), result, &status);
  if (U_SUCCESS(status)) {
    report.level = static_cast<restriction>(
        static_cast<int>(uspoof_getCheckResultRestrictionLevel(result, &status)) / 0x10000000);
    report.mixed_script_confusable = (checks & USPOOF_MIXED_SCRIPT_CONFUSABLE) != 0;
  }
  const USet* profile = identifier_profile();
  bool marks_or_digits = false;
  for (std::size_t i = 0; i < utf8.size();) {
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    const auto cp = static_cast<UChar32>(d.cp);
    report.outside_profile =
        report.outside_profile || d.code != error_code::ok || !uset_contains(profile, cp);
    marks_or_digits = marks_or_digits || (U_GET_GC_MASK(cp) & (U_GC_M_MASK | U_GC_ND_MASK)) != 0;
    i += d.code == error_code::ok ? d.length : 1;
  }
  // A repeated or hidden mark needs a mark, mixed numbering systems a digit (after NFD, marks come
  // from precomposed letters too, but never the same mark twice or a dot above a soft-dotted i/j).
  if (marks_or_digits) {
    status = U_ZERO_ERROR;
    const int32_t more = uspoof_checkUTF8(marks_and_digits_checker(), utf8.data(),
                                          static_cast<int32_t>(utf8.size()), nullptr, &status);
    if (U_SUCCESS(status)) {
      report.invisible = (more & USPOOF_INVISIBLE) != 0;
      report.hidden_overlay = (more & USPOOF_HIDDEN_OVERLAY) != 0;
      report.mixed_numbers = (more & USPOOF_MIXED_NUMBERS) != 0;
    }
  }
  return report;
}

bool is_moderately_restrictive(std::string_view utf8) {
  return (run(restriction_checker(), utf8) & USPOOF_RESTRICTION_LEVEL) == 0;
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
