// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/unicode: irikit's own Unicode services (normalization, UTS #39, versions).
#include "unicode/unicode.h"

#include <gtest/gtest.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

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
#include "unicode/idna.h"
#include "unicode/normalize.h"
#include "unicode/properties.h"
#include "unicode/punycode.h"
#include "unicode/spoof.h"
#include "unicode/ucd.h"
#include "unicode/work.h"

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

// NFC's quick check reads class and NFC_QC of 2- and 3-byte sequences from a table indexed by
// the bytes (normalize.cpp, tables::nfc_check_bmp); the code-point check reads the three-stage
// tables. They must agree on every scalar value alone, after "e" (composition with a starter),
// and before U+0316 (class 220: a character of a higher class before it is out of canonical
// order, Unicode §3.11 D109), and so must every UTF-8 length's boundaries.
TEST(Normalize, NfcQuickCheckFromBytesAgreesWithCodePoints) {
  std::size_t checked = 0;
  for (char32_t cp = 0; cp < 0x110000; ++cp) {
    if (cp >= 0xD800 && cp < 0xE000) continue;
    for (const std::u32string& t :
         {std::u32string{cp}, std::u32string{U'e', cp}, std::u32string{cp, 0x0316}}) {
      std::string s;
      for (const char32_t c : t) grammar::append_utf8(s, c);
      ASSERT_EQ(is_normalized(s, normal_form::nfc), is_normalized_code_points(t, normal_form::nfc))
          << "U+" << std::hex << static_cast<unsigned>(cp);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3u * (0x110000 - 0x800));
  EXPECT_FALSE(is_normalized("e\xCC\x81", normal_form::nfc));                 // e + U+0301 is U+00E9
  EXPECT_FALSE(is_normalized("\xE0\xA4\xA8\xE0\xA4\xBC", normal_form::nfc));  // U+0928 U+093C is U+0929
  EXPECT_TRUE(is_normalized("\xE0\xA4\xA9", normal_form::nfc));
  EXPECT_TRUE(is_normalized("a\xCC\xB8\xCC\x96", normal_form::nfc));   // classes 1 then 220: in order
  EXPECT_FALSE(is_normalized("a\xCC\x96\xCC\xB8", normal_form::nfc));  // 220 then 1: out of order
  EXPECT_FALSE(is_normalized("a\xCD\x81", normal_form::nfc));          // U+0341 is NFC_QC No
  // Not UTF-8 (outside the contract): each byte that starts no sequence reads as U+FFFD, as before
  // the table: an overlong form, a surrogate, a truncated sequence at the end, a lone continuation.
  for (const char* bad :
       {"\xE0\x80\x80\xCC\x81", "\xED\xA0\x80\xCC\x81", "a\xE0\xA4", "a\xCC", "\x80\xCC\x81"}) {
    EXPECT_TRUE(is_normalized(bad, normal_form::nfc)) << bad;
  }
}

// The quick check (UAX #15 §9) settles NFC_QC=Maybe on the spot where it can (normalize.cpp): on
// random sequences of the characters that take part in normalization — every code point whose
// NFD differs from it, every non-starter, the parts of their decompositions, Hangul jamo and
// syllables, a few letters — is_normalized must agree with normalize for all four forms, and NFC
// must be what ICU 72 gives wherever every character is of Unicode 15.0 or older.
TEST(Normalize, QuickCheckAgreesWithNormalizationOnRandomText) {
  std::set<char32_t> pool = {'a', 'e', 'A', 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x0915};
  for (char32_t cp = 0xA0; cp < 0x2F800; ++cp) {
    if (cp >= 0xD800 && cp < 0xE000) continue;
    // Not the 11,172 Hangul syllables (two are in the pool) nor the CJK compatibility ideographs
    // (singletons): they would crowd out the marks, where the composition cases are.
    if ((cp >= 0xAC00 && cp < 0xD7A4) || (cp >= 0xF900 && cp < 0xFB00)) continue;
    std::string one;
    grammar::append_utf8(one, cp);
    const std::string d = normalize(one, normal_form::nfd);
    if (d == one && combining_class(cp) == 0) continue;
    pool.insert(cp);
    std::size_t i = 0;
    while (i < d.size()) {
      const grammar::decoded x = grammar::decode_utf8(d.data(), i, d.size());
      pool.insert(x.cp);
      i += x.length;
    }
  }
  const std::vector<char32_t> chars(pool.begin(), pool.end());
  ASSERT_GT(chars.size(), 2000u);
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* icu_nfc = unorm2_getNFCInstance(&status);
  ASSERT_TRUE(U_SUCCESS(status));
  std::mt19937 rng(20261128);
  std::uniform_int_distribution<std::size_t> pick(0, chars.size() - 1), length(1, 6);
  std::size_t compared = 0;
  for (int k = 0; k < 100000; ++k) {
    std::string s;
    std::u16string units;
    bool old = true;
    for (std::size_t n = length(rng); n > 0; --n) {
      const char32_t cp = chars[pick(rng)];
      grammar::append_utf8(s, cp);
      old = old && ucd::age_number(cp) != 0 && ucd::age_number(cp) <= 1500;
      if (cp >= 0x10000) {
        units.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
        units.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
      } else {
        units.push_back(static_cast<char16_t>(cp));
      }
    }
    for (const normal_form f : {normal_form::nfc, normal_form::nfkc, normal_form::nfd, normal_form::nfkd}) {
      const std::string n = normalize(s, f);
      ASSERT_EQ(is_normalized(s, f), n == s) << s << " form " << static_cast<int>(f);
      ASSERT_TRUE(is_normalized(n, f)) << s << " form " << static_cast<int>(f);
    }
    if (!old) continue;
    std::u16string icu(units.size() * 4 + 8, u'\0');
    status = U_ZERO_ERROR;
    const int32_t len = unorm2_normalize(
        icu_nfc, reinterpret_cast<const UChar*>(units.data()), static_cast<int32_t>(units.size()),
        reinterpret_cast<UChar*>(icu.data()), static_cast<int32_t>(icu.size()), &status);
    ASSERT_TRUE(U_SUCCESS(status));
    icu.resize(static_cast<std::size_t>(len));
    std::string expected;
    for (std::size_t i = 0; i < icu.size(); ++i) {
      char32_t cp = icu[i];
      if (cp >= 0xD800 && cp < 0xDC00) cp = 0x10000 + ((cp - 0xD800) << 10) + (icu[++i] - 0xDC00);
      grammar::append_utf8(expected, cp);
    }
    ASSERT_EQ(normalize(s, normal_form::nfc), expected) << s;
    ++compared;
  }
  EXPECT_GT(compared, 50000u);  // most of the pool is older than Unicode 15.0
}

TEST(Idna, UnassignedIsDisallowed) {
  // decode_a_label asks for unassigned code points only in labels that fail UTS #46 validity:
  // that holds while the mapping table disallows every code point General_Category calls Cn.
  std::size_t unassigned = 0;
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (irikit::unicode::ucd::general_category(cp) != irikit::unicode::ucd::gc::Cn) continue;
    ++unassigned;
    ASSERT_TRUE(irikit::unicode::uts46_backend_disallows(cp)) << std::hex << static_cast<unsigned>(cp);
  }
  EXPECT_EQ(unassigned, 814730u);  // Unicode 17.0 (noncharacters included): a new version changes it
}

