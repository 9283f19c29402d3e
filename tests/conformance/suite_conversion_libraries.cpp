// SPDX-License-Identifier: MIT OR Apache-2.0
// Conversion suites over other libraries' tests: iri-string's `encode_to_uri` (IRI → URI) and
// the IRI/URI pairs of its normal forms,
// python-rfc3986's `iri_reference(...).encode()` (IRI → URI with IDNA 2008 hosts) and the W3C
// XPath/XQuery `fn:iri-to-uri` tests (the "map everything" conversion, i.e. to_uri with the
// unsafe ASCII characters and controls percent-encoded: LEIRI-style processing).
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "irikit/convert.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

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

/// iri-string: {iri, uri}, encode_to_uri(iri) == uri (no IDNA).
void run_iri_string(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "iri_to_uri")) {
    const std::string input = c.at("iri").get<std::string>();
    check(report, std::to_string(index++), input, c.at("uri").get<std::string>(), to_uri(input));
  }
}

/// iri-string's normal forms come in pairs: `normalized_uri` is the IRI→URI encoding of
/// `normalized_iri` (and likewise for the *_whatwg_like pair). Checked both ways: to_uri of the IRI
/// form gives the URI form, and to_iri of the URI form gives the IRI form back (§3.2). Ids
/// "<case>/plain" and "<case>/whatwg_like"; a null pair is not a case.
void run_iri_string_normal_forms(const std::filesystem::path& dir, suite_report& report,
                                 bool to_iri_direction) {
  const nlohmann::json data = load_json(dir, "iri-string/iri-string-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "components")) {
    const std::string id = std::to_string(index++);
    for (const auto& [iri_key, uri_key, suffix] :
         {std::tuple{"normalized_iri", "normalized_uri", "/plain"},
          std::tuple{"normalized_iri_whatwg_like", "normalized_uri_whatwg_like", "/whatwg_like"}}) {
      const auto iri_form = optional_string(c.at(iri_key));
      const auto uri_form = optional_string(c.at(uri_key));
      if (!iri_form || !uri_form) continue;
      if (to_iri_direction) {
        check(report, id + suffix, *uri_form, *iri_form, to_iri(*uri_form));
      } else {
        check(report, id + suffix, *iri_form, *uri_form, to_uri(*iri_form));
      }
    }
  }
}

void run_iri_string_to_uri(const std::filesystem::path& dir, suite_report& report) {
  run_iri_string_normal_forms(dir, report, false);
}
void run_iri_string_to_iri(const std::filesystem::path& dir, suite_report& report) {
  run_iri_string_normal_forms(dir, report, true);
}

/// python-rfc3986: [iri, uri] with IDNA 2008 for hosts (the `idna` package: UTS #46 mapping,
/// non-transitional), userinfo percent-encoded.
void run_python_rfc3986(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "python-rfc3986/python-rfc3986-tests.json");
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "iri_to_uri")) {
    const std::string input = c.at(0).get<std::string>();
    check(report, std::to_string(index++), input, c.at(1).get<std::string>(),
          to_uri(input, {.idna = idna_mode::uts46}));
  }
}

/// XQuery expands the predefined entity references inside string literals; XPath does not.
std::string expand_xquery_entities(std::string_view s) {
  constexpr std::pair<std::string_view, char> entities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    bool expanded = false;
    for (const auto& [name, ch] : entities) {
      if (s.substr(i).starts_with(name)) {
        out.push_back(ch);
        i += name.size();
        expanded = true;
        break;
      }
    }
    if (!expanded) out.push_back(s[i++]);
  }
  return out;
}

/// fn:iri-to-uri (qt3: XPath 3.1, qt4: XPath 4.0, the same function): one string argument; the
/// expected string is already XML-decoded. Calls with two arguments test the arity error XPST0017
/// of the XPath function, not the conversion.
void run_xpath(const std::filesystem::path& dir, suite_report& report, std::string_view section) {
  const nlohmann::json data = load_json(dir, "xpath-iri-to-uri/xpath-uri-functions.json");
  for (const auto& c : cases_of(data, section)) {
    const std::string id = c.at("name").get<std::string>();
    const nlohmann::json& args = c.at("args");
    const nlohmann::json& expected = c.at("expected");
    if (args.size() != 1 || !expected.contains("string")) {
      report.skip(id, "tests an XPath static error (wrong arity), not the conversion");
      continue;
    }
    std::string input = args.at(0).get<std::string>();
    // fn-iri-to-uri-18 depends on XQuery (CDATA, entity references expanded in the literal).
    if (id == "fn-iri-to-uri-18") input = expand_xquery_entities(input);
    check(report, id, input, expected.at("string").get<std::string>(),
          to_uri(input, {.encode_unsafe_ascii = true}));
  }
}

const register_suite iri_string{"iri-string/iri_to_uri", run_iri_string};
const register_suite iri_string_to_uri{"iri-string/normal_forms/to_uri", run_iri_string_to_uri};
const register_suite iri_string_to_iri{"iri-string/normal_forms/to_iri", run_iri_string_to_iri};
const register_suite python_rfc3986{"python-rfc3986/iri_to_uri", run_python_rfc3986};
void run_xpath_qt3(const std::filesystem::path& dir, suite_report& report) {
  run_xpath(dir, report, "qt3_iri_to_uri");
}
void run_xpath_qt4(const std::filesystem::path& dir, suite_report& report) {
  run_xpath(dir, report, "qt4_iri_to_uri");
}

const register_suite xpath{"xpath-iri-to-uri/qt3_iri_to_uri", run_xpath_qt3};
const register_suite xpath_qt4{"xpath-iri-to-uri/qt4_iri_to_uri", run_xpath_qt4};

}  // namespace
}  // namespace irikit::conformance
