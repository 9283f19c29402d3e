// SPDX-License-Identifier: MIT OR Apache-2.0
// The code-point ranges of RFC 3987 §2.2 (ucschar, iprivate), draft-ietf-iri-3987bis (the iprivate
// tag range, leiri-ucschar) and RFC 3987 §4.1 (bidi formatting characters). Fixed ranges from the
// RFC text, not Unicode properties: no Unicode database is needed to validate an IRI.
#ifndef IRIKIT_GRAMMAR_CODE_POINTS_H
#define IRIKIT_GRAMMAR_CODE_POINTS_H

namespace irikit::grammar {

/// RFC 3987 §2.2:
///   ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / … / %xD0000-DFFFD
///           / %xE1000-EFFFD
constexpr bool is_ucschar(char32_t cp) noexcept {
  if (cp < 0xA0) return false;
  if (cp <= 0xD7FF) return true;
  if (cp < 0xF900) return false;  // surrogates and the BMP private use area (iprivate)
  if (cp <= 0xFDCF) return true;
  if (cp < 0xFDF0) return false;  // noncharacters U+FDD0–FDEF
  if (cp <= 0xFFEF) return true;
  if (cp < 0x10000 || cp > 0xEFFFD) return false;    // specials U+FFF0–FFFF; planes 15–16 are iprivate
  if (cp >= 0xE0000 && cp <= 0xE0FFF) return false;  // tags and variation selectors supplement
  return (cp & 0xFFFE) != 0xFFFE;                    // the last two code points of each plane
}

/// RFC 3987 §2.2: iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD.
/// draft-ietf-iri-3987bis adds %xE0000-E0FFF (`with_tags`).
constexpr bool is_iprivate(char32_t cp, bool with_tags) noexcept {
  if (cp >= 0xE000 && cp <= 0xF8FF) return true;
  if (cp >= 0xF0000 && cp <= 0x10FFFD) return (cp & 0xFFFE) != 0xFFFE;
  return with_tags && cp >= 0xE0000 && cp <= 0xE0FFF;
}

/// draft-ietf-iri-3987bis §6 leiri-ucschar, non-ASCII part:
///   %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF (the ASCII part is k_leiri_extra).
constexpr bool is_leiri_ucschar(char32_t cp) noexcept {
  return (cp >= 0x7F && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

/// RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE,
/// LRO, RLO, and PDF)"; the Unicode 6.3 additions ALM and LRI, RLI, FSI, PDI are formatting
/// characters of the same kind and are forbidden for the same reason.
constexpr bool is_bidi_formatting(char32_t cp) noexcept {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace irikit::grammar

#endif  // IRIKIT_GRAMMAR_CODE_POINTS_H