TEST(Version, ReportsTheBackend) {
  EXPECT_EQ(irikit::version(), IRIKIT_EXPECTED_VERSION);
  // Every Unicode property comes from the generated tables (src/unicode/tables/), Unicode 17.0;
  // the backend string names them first, then what ICU still does and its version.
  EXPECT_EQ(unicode::unicode_version(), "17.0");
  EXPECT_EQ(unicode::backend_version().rfind("irikit tables 17.0; ICU ", 0), 0u);
}

// ---------------------------------------------------------------------------------------------
// UTS #39 from irikit's own Unicode 17.0 tables (src/unicode/spoof.cpp; no ICU).

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
    // "." is Common (UTS #39 §5.1 step 2): joining the labels' sets is resolving the whole name.
    if (joined.level() != resolve_scripts(a + "." + b).level() && ++differences <= 5)
      ADD_FAILURE() << a << "." << b;
  }
  EXPECT_EQ(differences, 0U);
}

// resolve_scripts skips a code point with the Script_Extensions of the one before it; the answer
// must be that of every code point resolved alone and joined (UTS #39 §5.1 intersects them all).
TEST(SpoofLevel, ARunOfOneScriptResolvesAsItsCodePoints) {
  const auto one_by_one = [](const std::string& text) {
    script_resolution r = resolve_scripts("");
    for (std::size_t i = 0; i < text.size();) {
      const grammar::decoded d = grammar::decode_utf8(text.data(), i, text.size());
      const std::size_t n = d.code == error_code::ok ? d.length : 1;
      r.join(resolve_scripts(text.substr(i, n)));
      i += n;
    }
    return r.level();
  };
  // After an ASCII letter, a non-ASCII one of the same script: not ASCII-only any more.
  EXPECT_EQ(resolve_scripts("aé").level(), restriction::single_script);
  EXPECT_EQ(resolve_scripts("ééa").level(), restriction::single_script);
  EXPECT_EQ(resolve_scripts("日日ごごア").level(), restriction::single_script);
  EXPECT_EQ(resolve_scripts("ааpp").level(), restriction::minimally_restrictive);
  std::vector<std::string> texts = corpus_labels();
  if (texts.size() > 3000) texts.resize(3000);
  for (const char* extra : {"a\u00E9", "\u00E9\u00E9a", "x\u0915\u0916\u0301\u0917"})
    texts.emplace_back(extra);
  texts.emplace_back("x\xFFy");  // not UTF-8: U+FFFD, Common
  std::size_t differences = 0;
  for (const std::string& t : texts) {
    if (resolve_scripts(t).level() != one_by_one(t) && ++differences <= 5) ADD_FAILURE() << t;
  }
  EXPECT_EQ(differences, 0U);
}

