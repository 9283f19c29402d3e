// SPDX-License-Identifier: MIT OR Apache-2.0
// Conversion suite over idna/IdnaTestV2.txt (Unicode UTS #46 conformance data): every line runs
// through irikit's one UTS #46 processing (src/unicode/idna.cpp) — ToUnicode, ToASCII
// nontransitional (toAsciiN) and transitional (toAsciiT) — with exactly the flags the file assumes
// (UTS #46 §4: CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules on, IgnoreInvalidPunycode
// off, VerifyDnsLength on, so an FQDN's trailing root label is A4_2 and the empty domain A4_1 /
// X4_2). A case expecting a status ("[B5, B6]") must fail; otherwise the strings must match exactly
// (the file says implementations "need only record that there is an error").
//
// The public host_to_ascii differs from the file on purpose in two places (docs/conformance.md,
// "IDNA"): it keeps a trailing root label (host_options::keep_root_label, RFC 3986 §3.2.2) and
// returns an empty host unchanged; tests/unit/host_test.cpp checks both behaviours.
//
// A failing case whose source contains a code point the tables do not assign is reported as
// skipped with that reason (never as passed); every other failure is a listed known divergence.
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/host.h"
#include "irikit/version.h"
#include "runner.h"
#include "unicode/idna.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "idna/IdnaTestV2.txt";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// Expands \uXXXX and \x{X…}; nullopt when an escape is a surrogate (an ill-formed string, which
/// a UTF-8 API cannot be given: the file says such implementations skip those cases).
std::optional<std::string> unescape(std::string_view s, std::vector<char32_t>& code_points) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    char32_t cp = 0;
    std::size_t consumed = 0;
    if (s.substr(i).starts_with("\\u") && i + 6 <= s.size()) {
      cp = static_cast<char32_t>(std::stoul(std::string(s.substr(i + 2, 4)), nullptr, 16));
      consumed = 6;
    } else if (s.substr(i).starts_with("\\x{")) {
      const std::size_t close = s.find('}', i);
      cp = static_cast<char32_t>(std::stoul(std::string(s.substr(i + 3, close - i - 3)), nullptr, 16));
      consumed = close + 1 - i;
    }
    if (consumed != 0) {
      if (cp >= 0xD800 && cp <= 0xDFFF) return std::nullopt;
      grammar::append_utf8(out, cp);
      code_points.push_back(cp);
      i += consumed;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return std::nullopt;
    code_points.push_back(d.cp);
    out.append(s.substr(i, d.length));
    i += d.length;
  }
  return out;
}

/// "" means the empty string; blank means "same as `fallback`".
std::string column_value(std::string_view raw, const std::string& fallback) {
  if (raw.empty()) return fallback;
  if (raw == "\"\"") return "";
  return std::string(raw);
}

/// A status column: "[…]" with codes, "[]" for none, blank for "same as `fallback`".
std::string status_value(std::string_view raw, const std::string& fallback) {
  if (raw.empty()) return fallback;
  if (raw == "[]") return "";
  return std::string(raw);
}

std::string hex_of(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

/// The first code point of `cps` (the source's and the expected Unicode form's: an "xn--" label
/// may decode to a new character) the backend does not know (noncharacters excepted: they are
/// unassigned by definition, in every version).
std::optional<char32_t> newer_than_backend(const std::vector<char32_t>& cps) {
  for (char32_t cp : cps) {
    const bool noncharacter = (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
    if (!noncharacter && !unicode::idna_backend_assigns(cp)) return cp;
  }
  return std::nullopt;
}

void run_idna_test_v2(const std::filesystem::path& dir, suite_report& report) {
  const std::filesystem::path path = dir / data_file;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  const std::string backend = "Unicode " + unicode_version() + " (" + unicode_backend_version() + ")";
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    std::string_view data = line;
    if (const auto hash = data.find('#'); hash != std::string_view::npos) data = data.substr(0, hash);
    if (trim(data).empty()) continue;
    std::vector<std::string_view> cols;
    std::size_t begin = 0;
    for (;;) {
      const std::size_t semi = data.find(';', begin);
      cols.push_back(
          trim(data.substr(begin, semi == std::string_view::npos ? std::string_view::npos : semi - begin)));
      if (semi == std::string_view::npos) break;
      begin = semi + 1;
    }
    if (cols.size() < 7)
      throw std::runtime_error("line " + std::to_string(line_number) + ": expected 7 columns");
    const std::string id = std::to_string(line_number);

    std::vector<char32_t> cps;
    const std::string source_raw = column_value(cols[0], "");
    const std::optional<std::string> source = unescape(source_raw, cps);
    const std::string to_unicode_raw = column_value(cols[1], source_raw);
    const std::string to_ascii_n_raw = column_value(cols[3], to_unicode_raw);
    const std::string to_ascii_t_raw = column_value(cols[5], to_ascii_n_raw);
    const std::string status_u = status_value(cols[2], "");
    const std::string status_n = status_value(cols[4], status_u);
    const std::string status_t = status_value(cols[6], status_n);
    std::vector<char32_t> ignored;
    const auto to_unicode = unescape(to_unicode_raw, cps);  // its code points count as the source's
    const auto to_ascii_n = unescape(to_ascii_n_raw, ignored);
    const auto to_ascii_t = unescape(to_ascii_t_raw, ignored);
    if (!source || !to_unicode || !to_ascii_n || !to_ascii_t) {
      for (const char* op : {"/toUnicode", "/toAsciiN", "/toAsciiT"}) {
        report.skip(id + op, "ill-formed string (an unpaired surrogate): a UTF-8 API cannot be given it");
      }
      continue;
    }

    const auto run = [&](const char* op, const result<std::string>& actual, const std::string& expected,
                         const std::string& status) {
      const bool expect_error = !status.empty();
      const bool ok = expect_error ? !actual.has_value() : (actual.has_value() && *actual == expected);
      if (ok) {
        report.pass(id + op);
        return;
      }
      if (const auto cp = newer_than_backend(cps)) {
        report.skip(id + op, "fails; the case has " + hex_of(*cp) + ", unassigned in the backend's " +
                                 backend + " (the file is Unicode 17.0)");
        return;
      }
      const std::string shown_expected = expect_error ? "error " + status : "\"" + expected + "\"";
      const std::string shown_actual =
          actual ? "\"" + *actual + "\"" : "error " + describe(actual.error(), *source);
      report.fail(id + op, *source, shown_expected, shown_actual);
    };
    // UTS #46 §4.3 ToUnicode is always nontransitional (since Unicode 15.1).
    constexpr unicode::uts46_options nontransitional{};
    constexpr unicode::uts46_options transitional{.transitional = true};
    run("/toUnicode", unicode::uts46_to_unicode(*source, nontransitional), *to_unicode, status_u);
    run("/toAsciiN", unicode::uts46_to_ascii(*source, nontransitional), *to_ascii_n, status_n);
    run("/toAsciiT", unicode::uts46_to_ascii(*source, transitional), *to_ascii_t, status_t);
  }
}

const register_suite idna_test_v2{"idna/IdnaTestV2", run_idna_test_v2};

}  // namespace
}  // namespace irikit::conformance
