// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/unicode: the ICU-backed Unicode services.
#include "unicode/unicode.h"

#include <gtest/gtest.h>
#include <unicode/uscript.h>

#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/version.h"
#include "unicode/normalize.h"
#include "unicode/spoof.h"

namespace irikit::unicode {
namespace {

// RFC 3987 §5.3.2.2: "résumé" precomposed vs decomposed.
TEST(Normalize, NfcAndNfkc) {
  const std::string precomposed = "r\u00E9sum\u00E9";
  const std::string decomposed = "re\u0301sume\u0301";
  EXPECT_TRUE(is_normalized(precomposed, normal_form::nfc));
  EXPECT_FALSE(is_normalized(decomposed, normal_form::nfc));
  EXPECT_EQ(normalize(decomposed, normal_form::nfc), precomposed);
  EXPECT_EQ(normalize(precomposed, normal_form::nfd), decomposed);
  EXPECT_TRUE(is_normalized("\uFB01", normal_form::nfc));    // the fi ligature is NFC…
  EXPECT_FALSE(is_normalized("\uFB01", normal_form::nfkc));  // …but not NFKC (RFC 3987 §7.5)
  EXPECT_EQ(normalize("\uFB01", normal_form::nfkc), "fi");
  EXPECT_EQ(normalize("\uFF41", normal_form::nfkc), "a");  // full-width a
  EXPECT_EQ(normalize("plain", normal_form::nfc), "plain");
  std::string out = "x";
  normalize_into(decomposed, normal_form::nfc, out);
  EXPECT_EQ(out, "x" + precomposed);
}

TEST(Version, ReportsTheBackend) {
  EXPECT_EQ(irikit::version(), IRIKIT_EXPECTED_VERSION);
  // Every Unicode property comes from the generated tables (src/unicode/tables/), Unicode 17.0;
  // the backend string names them first, then what ICU still does and its version.
  EXPECT_EQ(unicode::unicode_version(), "17.0");
  EXPECT_EQ(unicode::backend_version().rfind("irikit tables 17.0; ICU ", 0), 0u);
}

// ---------------------------------------------------------------------------------------------
// UTS #39 through the spoof checker: irikit's own restriction levels and the fast paths of
// check_identifier against the backend computing everything (backend_identifier_report).

std::string utf8_of(std::initializer_list<char32_t> cps) {
  std::string s;
  for (const char32_t cp : cps) grammar::append_utf8(s, cp);
  return s;
}

/// One code point for each distinct Script_Extensions value (the level of a text depends on its
/// characters only through those, and on whether they are ASCII), ASCII letters and digits aside.
std::vector<char32_t> one_per_script_extensions() {
  std::set<std::vector<int>> seen;
  std::vector<char32_t> out{U'a', U'0', U'-'};
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    UScriptCode codes[64];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uscript_getScriptExtensions(static_cast<UChar32>(cp), codes, 64, &status);
    std::vector<int> key(codes, codes + (U_SUCCESS(status) ? n : 0));
    if (seen.insert(key).second) out.push_back(cp);
  }
  return out;
}

TEST(SpoofLevel, SameAsTheBackendOnEveryScriptExtensionsValueAndEveryPair) {
  const std::vector<char32_t> reps = one_per_script_extensions();
  EXPECT_GT(reps.size(), 150U);  // ICU 72 has about 200 distinct values
  std::size_t differences = 0, compared = 0;
  std::map<restriction, int> levels;
  const auto check = [&](const std::string& s) {
    const restriction ours = resolve_scripts(s).level();
    levels[ours]++;
    ++compared;
    if (ours != backend_restriction_level(s) && ++differences <= 5) ADD_FAILURE() << s;
  };
  for (const char32_t a : reps) {
    check(utf8_of({a}));
    for (const char32_t b : reps) check(utf8_of({a, b}));
  }
  EXPECT_EQ(differences, 0U) << "of " << compared;
  // Every level is reached, so each step of UTS #39 §5.2 was compared.
  for (const restriction r :
       {restriction::ascii_only, restriction::single_script, restriction::highly_restrictive,
        restriction::moderately_restrictive, restriction::minimally_restrictive})
    EXPECT_GT(levels[r], 0) << static_cast<int>(r);
}

TEST(SpoofLevel, ConcreteLevels) {
  EXPECT_EQ(resolve_scripts("paypal").level(), restriction::ascii_only);
  EXPECT_EQ(resolve_scripts("\u043F\u0440\u0438\u043C\u0435\u0440").level(), restriction::single_script);
  // Han + Hiragana + Katakana: Japanese, one script after §5.1's augmentation.
  EXPECT_EQ(resolve_scripts("\u65E5\u672C\u3054\u30A2").level(), restriction::single_script);
  EXPECT_EQ(resolve_scripts("abc\u65E5\u672C").level(), restriction::highly_restrictive);
  EXPECT_EQ(resolve_scripts("abc\u0915").level(), restriction::moderately_restrictive);  // Latin + Devanagari
  EXPECT_EQ(resolve_scripts("p\u0430ypal").level(), restriction::minimally_restrictive);  // Latin + Cyrillic
  EXPECT_EQ(resolve_scripts("abc\u13A0").level(), restriction::minimally_restrictive);    // Latin + Cherokee
}

std::vector<std::string> corpus_labels() {
  std::ifstream in(std::string(IRIKIT_CORPORA_DIR) + "/intl/idn_hosts.txt");
  std::vector<std::string> labels;
  for (std::string line; std::getline(in, line);) {
    for (std::size_t begin = 0;;) {
      const std::size_t dot = std::min(line.find('.', begin), line.size());
      labels.push_back(line.substr(begin, dot - begin));
      if (dot == line.size()) break;
      begin = dot + 1;
    }
  }
  return labels;
}

TEST(SpoofLevel, JoiningLabelsIsIntersectingTheirScripts) {
  const std::vector<std::string> labels = corpus_labels();
  if (labels.empty()) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
  std::mt19937 random(24);
  std::size_t differences = 0;
  for (int k = 0; k < 4000; ++k) {
    const std::string& a = labels[random() % labels.size()];
    const std::string& b = labels[random() % labels.size()];
    script_resolution joined = resolve_scripts(a);
    joined.join(resolve_scripts(b));
    if (joined.level() != backend_restriction_level(a + "." + b) && ++differences <= 5)
      ADD_FAILURE() << a << "." << b;
  }
  EXPECT_EQ(differences, 0U);
}

void expect_same_report(const std::string& s, std::size_t& differences) {
  const identifier_report ours = check_identifier(s), backend = backend_identifier_report(s);
  const bool same = ours.level == backend.level && ours.invisible == backend.invisible &&
                    ours.hidden_overlay == backend.hidden_overlay &&
                    ours.mixed_numbers == backend.mixed_numbers &&
                    ours.outside_profile == backend.outside_profile && !ours.mixed_script_confusable;
  if (!same && ++differences <= 5) ADD_FAILURE() << s;
}

TEST(SpoofReport, SameAsTheBackendOnTheCorpusLabels) {
  const std::vector<std::string> labels = corpus_labels();
  if (labels.empty()) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
  std::size_t differences = 0;
  const std::set<std::string> distinct(labels.begin(), labels.end());
  for (const std::string& label : distinct) expect_same_report(label, differences);
  EXPECT_EQ(differences, 0U) << "of " << distinct.size();
}

TEST(SpoofReport, SameAsTheBackendOnMarksAndDigits) {
  // Texts of marks (some repeated, some reordered by NFD, some inside precomposed letters), the
  // letters a dot above hides, digits of several systems, and letters of a few scripts.
  const std::u32string pool =
      U"aeijl\u0131\u0237\u00E0\u00E9\u1EC7\u01D6\u0300\u0301\u0302\u0307\u0308\u0323\u0327\u05B4\u0651\u064E"
      U"\u093C\u094D\u0941\u0E35\u0E48\u0915\u0930\u0628\u05D0\u0430\u0456\u03B9\u4E00\u3042"
      U"019\u0660\u0661\u06F1\u0967\u0E51\uFF11-";
  std::mt19937 random(39);
  std::size_t differences = 0;
  std::map<std::string, int> fired;
  for (int k = 0; k < 20000; ++k) {
    std::string s;
    const std::size_t n = 1 + random() % 6;
    for (std::size_t i = 0; i < n; ++i) grammar::append_utf8(s, pool[random() % pool.size()]);
    expect_same_report(s, differences);
    const identifier_report r = backend_identifier_report(s);
    fired["invisible"] += r.invisible;
    fired["hidden"] += r.hidden_overlay;
    fired["numbers"] += r.mixed_numbers;
  }
  EXPECT_EQ(differences, 0U);
  for (const auto& [check, count] : fired) EXPECT_GT(count, 100) << check;  // each check fired
  // Concrete cases.
  EXPECT_TRUE(check_identifier("e\u0323\u0323").invisible);    // the same mark twice
  EXPECT_TRUE(check_identifier("\u1EC7\u0323").invisible);     // ệ = e U+0323 U+0302, then U+0323
  EXPECT_FALSE(check_identifier("e\u0323a\u0323").invisible);  // a base letter between them
  EXPECT_TRUE(check_identifier("i\u0307").hidden_overlay);     // UTS #39 §5.4
  EXPECT_FALSE(check_identifier("a\u0307").hidden_overlay);
  EXPECT_TRUE(check_identifier("1\u0661").mixed_numbers);  // ASCII and Arabic-Indic digits
  EXPECT_FALSE(check_identifier("\u0661\u0662").mixed_numbers);
}

TEST(SpoofReport, TheBackendReportsNoMixedScriptConfusableFromItsCheck) {
  // ICU >= 58 computes USPOOF_MIXED_SCRIPT_CONFUSABLE only in uspoof_areConfusable, never in
  // uspoof_check, so check_identifier leaves the field false. Should an ICU report it again, this
  // fails, and check_identifier must ask the backend for it.
  EXPECT_FALSE(is_mixed_script_confusable("p\u0430yp\u0430l"));
  EXPECT_FALSE(is_mixed_script_confusable("\u0441\u043E\u043E\u0440"));
}

}  // namespace
}  // namespace irikit::unicode
