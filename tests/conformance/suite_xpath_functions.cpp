// SPDX-License-Identifier: MIT OR Apache-2.0
// The XPath/XQuery URI functions of xpath-iri-to-uri/xpath-uri-functions.json other than
// fn:iri-to-uri (which suite_conversion_libraries.cpp runs):
//
//   xpath-iri-to-uri/qt3_resolve_uri, qt4_resolve_uri — fn:resolve-uri($relative, $base) is
//     RFC 3986 §5.2 resolution (XPath F&O 3.1 §6.1): a $relative that is an absolute IRI is
//     returned unchanged, without looking at $base; otherwise $base must be an absolute IRI and the
//     result is irikit's `resolve` (strict). Invalid input is the error FORG0002, here any parse
//     failure. XPath 3.1 requires $base to be an absolute URI, so a base with a fragment is an
//     error (parse_absolute_iri); XPath 4.0 ignores the base's fragment (fn-resolve-uri-26a/26b), as
//     RFC 3986 §5.1 and `resolve` do. "any_of" expectations accept any listed string or error.
//   xpath-iri-to-uri/qt3_encode_for_uri, qt4_decode_from_uri — skipped: fn:encode-for-uri escapes
//     reserved characters for use inside one path segment and fn:decode-from-uri decodes every
//     escape (invalid UTF-8 and controls to U+FFFD, "+" kept); irikit has neither operation (to_uri
//     and to_iri never touch reserved characters, RFC 3987 §3.1 and §3.2).
#include <optional>
#include <string>
#include <string_view>

#include "irikit/resolve.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "xpath-iri-to-uri/xpath-uri-functions.json";

/// fn:resolve-uri with irikit; nullopt for the error FORG0002.
std::optional<std::string> resolve_uri(const std::string& relative, const std::string& base, bool xpath4) {
  const auto ref = parse_iri_reference(relative);
  if (!ref) return std::nullopt;
  if (ref->is_absolute()) return relative;
  if (!xpath4 && !parse_absolute_iri(base)) return std::nullopt;
  const auto b = parse_iri(base);
  if (!b) return std::nullopt;
  const auto r = resolve(*b, *ref);
  if (!r) return std::nullopt;
  return r->str();
}

void run_resolve_uri(const std::filesystem::path& dir, suite_report& report, std::string_view section,
                     bool xpath4) {
  const nlohmann::json data = load_json(dir, data_file);
  for (const auto& c : cases_of(data, section)) {
    const std::string id = c.at("name").get<std::string>();
    const nlohmann::json& args = c.at("args");
    const nlohmann::json& expected = c.at("expected");
    if (args.size() > 2) {
      report.skip(id, "tests an XPath static error (wrong arity), not resolution");
      continue;
    }
    if (xpath4 && id == "fn-resolve-uri-26") {
      report.skip(
          id,
          "the XPath 3.1 expectation (FORG0002 for a base with a fragment) kept in the qt4 file beside "
          "fn-resolve-uri-26a, its XPath 4.0 form, which this suite runs");
      continue;
    }
    const std::string relative = args.at(0).get<std::string>();
    if (args.size() == 1 && !parse_iri(relative)) {
      report.skip(id, "one argument: the base comes from the static context, which the data does not give");
      continue;
    }
    const std::string base = args.size() == 2 ? args.at(1).get<std::string>() : std::string();
    const std::optional<std::string> actual = resolve_uri(relative, base, xpath4);

    bool ok = false;
    std::string shown_expected;
    if (expected.contains("string")) {
      shown_expected = printable(expected.at("string").get<std::string>());
      ok = actual && *actual == expected.at("string").get<std::string>();
    } else if (expected.contains("error")) {
      shown_expected = "error " + expected.at("error").get<std::string>();
      ok = !actual;
    } else {
      for (const auto& s : expected.at("any_of_strings")) {
        shown_expected += (shown_expected.empty() ? "" : " or ") + printable(s.get<std::string>());
        ok = ok || (actual && *actual == s.get<std::string>());
      }
      for (const auto& e : expected.at("any_of_errors")) {
        shown_expected += " or error " + e.get<std::string>();
        ok = ok || !actual;
      }
    }
    if (ok) {
      report.pass(id);
    } else {
      report.fail(id, relative + " against " + base, shown_expected,
                  actual ? printable(*actual) : "error (FORG0002)");
    }
  }
}

void run_qt3_resolve(const std::filesystem::path& dir, suite_report& report) {
  run_resolve_uri(dir, report, "qt3_resolve_uri", false);
}
void run_qt4_resolve(const std::filesystem::path& dir, suite_report& report) {
  run_resolve_uri(dir, report, "qt4_resolve_uri", true);
}

void skip_section(const std::filesystem::path& dir, suite_report& report, std::string_view section,
                  const char* reason) {
  const nlohmann::json data = load_json(dir, data_file);
  for (const auto& c : cases_of(data, section)) report.skip(c.at("name").get<std::string>(), reason);
}

void run_encode_for_uri(const std::filesystem::path& dir, suite_report& report) {
  skip_section(dir, report, "qt3_encode_for_uri",
               "fn:encode-for-uri escapes reserved characters for use inside one path segment; irikit has no "
               "such operation (to_uri never changes reserved characters, RFC 3987 §3.1)");
}
void run_decode_from_uri(const std::filesystem::path& dir, suite_report& report) {
  skip_section(dir, report, "qt4_decode_from_uri",
               "fn:decode-from-uri decodes every escape, invalid UTF-8 and controls to U+FFFD; irikit has no "
               "such operation (to_iri keeps reserved characters and invalid UTF-8 encoded, RFC 3987 §3.2)");
}

const register_suite qt3_resolve{"xpath-iri-to-uri/qt3_resolve_uri", run_qt3_resolve};
const register_suite qt4_resolve{"xpath-iri-to-uri/qt4_resolve_uri", run_qt4_resolve};
const register_suite encode_for_uri{"xpath-iri-to-uri/qt3_encode_for_uri", run_encode_for_uri};
const register_suite decode_from_uri{"xpath-iri-to-uri/qt4_decode_from_uri", run_decode_from_uri};

}  // namespace
}  // namespace irikit::conformance