TEST(SpoofReport, MarksAndDigits) {
  // UTS #39 §5.4: the same nonspacing mark twice in one sequence of marks of the NFD form.
  EXPECT_TRUE(check_identifier("e\u0323\u0323").invisible);    // the same mark twice
  EXPECT_TRUE(check_identifier("\u1EC7\u0323").invisible);     // ệ = e U+0323 U+0302, then U+0323
  EXPECT_FALSE(check_identifier("e\u0323a\u0323").invisible);  // a base letter between them
  EXPECT_TRUE(check_identifier("i\u0307").hidden_overlay);     // UTS #39 §5.4
  EXPECT_FALSE(check_identifier("a\u0307").hidden_overlay);
  EXPECT_TRUE(check_identifier("1\u0661").mixed_numbers);  // ASCII and Arabic-Indic digits
  EXPECT_FALSE(check_identifier("\u0661\u0662").mixed_numbers);
}

// UTS #39 §5.4 on long sequences of marks: a repeated mark is found past the first 16 (where the
// search gives way to a bitmap), sequences of distinct marks stay clean, and a run of one mark
// repeated is linear work (each mark used to be compared with every one before it: quadratic).
TEST(SpoofReport, LongSequencesOfMarks) {
  // U+0300..U+036F are all Mn; U+0340, U+0341, U+0343 and U+0344 decompose to marks of the block.
  std::string distinct = "a";
  for (char32_t cp = 0x0300; cp <= 0x036F; ++cp) {
    if (cp != 0x0340 && cp != 0x0341 && cp != 0x0343 && cp != 0x0344) grammar::append_utf8(distinct, cp);
  }
  EXPECT_FALSE(check_identifier(distinct).invisible);            // 108 distinct marks in one sequence
  EXPECT_TRUE(check_identifier(distinct + "\u0300").invisible);  // the first mark again, at the end
  EXPECT_TRUE(check_identifier(distinct + "\u0350").invisible);
  EXPECT_FALSE(check_identifier(distinct + "b" + distinct).invisible);  // a letter between: two sequences
  const auto work = [](std::size_t n) {
    std::string label = "a";
    for (std::size_t k = 0; k < n; ++k) label += "\u0301";
    const std::uint64_t before = work_steps();
    EXPECT_TRUE(check_identifier(label).invisible);
    return work_steps() - before;
  };
  const std::uint64_t small = work(20000), large = work(80000);
  EXPECT_LE(large, 5 * small) << small << " -> " << large;  // quadratic would be 16x
  EXPECT_LE(large, 20u * 80000u);
}

