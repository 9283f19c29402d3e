// SPDX-License-Identifier: MIT OR Apache-2.0
// Resolution and relativization suites over oxiri/oxiri-tests.json (github:oxigraph/oxiri
// tests/lib.rs). Choices where oxiri and irikit differ are in docs/resolution.md.
//
//   oxiri/resolve                              RFC 3986 §5.2, strict; [relative, base, expected]
//   oxiri/resolve_unchecked                    lenient resolution: run where both inputs are valid IRIs
//   oxiri/resolve_relative_base                relative bases: not applicable (base is an IRI by type)
//   oxiri/invalid_resolutions_specific_bases   resolution must fail
//   oxiri/valid_iri_references/resolve         every valid reference resolves against http://a/b/c/d;p?q
//   oxiri/relativize                           base.relativize(iri) == expected, and it resolves back
//   oxiri/relativize_fails                     relativize must fail
#include <string>

#include "irikit/resolve.h"
#include "resolution_helpers.h"
#include "runner.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "oxiri/oxiri-tests.json";

void run_resolve(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve")) {
    check_resolution(report, std::to_string(index++), c.at(0).get<std::string>(), c.at(1).get<std::string>(),
                     c.at(2).get<std::string>());
  }
}

void run_resolve_unchecked(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve_unchecked")) {
    const std::string id = std::to_string(index++);
    const std::string ref = c.at(0).get<std::string>();
    const std::string base = c.at(1).get<std::string>();
    if (!parse_iri(base) || !parse_iri_reference(ref)) {
      report.skip(id,
                  "lenient resolution of text that is not a valid IRI (spaces, controls, \"<>\\\"): irikit "
                  "resolves validated IRIs only");
      continue;
    }
    check_resolution(report, id, ref, base, c.at(2).get<std::string>());
  }
}

void run_resolve_relative_base(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "resolve_relative_base")) {
    const std::string id = std::to_string(index++);
    if (is_valid(c.at(1).get<std::string>(), rule::iri)) {
      check_resolution(report, id, c.at(0).get<std::string>(), c.at(1).get<std::string>(),
                       c.at(2).get<std::string>());
    } else {
      report.skip(id,
                  "relative base (an oxiri extension): RFC 3986 §5.1 requires an absolute base and irikit "
                  "takes it as iri_view, so this cannot be expressed");
    }
  }
}

/// [relative, base]: oxiri's resolution must fail. A relative base cannot be passed to irikit at
/// all (type-level failure: the base does not parse as an IRI), which counts as the failure.
void run_invalid_resolutions(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "invalid_resolutions_specific_bases")) {
    const std::string id = std::to_string(index++);
    const std::string ref = c.at(0).get<std::string>();
    const std::string base = c.at(1).get<std::string>();
    const auto r = resolve(base, ref);
    if (!r) {
      report.pass(id);
    } else {
      report.fail(id, resolution_input(ref, base), "resolution fails", "resolved: " + printable(r->text()));
    }
  }
}

void run_valid_references_resolve(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  const nlohmann::json& section = data.at("valid_iri_references");
  const std::string base = section.at("base").get<std::string>();
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "valid_iri_references")) {
    const std::string id = std::to_string(index++);
    const std::string ref = c.get<std::string>();
    const auto r = resolve(base, ref);
    // The result must also be a valid IRI with the components resolution reported.
    const auto again = r ? parse_iri(r->text()) : result<iri_view>(parse_error{});
    if (r && again && again->parts() == r->parts()) {
      report.pass(id);
    } else {
      report.fail(
          id, resolution_input(ref, base), "resolves to a valid IRI",
          r ? "result does not re-parse identically: " + printable(r->text()) : describe(r.error(), ref));
    }
  }
}

void run_relativize(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "relativize")) {
    const std::string id = std::to_string(index++);
    const std::string target = c.at(0).get<std::string>();
    const std::string base = c.at(1).get<std::string>();
    const std::string expected = c.at(2).get<std::string>();
    const std::string input = printable(target) + " relative to " + printable(base);
    const auto b = parse_iri(base);
    const auto t = parse_iri(target);
    if (!b || !t) {
      report.fail(id, input, expected, "inputs rejected");
      continue;
    }
    const auto r = relativize(*b, *t);
    if (!r) {
      report.fail(id, input, expected, describe(r.error(), target));
      continue;
    }
    // Whatever the reference, it must resolve back (oxiri asserts this too).
    const auto back = resolve(*b, r->view());
    if (!back || back->text() != target) {
      report.fail(id, input, expected, printable(r->text()) + " does not resolve back");
    } else if (r->text() != expected) {
      report.fail(id, input, printable(expected), printable(r->text()) + " (resolves back)");
    } else {
      report.pass(id);
    }
  }
}

void run_relativize_fails(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, data_file);
  std::size_t index = 0;
  for (const auto& c : cases_of(data, "relativize_fails")) {
    const std::string id = std::to_string(index++);
    const std::string target = c.at(0).get<std::string>();
    const std::string base = c.at(1).get<std::string>();
    const auto b = parse_iri(base);
    const auto t = parse_iri(target);
    const auto r = b && t ? relativize(*b, *t) : result<iri_reference>(parse_error{});
    if (!r && (!b || !t || r.error().code == error_code::not_relativizable)) {
      report.pass(id);
    } else {
      report.fail(id, printable(target) + " relative to " + printable(base), "not-relativizable",
                  r ? printable(r->text()) : describe(r.error(), target));
    }
  }
}

const register_suite resolve_suite{"oxiri/resolve", run_resolve};
const register_suite resolve_unchecked{"oxiri/resolve_unchecked", run_resolve_unchecked};
const register_suite resolve_relative_base{"oxiri/resolve_relative_base", run_resolve_relative_base};
const register_suite invalid_resolutions{"oxiri/invalid_resolutions_specific_bases", run_invalid_resolutions};
const register_suite valid_references_resolve{"oxiri/valid_iri_references/resolve",
                                              run_valid_references_resolve};
const register_suite relativize_suite{"oxiri/relativize", run_relativize};
const register_suite relativize_fails{"oxiri/relativize_fails", run_relativize_fails};

}  // namespace
}  // namespace irikit::conformance
