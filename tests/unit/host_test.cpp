// SPDX-License-Identifier: MIT OR Apache-2.0
// Unit tests for irikit/host.h and unicode/idna.h: IDNA for hosts (RFC 3987 §3.1, RFC 3490,
// UTS #46, draft-ietf-iri-3987bis §3.4).
#include "irikit/host.h"

#include <gtest/gtest.h>
#include <unicode/normalizer2.h>
#include <unicode/uidna.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "grammar/char_scan.h"  // use_scan_implementation
#include "grammar/utf8.h"
#include "unicode/bidi.h"
#include "unicode/idna.h"
#include "unicode/label_memory.h"
#include "unicode/normalize.h"
#include "unicode/ucd.h"
#include "unicode/work.h"

namespace irikit {
namespace {

std::string ascii(std::string_view host, idna_mode mode) {
  auto r = host_to_ascii(host, mode);
  return r ? *r : "ERROR@" + std::to_string(r.error().offset);
}

std::string unicode(std::string_view host, idna_mode mode = idna_mode::uts46) {
  auto r = host_to_unicode(host, mode);
  return r ? *r : "ERROR@" + std::to_string(r.error().offset);
}

TEST(HostToAscii, Rfc3987Section31Example) {
  // RFC 3987 §3.1: "http://r&#xE9;sum&#xE9;.example.org" may be converted to xn--rsum-bpad.
  EXPECT_EQ(ascii("résumé.example.org", idna_mode::uts46), "xn--rsum-bpad.example.org");
  EXPECT_EQ(ascii("résumé.example.org", idna_mode::uts46_transitional), "xn--rsum-bpad.example.org");
  EXPECT_EQ(ascii("résumé.example.org", idna_mode::idna2003), "xn--rsum-bpad.example.org");
}

TEST(HostToAscii, NoneIsIdentity) {
  EXPECT_EQ(ascii("Bücher.de", idna_mode::none), "Bücher.de");
  EXPECT_EQ(unicode("xn--bcher-kva.de", idna_mode::none), "xn--bcher-kva.de");
}

TEST(HostToAscii, DeviationCharactersDependOnTheMode) {
  // UTS #46 §4: ß is a deviation character, kept by non-transitional processing.
  EXPECT_EQ(ascii("faß.de", idna_mode::uts46), "xn--fa-hia.de");
  EXPECT_EQ(ascii("faß.de", idna_mode::uts46_transitional), "fass.de");
  EXPECT_EQ(ascii("faß.de", idna_mode::idna2003), "fass.de");
  // ZWJ in Sinhala: kept (CONTEXTJ allows it after a virama) or removed.
  EXPECT_EQ(ascii("ශ්\u200Dරී.com", idna_mode::uts46), "xn--10cl1a0b660p.com");
  EXPECT_EQ(ascii("ශ්\u200Dරී.com", idna_mode::uts46_transitional), "xn--10cl1a0b.com");
}

TEST(HostToAscii, MapsCaseAndFullStops) {
  EXPECT_EQ(ascii("Bücher.DE", idna_mode::uts46), "xn--bcher-kva.de");
  // U+3002 IDEOGRAPHIC FULL STOP separates labels like "." (UTS #46 mapping, RFC 3490 §3.1).
  EXPECT_EQ(ascii("例え\u3002jp", idna_mode::uts46), "xn--r8jz45g.jp");
  EXPECT_EQ(ascii("例え\u3002jp", idna_mode::idna2003), "xn--r8jz45g.jp");
  // The root label (a trailing dot) is kept.
  EXPECT_EQ(ascii("bücher.de.", idna_mode::uts46), "xn--bcher-kva.de.");
  EXPECT_EQ(ascii("", idna_mode::uts46), "");
}

// Issue 34: host_options::keep_root_label, tested both ways. Kept (the default): an FQDN's final
// "." is a valid URI reg-name (RFC 3986 §3.2.2, RFC 1034 §3.1). Not kept: exactly UTS #46 §4.2
// step 3 with VerifyDnsLength, where the root label is an empty label (IdnaTestV2.txt's A4_2).
TEST(HostToAscii, RootLabelBothWays) {
  host_options strict;
  strict.keep_root_label = false;
  for (const idna_mode mode : {idna_mode::uts46, idna_mode::uts46_transitional}) {
    strict.mode = mode;
    EXPECT_EQ(host_to_ascii("a.b.c.d.", host_options{mode}).value_or("error"), "a.b.c.d.");
    // IdnaTestV2.txt line 273: the full stops U+FF0E, U+3002, U+FF61 are label separators too.
    EXPECT_EQ(host_to_ascii("A.b\uFF0Ec\u3002D\uFF61", host_options{mode}).value_or("error"), "a.b.c.d.");
    EXPECT_EQ(host_to_ascii("A.b\uFF0Ec\u3002D\uFF61", strict).value_or("error"), "error");
    EXPECT_EQ(host_to_ascii("a.b.c.d.", strict).value_or("error"), "error");
    const auto r = host_to_ascii("b\u00FCcher.de.", strict);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code, error_code::idna_failed);
    EXPECT_EQ(r.error().offset, 11U);  // the empty label after the last "."
    EXPECT_EQ(host_to_ascii("b\u00FCcher.de", strict).value_or("error"), "xn--bcher-kva.de");
    // The empty host stays a valid, empty reg-name either way.
    EXPECT_EQ(host_to_ascii("", strict).value_or("error"), "");
    // Empty labels other than the root are errors either way.
    EXPECT_FALSE(host_to_ascii("a..b", host_options{mode}).has_value());
    EXPECT_FALSE(host_to_ascii("a..b", strict).has_value());
  }
}

// Issue 34: UTS #46 answers from irikit's Unicode 17.0 tables whatever ICU the system has.
TEST(Uts46Unicode17, CharactersNewerThanIcu72) {
  // U+1E5D0 OL ONAL LETTER O (Unicode 16.0): valid in IdnaMappingTable.txt 17.0.
  EXPECT_EQ(ascii("\U0001E5D0", idna_mode::uts46), "xn--zo5h");
  EXPECT_EQ(ascii("\U0001E5D0\U0001E5D1.example", idna_mode::uts46), "xn--zo5hc.example");
  // U+1E9E LATIN CAPITAL LETTER SHARP S maps to U+00DF since UTS #46 15.1 (ICU 72: "ss");
  // transitional processing then maps the ß to "ss".
  EXPECT_EQ(ascii("FA\u1E9E.de", idna_mode::uts46), "xn--fa-hia.de");
  EXPECT_EQ(ascii("FA\u1E9E.de", idna_mode::uts46_transitional), "fass.de");
  // Georgian capitals map to Mkhedruli since 15.1 (ICU 72 disallows them).
  EXPECT_EQ(unicode("\u10A0.ge"), "\u2D00.ge");
  // U+2260 NOT EQUAL TO is valid since 15.1 (UseSTD3ASCIIRules is about ASCII only).
  EXPECT_EQ(ascii("a\u2260b", idna_mode::uts46), "xn--ab-miv");
}

TEST(Uts46Unicode17, EveryCodePointAsAOneCharacterHost) {
  // Every scalar value: a result or a clear error (idna-failed at byte 0), never a crash; every
  // result is ASCII and converts back.
  std::size_t converted = 0, refused = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string host;
    if (cp < 0x80) {
      host.push_back(static_cast<char>(cp));
    } else {
      grammar::append_utf8(host, cp);
    }
    const auto r = host_to_ascii(host, idna_mode::uts46);
    if (!r) {
      ASSERT_EQ(r.error().code, error_code::idna_failed);
      ASSERT_EQ(r.error().offset, 0u);
      ++refused;
    } else {
      ASSERT_TRUE(
          std::all_of(r->begin(), r->end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
      if (cp % 16 == 0) {
        ASSERT_TRUE(unicode::whatwg_domain_to_ascii(host).has_value());  // laxer flags
      }
      ++converted;
    }
  }
  EXPECT_EQ(converted + refused, 0x110000u - 0x800u);
  EXPECT_GT(converted, 150000u);  // the letters of every script
}

// Issue 34's bad input: a 1 MB label, 1 MB of combining marks, 10,000 labels. The work is
// counted, not timed (unicode/work.h: the steps of Punycode's trees and copies, canonical
// ordering's sorts, and every pass of UTS #46 over a label). Each case is run at n and at 4n
// code points: n log n work grows by at most 4 x log(4n) / log(n), under 5 here, where
// quadratic work grows 16 times; and it stays under a fixed multiple of n log2 n.
TEST(Uts46Unicode17, HostileSizesTakeLinearWork) {
  const auto work = [](auto&& f) {
    const std::uint64_t before = unicode::work_steps();
    f();
    return unicode::work_steps() - before;
  };
  const auto n_log_n = [](std::uint64_t n) {
    std::uint64_t log = 1;
    while ((std::uint64_t{1} << log) < n) ++log;
    return n * log;
  };
  const auto code_points = [](const std::string& s) {
    return static_cast<std::uint64_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  };
  const auto expect_n_log_n = [&](const char* what, const std::string& small, const std::string& large,
                                  std::uint64_t small_work, std::uint64_t large_work) {
    SCOPED_TRACE(what);
    ASSERT_EQ(code_points(large), 4 * code_points(small));
    EXPECT_GE(small_work, code_points(small));  // the work is counted at all
    EXPECT_LE(large_work, 5 * small_work) << small_work << " -> " << large_work;
    EXPECT_LE(large_work, 8 * n_log_n(code_points(large)));
  };

  // A label of distinct CJK ideographs: Punycode encoding and decoding (RFC 3492 §6.2, §6.3,
  // quadratic as specified) with Fenwick trees.
  const auto ideographs = [](std::size_t count) {
    std::string s;
    char32_t cp = 0x4E00;
    for (std::size_t k = 0; k < count; ++k, cp = cp == 0x9FFF ? 0x4E00 : cp + 1) grammar::append_utf8(s, cp);
    return s;
  };
  const std::string big = ideographs(4 * 87382), quarter = ideographs(87382);
  ASSERT_GE(big.size(), 1u << 20);  // 1 MiB: the ideographs take three bytes each
  std::string ace, ace_quarter;
  const auto to_ace = [](const std::string& label, std::string& into) {
    auto r = unicode::whatwg_domain_to_ascii(label);  // VerifyDnsLength off: the label may be long
    ASSERT_TRUE(r.has_value());
    into = *r;
  };
  const std::uint64_t encode_quarter = work([&] { to_ace(quarter, ace_quarter); });
  const std::uint64_t encode = work([&] { to_ace(big, ace); });
  EXPECT_EQ(ace.rfind("xn--", 0), 0u);
  expect_n_log_n("Punycode encoding", quarter, big, encode_quarter, encode);
  const auto from_ace = [](const std::string& a, const std::string& expected) {
    auto [text, failed] = unicode::whatwg_domain_to_unicode(a);
    EXPECT_FALSE(failed);
    EXPECT_EQ(text, expected);
  };
  const std::uint64_t decode_quarter = work([&] { from_ace(ace_quarter, quarter); });
  const std::uint64_t decode = work([&] { from_ace(ace, big); });
  expect_n_log_n("Punycode decoding", quarter, big, decode_quarter, decode);
  // With VerifyDnsLength (host_to_ascii) the label is refused, at its offset.
  EXPECT_EQ(ascii("ok." + big, idna_mode::uts46), "ERROR@3");

  // Combining marks in descending combining classes: canonical ordering (D109) sorts one run of
  // the whole label.
  const auto marks = [](std::size_t pairs) {
    std::string s = "a";
    for (std::size_t k = 0; k < pairs; ++k) s += "\u0301\u0316";  // ccc 230, then 220
    return s;
  };
  const std::string many_marks = marks(std::size_t{1} << 18), fewer_marks = marks(std::size_t{1} << 16);
  const auto ordering = [&](const std::string& text) {
    return work([&] {
      const auto r = unicode::whatwg_domain_to_ascii(text);
      ASSERT_TRUE(r.has_value());  // "a" + U+0316 U+0301 ...: valid, encoded
      EXPECT_EQ(r->rfind("xn--", 0), 0u);
    });
  };
  const std::uint64_t fewer = ordering(fewer_marks);
  const std::uint64_t more = ordering(many_marks);
  SCOPED_TRACE("canonical ordering");
  EXPECT_LE(more, 5 * fewer) << fewer << " -> " << more;
  EXPECT_LE(more, 8 * n_log_n(code_points(many_marks)));
  EXPECT_GE(fewer, code_points(fewer_marks));

  // Labels: converted under the URL Standard's flags; too long for DNS under host_to_ascii (A4_1,
  // offset 0), which takes the full processing after the one pass.
  const auto labels = [](int count) {
    std::string s;
    for (int k = 0; k < count; ++k) s += "b\u00FCcher.";
    return s + "de";
  };
  const std::string many = labels(10000), some = labels(2500);
  std::string out;
  const std::uint64_t some_work =
      work([&] { ASSERT_TRUE(unicode::whatwg_domain_to_ascii(some).has_value()); });
  const std::uint64_t many_work = work([&] {
    auto r = unicode::whatwg_domain_to_ascii(many);
    ASSERT_TRUE(r.has_value());
    out = *r;
  });
  EXPECT_EQ(out.substr(0, 24), "xn--bcher-kva.xn--bcher-");
  EXPECT_GE(some_work, code_points(some));
  EXPECT_LE(many_work, 5 * some_work) << some_work << " -> " << many_work;
  const std::uint64_t strict_some = work([&] { EXPECT_EQ(ascii(some, idna_mode::uts46), "ERROR@0"); });
  const std::uint64_t strict_many = work([&] { EXPECT_EQ(ascii(many, idna_mode::uts46), "ERROR@0"); });
  EXPECT_GE(strict_some, code_points(some));
  EXPECT_LE(strict_many, 5 * strict_some) << strict_some << " -> " << strict_many;
}

TEST(HostToAscii, FailuresNameTheLabel) {
  // UseSTD3ASCIIRules: a space is disallowed; CheckHyphens: no leading hyphen.
  EXPECT_EQ(ascii("ok.ex ample.com", idna_mode::uts46), "ERROR@3");
  EXPECT_EQ(ascii("bücher.-a.com", idna_mode::uts46), "ERROR@8");
  EXPECT_EQ(ascii("a..b", idna_mode::uts46), "ERROR@2");
  EXPECT_EQ(ascii("a..b", idna_mode::idna2003), "ERROR@2");
  EXPECT_EQ(ascii("ok.ex ample.com", idna_mode::idna2003), "ERROR@3");
  // A label longer than 63 octets fails ToASCII (VerifyDnsLength).
  EXPECT_EQ(ascii(std::string(64, 'a') + ".com", idna_mode::uts46), "ERROR@0");
  const auto r = host_to_ascii("x.-y", idna_mode::uts46);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::idna_failed);
}

TEST(HostToAscii, Idna2003AllowUnassigned) {
  // U+0221 was unassigned in Unicode 3.2 (the Nameprep repertoire): refused when creating IRIs,
  // accepted otherwise (RFC 3987 §3.1, RFC 3490 §4.1 AllowUnassigned).
  EXPECT_FALSE(host_to_ascii("\u0221.com", host_options{idna_mode::idna2003, false}));
  const auto lenient = host_to_ascii("\u0221.com", host_options{idna_mode::idna2003, true});
  ASSERT_TRUE(lenient);
  EXPECT_EQ(lenient->substr(0, 4), "xn--");
}

TEST(HostToAscii, Idna2003BidiIsRfc3454TablesD1D2) {
  // RFC 3454 §6 with D.1 (RandALCat) and D.2 (LCat) as the RFC defines them, not today's
  // Bidi_Class (docs/conformance.md, "IDNA2003": ICU used Unicode 15.0's). U+2800 (Braille) was
  // ON in Unicode 3.2, so not in D.2: an Arabic-Hebrew label may hold it; ICU (L today) refused.
  EXPECT_EQ(ascii("\u05D0\u2800\u05D0.com", idna_mode::idna2003), "xn--4dba963x.com");
  // U+0CBF (Kannada vowel sign I) was NSM in 3.2 (L today): allowed between RandALCat letters.
  EXPECT_EQ(ascii("\u05D0\u0CBF\u05D0", idna_mode::idna2003), "xn--4dba834c");
  // U+17B4 was L in 3.2 (D.2; NSM today): with a RandALCat letter, the label fails.
  EXPECT_EQ(ascii("x.\u05D0\u17B4\u05D0", idna_mode::idna2003), "ERROR@2");
  // Requirement 3: a RandALCat label starts and ends with a RandALCat character.
  EXPECT_EQ(ascii("\u05D01", idna_mode::idna2003), "ERROR@0");
  EXPECT_EQ(ascii("a\u05D0a", idna_mode::idna2003), "ERROR@0");
}

TEST(HostToAscii, Idna2003NormalizesAsUnicode32) {
  // RFC 3491 §4: NFKC as of Unicode 3.2. Corrigendum 4 (Unicode 4.0) changed U+2F868's
  // decomposition to U+36FC; Nameprep keeps 3.2's U+2136A. Corrigendum 3 (3.2) is taken: U+F951
  // is U+964B.
  EXPECT_EQ(ascii("\U0002F868", idna_mode::idna2003), "xn--j74i");
  EXPECT_EQ(ascii("\uF951", idna_mode::idna2003), "xn--wk5a");
  // A code point unassigned in 3.2 (U+0221, AllowUnassigned) stays as it is and blocks: the
  // combining acute after it is not composed with anything.
  EXPECT_EQ(host_to_ascii("\u0221\u0301", host_options{idna_mode::idna2003, true}).value(), "xn--6la26b");
  // B.1 maps U+00AD to nothing; B.2 case-folds; NFKC: "ｶ" (U+FF76) is "カ".
  EXPECT_EQ(ascii("a\u00ADb\uFF76", idna_mode::idna2003), "xn--ab-9g4a");
}

// host_to_ascii answers ASCII names itself (src/host/host.cpp); it must give what the backend
// gives, result or failure, in both UTS #46 modes, for names around every limit it checks.
void check_fast_path_against_backend(const std::vector<std::string>& names);

TEST(HostToAscii, AsciiFastPathAgreesWithTheBackend) {
  std::vector<std::string> names = {"a",
                                    "A",
                                    "example.COM",
                                    "www.Example.org",
                                    "a-b.c",
                                    "-a.b",
                                    "a-.b",
                                    "a.-b",
                                    "ab--c.d",
                                    "abc--d.e",
                                    "xn--bcher-kva.de",
                                    "XN--BCHER-KVA.de",
                                    "xn--a.b",
                                    "xn--.b",
                                    "a..b",
                                    ".a",
                                    "a.",
                                    "a.b.",
                                    "..",
                                    ".",
                                    "0.1",
                                    "1.2.3.4",
                                    "a_b.c",
                                    "a b",
                                    "a:b",
                                    "a+b",
                                    "a*b",
                                    "a%41",
                                    "-",
                                    "--",
                                    "ab-",
                                    "4-x",
                                    "r3--v.com"};
  for (std::size_t n : {62u, 63u, 64u}) names.push_back(std::string(n, 'x') + ".com");
  for (std::size_t total : {251u, 252u, 253u, 254u, 255u}) {
    std::string s;
    while (s.size() + 50 < total) s += std::string(49, 'Q') + ".";
    s += std::string(total - s.size(), 'z');
    names.push_back(s);
    names.push_back(s.substr(1) + ".");
  }
  // Every length the 16-byte blocks of the fast path meet, with a special byte at every position
  // and "--" at every pair of positions in the first two labels.
  for (std::size_t length = 1; length <= 70; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (char c : {'-', '.', 'Q', '_', '\x80'}) {
        std::string name(length, 'b');
        name[at] = c;
        names.push_back(name);
      }
      if (at + 1 < length) {
        std::string name(length, 'c');
        name[at] = name[at + 1] = '-';
        if (length > 8) name[length / 2] = '.';
        names.push_back(name);
      }
    }
  }
  // Names under 64 bytes take AVX-512 under the "avx512" implementation, SSE2 blocks (where the
  // target has SSE2) otherwise.
  for (const char* implementation : {"scalar", "avx512"}) {
    if (!grammar::use_scan_implementation(implementation)) continue;
    SCOPED_TRACE(implementation);
    check_fast_path_against_backend(names);
  }
  grammar::use_scan_implementation(nullptr);  // the choice made at start
}

