// SPDX-License-Identifier: MIT OR Apache-2.0
// Unicode normalization forms (UAX #15) from irikit's own Unicode tables (src/unicode/tables/,
// generated from the UCD by scripts/gen_unicode_tables.py). Inputs are valid UTF-8.
#ifndef IRIKIT_UNICODE_NORMALIZE_H
#define IRIKIT_UNICODE_NORMALIZE_H

#include <string>
#include <string_view>

namespace irikit::unicode {

/// RFC 3987 §5.3.2.2 character normalization and §7.5's NFKC advice.
enum class normal_form { nfc, nfkc, nfd, nfkd };

/// True when `utf8` is already in the form (fast: the quick-check properties, UAX #15 §9, then a
/// full check when the answer is "maybe").
bool is_normalized(std::string_view utf8, normal_form form);
/// `utf8` in the form; unchanged text is returned as is.
std::string normalize(std::string_view utf8, normal_form form);
/// Appends the normalized form of `utf8` to `out`.
void normalize_into(std::string_view utf8, normal_form form, std::string& out);

/// The same on code points (any scalar values), in place: UTS #46 normalizes its mapped labels.
void normalize_code_points(std::u32string& text, normal_form form);
/// Whether the code points are in the form (UTS #46 §4.1 validity criterion 1).
bool is_normalized_code_points(std::u32string_view text, normal_form form);

/// NFC's quick check (UAX #15 §9) of a character whose NFC_QC is Maybe right after a starter (so
/// not blocked, D115), in a text that passes the check up to it: the pair stays as it is, composes
/// (the text is not NFC), or is unknown when either has a canonical decomposition (normalize to
/// know). The answer is_normalized_code_points' check gives at that character.
enum class nfc_pair { stays, composes, unknown };
nfc_pair nfc_maybe_after_starter(char32_t starter, char32_t maybe) noexcept;

/// toNFKC_Casefold (Unicode §3.13, D145 with the NFKC_Casefold property) of valid UTF-8.
std::string nfkc_casefold_utf8(std::string_view utf8);

/// Canonical_Combining_Class of `cp`.
unsigned combining_class(char32_t cp) noexcept;

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_NORMALIZE_H
