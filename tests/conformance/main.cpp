// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_conformance — runs the conformance suites over ../shared/conformance.
//
//   irikit_conformance [--divergences FILE] [--list] CONFORMANCE_DIR [SUITE...]
//
// SUITE is a full suite name ("oxiri/valid_absolute_iris") or a source project ("oxiri"). For each
// suite one line `name: N passed, N failed, N skipped`, then the failures and grouped skip reasons.
//
// Exit status: 0 when every failure is a known divergence — listed in known-divergences.txt, or
// recognised by the suite as one documented class of difference — and no listed divergence is
// stale; 1 otherwise; 2 on a usage error; 77 (CTest's SKIP_RETURN_CODE) when CONFORMANCE_DIR does
// not exist, so that missing data counts as skipped, never as passed.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "grammar/char_scan.h"  // requested_scan_implementation_missing
#include "runner.h"

#ifndef IRIKIT_KNOWN_DIVERGENCES_FILE
#define IRIKIT_KNOWN_DIVERGENCES_FILE "known-divergences.txt"
#endif

namespace {

using namespace irikit::conformance;

constexpr int exit_ok = 0;
constexpr int exit_failed = 1;
constexpr int exit_usage = 2;
constexpr int exit_skipped = 77;

struct options {
  std::filesystem::path conformance_dir;
  std::filesystem::path divergences_file = IRIKIT_KNOWN_DIVERGENCES_FILE;
  std::vector<std::string> selectors;
  bool list = false;
};

void print_usage(std::ostream& out) {
  out << "usage: irikit_conformance [--divergences FILE] [--list] CONFORMANCE_DIR [SUITE...]\n"
         "  SUITE: a suite name (oxiri/valid_absolute_iris) or a source project (oxiri)\n";
}

bool selected(const std::string& name, const std::vector<std::string>& selectors) {
  if (selectors.empty()) return true;
  for (const auto& s : selectors) {
    if (name == s || (name.size() > s.size() && name.compare(0, s.size(), s) == 0 && name[s.size()] == '/')) {
      return true;
    }
  }
  return false;
}

/// Totals across suites.
struct totals {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t known = 0;
  std::size_t skipped = 0;
  std::size_t stale = 0;
  std::size_t aborted = 0;
};

void print_failure(const case_result& r, const divergence* known) {
  if (known != nullptr) {
    std::cout << "    known divergence " << r.id << ": " << printable(r.input) << '\n'
              << "      reason:   " << known->reason << '\n';
  } else {
    std::cout << "    FAIL " << r.id << ": " << printable(r.input) << '\n';
  }
  std::cout << "      expected: " << r.expected << '\n' << "      actual:   " << r.actual << '\n';
}

/// Prints one suite and adds it to the totals; reports stale divergences of this suite.
void print_suite(const suite_report& report, const divergence_list& divergences, totals& sum) {
  std::cout << report.name() << ": " << report.passed() << " passed, " << report.failed() << " failed, "
            << report.skipped() << " skipped\n";
  sum.passed += report.passed();
  sum.failed += report.failed();
  sum.skipped += report.skipped();

  if (report.abort_message()) {
    ++sum.aborted;
    std::cout << "    ERROR: suite did not complete: " << *report.abort_message() << '\n';
  }

  // Unexpected failures first: they are what needs attention. A failure is known when it is listed
  // in the divergence file or when the suite classified it (suite_report::diverge, a non-empty
  // reason).
  for (const auto& r : report.cases()) {
    if (r.status == outcome::failed && r.reason.empty() && divergences.find(report.name(), r.id) == nullptr) {
      print_failure(r, nullptr);
    }
  }
  for (const auto& r : report.cases()) {
    if (r.status != outcome::failed) continue;
    if (const divergence* d = divergences.find(report.name(), r.id)) {
      ++sum.known;
      print_failure(r, d);
    }
  }

  // Classified failures grouped by class, in order of first appearance, with one example each.
  std::vector<std::string> classes;
  std::map<std::string, std::vector<const case_result*>> by_class;
  for (const auto& r : report.cases()) {
    if (r.status != outcome::failed || r.reason.empty() || divergences.find(report.name(), r.id) != nullptr) {
      continue;
    }
    ++sum.known;
    auto& members = by_class[r.reason];
    if (members.empty()) classes.push_back(r.reason);
    members.push_back(&r);
  }
  for (const auto& c : classes) {
    const auto& members = by_class[c];
    std::cout << "    known divergence, " << members.size() << " case(s) (" << c << "):";
    for (const auto* r : members) std::cout << ' ' << r->id;
    std::cout << "\n      e.g. " << members.front()->id << ": " << printable(members.front()->input)
              << "\n        expected: " << members.front()->expected
              << "\n        actual:   " << members.front()->actual << '\n';
  }

  // Skips grouped by reason, in order of first appearance.
  std::vector<std::string> reasons;
  std::map<std::string, std::vector<std::string>> ids_by_reason;
  for (const auto& r : report.cases()) {
    if (r.status != outcome::skipped) continue;
    auto& ids = ids_by_reason[r.reason];
    if (ids.empty()) reasons.push_back(r.reason);
    ids.push_back(r.id);
  }
  for (const auto& reason : reasons) {
    const auto& ids = ids_by_reason[reason];
    std::cout << "    skipped " << ids.size() << " (" << reason << "):";
    for (const auto& id : ids) std::cout << ' ' << id;
    std::cout << '\n';
  }

  // A listed divergence must still be a failure, so that the list stays true.
  if (report.abort_message()) return;  // cases that did not run are not evidence either way
  for (const auto& d : divergences.entries()) {
    if (d.suite != report.name()) continue;
    const case_result* r = report.find(d.case_id);
    if (r != nullptr && r->status == outcome::failed) continue;
    ++sum.stale;
    const char* why = r == nullptr                   ? "no such case"
                      : r->status == outcome::passed ? "the case now passes"
                                                     : "the case is skipped";
    std::cout << "    STALE divergence " << d.case_id << " (" << divergences.file_name() << ':' << d.line
              << "): " << why << "; remove the entry\n";
  }
}

int run(const options& opts) {
  if (opts.list) {
    for (const auto& s : registered_suites()) {
      if (selected(s.name, opts.selectors)) std::cout << s.name << '\n';
    }
    return exit_ok;
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(opts.conformance_dir, ec)) {
    std::cout << "conformance data not found at " << opts.conformance_dir.string()
              << "\nThe suites read third-party data from ../shared/conformance (see docs/conformance.md);"
                 " all suites SKIPPED.\n";
    return exit_skipped;
  }

  auto [divergences, errors] = divergence_list::load(opts.divergences_file);
  for (const auto& e : errors) std::cout << "known divergences: " << e << '\n';
  if (!errors.empty()) return exit_failed;

  std::vector<suite> suites;
  for (auto& s : registered_suites()) {
    if (selected(s.name, opts.selectors)) suites.push_back(std::move(s));
  }
  if (suites.empty()) {
    std::cerr << "no suite matches the names given; --list shows them\n";
    return exit_usage;
  }

  // A divergence naming a suite that does not exist is as stale as one naming a passing case.
  std::size_t unknown_suites = 0;
  for (const auto& d : divergences.entries()) {
    bool exists = false;
    for (const auto& s : registered_suites()) exists = exists || s.name == d.suite;
    if (!exists) {
      ++unknown_suites;
      std::cout << "STALE divergence (" << divergences.file_name() << ':' << d.line << "): no suite named "
                << d.suite << '\n';
    }
  }

  totals sum;
  sum.stale = unknown_suites;
  for (const auto& s : suites) print_suite(run_suite(s, opts.conformance_dir), divergences, sum);

  const std::size_t unexpected = sum.failed - sum.known;
  std::cout << "total: " << sum.passed << " passed, " << sum.failed << " failed (" << sum.known
            << " known divergences, " << unexpected << " unexpected), " << sum.skipped << " skipped";
  if (sum.stale != 0) std::cout << ", " << sum.stale << " stale divergences";
  if (sum.aborted != 0) std::cout << ", " << sum.aborted << " suites did not complete";
  std::cout << '\n';

  const bool ok = unexpected == 0 && sum.stale == 0 && sum.aborted == 0;
  std::cout << (ok ? "conformance: OK\n" : "conformance: FAILED\n");
  return ok ? exit_ok : exit_failed;
}

}  // namespace

int main(int argc, char** argv) {
  // CTest runs the suites once per scan implementation (IRIKIT_SIMD, tests/CMakeLists.txt).
  if (irikit::grammar::requested_scan_implementation_missing()) {
    std::cerr << "IRIKIT_SIMD=" << irikit::grammar::requested_scan_implementation()
              << ": not on this machine; skipped\n";
    return exit_skipped;
  }
  std::cout << "scan implementation: " << irikit::grammar::scan_implementation() << '\n';
  options opts;
  bool have_dir = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      print_usage(std::cout);
      return exit_ok;
    } else if (arg == "--list") {
      opts.list = true;
    } else if (arg == "--divergences") {
      if (++i == argc) {
        print_usage(std::cerr);
        return exit_usage;
      }
      opts.divergences_file = argv[i];
    } else if (arg.starts_with("--")) {
      std::cerr << "unknown option " << arg << '\n';
      print_usage(std::cerr);
      return exit_usage;
    } else if (!have_dir) {
      opts.conformance_dir = arg;
      have_dir = true;
    } else {
      opts.selectors.emplace_back(arg);
    }
  }
  if (!have_dir && !opts.list) {
    print_usage(std::cerr);
    return exit_usage;
  }
  return run(opts);
}
