// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/unicode: the ICU-backed Unicode services.
#include "unicode/unicode.h"

#include <gtest/gtest.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/version.h"
#include "unicode/bidi.h"
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

// ---------------------------------------------------------------------------------------------
// UAX #9 (unicode/bidi.h): irikit's own Bidirectional Algorithm against ICU's (ubidi, Unicode
// 15.0), on random text of characters whose Bidi_Class, bracket pairs and mirrored glyphs are the
// same in both versions: one character or more for every Bidi_Class, the paired brackets and NSMs
// after them (N0). Not U+2329/U+232A: ICU pairs U+2329 with U+3009 even after a U+232A closed it
// (it pushes an opener for each canonical equivalent, and the second stays on its stack), which
// BD16 does not; Bidi.SpecificationExamples checks the canonical equivalence. ICU is
// a faithful UAX #9 of its version (it passes Unicode's BidiTest and BidiCharacterTest), and the
// algorithm did not change in 16.0 or 17.0. Compared: the paragraph level, the level of every
// character X9 keeps, and the visual order of those characters (X9's are left out: UAX #9 leaves
// their levels to the implementation, section 5.2). When every character ends up in one direction,
// ICU reports the paragraph level for all of them (e.g. RLO a b in a right-to-left paragraph: 1 1 1,
// where X2–X5 give 3): the same order and the same mirroring, so there only the parity of each level
// is compared. A paragraph separator is put at the end only
// (the layout is one paragraph); at most 40 characters, so BD16's stack never fills.

struct ubidi_closer {
  void operator()(UBiDi* b) const noexcept { ubidi_close(b); }
};

struct icu_layout {
  std::uint8_t paragraph = 0;
  bool one_direction = false;  // ubidi_getDirection: not UBIDI_MIXED
  std::vector<std::uint8_t> levels;
  std::vector<std::uint32_t> visual;  // logical indexes, X9-removed characters left out
};

bool removed_by_x9(char32_t c) {
  const bidi_class b = bidi_class_of(c);
  return b == bidi_class::LRE || b == bidi_class::RLE || b == bidi_class::LRO || b == bidi_class::RLO ||
         b == bidi_class::PDF || b == bidi_class::BN;
}

icu_layout icu_bidi(const std::u32string& text, paragraph_level level) {
  std::u16string units;  // every character of the pool is in the BMP
  for (const char32_t c : text) units.push_back(static_cast<char16_t>(c));
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UBiDi, ubidi_closer> bidi(ubidi_open());
  const UBiDiLevel para = level == paragraph_level::ltr   ? UBiDiLevel{0}
                          : level == paragraph_level::rtl ? UBiDiLevel{1}
                                                          : UBiDiLevel{UBIDI_DEFAULT_LTR};
  ubidi_setPara(bidi.get(), reinterpret_cast<const UChar*>(units.data()), static_cast<int32_t>(units.size()),
                para, nullptr, &status);
  icu_layout out;
  const UBiDiLevel* levels = ubidi_getLevels(bidi.get(), &status);
  std::vector<int32_t> map(units.size());
  ubidi_getVisualMap(bidi.get(), map.data(), &status);
  EXPECT_TRUE(U_SUCCESS(status)) << u_errorName(status);
  out.paragraph = ubidi_getParaLevel(bidi.get());
  out.one_direction = ubidi_getDirection(bidi.get()) != UBIDI_MIXED;
  out.levels.assign(levels, levels + units.size());
  for (const int32_t i : map)
    if (!removed_by_x9(text[static_cast<std::size_t>(i)]))
      out.visual.push_back(static_cast<std::uint32_t>(i));
  return out;
}

// N0's last paragraph (Unicode 8.0): NSMs right after a bracket that N0 changed take its direction.
// ICU 72 does not apply it after a closing bracket (a(b)<NSM>א in a right-to-left paragraph: ICU
// gives the NSM level 1, UAX #9 level 2; Bidi.SpecificationExamples checks ours), so texts where an
// NSM follows a paired bracket are not compared.
bool nsm_after_bracket(const std::u32string& text) {
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (bidi_class_of(text[i]) != bidi_class::NSM) continue;
    std::size_t before = i;
    while (before-- > 0 && removed_by_x9(text[before])) {
    }
    if (before < text.size() && u_getIntPropertyValue(static_cast<UChar32>(text[before]),
                                                      UCHAR_BIDI_PAIRED_BRACKET_TYPE) != U_BPT_NONE)
      return true;
  }
  return false;
}

