// SPDX-License-Identifier: MIT OR Apache-2.0
// web-platform-tests URL suites besides urltestdata.json (see suite_wpt_url.cpp): the WHATWG URL
// Standard's host processing (IdnaTestV2.json), its query encoding in a document charset
// (percent-encoding.json) and its setters (setters_tests.json). docs/conformance.md, "wpt-url",
// says what each asserts for irikit and justifies every class of difference.
//
// IdnaTestV2.json: `new URL("https://" + input + "/x").host` must be `output` (null: the URL
// parser fails). WHATWG "domain to ASCII" is UTS #46 non-transitional with CheckHyphens=false,
// UseSTD3ASCIIRules=false and VerifyDnsLength=false (URL Standard §3.3); irikit's host_to_ascii
// (uts46) has all three on (RFC 5891 §5.4, RFC 1034 §3.1 for host names) and no option to turn them
// off, so a success the WHATWG flags alone explain is a classified divergence. irikit's UTS #46
// data is of the file's Unicode version (17.0), so no difference comes from the version. Anything
// else fails the run.
//
// percent-encoding.json: the page's `<a href="https://doesnotmatter.invalid/?VALUE#VALUE">` in a
// document of charset C has search "?" + output[C] and hash "#" + output["utf-8"]: the query is
// encoded in the document charset, the fragment in UTF-8. That is draft-ietf-iri-3987bis §3.5 and
// to_uri's `query_charset` (http/https, query only), with `encode_unsafe_ascii` for the control
// character. Compared as octets after percent-decoding: the two percent-encode sets differ (WHATWG
// leaves "\" and "|" as they are in a query; a URI cannot contain them, RFC 3986 §2).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/convert.h"
#include "irikit/host.h"
#include "runner.h"
#include "text_helpers.h"
#include "unicode/idna.h"

