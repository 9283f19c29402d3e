// SPDX-License-Identifier: MIT OR Apache-2.0
// Suites over sophia-iri/sophia-iri-tests.json (github:pchampin/sophia_rs iri/src/test.rs):
// valid IRI references with their component split, and invalid ones. The `relative` section
// (resolution) belongs to the resolution suites.
#include <string>

#include "irikit/iri.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "sophia-iri/sophia-iri-tests.json";

/// [iri_ref, [is_absolute, scheme, authority, path, query, fragment]]; null means absent.
void run_positive(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "positive")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at(0).get<std::string>();
    const nlohmann::json& expected = c.at(1);
    const auto r = parse_iri_reference(input);
    if (!r) {
      report.fail(id, input, "parses as an IRI reference", describe(r.error(), input));
      continue;
    }
    component_diff diff;
    diff.check("is_absolute", expected.at(0).get<bool>(), r->is_absolute());
    diff.check("scheme", optional_string(expected.at(1)), r->scheme());
    diff.check("authority", optional_string(expected.at(2)), r->authority());
    diff.check("path", optional_string(expected.at(3)), r->path());
    diff.check("query", optional_string(expected.at(4)), r->query());
    diff.check("fragment", optional_string(expected.at(5)), r->fragment());
    if (diff.empty()) {
      report.pass(id);
    } else {
      report.fail(id, input, diff.expected(), diff.actual());
    }
  }
}

/// Each case must be rejected as an IRI reference.
void run_negative(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "negative")) {
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

const register_suite positive{"sophia-iri/positive", run_positive};
const register_suite negative{"sophia-iri/negative", run_negative};

}  // namespace
}  // namespace irikit::conformance
