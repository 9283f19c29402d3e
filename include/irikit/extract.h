// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/extract.h — finding IRIs in running text (RFC 3987 §7.3, RFC 3986 appendix C).
//
// Text in any script: a non-ASCII character does not end an IRI, so "https://例え.jp/パス" is
// found whole in a Japanese sentence. What a reader takes as punctuation around the IRI is left
// out: trailing ". , ! ? : ;" (and their full-width, ideographic, Arabic forms), closing brackets
// and quotes that have no opening partner inside the IRI, while balanced parentheses are kept
// ("https://en.wikipedia.org/wiki/Rust_(language)"). Every result is a valid IRI (parse_iri).
//
//   std::string_view text = "詳しくは「https://例え.jp/パス」を見てください。";
//   for (const irikit::extracted& e : irikit::extract_iris(text)) {
//     e.iri;             // "https://例え.jp/パス"
//     e.begin, e.end;    // byte offsets of the IRI in `text`
//   }
//
// How a candidate is found:
//   - delimited: "<" IRI ">" or "<URL:" IRI ">" (RFC 3986 appendix C) is taken whole when the
//     text between the delimiters is a valid IRI; no trimming happens inside delimiters;
//   - scheme: a scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) then ":", the scheme being
//     the longest run of scheme characters before the ":" that starts with a letter (so
//     "1.http://a" in a numbered list gives "http://a", "x2http://a" gives "x2http://a", and
//     "例http://a" gives "http://a"). To keep "note: see below" from being
//     found, the scheme must be followed by "//", or be one of the schemes that are written
//     without it: mailto, urn, tel, data, news, sms, sip, sips, xmpp, geo, magnet (any case);
//   - www (with `extract_options::www`): "www." starting a word; the result is the text as
//     written (no scheme is added); it is checked as the IRI "http://" + text.
// The candidate then runs over IRI characters: printable ASCII except space and
// < > " { } | \ ^ ` , and every well-formed non-ASCII character except spaces (U+00A0, U+1680,
// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF), bidi formatting characters
// (RFC 3987 §4.1 forbids them in IRIs) and the ideographic comma and full stop (U+3001, U+3002):
// CJK text does not put spaces between words, so those end an IRI as a space would.
// Then trailing punctuation and unbalanced closers are trimmed (repeatedly, in any order). If the
// result is still not a valid IRI, it is cut at the first offending character (and trimmed again)
// until it is valid; a candidate left with nothing after "scheme:" (or "scheme://") is dropped.
#ifndef IRIKIT_EXTRACT_H
#define IRIKIT_EXTRACT_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "irikit/error.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How an IRI was found.
enum class extracted_form : std::uint8_t {
  scheme,     ///< starts with its scheme in running text
  delimited,  ///< between "<" and ">" (or "<URL:" and ">")
  www,        ///< a scheme-less "www." form (only with extract_options::www)
};

/// "scheme", "delimited", "www".
std::string_view extracted_form_name(extracted_form f) noexcept;

struct extract_options {
  /// Also find scheme-less "www.example.org/..." forms.
  bool www = false;
};

/// One IRI found in a text.
struct extracted {
  std::size_t begin = 0;  ///< byte offset of the first byte of the IRI in the text
  std::size_t end = 0;    ///< byte offset just past its last byte
  std::string_view iri;   ///< text.substr(begin, end - begin): a view into the caller's text
  extracted_form form = extracted_form::scheme;
};

/// Every IRI in `text`, in text order, none overlapping. Empty when the thread's cancellation hook
/// (irikit/cancel.h) stopped the search: use extract_iris_into to tell that apart.
std::vector<extracted> extract_iris(std::string_view text, const extract_options& options = {});

/// The same, appended to `out` (whose memory is reused); returns how many were appended. The only
/// error is `cancelled` (irikit/cancel.h); `out` is then left as it was.
result<std::size_t> extract_iris_into(std::string_view text, std::vector<extracted>& out,
                                      const extract_options& options = {});

/// The same, one at a time and without a list: `found` is called with each IRI as soon as it is
/// settled, in text order; returns how many. The memory used stays the same however many IRIs a
/// long text holds, and no step copies a list (a growing list's copy cannot be cancelled). The
/// only error is `cancelled`, after the calls for the IRIs found before the stop.
result<std::size_t> extract_iris_each(std::string_view text,
                                      const std::function<void(const extracted&)>& found,
                                      const extract_options& options = {});

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_EXTRACT_H
