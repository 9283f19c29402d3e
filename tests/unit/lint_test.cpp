// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/lint: every rule of the catalogue with an input that triggers it and a near miss
// that does not, clean IRIs in many scripts, the generated rules page and the shared corpora.
#include "irikit/lint.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace irikit {
namespace {

struct finding {
  std::string rule;
  std::uint32_t offset;
  std::uint32_t length;
  friend bool operator==(const finding&, const finding&) = default;
};

std::ostream& operator<<(std::ostream& os, const finding& f) {
  return os << f.rule << "@" << f.offset << "+" << f.length;
}

std::vector<finding> findings(std::string_view text, const lint_options& options = {}) {
  const auto r = lint(text, options);
  EXPECT_TRUE(r.has_value()) << text;
  std::vector<finding> out;
  if (r) {
    for (const diagnostic& d : *r) out.push_back({std::string(d.rule), d.offset, d.length});
  }
  return out;
}

std::vector<finding> only(std::string_view text, std::string_view id,
                          irikit::rule grammar = irikit::rule::iri_reference) {
  lint_options options;
  options.grammar = grammar;
  std::vector<finding> out;
  for (const finding& f : findings(text, options)) {
    if (f.rule == id) out.push_back(f);
  }
  return out;
}

using list = std::vector<finding>;

// Each rule: a trigger with its exact span, and a near miss without a finding of that rule.
TEST(LintRules, NotNfc) {
  EXPECT_EQ(only("http://example.org/re\u0301sume\u0301.html", "not-nfc"), (list{{"not-nfc", 19, 10}}));
  EXPECT_TRUE(only("http://example.org/r\u00E9sum\u00E9.html", "not-nfc").empty());
}

TEST(LintRules, NotNfkc) {
  EXPECT_EQ(only("http://example.org/\uFB01le", "not-nfkc"), (list{{"not-nfkc", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/file", "not-nfkc").empty());
  // A full-width letter is reported as fullwidth-latin only.
  EXPECT_TRUE(only("http://example.org/\uFF41", "not-nfkc").empty());
}

TEST(LintRules, FullwidthLatin) {
  EXPECT_EQ(only("http://example.org/\uFF21bc", "fullwidth-latin"), (list{{"fullwidth-latin", 19, 3}}));
  EXPECT_EQ(only("http://example.org/\uFF11", "fullwidth-latin"), (list{{"fullwidth-latin", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/\u3042bc", "fullwidth-latin").empty());  // Hiragana is fine
  // Full-width parentheses are usual in Japanese text: not-nfkc only.
  EXPECT_TRUE(only("http://example.org/\u6771\u4EAC\uFF08\u65E5\u672C\uFF09", "fullwidth-latin").empty());
  EXPECT_EQ(only("http://example.org/\u6771\u4EAC\uFF08\u65E5\u672C\uFF09", "not-nfkc").size(), 2u);
}

TEST(LintRules, HalfwidthKatakana) {
  EXPECT_EQ(only("http://example.org/\uFF76\uFF80", "halfwidth-katakana"),
            (list{{"halfwidth-katakana", 19, 3}, {"halfwidth-katakana", 22, 3}}));
  EXPECT_TRUE(only("http://example.org/\u30AB\u30BF", "halfwidth-katakana").empty());
}

TEST(LintRules, SpaceLookalike) {
  EXPECT_EQ(only("http://example.org/a\u3000b", "space-lookalike"), (list{{"space-lookalike", 20, 3}}));
  EXPECT_EQ(only("http://example.org/a\u00A0b", "space-lookalike"), (list{{"space-lookalike", 20, 2}}));
  EXPECT_TRUE(only("http://example.org/a%20b", "space-lookalike").empty());
}

TEST(LintRules, DelimiterLookalike) {
  EXPECT_EQ(only("http://example.org/a\u2044b", "delimiter-lookalike"),
            (list{{"delimiter-lookalike", 20, 3}}));
  EXPECT_EQ(only("http://example.org/a\uFF0Fb", "delimiter-lookalike"),
            (list{{"delimiter-lookalike", 20, 3}}));
  EXPECT_EQ(only("http://example\u3002org/", "delimiter-lookalike"), (list{{"delimiter-lookalike", 14, 3}}));
  EXPECT_TRUE(only("http://example.org/a/b", "delimiter-lookalike").empty());
  EXPECT_TRUE(only("http://example.org/a\u2014b", "delimiter-lookalike").empty());  // em dash
  // Letters and digits with dot- or slash-like glyphs are text: Persian zero, Katakana "no".
  EXPECT_TRUE(only("http://\u06F1\u06F0\u06F0.example/", "delimiter-lookalike").empty());
  EXPECT_TRUE(only("http://example.org/\u30AB\u30CE\u30F3", "delimiter-lookalike").empty());
}

TEST(LintRules, Unassigned) {
  // U+0378 is unassigned; U+0377 is assigned.
  EXPECT_EQ(only("http://example.org/\u0378", "unassigned"), (list{{"unassigned", 19, 2}}));
  EXPECT_EQ(only("http://example.org/%CD%B8", "unassigned"), (list{{"unassigned", 19, 6}}));
  EXPECT_TRUE(only("http://example.org/\u0377", "unassigned").empty());
}

TEST(LintRules, Noncharacter) {
  EXPECT_EQ(only("http://example.org/%EF%B7%90", "noncharacter"), (list{{"noncharacter", 19, 9}}));
  EXPECT_EQ(only("http://example.org/\uFDD0", "noncharacter", rule::leiri), (list{{"noncharacter", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/%EF%B7%B0", "noncharacter").empty());  // U+FDF0
}

TEST(LintRules, PrivateUseOutsideQuery) {
  EXPECT_EQ(only("http://example.org/%EE%80%80", "private-use-outside-query"),
            (list{{"private-use-outside-query", 19, 9}}));
  EXPECT_EQ(only("http://example.org/\uE000", "private-use-outside-query", rule::leiri),
            (list{{"private-use-outside-query", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/?\uE000", "private-use-outside-query").empty());
  EXPECT_TRUE(only("http://example.org/?%EE%80%80", "private-use-outside-query").empty());
}

TEST(LintRules, ControlChar) {
  EXPECT_EQ(only("http://example.org/a%0Ab", "control-char"), (list{{"control-char", 20, 3}}));
  EXPECT_EQ(only("http://example.org/%C2%85", "control-char"), (list{{"control-char", 19, 6}}));
  EXPECT_EQ(only("http://example.org/a\tb", "control-char", rule::leiri), (list{{"control-char", 20, 1}}));
  EXPECT_TRUE(only("http://example.org/a%20b", "control-char").empty());
}

TEST(LintRules, FormatChar) {
  EXPECT_EQ(only("http://example.org/a\u200Bb", "format-char"), (list{{"format-char", 20, 3}}));
  EXPECT_EQ(only("http://example.org/a%C2%ADb", "format-char"), (list{{"format-char", 20, 6}}));
  EXPECT_TRUE(only("http://example.org/a-b", "format-char").empty());
  // ZWNJ inside a Persian word (as written and percent-encoded), at a word's edge.
  EXPECT_TRUE(
      only("http://example.org/\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "format-char").empty());
  EXPECT_TRUE(only("http://example.org/%D9%85%DB%8C%E2%80%8C%D8%AE", "format-char").empty());
  EXPECT_EQ(only("http://example.org/\u0645\u06CC\u200C/x", "format-char"), (list{{"format-char", 23, 3}}));
  // ZWNJ after a Kannada virama at the end of a word; ZERO WIDTH SPACE between Khmer words, but
  // not between Latin letters.
  EXPECT_TRUE(only("http://example.org/\u0CA8\u0CCD\u200C_x", "format-char").empty());
  EXPECT_TRUE(only("http://example.org/\u1780\u17C4\u17C7\u200B\u17A2\u17C5", "format-char").empty());
  EXPECT_EQ(only("http://example.org/pay\u200Bpal", "format-char"), (list{{"format-char", 22, 3}}));
  EXPECT_TRUE(only("http://example.org/%E2%80%AE", "format-char").empty());  // its own rule
}

TEST(LintRules, EncodedBidiFormatting) {
  // RFC 3987 §3.1 example 4 ends in %E2%80%AE (RLO).
  EXPECT_EQ(only("http://xn--99zt52a.example.org/%E2%80%AE", "encoded-bidi-formatting"),
            (list{{"encoded-bidi-formatting", 31, 9}}));
  EXPECT_TRUE(only("http://xn--99zt52a.example.org/%E2%80%94", "encoded-bidi-formatting").empty());
}

TEST(LintRules, MixedScript) {
  EXPECT_EQ(only("http://example.org/wiki\u043F\u0435\u0434\u0438\u044F", "mixed-script"),
            (list{{"mixed-script", 19, 14}}));
  // Japanese mixes Han, Hiragana, Katakana and Latin legitimately; an extension is a component.
  EXPECT_TRUE(
      only("http://example.org/\u65E5\u672C\u8A9E\u306E\u30DA\u30FC\u30B8abc", "mixed-script").empty());
  EXPECT_TRUE(only("http://example.org/\u043F\u0435\u0434\u0438\u044F.html", "mixed-script").empty());
}

TEST(LintRules, ConfusableHost) {
  // Cyrillic "раураl" (with a Latin l) looks like "paypal".
  EXPECT_EQ(only("http://\u0440\u0430\u0443\u0440\u0430l.com/", "confusable-host"),
            (list{{"confusable-host", 7, 11}}));
  // All Cyrillic "раура" looks like ASCII "paypa".
  EXPECT_EQ(only("http://\u0440\u0430\u0443\u0440\u0430.com/", "confusable-host"),
            (list{{"confusable-host", 7, 10}}));
  EXPECT_TRUE(only("http://paypal.com/", "confusable-host").empty());
  // Bulgarian "бг" has the skeleton "6r": digits that the label does not have are no look-alike.
  EXPECT_TRUE(only("http://\u0431\u0433/", "confusable-host").empty());
  // Latin letters only: not flagged as a Latin look-alike.
  EXPECT_TRUE(only("http://sp\u00E6nska.example/", "confusable-host").empty());
  EXPECT_TRUE(only("http://\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444/", "confusable-host").empty());
}

TEST(LintRules, PercentNotUtf8) {
  // Latin-1 "é" (%E9) followed by "t": a lead octet without its continuation octets.
  EXPECT_EQ(only("http://example.org/caf%E9t", "percent-not-utf8"), (list{{"percent-not-utf8", 22, 3}}));
  // An encoded surrogate.
  EXPECT_EQ(only("http://example.org/%ED%A0%80", "percent-not-utf8"), (list{{"percent-not-utf8", 19, 9}}));
  EXPECT_TRUE(only("http://example.org/caf%C3%A9", "percent-not-utf8").empty());
}

TEST(LintRules, PercentOverlongUtf8) {
  EXPECT_EQ(only("http://example.org/%C0%AF..", "percent-overlong-utf8"),
            (list{{"percent-overlong-utf8", 19, 6}}));
  EXPECT_EQ(only("http://example.org/%E0%80%AF", "percent-overlong-utf8"),
            (list{{"percent-overlong-utf8", 19, 9}}));
  EXPECT_TRUE(only("http://example.org/%2F..", "percent-overlong-utf8").empty());
  EXPECT_TRUE(only("http://example.org/%C0%AF", "percent-not-utf8").empty());
}

TEST(LintRules, LowercasePercentHex) {
  EXPECT_EQ(only("http://example.org/%c3%A9", "lowercase-percent-hex"),
            (list{{"lowercase-percent-hex", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/%C3%A9", "lowercase-percent-hex").empty());
}

TEST(LintRules, SchemeNotLowercase) {
  EXPECT_EQ(only("HTTP://example.org/", "scheme-not-lowercase"), (list{{"scheme-not-lowercase", 0, 4}}));
  EXPECT_TRUE(only("http://example.org/", "scheme-not-lowercase").empty());
}

TEST(LintRules, HostNotLowercase) {
  EXPECT_EQ(only("http://Example.org/", "host-not-lowercase"), (list{{"host-not-lowercase", 7, 11}}));
  EXPECT_EQ(only("http://\u041F\u0440\u0438\u043C\u0435\u0440.test/", "host-not-lowercase"),
            (list{{"host-not-lowercase", 7, 17}}));
  EXPECT_TRUE(only("http://example.org/Path", "host-not-lowercase").empty());
  EXPECT_TRUE(only("http://ex%C3%A9.org/", "host-not-lowercase").empty());  // hex digits are not letters
}

TEST(LintRules, NeedlessPercentEncoding) {
  EXPECT_EQ(only("http://example.org/%7Euser", "needless-percent-encoding"),
            (list{{"needless-percent-encoding", 19, 3}}));
  EXPECT_TRUE(only("http://example.org/a%2Fb", "needless-percent-encoding").empty());
}

TEST(LintRules, EmptyPort) {
  EXPECT_EQ(only("http://example.org:/", "empty-port"), (list{{"empty-port", 18, 1}}));
  EXPECT_TRUE(only("http://example.org:8080/", "empty-port").empty());
}

TEST(LintRules, DefaultPort) {
  EXPECT_EQ(only("http://example.org:80/", "default-port"), (list{{"default-port", 18, 3}}));
  EXPECT_EQ(only("HTTPS://example.org:0443/", "default-port"), (list{{"default-port", 19, 5}}));
  EXPECT_TRUE(only("https://example.org:80/", "default-port").empty());
}

TEST(LintRules, DotSegments) {
  EXPECT_EQ(only("http://example.org/a/../b/./c", "dot-segments"),
            (list{{"dot-segments", 21, 2}, {"dot-segments", 26, 1}}));
  EXPECT_EQ(only("http://example.org/a/%2E%2e/b", "dot-segments"), (list{{"dot-segments", 21, 6}}));
  EXPECT_TRUE(only("../a/./b", "dot-segments").empty());  // relative references may use them
  EXPECT_TRUE(only("http://example.org/a/.../b..c", "dot-segments").empty());
}

// Bidi Notation of RFC 3987 §4.4 with Hebrew letters: "ג" "ד" for G H, and so on.
TEST(LintRules, BidiMixedDirection) {
  EXPECT_EQ(only("http://example.org/ab\u05D0\u05D1", "bidi-mixed-direction"),
            (list{{"bidi-mixed-direction", 19, 6}}));
  EXPECT_TRUE(only("http://example.org/\u05D0\u05D1/ab", "bidi-mixed-direction").empty());
}

TEST(LintRules, BidiRtlEdge) {
  // Example 8: http://ab.cd.ef/GH1/2IJ/KL.html
  EXPECT_EQ(only("http://ab.cd.ef/\u05D2\u05D31/2\u05D4\u05D5/\u05D6\u05D7.html", "bidi-rtl-edge"),
            (list{{"bidi-rtl-edge", 16, 5}, {"bidi-rtl-edge", 22, 5}}));
  // Example 7: digits inside are fine.
  EXPECT_TRUE(only("http://ab.\u05D2\u05D3123\u05D4\u05D5.ij/", "bidi-rtl-edge").empty());
}

TEST(LintRules, IdnaBidiRule) {
  // Example 10: http://ab.CDEFGH.123/ — "123" starts with a digit in a Bidi domain name.
  EXPECT_EQ(only("http://ab.\u05D2\u05D3\u05D4.123/", "idna-bidi-rule"), (list{{"idna-bidi-rule", 17, 3}}));
  EXPECT_TRUE(only("http://ab.\u05D2\u05D3\u05D4.com/", "idna-bidi-rule").empty());
  EXPECT_TRUE(only("http://123.example.org/", "idna-bidi-rule").empty());
}

// A-labels (issue 24): every host check sees through them; the span is the A-label.
std::string message_of(std::string_view text, std::string_view id) {
  const auto r = lint(text);
  if (r) {
    for (const diagnostic& d : *r) {
      if (d.rule == id) return d.message;
    }
  }
  return {};
}

TEST(LintALabels, WholeScriptLookAlikesOfAsciiNames) {
  // Cyrillic "аррӏе" (U+0430 U+0440 U+0440 U+04CF U+0435) as an A-label. confusables.txt 17.0 maps
  // U+04CF CYRILLIC SMALL LETTER PALOCHKA to "l" (ICU 72's 15.0 data: "i"), so it looks like "apple".
  EXPECT_EQ(findings("http://xn--80ak6aa92e.com/"), (list{{"confusable-host", 7, 14}}));
  EXPECT_EQ(message_of("http://xn--80ak6aa92e.com/", "confusable-host"),
            "host label \"xn--80ak6aa92e\" (decoded \"\u0430\u0440\u0440\u04CF\u0435\") looks like the ASCII "
            "label \"apple\" (UTS #39 skeleton)");
  // The same label written in Unicode gets the same finding on its own span.
  EXPECT_EQ(findings("http://\u0430\u0440\u0440\u04CF\u0435.com/"), (list{{"confusable-host", 7, 10}}));
  // Cyrillic "раураӏ" below a "www" label.
  EXPECT_EQ(only("http://www.xn--80aa0cbo65f.com/", "confusable-host"), (list{{"confusable-host", 11, 15}}));
  // Uppercase A-label prefix and Punycode digits.
  EXPECT_EQ(only("http://XN--80AK6AA92E.com/", "confusable-host"), (list{{"confusable-host", 7, 14}}));
}

TEST(LintALabels, MixedScriptLabels) {
  // "аррlе": Cyrillic with a Latin "l".
  EXPECT_EQ(findings("http://xn--l-7sbq6ba.com/"),
            (list{{"mixed-script", 7, 13}, {"confusable-host", 7, 13}}));
  EXPECT_EQ(message_of("http://xn--l-7sbq6ba.com/", "mixed-script"),
            "host label \"xn--l-7sbq6ba\" (decoded \"\u0430\u0440\u0440l\u0435\") mixes Cyrillic and Latin");
  // "pаypal" with a Cyrillic "а".
  EXPECT_EQ(only("http://xn--pypal-4ve.com/", "mixed-script"), (list{{"mixed-script", 7, 13}}));
}

TEST(LintALabels, ValidSingleScriptIdnsStayClean) {
  for (std::string_view iri :
       {"http://xn--bcher-kva.de/", "http://xn--99zt52a.example.org/", "http://www.xn--e1afmkfd.xn--p1ai/",
        "http://xn--mxacd.gr/", "http://xn--fiqs8s.xn--fiqz9s/", "http://xn--mgbh0fb.xn--mgberp4a5d4ar/",
        "http://xn--o3cw4h.xn--o3cw4h/", "http://xn--3e0b707e.kr/", "http://www.example.com/",
        "http://xn--wgv71a119e.jp/"}) {
    EXPECT_EQ(findings(iri), list{}) << iri;
  }
}

TEST(LintALabels, InvalidALabels) {
  EXPECT_EQ(findings("http://xn--abc-.com/"), (list{{"invalid-a-label", 7, 8}}));
  EXPECT_EQ(
      message_of("http://xn--abc-.com/", "invalid-a-label"),
      "host label \"xn--abc-\" is not a valid A-label: it decodes to ASCII only (it decodes to \"abc\") "
      "[decodes-to-ascii]");
  EXPECT_EQ(findings("http://a.xn--99999999999a.com/"), (list{{"invalid-a-label", 9, 16}}));
  EXPECT_EQ(findings("http://xn--bcher-kv.de/"), (list{{"invalid-a-label", 7, 12}}));             // truncated
  EXPECT_EQ(only("http://xn--e-xbb.de/", "invalid-a-label"), (list{{"invalid-a-label", 7, 9}}));  // not NFC
  EXPECT_EQ(only("http://xn--zva.de/", "invalid-a-label"), (list{{"invalid-a-label", 7, 7}}));    // U+0378
  // An "xn--" label with non-ASCII characters in it (the host is an IRI host).
  EXPECT_EQ(only("http://xn--b\u00FCcher.de/", "invalid-a-label"), (list{{"invalid-a-label", 7, 11}}));
  EXPECT_NE(message_of("http://xn--b\u00FCcher.de/", "invalid-a-label").find("[non-ascii]"),
            std::string::npos);
  // Not a host label: an "xn--" path segment is nobody's business.
  EXPECT_TRUE(only("http://example.com/xn--abc-", "invalid-a-label").empty());
}

TEST(LintALabels, InvisibleAndCombiningMarks) {
  // "i" + U+0307 COMBINING DOT ABOVE: the dot hides in the "i" (UTS #39 §5.4).
  EXPECT_EQ(only("http://xn--i-9bb.example/", "host-invisible"), (list{{"host-invisible", 7, 9}}));
  EXPECT_EQ(only("http://i\u0307.example/", "host-invisible"), (list{{"host-invisible", 7, 3}}));
  // The same nonspacing mark twice.
  EXPECT_EQ(only("http://a\u0301\u0301.example/", "host-invisible"), (list{{"host-invisible", 7, 5}}));
  EXPECT_TRUE(only("http://\u00E9.example/", "host-invisible").empty());
  // ZWNJ after a virama is part of the word (Devanagari "क्‌ष"); not flagged.
  EXPECT_TRUE(only("http://\u0915\u094D\u200C\u0937.example/", "host-invisible").empty());
}

TEST(LintALabels, DigitLookAlikes) {
  EXPECT_EQ(only("http://xn--24-blc.example/", "digit-lookalike"),
            (list{{"digit-lookalike", 7, 10}}));  // "2б4"
  EXPECT_EQ(only("http://2\u04314.example/", "digit-lookalike"), (list{{"digit-lookalike", 7, 4}}));
  // Bengali digits with an ASCII "4": two numbering systems.
  EXPECT_EQ(only("http://xn--4-t6dde.example/", "digit-lookalike"), (list{{"digit-lookalike", 7, 11}}));
  EXPECT_TRUE(only("http://1234.example/", "digit-lookalike").empty());
  EXPECT_TRUE(only("http://\u0431\u0433.example/", "digit-lookalike").empty());  // "бг": a letter too
}

TEST(LintALabels, ScriptAgainstTheTopLevelDomain) {
  EXPECT_EQ(only("http://xn--e1afmkfd.xn--qxam/", "tld-script"), (list{{"tld-script", 7, 12}}));  // пример.ελ
  EXPECT_EQ(only("http://\u043F\u0440\u0438\u043C\u0435\u0440.gr/", "tld-script"),
            (list{{"tld-script", 7, 12}}));
  EXPECT_TRUE(only("http://www.\u043F\u0440\u0438\u043C\u0435\u0440.ru/", "tld-script").empty());
  EXPECT_TRUE(only("http://\u043F\u0440\u0438\u043C\u0435\u0440.com/", "tld-script").empty());  // no script
  EXPECT_TRUE(only("http://caf\u00E9.xn--p1ai/", "tld-script").empty());               // Latin is everywhere
  EXPECT_TRUE(only("http://\u4F8B\u3048.\u30C6\u30B9\u30C8/", "tld-script").empty());  // the Han family
}

TEST(LintALabels, RegistrableDomainAcrossLabels) {
  // "пример.ελ": each label is single-script; together Cyrillic and Greek.
  EXPECT_EQ(only("http://www.xn--e1afmkfd.xn--qxam/", "registrable-mixed-script"),
            (list{{"registrable-mixed-script", 11, 21}}));
  EXPECT_EQ(message_of("http://www.xn--e1afmkfd.xn--qxam/", "registrable-mixed-script"),
            "registrable domain \"xn--e1afmkfd.xn--qxam\" (decoded "
            "\"\u043F\u0440\u0438\u043C\u0435\u0440.\u03B5\u03BB\") "
            "mixes Cyrillic and Greek across its labels");
  // Above the registrable domain labels do not count: "αβγ.пример.рф".
  EXPECT_TRUE(only("http://xn--mxacd.xn--e1afmkfd.xn--p1ai/", "registrable-mixed-script").empty());
  EXPECT_TRUE(only("http://\u043F\u0440\u0438\u043C\u0435\u0440.com/", "registrable-mixed-script").empty());
  EXPECT_TRUE(only("http://example.co.uk/", "registrable-mixed-script").empty());
}

TEST(LintALabels, RulesCanBeTurnedOff) {
  lint_options o;
  o.disable("confusable-host");
  EXPECT_EQ(findings("http://xn--80ak6aa92e.com/", o), list{});
  o.disable("invalid-a-label");
  EXPECT_EQ(findings("http://xn--abc-.com/", o), list{});
}

TEST(LintCatalogue, IdsSeveritiesAndOverrides) {
  const auto rules = lint_rules();
  EXPECT_EQ(rules.size(), 56u);  // 31 generic rules, 25 scheme rules (scheme_test.cpp)
  std::set<std::string_view> ids;
  for (const lint_rule& r : rules) {
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_NE(r.default_severity, severity::off) << r.id;
    EXPECT_FALSE(r.reference.empty()) << r.id;
    EXPECT_EQ(r.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string_view::npos)
        << r.id;
  }
  EXPECT_EQ(find_lint_rule("not-nfc")->default_severity, severity::warning);
  EXPECT_EQ(find_lint_rule("nope"), nullptr);
  EXPECT_EQ(severity_from_name("error"), severity::error);
  EXPECT_EQ(severity_from_name("fatal"), std::nullopt);

  lint_options options;
  EXPECT_FALSE(options.set_severity("nope", severity::error));
  EXPECT_TRUE(options.set_severity("scheme-not-lowercase", severity::error));
  EXPECT_TRUE(options.disable("host-not-lowercase"));
  const auto r = lint("HTTP://Example.org/", options);
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].rule, "scheme-not-lowercase");
  EXPECT_EQ((*r)[0].level, severity::error);
  EXPECT_EQ((*r)[0].message, "scheme \"HTTP\" should be written \"http\"");
}

TEST(LintCatalogue, ParseErrorsAreReportedNotLinted) {
  const auto r = lint("http://exa mple.org/");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), (parse_error{error_code::invalid_host_char, 10}));
  EXPECT_EQ(lint("http://a/\u202E").error(), (parse_error{error_code::bidi_formatting_char, 9}));
}

TEST(LintCatalogue, FindingsAreSortedWithMessages) {
  const auto r = lint("HTTP://example.org/%c0%af");
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->size(), 4u);
  EXPECT_EQ((*r)[0].rule, "scheme-not-lowercase");
  EXPECT_EQ((*r)[1].rule, "percent-overlong-utf8");  // same offset: catalogue order
  EXPECT_EQ((*r)[2].rule, "lowercase-percent-hex");
  EXPECT_EQ((*r)[1].message,
            "\"%c0%af\" is an overlong UTF-8 form of U+002F SOLIDUS \"/\"; lenient decoders turn it into "
            "that character");
  EXPECT_EQ((*r)[3].rule, "lowercase-percent-hex");
}

// Clean IRIs in many scripts give no findings at all.
TEST(LintClean, ManyScripts) {
  const char* clean[] = {
      "http://example.org/path/file.html?q=1#top",
      "http://\u4F8B\u3048.jp/\u30D1\u30B9/"
      "\u65E5\u672C\u8A9E.html?\u691C\u7D22=\u3072\u3089\u304C\u306A",  // Japanese
      "http://\u0645\u062B\u0627\u0644.\u0625\u062E\u062A\u0628\u0627\u0631/"
      "\u0635\u0641\u062D\u0629?\u0628\u062D\u062B=\u0643\u062A\u0627\u0628",  // Arabic
      "http://\u05D3\u05D5\u05D2\u05DE\u05D4.\u05D8\u05E2\u05E1\u05D8/"
      "\u05E2\u05DE\u05D5\u05D3#\u05E4\u05E8\u05E7",  // Hebrew
      "http://\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444/"
      "\u0441\u0442\u0430\u0442\u044C\u044F?\u0442\u0435\u043C\u0430="
      "\u0438\u0441\u0442\u043E\u0440\u0438\u044F",  // Cyrillic
      "http://\u0909\u0926\u093E\u0939\u0930\u0923.\u092A\u0930\u0940\u0915\u094D\u0937\u093E/"
      "\u092A\u0943\u0937\u094D\u0920",  // Devanagari
      "http://\u4F8B\u5B50.\u6D4B\u8BD5/\u9875\u9762/\u4E2D\u6587.html?\u641C\u7D22=\u5317\u4EAC",  // Chinese
      "https://en.wikipedia.org/wiki/Caf%C3%A9",
      "mailto:user@example.org",
      "urn:isbn:0451450523",
  };
  for (const char* text : clean) {
    EXPECT_EQ(findings(text), list{}) << text;
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// docs/lint-rules.md is generated: `iri lint --list-rules --markdown > docs/lint-rules.md`.
TEST(LintCatalogue, RulesPageIsUpToDate) {
  const std::filesystem::path page =
      std::filesystem::path(IRIKIT_EXAMPLES_DIR) / ".." / "docs" / "lint-rules.md";
  ASSERT_TRUE(std::filesystem::exists(page)) << page;
  EXPECT_EQ(read_file(page), lint_rules_markdown())
      << "regenerate with: iri lint --list-rules --markdown > docs/lint-rules.md";
}

// Every line of ../shared/corpora: lint never crashes and every span lies inside its line. To keep
// the Debug run short, every line of small files and an evenly spread sample of large ones is
// linted; set IRIKIT_LINT_ALL_CORPORA=1 for every line.
TEST(LintCorpora, SpansStayInsideTheirLine) {
  const std::filesystem::path dir = IRIKIT_CORPORA_DIR;
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no corpora at " << dir;
  const bool all = std::getenv("IRIKIT_LINT_ALL_CORPORA") != nullptr;
  std::size_t lines = 0, linted = 0, failed = 0, with_findings = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      ++lines;
      if (!all && n++ % 20 != 0) continue;
      ++linted;
      const auto r = lint(line);
      if (!r) {
        ++failed;
        EXPECT_LE(r.error().offset, line.size());
        continue;
      }
      if (!r->empty()) ++with_findings;
      for (const diagnostic& d : *r) {
        ASSERT_LE(std::uint64_t{d.offset} + d.length, line.size()) << d.rule << " in " << line;
        ASSERT_GT(d.length, 0u) << d.rule << " in " << line;
        ASSERT_FALSE(d.message.empty()) << d.rule;
      }
    }
  }
  std::printf("corpora: %zu lines, %zu linted, %zu unparsable, %zu with findings\n", lines, linted, failed,
              with_findings);
  EXPECT_GT(linted, 0u);
}

}  // namespace
}  // namespace irikit
