// SPDX-License-Identifier: MIT OR Apache-2.0
#include "runner.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace irikit::conformance {

// ---------------------------------------------------------------------------------------------
// suite_report

void suite_report::pass(std::string id) {
  case_result r;
  r.id = std::move(id);
  r.status = outcome::passed;
  cases_.push_back(std::move(r));
}

void suite_report::fail(std::string id, std::string input, std::string expected, std::string actual) {
  case_result r;
  r.id = std::move(id);
  r.status = outcome::failed;
  r.input = std::move(input);
  r.expected = std::move(expected);
  r.actual = std::move(actual);
  cases_.push_back(std::move(r));
}

void suite_report::diverge(std::string id, std::string input, std::string expected, std::string actual,
                           std::string why) {
  fail(std::move(id), std::move(input), std::move(expected), std::move(actual));
  cases_.back().reason = std::move(why);
}

void suite_report::skip(std::string id, std::string reason) {
  case_result r;
  r.id = std::move(id);
  r.status = outcome::skipped;
  r.reason = std::move(reason);
  cases_.push_back(std::move(r));
}

const case_result* suite_report::find(std::string_view id) const {
  const auto it =
      std::find_if(cases_.begin(), cases_.end(), [id](const case_result& r) { return r.id == id; });
  return it == cases_.end() ? nullptr : &*it;
}

std::size_t suite_report::count(outcome o) const {
  return static_cast<std::size_t>(
      std::count_if(cases_.begin(), cases_.end(), [o](const case_result& r) { return r.status == o; }));
}

// ---------------------------------------------------------------------------------------------
// Registry

namespace {

// A function-local static: suites register from other translation units during static
// initialization, whose order across files is unspecified.
std::vector<suite>& registry() {
  static std::vector<suite> suites;
  return suites;
}

}  // namespace

register_suite::register_suite(std::string_view name, suite_function run) {
  registry().push_back(suite{std::string(name), run});
}

std::vector<suite> registered_suites() {
  std::vector<suite> suites = registry();
  std::sort(suites.begin(), suites.end(), [](const suite& a, const suite& b) { return a.name < b.name; });
  return suites;
}

suite_report run_suite(const suite& s, const std::filesystem::path& conformance_dir) {
  suite_report report(s.name);
  try {
    s.run(conformance_dir, report);
  } catch (const std::exception& e) {
    report.abort(e.what());
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Known divergences

std::pair<divergence_list, std::vector<std::string>> divergence_list::load(
    const std::filesystem::path& path) {
  divergence_list list;
  list.file_name_ = path.filename().string();
  std::vector<std::string> errors;
  std::ifstream in(path);
  if (!in) {
    errors.push_back("cannot open " + path.string());
    return {std::move(list), std::move(errors)};
  }
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.front() == '#') continue;
    const auto tab1 = line.find('\t');
    const auto tab2 = tab1 == std::string::npos ? std::string::npos : line.find('\t', tab1 + 1);
    const auto where = list.file_name_ + ":" + std::to_string(number) + ": ";
    if (tab2 == std::string::npos) {
      errors.push_back(where + "expected suite<TAB>case-id<TAB>reason");
      continue;
    }
    divergence d{line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1), line.substr(tab2 + 1), number};
    if (d.suite.empty() || d.case_id.empty() || d.reason.empty()) {
      errors.push_back(where + "suite, case id and reason must all be non-empty");
      continue;
    }
    auto key = std::make_pair(d.suite, d.case_id);
    if (list.index_.count(key) != 0) {
      errors.push_back(where + "duplicate entry for " + d.suite + " " + d.case_id);
      continue;
    }
    list.index_.emplace(std::move(key), list.entries_.size());
    list.entries_.push_back(std::move(d));
  }
  return {std::move(list), std::move(errors)};
}

const divergence* divergence_list::find(std::string_view suite, std::string_view case_id) const {
  const auto it = index_.find(std::make_pair(std::string(suite), std::string(case_id)));
  return it == index_.end() ? nullptr : &entries_[it->second];
}

// ---------------------------------------------------------------------------------------------
// Helpers