void check_fast_path_against_backend(const std::vector<std::string>& names) {
  for (idna_mode mode : {idna_mode::uts46, idna_mode::uts46_transitional}) {
    const auto backend_mode = mode == idna_mode::uts46 ? unicode::idna_mode::uts46_nontransitional
                                                       : unicode::idna_mode::uts46_transitional;
    for (const std::string& name : names) {
      const auto fast = host_to_ascii(name, mode);
      const auto backend = unicode::domain_to_ascii(name, backend_mode);
      ASSERT_EQ(fast.has_value(), backend.has_value()) << name;
      std::string buffer = "earlier contents";
      const auto into = host_to_ascii_into(name, buffer, {mode});
      EXPECT_EQ(into.has_value(), fast.has_value()) << name;
      EXPECT_EQ(buffer, fast ? *fast : "") << name;
      if (fast) {
        EXPECT_EQ(*fast, *backend) << name;
      } else {
        EXPECT_EQ(fast.error().offset, backend.error().offset) << name;
      }
    }
  }
}

TEST(HostToUnicode, Rfc3987Section321Example) {
  // RFC 3987 §3.2.1: "xn--99zt52a" may be converted to U+7D0D U+8C46.
  EXPECT_EQ(unicode("xn--99zt52a.example.org"), "\u7D0D\u8C46.example.org");
  EXPECT_EQ(unicode("xn--99zt52a.example.org", idna_mode::idna2003), "\u7D0D\u8C46.example.org");
  EXPECT_EQ(unicode("xn--fa-hia.de"), "faß.de");
  // An invalid Punycode label fails.
  EXPECT_EQ(unicode("example.xn--zz"), "ERROR@8");
}