TEST(SpoofReport, MoreMarksAndDigits) {
  EXPECT_TRUE(check_identifier("a\u0301\u0301").invisible);
  EXPECT_FALSE(check_identifier("a\u0301\u0300").invisible);       // two different marks
  EXPECT_TRUE(check_identifier("\u00E9\u0301").invisible);         // é = e U+0301, then U+0301: a repeat
  EXPECT_TRUE(check_identifier("j\u0307").hidden_overlay);         // Soft_Dotted
  EXPECT_TRUE(check_identifier("\u0456\u0307").hidden_overlay);    // Cyrillic і, Soft_Dotted
  EXPECT_TRUE(check_identifier("i\u0328\u0307").hidden_overlay);   // ogonek (class 202) between
  EXPECT_FALSE(check_identifier("i\u0301\u0307").hidden_overlay);  // acute (230) resets the lead
  EXPECT_FALSE(check_identifier("\u0967\u0968").mixed_numbers);    // Devanagari only
  EXPECT_TRUE(check_identifier("1\u0967").mixed_numbers);          // ASCII and Devanagari
  // Mathematical digits: five runs of ten, contiguous (U+1D7CE bold 0 … U+1D7FF monospace 9).
  EXPECT_FALSE(check_identifier("\U0001D7CE\U0001D7D7").mixed_numbers);  // bold 0 and 9
  EXPECT_TRUE(check_identifier("\U0001D7D7\U0001D7D8").mixed_numbers);   // bold 9, double-struck 0
}

// UTS #39 §4: skeleton(X) = NFD, Default_Ignorable_Code_Point removed, prototypes, NFD.
TEST(Skeleton, ConcreteSkeletons) {
  EXPECT_EQ(skeleton("paypal"), "paypal");
  EXPECT_EQ(skeleton("p\u0430ypal"), skeleton("paypal"));  // Cyrillic а → a
  EXPECT_EQ(skeleton("p\u0430yp\u0430l"), "paypal");
  EXPECT_EQ(skeleton("\u0441\u043E\u043E\u0440"), "coop");  // Cyrillic с о о р
  EXPECT_EQ(skeleton("1"), "l");                            // confusables.txt: 0031 → 006C
  EXPECT_EQ(skeleton("I"), "l");
  EXPECT_EQ(skeleton("rn"), "rn");
  EXPECT_EQ(skeleton("m"), "rn");                    // 006D → 0072 006E
  EXPECT_EQ(skeleton("pay\u00ADpal"), "paypal");     // SOFT HYPHEN is Default_Ignorable: removed
  EXPECT_EQ(skeleton("pay\u200Dpal"), "paypal");     // ZWJ too
  EXPECT_EQ(skeleton("\u00E9"), "e\u0301");          // NFD
  EXPECT_EQ(skeleton("\uFF50\uFF41\uFF59"), "pay");  // fullwidth letters
  EXPECT_NE(skeleton("paypal"), skeleton("paypa1x"));
}

// UTS #39 §4 mixed-script confusables: not single-script, with a single-script skeleton.
TEST(Skeleton, MixedScriptConfusables) {
  EXPECT_TRUE(is_mixed_script_confusable("p\u0430yp\u0430l"));           // Latin + Cyrillic, skeleton Latin
  EXPECT_FALSE(is_mixed_script_confusable("paypal"));                    // ASCII
  EXPECT_FALSE(is_mixed_script_confusable("\u0441\u043E\u043E\u0440"));  // single-script Cyrillic
  EXPECT_FALSE(is_mixed_script_confusable("abc\u65E5\u672C"));           // Latin + Han: no look-alike
  EXPECT_TRUE(check_identifier("p\u0430yp\u0430l").mixed_script_confusable);
  EXPECT_FALSE(check_identifier("\u0441\u043E\u043E\u0440").mixed_script_confusable);
}

