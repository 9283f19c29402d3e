// SPDX-License-Identifier: MIT OR Apache-2.0
#include "irikit/extract.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "extract/windows.h"
#include "irikit/iri.h"

namespace {

struct span {
  std::size_t begin;
  std::size_t end;
  std::string_view iri;
  bool operator==(const span&) const = default;
};

std::vector<span> spans(std::string_view text, bool www = false) {
  irikit::extract_options options;
  options.www = www;
  std::vector<span> out;
  for (const irikit::extracted& e : irikit::extract_iris(text, options)) {
    EXPECT_EQ(e.iri, text.substr(e.begin, e.end - e.begin));
    // Every result is a valid IRI (a www form once "http://" is put in front).
    const std::string checked =
        e.form == irikit::extracted_form::www ? "http://" + std::string(e.iri) : std::string(e.iri);
    EXPECT_TRUE(irikit::parse_iri(checked)) << checked;
    out.push_back({e.begin, e.end, e.iri});
  }
  return out;
}

void PrintTo(const span& s, std::ostream* os) { *os << '[' << s.begin << ',' << s.end << ") " << s.iri; }

// Sentences in six languages; the spans are byte offsets, checked against the text above.

TEST(ExtractTest, Japanese) {
  const std::string_view text =
      "詳しくは「https://例え.テスト/パス?q=値」を、または<https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)>"
      "をご覧ください。参考（https://例.jp/a）。";
  EXPECT_EQ(spans(text), (std::vector<span>{
                             {15, 52, "https://例え.テスト/パス?q=値"},
                             {71, 125, "https://ja.wikipedia.org/wiki/東京_(曖昧さ回避)"},
                             {159, 175, "https://例.jp/a"},
                         }));
  EXPECT_EQ(irikit::extract_iris(text)[1].form, irikit::extracted_form::delimited);
}

TEST(ExtractTest, Chinese) {
  const std::string_view text = "请访问https://例子.测试/路径，或者发邮件到mailto:用户@例子.测试。";
  EXPECT_EQ(spans(text), (std::vector<span>{
                             {9, 37, "https://例子.测试/路径"},
                             {58, 85, "mailto:用户@例子.测试"},
                         }));
}

TEST(ExtractTest, Arabic) {
  const std::string_view text = "زوروا الموقع https://مثال.إختبار/مسار، أو http://example.org/ar?q=١. شكرا";
  EXPECT_EQ(spans(text), (std::vector<span>{
                             {24, 62, "https://مثال.إختبار/مسار"},
                             {70, 96, "http://example.org/ar?q=١"},
                         }));
}

TEST(ExtractTest, Hebrew) {
  const std::string_view text = "ראו את https://דוגמה.בדיקה/נתיב. וגם (http://example.com/he_(x))!";
  EXPECT_EQ(spans(text), (std::vector<span>{
                             {12, 50, "https://דוגמה.בדיקה/נתיב"},
                             {60, 85, "http://example.com/he_(x)"},
                         }));
}

TEST(ExtractTest, Russian) {
  const std::string_view text =
      "Смотрите «https://пример.испытание/путь» и http://example.ru/документ?id=5; note: это не ссылка.";
  EXPECT_EQ(spans(text), (std::vector<span>{
                             {19, 67, "https://пример.испытание/путь"},
                             {73, 112, "http://example.ru/документ?id=5"},
                         }));
}

TEST(ExtractTest, German) {
  const std::string_view text =
      "Siehe „https://beispiel.de/straße“ oder »http://example.de/über?x=ä«, bzw. www.example.de/grüße!";
  const std::vector<span> with_schemes{
      {9, 36, "https://beispiel.de/straße"},
      {47, 75, "http://example.de/über?x=ä"},
  };
  EXPECT_EQ(spans(text), with_schemes);
  std::vector<span> with_www = with_schemes;
  with_www.push_back({84, 106, "www.example.de/grüße"});
  EXPECT_EQ(spans(text, true), with_www);
}

TEST(ExtractTest, TrailingPunctuationIsLeftOut) {
  EXPECT_EQ(spans("Go to http://example.org/a."), (std::vector<span>{{6, 26, "http://example.org/a"}}));
  EXPECT_EQ(spans("http://example.org/a?!;:,"), (std::vector<span>{{0, 20, "http://example.org/a"}}));
  EXPECT_EQ(spans("see http://example.org/x？"), (std::vector<span>{{4, 24, "http://example.org/x"}}));
  EXPECT_EQ(spans("'http://example.org/q'"), (std::vector<span>{{1, 21, "http://example.org/q"}}));
  // Punctuation inside is kept.
  EXPECT_EQ(spans("http://example.org/a.b,c;d"), (std::vector<span>{{0, 26, "http://example.org/a.b,c;d"}}));
}

TEST(ExtractTest, BracketsBalanceOrEnd) {
  EXPECT_EQ(spans("(see http://example.org/a)"), (std::vector<span>{{5, 25, "http://example.org/a"}}));
  EXPECT_EQ(spans("[http://example.org/a_(b)]"), (std::vector<span>{{1, 25, "http://example.org/a_(b)"}}));
  EXPECT_EQ(spans("http://[::1]:80/x"), (std::vector<span>{{0, 17, "http://[::1]:80/x"}}));
  EXPECT_EQ(spans("『https://例.jp/』です"), (std::vector<span>{{3, 18, "https://例.jp/"}}));
}

TEST(ExtractTest, DelimitedFormsAreFoundWhole) {
  EXPECT_EQ(spans("<http://example.org/a.>"), (std::vector<span>{{1, 22, "http://example.org/a."}}));
  EXPECT_EQ(spans("x <URL:http://example.org/p?q=(1> y"),
            (std::vector<span>{{7, 32, "http://example.org/p?q=(1"}}));
  // Not a valid IRI inside: the scheme scan still finds what it can.
  EXPECT_EQ(spans("<http://example.org/a b>"), (std::vector<span>{{1, 21, "http://example.org/a"}}));
}

TEST(ExtractTest, SchemesInFreeText) {
  EXPECT_TRUE(spans("note: this is not an IRI, nor is time 10:30").empty());
  EXPECT_TRUE(spans("http: alone, or http:// with nothing").empty());
  EXPECT_EQ(spans("call tel:+1-201-555-0123 or urn:isbn:0451450523."),
            (std::vector<span>{{5, 24, "tel:+1-201-555-0123"}, {28, 47, "urn:isbn:0451450523"}}));
  EXPECT_EQ(spans("1.ftp://example.org/x"), (std::vector<span>{{2, 21, "ftp://example.org/x"}}));
  // The scheme is the longest run of scheme characters before ":" that starts with a letter.
  EXPECT_EQ(spans("2http://h x2http://h"), (std::vector<span>{{1, 9, "http://h"}, {10, 20, "x2http://h"}}));
  EXPECT_EQ(spans("例http://h"), (std::vector<span>{{3, 11, "http://h"}}));
  EXPECT_EQ(spans("a http://x.org/1 http://y.org/2"),
            (std::vector<span>{{2, 16, "http://x.org/1"}, {17, 31, "http://y.org/2"}}));
}

TEST(ExtractTest, InvalidCandidatesAreCutToAValidPrefix) {
  EXPECT_EQ(spans("bad http://example.org/a%zz here"), (std::vector<span>{{4, 24, "http://example.org/a"}}));
  EXPECT_EQ(spans("http://example.org/a%4"), (std::vector<span>{{0, 20, "http://example.org/a"}}));
  EXPECT_TRUE(spans("http://%zz").empty());
}

TEST(ExtractTest, WwwFormsOnlyWhenAsked) {
  EXPECT_TRUE(spans("www.example.org").empty());
  EXPECT_EQ(spans("at www.example.org.", true), (std::vector<span>{{3, 18, "www.example.org"}}));
  EXPECT_EQ(spans("<www.example.org/a>", true), (std::vector<span>{{1, 18, "www.example.org/a"}}));
  // Inside an IRI, "www." is part of that IRI.
  EXPECT_EQ(spans("http://www.example.org", true), (std::vector<span>{{0, 22, "http://www.example.org"}}));
  EXPECT_TRUE(spans("awww.example.org", true).empty());
}

TEST(ExtractTest, SpacesAndBidiControlsEndAnIri) {
  EXPECT_EQ(spans("http://例.jp/a\u3000next"), (std::vector<span>{{0, 15, "http://例.jp/a"}}));
  EXPECT_EQ(spans("http://example.org/a\u200fb"), (std::vector<span>{{0, 20, "http://example.org/a"}}));
  EXPECT_EQ(spans("http://example.org/a\xff"), (std::vector<span>{{0, 20, "http://example.org/a"}}));
}

TEST(ExtractTest, EachCallsInTextOrderWithoutAList) {
  const std::string_view text = "see <http://a.org/x> and mailto:x@y.org, then www.example.org.";
  std::vector<irikit::extracted> seen;
  irikit::extract_options www;
  www.www = true;
  const auto r = irikit::extract_iris_each(
      text, [&seen](const irikit::extracted& e) { seen.push_back(e); }, www);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, 3u);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].iri, "http://a.org/x");
  EXPECT_EQ(seen[0].begin, 5u);
  EXPECT_EQ(seen[0].form, irikit::extracted_form::delimited);
  EXPECT_EQ(seen[1].iri, "mailto:x@y.org");
  EXPECT_EQ(seen[2].iri, "www.example.org");
  EXPECT_EQ(seen[2].form, irikit::extracted_form::www);
  const std::vector<irikit::extracted> listed = irikit::extract_iris(text, www);
  ASSERT_EQ(listed.size(), seen.size());
  for (std::size_t k = 0; k < seen.size(); ++k) {
    EXPECT_EQ(listed[k].begin, seen[k].begin);
    EXPECT_EQ(listed[k].end, seen[k].end);
  }
  EXPECT_EQ(irikit::extract_iris_each("no IRI here", [](const irikit::extracted&) { FAIL(); }).value(), 0u);
}

