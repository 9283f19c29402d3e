// SPDX-License-Identifier: MIT OR Apache-2.0
// python-rfc3986's host fixtures (tests/conftest.py), besides its IRI → URI cases (which
// suite_conversion_libraries.cpp runs). The fixtures build URIs from them, and the tests assert:
//
//   python-rfc3986/valid_hosts     "http://" + host is a valid URI (parse_uri) with that host
//   python-rfc3986/invalid_hosts   "https://" + host is not a valid URI
//   python-rfc3986/equivalent_hostnames, equivalent_schemes, equivalent_schemes_and_hostnames
//                                  the fixture URIs normalize to the same scheme and host:
//                                  "https://example.com" (RFC 3986 §6.2.2.1 case normalization,
//                                  irikit's syntax rung)
#include <stdexcept>
#include <string>

#include "irikit/normalize.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "python-rfc3986/python-rfc3986-tests.json";

const nlohmann::json& list_of(const nlohmann::json& data, const char* key) {
  const nlohmann::json& list = data.at(key);
  if (!list.is_array()) throw std::runtime_error(std::string(key) + ": expected an array");
  return list;
}

void run_hosts(const std::filesystem::path& dir, suite_report& report, bool valid) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& h : list_of(data, valid ? "valid_hosts" : "invalid_hosts")) {
    const std::string id = std::to_string(index++);
    const std::string host = h.get<std::string>();
    const std::string uri = (valid ? "http://" : "https://") + host;
    const auto parsed = parse_uri(uri);
    if (valid) {
      if (parsed && parsed->host() == host) {
        report.pass(id);
      } else {
        report.fail(id, uri, "a valid URI with host " + printable(host),
                    parsed ? "host " + printable_optional(parsed->host())
                           : "error: " + describe(parsed.error(), uri));
      }
    } else if (!parsed) {
      report.pass(id);
    } else {
      report.fail(id, uri, "not a valid URI", "valid: " + describe_components(*parsed));
    }
  }
}

void run_valid(const std::filesystem::path& dir, suite_report& report) { run_hosts(dir, report, true); }
void run_invalid(const std::filesystem::path& dir, suite_report& report) { run_hosts(dir, report, false); }

void check_normal_form(suite_report& report, const std::string& id, const std::string& uri) {
  const std::string expected = "https://example.com";
  const auto n = normalize(uri);
  if (n && n->text() == expected) {
    report.pass(id);
  } else {
    report.fail(id, uri, printable(expected),
                n ? printable(n->text()) : "error: " + describe(n.error(), uri));
  }
}

void run_equivalent_hostnames(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& h : list_of(data, "equivalent_hostnames")) {
    check_normal_form(report, std::to_string(index++), "https://" + h.get<std::string>());
  }
}

void run_equivalent_schemes(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& s : list_of(data, "equivalent_schemes")) {
    check_normal_form(report, std::to_string(index++), s.get<std::string>() + "://example.com");
  }
}

void run_equivalent_both(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& pair : list_of(data, "equivalent_schemes_and_hostnames")) {
    check_normal_form(report, std::to_string(index++),
                      pair.at(0).get<std::string>() + "://" + pair.at(1).get<std::string>());
  }
}

const register_suite valid_hosts{"python-rfc3986/valid_hosts", run_valid};
const register_suite invalid_hosts{"python-rfc3986/invalid_hosts", run_invalid};
const register_suite equivalent_hostnames{"python-rfc3986/equivalent_hostnames", run_equivalent_hostnames};
const register_suite equivalent_schemes{"python-rfc3986/equivalent_schemes", run_equivalent_schemes};
const register_suite equivalent_both{"python-rfc3986/equivalent_schemes_and_hostnames", run_equivalent_both};

}  // namespace
}  // namespace irikit::conformance
