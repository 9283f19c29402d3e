// SPDX-License-Identifier: MIT OR Apache-2.0
// Security mechanisms of UTS #39 (Unicode Security Mechanisms) from irikit's own Unicode 17.0
// tables (tables/properties.inc: Script_Extensions, Identifier_Status; tables/security.inc:
// confusables.txt and Soft_Dotted): restriction levels (§5.1–5.2), confusable skeletons (§4),
// mixed-script confusables, mixed numbers (§5.3) and the optional detections of §5.4. Used by the
// lint (RFC 3987 §7.5 and §8, spoofing with look-alike characters) and the host display policy.
// No ICU.
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

/// Whether `utf8` is a mixed-script confusable in the sense of UTS #39 §4: it is not single-script
/// (§5.1, its resolved script set is empty) while its skeleton — the string of prototypes it is
/// confusable with — is (e.g. "p\u0430yp\u0430l", Latin with Cyrillic а, whose skeleton is the
/// Latin "paypal").
bool is_mixed_script_confusable(std::string_view utf8);

/// The UTS #39 §4 confusable skeleton of `utf8` (valid UTF-8): NFD, Default_Ignorable_Code_Point
/// characters removed, each character replaced by its prototype (confusables.txt), NFD again.
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
  static constexpr int k_words =
      4;  // 256 script codes: the tables' (175 in Unicode 17.0) and Hanb, Jpan, Kore
  std::uint64_t all[k_words] = {~0ULL, ~0ULL, ~0ULL, ~0ULL};            // resolved script set
  std::uint64_t without_latin[k_words] = {~0ULL, ~0ULL, ~0ULL, ~0ULL};  // §5.2 step 5
  bool non_ascii = false;

  /// The sets of this text followed by "." and `other`.
  void join(const script_resolution& other) noexcept;
  /// The restriction level (UTS #39 §5.2 steps 2–8; step 1 does not apply: every character is
  /// allowed, `identifier_report::outside_profile` says whether one is not).
  restriction level() const noexcept;
};

/// The resolved script sets of `utf8` (valid UTF-8).
script_resolution resolve_scripts(std::string_view utf8);

/// The UTS #39 checks of one identifier (a host label in Unicode form).
struct identifier_report {
  /// The least restrictive level of UTS #39 §5.2 the text needs (every character is allowed to
  /// the checker, so this is never `unrestricted`: see `outside_profile`).
  restriction level = restriction::ascii_only;
  /// UTS #39 §4 mixed-script confusable (`is_mixed_script_confusable`).
  bool mixed_script_confusable = false;
  /// UTS #39 §5.4: the same nonspacing mark twice in one sequence of nonspacing marks of the NFD
  /// form ("e" U+0323 U+0323).
  bool invisible = false;
  /// UTS #39 §5.4: a combining dot above (U+0307) that the letter before it hides, as in "i" +
  /// U+0307: after a Soft_Dotted letter, ı, ȷ, or a letter whose prototype ends in i, j, ı, ȷ or
  /// l (with only marks of other classes than 0 and 230 between them, NFD).
  bool hidden_overlay = false;
  /// Digits of more than one numbering system (UTS #39 §5.3, "Mixed-Number Detection").
  bool mixed_numbers = false;
  /// A character outside the General Security Profile for identifiers (UTS #39 §3.1:
  /// Identifier_Status is not Allowed), as the restriction levels 1-4 require.
  bool outside_profile = false;
  /// The resolved script sets `level` comes from (for joining labels).
  script_resolution scripts;
};

/// Runs the checks of `identifier_report` on `utf8` (valid UTF-8; a byte that is not is read as
/// U+FFFD, outside the profile).
identifier_report check_identifier(std::string_view utf8);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_SPOOF_H