TEST(ExtractTest, IntoAppendsAndFormNames) {
  std::vector<irikit::extracted> found;
  EXPECT_EQ(irikit::extract_iris_into("http://a.org http://b.org", found).value(), 2u);
  EXPECT_EQ(irikit::extract_iris_into("mailto:x@y.org", found).value(), 1u);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[2].iri, "mailto:x@y.org");
  EXPECT_EQ(irikit::extracted_form_name(irikit::extracted_form::delimited), "delimited");
  EXPECT_EQ(irikit::extracted_form_name(irikit::extracted_form::www), "www");
}

// Many candidates that fail early, each followed by a long run: every one used to be read to the
// end of the run before it was cut (64 KiB of "a://%" took 36 s). Now the work is linear: the bytes
// read (scans, trims, checks) grow as the text does, and stay within a constant of its size.
TEST(ExtractTest, CandidatesThatFailEarlyTakeLinearWork) {
  const auto work = [](std::string_view unit, std::size_t copies, bool www) {
    std::string text;
    for (std::size_t k = 0; k < copies; ++k) text.append(unit);
    irikit::extract_options options;
    options.www = www;
    const std::uint64_t before = irikit::extract_detail::work_bytes();
    const auto found = irikit::extract_iris(text, options);
    EXPECT_LT(found.size(), copies + 1);
    return std::pair{irikit::extract_detail::work_bytes() - before, text.size()};
  };
  for (const auto& [unit, www] :
       {std::pair{std::string_view("a://%"), false}, std::pair{std::string_view("mailto:%"), false},
        std::pair{std::string_view("http://a/b:c@d:http://[x"), false},
        std::pair{std::string_view("www.%"), true}}) {
    SCOPED_TRACE(unit);
    const auto [small, small_size] = work(unit, 2000, www);
    const auto [large, large_size] = work(unit, 8000, www);
    EXPECT_LE(large, 5 * small) << small << " -> " << large;  // quadratic would be 16x
    EXPECT_LE(large, 400 * large_size);
  }
  // The same count sees the old way's quadratic work: the test would fail without the windows.
  irikit::extract_detail::use_windows(false);
  const auto [small, small_size] = work("a://%", 250, false);
  const auto [large, large_size] = work("a://%", 1000, false);
  irikit::extract_detail::use_windows(true);
  EXPECT_GT(large, 10 * small) << small << " -> " << large;
}