nlohmann::json load_json(const std::filesystem::path& dir, std::string_view relative_path) {
  const std::filesystem::path path = dir / std::filesystem::path(relative_path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

const nlohmann::json& cases_of(const nlohmann::json& data, std::string_view section) {
  const auto it = data.find(section);
  if (it == data.end()) throw std::runtime_error("no section \"" + std::string(section) + "\"");
  const auto cases = it->find("cases");
  if (cases == it->end() || !cases->is_array()) {
    throw std::runtime_error("section \"" + std::string(section) + "\" has no \"cases\" array");
  }
  return *cases;
}

std::optional<std::string> optional_string(const nlohmann::json& value) {
  if (value.is_null()) return std::nullopt;
  if (!value.is_string()) throw std::runtime_error("expected a string or null, got " + value.dump());
  return value.get<std::string>();
}

namespace {

/// Code points that would be invisible, confusable with a space, or disruptive in a terminal.
bool needs_escape(char32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0)) return true;
  if (cp == 0xAD || cp == 0x34F || cp == 0x61C || cp == 0x180E || cp == 0x3000) return true;
  if (cp >= 0x2000 && cp <= 0x200F) return true;
  if (cp >= 0x2028 && cp <= 0x202F) return true;
  if (cp >= 0x205F && cp <= 0x206F) return true;
  if (cp >= 0xE000 && cp <= 0xF8FF) return true;  // private use
  if (cp >= 0xFDD0 && cp <= 0xFDEF) return true;  // noncharacters
  if (cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFF)) return true;
  if ((cp & 0xFFFE) == 0xFFFE) return true;  // U+nFFFE, U+nFFFF
  if (cp >= 0xE0000) return true;            // tags, variation selectors, private use planes
  return false;
}

/// Decodes one strictly valid UTF-8 sequence at text[i]; length 0 when invalid.
std::pair<char32_t, std::size_t> decode(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  std::size_t length = 0;
  char32_t cp = 0;
  char32_t minimum = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2, cp = b0 & 0x1Fu, minimum = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3, cp = b0 & 0x0Fu, minimum = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4, cp = b0 & 0x07u, minimum = 0x10000;
  } else {
    return {0, 0};
  }
  if (i + length > text.size()) return {0, 0};
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {0, 0};
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0, 0};
  return {cp, length};
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out = "\"";
  char buffer[16];
  for (std::size_t i = 0; i < text.size();) {
    const auto [cp, length] = decode(text, i);
    if (length == 0) {
      std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned char>(text[i]));
      out += buffer;
      ++i;
      continue;
    }
    if (cp == '"' || cp == '\\') {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (needs_escape(cp)) {
      std::snprintf(buffer, sizeof buffer, "\\u{%04X}", static_cast<unsigned>(cp));
      out += buffer;
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  out += '"';
  return out;
}

std::string printable_optional(const std::optional<std::string_view>& text) {
  return text ? printable(*text) : "(absent)";
}

std::string describe_components(const iri_reference_view& view) {
  std::string out = "scheme=" + printable_optional(view.scheme());
  out += " authority=" + printable_optional(view.authority());
  out += " path=" + printable(view.path());
  out += " query=" + printable_optional(view.query());
  out += " fragment=" + printable_optional(view.fragment());
  return out;
}

void component_diff::check(std::string_view component, const std::optional<std::string>& expected,
                           const std::optional<std::string_view>& actual) {
  const bool same = expected.has_value() == actual.has_value() && (!expected || *expected == *actual);
  if (same) return;
  add(component, expected ? printable(*expected) : "(absent)", printable_optional(actual));
}

void component_diff::check(std::string_view component, bool expected, bool actual) {
  if (expected == actual) return;
  add(component, expected ? "true" : "false", actual ? "true" : "false");
}

void component_diff::add(std::string_view component, const std::string& expected, const std::string& actual) {
  const auto append = [component](std::string& out, const std::string& value) {
    if (!out.empty()) out += ' ';
    out.append(component).append("=").append(value);
  };
  append(expected_, expected);
  append(actual_, actual);
}

}  // namespace irikit::conformance
