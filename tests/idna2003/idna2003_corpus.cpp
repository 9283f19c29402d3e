// SPDX-License-Identifier: MIT OR Apache-2.0
// idna2003_corpus: the frozen IDNA2003 answers (tests/idna2003/README.md).
//
//   idna2003_corpus --write DIR CORPORA   records today's answers into DIR/code_points.txt and
//                                         DIR/hosts.txt (the hosts of the files under CORPORA;
//                                         freeze.sh gzips it)
//   idna2003_corpus --check DIR           replays both files against the library; exit 1 with
//                                         one line per difference (the first 50 shown)
//
// Everything goes through the public API: host_to_ascii with idna_mode::idna2003 (RFC 3490 §4.1
// ToASCII, UseSTD3ASCIIRules, AllowUnassigned off and on) and host_to_unicode (RFC 3490 §4.2).
//
// code_points.txt: one section per question, each a list of runs of code points with one outcome:
//   [to_ascii allow_unassigned=0]   ToASCII of the code point alone as a one-character label
//   [to_ascii allow_unassigned=1]
//   [to_unicode]                    ToUnicode of the code point alone
//   [to_unicode of to_ascii]        ToUnicode of [to_ascii allow_unassigned=1]'s answer
//   FIRST[..LAST] OUTCOME, OUTCOME one of
//     !OFFSET   idna-failed at that byte offset
//     self      ToASCII: the label unchanged (ASCII) or "xn--" + its Punycode (RFC 3492): Nameprep
//               left it as it is. ToUnicode: the input unchanged.
//     cp        [to_unicode of to_ascii]: the code point itself (a round trip)
//     -         [to_unicode of to_ascii]: no question (ToASCII failed)
//     :TEXT     that text (escaped as below)
// A surrogate code point is given as its generalized UTF-8 (ED A0 80..ED BF BF): invalid input.
//
// hosts.txt (stored as hosts.txt.gz): HOST<TAB>ASCII0<TAB>ASCII1<TAB>UNICODE per distinct host, where
// ASCII0/ASCII1 are ToASCII with AllowUnassigned off/on and UNICODE is ToUnicode of ASCII1's answer (of the
// host when ASCII1 failed). A field is !OFFSET, :TEXT, "=" (the same as the field before it; for ASCII0: the
// host) or "~" (the host in ASCII lowercase).
//
// TEXT escapes "%", TAB, controls and DEL as %XX; everything else is the UTF-8 as it is.
#include <stdio.h>  // popen, pclose (POSIX)

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "irikit/host.h"
#include "irikit/iri.h"
#include "unicode/punycode.h"

