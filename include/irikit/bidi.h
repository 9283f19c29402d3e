// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/bidi.h — bidirectional IRIs (RFC 3987 §4): how an IRI is displayed, and the structure
// rules that keep its display predictable.
//
// An IRI is stored in logical order (§4.1) and displayed with the Unicode Bidirectional Algorithm
// (UAX #9) as if inside a left-to-right embedding. `visual_order` gives what a reader then sees,
// from left to right; `display_text` gives the text to put into running text so that it is shown
// that way whatever surrounds it (wrapped in LRE…PDF or LRI…PDI when the surroundings could change
// the rendering, unchanged when they cannot).
//
//   // Hebrew letters in a host: RFC 3987 §4.4 Example 1
//   irikit::visual_order("http://ab.אבגדהו.ij/kl");   // "http://ab.והדגבא.ij/kl"
//   irikit::display_options ltr{irikit::surrounding_direction::ltr};
//   irikit::display_text("http://ab.אבגדהו.ij/kl", ltr);  // unchanged: starts and ends with L
//   irikit::display_text("http://ab/אב", ltr);            // "\u202Ahttp://ab/אב\u202C"
//
//   // §4.2: each component should be of one direction and start and end with a strong RTL
//   // character when it has any (Example 8: digits at the edges)
//   auto v = irikit::check_bidi_structure(*irikit::parse_iri("http://ab.cd.ef/גד1/2וז/כל.html"));
//   // two violations of kind rtl_edge, for "גד1" and "2וז"
//
// See docs/bidi.md for the ten examples of §4.4 and what the algorithm does with Example 9.
#ifndef IRIKIT_BIDI_H
#define IRIKIT_BIDI_H

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

// ---------------------------------------------------------------------------------------------
// Display (RFC 3987 §4.1)

/// The characters of `text` in the order a reader sees them from left to right when it is rendered
/// with the Unicode Bidirectional Algorithm in a left-to-right paragraph (the same as inside an
/// LRE…PDF embedding), one line, with mirrored glyphs (Bidi_Mirroring_Glyph, e.g. "(" ↔ ")") at
/// right-to-left levels. Fails only on invalid UTF-8 (utf8_* codes).
result<std::string> visual_order(std::string_view text);

/// The base direction of the text an IRI is embedded in.
enum class surrounding_direction : std::uint8_t {
  ltr,  ///< a left-to-right paragraph (English, Cyrillic, …)
  rtl,  ///< a right-to-left paragraph (Arabic, Hebrew, …)
  any,  ///< unknown: must be safe in both
};

/// How `display_text` protects an IRI that needs it.
enum class embedding_style : std::uint8_t {
  embedding,  ///< U+202A LRE … U+202C PDF, the form RFC 3987 §4.1 names
  isolate,    ///< U+2066 LRI … U+2069 PDI (Unicode 6.3 isolates; neighbours cannot affect it either)
};

struct display_options {
  surrounding_direction surrounding = surrounding_direction::any;
  embedding_style style = embedding_style::embedding;
};

/// Whether `text`, placed in running text of the given direction without an embedding, could be
/// shown differently from `visual_order(text)` (RFC 3987 §4.1: "There is no requirement to use the
/// above embedding if the display is still the same without the embedding").
///
/// The check renders the text inside sample sentences and compares: paragraphs of the given
/// direction (both for `any`); before it nothing, or a Latin letter, a Hebrew letter, an Arabic
/// letter or a digit followed by a space; after it nothing, a space followed by one of those, or a
/// full stop. The rendering is the same when, in every sample, the characters of `text` stay
/// together, in the same order and with the same mirroring. Fails only on invalid UTF-8.
result<bool> needs_embedding(std::string_view text,
                             surrounding_direction surrounding = surrounding_direction::any);

/// The text to embed in running text: `text` unchanged when `needs_embedding` is false, otherwise
/// wrapped in LRE…PDF (or LRI…PDI). The formatting characters are not part of the IRI (§4.1).
result<std::string> display_text(std::string_view text, const display_options& options = {});

// ---------------------------------------------------------------------------------------------
// Structure (RFC 3987 §4.2)

/// The components §4.2 restricts. Following its suggestions, each label of a reg-name, each name
/// and each value of the name=value pairs of a query ("&" or ";" separated), and the extension
/// of a path segment (after its last ".") are components of their own.
enum class bidi_component_kind : std::uint8_t {
  userinfo,
  host_label,
  path_segment,    ///< a segment, or its part before the extension
  path_extension,  ///< the part of a segment after its last "." (not for ".", "..", ".x" or "x.")
  query_name,
  query_value,
  fragment,
};

/// "userinfo", "host label", "path segment", "path extension", "query name", "query value", "fragment".
std::string_view bidi_component_name(bidi_component_kind kind) noexcept;

/// A component: a non-empty byte range of the IRI's text.
struct bidi_component {
  bidi_component_kind kind;
  std::uint32_t offset;
  std::uint32_t length;

  friend bool operator==(const bidi_component&, const bidi_component&) = default;
};

/// The non-empty components of `iri` in text order (none when the thread's cancellation hook,
/// irikit/cancel.h, stopped the split).
std::vector<bidi_component> bidi_components(const iri_reference_view& iri);

enum class bidi_violation_kind : std::uint8_t {
  mixed_direction,  ///< §4.2 rule 1: both right-to-left (R, AL) and left-to-right (L) characters
  rtl_edge,         ///< §4.2 rule 2: has right-to-left characters but does not start and end with one
};

struct bidi_violation {
  bidi_violation_kind kind;
  bidi_component component;
  /// rtl_edge: the first or last character (trailing NSM marks skipped), which is not R or AL.
  char32_t edge = 0;
  bool at_start = false;  ///< rtl_edge: whether `edge` is the first character
};

/// Every §4.2 violation of `iri`, in text order (a component may break both rules); none when the
/// thread's cancellation hook (irikit/cancel.h) stopped the check.
std::vector<bidi_violation> check_bidi_structure(const iri_reference_view& iri);

/// The same check on `components`, those of bidi_components(iri) or some of them (computed once
/// for several checks, as lint does); a component outside iri's text is skipped.
std::vector<bidi_violation> check_bidi_structure(const iri_reference_view& iri,
                                                 std::span<const bidi_component> components);

/// A violation of the Bidi Rule of RFC 5893 §2 by one label of a domain name.
struct bidi_rule_violation {
  int condition;         ///< 1–6, the numbered condition of RFC 5893 §2
  std::uint32_t offset;  ///< the label, as a byte range of the text passed in
  std::uint32_t length;
  char32_t character;  ///< the first character breaking the condition
};

/// Applies the Bidi Rule of RFC 5893 §2 to the labels of `host` (a reg-name, "."-separated, in
/// Unicode) when it is a Bidi domain name (some label has an R, AL or AN character); nothing
/// otherwise. Labels with percent-encodings are skipped. Offsets are relative to `host`. At most
/// one violation per label: the first condition it breaks. Cancelled (irikit/cancel.h): none.
std::vector<bidi_rule_violation> check_bidi_rule(std::string_view host);

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_BIDI_H
