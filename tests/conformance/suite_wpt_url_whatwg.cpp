// SPDX-License-Identifier: MIT OR Apache-2.0
// web-platform-tests URL suite against irikit's WHATWG mode (include/irikit/whatwg.h). Unlike the
// wpt-url/* suites, which measure the RFC 3987 parser against the other specification, these assert
// exactly what the WPT harness asserts of a browser:
//
//   wpt-url-whatwg/urltestdata       url/url-constructor.any.js: new URL(input, base) fails, or its
//                                    href, origin and every getter (and searchParams) match;
//   wpt-url-whatwg/setters           url/url-setters.any.js: each setter on href, then the getters;
//   wpt-url-whatwg/IdnaTestV2        url/IdnaTestV2.window.js: new URL("https://" + input + "/x")
//                                    fails when output is null, else host == hostname == output;
//   wpt-url-whatwg/percent-encoding  url/percent-encoding.window.js: "https://doesnotmatter.invalid/?"
//                                    input "#" input in a document of each encoding: search is
//                                    "?" + output[encoding], hash "#" + output["utf-8"].
//
// A failure is classified (suite_report::diverge) only when its cause is outside irikit: an
// IdnaTestV2 case whose expectation depends on a Unicode version newer than the backend's
// (characters ICU 72 does not assign, or UTS #46 rules added after Unicode 15.0), or a legacy
// encoder of the Unicode backend that differs from the Encoding Standard's. Everything else fails.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/whatwg.h"
#include "runner.h"
#include "text_helpers.h"
#include "unicode/idna.h"

namespace irikit::conformance {
namespace {

namespace w = irikit::whatwg;

/// The getter named as in the WPT data.
std::optional<std::string> getter(const w::url& u, std::string_view name) {
  if (name == "href") return std::string(u.href());
  if (name == "origin") return u.origin();
  if (name == "protocol") return std::string(u.protocol());
  if (name == "username") return std::string(u.username());
  if (name == "password") return std::string(u.password());
  if (name == "host") return std::string(u.host());
  if (name == "hostname") return std::string(u.hostname());
  if (name == "port") return std::string(u.port());
  if (name == "pathname") return std::string(u.pathname());
  if (name == "search") return std::string(u.search());
  if (name == "hash") return std::string(u.hash());
  if (name == "searchParams") return w::search_params::of(u).to_string();
  return std::nullopt;
}

/// Compares every getter the case names with the URL; empty when all match.
void compare_getters(const nlohmann::json& expected, const w::url& u, component_diff& diff) {
  for (const auto& [key, value] : expected.items()) {
    if (!value.is_string()) continue;
    const auto actual = getter(u, key);
    if (!actual) continue;  // input, base, comment, relativeTo
    diff.check(key, value.get<std::string>(), std::optional<std::string_view>(*actual));
  }
}

std::string notes_text(const std::vector<w::validation>& notes) {
  std::string out;
  for (const auto& n : notes) {
    if (!out.empty()) out += ' ';
    out += std::string(w::error_name(n.error)) + "@" + std::to_string(n.offset);
  }
  return out;
}

void run_urltestdata(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "wpt-url/urltestdata.json");
  for (std::size_t i = 0; i < data.size(); ++i) {
    const auto& t = data[i];
    if (!t.is_object()) continue;  // comments
    const std::string id = std::to_string(i);
    const std::string input = t.at("input").get<std::string>();
    const auto base_text = optional_string(t.at("base"));
    std::optional<w::url> base;
    if (base_text) {
      auto b = w::parse(*base_text);
      if (!b) {
        report.fail(id, input, "the base parses", "base fails: " + w::describe(b.error()));
        continue;
      }
      base = std::move(*b);
    }
    std::vector<w::validation> notes;
    auto u = w::parse(input, base ? &*base : nullptr, &notes);
    const bool can = w::can_parse(input, base ? &*base : nullptr);
    // Without notes (and without a base) parse() may take the fast path (src/whatwg/fast.cpp): it
    // must give the same URL as the full parser does with notes.
    auto quick = w::parse(input, base ? &*base : nullptr);
    if (t.value("failure", false)) {
      if (u || can || quick) {
        report.fail(id, input, "failure", u ? "href=" + printable(u->href()) : "can_parse true");
      } else {
        report.pass(id);
      }
      continue;
    }
    if (!u) {
      report.fail(id, input, "href=" + printable(t.value("href", "")), "failure: " + w::describe(u.error()));
      continue;
    }
    component_diff diff;
    compare_getters(t, *u, diff);
    if (!can) diff.check("can_parse", true, false);
    if (!quick || quick->href() != u->href()) diff.check("parse without notes", true, false);
    // The Standard's idempotence: parsing href gives the same URL.
    auto again = w::parse(u->href());
    if (!again || again->href() != u->href()) diff.check("reparse", true, false);
    if (diff.empty()) {
      report.pass(id);
    } else {
      report.fail(id, input, diff.expected(), diff.actual() + " notes: " + notes_text(notes));
    }
  }
}

void run_setters(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "wpt-url/setters_tests.json");
  for (const auto& [attribute, cases] : data.items()) {
    if (attribute == "comment") continue;
    const w::url_setter set = w::setter_named(attribute);
    if (set == nullptr) throw std::runtime_error("unknown setter " + attribute);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const auto& t = cases[i];
      const std::string id = attribute + "/" + std::to_string(i);
      const std::string href = t.at("href").get<std::string>();
      const std::string value = t.at("new_value").get<std::string>();
      auto u = w::parse(href);
      if (!u) {
        report.fail(id, href, "href parses", "failure: " + w::describe(u.error()));
        continue;
      }
      (void)set(*u, value);
      component_diff diff;
      compare_getters(t.at("expected"), *u, diff);
      if (diff.empty()) {
        report.pass(id);
      } else {
        report.fail(id, href + " ." + attribute + " = " + value, diff.expected(), diff.actual());
      }
    }
  }
}

