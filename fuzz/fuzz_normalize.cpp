// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_normalize — normalization and the comparison ladder (RFC 3987 §5.3). The input is "A\nB"
// after an options byte.
//   - normalize succeeds on every IRI reference, yields a valid IRI reference with the same
//     structure (scheme, authority, query, fragment present or not), and is idempotent, at each
//     rung and with each option the options byte turns on;
//   - a reference is equivalent to its own normal form at that rung;
//   - equivalence is reflexive and symmetric at every rung, and the rungs nest: simple ⇒ syntax ⇒
//     scheme; it agrees with comparing normal forms.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"

namespace {
using namespace irikit;

constexpr comparison_level k_levels[] = {comparison_level::simple, comparison_level::syntax,
                                         comparison_level::scheme};

void check_normalize(std::string_view fuzz_input, const iri_reference_view& v,
                     const normalize_options& options, const char* what) {
  const auto n = normalize(v, options);
  FUZZ_CHECK(n.has_value(), what);
  const auto reparsed = parse_iri_reference(n->str());
  FUZZ_CHECK(reparsed.has_value(), std::string(what) + " output is not an IRI reference: " + n->str());
  FUZZ_CHECK(reparsed->parts() == n->parts(),
             std::string(what) + " parts differ from the parser's: " + n->str());
  const iri_parts &a = v.parts(), &b = n->parts();
  FUZZ_CHECK(a.has_scheme == b.has_scheme && a.has_query == b.has_query && a.has_fragment == b.has_fragment,
             std::string(what) + " changed the structure: " + n->str());
  // An authority is kept (file: "localhost" may become empty, never absent).
  FUZZ_CHECK(a.has_authority == b.has_authority, std::string(what) + " changed the authority: " + n->str());
  const auto twice = normalize(n->view(), options);
  FUZZ_CHECK(twice.has_value() && twice->str() == n->str(),
             std::string(what) + " is not idempotent: " + n->str() + " -> " + twice->str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const auto [a_text, b_text, two] = irikit_fuzz::split_once(fuzz_input.substr(1), '\n');
  const auto a = parse_iri_reference(a_text);
  if (!a) {
    const auto n = normalize(a_text);
    FUZZ_CHECK(!n.has_value() && n.error() == a.error());
    return 0;
  }

  check_normalize(fuzz_input, *a, normalize_options::syntax(), "normalize (syntax)");
  check_normalize(fuzz_input, *a, normalize_options::scheme(), "normalize (scheme)");
  normalize_options custom = (flags & 1) ? normalize_options::scheme() : normalize_options::syntax();
  custom.case_normalization = (flags & 2) == 0;
  custom.percent_encoding = (flags & 4) == 0;
  custom.iri_form = (flags & 8) == 0;
  custom.path_segments = (flags & 16) == 0;
  custom.character_nfc = (flags & 32) != 0;
  custom.empty_port = (flags & 64) == 0;
  custom.dots.percent_encoded_dots = (flags & 128) == 0;
  check_normalize(fuzz_input, *a, custom, "normalize (options byte)");

  compare_options compare;
  compare.character_nfc = (flags & 32) != 0;
  compare.include_fragment = (flags & 64) == 0;
  for (comparison_level level : k_levels) {
    FUZZ_CHECK(equivalent(*a, *a, level, compare), comparison_level_name(level));
    FUZZ_CHECK(comparison_level_from_name(comparison_level_name(level)) == level);
  }
  // Equivalent to its own normal form.
  const auto syntax_form = normalize(*a, normalize_options::syntax());
  FUZZ_CHECK(equivalent(*a, syntax_form->view(), comparison_level::syntax), syntax_form->str());
  FUZZ_CHECK(equivalent(*a, syntax_form->view(), comparison_level::scheme), syntax_form->str());
  const auto scheme_form = normalize(*a, normalize_options::scheme());
  FUZZ_CHECK(equivalent(*a, scheme_form->view(), comparison_level::scheme), scheme_form->str());

  if (!two) return 0;
  const auto b = parse_iri_reference(b_text);
  if (!b) {
    const auto r = equivalent(a_text, b_text, comparison_level::simple);
    FUZZ_CHECK(!r.has_value() && r.error() == b.error());
    return 0;
  }
  bool previous = false;
  for (comparison_level level : k_levels) {
    const bool ab = equivalent(*a, *b, level, compare);
    FUZZ_CHECK(ab == equivalent(*b, *a, level, compare), comparison_level_name(level));
    FUZZ_CHECK(!previous || ab, "the ladder does not nest at " + std::string(comparison_level_name(level)));
    const auto by_text = equivalent(a_text, b_text, level, compare);
    FUZZ_CHECK(by_text.has_value() && *by_text == ab);
    previous = ab;
  }
  // Default compare options agree with comparing the normal forms (fragments included).
  const bool syntax_eq = equivalent(*a, *b, comparison_level::syntax);
  const auto b_syntax = normalize(*b, normalize_options::syntax());
  FUZZ_CHECK(syntax_eq == (syntax_form->str() == b_syntax->str()),
             syntax_form->str() + " vs " + b_syntax->str());
  FUZZ_CHECK(equivalent(*a, *b, comparison_level::simple) == (a_text == b_text));
  return 0;
}