namespace {

using irikit::host_options;
using irikit::idna_mode;

std::string utf8_of(char32_t cp) {  // generalized UTF-8: surrogates encoded like any code point
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

std::string escape(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '%' || c < 0x20 || c == 0x7F) {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

/// "!OFFSET" or ":TEXT".
template <typename R>
std::string answer(const R& r) {
  if (!r) return "!" + std::to_string(r.error().offset);
  return ":" + escape(*r);
}

std::string to_ascii(std::string_view host, bool allow_unassigned) {
  return answer(irikit::host_to_ascii(host, host_options{idna_mode::idna2003, allow_unassigned}));
}

std::string to_unicode(std::string_view host) {
  return answer(irikit::host_to_unicode(host, host_options{idna_mode::idna2003, true}));
}

// ---- code points ---------------------------------------------------------------------------

constexpr char32_t k_last = 0x10FFFF;
const char* const k_sections[] = {"to_ascii allow_unassigned=0", "to_ascii allow_unassigned=1", "to_unicode",
                                  "to_unicode of to_ascii"};

/// The ToASCII answer "self" stands for.
std::string self_ascii(char32_t cp) {
  if (cp < 0x80) return ":" + escape(utf8_of(cp));
  std::string ace = "xn--";
  irikit::unicode::punycode_encode(std::u32string_view(&cp, 1), ace);
  return ":" + ace;
}

/// The four outcomes of one code point, in k_sections' order, in compact form.
std::vector<std::string> outcomes(char32_t cp) {
  const std::string label = utf8_of(cp);
  std::vector<std::string> o;
  for (bool allow : {false, true}) {
    const std::string a = to_ascii(label, allow);
    o.push_back(a == self_ascii(cp) ? "self" : a);
  }
  const std::string u = to_unicode(label);
  o.push_back(u == ":" + escape(label) ? "self" : u);
  const std::string a1 = to_ascii(label, true);
  if (a1[0] == '!') {
    o.push_back("-");
  } else {
    const std::string input = unescape(std::string_view(a1).substr(1));
    const std::string r = to_unicode(input);
    o.push_back(r == a1 ? "self" : r == ":" + escape(label) ? "cp" : r);
  }
  return o;
}

std::string hex(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(cp));
  return buf;
}

void write_code_points(std::ostream& out) {
  std::vector<std::vector<std::string>> all;
  all.reserve(k_last + 1);
  for (char32_t cp = 0; cp <= k_last; ++cp) all.push_back(outcomes(cp));
  out << "# Generated by tests/idna2003/freeze.sh (idna2003_corpus --write): IDNA2003 answers of irikit\n"
         "# with ICU 72's RFC 3490 / usprep (src/unicode/idna2003.cpp as of the freeze). Do not edit.\n"
         "# Format: tests/idna2003/idna2003_corpus.cpp.\n";
  for (std::size_t s = 0; s < 4; ++s) {
    out << "[" << k_sections[s] << "]\n";
    char32_t first = 0;
    for (char32_t cp = 1; cp <= k_last + 1; ++cp) {
      if (cp <= k_last && all[cp][s] == all[first][s]) continue;
      out << hex(first);
      if (cp - 1 != first) out << ".." << hex(cp - 1);
      out << ' ' << all[first][s] << '\n';
      first = cp;
    }
  }
}

int check_code_points(std::istream& in, int& shown) {
  int failures = 0;
  std::vector<std::vector<std::string>> cache(k_last + 1);
  std::string line;
  int section = -1;
  std::size_t covered[4] = {};
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      ++section;
      if (section > 3 || line != "[" + std::string(k_sections[section]) + "]") {
        std::cout << "code_points.txt: unexpected section " << line << "\n";
        return failures + 1;
      }
      continue;
    }
    const auto space = line.find(' ');
    const std::string range = line.substr(0, space);
    const std::string expected = line.substr(space + 1);
    const auto dots = range.find("..");
    const auto first = static_cast<char32_t>(std::stoul(range.substr(0, dots), nullptr, 16));
    const auto last = dots == std::string::npos
                          ? first
                          : static_cast<char32_t>(std::stoul(range.substr(dots + 2), nullptr, 16));
    for (char32_t cp = first; cp <= last && cp <= k_last; ++cp) {
      auto& o = cache[cp];
      if (o.empty()) o = outcomes(cp);
      ++covered[section];
      if (o[static_cast<std::size_t>(section)] != expected) {
        ++failures;
        if (shown++ < 50) {
          std::cout << "U+" << hex(cp) << " [" << k_sections[section] << "]: expected " << expected
                    << ", got " << o[static_cast<std::size_t>(section)] << "\n";
        }
      }
    }
  }
  for (std::size_t s = 0; s < 4; ++s) {
    if (covered[s] != k_last + 1) {
      std::cout << "code_points.txt: [" << k_sections[s] << "] covers " << covered[s] << " code points, not "
                << k_last + 1 << "\n";
      ++failures;
    }
  }
  return failures;
}

// ---- hosts ---------------------------------------------------------------------------------

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

/// The three answer fields of one host, compact.
std::string host_fields(const std::string& host) {
  const std::string a0 = to_ascii(host, false);
  const std::string a1 = to_ascii(host, true);
  const std::string u = to_unicode(a1[0] == '!' ? host : unescape(std::string_view(a1).substr(1)));
  const auto field = [&](const std::string& value, const std::string& before) {
    if (value == before) return std::string("=");
    if (value == ":" + escape(ascii_lower(host))) return std::string("~");
    return value;
  };
  return field(a0, ":" + escape(host)) + "\t" + field(a1, a0) + "\t" + field(u, a1);
}

void add_host(std::string_view host, std::unordered_set<std::string>& seen, std::vector<std::string>& hosts) {
  if (host.empty()) return;
  if (seen.insert(std::string(host)).second) hosts.emplace_back(host);
}

void add_hosts_of_url(std::string_view text, std::unordered_set<std::string>& seen,
                      std::vector<std::string>& hosts) {
  const auto r = irikit::parse_iri_reference(text);
  if (r && r->host()) add_host(*r->host(), seen, hosts);
}

