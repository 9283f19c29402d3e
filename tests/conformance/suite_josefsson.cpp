// SPDX-License-Identifier: MIT OR Apache-2.0
// The Nameprep and IDNA test vectors of draft-josefsson-idn-test-vectors (../idna2003/ beside
// ../conformance: draft-josefsson-idn-test-vectors.xml, its appendices "Nameprep test vectors in C
// syntax" and "IDNA test vectors in C syntax", read as the C they are).
//
//   josefsson/nameprep   <index>           RFC 3491 Nameprep of `in` (AllowUnassigned unless the
//                                          flags say STRINGPREP_NO_UNASSIGNED) gives `out`, or fails
//                                          when `rc` is not 0
//   josefsson/idna       <index>/toAscii   RFC 3490 §4.1 ToASCII (host_to_ascii, idna2003) of the
//                                          code points gives `out`, compared ASCII case-insensitively:
//                                          the vectors keep RFC 3492's mixed-case annotations, which
//                                          Nameprep's case folding removes (RFC 3491 §3)
//                        <index>/toUnicode RFC 3490 §4.2 ToUnicode (host_to_unicode) of `out` gives
//                                          the code points back
//
// irikit always sets UseSTD3ASCIIRules (RFC 3987 §3.1); a vector whose label it breaks (a
// leading or trailing hyphen, an ASCII character other than a letter, digit or "-") is skipped
// with that reason, since the vectors assume the flag off.
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/host.h"
#include "runner.h"
#include "text_helpers.h"
#include "unicode/idna2003.h"

