// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/resolve.h — reference resolution (RFC 3986 §5.2 applied to IRIs, RFC 3987 §6.5),
// remove_dot_segments (RFC 3986 §5.2.4) and its inverse, relativization.
//
// Resolution is purely syntactic and never touches the Unicode backend: the characters RFC 3987
// adds (ucschar, iprivate) behave exactly like unreserved ones (RFC 3987 §6.5).
//
//   auto base = irikit::parse_iri("http://a/b/c/d;p?q");
//   auto ref = irikit::parse_iri_reference("../g?y#s");
//   auto r = irikit::resolve(*base, *ref);           // r->text() == "http://a/b/g?y#s"
//   auto back = irikit::relativize(*base, *r);       // back->text() == "../g?y#s"
//
//   std::string buffer;                              // reused across calls: no allocation once
//   auto parts = irikit::resolve_into(*base, *ref, buffer);   // it is large enough
//   irikit::iri_view v = irikit::iri_view::from_parts(buffer, *parts);
//
// The choices where test suites disagree with each other or with the letter of RFC 3986 are
// documented in docs/resolution.md; in short:
//   - the base path is used as written when the reference has an empty path (RFC 3986 §5.2.2,
//     "T.path = Base.path"): dot-segments in the base survive "?y", "#s" and "";
//   - remove_dot_segments follows §5.2.4 literally, also for rootless paths ("a/../b" → "/b");
//   - "%2E" / "%2e" count as "." in dot-segments (RFC 3986 §2.3, §6.2.2.2), unless turned off;
//   - a result without authority whose path would begin with "//" gets the prefix "/." so that it
//     stays a path ("f:/a" + ".//g" → "f:/.//g", not the authority "g").
#ifndef IRIKIT_RESOLVE_H
#define IRIKIT_RESOLVE_H

#include <string>
#include <string_view>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How dot-segments are recognised by remove_dot_segments.
struct dot_segment_options {
  /// Also treat "%2E" and "%2e" as "." ("%2E%2E", ".%2e", … as ".."). RFC 3986 §2.3: the
  /// percent-encoded form of an unreserved character is equivalent to the character, so after
  /// percent-encoding normalization these *are* dot-segments. Default on, as iri-string and the
  /// WHATWG URL Standard do; off gives the letter of §5.2.4.
  bool percent_encoded_dots = true;
};

/// Options of `resolve`.
struct resolve_options {
  /// RFC 3986 §5.2.2: strict (the default) uses a reference's scheme as is. Non-strict ignores a
  /// scheme equal (ASCII case-insensitively) to the base's, for backward compatibility with
  /// RFC 1630 parsers: "http:g" against "http://a/b/c/d;p?q" gives "http://a/b/c/g".
  bool strict = true;
  /// Also remove dot-segments from the base path when the reference's path is empty (so "?y"
  /// against "http://a/b/./c" gives "http://a/b/c?y"), as oxiri does. Off by default: RFC 3986
  /// §5.2.2 copies the base path unchanged ("T.path = Base.path").
  bool remove_dots_from_base_path = false;
  dot_segment_options dots;
};

/// RFC 3986 §5.2.4 remove_dot_segments, in linear time and space for any input. Works on any
/// path (absolute, rootless or empty); "a/../b" gives "/b" as the algorithm specifies.
std::string remove_dot_segments(std::string_view path, const dot_segment_options& options = {});
/// Appends remove_dot_segments(path) to `out` (earlier contents of `out` are never touched).
void remove_dot_segments_into(std::string_view path, std::string& out,
                              const dot_segment_options& options = {});

/// RFC 3986 §5.2.2 (with §5.2.3 merge, §5.2.4 remove_dot_segments, §5.3 recomposition): the target
/// IRI of `reference` against `base`. The base's fragment is ignored (§5.1). Fails only with
/// `input_too_long` (a result of 4 GiB or more).
result<iri> resolve(iri_view base, iri_reference_view reference, const resolve_options& options = {});

/// Parses `base` (RFC 3987 IRI) and `reference` (IRI-reference) and resolves. A parse error of the
/// reference is reported as is; one of the base too (its offset is in `base`).
result<iri> resolve(std::string_view base, std::string_view reference, const resolve_options& options = {});

/// The allocation-free form: replaces the contents of `out` with the target IRI and returns its
/// component offsets, so that `iri_view::from_parts(out, parts)` views it. `out` keeps its capacity;
/// no other allocation happens. `out` must not alias the text of `base` or `reference`.
result<iri_parts> resolve_into(iri_view base, iri_reference_view reference, std::string& out,
                               const resolve_options& options = {});

/// The shortest IRI reference `r` such that `resolve(base, r)` (strict, default options) is exactly
/// `target`: "" or "#f" for the same document, "?q", a relative path ("g", ".", "../g", "./a:b"),
/// an absolute path, a network-path ("//host/p") or the whole target when nothing shorter works.
/// Among references of equal length the earlier kind in that list wins. Every candidate is checked
/// by resolving it, so the round trip holds by construction.
///
/// Fails with `not_relativizable` when no reference resolves to `target` — when its path has
/// dot-segments that resolution would remove ("http://h/a/../b"); the offset is that of the path.
result<iri_reference> relativize(iri_view base, iri_view target);

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_RESOLVE_H
