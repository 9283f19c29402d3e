// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_lint — lint and display (RFC 3987 §4, the lint catalogue):
//   - lint either returns the parse error of its grammar rule or findings whose rule is in the
//     catalogue, whose span lies inside the input, sorted by offset, with a message;
//   - visual_order and display_text fail exactly on invalid UTF-8; visual_order keeps the number
//     of code points; display_text is the input, or the input wrapped in LRE…PDF / LRI…PDI, and
//     the input itself whenever needs_embedding says it needs none;
//   - the §4.2 components and violations lie inside the text, are non-empty and in order.
// The first byte chooses the grammar rule and display options.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/bidi.h"
#include "irikit/encoding.h"
#include "irikit/iri.h"
#include "irikit/lint.h"

namespace {
using namespace irikit;

std::size_t count_code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const std::string_view text = fuzz_input.substr(1);
  const bool utf8_ok = validate_utf8(text).has_value();

  static constexpr rule k_rules[] = {rule::iri_reference, rule::leiri, rule::iri, rule::uri_reference};
  lint_options options;
  options.grammar = k_rules[flags & 3];
  const auto findings = lint(text, options);
  const auto parsed = validate(text, options.grammar);
  FUZZ_CHECK(findings.has_value() == parsed.has_value());
  if (!findings) {
    FUZZ_CHECK(findings.error() == parsed.error());
  } else {
    std::uint32_t last = 0;
    for (const diagnostic& d : *findings) {
      FUZZ_CHECK(find_lint_rule(d.rule) != nullptr, std::string(d.rule));
      FUZZ_CHECK(d.offset <= text.size() && d.length <= text.size() - d.offset,
                 std::string(d.rule) + " span " + std::to_string(d.offset) + "+" + std::to_string(d.length));
      FUZZ_CHECK(d.offset >= last, "findings are not sorted by offset");
      FUZZ_CHECK(d.level != severity::off, std::string(d.rule));
      FUZZ_CHECK(!d.message.empty(), std::string(d.rule));
      last = d.offset;
    }
  }

  const auto visual = visual_order(text);
  FUZZ_CHECK(visual.has_value() == utf8_ok);
  display_options display;
  display.surrounding = static_cast<surrounding_direction>((flags >> 2) % 3);
  display.style = (flags & 32) ? embedding_style::isolate : embedding_style::embedding;
  const auto shown = display_text(text, display);
  const auto needs = needs_embedding(text, display.surrounding);
  FUZZ_CHECK(shown.has_value() == utf8_ok && needs.has_value() == utf8_ok);
  if (utf8_ok) {
    FUZZ_CHECK(count_code_points(*visual) == count_code_points(text), *visual);
    FUZZ_CHECK(validate_utf8(*visual).has_value());
    const std::string open = display.style == embedding_style::isolate ? "\u2066" : "\u202A";
    const std::string close = display.style == embedding_style::isolate ? "\u2069" : "\u202C";
    if (*needs) {
      FUZZ_CHECK(*shown == open + std::string(text) + close, *shown);
    } else {
      FUZZ_CHECK(*shown == text, *shown);
    }
  }

  if (const auto v = parse_iri_reference(text)) {
    std::uint32_t end = 0;
    for (const bidi_component& c : bidi_components(*v)) {
      FUZZ_CHECK(c.length > 0 && c.offset >= end && c.offset + c.length <= text.size(),
                 bidi_component_name(c.kind));
      end = c.offset + c.length;
    }
    for (const bidi_violation& b : check_bidi_structure(*v)) {
      FUZZ_CHECK(b.component.length > 0 && b.component.offset + b.component.length <= text.size());
    }
    if (const auto host = v->host()) {
      for (const bidi_rule_violation& b : check_bidi_rule(*host)) {
        FUZZ_CHECK(b.condition >= 1 && b.condition <= 6 && b.offset + b.length <= host->size());
      }
    }
  }
  return 0;
}
