// SPDX-License-Identifier: MIT OR Apache-2.0
// iri compare — are the two IRIs of each line (A<TAB>B) equivalent at a rung of the comparison
// ladder of RFC 3987 §5.3?
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"

namespace iri_tool {
namespace {

class compare_mapper final : public line_mapper {
 public:
  compare_mapper(irikit::comparison_level level, irikit::compare_options options)
      : level_(level), options_(options) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::string_view a, b;
    if (!r.split_at_tab(line, "A<TAB>B", a, b)) return;
    const irikit::result<irikit::iri_reference_view> va = irikit::parse_iri_reference(a);
    if (!va) {
      r.fail(va.error(), a);
      return;
    }
    const irikit::result<irikit::iri_reference_view> vb = irikit::parse_iri_reference(b);
    if (!vb) {
      r.fail(vb.error(), b, static_cast<std::uint32_t>(a.size() + 1));
      return;
    }
    const bool same = irikit::equivalent(*va, *vb, level_, options_);
    r.text = same ? "true" : "false";
    r.add_bool("equivalent", same);
  }

 private:
  irikit::comparison_level level_;
  irikit::compare_options options_;
};

configured configure_compare(const option_values& values) {
  configured result;
  const std::string_view name = values.value("--level").value_or("syntax");
  const std::optional<irikit::comparison_level> level = irikit::comparison_level_from_name(name);
  if (!level) {
    result.usage_error = "unknown level '" + std::string(name) + "' for --level (simple, syntax, scheme)";
    return result;
  }
  irikit::compare_options options;
  options.include_fragment = !values.has("--ignore-fragment");
  options.character_nfc = values.has("--nfc");
  result.mapper = std::make_unique<compare_mapper>(*level, options);
  return result;
}

constexpr option_spec compare_option_specs[] = {
    {"--level", "LEVEL",
     "simple: RFC 3987 §5.3.1, code point for code point (never mapped to URIs)\n"
     "syntax (default): §5.3.2 — case, percent-encoding, dot-segments, empty port\n"
     "scheme: §5.3.3 too — default ports, empty path, IDN hosts (http, https, ws, wss, ftp, file)"},
    {"--ignore-fragment", "", "compare without the fragments (by default \"a#\" and \"a\" differ)"},
    {"--nfc", "", "add NFC (§5.3.2.2) to the syntax and scheme rungs"},
};

constexpr command compare_command{
    "compare",
    "Compare the two IRIs of each line (A<TAB>B) on the RFC 3987 §5.3 ladder",
    "iri compare [--level simple|syntax|scheme] [--ignore-fragment] [--nfc] [--json] [FILE...]",
    "Each line is A<TAB>B, two IRI references. Prints \"true\" when they are equivalent at the\n"
    "chosen rung and \"false\" otherwise; a line without a TAB fails with missing-tab, an invalid\n"
    "IRI with its error (offsets count from the start of the line).\n"
    "\n"
    "JSON keys: \"equivalent\" (true/false); a failing line has \"error\" instead.\n",
    compare_option_specs,
    "Examples:\n"
    "  $ printf 'http://example.com\\thttp://example.com:80/\\n' | iri compare --level scheme\n"
    "  true\n"
    "  $ printf 'http://example.com/?\\thttp://example.com/\\n' | iri compare --level scheme --json\n"
    "  {\"line\":1,\"input\":\"http://example.com/?\\u0009http://example.com/\",\"equivalent\":false}\n",
    configure_compare,
};

const registrar register_compare{compare_command};

}  // namespace
}  // namespace iri_tool