namespace irikit::conformance {
namespace {

/// A C token: a string literal (unescaped), a word (identifier or number) or one of "{},".
struct token {
  enum kind_t { string, word, punct } kind;
  std::string text;
};

std::vector<token> tokenize(std::string_view c) {
  std::vector<token> out;
  for (std::size_t i = 0; i < c.size();) {
    const char ch = c[i];
    if (std::isspace(static_cast<unsigned char>(ch))) {
      ++i;
    } else if (ch == '"') {
      std::string s;
      for (++i; i < c.size() && c[i] != '"'; ++i) {
        if (c[i] != '\\') {
          s += c[i];
        } else if (c[i + 1] == 'x') {  // \xHH: at most two digits in these vectors
          std::size_t k = i + 2;
          int v = 0;
          while (k < c.size() && k < i + 4 && std::isxdigit(static_cast<unsigned char>(c[k])))
            v = v * 16 + hex_value(c[k++]);
          s += static_cast<char>(v);
          i = k - 1;
        } else {
          s += c[++i];
        }
      }
      ++i;
      if (!out.empty() && out.back().kind == token::string) {
        out.back().text += s;  // adjacent literals concatenate
      } else {
        out.push_back({token::string, s});
      }
    } else if (ch == '{' || ch == '}' || ch == ',' || ch == ';' || ch == '=' || ch == '[' || ch == ']') {
      out.push_back({token::punct, std::string(1, ch)});
      ++i;
    } else {
      std::size_t k = i;
      while (k < c.size() && (std::isalnum(static_cast<unsigned char>(c[k])) || c[k] == '_' || c[k] == '*'))
        ++k;
      if (k == i) ++k;
      out.push_back({token::word, std::string(c.substr(i, k - i))});
      i = k;
    }
  }
  return out;
}

/// The entries of the initializer after `struct_name`'s "= {", each a list of fields; a braced
/// field (the IDNA code points) is flattened into the words it holds, joined by spaces.
std::vector<std::vector<token>> entries(const std::string& xml, std::string_view struct_name) {
  const auto start = xml.find(struct_name);
  if (start == std::string::npos) throw std::runtime_error("no " + std::string(struct_name));
  const auto init = xml.find('=', start);
  const auto end = xml.find("</artwork>", init);
  const auto tokens = tokenize(std::string_view(xml).substr(init + 1, end - init - 1));
  std::vector<std::vector<token>> out;
  int depth = 0;
  std::vector<token> fields;
  token current{token::word, ""};
  bool has_current = false;
  const auto flush = [&] {
    if (has_current) fields.push_back(current);
    current = {token::word, ""};
    has_current = false;
  };
  for (const token& t : tokens) {
    if (t.kind == token::punct && t.text == "{") {
      ++depth;
      if (depth == 3) {
        current = {token::word, ""};
        has_current = true;
      }
      continue;
    }
    if (t.kind == token::punct && t.text == "}") {
      if (depth == 2) {
        flush();
        out.push_back(fields);
        fields.clear();
      }
      --depth;
      continue;
    }
    if (depth < 2) continue;
    if (t.kind == token::punct && t.text == ",") {
      if (depth == 2) flush();
      continue;
    }
    if (depth == 3) {
      current.text += (current.text.empty() ? "" : " ") + t.text;
    } else if (t.kind == token::word && t.text == "IDNA_ACE_PREFIX") {
      current = {token::string, "xn--"};
      has_current = true;
    } else if (t.kind == token::string && has_current && current.kind == token::string) {
      current.text += t.text;
    } else {
      current = t;
      has_current = true;
    }
  }
  return out;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::filesystem::path vectors_file(const std::filesystem::path& conformance_dir) {
  return conformance_dir / ".." / "idna2003" / "draft-josefsson-idn-test-vectors.xml";
}

void run_nameprep(const std::filesystem::path& dir, suite_report& report) {
  const std::string xml = read_text(vectors_file(dir));
  std::size_t index = 0;
  for (const auto& e : entries(xml, "struct stringprep")) {
    const std::string id = std::to_string(index++);
    if (e.size() < 2) throw std::runtime_error("nameprep vector " + id + ": too few fields");
    const std::string& in = e[1].text;
    const bool has_out = e.size() > 2 && e[2].kind == token::string;
    const bool allow_unassigned =
        !(e.size() > 4 && e[4].text.find("STRINGPREP_NO_UNASSIGNED") != std::string::npos);
    const bool must_fail = (e.size() > 5 && e[5].text != "0") || !has_out;
    std::string out;
    const bool ok = unicode::idna2003_nameprep(in, allow_unassigned, out);
    if (must_fail) {
      if (ok) {
        report.fail(id, in, "error (" + (e.size() > 5 ? e[5].text : std::string("NULL")) + ")",
                    printable(out));
      } else {
        report.pass(id);
      }
    } else if (!ok || out != e[2].text) {
      report.fail(id, in, printable(e[2].text), ok ? printable(out) : "error");
    } else {
      report.pass(id);
    }
  }
  if (index == 0) report.abort("no Nameprep vectors found");
}

/// UseSTD3ASCIIRules (RFC 3490 §4.1 step 3) on the code points of a label.
bool breaks_std3(const std::u32string& cps) {
  for (char32_t cp : cps) {
    const bool ldh =
        (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '-';
    if (cp < 0x80 && !ldh) return true;
  }
  return !cps.empty() && (cps.front() == '-' || cps.back() == '-');
}

void run_idna(const std::filesystem::path& dir, suite_report& report) {
  const std::string xml = read_text(vectors_file(dir));
  std::size_t index = 0;
  const std::string std3 =
      "UseSTD3ASCIIRules is always on in irikit (RFC 3987 §3.1); the vector assumes it off";
  for (const auto& e : entries(xml, "struct idna")) {
    const std::string id = std::to_string(index++);
    if (e.size() < 7) throw std::runtime_error("IDNA vector " + id + ": too few fields");
    std::u32string cps;
    std::istringstream words(e[2].text);
    for (std::string w; words >> w;) cps.push_back(static_cast<char32_t>(std::stoul(w, nullptr, 16)));
    std::string input;
    for (char32_t cp : cps) grammar::append_utf8(input, cp);
    const std::string& ace = e[3].text;
    const bool allow_unassigned = e[4].text != "0";
    const bool to_ascii_ok = e[6].text == "IDNA_SUCCESS" || e[6].text == "0";
    // A missing tounicoderc is 0 (C's zero initialization): IDNA_SUCCESS.
    const bool to_unicode_ok = e.size() < 8 || e[7].text == "IDNA_SUCCESS" || e[7].text == "0";
    const bool skip = breaks_std3(cps) && to_ascii_ok;
    const auto a = host_to_ascii(input, host_options{idna_mode::idna2003, allow_unassigned});
    if (skip) {
      report.skip(id + "/toAscii", std3);
    } else if (to_ascii_ok ? !(a && ascii_lower(*a) == ascii_lower(ace)) : static_cast<bool>(a)) {
      report.fail(id + "/toAscii", input, to_ascii_ok ? ace : "error", a ? *a : "error");
    } else {
      report.pass(id + "/toAscii");
    }
    const auto u = host_to_unicode(ace, host_options{idna_mode::idna2003, true});
    if (skip) {
      report.skip(id + "/toUnicode", std3);
    } else if (to_unicode_ok ? !(u && *u == input) : static_cast<bool>(u)) {
      report.fail(id + "/toUnicode", ace, to_unicode_ok ? printable(input) : "error",
                  u ? printable(*u) : "error");
    } else {
      report.pass(id + "/toUnicode");
    }
  }
  if (index == 0) report.abort("no IDNA vectors found");
}

const register_suite nameprep{"josefsson/nameprep", run_nameprep};
const register_suite idna{"josefsson/idna", run_idna};

}  // namespace
}  // namespace irikit::conformance
