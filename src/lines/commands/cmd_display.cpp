// SPDX-License-Identifier: MIT OR Apache-2.0
// iri display — how a bidirectional IRI is shown (RFC 3987 §4.1): the visual order and the text
// to embed in running text.
#include <memory>
#include <optional>
#include <string>

#include "command.h"
#include "host_policy.h"
#include "irikit/bidi.h"
#include "irikit/iri.h"
#include "rule_option.h"

namespace iri_tool {
namespace {

class display_mapper final : public line_mapper {
 public:
  display_mapper(irikit::rule r, irikit::display_options options, bool embed,
                 std::optional<irikit::host_display_options> policy)
      : rule_(r), options_(options), embed_(embed), policy_(policy) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    // Only valid IRIs are displayed: bidi formatting characters, for one, are rejected (§4.1).
    if (const auto valid = irikit::validate(line, rule_); !valid) {
      r.fail(valid.error(), line);
      return;
    }
    // The host as the display policy shows it: A-labels decoded when safe, unsafe Unicode
    // labels as A-labels (docs/host-display.md).
    std::string with_host;
    std::string labels_json;
    if (policy_) {
      std::size_t begin = 0, end = 0;
      irikit::host_display_options policy = *policy_;
      policy.messages = r.keeps_keys();  // the reasons are shown in JSON only
      if (const auto hosts = display_line_host(line, policy, begin, end)) {
        const std::string_view host = line.substr(begin, end - begin);
        if (hosts->shown != host) {
          with_host.assign(line.substr(0, begin)).append(hosts->shown).append(line.substr(end));
        }
        labels_json = host_labels_json(host, *hosts, false);
      }
    }
    const std::string_view shown = with_host.empty() ? line : std::string_view(with_host);
    const auto visual = irikit::visual_order(shown);
    const auto display = irikit::display_text(shown, options_);
    if (!visual || !display) {
      r.fail(visual ? display.error() : visual.error(), line);
      return;
    }
    r.add_string("visual", *visual);
    r.add_string("display", *display);
    if (labels_json.size() > 2) r.add_raw("host_labels", labels_json);
    r.text = embed_ ? *display : *visual;
  }

 private:
  irikit::rule rule_;
  irikit::display_options options_;
  bool embed_;
  std::optional<irikit::host_display_options> policy_;
};

configured configure_display(const option_values& values) {
  configured result;
  const auto r = rule_from_options(values, result.usage_error);
  if (!r) return result;
  irikit::display_options options;
  if (const auto context = values.value("--context")) {
    if (*context == "ltr") {
      options.surrounding = irikit::surrounding_direction::ltr;
    } else if (*context == "rtl") {
      options.surrounding = irikit::surrounding_direction::rtl;
    } else if (*context == "any") {
      options.surrounding = irikit::surrounding_direction::any;
    } else {
      result.usage_error =
          "unknown direction '" + std::string(*context) + "' for --context (one of ltr, rtl, any)";
      return result;
    }
  }
  if (values.has("--isolate")) options.style = irikit::embedding_style::isolate;
  std::optional<irikit::host_display_options> policy = host_policy_from_options(values, result.usage_error);
  if (!policy) return result;
  if (values.has("--no-display-policy")) policy.reset();
  result.mapper = std::make_unique<display_mapper>(*r, options, values.has("--embed"), policy);
  return result;
}

constexpr option_spec display_option_specs[] = {
    rule_option_spec,
    {"--context", "DIR",
     "the direction of the text the IRI goes into: ltr, rtl or any\n"
     "(default any: safe in both)"},
    {"--isolate", "", "wrap with U+2066 LRI ... U+2069 PDI instead of U+202A LRE ... U+202C PDF"},
    {"--embed", "", "text mode prints the display text instead of the visual order"},
    restriction_option_spec,
    {"--no-display-policy", "", "show the host as written (no A-label decoded, none kept)"},
};

constexpr command display_command{
    "display",
    "Show how a bidirectional IRI is displayed (RFC 3987 §4.1)",
    "iri display [--as RULE] [--context DIR] [--isolate] [--embed] [--restriction LEVEL]\n"
    "            [--no-display-policy] [--json] [FILE...]",
    "For each line that is valid under RULE, computes what a reader sees when the IRI is rendered\n"
    "with the Unicode Bidirectional Algorithm inside a left-to-right embedding (RFC 3987 §4.1):\n"
    "the characters in visual order, left to right, with mirrored glyphs at right-to-left levels.\n"
    "It also gives the text to put into running text of direction DIR: the IRI unchanged when no\n"
    "surrounding text can change how it is shown, otherwise wrapped in LRE ... PDF (or LRI ... PDI\n"
    "with --isolate). See docs/bidi.md for the examples of RFC 3987 §4.4.\n"
    "\n"
    "A reg-name host is shown the way the host display policy decides, label by label: an xn--\n"
    "label as Unicode when it is safe, a Unicode label as its A-label when it is not (UTS #39\n"
    "restriction level, look-alikes of ASCII labels, the scripts of the top-level domain;\n"
    "docs/host-display.md). --no-display-policy shows the host as written.\n"
    "\n"
    "Text mode prints the visual order (with --embed, the display text).\n"
    "\n"
    "JSON keys: \"visual\" (the glyph order a reader sees), \"display\" (the text to embed);\n"
    "\"host_labels\" when the host has xn-- or non-ASCII labels: for each of them {\"label\",\n"
    "\"shown\", \"unicode\", \"reason\", \"message\" when it is kept}.\n",
    display_option_specs,
    "Examples:\n"
    "  $ echo 'http://ab.אבגדהו.ij/kl' | iri display\n"
    "  http://ab.והדגבא.ij/kl\n"
    "  $ echo 'http://xn--bcher-kva.de/' | iri display\n"
    "  http://bücher.de/\n"
    "  $ echo 'http://ab/אב' | iri display --json --context ltr\n"
    "  "
    "{\"line\":1,\"input\":\"http://ab/אב\",\"visual\":\"http://ab/בא\",\"display\":\"\\u202ahttp://ab/"
    "אב\\u202c\"}\n",
    configure_display,
};

const registrar register_display{display_command};

}  // namespace
}  // namespace iri_tool