TEST(BackendInterface, StableSignature) {
  const result<std::string> a =
      unicode::domain_to_ascii("bücher.de", unicode::idna_mode::uts46_nontransitional);
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, "xn--bcher-kva.de");
  const result<std::string> u =
      unicode::domain_to_unicode("xn--bcher-kva.de", unicode::idna_mode::uts46_transitional);
  ASSERT_TRUE(u);
  EXPECT_EQ(*u, "bücher.de");
  EXPECT_EQ(idna_mode_name(idna_mode::uts46_transitional), "uts46-transitional");
}

// ---------------------------------------------------------------------------------------------
// The non-transitional ToASCII of names with non-ASCII labels (src/unicode/idna.cpp): ICU's
// ToUnicode plus a Punycode encoder of our own (RFC 3492 §6.3), ICU's ToASCII whenever a label
// could be an ACE label or anything fails. It must give exactly what ICU's ToASCII gives.

/// ICU's own answer, called directly (the oracle): the ASCII name, or "ERROR".
std::string icu_to_ascii(std::string_view host) {
  UErrorCode status = U_ZERO_ERROR;
  UIDNA* idna = uidna_openUTS46(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                    UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                &status);
  std::string out(host.size() * 4 + 64, '\0');
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  const int32_t n = uidna_nameToASCII_UTF8(idna, host.data(), static_cast<int32_t>(host.size()), out.data(),
                                           static_cast<int32_t>(out.size()), &info, &status);
  uidna_close(idna);
  if (U_FAILURE(status) || info.errors != 0) return "ERROR";
  out.resize(static_cast<std::size_t>(n));
  return out;
}

