// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_resolve — reference resolution and relativization (RFC 3986 §5.2, RFC 3987 §6.5). The input
// is "BASE\nREFERENCE" after an options byte; a line that does not parse is still fed to
// remove_dot_segments.
//   - resolve succeeds for every IRI base and IRI reference; the target is a valid IRI whose
//     parts are those the parser finds; resolve_into and the string form agree;
//   - the target resolves to itself against any base (it has no dot-segments left);
//   - relativize(base, target), when it succeeds, resolves back to exactly the target, and it
//     succeeds for every target that resolve produced (strict, default options);
//   - remove_dot_segments is idempotent and never lengthens the path.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/iri.h"
#include "irikit/resolve.h"

namespace {
using namespace irikit;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const auto [base_text, ref_text, two] = irikit_fuzz::split_once(fuzz_input.substr(1), '\n');

  dot_segment_options dots;
  dots.percent_encoded_dots = (flags & 1) == 0;
  for (std::string_view path : {base_text, ref_text}) {
    const std::string once = remove_dot_segments(path, dots);
    FUZZ_CHECK(once.size() <= path.size() + 1, once);
    FUZZ_CHECK(remove_dot_segments(once, dots) == once, "remove_dot_segments is not idempotent: " + once);
    std::string appended = "prefix";
    remove_dot_segments_into(path, appended, dots);
    FUZZ_CHECK(appended == "prefix" + once);
  }
  if (!two) return 0;

  const auto base = parse_iri(base_text);
  const auto ref = parse_iri_reference(ref_text);
  if (!base || !ref) {
    const auto r = resolve(base_text, ref_text);
    FUZZ_CHECK(!r.has_value());
    FUZZ_CHECK(r.error() == (ref ? base.error() : ref.error()) ||
               r.error() == (base ? ref.error() : base.error()));
    return 0;
  }
  resolve_options options;
  options.strict = (flags & 2) == 0;
  options.remove_dots_from_base_path = (flags & 4) != 0;
  options.dots = dots;

  const auto target = resolve(*base, *ref, options);
  FUZZ_CHECK(target.has_value(), describe(target.error(), ref_text));
  const std::string& t = target->str();
  const auto reparsed = parse_iri(t);
  FUZZ_CHECK(reparsed.has_value(), "target is not an IRI: " + t);
  FUZZ_CHECK(reparsed->parts() == target->parts(), "target parts differ from the parser's: " + t);
  std::string buffer = "junk";
  const auto parts = resolve_into(*base, *ref, buffer, options);
  FUZZ_CHECK(parts.has_value() && buffer == t && *parts == target->parts(), buffer);
  const auto by_text = resolve(base_text, ref_text, options);
  FUZZ_CHECK(by_text.has_value() && by_text->str() == t);
  // The fragment comes from the reference alone (RFC 3986 §5.2.2).
  FUZZ_CHECK(target->fragment() == ref->fragment(), t);

  // The target has no dot-segments left, so it resolves to itself against any base — except when
  // the reference has no scheme, authority or path: then the base path is used as written, dot-
  // segments included (RFC 3986 §5.2.2 "T.path = Base.path"; docs/resolution.md).
  // (Non-strict resolution ignores a scheme equal to the base's, so "http:" counts as empty.)
  const bool base_path_as_written = (!ref->is_absolute() || !options.strict) && !ref->has_authority() &&
                                    ref->path().empty() && !options.remove_dots_from_base_path;
  if (base_path_as_written) return 0;
  resolve_options self_options;
  self_options.dots = dots;
  const auto self = resolve(*base, *reparsed, self_options);
  FUZZ_CHECK(self.has_value() && self->str() == t,
             "resolve(base, target) != target: " + self->str() + " vs " + t);

  if (options.strict && !options.remove_dots_from_base_path && dots.percent_encoded_dots) {
    const auto back = relativize(*base, *reparsed);
    FUZZ_CHECK(back.has_value(), "relativize failed on a resolved target: " + t);
    const auto round = resolve(*base, back->view());
    FUZZ_CHECK(round.has_value() && round->str() == t, "resolve(base, relativize(base, t)) != t: " +
                                                           back->str() + " -> " + round->str() + " vs " + t);
    FUZZ_CHECK(back->str().size() <= t.size(), "relativize is longer than the target: " + back->str());
  }
  // A reference that is itself an IRI, relativized directly.
  if (const auto ref_iri = parse_iri(ref_text)) {
    const auto back = relativize(*base, *ref_iri);
    if (back) {
      const auto round = resolve(*base, back->view());
      FUZZ_CHECK(round.has_value() && round->str() == ref_text,
                 "resolve(base, relativize(base, t)) != t: " + back->str() + " -> " + round->str());
    } else {
      FUZZ_CHECK(back.error().code == error_code::not_relativizable);
      FUZZ_CHECK(back.error().offset <= ref_text.size());
    }
  }
  return 0;
}
