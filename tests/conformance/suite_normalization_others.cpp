// SPDX-License-Identifier: MIT OR Apache-2.0
// Normalization and comparison suites (RFC 3987 §5.3, RFC 3986 §6); choices in docs/resolution.md.
//
//   rfc-examples/rfc3986_6.2.2_equivalent   groups equivalent at their rung, normal forms, and pairs
//                                           that must stay different (scheme rung)
//   rfc-examples/rfc3987_5.3_equivalence    the same for RFC 3987 §5.3, plus §5.3.2.2 (NFC)
//   uri-js/normalize                        URI.normalize: the scheme rung (then to_uri where
//                                           uri-js maps to a URI)
//   uri-js/equal                            pairs equivalent at the scheme rung
//   iri-string/normalize                    normalized_iri (syntax rung) and normalized_uri
//                                           (syntax rung, then to_uri), whatwg variants aside
//   iri-string/different_iris               IRIs that must NOT be equivalent (syntax rung)
//   iri-string/resolve_normalized           normalize(resolve(base, ref)) == the 4th value
#include <string>
#include <string_view>

#include "irikit/convert.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

comparison_level level_of(std::string_view normalization) {
  return normalization.starts_with("scheme") ? comparison_level::scheme : comparison_level::syntax;
}

normalize_options options_of(comparison_level level) {
  return level == comparison_level::scheme ? normalize_options::scheme() : normalize_options::syntax();
}

std::string pair_input(std::string_view a, std::string_view b) {
  return printable(a) + " vs " + printable(b);
}

/// a ≡ b at `level` must be `expected`.
void check_equivalence(suite_report& report, std::string id, std::string_view a, std::string_view b,
                       comparison_level level, bool expected, const compare_options& options = {}) {
  const result<bool> r = equivalent(a, b, level, options);
  const std::string rung(comparison_level_name(level));
  if (!r) {
    report.fail(std::move(id), pair_input(a, b), expected ? "equivalent" : "different",
                describe(r.error(), ""));
  } else if (*r != expected) {
    const auto na = normalize(a, options_of(level));
    const auto nb = normalize(b, options_of(level));
    report.fail(std::move(id), pair_input(a, b),
                std::string(expected ? "equivalent" : "different") + " at " + rung,
                (na && nb) ? printable(na->text()) + " vs " + printable(nb->text())
                           : std::string("normalize failed"));
  } else {
    report.pass(std::move(id));
  }
}

void check_normal_form(suite_report& report, std::string id, std::string_view input,
                       std::string_view expected, const normalize_options& options,
                       bool then_to_uri = false) {
  const auto n = normalize(input, options);
  if (!n) {
    report.fail(std::move(id), printable(input), std::string(expected), describe(n.error(), input));
    return;
  }
  std::string actual(n->text());
  if (then_to_uri) {
    const auto uri = to_uri(actual);
    if (!uri) {
      report.fail(std::move(id), printable(input), std::string(expected), describe(uri.error(), actual));
      return;
    }
    actual = *uri;
  }
  if (actual == expected) {
    report.pass(std::move(id));
  } else {
    report.fail(std::move(id), printable(input), std::string(expected), actual);
  }
}

/// Every member of a group is equivalent to the first at the group's rung; the normal form, when
/// given, is what the scheme rung (or syntax rung) produces; `non_equivalent` pairs differ at the
/// scheme rung, the highest one.
void run_groups(suite_report& report, const nlohmann::json& section, const std::string& prefix) {
  std::size_t g = 0;
  for (const auto& group : section.at("groups")) {
    const std::string gid = prefix + "groups/" + std::to_string(g++);
    const comparison_level level = level_of(group.at("normalization").get<std::string>());
    const auto& members = group.at("members");
    const std::string first = members.at(0).get<std::string>();
    for (std::size_t m = 1; m < members.size(); ++m) {
      check_equivalence(report, gid + "/" + std::to_string(m), first, members.at(m).get<std::string>(), level,
                        true);
    }
    if (const auto it = group.find("normal_form"); it != group.end()) {
      for (std::size_t m = 0; m < members.size(); ++m) {
        check_normal_form(report, gid + "/normal_form/" + std::to_string(m), members.at(m).get<std::string>(),
                          it->get<std::string>(), options_of(level));
      }
    }
  }
  std::size_t p = 0;
  for (const auto& pair : section.at("non_equivalent")) {
    check_equivalence(report, prefix + "non_equivalent/" + std::to_string(p++), pair.at(0).get<std::string>(),
                      pair.at(1).get<std::string>(), comparison_level::scheme, false);
  }
}