std::string ours(std::string_view host) {
  auto r = unicode::domain_to_ascii(host, unicode::idna_mode::uts46_nontransitional);
  return r ? *r : "ERROR";
}

TEST(HostToAsciiFastPath, OnlyTheListedCodePointsMapToHyphenMinus) {
  // No label can map to an "xn--" label unless the name holds one of these (idna.cpp's list).
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* uts46 = icu::Normalizer2::getInstance(nullptr, "uts46", UNORM2_COMPOSE, status);
  ASSERT_TRUE(U_SUCCESS(status));
  std::vector<char32_t> found;
  for (UChar32 c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const icu::UnicodeString mapped = uts46->normalize(icu::UnicodeString(c), status);
    if (mapped.indexOf(static_cast<char16_t>(u'-')) >= 0) found.push_back(static_cast<char32_t>(c));
  }
  ASSERT_TRUE(U_SUCCESS(status));
  EXPECT_EQ(found, (std::vector<char32_t>{U'-', 0xFE63, 0xFF0D}));
}

TEST(HostToAsciiFastPath, PunycodeOfRfc3492Section71Samples) {
  // RFC 3492 §7.1 samples (A), (B), (L), (I), (D), (J) — lowercased by the UTS #46 mapping.
  EXPECT_EQ(ours("ليهمابتكلموشعربي؟"), icu_to_ascii("ليهمابتكلموشعربي؟"));
  EXPECT_EQ(ours("他们为什么不说中文"), "xn--ihqwcrb4cv8a8dqg056pqjye");
  EXPECT_EQ(ours("3年B組金八先生"), "xn--3b-ww4c5e180e575a65lsy2b");
  EXPECT_EQ(ours("почемужеонинеговорятпорусски"), "xn--b1abfaaepdrnnbgefbadotcwatmq2g4l");
  EXPECT_EQ(ours("Pročprostěnemluvíčesky"), "xn--proprostnemluvesky-uyb24dma41a");
  EXPECT_EQ(ours("PorquénopuedensimplementehablarenEspañol"),
            "xn--porqunopuedensimplementehablarenespaol-fmd56a");
}

TEST(HostToAsciiFastPath, SameAsIcuOnTheBoundaries) {
  const std::string a63(63, 'a'), u20 = "ü";
  std::vector<std::string> hosts = {"münchen.de",
                                    "MÜNCHEN.DE",
                                    "例え.テスト",
                                    "пример.рф",
                                    "bücher。de",
                                    "bücher．de",
                                    "bücher｡de",
                                    "münchen.de.",  // the root label: ICU decides
                                    "münchen..de",
                                    ".münchen",  // empty labels
                                    "ｘｎ－－mnchen－3ya.de",
                                    "xn--mnchen-3ya.de",
                                    "XN--MNCHEN-3YA.DE",
                                    "ｍüｎｃｈｅｎ.de",
                                    "faß.de",
                                    "ς.gr",
                                    "a\u200Db.de",
                                    "\u0627\u0644\u0639\u0631\u0628\u064A\u0629.com",
                                    "a.\u05D0",
                                    "\u05D0.1",
                                    "ü\xEF\xB9\xA3x.de",
                                    "a\xE2\x80\x8C.de",
                                    "\xCC\x81"
                                    "a.de",
                                    "ü_x.de",
                                    "ü x.de",
                                    "\xF0\x9F\x98\x80.de",
                                    "\xEF\xBF\xBD.de",
                                    "\xC3.de"};
  // Label lengths around 63 after encoding, name lengths around 253.
  for (std::size_t k = 40; k <= 70; ++k) {
    std::string label;
    for (std::size_t j = 0; j < k; ++j) label += j % 7 == 0 ? "ü" : "a";
    hosts.push_back(label + ".de");
    hosts.push_back(std::string(k, 'b') + "ü.de");
  }
  for (std::size_t total = 240; total <= 260; ++total) {
    std::string name = "xü";
    while (name.size() + 64 < total) name += "." + a63.substr(0, 62);
    name += "." + std::string(total - name.size() - 1 > 63 ? 63 : total - name.size() - 1, 'c');
    hosts.push_back(name);
  }
  for (const std::string& h : hosts) EXPECT_EQ(ours(h), icu_to_ascii(h)) << h;
}

TEST(HostToAsciiFastPath, SameAsIcuOnTheIdnCorpus) {
  std::ifstream in(std::string(IRIKIT_CORPORA_DIR) + "/intl/idn_hosts.txt");
  if (!in) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
  std::size_t lines = 0, differences = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    if (ours(line) != icu_to_ascii(line) && ++differences <= 5) ADD_FAILURE() << line;
  }
  EXPECT_GT(lines, 30000U);
  EXPECT_EQ(differences, 0U);
}

