// SPDX-License-Identifier: MIT OR Apache-2.0
// Conversion suites over rfc/rfc-examples.json: the examples of RFC 3987 §3.1 (IRI → URI, with and
// without ToASCII for the host) and §3.2.1 (URI → IRI, with and without ToUnicode). The parsing
// half of the same sections is in suite_rfc_examples.cpp.
#include <string>

#include "irikit/convert.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "rfc/rfc-examples.json";

template <class T>
std::string text_of(const result<T>& r, std::string_view input) {
  return r ? std::string(*r) : "error: " + describe(r.error(), input);
}

void check(suite_report& report, const std::string& id, const std::string& input, const std::string& expected,
           const result<std::string>& actual) {
  if (actual && *actual == expected) {
    report.pass(id);
  } else {
    report.fail(id, input, expected, text_of(actual, input));
  }
}

/// {iri, uri, uri_idna?}: to_uri without IDNA gives `uri`; with UTS #46 and with IDNA2003 (the
/// RFC's own ToASCII) it gives `uri_idna`. Ids: "<case>/plain", "<case>/uts46", "<case>/idna2003".
void run_iri_to_uri(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "rfc3987_3.1_iri_to_uri")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at("iri").get<std::string>();
    check(report, id + "/plain", input, c.at("uri").get<std::string>(), to_uri(input));
    const std::string with_idna =
        c.contains("uri_idna") ? c.at("uri_idna").get<std::string>() : c.at("uri").get<std::string>();
    check(report, id + "/uts46", input, with_idna, to_uri(input, {.idna = idna_mode::uts46}));
    check(report, id + "/idna2003", input, with_idna, to_uri(input, {.idna = idna_mode::idna2003}));
  }
}

/// {uri, iri, iri_with_idna_tounicode?}: to_iri, then to_iri with ToUnicode. Ids "<case>/plain",
/// "<case>/tounicode".
void run_uri_to_iri(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "rfc3987_3.2_uri_to_iri")) {
    const std::string id = std::to_string(index++);
    const std::string input = c.at("uri").get<std::string>();
    check(report, id + "/plain", input, c.at("iri").get<std::string>(), to_iri(input));
    const std::string with_unicode = c.contains("iri_with_idna_tounicode")
                                         ? c.at("iri_with_idna_tounicode").get<std::string>()
                                         : c.at("iri").get<std::string>();
    check(report, id + "/tounicode", input, with_unicode, to_iri(input, {.idna_to_unicode = true}));
  }
}

const register_suite iri_to_uri{"rfc-examples/rfc3987_3.1_iri_to_uri", run_iri_to_uri};
const register_suite uri_to_iri{"rfc-examples/rfc3987_3.2_uri_to_iri", run_uri_to_iri};

}  // namespace
}  // namespace irikit::conformance
