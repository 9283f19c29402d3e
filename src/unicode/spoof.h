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

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_SPOOF_H
