// SPDX-License-Identifier: MIT OR Apache-2.0
// Normalization suite over NormalizationTest.txt of the Unicode version irikit's tables come from
// (../unicode/<version>/ucd/ next to the conformance folder, the shared Unicode data): UAX #15 §15
// conformance. Every line c1;c2;c3;c4;c5 must satisfy
//   c2 == NFC(c1) == NFC(c2) == NFC(c3),  c4 == NFC(c4) == NFC(c5)
//   c3 == NFD(c1) == NFD(c2) == NFD(c3),  c5 == NFD(c4) == NFD(c5)
//   c4 == NFKC(c1..c5),                   c5 == NFKD(c1..c5)
// (case id: the line number), and every code point not listed in Part 1 must be its own NFC, NFD,
// NFKC and NFKD (case id "part1-complement", one case for the 1.1 million code points; the
// failure names the first that fails).
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/version.h"
#include "runner.h"
#include "unicode/normalize.h"

namespace irikit::conformance {
namespace {

using unicode::normal_form;

std::string utf8_of(std::string_view hex_list) {
  std::string out;
  std::size_t i = 0;
  while (i < hex_list.size()) {
    while (i < hex_list.size() && hex_list[i] == ' ') ++i;
    std::size_t j = i;
    while (j < hex_list.size() && hex_list[j] != ' ') ++j;
    if (j > i)
      grammar::append_utf8(
          out, static_cast<char32_t>(std::stoul(std::string(hex_list.substr(i, j - i)), nullptr, 16)));
    i = j;
  }
  return out;
}

void run_normalization_test(const std::filesystem::path& dir, suite_report& report) {
  // Unicode "17.0" → folder 17.0.0.
  const std::filesystem::path path =
      dir / ".." / "unicode" / (unicode_version() + ".0") / "ucd" / "NormalizationTest.txt";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::string line;
  std::size_t line_number = 0;
  bool part1 = false;
  std::set<char32_t> listed;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.starts_with("@Part")) {
      part1 = line.starts_with("@Part1");
      continue;
    }
    std::string_view data = line;
    if (const auto hash = data.find('#'); hash != std::string_view::npos) data = data.substr(0, hash);
    if (data.empty()) continue;
    std::vector<std::string> c;
    std::size_t begin = 0;
    for (int k = 0; k < 5; ++k) {
      const std::size_t semi = data.find(';', begin);
      if (semi == std::string_view::npos)
        throw std::runtime_error("line " + std::to_string(line_number) + ": expected 5 columns");
      c.push_back(utf8_of(data.substr(begin, semi - begin)));
      begin = semi + 1;
    }
    if (part1)
      listed.insert(
          static_cast<char32_t>(std::stoul(std::string(data.substr(0, data.find(';'))), nullptr, 16)));
    std::string mismatch;
    const auto expect = [&](const char* what, const std::string& expected, int column, normal_form form) {
      const std::string actual = unicode::normalize(c[column - 1], form);
      if (actual != expected && mismatch.empty())
        mismatch = std::string(what) + "(c" + std::to_string(column) + ") = \"" + actual + "\"";
    };
    for (int k = 1; k <= 3; ++k) expect("NFC", c[1], k, normal_form::nfc);
    for (int k = 4; k <= 5; ++k) expect("NFC", c[3], k, normal_form::nfc);
    for (int k = 1; k <= 3; ++k) expect("NFD", c[2], k, normal_form::nfd);
    for (int k = 4; k <= 5; ++k) expect("NFD", c[4], k, normal_form::nfd);
    for (int k = 1; k <= 5; ++k) expect("NFKC", c[3], k, normal_form::nfkc);
    for (int k = 1; k <= 5; ++k) expect("NFKD", c[4], k, normal_form::nfkd);
    // is_normalized must agree with normalize on every column.
    for (int k = 1; k <= 5 && mismatch.empty(); ++k) {
      for (const normal_form form :
           {normal_form::nfc, normal_form::nfd, normal_form::nfkc, normal_form::nfkd}) {
        const std::string& s = c[k - 1];
        if (unicode::is_normalized(s, form) != (unicode::normalize(s, form) == s)) {
          mismatch = "is_normalized(c" + std::to_string(k) + ") disagrees with normalize";
          break;
        }
      }
    }
    const std::string id = std::to_string(line_number);
    if (mismatch.empty()) {
      report.pass(id);
    } else {
      report.fail(id, c[0], "c2=\"" + c[1] + "\" c3=\"" + c[2] + "\" c4=\"" + c[3] + "\" c5=\"" + c[4] + "\"",
                  mismatch);
    }
  }
  std::string first_failure;
  for (char32_t cp = 0; cp <= 0x10FFFF && first_failure.empty(); ++cp) {
    if ((cp >= 0xD800 && cp <= 0xDFFF) || listed.contains(cp)) continue;
    std::string s;
    grammar::append_utf8(s, cp);
    for (const normal_form form :
         {normal_form::nfc, normal_form::nfd, normal_form::nfkc, normal_form::nfkd}) {
      if (unicode::normalize(s, form) != s || !unicode::is_normalized(s, form)) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
        first_failure = buf;
        break;
      }
    }
  }
  if (first_failure.empty()) {
    report.pass("part1-complement");
  } else {
    report.fail("part1-complement", first_failure, "unchanged by NFC, NFD, NFKC, NFKD", "changed");
  }
}

const register_suite normalization_test{"unicode/NormalizationTest", run_normalization_test};

}  // namespace
}  // namespace irikit::conformance
