// SPDX-License-Identifier: MIT OR Apache-2.0
// Resolution suites over the smaller sources (docs/resolution.md explains every choice):
//
//   rfc-examples/rfc3986_5.4.1_normal            RFC 3986 §5.4.1, against http://a/b/c/d;p?q
//   rfc-examples/rfc3986_5.4.2_abnormal          §5.4.2, strict (and non-strict where given)
//   rfc-examples/rfc3986_5.2.4_remove_dot_segments
//   sophia-iri/relative                          RFC 3986 §5.4 again, through sophia's eyes
//   iri-string/resolve                           [reference, base, expected, normalized|null]
//   iri-string/resolve_percent_encoded_dots      [base, reference, expected]
//   uri-js/resolve                               [ref, base, expected]
//   rdf-tests/turtle-iri-resolution              W3C Turtle IRI-resolution-0{1,2,7,8}
//   relative-to-absolute-iri/resolve             resolve(value, base)
//   relative-to-absolute-iri/removeDotSegments   their removeDotSegments(path), see below
#include <string>
#include <string_view>

#include "irikit/resolve.h"
#include "resolution_helpers.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

void run_rfc_section(const std::filesystem::path& dir, suite_report& report, const char* section) {
  const nlohmann::json data = load_json(dir, "rfc/rfc-examples.json");
  const nlohmann::json& s = data.at(section);
  const std::string base = s.at("base").get<std::string>();
  std::size_t index = 0;
  for (const auto& c : s.at("cases")) {
    const std::string id = std::to_string(index++);
    const std::string ref = c.at("ref").get<std::string>();
    check_resolution(report, id + "/expected", ref, base, c.at("expected").get<std::string>());
    if (const auto it = c.find("expected_nonstrict"); it != c.end()) {
      resolve_options lenient;
      lenient.strict = false;  // §5.2.2: the backward-compatible reading
      check_resolution(report, id + "/expected_nonstrict", ref, base, it->get<std::string>(), lenient);
    }
  }
}

void run_rfc_normal(const std::filesystem::path& dir, suite_report& report) {
  run_rfc_section(dir, report, "rfc3986_5.4.1_normal");
}
void run_rfc_abnormal(const std::filesystem::path& dir, suite_report& report) {
  run_rfc_section(dir, report, "rfc3986_5.4.2_abnormal");
}

void check_dot_segments(suite_report& report, std::string id, std::string_view input,
                        std::string_view expected) {
  const std::string actual = remove_dot_segments(input);
  if (actual == expected) {
    report.pass(std::move(id));
  } else {
    report.fail(std::move(id), printable(input), std::string(expected), actual);
  }
}

void run_rfc_dot_segments(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "rfc/rfc-examples.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "rfc3986_5.2.4_remove_dot_segments")) {
    check_dot_segments(report, std::to_string(index++), c.at("input").get<std::string>(),
                       c.at("expected").get<std::string>());
  }
}

void run_sophia(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "sophia-iri/sophia-iri-tests.json");
  const std::string base = data.at("relative").at("base").get<std::string>();
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "relative")) {
    check_resolution(report, std::to_string(index++), c.at(0).get<std::string>(), base,
                     c.at(1).get<std::string>());
  }
}

void run_iri_string(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve")) {
    // The fourth value (the result after normalization) is checked by iri-string/resolve_normalized.
    check_resolution(report, std::to_string(index++), c.at(0).get<std::string>(), c.at(1).get<std::string>(),
                     c.at(2).get<std::string>());
  }
}

void run_iri_string_dots(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve_percent_encoded_dots")) {
    check_resolution(report, std::to_string(index++), c.at(1).get<std::string>(), c.at(0).get<std::string>(),
                     c.at(2).get<std::string>());
  }
}

void run_uri_js(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "uri-js/uri-js-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve")) {
    check_resolution(report, std::to_string(index++), c.at(0).get<std::string>(), c.at(1).get<std::string>(),
                     c.at(2).get<std::string>());
  }
}

void run_rdf_tests(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "rdf-tests/turtle-iri-resolution.json");
  std::size_t index = 0;
  for (const auto& c : data.at("cases")) {
    check_resolution(report, std::to_string(index++), c.at("ref").get<std::string>(),
                     c.at("base").get<std::string>(), c.at("expected").get<std::string>());
  }
}

/// resolve(value, base). A null or empty base means "no base": the value must then be an absolute
/// IRI, and resolving it against itself is exactly §5.2.2's absolute branch (its dot-segments are
/// removed). An expected "error" passes when irikit refuses too (a base or value that is not an IRI).
void run_rel2abs_resolve(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "relative-to-absolute-iri/relative-to-absolute-iri-tests.json");
  std::size_t index = 0;
  for (const auto& c : data.at("cases")) {
    const std::string id = std::to_string(index++);
    if (c.at("fn").get<std::string>() != "resolve") continue;
    const std::string value = c.at("value").get<std::string>();
    const std::optional<std::string> base_field = optional_string(c.at("base"));
    const std::string base = base_field && !base_field->empty() ? *base_field : value;
    if (c.contains("error")) {
      const auto r = resolve(base, value);
      if (!r) {
        report.pass(id);
      } else {
        report.fail(id, resolution_input(value, base), "error", printable(r->text()));
      }
      continue;
    }
    check_resolution(report, id, value, base, c.at("expected").get<std::string>());
  }
}

/// Their removeDotSegments works on the path-and-after of a hierarchical IRI: a path without a
/// leading "/" is taken as rooted, and the query and fragment are left alone. That is
/// remove_dot_segments("/" + path) followed by the rest, which is what we check.
void run_rel2abs_dots(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "relative-to-absolute-iri/relative-to-absolute-iri-tests.json");
  std::size_t index = 0;
  for (const auto& c : data.at("cases")) {
    const std::string id = std::to_string(index++);
    if (c.at("fn").get<std::string>() != "removeDotSegments") continue;
    const std::string value = c.at("value").get<std::string>();
    const std::size_t end = value.find_first_of("?#");
    std::string path = value.substr(0, end);
    if (path.empty() || path.front() != '/') path.insert(0, "/");
    std::string actual = remove_dot_segments(path);
    if (end != std::string::npos) actual.append(value.substr(end));
    const std::string expected = c.at("expected").get<std::string>();
    if (actual == expected) {
      report.pass(id);
    } else {
      report.fail(id, printable(value), expected, actual);
    }
  }
}

const register_suite rfc_normal{"rfc-examples/rfc3986_5.4.1_normal", run_rfc_normal};
const register_suite rfc_abnormal{"rfc-examples/rfc3986_5.4.2_abnormal", run_rfc_abnormal};
const register_suite rfc_dot_segments{"rfc-examples/rfc3986_5.2.4_remove_dot_segments", run_rfc_dot_segments};
const register_suite sophia{"sophia-iri/relative", run_sophia};
const register_suite iri_string{"iri-string/resolve", run_iri_string};
const register_suite iri_string_dots{"iri-string/resolve_percent_encoded_dots", run_iri_string_dots};
const register_suite uri_js{"uri-js/resolve", run_uri_js};
const register_suite rdf_tests{"rdf-tests/turtle-iri-resolution", run_rdf_tests};
const register_suite rel2abs_resolve{"relative-to-absolute-iri/resolve", run_rel2abs_resolve};
const register_suite rel2abs_dots{"relative-to-absolute-iri/removeDotSegments", run_rel2abs_dots};

}  // namespace
}  // namespace irikit::conformance