namespace irikit::conformance {
namespace {

/// UTS #46 §4.1 steps 2–3 (CheckHyphens) fail on some label of `cps` (a domain in Unicode form).
bool breaks_check_hyphens(const std::vector<char32_t>& cps) {
  std::vector<char32_t> label;
  for (std::size_t i = 0; i <= cps.size(); ++i) {
    if (i < cps.size() && cps[i] != '.') {
      label.push_back(cps[i]);
      continue;
    }
    if (!label.empty() && (label.front() == '-' || label.back() == '-')) return true;
    if (label.size() >= 4 && label[2] == '-' && label[3] == '-') return true;
    label.clear();
  }
  return false;
}

/// UTS #46 §4.2 step 2 (VerifyDnsLength) fails on `ascii_domain`: an empty label other than a
/// trailing root label, a label over 63 octets or a name over 253.
bool breaks_dns_length(std::string_view ascii_domain) {
  if (ascii_domain.empty()) return true;
  std::string_view name = ascii_domain;
  if (name.ends_with('.')) name.remove_suffix(1);
  if (name.size() > 253) return true;
  for (const std::string_view label : split_on(name, '.')) {
    if (label.empty() || label.size() > 63) return true;
  }
  return false;
}

/// UseSTD3ASCIIRules refuses an ASCII character other than a letter, digit, "-" or ".".
bool breaks_std3(std::string_view domain) {
  for (const char c : domain) {
    const auto u = static_cast<unsigned char>(c);
    const bool ldh =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    if (u < 0x80 && !ldh) return true;
  }
  return false;
}

/// RFC 3492 §6.2 decoding of one Punycode string (the part after "xn--"); nullopt when malformed.
/// Used only to see which characters an "xn--" label stands for.
std::optional<std::vector<char32_t>> punycode_decode(std::string_view in) {
  constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700;
  const auto adapt = [](std::uint32_t delta, std::uint32_t points, bool first) {
    delta = first ? delta / damp : delta / 2;
    delta += delta / points;
    std::uint32_t k = 0;
    while (delta > ((base - tmin) * tmax) / 2) {
      delta /= base - tmin;
      k += base;
    }
    return k + (base - tmin + 1) * delta / (delta + skew);
  };
  std::vector<char32_t> out;
  const std::size_t last_dash = in.rfind('-');
  std::size_t i = 0;
  if (last_dash != std::string_view::npos) {
    for (const char c : in.substr(0, last_dash)) out.push_back(static_cast<unsigned char>(c));
    i = last_dash + 1;
  }
  std::uint64_t n = 128, index = 0, bias = 72;
  while (i < in.size()) {
    const std::uint64_t old_index = index;
    std::uint64_t w = 1;
    for (std::uint64_t k = base;; k += base) {
      if (i == in.size()) return std::nullopt;
      const char c = in[i++];
      std::uint64_t digit = 0;
      if (c >= 'a' && c <= 'z') {
        digit = static_cast<std::uint64_t>(c - 'a');
      } else if (c >= 'A' && c <= 'Z') {
        digit = static_cast<std::uint64_t>(c - 'A');
      } else if (c >= '0' && c <= '9') {
        digit = static_cast<std::uint64_t>(c - '0') + 26;
      } else {
        return std::nullopt;
      }
      index += digit * w;
      if (index > 0x10FFFF * 64ull) return std::nullopt;
      const std::uint64_t t = k <= bias ? tmin : (k >= bias + tmax ? tmax : k - bias);
      if (digit < t) break;
      w *= base - t;
      if (w > (1ull << 40)) return std::nullopt;  // far beyond any code point: malformed
    }
    const auto points = static_cast<std::uint32_t>(out.size() + 1);
    bias = adapt(static_cast<std::uint32_t>(index - old_index), points, old_index == 0);
    n += index / points;
    index %= points;
    if (n > 0x10FFFF) return std::nullopt;
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(index), static_cast<char32_t>(n));
    ++index;
  }
  return out;
}

/// The code points `ascii_domain` stands for: each "xn--" label decoded, the others as they are.
std::vector<char32_t> decoded_code_points(std::string_view ascii_domain) {
  std::vector<char32_t> out;
  for (const std::string_view label : split_on(ascii_domain, '.')) {
    const std::optional<std::vector<char32_t>> decoded =
        ascii_lower(label.substr(0, 4)) == "xn--" ? punycode_decode(label.substr(4)) : std::nullopt;
    const std::vector<char32_t> cps = decoded ? *decoded : code_points(label);
    out.insert(out.end(), cps.begin(), cps.end());
    out.push_back('.');
  }
  if (!out.empty()) out.pop_back();
  return out;
}

constexpr const char* why_hyphens =
    "wpt-hosts: CheckHyphens=false in WHATWG domain to ASCII; irikit checks hyphens (RFC 5891 §4.2.3.1) — "
    "docs/conformance.md#wpt-url-idnatestv2json";
constexpr const char* why_length =
    "wpt-hosts: VerifyDnsLength=false in WHATWG domain to ASCII; irikit verifies DNS lengths (RFC 1034 §3.1) "
    "— docs/conformance.md#wpt-url-idnatestv2json";
constexpr const char* why_std3 =
    "wpt-hosts: UseSTD3ASCIIRules=false in WHATWG domain to ASCII; irikit keeps host names to letters, "
    "digits "
    "and hyphens (RFC 5891 §4.2.3.1) — docs/conformance.md#wpt-url-idnatestv2json";
constexpr const char* why_a_label =
    "wpt-hosts: an ASCII name with an \"xn--\" label that is not a valid A-label (the file's comment gives "
    "the "
    "UTS #46 status); the file expects it unchanged, irikit decodes and validates every A-label and refuses "
    "it "
    "(RFC 5891 §5.4, UTS #46 §4.1) — docs/conformance.md#wpt-url-idnatestv2json";
/// Stands in for an unpaired surrogate escape, which a JSON parser for UTF-8 refuses: U+10FFFF, a
/// noncharacter the file does not otherwise contain.
constexpr char32_t surrogate_marker = 0x10FFFF;

/// The file's text with each "\uD800"…"\uDFFF" escape that is not half of a pair replaced by the
/// escaped surrogate_marker.
std::string mark_unpaired_surrogates(std::string_view json) {
  const auto escape_at = [&](std::size_t i) -> int {  // the \uXXXX value at i, or -1
    if (i + 6 > json.size() || json[i] != '\\' || json[i + 1] != 'u') return -1;
    int v = 0;
    for (std::size_t k = i + 2; k < i + 6; ++k) {
      if (hex_value(json[k]) < 0) return -1;
      v = v * 16 + hex_value(json[k]);
    }
    return v;
  };
  std::string out;
  for (std::size_t i = 0; i < json.size();) {
    if (json[i] != '\\' || i + 1 == json.size()) {
      out += json[i++];
      continue;
    }
    const int v = escape_at(i);
    if (v >= 0xD800 && v <= 0xDBFF) {
      const int low = escape_at(i + 6);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        out.append(json.substr(i, 12));
        i += 12;
      } else {
        out += "\\udbff\\udfff";
        i += 6;
      }
    } else if (v >= 0xDC00 && v <= 0xDFFF) {
      out += "\\udbff\\udfff";
      i += 6;
    } else {
      out.append(json.substr(i, 2));  // any escape: its second character is never a new escape
      i += 2;
    }
  }
  return out;
}

