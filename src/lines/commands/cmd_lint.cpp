// SPDX-License-Identifier: MIT OR Apache-2.0
// iri lint — every finding of the lint rule catalogue (irikit/lint.h) for each line, never fatal.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "command.h"
#include "irikit/lint.h"
#include "json.h"
#include "rule_option.h"

namespace iri_tool {
namespace {

class lint_mapper final : public line_mapper {
 public:
  explicit lint_mapper(irikit::lint_options options) : options_(std::move(options)) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const auto findings = irikit::lint(line, options_);
    if (!findings) {
      r.fail(findings.error(), line);  // unparsable: the parse error only, no findings
      return;
    }
    json_builder json;
    json.begin_array();
    for (const irikit::diagnostic& d : *findings) {
      json.begin_object()
          .key("rule")
          .value(d.rule)
          .key("severity")
          .value(irikit::severity_name(d.level))
          .key("offset")
          .value(static_cast<std::int64_t>(d.offset))
          .key("length")
          .value(static_cast<std::int64_t>(d.length))
          .key("message")
          .value(d.message)
          .end_object();
      // Text mode: "SEVERITY RULE OFFSET+LENGTH: MESSAGE", findings separated by "; ".
      if (!r.text.empty()) r.text += "; ";
      r.text += irikit::severity_name(d.level);
      r.text += ' ';
      r.text += d.rule;
      r.text += ' ';
      r.text += std::to_string(d.offset);
      r.text += '+';
      r.text += std::to_string(d.length);
      r.text += ": ";
      r.text += d.message;
    }
    json.end_array();
    r.add_raw("findings", json.take());
  }

 private:
  irikit::lint_options options_;
};

void print_rules(bool markdown) {
  std::string out;
  if (markdown) {
    out = irikit::lint_rules_markdown();
  } else {
    for (const irikit::lint_rule& r : irikit::lint_rules()) {
      out.append(r.id).append("\t").append(irikit::severity_name(r.default_severity)).append("\t");
      out.append(r.reference).append("\t").append(r.summary).append("\n");
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}

configured configure_lint(const option_values& values) {
  configured result;
  if (values.has("--list-rules")) {
    // Not a line-mapping mode: print the catalogue and stop (docs/lint-rules.md is made this way).
    print_rules(values.has("--markdown"));
    std::exit(0);
  }
  const auto r = rule_from_options(values, result.usage_error);
  if (!r) return result;
  irikit::lint_options options;
  options.grammar = *r;
  if (const auto profile = values.value("--profile"); profile && !options.set_profile(*profile)) {
    result.usage_error =
        "unknown profile '" + std::string(*profile) + "' for --profile (default, rdf, web, strict)";
    return result;
  }
  for (const std::string_view id : values.values("--disable")) {
    if (!options.disable(id)) {
      result.usage_error =
          "unknown lint rule '" + std::string(id) + "' for --disable (see iri lint --list-rules)";
      return result;
    }
  }
  for (const std::string_view setting : values.values("--severity")) {
    const std::size_t eq = setting.find('=');
    const auto level =
        eq == std::string_view::npos ? std::nullopt : irikit::severity_from_name(setting.substr(eq + 1));
    if (!level) {
      result.usage_error = "--severity takes RULE=LEVEL with LEVEL one of off, info, warning, error; got '" +
                           std::string(setting) + "'";
      return result;
    }
    if (!options.set_severity(setting.substr(0, eq), *level)) {
      result.usage_error = "unknown lint rule '" + std::string(setting.substr(0, eq)) +
                           "' for --severity (see iri lint --list-rules)";
      return result;
    }
  }
  result.mapper = std::make_unique<lint_mapper>(std::move(options));
  return result;
}

constexpr option_spec lint_option_specs[] = {
    rule_option_spec,
    {"--severity", "RULE=LEVEL", "report RULE at LEVEL: off, info, warning or error (repeatable)"},
    {"--disable", "RULE", "do not run RULE (repeatable; same as --severity RULE=off)"},
    {"--profile", "NAME", "severities of the scheme-* rules: default, rdf, web or strict (--severity wins)"},
    {"--list-rules", "", "print the rule catalogue (id, default severity, reference, summary) and exit"},
    {"--markdown", "", "with --list-rules: print the rules page, docs/lint-rules.md"},
};

constexpr command lint_command{
    "lint",
    "Report hazards: look-alikes, spoofing, normalization, bidi (never fatal)",
    "iri lint [--as RULE] [--profile NAME] [--severity RULE=LEVEL] [--disable RULE] [--json] [FILE...]",
    "Parses each line with RULE and reports every finding of the lint rules: text not in NFC,\n"
    "compatibility and look-alike characters, invisible and unassigned characters, mixed scripts\n"
    "and confusable host names, suspicious percent-encodings, non-canonical spellings and the bidi\n"
    "rules of RFC 3987 §4.2, and the rules of each scheme's own specification (scheme-*: http,\n"
    "urn, urn:uuid, mailto, data, did, ...; --profile sets their severities) (the catalogue: iri\n"
    "lint --list-rules, or docs/lint-rules.md).\n"
    "Findings are never fatal. A line that does not parse is an error as in 'iri check', with no\n"
    "findings; the exit status is 1 only then.\n"
    "\n"
    "Text mode prints one line per input line: its findings as 'SEVERITY RULE OFFSET+LENGTH:\n"
    "MESSAGE' separated by '; ', or an empty line when there is none. OFFSET and LENGTH are in\n"
    "bytes of the line.\n"
    "\n"
    "JSON keys: \"findings\", a list of {\"rule\", \"severity\", \"offset\", \"length\", \"message\"}.\n",
    lint_option_specs,
    "Examples:\n"
    "  $ echo 'HTTP://example.org/%7euser' | iri lint\n"
    "  info scheme-not-lowercase 0+4: ...; info lowercase-percent-hex 19+3: ...; warning "
    "needless-percent-encoding 19+3: ...\n"
    "  $ echo 'http://раураl.com/' | iri lint --json\n"
    "  "
    "{\"line\":1,\"input\":\"http://раураl.com/"
    "\",\"findings\":[{\"rule\":\"mixed-script\",...},{\"rule\":\"confusable-host\",...}]}\n"
    "  $ iri lint --disable not-nfkc --severity lowercase-percent-hex=off urls.txt\n"
    "  $ echo 'did:Example:1' | iri lint --profile rdf\n"
    "  error scheme-did-syntax 4+7: method name \"Example\" is not lowercase letters and digits ...\n"
    "  $ iri lint --list-rules --markdown > docs/lint-rules.md\n",
    configure_lint,
};

const registrar register_lint{lint_command};

}  // namespace
}  // namespace iri_tool