// UTS #39 §3.1 Identifier_Status (IdentifierStatus.txt 17.0).
TEST(SpoofReport, IdentifierProfile) {
  EXPECT_FALSE(check_identifier("b\u00FCcher").outside_profile);
  EXPECT_FALSE(check_identifier("\u65E5\u672C").outside_profile);
  EXPECT_TRUE(check_identifier("a\u2665").outside_profile);  // ♥ is Restricted
  EXPECT_TRUE(check_identifier("\u01C6").outside_profile);   // ǆ: Identifier_Type Not_NFKC
  // U+1E5D0 OL ONAL LETTER O (Unicode 16.0): Identifier_Type Exclusion, so not Allowed.
  EXPECT_TRUE(check_identifier("\U0001E5D0").outside_profile);
}

// Character names (the Name property, Unicode §4.8) from tables/names.inc.
TEST(CharacterName, ConcreteNames) {
  EXPECT_EQ(character_name(U'A'), "LATIN CAPITAL LETTER A");
  EXPECT_EQ(character_name(0xFF0F), "FULLWIDTH SOLIDUS");
  EXPECT_EQ(character_name(0x200D), "ZERO WIDTH JOINER");
  EXPECT_EQ(character_name(0x1F600), "GRINNING FACE");
  EXPECT_EQ(character_name(0x1E5D0), "OL ONAL LETTER O");  // Unicode 16.0
  // NR1 (Unicode §3.12): Hangul syllables from their jamo's short names.
  EXPECT_EQ(character_name(0xAC00), "HANGUL SYLLABLE GA");
  EXPECT_EQ(character_name(0xAC01), "HANGUL SYLLABLE GAG");
  EXPECT_EQ(character_name(0xB7A9), "HANGUL SYLLABLE RAEB");
  EXPECT_EQ(character_name(0xC544), "HANGUL SYLLABLE A");  // the empty leading consonant (ieung)
  EXPECT_EQ(character_name(0xD7A3), "HANGUL SYLLABLE HIH");
  // NR2: a prefix and the code point in hex.
  EXPECT_EQ(character_name(0x4E00), "CJK UNIFIED IDEOGRAPH-4E00");
  EXPECT_EQ(character_name(0x20000), "CJK UNIFIED IDEOGRAPH-20000");
  EXPECT_EQ(character_name(0xF900), "CJK COMPATIBILITY IDEOGRAPH-F900");
  EXPECT_EQ(character_name(0x17000), "TANGUT IDEOGRAPH-17000");
  EXPECT_EQ(character_name(0x1B170), "NUSHU CHARACTER-1B170");
  EXPECT_EQ(character_name(0x18B00), "KHITAN SMALL SCRIPT CHARACTER-18B00");
  EXPECT_EQ(character_name(0x13460), "EGYPTIAN HIEROGLYPH-13460");
  // No Name: controls, private use, surrogates, unassigned, noncharacters, beyond U+10FFFF.
  EXPECT_EQ(character_name(0x0000), "");
  EXPECT_EQ(character_name(0x0085), "");
  EXPECT_EQ(character_name(0xE000), "");
  EXPECT_EQ(character_name(0xD800), "");
  EXPECT_EQ(character_name(0x0378), "");
  EXPECT_EQ(character_name(0xFFFF), "");
  EXPECT_EQ(character_name(0x110000), "");
}

// Every name of UnicodeData.txt 17.0 (field 1; "<…>" ranges and controls have none but the
// algorithmic ones of §4.8).
TEST(CharacterName, EveryNameOfUnicodeData) {
  std::ifstream in(std::string(IRIKIT_UNICODE_DATA_DIR) + "/ucd/UnicodeData.txt");
  if (!in) GTEST_SKIP() << "no UnicodeData.txt at " << IRIKIT_UNICODE_DATA_DIR;
  std::size_t checked = 0, differences = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t semi = line.find(';');
    const std::size_t end = line.find(';', semi + 1);
    const auto cp = static_cast<char32_t>(std::stoul(line.substr(0, semi), nullptr, 16));
    const std::string name = line.substr(semi + 1, end - semi - 1);
    if (name.starts_with("<")) continue;
    ++checked;
    if (character_name(cp) != name && ++differences <= 5)
      ADD_FAILURE() << std::hex << static_cast<unsigned>(cp) << " " << name;
  }
  EXPECT_EQ(differences, 0U);
  EXPECT_GT(checked, 40000U);
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

