// SPDX-License-Identifier: MIT OR Apache-2.0
// Suites over rfc/rfc-examples.json: the examples of RFC 3986 and RFC 3987, transcribed from the
// RFC text.
//
//   rfc-examples/rfc3986_1.1.2_valid_uris  the §1.1.2 example URIs parse (RFC 3986 URI)
//   rfc-examples/rfc3986_3_components      the §3 examples split into the right components
//   rfc-examples/parse-only                every other string the RFCs present as a valid URI, IRI,
//                                          reference or path parses under the matching rule; what
//                                          the examples assert beyond that (resolution, conversion,
//                                          equivalence) belongs to the suites for those operations
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "irikit/iri.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "rfc/rfc-examples.json";

void run_valid_uris(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "rfc3986_1.1.2_valid_uris")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.get<std::string>();
    const auto r = parse_uri(input);
    if (r) {
      report.pass(id);
    } else {
      report.fail(id, input, "parses as a URI (RFC 3986)", describe(r.error(), input));
    }
  }
}

void run_components(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "rfc3986_3_components")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at("uri").get<std::string>();
    const auto r = parse_uri(input);
    if (!r) {
      report.fail(id, input, "parses as a URI (RFC 3986)", describe(r.error(), input));
      continue;
    }
    component_diff diff;
    diff.check("scheme", optional_string(c.at("scheme")), r->scheme());
    diff.check("authority", optional_string(c.at("authority")), r->authority());
    diff.check("path", optional_string(c.at("path")), r->path());
    diff.check("query", optional_string(c.at("query")), r->query());
    diff.check("fragment", optional_string(c.at("fragment")), r->fragment());
    if (diff.empty()) {
      report.pass(id);
    } else {
      report.fail(id, input, diff.expected(), diff.actual());
    }
  }
}

// --- parse-only --------------------------------------------------------------------------------

/// Checks that `value` (a JSON string) parses under `r`; the id names where it came from.
void expect_parses(suite_report& report, std::string id, const nlohmann::json& value, rule r) {
  const std::string input = value.get<std::string>();
  const auto parsed = parse(input, r);
  if (parsed) {
    report.pass(std::move(id));
  } else {
    report.fail(std::move(id), input, "parses as " + std::string(rule_name(r)),
                describe(parsed.error(), input));
  }
}

/// Each listed field of each case, when present.
void expect_case_fields(suite_report& report, const std::string& section, const nlohmann::json& cases,
                        std::initializer_list<std::pair<std::string_view, rule>> fields) {
  std::size_t index = 0;
  for (const auto& c : cases) {
    const std::string prefix = section + "/" + std::to_string(index++) + "/";
    for (const auto& [field, r] : fields) {
      const auto it = c.find(field);
      if (it != c.end()) expect_parses(report, prefix + std::string(field), *it, r);
    }
  }
}

/// `groups[i].members[j]` (and `groups[i].normal_form`) and `non_equivalent[i][j]`.
void expect_equivalence_strings(suite_report& report, const std::string& section, const nlohmann::json& data,
                                rule r) {
  std::size_t g = 0;
  for (const auto& group : data.at("groups")) {
    const std::string prefix = section + "/groups/" + std::to_string(g++) + "/";
    std::size_t m = 0;
    for (const auto& member : group.at("members")) {
      expect_parses(report, prefix + "members/" + std::to_string(m++), member, r);
    }
    if (const auto it = group.find("normal_form"); it != group.end()) {
      expect_parses(report, prefix + "normal_form", *it, r);
    }
  }
  std::size_t p = 0;
  for (const auto& pair : data.at("non_equivalent")) {
    const std::string prefix = section + "/non_equivalent/" + std::to_string(p++) + "/";
    std::size_t k = 0;
    for (const auto& member : pair) expect_parses(report, prefix + std::to_string(k++), member, r);
  }
}

void run_parse_only(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  for (const auto& [section, value] : data.items()) {
    if (section.starts_with("_")) continue;  // _source and other metadata
    if (section == "rfc3986_1.1.2_valid_uris" || section == "rfc3986_3_components") continue;  // own suites

    if (section == "rfc3986_5.4.1_normal" || section == "rfc3986_5.4.2_abnormal") {
      // RFC 3986 §5.4: the base is a URI, each example a URI-reference, each result a URI.
      expect_parses(report, section + "/base", value.at("base"), rule::uri);
      expect_case_fields(
          report, section, value.at("cases"),
          {{"ref", rule::uri_reference}, {"expected", rule::uri}, {"expected_nonstrict", rule::uri}});
    } else if (section == "rfc3986_5.2.4_remove_dot_segments") {
      // Paths: a path-absolute or path-noscheme on its own is a relative-ref (RFC 3986 §4.2).
      expect_case_fields(report, section, value.at("cases"),
                         {{"input", rule::relative_uri}, {"expected", rule::relative_uri}});
    } else if (section == "rfc3986_6.2.2_equivalent") {
      expect_equivalence_strings(report, section, value, rule::uri);
    } else if (section == "rfc3987_3.1_iri_to_uri") {
      expect_case_fields(report, section, value.at("cases"),
                         {{"iri", rule::iri}, {"uri", rule::uri}, {"uri_idna", rule::uri}});
    } else if (section == "rfc3987_3.2_uri_to_iri") {
      expect_case_fields(report, section, value.at("cases"),
                         {{"uri", rule::uri}, {"iri", rule::iri}, {"iri_with_idna_tounicode", rule::iri}});
    } else if (section == "rfc3987_5.3_equivalence") {
      expect_equivalence_strings(report, section, value, rule::iri);
      // §5.3.2.2: both spellings are valid IRIs; only the comparison differs.
      const nlohmann::json& nfc = value.at("nfc");
      expect_parses(report, section + "/nfc/in_nfc", nfc.at("in_nfc"), rule::iri);
      expect_parses(report, section + "/nfc/not_in_nfc", nfc.at("not_in_nfc"), rule::iri);
    } else {
      report.skip(section, "section unknown to this runner: teach suite_rfc_examples.cpp which rule applies");
    }
  }
}

const register_suite valid_uris{"rfc-examples/rfc3986_1.1.2_valid_uris", run_valid_uris};
const register_suite components{"rfc-examples/rfc3986_3_components", run_components};
const register_suite parse_only{"rfc-examples/parse-only", run_parse_only};

}  // namespace
}  // namespace irikit::conformance