/// The file's comment ("C1; V7; V3 (ignored)") names a UTS #46 status that is not one of those
/// the URL Standard ignores.
bool has_status(std::string_view comment) {
  for (std::string_view status : split_on(comment, ';')) {
    while (status.starts_with(' ')) status.remove_prefix(1);
    if (!status.empty() && !status.ends_with("(ignored)")) return true;
  }
  return false;
}

void run_idna_test_v2_json(const std::filesystem::path& dir, suite_report& report) {
  const std::filesystem::path path = dir / "wpt-url/IdnaTestV2.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const nlohmann::json data = nlohmann::json::parse(mark_unpaired_surrogates(text));
  if (!data.is_array()) throw std::runtime_error("wpt-url/IdnaTestV2.json: expected an array");
  for (std::size_t index = 0; index < data.size(); ++index) {
    const auto& c = data[index];
    if (!c.is_object()) continue;  // comment strings
    const std::string id = std::to_string(index);
    const std::string input = c.at("input").get<std::string>();
    const std::optional<std::string> output = optional_string(c.at("output"));
    const auto input_cps = code_points(input);
    if (std::find(input_cps.begin(), input_cps.end(), surrogate_marker) != input_cps.end()) {
      report.skip(id, "ill-formed string (an unpaired surrogate): a UTF-8 API cannot be given it");
      continue;
    }
    const result<std::string> actual = host_to_ascii(input, idna_mode::uts46);
    const bool ok = output ? (actual && *actual == *output) : !actual;
    if (ok) {
      report.pass(id);
      continue;
    }
    const std::string expected = output ? printable(*output) : "failure";
    const std::string shown = actual ? printable(*actual) : "error: " + describe(actual.error(), input);
    // The characters the expected output's labels stand for.
    const std::vector<char32_t> output_cps = output ? decoded_code_points(*output) : std::vector<char32_t>{};
    if (output && !actual && is_ascii(input) && *output == ascii_lower(input) &&
        has_status(c.value("comment", ""))) {
      report.diverge(id, input, expected, shown, why_a_label);
    } else if (output && !actual && breaks_check_hyphens(output_cps)) {
      report.diverge(id, input, expected, shown, why_hyphens);
    } else if (output && !actual && breaks_dns_length(*output)) {
      report.diverge(id, input, expected, shown, why_length);
    } else if (output && !actual && breaks_std3(*output)) {
      report.diverge(id, input, expected, shown, why_std3);
    } else {
      report.fail(id, input, expected, shown);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// percent-encoding.json

/// The WHATWG Encoding Standard's substitute for a character the charset cannot encode: an HTML
/// numeric character reference, "&#NNNN;" (percent-encoded in the expectation).
bool has_numeric_reference(std::string_view decoded_octets) {
  const std::size_t amp = decoded_octets.find("&#");
  return amp != std::string_view::npos && decoded_octets.find(';', amp) != std::string_view::npos;
}

constexpr const char* why_ncr =
    "wpt-encoding: the charset cannot encode the character; WHATWG substitutes an HTML numeric character "
    "reference, irikit fails with charset-unmappable (3987bis §3.5 defines no substitute) — "
    "docs/conformance.md#wpt-url-percent-encodingjson";
constexpr const char* why_refused =
    "wpt-encoding: the WHATWG Encoding Standard's ISO-2022-JP encoder refuses SO, SI and ESC and "
    "substitutes a numeric character reference; 3987bis §3.5 puts only non-ASCII characters through the "
    "document charset, so irikit writes U+000E as %0E — docs/conformance.md#wpt-url-percent-encodingjson";

void run_percent_encoding(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "wpt-url/percent-encoding.json");
  if (!data.is_array()) throw std::runtime_error("wpt-url/percent-encoding.json: expected an array");
  for (std::size_t index = 0; index < data.size(); ++index) {
    const auto& c = data[index];
    if (!c.is_object()) continue;
    const std::string input = c.at("input").get<std::string>();
    const auto& outputs = c.at("output");
    const std::string fragment_expected = outputs.at("utf-8").get<std::string>();
    const std::string href = "https://doesnotmatter.invalid/?" + input + "#" + input;
    for (const auto& [charset, value] : outputs.items()) {
      const std::string id = std::to_string(index) + "/" + charset;
      const std::string query_expected = value.get<std::string>();
      to_uri_options options;
      options.encode_unsafe_ascii = true;
      options.query_charset = charset;
      const result<std::string> uri = to_uri(href, options);
      const std::string expected = "?" + query_expected + "#" + fragment_expected;
      if (!uri) {
        const std::string shown = "error: " + describe(uri.error(), href);
        if (uri.error().code == error_code::charset_unmappable &&
            has_numeric_reference(percent_decode(query_expected))) {
          report.diverge(id, href, expected, shown, why_ncr);
        } else {
          report.fail(id, href, expected, shown);
        }
        continue;
      }
      const std::size_t q = uri->find('?');
      const std::size_t h = uri->find('#', q);
      const std::string query = uri->substr(q + 1, h - q - 1);
      const std::string fragment = uri->substr(h + 1);
      const bool same = percent_decode(query) == percent_decode(query_expected) &&
                        percent_decode(fragment) == percent_decode(fragment_expected);
      if (same) {
        report.pass(id);
      } else if (percent_decode(fragment) == percent_decode(fragment_expected) &&
                 has_numeric_reference(percent_decode(query_expected))) {
        report.diverge(id, href, expected, printable("?" + query + "#" + fragment), why_refused);
      } else {
        report.fail(id, href, expected, printable("?" + query + "#" + fragment));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// setters_tests.json

void run_setters(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "wpt-url/setters_tests.json");
  for (const auto& [attribute, cases] : data.items()) {
    if (!cases.is_array()) continue;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (!cases[i].is_object()) continue;  // the "comment" array holds the file's prose
      report.skip(attribute + "/" + std::to_string(i),
                  "WHATWG URL setters (url.host = …): irikit has no setter API; a reference is edited by "
                  "building a new string and parsing it");
    }
  }
}

const register_suite idna{"wpt-url/IdnaTestV2", run_idna_test_v2_json};
const register_suite percent_encoding{"wpt-url/percent-encoding", run_percent_encoding};
const register_suite setters{"wpt-url/setters", run_setters};

}  // namespace
}  // namespace irikit::conformance