// The one pass of ToASCII for the common case (unicode/idna.cpp, fast_to_ascii) answers exactly
// like the full processing of UTS #46 §4 or leaves the name to it: the same text, or the same
// error at the same offset, under every set of flags. Random names from pieces that reach every
// way out of the one pass: capitals, STD3 ASCII, a quick-check Maybe that composes or does not
// (U+0301 after "e", U+0BBE after U+0BC6 and after U+0B95), non-starters in and out of order,
// right-to-left letters, Arabic and European digits and NSMs for the Bidi Rule, joiners after a
// virama or not, deviations, mapped and ignored and disallowed code points, the other full stops,
// "xn--" labels, broken UTF-8, and labels near 63 bytes.
TEST(HostToAsciiFastPath, AnswersLikeTheFullProcessing) {
  const std::vector<std::string> pieces = {"a",
                                           "b",
                                           "z",
                                           "e",
                                           "Q",
                                           "0",
                                           "7",
                                           "-",
                                           "-",
                                           ".",
                                           ".",
                                           "_",
                                           " ",
                                           "\u00FC",
                                           "\u00E9",
                                           "\u0301",
                                           "\u0316",
                                           "\u0323",
                                           "\u0915",
                                           "\u093C",
                                           "\u093F",
                                           "\u094D",
                                           "\u0B95",
                                           "\u0BBE",
                                           "\u0BC6",
                                           "\u09C7",  // + U+09BE (NFC_QC Maybe): U+09CB
                                           "\u09BE",
                                           "\u0DD9",  // + U+0DCF, + U+0DCA: U+0DDC, U+0DDA
                                           "\u0DCF",
                                           "\u0DCA",
                                           "\u11A8",  // after U+AC00: U+AC01
                                           "\u0627",
                                           "\u0644",
                                           "\u0661",
                                           "\u06F1",
                                           "\u064B",
                                           "\u05D0",
                                           "\u05B4",
                                           "\u200C",
                                           "\u200D",
                                           "\u00DF",
                                           "\u03C2",
                                           "\u3002",
                                           "\uFF0E",
                                           "\u00C4",
                                           "\u0410",
                                           "\u0430",
                                           "\u043F",
                                           "\u4E00",
                                           "\u00AD",
                                           "\uFFFD",
                                           "\u0378",
                                           "\u1100",
                                           "\u1161",
                                           "\uAC00",
                                           "\u0E01",
                                           "\u0E31",
                                           "\U0001E5D0",
                                           "\U0001F600",
                                           "xn--",
                                           "xn--mnchen-3ya",
                                           "\xC3",
                                           "\xED\xA0\x80",
                                           "\xF0\x9F",
                                           "\u0646\u0627\u0645\u0647",
                                           "\u043F\u0440\u0438\u043C\u0435\u0440",
                                           "\u0628\u06CC\u200C\u0646"};
  unicode::uts46_options whatwg;
  whatwg.check_hyphens = false;
  whatwg.use_std3_ascii_rules = false;
  whatwg.verify_dns_length = false;
  unicode::uts46_options transitional, no_bidi, no_joiners, root;
  transitional.transitional = true;
  no_bidi.check_bidi = false;
  no_joiners.check_joiners = false;
  root.keep_root_label = true;
  const unicode::uts46_options flag_sets[] = {{}, transitional, whatwg, no_bidi, no_joiners, root};
  std::mt19937 rng(20261201);
  const auto pick = [&rng](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  const auto show = [](const result<std::string>& r) {
    return r ? *r
             : "ERROR@" + std::to_string(r.error().offset) + " " + std::string(code_name(r.error().code));
  };
  std::size_t converted = 0, names = 0;
  for (int k = 0; k < 30000; ++k) {
    std::string name;
    const std::size_t label_count = 1 + pick(3);
    for (std::size_t l = 0; l < label_count; ++l) {
      if (l > 0) name += '.';
      // Mostly letters of one script, as real names are; now and then anything from the pool.
      const std::size_t length = pick(8) == 0 ? 20 + pick(50) : 1 + pick(8);
      const std::size_t script = pick(4);
      for (std::size_t c = 0; c < length; ++c) {
        if (pick(6) == 0) {
          name += pieces[pick(pieces.size())];
        } else {
          static constexpr const char* k_letters[4][3] = {{"a", "q", "\u00FC"},
                                                          {"\u0430", "\u0431", "\u044F"},
                                                          {"\u0627", "\u0644", "\u0645"},
                                                          {"\u0915", "\u094D", "\u0937"}};
          name += k_letters[script][pick(3)];
        }
      }
    }
    if (pick(20) == 0) name += '.';
    for (const unicode::uts46_options& f : flag_sets) {
      const auto full = unicode::uts46_to_ascii_full(name, f);
      const auto both = unicode::uts46_to_ascii(name, f);
      ASSERT_EQ(show(both), show(full)) << name;
      converted += full.has_value();
      ++names;
    }
  }
  // Both ways out are well exercised.
  EXPECT_GT(converted, names / 5);
  EXPECT_LT(converted, names * 4 / 5);
}

// An NFC_QC Maybe character right after a starter is settled by the pair in the one pass
// (unicode::nfc_maybe_after_starter): a pair that composes goes to the full processing, which
// normalizes it (UTS #46 §4 step 2) to the precomposed character's answer; a pair that stays keeps
// the one pass's answer; a Maybe after a non-starter or first in a label takes the full check.
TEST(HostToAsciiFastPath, MaybeAfterAStarter) {
  const std::pair<const char*, const char*> composes[] = {
      {"\u09C7\u09BE", "\u09CB"},                              // Bengali: E + AA is O
      {"\u0BC6\u0BBE", "\u0BCA"},                              // Tamil
      {"\u0DD9\u0DCF", "\u0DDC"},                              // Sinhala
      {"\u0DD9\u0DCA", "\u0DDA"}, {"\uAC00\u11A8", "\uAC01"},  // Hangul LV + T (Unicode §3.12)
      {"\u1100\u1161", "\uAC00"},                              // L + V
      {"e\u0301", "\u00E9"},                                   // after an ASCII starter
  };
  for (const auto& [pair, precomposed] : composes) {
    SCOPED_TRACE(pair);
    const auto a = unicode::uts46_to_ascii(std::string("x") + pair, {});
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(*a, unicode::uts46_to_ascii(std::string("x") + precomposed, {}).value());
    EXPECT_EQ(*a, unicode::uts46_to_ascii_full(std::string("x") + pair, {}).value());
  }
  // Pairs that stay (U+0958 is excluded from composition), one after a non-starter, one first.
  for (const char* name : {"\u0995\u09BE", "\u0B95\u0BBE", "\u0915\u093C", "\u09CB\u09BE",
                           "\u0995\u09CD\u09BE", "\u1161\u0995", "\uAC01\u11A8"}) {
    SCOPED_TRACE(name);
    const auto full = unicode::uts46_to_ascii_full(name, {});
    const auto fast = unicode::uts46_to_ascii(name, {});
    ASSERT_EQ(fast.has_value(), full.has_value());
    if (full) {
      EXPECT_EQ(*fast, *full);
    }
  }
  EXPECT_EQ(unicode::uts46_to_ascii("\u0995\u09BE", {}).value(), "xn--p5b6f");
}

// ß and ς, deviations (UTS #46 §4 step 1), are valid in nontransitional processing, and the one
// pass takes them as letters (unicode/idna.cpp, k_fast_deviation: valid, Bidi_Class L, NFC_QC Yes,
// Canonical_Combining_Class 0, not a mark). The Unicode data agree, and so do both ways out, in every
// mode; transitional processing maps them (ß → "ss", ς → σ).
TEST(HostToAsciiFastPath, SharpSAndFinalSigma) {
  for (const char32_t cp : {U'\u00DF', U'\u03C2'}) {
    EXPECT_EQ(unicode::ucd::bidi_class_raw(cp), static_cast<std::uint8_t>(unicode::bidi_class::L));
    EXPECT_EQ(unicode::ucd::general_category(cp), unicode::ucd::gc::Ll);
    EXPECT_EQ(unicode::combining_class(cp), 0u);
    EXPECT_TRUE(unicode::is_normalized_code_points(std::u32string(1, cp), unicode::normal_form::nfc));
  }
  EXPECT_EQ(unicode::uts46_to_ascii("stra\u00DFe.de", {}).value(), "xn--strae-oqa.de");
  EXPECT_EQ(unicode::uts46_to_ascii("\u03BD\u03AE\u03C3\u03BF\u03C2.gr", {}).value(), "xn--jxa3ahmd.gr");
  EXPECT_EQ(unicode::uts46_to_ascii("wei\u00DFrussischerrubel.\u00E4", {}).value(),
            "xn--weirussischerrubel-xqb.xn--4ca");
  unicode::uts46_options transitional;
  transitional.transitional = true;
  EXPECT_EQ(unicode::uts46_to_ascii("stra\u00DFe.de", transitional).value(), "strasse.de");
  EXPECT_EQ(unicode::uts46_to_ascii("\u03BD\u03AE\u03C3\u03BF\u03C2.gr", transitional).value(),
            unicode::uts46_to_ascii("\u03BD\u03AE\u03C3\u03BF\u03C3.gr", {}).value());
  unicode::uts46_options no_bidi;
  no_bidi.check_bidi = false;
  for (const char* name : {"\u00DF", "\u03C2\u03B1", "\u00DF\u0301", "a\u00DF-", "\u00DF.\u05D0",
                           "\u05D0\u00DF", "\u03C2\u200D", "xn--zca.\u00DF", "\u00DF\u3002de"}) {
    for (const unicode::uts46_options& f : {unicode::uts46_options{}, transitional, no_bidi}) {
      SCOPED_TRACE(name);
      const auto full = unicode::uts46_to_ascii_full(name, f);
      const auto fast = unicode::uts46_to_ascii(name, f);
      ASSERT_EQ(fast.has_value(), full.has_value());
      if (full) {
        EXPECT_EQ(*fast, *full);
      } else {
        EXPECT_EQ(fast.error().offset, full.error().offset);
      }
    }
  }
}

// The one pass remembers the Punycode of recent last labels (unicode/idna.cpp, a label_memory
// keyed by the label's bytes): the answers stay the full processing's, for a label met again,
// after other labels took its slot, and for longer labels (15 and 16 code points; 15 CJK
// ideographs far apart, whose encoding is 58 bytes).
TEST(HostToAsciiFastPath, LastLabelMemoryAnswersLikePunycode) {
  std::string fifteen, sixteen, long_encoding;
  for (int k = 0; k < 15; ++k) fifteen += "\u0434";  // д
  sixteen = fifteen + "\u0434";
  for (const char* c : {"\U00021000", "\U0002B740", "\U00030000", "\U00027000", "\U00023000", "\U00031350",
                        "\U00009F00", "\U0002B820", "\U0002A700", "\U0002CEB0", "\U00025000", "\U00020000",
                        "\U00004E00", "\U0002E000", "\U00029000"})
    long_encoding += c;
  std::vector<std::string> names;
  for (const char* tld : {"\u0440\u0444", "\u4E2D\u56FD", "\u0939\u093F\u0902", "\u00FC"}) {
    for (const char* sld : {"a", "b\u00E9", "\u0434\u043E\u043C"})
      names.push_back(std::string(sld) + "." + tld);
    names.push_back(tld);
  }
  for (const std::string* t : {&fifteen, &sixteen, &long_encoding}) {
    names.push_back("x." + *t);
    names.push_back(*t);
  }
  for (int k = 0; k < 200; ++k)
    names.push_back("q." + std::string("\u00E9") + std::to_string(k));  // other slots
  for (int round = 0; round < 3; ++round) {
    for (const std::string& name : names) {
      SCOPED_TRACE(name);
      const auto full = unicode::uts46_to_ascii_full(name, {});
      ASSERT_TRUE(full.has_value());
      EXPECT_EQ(unicode::uts46_to_ascii(name, {}).value(), *full);
    }
  }
  EXPECT_EQ(unicode::uts46_to_ascii("a.\u0440\u0444", {}).value(), "a.xn--p1ai");
  EXPECT_EQ(unicode::uts46_to_ascii(long_encoding, {}).value().size(), 4u + 58u);
}

// ---------------------------------------------------------------------------------------------
// A-labels (RFC 5890 §2.3.2.1, RFC 5891 §5.4, RFC 3492, UTS #46 §4.1 step 4)

namespace spoof {

std::string status(std::string_view label) {
  return std::string(a_label_status_name(decode_a_label(label).status));
}

TEST(DecodeALabel, ValidLabelsDecode) {
  EXPECT_EQ(decode_a_label("xn--bcher-kva").unicode, "b\u00FCcher");
  EXPECT_EQ(status("xn--bcher-kva"), "ok");
  EXPECT_EQ(decode_a_label("xn--99zt52a").unicode, "\u7D0D\u8C46");
  EXPECT_EQ(decode_a_label("xn--80ak6aa92e").unicode, "\u0430\u0440\u0440\u04CF\u0435");  // Cyrillic "аррӏе"
  // UTS #46 §4 step 1 lowercases the ASCII letters before decoding (RFC 3492 digits are caseless).
  EXPECT_EQ(status("XN--BCHER-KVA"), "ok");
  EXPECT_EQ(decode_a_label("Xn--Bcher-Kva").unicode, "b\u00FCcher");
}

TEST(DecodeALabel, EveryFailureHasItsReason) {
  EXPECT_EQ(status("bcher-kva"), "not-an-a-label");
  EXPECT_EQ(status("xn--b\u00FCcher"), "non-ascii");             // ASCII and non-ASCII mixed
  EXPECT_EQ(status("xn--" + std::string(60, 'a')), "too-long");  // 64 octets
  EXPECT_EQ(status("xn--"), "bad-punycode");                     // empty
  EXPECT_EQ(status("xn--bcher-k.a"), "bad-punycode");            // "." is no Punycode digit
  EXPECT_EQ(status("xn--bcher-kv"), "bad-punycode");             // a truncated integer
  EXPECT_EQ(status("xn--99999999999a"), "overflow");             // RFC 3492 §6.4
  EXPECT_EQ(status("xn--abc-"), "decodes-to-ascii");             // "abc"
  EXPECT_EQ(decode_a_label("xn--abc-").unicode, "abc");
  EXPECT_EQ(status("xn--e-xbb"), "not-nfc");                // "e" + U+0301
  EXPECT_EQ(status("xn--a"), "disallowed");                 // U+0080, a C1 control
  EXPECT_EQ(status("xn--Bcher-kva"), "ok");                 // lowercased first
  EXPECT_EQ(status("xn--bcher-kva-"), "decodes-to-ascii");  // basic code points only
  EXPECT_EQ(status("xn--BCHER-KVA"), "ok");
  EXPECT_EQ(status("xn--7ba"), "mapped");  // U+00C4, uppercase
  EXPECT_EQ(status("xn--ss-"), "decodes-to-ascii");
  EXPECT_EQ(status("xn---bcher-4ya"), "hyphens");   // "-bücher"
  EXPECT_EQ(status("xn--ss-7tb"), "leading-mark");  // U+0301 first
  EXPECT_EQ(status("xn--a-0hc"), "bidi-rule");      // "aא": L and R in one label
  EXPECT_EQ(status("xn--a-ugn"), "contextj-rule");  // ZWJ after "a"
  EXPECT_EQ(status("xn--zva"), "unassigned");       // U+0378
  // An unassigned code point is the reason given before any other failure of its label.
  EXPECT_EQ(status("xn----qib"), "unassigned");  // "-" U+0378: the hyphen fails V3 too
}

TEST(DecodeALabel, AgreesWithIcuToUnicodeOnTheCanonicalLabels) {
  // Every label the decoder accepts, ICU's UTS #46 ToUnicode accepts and gives the same text.
  for (std::string_view label : {"xn--bcher-kva", "xn--99zt52a", "xn--80ak6aa92e", "xn--e1afmkfd", "xn--p1ai",
                                 "xn--mxacd", "xn--4-t6dde", "xn--i-9bb", "xn--24-blc"}) {
    ASSERT_EQ(status(label), "ok") << label;
    EXPECT_EQ(unicode(label), decode_a_label(label).unicode) << label;
  }
}

// ---------------------------------------------------------------------------------------------
// The public suffix list

TEST(PublicSuffix, LongestRuleExceptionsAndWildcards) {
  EXPECT_EQ(public_suffix("www.example.co.uk"), "co.uk");
  EXPECT_EQ(registrable_domain("www.example.co.uk"), "example.co.uk");
  EXPECT_EQ(public_suffix("example.com"), "com");
  EXPECT_EQ(registrable_domain("a.b.example.com"), "example.com");
  EXPECT_EQ(registrable_domain("com"), std::nullopt);  // a public suffix itself
  EXPECT_EQ(registrable_domain("co.uk"), std::nullopt);
  // *.ck with the exception !www.ck
  EXPECT_EQ(public_suffix("a.b.ck"), "b.ck");
  EXPECT_EQ(registrable_domain("a.b.ck"), "a.b.ck");
  EXPECT_EQ(public_suffix("www.ck"), "ck");
  EXPECT_EQ(registrable_domain("www.ck"), "www.ck");
  // *.kawasaki.jp with !city.kawasaki.jp
  EXPECT_EQ(registrable_domain("www.city.kawasaki.jp"), "city.kawasaki.jp");
  EXPECT_EQ(public_suffix("x.y.kawasaki.jp"), "y.kawasaki.jp");
  // A TLD the list does not have: the default rule "*".
  EXPECT_EQ(public_suffix("example.notatld"), "notatld");
  EXPECT_EQ(registrable_domain("www.example.notatld"), "example.notatld");
  // The private section counts.
  EXPECT_EQ(registrable_domain("a.b.blogspot.com"), "b.blogspot.com");
  // Case, a root dot, and internationalized rules in both forms.
  EXPECT_EQ(registrable_domain("WWW.Example.CO.UK."), "Example.CO.UK");
  EXPECT_EQ(public_suffix("\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444"), "\u0440\u0444");
  EXPECT_EQ(public_suffix("xn--e1afmkfd.xn--p1ai"), "xn--p1ai");
  EXPECT_EQ(registrable_domain("www.xn--e1afmkfd.xn--p1ai"), "xn--e1afmkfd.xn--p1ai");
  EXPECT_EQ(public_suffix(""), "");
  EXPECT_EQ(public_suffix_list_version().substr(0, 7), "sha256:");
}

// ---------------------------------------------------------------------------------------------
// The host display policy (docs/host-display.md)

struct shown_label {
  std::string shown;
  std::string reason;
  friend bool operator==(const shown_label&, const shown_label&) = default;
};
std::ostream& operator<<(std::ostream& os, const shown_label& l) {
  return os << l.shown << " (" << l.reason << ")";
}

std::vector<shown_label> labels(std::string_view host, const host_display_options& options = {}) {
  const auto r = display_host(host, options);
  EXPECT_TRUE(r.has_value()) << host;
  std::vector<shown_label> out;
  if (r) {
    for (const label_display& l : r->labels) {
      out.push_back({l.shown, std::string(label_reason_name(l.reason))});
      EXPECT_EQ(l.unicode, l.reason == label_reason::safe) << host;
      EXPECT_EQ(l.message.empty(), l.reason == label_reason::safe || l.reason == label_reason::ascii) << host;
    }
  }
  return out;
}
std::string shown(std::string_view host, const host_display_options& options = {}) {
  const auto r = display_host(host, options);
  return r ? r->shown : "ERROR";
}
using shown_list = std::vector<shown_label>;

TEST(DisplayHost, SafeLabelsAreShownAsUnicode) {
  EXPECT_EQ(shown("xn--bcher-kva.de"), "b\u00FCcher.de");
  EXPECT_EQ(shown("xn--99zt52a.example.org"), "\u7D0D\u8C46.example.org");
  EXPECT_EQ(shown("www.xn--e1afmkfd.xn--p1ai"), "www.\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444");
  EXPECT_EQ(labels("xn--bcher-kva.de"), (shown_list{{"b\u00FCcher", "safe"}, {"de", "ascii"}}));
  // Single-script IDNs in many scripts stay Unicode.
  for (std::string_view host : {"\u4F8B\u3048.\u30C6\u30B9\u30C8", "\u043F\u0440\u0438\u043C\u0435\u0440.com",
                                "\u03B1\u03B2\u03B3.gr", "\u0645\u062B\u0627\u0644.sa",
                                "\u0E15\u0E31\u0E27\u0E2D\u0E22\u0E48\u0E32\u0E07.th", "\uD55C\uAE00.kr",
                                "m\u00FCnchen.de", "\u65E5\u672C\u8A9Eabc.jp"}) {
    EXPECT_EQ(shown(host), host);
  }
}

TEST(DisplayHost, LookAlikesKeepTheirALabel) {
  // Whole-script Cyrillic look-alike of an ASCII label (ICU 72's skeleton maps U+04CF to "i").
  EXPECT_EQ(labels("xn--80ak6aa92e.com"),
            (shown_list{{"xn--80ak6aa92e", "ascii-lookalike"}, {"com", "ascii"}}));
  EXPECT_EQ(shown("\u0430\u0440\u0440\u04CF\u0435.com"), "xn--80ak6aa92e.com");  // the same as Unicode
  // Latin and Cyrillic in one label: above Moderately Restrictive.
  EXPECT_EQ(labels("xn--l-7sbq6ba.com")[0], (shown_label{"xn--l-7sbq6ba", "restriction-level"}));
  EXPECT_EQ(labels("p\u0430ypal.com")[0], (shown_label{"xn--pypal-4ve", "restriction-level"}));
  EXPECT_EQ(labels("xn--24-blc.example")[0], (shown_label{"xn--24-blc", "digit-lookalike"}));  // "2б4"
  EXPECT_EQ(labels("xn--4-t6dde.example")[0],
            (shown_label{"xn--4-t6dde", "digit-lookalike"}));                          // Bengali + ASCII
  EXPECT_EQ(labels("xn--i-9bb.example")[0], (shown_label{"xn--i-9bb", "invisible"}));  // i + U+0307
  EXPECT_EQ(labels("xn--abc-.com")[0], (shown_label{"xn--abc-", "invalid-a-label"}));
  EXPECT_EQ(labels("xn--99999999999a.com")[0], (shown_label{"xn--99999999999a", "invalid-a-label"}));
  // An "xn--" label with non-ASCII characters in it is not shown as Unicode (found by fuzz_alabel).
  EXPECT_EQ(labels("xn--d;\uC800b.com")[0], (shown_label{"xn--d;%EC%A0%80b", "invalid-a-label"}));
  // A Cyrillic label under the Greek TLD: tld-script (the label alone is fine).
  EXPECT_EQ(labels("xn--e1afmkfd.xn--qxam")[0], (shown_label{"xn--e1afmkfd", "tld-script"}));
  EXPECT_EQ(labels("\u043F\u0440\u0438\u043C\u0435\u0440.gr")[0],
            (shown_label{"xn--e1afmkfd", "tld-script"}));
  // A character outside the identifier profile (U+16A0 RUNIC LETTER FEHU, an Excluded script).
  EXPECT_EQ(labels("\u16A0\u16A1.example")[0].reason, "outside-profile");
  // A Unicode label with no A-label is shown percent-encoded.
  EXPECT_EQ(labels("a\u200Eb.com")[0], (shown_label{"a%E2%80%8Eb", "not-idna"}));
}

TEST(DisplayHost, TheTopLevelDomainsScriptIsTrusted) {
  // Chromium and Firefox show a whole-script Cyrillic look-alike under a Cyrillic TLD.
  EXPECT_EQ(shown("xn--80ak6aa92e.xn--p1ai"), "\u0430\u0440\u0440\u04CF\u0435.\u0440\u0444");
  EXPECT_EQ(shown("xn--80ak6aa92e.ru"), "\u0430\u0440\u0440\u04CF\u0435.ru");
  host_display_options strict;
  strict.trust_tld_script = false;
  EXPECT_EQ(shown("xn--80ak6aa92e.ru", strict), "xn--80ak6aa92e.ru");
}

TEST(DisplayHost, RestrictionLevelIsSelectable) {
  const std::string_view mixed = "\u65E5\u672C\u8A9Eabc.jp";  // Han + Latin: highly restrictive
  host_display_options o;
  o.level = restriction_level::single_script;
  EXPECT_EQ(shown(mixed, o), "xn--abc-s08fl0dtz6h.jp");
  o.level = restriction_level::highly_restrictive;
  EXPECT_EQ(shown(mixed, o), mixed);
  o.level = restriction_level::ascii_only;
  EXPECT_EQ(shown("xn--bcher-kva.de", o), "xn--bcher-kva.de");
  // Latin + Cyrillic needs minimally restrictive; the skeleton test still applies.
  o.level = restriction_level::minimally_restrictive;
  EXPECT_EQ(labels("xn--l-7sbq6ba.com", o)[0].reason, "ascii-lookalike");
  for (int k = 0; k < 6; ++k) {
    const auto level = static_cast<restriction_level>(k);
    EXPECT_EQ(restriction_level_from_name(restriction_level_name(level)), level);
  }
  EXPECT_EQ(restriction_level_from_name("loose"), std::nullopt);
}

TEST(DisplayHost, RegistrableDomainAcrossLabels) {
  // Greek under a Cyrillic IDN TLD: the label passes everything but tld-script; with the TLD's
  // script not trusted and tld-script out of the way (.рф implies Cyrillic), the registrable
  // domain "ασ.рф" still mixes Greek and Cyrillic.
  EXPECT_EQ(labels("xn--mxa0b.xn--p1ai")[0].reason, "ascii-lookalike");  // "ασ" looks like "ao"
  EXPECT_EQ(labels("xn--mxacd.xn--p1ai")[0].reason, "tld-script");       // "αβγ"
  // Above the registrable domain, labels are judged alone: "αβγ.пример.рф" has "αβγ" outside.
  const auto r = display_host("xn--mxacd.xn--e1afmkfd.xn--p1ai");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->labels[1].reason, label_reason::safe);
}

TEST(DisplayHost, OffsetsAndErrors) {
  const auto r = display_host("www.xn--bcher-kva.de.");
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->labels.size(), 4u);
  EXPECT_EQ(r->labels[1].offset, 4u);
  EXPECT_EQ(r->labels[1].length, 13u);
  EXPECT_EQ(r->shown, "www.b\u00FCcher.de.");
  EXPECT_EQ(display_host("a\xC3").error().code, error_code::utf8_truncated);
  EXPECT_EQ(display_host("a\xC3").error().offset, 1u);
  EXPECT_EQ(shown(""), "");
  EXPECT_EQ(shown("%D0%BF.com"), "%D0%BF.com");  // percent-encoded labels are left alone
}