/// The first code point of `s` the backend does not assign, or 0.
char32_t first_unassigned(std::string_view s) {
  for (const char32_t cp : code_points(s)) {
    if (!unicode::idna_backend_assigns(cp)) return cp;
  }
  return 0;
}

/// IdnaTestV2.json has JSON escapes of lone surrogates ("\\ud900"), which JavaScript strings hold
/// and the URL constructor turns into U+FFFD (WebIDL USVString conversion) before parsing; the
/// same replacement is made here on the text, since UTF-8 cannot carry them.
nlohmann::json load_usv_json(const std::filesystem::path& dir, std::string_view relative_path) {
  std::ifstream in(dir / std::filesystem::path(relative_path), std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + (dir / std::filesystem::path(relative_path)).string());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto unit_at = [&text](std::size_t i) -> int {
    if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
    return std::stoi(text.substr(i + 2, 4), nullptr, 16);
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\\') {
      out += "\\\\";
      ++i;
      continue;
    }
    const int unit = unit_at(i);
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      const int next = unit_at(i + 6);
      if (next >= 0xDC00 && next <= 0xDFFF) {
        out.append(text, i, 12);
        i += 11;
      } else {
        out += "\\ufffd";
        i += 5;
      }
      continue;
    }
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      out += "\\ufffd";
      i += 5;
      continue;
    }
    out += text[i];
  }
  return nlohmann::json::parse(out);
}

/// The first code point of `s` whose UTS #46 status changed in version 15.1 in a way the backend
/// (ICU 72, UTS #46 15.0) cannot follow, or 0: U+1E9E, whose mapping changed from "ss" to U+00DF
/// (UTS #46 15.1 Modifications), and the code points the backend disallows while NFKC_Casefold
/// maps them (15.1 derives their mapping from NFKC_Casefold).
char32_t first_remapped_since_15_1(std::string_view s) {
  for (const char32_t cp : code_points(s)) {
    if (cp == 0x1E9E) return cp;
    if (cp < 0x80 || !unicode::uts46_backend_disallows(cp)) continue;
    std::string one;
    grammar::append_utf8(one, cp);
    if (unicode::nfkc_casefold(one) != one) return cp;
  }
  return 0;
}

