// SPDX-License-Identifier: MIT OR Apache-2.0
// Suites over iri-string/iri-string-tests.json (github:lo48576/iri-string tests/): the component
// decomposition of 138 IRI references. The normal forms, `resolve`, percent-encoded dots and
// `iri_to_uri` belong to the normalization, resolution and conversion suites.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "irikit/iri.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "iri-string/iri-string-tests.json";

/// iri-string splits userinfo into user and password at the first ':' (RFC 3986 §3.2.1 deprecates
/// the "user:password" form but iri-string still exposes it); password is absent without a ':'.
std::pair<std::optional<std::string_view>, std::optional<std::string_view>> split_userinfo(
    const std::optional<std::string_view>& userinfo) {
  if (!userinfo) return {std::nullopt, std::nullopt};
  const auto colon = userinfo->find(':');
  if (colon == std::string_view::npos) return {*userinfo, std::nullopt};
  return {userinfo->substr(0, colon), userinfo->substr(colon + 1)};
}

/// Parse `composed` as an IRI reference and compare every component (null means absent).
void run_components(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "components")) {
    // Names repeat (e.g. "IPv6 address"), so the id is the index.
    const std::string id = std::to_string(index++);
    const std::string input = c.at("composed").get<std::string>();
    const nlohmann::json& expected = c.at("components");
    const auto r = parse_iri_reference(input);
    if (!r) {
      report.fail(id, input, "parses as an IRI reference", describe(r.error(), input));
      continue;
    }
    const auto [user, password] = split_userinfo(r->userinfo());
    component_diff diff;
    diff.check("scheme", optional_string(expected.at("scheme")), r->scheme());
    diff.check("user", optional_string(expected.at("user")), user);
    diff.check("password", optional_string(expected.at("password")), password);
    diff.check("host", optional_string(expected.at("host")), r->host());
    diff.check("port", optional_string(expected.at("port")), r->port());
    diff.check("path", optional_string(expected.at("path")), r->path());
    diff.check("query", optional_string(expected.at("query")), r->query());
    diff.check("fragment", optional_string(expected.at("fragment")), r->fragment());
    if (diff.empty()) {
      report.pass(id);
    } else {
      report.fail(id, input, diff.expected(), diff.actual());
    }
  }
}

/// `different_iris` lists IRIs that must not be equivalent to the case's `composed` form. Only
/// the parsing half is checked here: each one is presented as a valid IRI, so it must parse. The
/// non-equivalence itself belongs to the normalization suite. Ids are "<case>/<n>".
void run_different_iris_parse_only(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "components")) {
    const std::size_t case_index = index++;
    std::size_t n = 0;
    for (const auto& other : c.at("different_iris")) {
      const std::string id = std::to_string(case_index) + "/" + std::to_string(n++);
      const std::string input = other.get<std::string>();
      const auto r = parse_iri_reference(input);
      if (r) {
        report.pass(id);
      } else {
        report.fail(id, input, "parses as an IRI reference", describe(r.error(), input));
      }
    }
  }
}

const register_suite components{"iri-string/components", run_components};
const register_suite different_iris{"iri-string/different_iris/parse-only", run_different_iris_parse_only};

}  // namespace
}  // namespace irikit::conformance