// ---------------------------------------------------------------------------------------------
// The per-thread memories of the display policy and of to_iri (src/unicode/label_memory.h)

TEST(LabelMemory, AnswersOnlyForTheExactKeyAndStaysBounded) {
  unicode::label_memory<std::string, 8> memory;
  int computed = 0;
  const auto upper = [&computed](std::string_view key) {
    return [key, &computed] {
      ++computed;
      std::string u(key);
      for (char& c : u) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      return u;
    };
  };
  EXPECT_EQ(memory.size(), 0U);
  EXPECT_EQ(memory.get("com", upper("com")), "COM");  // cold: computed
  EXPECT_EQ(memory.get("com", upper("com")), "COM");  // hot: remembered
  EXPECT_EQ(computed, 1);
  EXPECT_EQ(memory.hits(), 1U);
  // 200 keys through 8 slots: every answer is the one for its key, hot or cold, and the memory
  // never holds more than its slots.
  for (int round = 0; round < 3; ++round) {
    for (int k = 0; k < 200; ++k) {
      const std::string key = "label" + std::to_string(k);
      std::string expected = key;
      std::transform(expected.begin(), expected.end(), expected.begin(),
                     [](char c) { return static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c); });
      ASSERT_EQ(memory.get(key, upper(key)), expected);  // cold: 200 keys cannot stay in 8 slots
      ASSERT_EQ(memory.get(key, upper(key)), expected);  // hot: just remembered
      ASSERT_LE(memory.size(), 8U);
    }
  }
  EXPECT_EQ(memory.size(), 8U);
  EXPECT_EQ(computed, 1 + 3 * 200);
  EXPECT_EQ(memory.hits(), 1U + 3 * 200);
  // A key that is a prefix of another, and the empty key, are keys of their own.
  EXPECT_EQ(memory.get("co", upper("co")), "CO");
  EXPECT_EQ(memory.get("", upper("")), "");
  memory.clear();
  EXPECT_EQ(memory.size(), 0U);
}

