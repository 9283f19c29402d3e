// Unit tests for irikit/host.h and unicode/idna.h: IDNA for hosts (RFC 3987 §3.1, RFC 3490,
// UTS #46, draft-ietf-iri-3987bis §3.4).
#include "irikit/host.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unicode/idna.h"

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

// host_to_ascii answers ASCII names itself (src/host/host.cpp); it must give what the backend
// gives, result or failure, in both UTS #46 modes, for names around every limit it checks.
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

}  // namespace
}  // namespace irikit
