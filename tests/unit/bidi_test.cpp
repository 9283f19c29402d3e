// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/bidi: display (RFC 3987 §4.1), the §4.4 examples, the §4.2 structure rules and
// the RFC 5893 Bidi Rule.
#include "irikit/bidi.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "grammar/utf8.h"
#include "irikit/iri.h"
#include "unicode/bidi.h"

namespace irikit {
namespace {

// Bidi Notation (RFC 3987 §4.4) uses upper-case letters for right-to-left characters. These
// helpers put real letters in their place: A–Z become the Hebrew letters U+05D0–U+05E9, or the
// Arabic letters U+0628–U+063A, U+0641–U+0647.
std::string hebrew(std::string_view notation) {
  std::string out;
  for (const char c : notation) {
    if (c >= 'A' && c <= 'Z') {
      grammar::append_utf8(out, static_cast<char32_t>(0x05D0 + (c - 'A')));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string arabic(std::string_view notation) {
  std::string out;
  for (const char c : notation) {
    if (c >= 'A' && c <= 'S') {
      grammar::append_utf8(out, static_cast<char32_t>(0x0628 + (c - 'A')));
    } else if (c >= 'T' && c <= 'Z') {
      grammar::append_utf8(out, static_cast<char32_t>(0x0641 + (c - 'T')));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string visual(const std::string& logical) {
  auto r = visual_order(logical);
  EXPECT_TRUE(r.has_value()) << logical;
  return r ? *r : std::string();
}

struct rfc_example {
  int number;
  const char* logical;
  const char* visual;
};

// RFC 3987 §4.4, examples 1–8 and 10, exactly as printed.
constexpr rfc_example k_examples[] = {
    {1, "http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html"},
    {2, "http://ab.CDE.FGH/ij/kl/mn/op.html", "http://ab.HGF.EDC/ij/kl/mn/op.html"},
    {3, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA"},
    {4, "http://AB.CD.ef/gh/IJ/KL.html", "http://DC.BA.ef/gh/LK/JI.html"},
    {5, "http://ab.cd.EF/GH/ij/kl.html", "http://ab.cd.HG/FE/ij/kl.html"},
    {6, "http://ab.CD.EF/GH/IJ/kl.html", "http://ab.JI/HG/FE.DC/kl.html"},
    {7, "http://ab.CDE123FGH.ij/kl/mn/op.html", "http://ab.HGF123EDC.ij/kl/mn/op.html"},
    {8, "http://ab.cd.ef/GH1/2IJ/KL.html", "http://ab.cd.ef/LK/JI1/2HG.html"},
    {10, "http://ab.CDEFGH.123/kl/mn/op.html", "http://ab.123.HGFEDC/kl/mn/op.html"},
};

TEST(BidiDisplay, Rfc3987Section44ExamplesInHebrew) {
  for (const rfc_example& e : k_examples) {
    const std::string logical = hebrew(e.logical);
    ASSERT_TRUE(is_valid(logical)) << "example " << e.number;
    EXPECT_EQ(visual(logical), hebrew(e.visual)) << "example " << e.number;
  }
}

TEST(BidiDisplay, Rfc3987Section44ExamplesInArabic) {
  for (const rfc_example& e : k_examples) {
    EXPECT_EQ(visual(arabic(e.logical)), arabic(e.visual)) << "example " << e.number;
  }
}

// Example 9: the digits of example 8 percent-encoded. The forms the RFC prints (Hebrew
// "http://ab.cd.ef/%31HG/LK/JI%32.html", Arabic "http://ab.cd.ef/31%HG/%LK/JI32.html") are not
// what UAX #9 gives today; docs/bidi.md walks through the rules. Hebrew: "%" (ET) joins the
// following European digits (W5), but "/" sits between "1" and "%" when W4 looks at it, so
// "%31" and "%32" are two numbers inside one right-to-left run. Arabic: after an AL letter the
// digits become Arabic numbers (W2), W5 does not apply to them, and each "%" is a neutral that
// goes with the right-to-left run, so it ends up on the right of its digits.
TEST(BidiDisplay, Rfc3987Example9) {
  const char* logical = "http://ab.cd.ef/GH%31/%32IJ/KL.html";
  EXPECT_EQ(visual(hebrew(logical)), hebrew("http://ab.cd.ef/LK/JI%32/%31HG.html"));
  EXPECT_EQ(visual(arabic(logical)), arabic("http://ab.cd.ef/LK/JI32%/31%HG.html"));
}

TEST(BidiDisplay, LtrTextIsUnchangedAndMirroringApplies) {
  EXPECT_EQ(visual("http://example.org/a(b)"), "http://example.org/a(b)");
  EXPECT_EQ(visual(""), "");
  // "(" inside a right-to-left run is shown with the mirrored glyph ")".
  EXPECT_EQ(visual(hebrew("http://x/A(B)C")), hebrew("http://x/C(B)A"));
  EXPECT_FALSE(visual_order("\xC0\xAF").has_value());
  EXPECT_EQ(visual_order("a\xC0\xAF").error(), (parse_error{error_code::utf8_overlong, 1}));
}

TEST(BidiDisplay, EmbeddingOnlyWhenNeeded) {
  // Pure left-to-right text ending with a strong L character reads the same in any paragraph.
  EXPECT_FALSE(*needs_embedding("http://example.org/path", surrounding_direction::any));
  // A trailing "/" moves to the other side in a right-to-left paragraph.
  EXPECT_FALSE(*needs_embedding("http://example.org/", surrounding_direction::ltr));
  EXPECT_TRUE(*needs_embedding("http://example.org/", surrounding_direction::rtl));
  // Example 1 in left-to-right text with strong L characters around it: no embedding (§4.1).
  const std::string ex1 = hebrew("http://ab.CDEFGH.ij/kl/mn/op.html");
  EXPECT_FALSE(*needs_embedding(ex1, surrounding_direction::ltr));
  EXPECT_TRUE(*needs_embedding(ex1, surrounding_direction::rtl));
  // An IRI ending in right-to-left text merges with right-to-left text that follows it.
  const std::string tail = hebrew("http://ab/CD");
  EXPECT_TRUE(*needs_embedding(tail, surrounding_direction::ltr));
  // §4.1: a relative reference of strong RTL and weak characters, starting and ending with a
  // strong RTL character, in right-to-left text: no embedding. It is shown as one right-to-left
  // block in left-to-right text too.
  const std::string rel = hebrew("AB/CD");
  EXPECT_FALSE(*needs_embedding(rel, surrounding_direction::rtl));
  EXPECT_FALSE(*needs_embedding(rel, surrounding_direction::any));

  EXPECT_EQ(*display_text("http://example.org/path"), "http://example.org/path");
  EXPECT_EQ(*display_text(tail), "\u202A" + tail + "\u202C");
  EXPECT_EQ(*display_text(tail, {surrounding_direction::ltr, embedding_style::isolate}),
            "\u2066" + tail + "\u2069");
  EXPECT_EQ(*display_text(ex1, {surrounding_direction::ltr, embedding_style::embedding}), ex1);
  EXPECT_EQ(*display_text(""), "");
}

iri_reference_view parsed(const std::string& text) {
  auto r = parse_iri_reference(text);
  EXPECT_TRUE(r.has_value()) << text;
  return r ? *r : iri_reference_view();
}

TEST(BidiStructure, Components) {
  // The extension follows a segment's last ".", the value a query part's first "=".
  const std::string text = "s://u:p@ab.cd/x/op.html/.x/../a.b.c/y.?n=v&m;k=&a=b=c#f";
  const std::vector<bidi_component> got = bidi_components(parsed(text));
  std::vector<std::string> pieces;
  for (const bidi_component& c : got) {
    pieces.push_back(std::string(bidi_component_name(c.kind)) + ":" + text.substr(c.offset, c.length));
  }
  EXPECT_EQ(pieces, (std::vector<std::string>{
                        "userinfo:u:p", "host label:ab", "host label:cd", "path segment:x", "path segment:op",
                        "path extension:html", "path segment:.x", "path segment:..", "path segment:a.b",
                        "path extension:c", "path segment:y.", "query name:n", "query value:v",
                        "query name:m", "query name:k", "query name:a", "query value:b=c", "fragment:f"}));
}

TEST(BidiStructure, Rfc3987Section42Rules) {
  // Examples 1–7 and 10 keep the rules (extensions are components of their own).
  for (const rfc_example& e : k_examples) {
    if (e.number == 8) continue;
    EXPECT_TRUE(check_bidi_structure(parsed(hebrew(e.logical))).empty()) << "example " << e.number;
  }
  // Example 8: "GH1" ends and "2IJ" starts with a digit.
  const std::string ex8 = hebrew("http://ab.cd.ef/GH1/2IJ/KL.html");
  const auto v8 = check_bidi_structure(parsed(ex8));
  ASSERT_EQ(v8.size(), 2u);
  EXPECT_EQ(v8[0].kind, bidi_violation_kind::rtl_edge);
  EXPECT_EQ(v8[0].component.offset, 16u);
  EXPECT_EQ(v8[0].component.length, 5u);  // two Hebrew letters and "1"
  EXPECT_EQ(v8[0].edge, U'1');
  EXPECT_FALSE(v8[0].at_start);
  EXPECT_EQ(v8[1].component.offset, 22u);
  EXPECT_EQ(v8[1].edge, U'2');
  EXPECT_TRUE(v8[1].at_start);
  // Example 9: "%31" at the end of an RTL component is the same hazard.
  const auto v9 = check_bidi_structure(parsed(hebrew("http://ab.cd.ef/GH%31/%32IJ/KL.html")));
  ASSERT_EQ(v9.size(), 2u);
  EXPECT_EQ(v9[0].edge, U'1');
  EXPECT_EQ(v9[1].edge, U'%');
  // Mixed directions in one component; a trailing combining mark does not count as the edge.
  const std::string mixed = hebrew("http://x/abCD");
  const auto vm = check_bidi_structure(parsed(mixed));
  ASSERT_EQ(vm.size(), 2u);
  EXPECT_EQ(vm[0].kind, bidi_violation_kind::mixed_direction);
  EXPECT_EQ(vm[1].kind, bidi_violation_kind::rtl_edge);
  EXPECT_TRUE(check_bidi_structure(parsed("http://x/\u05E9\u05DC\u05D5\u05DD\u05BC")).empty());
  // Arabic-Indic digits alone (AN) are not right-to-left characters; "q" and "مصر" are separate
  // components.
  EXPECT_TRUE(
      check_bidi_structure(parsed("http://x/\u0639\u0631\u0628\u064A/\u0661\u0662?q=\u0645\u0635\u0631"))
          .empty());
}

// The two-argument form checks the components it is given (lint computes them once for several
// checks): all of them give the one-argument answer, a part gives that part's violations, and a
// component outside the text is skipped.
TEST(BidiStructure, OnComponentsGivenOnce) {
  const std::string ex8 = hebrew("http://ab.cd.ef/GH1/2IJ/KL.html");
  const iri_reference_view iri = parsed(ex8);
  const std::vector<bidi_component> components = bidi_components(iri);
  const auto all = check_bidi_structure(iri, components);
  const auto reference = check_bidi_structure(iri);
  ASSERT_EQ(all.size(), 2u);
  ASSERT_EQ(reference.size(), 2u);
  for (std::size_t k = 0; k < all.size(); ++k) {
    EXPECT_EQ(all[k].kind, reference[k].kind);
    EXPECT_EQ(all[k].component, reference[k].component);
    EXPECT_EQ(all[k].edge, reference[k].edge);
    EXPECT_EQ(all[k].at_start, reference[k].at_start);
  }
  // Only the components from "2IJ" on: its violation alone.
  std::vector<bidi_component> later;
  for (const bidi_component& c : components) {
    if (c.offset >= 22) later.push_back(c);
  }
  const auto part = check_bidi_structure(iri, later);
  ASSERT_EQ(part.size(), 1u);
  EXPECT_EQ(part[0].component.offset, 22u);
  EXPECT_EQ(part[0].edge, U'2');
  const auto size = static_cast<std::uint32_t>(ex8.size());
  const std::vector<bidi_component> outside = {{bidi_component_kind::path_segment, size, 1},
                                               {bidi_component_kind::path_segment, 0, size + 1},
                                               {bidi_component_kind::fragment, UINT32_MAX, 2}};
  EXPECT_TRUE(check_bidi_structure(iri, outside).empty());
}

TEST(BidiRule, Rfc5893) {
  // Not a Bidi domain name: nothing to check, even with a label starting with a digit.
  EXPECT_TRUE(check_bidi_rule("123.example.org").empty());
  EXPECT_TRUE(check_bidi_rule(hebrew("AB.CD.example")).empty());
  EXPECT_TRUE(check_bidi_rule(hebrew("A1B.C-D.ex-1")).empty());
  // Example 10: "123" starts with EN in a Bidi domain name (condition 1).
  auto v = check_bidi_rule(hebrew("ab.CDEFGH.123"));
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].condition, 1);
  EXPECT_EQ(v[0].offset, 16u);
  EXPECT_EQ(v[0].length, 3u);
  // Condition 2: an L character in an RTL label; 3: an RTL label ending with "-";
  // 4: EN and AN together; 5: an R character in an LTR label; 6: an LTR label ending with "-".
  EXPECT_EQ(check_bidi_rule(hebrew("ABc.x"))[0].condition, 2);
  EXPECT_EQ(check_bidi_rule(hebrew("AB-.x"))[0].condition, 3);
  EXPECT_EQ(check_bidi_rule("\u0628\u0661"
                            "1.x")[0]
                .condition,
            4);
  EXPECT_EQ(check_bidi_rule(hebrew("aB.CD"))[0].condition, 5);
  EXPECT_EQ(check_bidi_rule(hebrew("a-.CD"))[0].condition, 6);
  EXPECT_TRUE(check_bidi_rule(arabic("AB\u0661.CD")).empty());
}

// RFC 3987 §4.1: bidi formatting characters make the text an invalid IRI, at their offset.
TEST(BidiFormatting, RejectedByTheParser) {
  const char32_t forbidden[] = {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D,
                                0x202E, 0x061C, 0x2066, 0x2067, 0x2068, 0x2069};
  for (const char32_t cp : forbidden) {
    std::string text = "http://example.org/ab";
    grammar::append_utf8(text, cp);
    text += "cd";
    const result<void> r = validate(text);
    ASSERT_FALSE(r.has_value()) << std::hex << static_cast<unsigned>(cp);
    EXPECT_EQ(r.error(), (parse_error{error_code::bidi_formatting_char, 21}))
        << std::hex << static_cast<unsigned>(cp);
  }
  EXPECT_EQ(validate("http://a/?q=\u202E").error(), (parse_error{error_code::bidi_formatting_char, 12}));
  EXPECT_EQ(validate("http://a/#\u200F").error(), (parse_error{error_code::bidi_formatting_char, 10}));
  EXPECT_EQ(validate("http://\u202Eh/").error(), (parse_error{error_code::bidi_formatting_char, 7}));
  EXPECT_TRUE(validate("http://a/%E2%80%AE").has_value());  // percent-encoded: valid, but see lint
}

TEST(BidiClass, Backend) {
  EXPECT_EQ(unicode::bidi_class_of(U'a'), unicode::bidi_class::L);
  EXPECT_EQ(unicode::bidi_class_of(U'\u05D0'), unicode::bidi_class::R);
  EXPECT_EQ(unicode::bidi_class_of(U'\u0627'), unicode::bidi_class::AL);
  EXPECT_EQ(unicode::bidi_class_of(U'1'), unicode::bidi_class::EN);
  EXPECT_EQ(unicode::bidi_class_of(U'\u0661'), unicode::bidi_class::AN);
  EXPECT_EQ(unicode::bidi_class_of(U'%'), unicode::bidi_class::ET);
  EXPECT_EQ(unicode::bidi_class_of(U'/'), unicode::bidi_class::CS);
  EXPECT_EQ(unicode::bidi_class_name(unicode::bidi_class_of(U'\u2067')), "RLI");
}

}  // namespace
}  // namespace irikit