TEST(Bidi, SameAsIcuOnRandomParagraphs) {
  // clang-format off
  const std::u32string pool =
      U"aZ\u00AA"                     // L
      U"\u05D0\u05EA"                 // R
      U"\u0627\u0628"                 // AL
      U"0129\u06F1"                   // EN
      U"+-"                           // ES
      U"$%\u00B0"                     // ET
      U"\u0660\u0669"                 // AN
      U",.:/"                         // CS
      U"\u0300\u0301"                 // NSM
      U"\u00AD\u200B"                 // BN
      U"\t"                           // S
      U" \u2003"                      // WS
      U"!\"&*;=?@"                    // ON
      U"()[]{}\u3008\u3009\u00AB\u00BB"  // paired brackets (ON), and ON that are not
      U"\u202A\u202B\u202C\u202D\u202E"             // LRE RLE PDF LRO RLO
      U"\u2066\u2067\u2068\u2069";                  // LRI RLI FSI PDI
  // clang-format on
  std::mt19937 random(20261128);
  std::size_t compared = 0, skipped = 0;
  for (int round = 0; round < 20000; ++round) {
    const std::size_t length = 1 + random() % 40;
    std::u32string text;
    for (std::size_t k = 0; k < length; ++k) {
      // brackets and explicit formatting characters more often than their share
      const std::size_t pick = random() % 4 == 0 ? pool.size() - 1 - random() % 21 : random() % pool.size();
      text += pool[pick];
    }
    if (random() % 8 == 0) text += U'\u2029';  // B, at the end
    if (nsm_after_bracket(text)) {
      ++skipped;
      continue;
    }
    for (const paragraph_level level :
         {paragraph_level::ltr, paragraph_level::rtl, paragraph_level::first_strong}) {
      const bidi_layout ours = layout_paragraph(text, level);
      const icu_layout icu = icu_bidi(text, level);
      ASSERT_EQ(ours.levels.size(), text.size());
      ASSERT_EQ(ours.visual_to_logical.size(), text.size());
      std::string where;
      for (const char32_t c : text) where += " " + std::to_string(static_cast<unsigned>(c));
      where += " level " + std::to_string(static_cast<int>(level));
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (removed_by_x9(text[i])) continue;
        if (icu.one_direction) {
          ASSERT_EQ(ours.levels[i] & 1, icu.levels[i] & 1) << "index " << i << ":" << where;
        } else {
          ASSERT_EQ(static_cast<int>(ours.levels[i]), static_cast<int>(icu.levels[i]))
              << "index " << i << ":" << where;
        }
      }
      std::vector<std::uint32_t> visual;
      for (const std::uint32_t i : ours.visual_to_logical)
        if (!removed_by_x9(text[i])) visual.push_back(i);
      ASSERT_EQ(visual, icu.visual) << where;
      ++compared;
    }
  }
  EXPECT_EQ(compared + 3 * skipped, 60000u);
  EXPECT_LT(skipped, 2700u) << "most texts are compared";
}

// UAX #9's own examples (section 3.4 and N0's examples), levels as the specification gives them.
TEST(Bidi, SpecificationExamples) {
  const auto levels = [](std::u32string_view text, paragraph_level level) {
    std::string out;
    for (const std::uint8_t l : layout_paragraph(text, level).levels) out += static_cast<char>('0' + l);
    return out;
  };
  // "car means CAR." in an LTR paragraph: the Hebrew word at level 1.
  EXPECT_EQ(levels(U"car means \u05D0\u05D1\u05D2.", paragraph_level::ltr), "00000000001110");
  // N0 example 1 (RTL paragraph): AB(CD[&ef]!)gh with AB, CD R and ef, gh L.
  EXPECT_EQ(levels(U"\u05D0\u05D1(\u05D2\u05D3[&ef]!)gh", paragraph_level::rtl), "11111112211122");
  // Numbers after Arabic letters are AN (W2): level 2 in an LTR paragraph's RTL run.
  EXPECT_EQ(levels(U"\u0627 12", paragraph_level::ltr), "1122");
  // A bracket pair with only opposite-direction text inside and no context: embedding direction.
  EXPECT_EQ(levels(U"(\u05D0)", paragraph_level::ltr), "010");
  // N0, NSMs after a changed bracket: in a right-to-left paragraph a(b)<NSM>א, the brackets
  // enclose L after L (context established), so they and the NSM after ")" become L (level 2).
  EXPECT_EQ(levels(U"a(b)\u0300\u05D0", paragraph_level::rtl), "222221");
  // BD16 pairs brackets by canonical equivalence: U+2329 with U+3009, the pair enclosing R after
  // R (N0 c) is R; and U+232A, once it has closed U+2329, leaves no opener for a U+3009 after it.
  EXPECT_EQ(levels(U"\u05D0\u2329\u05D1\u3009a", paragraph_level::ltr), "11110");
  EXPECT_EQ(levels(U"\u2329\u232AZ\u3009\u2069[2", paragraph_level::rtl), "1122222");
  // Mirrored glyphs (Bidi_Mirroring_Glyph): "(" ↔ ")", "«" ↔ "»", none for "a".
  EXPECT_EQ(mirror(U'('), U')');
  EXPECT_EQ(mirror(U'\u00AB'), U'\u00BB');
  EXPECT_EQ(mirror(U'a'), U'a');
}

}  // namespace
}  // namespace irikit::unicode