/// The hosts of the corpora, in a fixed order: the host lists, the public suffix list's rules,
/// then the hosts of every URL file.
std::vector<std::string> corpus_hosts(const std::string& corpora) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> hosts;
  const auto lines = [&](const std::string& name, auto&& each) {
    std::ifstream f(corpora + "/" + name);
    if (!f) {
      std::cerr << "cannot read " << corpora << "/" << name << "\n";
      std::exit(2);
    }
    std::string line;
    while (std::getline(f, line)) {
      if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      each(line);
    }
  };
  for (const char* name : {"intl/idn_hosts.txt", "intl/ascii_hosts.txt"})
    lines(name, [&](const std::string& l) { add_host(l, seen, hosts); });
  lines("publicsuffix/public_suffix_list.dat", [&](const std::string& l) {
    if (l.empty() || l.rfind("//", 0) == 0) return;
    std::string_view rule = l;
    rule = rule.substr(0, rule.find_first_of(" \t"));
    if (rule.rfind("*.", 0) == 0) rule.remove_prefix(2);
    if (rule.rfind("!", 0) == 0) rule.remove_prefix(1);
    add_host(rule, seen, hosts);
  });
  for (const char* name : {"intl/intl_mixed_iri.txt", "intl/intl_wiki_iri.txt", "intl/intl_wiki_uri.txt",
                           "url-various-datasets/kasztp.txt", "url-various-datasets/isaacs_files.txt",
                           "url-various-datasets/node_files.txt"})
    lines(name, [&](const std::string& l) { add_hosts_of_url(l, seen, hosts); });
  bool header = true;
  lines("commoncrawl/relative_urls_cc_10k.csv", [&](const std::string& l) {
    if (header) {
      header = false;
      return;
    }
    const auto comma = l.find(',');
    add_hosts_of_url(std::string_view(l).substr(0, comma), seen, hosts);
    if (comma != std::string::npos) add_hosts_of_url(std::string_view(l).substr(comma + 1), seen, hosts);
  });
  return hosts;
}

void write_hosts(const std::string& corpora, std::ostream& out) {
  out << "# Generated by tests/idna2003/freeze.sh (idna2003_corpus --write): IDNA2003 answers of irikit\n"
         "# with ICU 72 for every host of ../shared/corpora. Do not edit. Format: idna2003_corpus.cpp.\n";
  for (const std::string& host : corpus_hosts(corpora))
    out << escape(host) << '\t' << host_fields(host) << '\n';
}

int check_hosts(std::FILE* in, int& shown, std::size_t& count) {
  int failures = 0;
  std::string line;
  const auto next_line = [&] {
    line.clear();
    int c;
    while ((c = std::fgetc(in)) != EOF && c != '\n') line += static_cast<char>(c);
    return c != EOF || !line.empty();
  };
  while (next_line()) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    const std::string host = unescape(std::string_view(line).substr(0, tab));
    const std::string expected = line.substr(tab + 1);
    const std::string got = host_fields(host);
    ++count;
    if (got != expected) {
      ++failures;
      if (shown++ < 50)
        std::cout << "host " << line.substr(0, tab) << ": expected " << expected << ", got " << got << "\n";
    }
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "--write" && argc == 4) {
    const std::string dir = argv[2];
    std::ofstream cps(dir + "/code_points.txt");
    write_code_points(cps);
    std::ofstream hosts(dir + "/hosts.txt");
    write_hosts(argv[3], hosts);
    return cps && hosts ? 0 : 2;
  }
  if (mode == "--check" && argc == 3) {
    const std::string dir = argv[2];
    std::ifstream cps(dir + "/code_points.txt");
    // hosts.txt is stored gzipped (1.2 MB instead of 3.9).
    std::FILE* hosts = ::popen(("gzip -dc '" + dir + "/hosts.txt.gz'").c_str(), "r");
    if (!cps || hosts == nullptr) {
      std::cout << "cannot read " << dir << "/code_points.txt and hosts.txt.gz\n";
      return 2;
    }
    int shown = 0;
    std::size_t host_count = 0;
    const int cp_failures = check_code_points(cps, shown);
    int host_failures = check_hosts(hosts, shown, host_count);
    if (::pclose(hosts) != 0 || host_count == 0) {
      std::cout << "hosts.txt.gz: gzip -dc failed\n";
      ++host_failures;
    }
    std::cout << "idna2003 frozen code points: " << (4 * (k_last + 1) - static_cast<std::size_t>(cp_failures))
              << " answers passed, " << cp_failures << " failed\n"
              << "idna2003 frozen hosts: " << host_count - static_cast<std::size_t>(host_failures)
              << " passed, " << host_failures << " failed\n";
    return cp_failures + host_failures == 0 ? 0 : 1;
  }
  std::cerr << "usage: idna2003_corpus --write DIR CORPORA | --check DIR\n";
  return 2;
}