TEST(DisplayHost, SameDecisionsWithTheMemoriesHotAndCold) {
  // The memories are per thread: a new thread starts cold. Every decision and message of the
  // corpus hosts (and their A-label forms) in a cold thread, then again in this one twice (the
  // second time hot), must be the same.
  std::ifstream in(std::string(IRIKIT_CORPORA_DIR) + "/intl/idn_hosts.txt");
  if (!in) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
  std::vector<std::string> hosts;
  for (std::string line; std::getline(in, line) && hosts.size() < 6000;) {
    hosts.push_back(line);
    if (auto a = host_to_ascii(line, idna_mode::uts46)) hosts.push_back(*a);
  }
  const auto all = [&hosts] {
    std::string out;
    for (const std::string& h : hosts) {
      for (const restriction_level level :
           {restriction_level::highly_restrictive, restriction_level::moderately_restrictive}) {
        host_display_options o;
        o.level = level;
        const auto r = display_host(h, o);
        if (!r) continue;
        out += r->shown;
        for (const label_display& l : r->labels)
          out += "|" + std::string(label_reason_name(l.reason)) + l.message;
        out += '\n';
      }
    }
    return out;
  };
  std::string cold;
  std::thread([&] { cold = all(); }).join();
  const std::string warm = all(), hot = all();
  EXPECT_EQ(cold, warm);
  EXPECT_EQ(cold, hot);
  EXPECT_GT(cold.size(), 100000U);
}

