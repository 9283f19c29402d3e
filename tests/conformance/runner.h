// SPDX-License-Identifier: MIT OR Apache-2.0
// runner.h — a tiny framework for the conformance suites over ../shared/conformance.
//
// A suite is a function that reads one section of third-party test data and records, for every
// case, whether irikit passed, failed or skipped it (a skip always carries a reason). Each
// `suite_*.cpp` file registers its suites at static-initialization time; `main.cpp` runs them,
// reconciles failures with `known-divergences.txt` and prints the report.
//
//   namespace {
//   void run_negative(const std::filesystem::path& dir, suite_report& report) {
//     const nlohmann::json data = load_json(dir, "project/project-tests.json");
//     for (std::size_t i = 0; const auto& input : cases_of(data, "negative")) { ... report.pass(id); }
//   }
//   const register_suite negative{"project/negative", run_negative};
//   }  // namespace
//
// Case ids are stable handles that `known-divergences.txt` refers to: the index of the case in its
// JSON array, or an index path such as "3/expected" when one case yields several checks.
#ifndef IRIKIT_TESTS_CONFORMANCE_RUNNER_H
#define IRIKIT_TESTS_CONFORMANCE_RUNNER_H

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit::conformance {

enum class outcome : std::uint8_t { passed, failed, skipped };

/// What happened to one case. `input`, `expected` and `actual` are filled for failures; `reason`
/// for skips, and for failures of a documented class of difference (`suite_report::diverge`).
struct case_result {
  std::string id;
  outcome status = outcome::passed;
  std::string input;
  std::string expected;
  std::string actual;
  std::string reason;
};

/// The outcome of every case of one suite, in the order they ran.
class suite_report {
 public:
  explicit suite_report(std::string name) : name_(std::move(name)) {}

  const std::string& name() const { return name_; }

  void pass(std::string id);
  /// `input` is the raw test input; it is escaped when printed.
  void fail(std::string id, std::string input, std::string expected, std::string actual);
  void skip(std::string id, std::string reason);
  /// A failure that the suite's own rules recognise as one documented class of difference (e.g.
  /// "WHATWG parses a host ending in a number as IPv4"); `why` names the class and the section of
  /// docs/conformance.md that justifies it. It counts as failed and as a known divergence, so it does
  /// not fail the run; a suite records a plain `fail` for anything its rules do not recognise.
  void diverge(std::string id, std::string input, std::string expected, std::string actual, std::string why);
  /// The suite could not run to completion (missing file, data not shaped as expected). Fails the
  /// run whatever the divergence list says.
  void abort(std::string message) { abort_message_ = std::move(message); }

  std::size_t passed() const { return count(outcome::passed); }
  std::size_t failed() const { return count(outcome::failed); }
  std::size_t skipped() const { return count(outcome::skipped); }
  const std::vector<case_result>& cases() const { return cases_; }
  const std::optional<std::string>& abort_message() const { return abort_message_; }

  /// The result recorded for `id`, or nullptr.
  const case_result* find(std::string_view id) const;

 private:
  std::size_t count(outcome o) const;

  std::string name_;
  std::vector<case_result> cases_;
  std::optional<std::string> abort_message_;
};

using suite_function = void (*)(const std::filesystem::path& conformance_dir, suite_report& report);

struct suite {
  std::string name;  ///< "<source project>/<section>", e.g. "oxiri/valid_absolute_iris"
  suite_function run;
};

/// Every registered suite, sorted by name.
std::vector<suite> registered_suites();

/// Registers a suite; define one as a namespace-scope constant in a suite_*.cpp file.
struct register_suite {
  register_suite(std::string_view name, suite_function run);
};

/// Runs one suite, turning any exception (bad JSON, missing file, unexpected shape) into
/// `suite_report::abort`.
suite_report run_suite(const suite& s, const std::filesystem::path& conformance_dir);

// ---------------------------------------------------------------------------------------------
// Known divergences: `suite<TAB>case-id<TAB>reason` per line, '#' starts a comment line.

struct divergence {
  std::string suite;
  std::string case_id;
  std::string reason;
  std::size_t line = 0;  ///< 1-based line in the file
};

class divergence_list {
 public:
  /// Reads `path`; a malformed line is an error (returned as a message), never silently ignored.
  static std::pair<divergence_list, std::vector<std::string>> load(const std::filesystem::path& path);

  const divergence* find(std::string_view suite, std::string_view case_id) const;
  const std::vector<divergence>& entries() const { return entries_; }
  /// The file name, for messages ("known-divergences.txt:12").
  const std::string& file_name() const { return file_name_; }

 private:
  std::string file_name_;
  std::vector<divergence> entries_;
  std::map<std::pair<std::string, std::string>, std::size_t, std::less<>> index_;
};

// ---------------------------------------------------------------------------------------------
// Helpers for suites.

/// Loads `relative_path` under `dir` as JSON; throws std::runtime_error with the path on failure.
nlohmann::json load_json(const std::filesystem::path& dir, std::string_view relative_path);

/// `data[section]["cases"]`, checked to be an array.
const nlohmann::json& cases_of(const nlohmann::json& data, std::string_view section);

/// A JSON string or null as an optional string; throws on any other type.
std::optional<std::string> optional_string(const nlohmann::json& value);

/// The text between double quotes, with controls, invisible and private-use code points and
/// invalid UTF-8 escaped (\n, \u{E000}, \xFF) so that every report line is readable and unambiguous.
std::string printable(std::string_view text);
/// printable(), or (absent) for nullopt.
std::string printable_optional(const std::optional<std::string_view>& text);

/// The components of a parsed reference on one line: `scheme="http" authority="a" path="/" …`.
std::string describe_components(const iri_reference_view& view);

/// Collects per-component mismatches so that one failure line shows every difference.
class component_diff {
 public:
  void check(std::string_view component, const std::optional<std::string>& expected,
             const std::optional<std::string_view>& actual);
  void check(std::string_view component, bool expected, bool actual);

  bool empty() const { return expected_.empty(); }
  const std::string& expected() const { return expected_; }
  const std::string& actual() const { return actual_; }

 private:
  void add(std::string_view component, const std::string& expected, const std::string& actual);
  std::string expected_;
  std::string actual_;
};

}  // namespace irikit::conformance

#endif  // IRIKIT_TESTS_CONFORMANCE_RUNNER_H
