// SPDX-License-Identifier: MIT OR Apache-2.0
// The spoofing checks on one host label in Unicode form (RFC 3987 §7.5 and §8, UTS #39), shared by
// lint (src/lint/lint.cpp, one finding per check) and the host display policy (display.cpp, one
// decision per label). Every function takes valid UTF-8; none of them reaches ICU directly (they
// go through unicode/spoof.h and unicode/properties.h).
#ifndef IRIKIT_HOST_SPOOF_CHECKS_H
#define IRIKIT_HOST_SPOOF_CHECKS_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace irikit::host_checks {

/// Whether `s` has a byte of 0x80 or above.
bool has_non_ascii(std::string_view s) noexcept;

/// The two look-alike tests, from the UTS #39 skeleton of the label (ASCII letters lowered first).
struct lookalikes {
  /// The ASCII label `label` looks like, when it has a letter of another script than Latin and
  /// its skeleton is made of ASCII letters, "-" and digits the label itself has, with at least
  /// one letter: Cyrillic "раураl" gives "paypal".
  std::optional<std::string> ascii_label;
  /// Whether `label` is made of ASCII digits and characters whose skeleton is ASCII digits, with
  /// at least one of the latter (Cyrillic "б" looks like "6"): "2б4" reads as "264".
  bool digits = false;
};
lookalikes lookalikes_of(std::string_view label);

/// The scripts of the letters of `s` ("Latin and Cyrillic"), Common and Inherited left out.
std::string scripts_of(std::string_view s);

/// The scripts (ICU UScriptCode numbers) a top-level label implies: those of its letters for an
/// internationalized TLD (given as U-label or A-label), a fixed table for the country codes whose
/// registries take one script (ru → Cyrillic, gr → Greek, …); empty when the TLD implies none.
/// Han, Hiragana, Katakana, Bopomofo and Hangul go together.
std::vector<int> tld_scripts(std::string_view tld);

/// The first script of a letter of `label` that is not Latin (always allowed: ASCII labels are
/// everywhere) and not in `allowed`, as its name; nullopt when there is none.
std::optional<std::string_view> script_outside(std::string_view label, const std::vector<int>& allowed);

/// Whether every script of `label` is in `allowed` (letters of Common/Inherited scripts aside).
bool scripts_within(std::string_view label, const std::vector<int>& allowed);

}  // namespace irikit::host_checks

#endif  // IRIKIT_HOST_SPOOF_CHECKS_H
