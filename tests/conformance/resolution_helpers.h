// SPDX-License-Identifier: MIT OR Apache-2.0
// resolution_helpers.h — checks shared by the resolution and normalization suites
// (suite_resolution_*.cpp, suite_normalization_*.cpp).
#ifndef IRIKIT_TESTS_CONFORMANCE_RESOLUTION_HELPERS_H
#define IRIKIT_TESTS_CONFORMANCE_RESOLUTION_HELPERS_H

#include <string>
#include <string_view>
#include <utility>

#include "irikit/iri.h"
#include "irikit/resolve.h"
#include "runner.h"

namespace irikit::conformance {

/// The failure input of a resolution case: `"ref" against "base"`.
inline std::string resolution_input(std::string_view reference, std::string_view base) {
  return printable(reference) + " against " + printable(base);
}

/// resolve(base, reference) must give `expected` (RFC 3986 §5.2). A base that is not an RFC 3987
/// IRI is a skip: irikit's base is an absolute IRI by type (RFC 3986 §5.1, §5.2.1).
inline void check_resolution(suite_report& report, std::string id, std::string_view reference,
                             std::string_view base, std::string_view expected,
                             const resolve_options& options = {}) {
  const auto b = parse_iri(base);
  if (!b) {
    report.skip(std::move(id),
                "base is not an absolute IRI (RFC 3986 §5.2.1 requires one; irikit takes it as iri_view)");
    return;
  }
  const auto r = parse_iri_reference(reference);
  if (!r) {
    report.fail(std::move(id), resolution_input(reference, base), std::string(expected),
                "reference rejected: " + describe(r.error(), reference));
    return;
  }
  const auto t = resolve(*b, *r, options);
  if (!t) {
    report.fail(std::move(id), resolution_input(reference, base), std::string(expected),
                describe(t.error(), ""));
  } else if (t->text() != expected) {
    report.fail(std::move(id), resolution_input(reference, base), std::string(expected),
                std::string(t->text()));
  } else {
    report.pass(std::move(id));
  }
}

}  // namespace irikit::conformance

#endif  // IRIKIT_TESTS_CONFORMANCE_RESOLUTION_HELPERS_H