TEST(PublicSuffix, SameAsALookupInTheSortedRules) {
  // The table is hashed (display.cpp); a plain search in the rules, as the list's algorithm
  // states it, must give the same answer for every host of the corpora and for every rule.
  std::vector<std::string> rules;
  {
    std::ifstream in(std::string(IRIKIT_CORPORA_DIR) + "/publicsuffix/public_suffix_list.dat");
    if (!in) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line.rfind("//", 0) == 0) continue;
      line = line.substr(0, line.find_first_of(" \t\r"));
      rules.push_back(line);
      if (auto a =
              host_to_ascii(line[0] == '*' || line[0] == '!' ? line.substr(line[0] == '*' ? 2 : 1) : line,
                            idna_mode::uts46);
          a && *a != line)
        rules.push_back(line[0] == '*' ? "*." + *a : line[0] == '!' ? "!" + *a : *a);
    }
  }
  const std::set<std::string> set(rules.begin(), rules.end());
  const auto reference = [&set](const std::string& host) -> std::string {
    std::string best;
    for (std::size_t start = 0;;) {  // every suffix of whole labels
      const std::string candidate = host.substr(start);
      if (set.count("!" + candidate)) {
        const std::size_t dot = candidate.find('.');
        return dot == std::string::npos ? "" : candidate.substr(dot + 1);
      }
      const std::size_t dot = candidate.find('.');
      if (best.empty() &&
          (set.count(candidate) || (dot != std::string::npos && set.count("*" + candidate.substr(dot)))))
        best = candidate;
      if (dot == std::string::npos) break;
      start += dot + 1;
    }
    return best.empty() ? host.substr(host.rfind('.') == std::string::npos ? 0 : host.rfind('.') + 1) : best;
  };
  std::vector<std::string> hosts;
  for (const char* file : {"/intl/idn_hosts.txt", "/intl/ascii_hosts.txt"}) {
    std::ifstream in(std::string(IRIKIT_CORPORA_DIR) + file);
    for (std::string line; std::getline(in, line);) {
      // (the reference below takes lowercase hosts without a root ".")
      if (line.empty() || line.back() == '.' ||
          line.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") != std::string::npos)
        continue;
      hosts.push_back(line);
      // and as A-labels, the form to_iri's display policy looks up
      if (auto a = host_to_ascii(line, idna_mode::uts46); a && *a != line) hosts.push_back(*a);
    }
  }
  for (const std::string& r : rules) {
    const std::string plain = r[0] == '*' ? r.substr(2) : r[0] == '!' ? r.substr(1) : r;
    hosts.push_back(plain);
    hosts.push_back("example." + plain);
    hosts.push_back("a.b." + plain);
    hosts.push_back("a.." + plain);  // an empty label on the way
    hosts.push_back("." + plain);
  }
  std::size_t differences = 0;
  for (const std::string& h : hosts) {
    if (std::string(public_suffix(h)) != reference(h) && ++differences <= 5)
      ADD_FAILURE() << h << ": " << public_suffix(h) << " vs " << reference(h);
  }
  EXPECT_EQ(differences, 0U) << "of " << hosts.size();
  EXPECT_GT(hosts.size(), 60000U);
}

}  // namespace spoof

}  // namespace
}  // namespace irikit
