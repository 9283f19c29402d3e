// SPDX-License-Identifier: MIT OR Apache-2.0
// Security mechanisms of UTS #39 (Unicode Security Mechanisms) through the backend's spoof
// checker: restriction levels (§5.2), confusable skeletons (§4) and mixed-script confusables.
// Used by lint for RFC 3987 §7.5 and §8 (spoofing with look-alike characters).
#ifndef IRIKIT_UNICODE_SPOOF_H
#define IRIKIT_UNICODE_SPOOF_H

#include <cstdint>
#include <string>
#include <string_view>

namespace irikit::unicode {

/// Whether `utf8` stays within the UTS #39 §5.2 "Moderately Restrictive" level: one script, or
/// Latin with Han/Hiragana/Katakana (Japanese), Han/Bopomofo (Chinese), Han/Hangul (Korean), or
/// Latin with any one other Recommended script except Cyrillic and Greek. Common and Inherited
/// characters (digits, punctuation) never count. Any character is allowed: only scripts are checked.
bool is_moderately_restrictive(std::string_view utf8);

/// Whether `utf8` is a UTS #39 §4 mixed-script confusable (USPOOF_MIXED_SCRIPT_CONFUSABLE).
bool is_mixed_script_confusable(std::string_view utf8);

/// The UTS #39 §4 confusable skeleton of `utf8` (NFD, confusable mapping, NFD), in UTF-8.
std::string skeleton(std::string_view utf8);

/// The restriction levels of UTS #39 §5.2, from the most to the least restrictive.
enum class restriction : unsigned char {
  ascii_only = 1,
  single_script,
  highly_restrictive,
  moderately_restrictive,
  minimally_restrictive,
  unrestricted,
};

/// The UTS #39 §5.1 resolved script sets of an identifier, from which §5.2 derives its restriction
/// level: the intersection, over its characters, of their augmented Script_Extensions (Han adds
/// Hanb, Jpan, Kore; Hiragana and Katakana add Jpan; Hangul adds Kore; Bopomofo adds Hanb; Common
/// and Inherited are every script), once over every character and once without the characters
/// that have Latin. "." is Common, so the sets of labels joined by "." are the intersections of
/// their sets (`join`): a registrable domain's level comes from its labels' without a second pass.
struct script_resolution {
  static constexpr int k_words = 4;                                     // 256 script codes (ICU 72 has 200)
  std::uint64_t all[k_words] = {~0ULL, ~0ULL, ~0ULL, ~0ULL};            // resolved script set
  std::uint64_t without_latin[k_words] = {~0ULL, ~0ULL, ~0ULL, ~0ULL};  // §5.2 step 5
  bool non_ascii = false;
  /// A script code above 255 (a later ICU): the level comes from the backend's checker instead.
  bool overflow = false;

  /// The sets of this text followed by "." and `other`.
  void join(const script_resolution& other) noexcept;
  /// The restriction level (UTS #39 §5.2 steps 2–8; step 1 does not apply: every character is
  /// allowed). Same as ICU's uspoof restriction level (tests/unit/host_test.cpp compares them).
  restriction level() const noexcept;
};

/// The resolved script sets of `utf8` (valid UTF-8).
script_resolution resolve_scripts(std::string_view utf8);

/// The restriction level as the backend's spoof checker computes it (ICU's uspoof_check2 with
/// USPOOF_AUX_INFO): the fallback of `script_resolution::overflow`, and the reference the tests
/// hold `script_resolution::level` to.
restriction backend_restriction_level(std::string_view utf8);

/// What the backend's spoof checker says about one identifier (a host label in Unicode form), in
/// one pass over it.
struct identifier_report {
  /// The least restrictive level of UTS #39 §5.2 the text needs (every character is allowed to
  /// the checker, so this is never `unrestricted`: see `outside_profile`).
  restriction level = restriction::ascii_only;
  /// UTS #39 §4 mixed-script confusable, as ICU's uspoof_check reports it: since ICU 58 it never
  /// does (the check moved to uspoof_areConfusable, which needs a second string), so this is false;
  /// tests/unit/host_test.cpp pins that, to notice an ICU that reports it again.
  bool mixed_script_confusable = false;
  /// UTS #39 §5.4 (ICU's INVISIBLE check): the same nonspacing mark twice in a row (after NFD),
  /// or an invisible character.
  bool invisible = false;
  /// A combining dot above that a soft-dotted letter hides, as in "i" + U+0307 (ICU's
  /// HIDDEN_OVERLAY check, UTS #39 §5.4).
  bool hidden_overlay = false;
  /// Digits of more than one numbering system (UTS #39 §5.3, "Mixed-Number Detection").
  bool mixed_numbers = false;
  /// A character outside the General Security Profile for identifiers (UTS #39 §3.1:
  /// Identifier_Status is not Allowed), as the restriction levels 1-4 require.
  bool outside_profile = false;
  /// The resolved script sets `level` comes from (for joining labels).
  script_resolution scripts;
};

/// Runs the checks of `identifier_report` on `utf8`. The restriction level comes from
/// `script_resolution`, and the backend's marks-and-digits checks run only when one of them can
/// fire (a nonspacing mark repeated between two base characters of the NFD form, U+0307, digits
/// of two numbering systems): the answers are the backend's (`backend_identifier_report`).
identifier_report check_identifier(std::string_view utf8);

/// The same report with every check left to the backend (the level from ICU's checker, the
/// marks-and-digits checks run whatever the text): the reference for tests and fuzz_alabel.
identifier_report backend_identifier_report(std::string_view utf8);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_SPOOF_H