void run_idna(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_usv_json(dir, "wpt-url/IdnaTestV2.json");
  for (std::size_t i = 0; i < data.size(); ++i) {
    const auto& t = data[i];
    if (!t.is_object()) continue;
    const std::string id = std::to_string(i);
    const std::string input = t.at("input").get<std::string>();
    if (input.empty()) {
      report.skip(id, "empty input: the WPT harness skips it too (it cannot be tested through new URL())");
      continue;
    }
    const auto output = optional_string(t.at("output"));
    auto u = w::parse("https://" + input + "/x");
    std::string actual;
    bool ok = false;
    if (!output) {
      ok = !u;
      actual = u ? "host=" + printable(u->host()) : "";
    } else if (u) {
      ok = u->host() == *output && u->hostname() == *output && u->pathname() == "/x" &&
           u->href() == "https://" + *output + "/x";
      actual = "host=" + printable(u->host()) + " pathname=" + printable(u->pathname());
    } else {
      actual = "failure: " + w::describe(u.error());
    }
    const std::string expected = output ? "host=" + printable(*output) : "failure";
    if (ok) {
      report.pass(id);
    } else if (const char32_t cp = first_unassigned(input + (output ? *output : std::string()))) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "unicode-version: U+%04X is not assigned in the backend's Unicode",
                    static_cast<unsigned>(cp));
      report.diverge(id, input, expected, actual, buf);
    } else if (const char32_t remapped = first_remapped_since_15_1(input); remapped != 0 && output) {
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    remapped == 0x1E9E ? "uts46-15.1-mapping: U+%04X maps to \"ss\" in the backend's UTS #46 "
                                         "(Unicode 15.0), to U+00DF since UTS #46 15.1"
                                       : "uts46-15.1-mapping: U+%04X is disallowed by the backend's UTS #46 "
                                         "(Unicode 15.0) and mapped since UTS #46 15.1",
                    static_cast<unsigned>(remapped));
      report.diverge(id, input, expected, actual, buf);
    } else {
      report.fail(id, input, expected, actual);
    }
  }
}

void run_percent_encoding(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "wpt-url/percent-encoding.json");
  for (std::size_t i = 0; i < data.size(); ++i) {
    const auto& t = data[i];
    if (!t.is_object()) continue;
    const std::string input = t.at("input").get<std::string>();
    const auto& output = t.at("output");
    const std::string utf8 = output.at("utf-8").get<std::string>();
    for (const auto& [encoding, expected] : output.items()) {
      const std::string id = std::to_string(i) + "/" + encoding;
      auto u = w::parse("https://doesnotmatter.invalid/?" + input + "#" + input, nullptr, nullptr, encoding);
      if (!u) {
        report.fail(id, input, "a URL", "failure: " + w::describe(u.error()));
        continue;
      }
      component_diff diff;
      diff.check("search", "?" + expected.get<std::string>(), std::optional<std::string_view>(u->search()));
      diff.check("hash", "#" + utf8, std::optional<std::string_view>(u->hash()));
      if (diff.empty()) {
        report.pass(id);
      } else {
        report.fail(id, input + " (" + encoding + ")", diff.expected(), diff.actual());
      }
    }
  }
}

const register_suite urltestdata{"wpt-url-whatwg/urltestdata", run_urltestdata};
const register_suite setters{"wpt-url-whatwg/setters", run_setters};
const register_suite idna{"wpt-url-whatwg/IdnaTestV2", run_idna};
const register_suite percent_encoding{"wpt-url-whatwg/percent-encoding", run_percent_encoding};

}  // namespace
}  // namespace irikit::conformance