// RFC 3492 §6.3 on a label of more than 1 Mi non-basic code points, which the encoder sorts by
// counting (linear, and polled for cancellation) instead of std::sort: decoding gives the label
// back, code point for code point. (Close code points: Punycode's deltas grow with the distance
// between them times the label's length, and overflow 32 bits for a wide spread, RFC 3492 §6.4.)
TEST(PunycodeLongLabels, CountingSortRoundTrips) {
  std::mt19937 rng(17);
  std::u32string label;
  for (std::size_t k = 0; k < (std::size_t{1} << 20) + 5000; ++k) {
    const auto r = static_cast<char32_t>(rng() % 24);  // "a"–"d" and 20 letters from U+00E0
    label.push_back(r < 4 ? U'a' + r : 0xE0 + r);
  }
  std::string encoded;
  ASSERT_TRUE(irikit::unicode::punycode_encode(label, encoded));
  std::u32string decoded;
  ASSERT_EQ(irikit::unicode::punycode_decode(encoded, decoded), irikit::unicode::punycode_result::ok);
  EXPECT_EQ(decoded.size(), label.size());
  EXPECT_TRUE(decoded == label);
}

namespace irikit::unicode {
namespace {

// RFC 3492 §6.3 encoding of labels of at most 64 code points (punycode.cpp's short encoder: the
// counting sort over padded keys, the rounds, adapt without range checks): random labels with
// repeated values, basic code points anywhere, narrow and wide ranges, up to the 64 limit, must
// decode (§6.2, the independent decoder) to what was encoded, and the RFC 3492 §7.1 sample (S)
// "-> $1.00 <-" and (E) must come out as the RFC gives them.
TEST(PunycodeShortEncoder, RoundTripsRandomLabels) {
  std::mt19937 rng(34);
  const std::vector<std::pair<char32_t, char32_t>> ranges = {
      {0x600, 0x63F}, {0x4E00, 0x9FFF}, {0x80, 0x10FFFF}, {0x430, 0x44F}, {0x10000, 0x1FFFF}};
  for (int round = 0; round < 20000; ++round) {
    const std::size_t n = 1 + rng() % 64;
    const auto [lo, hi] = ranges[rng() % ranges.size()];
    std::u32string cps;
    for (std::size_t k = 0; k < n; ++k) {
      const unsigned pick = rng() % 8;
      auto c = static_cast<char32_t>(pick == 0 ? U'a' + rng() % 26 : lo + rng() % (hi - lo + 1));
      if (c >= 0xD800 && c <= 0xDFFF) c = 0xE000;
      if (pick == 1 && !cps.empty()) c = cps[rng() % cps.size()];  // a repeated value
      cps.push_back(c);
    }
    std::string encoded;
    ASSERT_TRUE(punycode_encode(cps, encoded));
    std::u32string decoded;
    ASSERT_EQ(punycode_decode(encoded, decoded), punycode_result::ok) << encoded;
    ASSERT_EQ(decoded, cps) << encoded;
  }
  std::string s;
  ASSERT_TRUE(punycode_encode(U"-> $1.00 <-", s));
  EXPECT_EQ(s, "-> $1.00 <--");  // RFC 3492 §7.1 (S)
  s.clear();
  ASSERT_TRUE(
      punycode_encode(U"\u05DC\u05DE\u05D4\u05D4\u05DD\u05E4\u05E9\u05D5\u05D8\u05DC\u05D0"
                      U"\u05DE\u05D3\u05D1\u05E8\u05D9\u05DD\u05E2\u05D1\u05E8\u05D9\u05EA",
                      s));
  EXPECT_EQ(s, "4dbcagdahymbxekheh6e0a7fei0b");  // RFC 3492 §7.1 (E), Hebrew
}

}  // namespace
}  // namespace irikit::unicode
