// Security mechanisms of UTS #39 (Unicode Security Mechanisms) through the backend's spoof
// checker: restriction levels (§5.2), confusable skeletons (§4) and mixed-script confusables.
// Used by lint for RFC 3987 §7.5 and §8 (spoofing with look-alike characters).
#ifndef IRIKIT_UNICODE_SPOOF_H
#define IRIKIT_UNICODE_SPOOF_H

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

/// What the backend's spoof checker says about one identifier (a host label in Unicode form), in
/// one pass over it.
struct identifier_report {
  /// The least restrictive level of UTS #39 §5.2 the text needs (every character is allowed to
  /// the checker, so this is never `unrestricted`: see `outside_profile`).
  restriction level = restriction::ascii_only;
  /// UTS #39 §4 mixed-script confusable.
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
};

/// Runs the checks of `identifier_report` on `utf8`.
identifier_report check_identifier(std::string_view utf8);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_SPOOF_H