void run_rfc3986(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "rfc/rfc-examples.json");
  run_groups(report, data.at("rfc3986_6.2.2_equivalent"), "");
}

void run_rfc3987(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "rfc/rfc-examples.json");
  const nlohmann::json& section = data.at("rfc3987_5.3_equivalence");
  run_groups(report, section, "");
  // §5.3.2.2: canonically equivalent spellings are NOT equivalent unless NFC is asked for.
  const nlohmann::json& nfc = section.at("nfc");
  const std::string in = nfc.at("in_nfc").get<std::string>();
  const std::string out = nfc.at("not_in_nfc").get<std::string>();
  check_equivalence(report, "nfc/syntax", in, out, comparison_level::syntax, false);
  check_equivalence(report, "nfc/scheme", in, out, comparison_level::scheme, false);
  check_equivalence(report, "nfc/with_nfc", in, out, comparison_level::syntax, true,
                    compare_options{.include_fragment = true, .character_nfc = true});
}

void run_uri_js_normalize(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "uri-js/uri-js-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "normalize")) {
    const std::string input = c.at(0).get<std::string>();
    const std::string expected = c.at(1).get<std::string>();
    // uri-js maps to a URI unless asked for IRIs: an all-ASCII expectation for a non-ASCII input.
    const bool uri_mode = is_valid(expected, rule::uri_reference) && !is_valid(input, rule::uri_reference);
    check_normal_form(report, std::to_string(index++), input, expected, normalize_options::scheme(),
                      uri_mode);
  }
}

void run_uri_js_equal(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "uri-js/uri-js-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "equal")) {
    check_equivalence(report, std::to_string(index++), c.at(0).get<std::string>(), c.at(1).get<std::string>(),
                      comparison_level::scheme, true);
  }
}

void run_iri_string_normalize(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "components")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at("composed").get<std::string>();
    check_normal_form(report, id + "/normalized_iri", input, c.at("normalized_iri").get<std::string>(),
                      normalize_options::syntax());
    check_normal_form(report, id + "/normalized_uri", input, c.at("normalized_uri").get<std::string>(),
                      normalize_options::syntax(), true);
  }
}

void run_iri_string_different(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "components")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at("composed").get<std::string>();
    std::size_t k = 0;
    for (const auto& other : c.at("different_iris")) {
      check_equivalence(report, id + "/" + std::to_string(k++), input, other.get<std::string>(),
                        comparison_level::syntax, false);
    }
  }
}

void run_iri_string_resolve_normalized(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve")) {
    const std::string id = std::to_string(index++);
    if (c.at(3).is_null()) continue;  // no separate normalized expectation
    const std::string ref = c.at(0).get<std::string>();
    const std::string base = c.at(1).get<std::string>();
    const std::string expected = c.at(3).get<std::string>();
    const auto t = resolve(base, ref);
    if (!t) {
      report.fail(id, printable(ref) + " against " + printable(base), expected, describe(t.error(), ""));
      continue;
    }
    check_normal_form(report, id, t->text(), expected, normalize_options::syntax());
  }
}

const register_suite rfc3986{"rfc-examples/rfc3986_6.2.2_equivalent", run_rfc3986};
const register_suite rfc3987{"rfc-examples/rfc3987_5.3_equivalence", run_rfc3987};
const register_suite uri_js_normalize{"uri-js/normalize", run_uri_js_normalize};
const register_suite uri_js_equal{"uri-js/equal", run_uri_js_equal};
const register_suite iri_string_normalize{"iri-string/normalize", run_iri_string_normalize};
const register_suite iri_string_different{"iri-string/different_iris", run_iri_string_different};
const register_suite iri_string_resolve_normalized{"iri-string/resolve_normalized",
                                                   run_iri_string_resolve_normalized};

}  // namespace
}  // namespace irikit::conformance