// The early decision never changes what is found: random texts made of the pieces the heuristics
// look at (schemes, "//", "%" with and without digits, brackets and quotes, punctuation, "@" and
// ":" in authorities, IPv6 brackets, non-ASCII letters, spaces), long enough to pass the first
// windows, extracted with and without it.
TEST(ExtractTest, WindowsFindWhatWholeCandidatesFind) {
  const std::vector<std::string_view> pieces = {
      "http://", "a://", "mailto:", "www.",   "x",      "ab",       "%",      "%4",          "%41", "(",
      ")",       "[",    "]",       "@",      ":",      "/",        "?",      "#",           ".",   ",",
      "!",       "'",    "\u00AB",  "\u00BB", "\u201C", "\u201D",   "\u00E9", "\u4F8B",      " ",   "8080",
      "[::1]",   "a.b",  "%zz",     "\xFF",   "www.x",  "........", "))))",   "\u00BB\u00BB"};
  std::mt19937 random(20261201);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1), length(1, 300);
  for (int round = 0; round < 4000; ++round) {
    std::string text;
    for (std::size_t k = length(random); k > 0; --k) text.append(pieces[piece(random)]);
    for (const bool www : {false, true}) {
      irikit::extract_options options;
      options.www = www;
      const auto windowed = irikit::extract_iris(text, options);
      irikit::extract_detail::use_windows(false);
      const auto whole = irikit::extract_iris(text, options);
      irikit::extract_detail::use_windows(true);
      ASSERT_EQ(windowed.size(), whole.size()) << text;
      for (std::size_t k = 0; k < whole.size(); ++k) {
        EXPECT_EQ(windowed[k].begin, whole[k].begin) << text;
        EXPECT_EQ(windowed[k].end, whole[k].end) << text;
        EXPECT_EQ(windowed[k].form, whole[k].form) << text;
      }
    }
  }
}

}  // namespace
