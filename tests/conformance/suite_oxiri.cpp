// SPDX-License-Identifier: MIT OR Apache-2.0
// Suites over oxiri/oxiri-tests.json (github:oxigraph/oxiri tests/lib.rs): validity of absolute
// IRIs and IRI references. The resolution and relativization sections belong to the resolution
// suites.
#include <string>

#include "irikit/iri.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "oxiri/oxiri-tests.json";

/// `Iri::parse` must succeed: oxiri's `Iri` is RFC 3987 `IRI` (scheme required, fragment allowed).
void run_valid_absolute_iris(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "valid_absolute_iris")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.get<std::string>();
    const auto r = parse_iri(input);
    if (r) {
      report.pass(id);
    } else {
      report.fail(id, input, "parses as an IRI", describe(r.error(), input));
    }
  }
}

/// `IriRef::parse` must succeed. oxiri also resolves each case against http://a/b/c/d;p?q; that
/// half is checked by the resolution suite, and cannot fail for a valid reference anyway
/// (RFC 3986 §5.2.2 is defined for every reference when the base has a scheme).
void run_valid_iri_references(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "valid_iri_references")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.get<std::string>();
    const auto r = parse_iri_reference(input);
    if (r) {
      report.pass(id);
    } else {
      report.fail(id, input, "parses as an IRI reference", describe(r.error(), input));
    }
  }
}

/// oxiri asserts that parsing *or* resolving against http://a/b/c/d;p?q fails. The base has a
/// scheme, so by RFC 3986 §5.2.2 resolution is total over valid references: a case can only fail
/// at parse time. Every one of the 87 cases was also read against the RFC 3987 §2.2 grammar and
/// none is a syntactically valid IRI-reference, so a successful parse is a failure, not a skip.
void run_invalid_iri_references(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "invalid_iri_references")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.get<std::string>();
    const auto r = parse_iri_reference(input);
    if (!r) {
      report.pass(id);
    } else {
      report.fail(id, input, "rejected (not an RFC 3987 IRI-reference)",
                  "parsed: " + describe_components(*r));
    }
  }
}

const register_suite valid_absolute_iris{"oxiri/valid_absolute_iris", run_valid_absolute_iris};
const register_suite valid_iri_references{"oxiri/valid_iri_references", run_valid_iri_references};
const register_suite invalid_iri_references{"oxiri/invalid_iri_references", run_invalid_iri_references};

}  // namespace
}  // namespace irikit::conformance
