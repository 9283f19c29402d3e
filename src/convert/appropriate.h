// SPDX-License-Identifier: MIT OR Apache-2.0
// Which decoded characters URI → IRI conversion may leave as characters (RFC 3987 §3.2 step 4:
// "Re-percent-encode all octets … that in UTF-8 represent characters that are not appropriate
// according to sections 2.2, 4.1, and 6.1"). Fixed code-point ranges: no Unicode database, so
// to_iri never reaches the Unicode backend. docs/conversion.md gives the reasons, group by group.
#ifndef IRIKIT_CONVERT_APPROPRIATE_H
#define IRIKIT_CONVERT_APPROPRIATE_H

#include "grammar/code_points.h"

namespace irikit::convert {

/// RFC 3987 §6.1 b and [UNIXML]: characters a reader cannot see or would take for a space or a
/// URI delimiter. Valid in IRIs (they are ucschar) but kept percent-encoded by to_iri.
constexpr bool is_discouraged(char32_t cp) noexcept {
  if (cp < 0xA0) return false;
  switch (cp) {
    // Spaces other than U+0020 (Unicode Zs) and the line / paragraph separators.
    case 0x00A0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
    // Invisible: soft hyphen, Mongolian vowel separator, zero width space, word joiner, BOM
    // (ZERO WIDTH NO-BREAK SPACE) and the Hangul fillers, which render as blanks.
    case 0x00AD:
    case 0x180E:
    case 0x200B:
    case 0xFEFF:
    case 0x115F:
    case 0x1160:
    case 0x3164:
    case 0xFFA0:
    // Look-alikes of "/", "\", ":" and ".": fraction slash, division slash, set minus, ratio,
    // reverse solidus operator, big solidus, big reverse solidus, modifier letter colon,
    // one dot leader.
    case 0x2044:
    case 0x2215:
    case 0x2216:
    case 0x2236:
    case 0x29F5:
    case 0x29F8:
    case 0x29F9:
    case 0xA789:
    case 0x2024:
      return true;
    default:
      break;
  }
  if (cp >= 0x2000 && cp <= 0x200A) return true;  // en quad … hair space
  if (cp >= 0x2060 && cp <= 0x2064) return true;  // word joiner, invisible operators
  if (cp >= 0x206A && cp <= 0x206F) return true;  // deprecated format characters
  // Fullwidth forms of ASCII punctuation (！＂＃…／, ：…＠, ［…｀, ｛…～): look-alikes of delimiters.
  // Fullwidth letters and digits are not in this list (see docs/conversion.md).
  if ((cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
      (cp >= 0xFF5B && cp <= 0xFF5E)) {
    return true;
  }
  if (cp >= 0xFE10 && cp <= 0xFE19) return true;  // vertical forms of punctuation
  if (cp >= 0xFE50 && cp <= 0xFE6B) return true;  // small form variants of punctuation
  return false;
}

/// Whether `cp` may appear as a character in an IRI component (RFC 3987 §2.2 ucschar, iprivate
/// only in iquery; §4.1 no bidi formatting characters) — the validity the parser enforces.
constexpr bool is_valid_in_iri(char32_t cp, bool in_query) noexcept {
  if (grammar::is_bidi_formatting(cp)) return false;
  if (grammar::is_ucschar(cp)) return true;
  return in_query && grammar::is_iprivate(cp, false);
}

/// §3.2 step 4: valid in the IRI and not discouraged by §6.1.
constexpr bool is_appropriate(char32_t cp, bool in_query) noexcept {
  return is_valid_in_iri(cp, in_query) && !is_discouraged(cp);
}

}  // namespace irikit::convert

#endif  // IRIKIT_CONVERT_APPROPRIATE_H
