// SPDX-License-Identifier: MIT OR Apache-2.0
// iri check — validates each line against a grammar rule (RFC 3987 §2.2, RFC 3986 §3–§4).
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "irikit/lint.h"
#include "irikit/scheme.h"
#include "rule_option.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

class check_mapper final : public line_mapper {
 public:
  /// `profile`: with --scheme-rules or --profile, the lint profile whose error-severity scheme
  /// rules (irikit/scheme.h) make a valid line invalid.
  check_mapper(irikit::rule r, std::optional<irikit::lint_options> profile)
      : rule_(r), profile_(std::move(profile)) {}

  bool map_text(std::string_view line, std::string& out) const override {
    if (!profile_) {
      if (!irikit::validate(line, rule_)) return false;
    } else if (scheme_error(line)) {
      return false;
    }
    out.append(line);
    return true;
  }

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<void> valid = irikit::validate(line, rule_);
    std::optional<line_error> breach = valid && profile_ ? scheme_error(line) : std::nullopt;
    r.add_bool("valid", valid.has_value() && !breach);
    if (breach) {
      r.error = std::move(breach);
    } else if (valid) {
      r.text.assign(line);  // a pass-through filter: the output stays aligned with the input
    } else {
      r.fail(valid.error(), line);
      r.error->message = irikit::error_message(valid.error(), line, rule_);
    }
  }

 private:
  /// The first scheme rule the line breaks at error severity in the profile (the rule id is the
  /// error's code); also the parse error's place when the line does not parse.
  std::optional<line_error> scheme_error(std::string_view line) const {
    const auto parsed = irikit::parse(line, rule_);
    if (!parsed) return line_error{irikit::code_name(parsed.error().code), parsed.error().offset, {}};
    for (irikit::scheme_finding& f : irikit::check_scheme_rules(*parsed)) {
      if (profile_->severity_of(f.rule) == irikit::severity::error) {
        return line_error{f.rule, f.offset, std::move(f.message)};
      }
    }
    return std::nullopt;
  }

  irikit::rule rule_;
  std::optional<irikit::lint_options> profile_;
};

configured configure_check(const option_values& values) {
  configured result;
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  std::optional<irikit::lint_options> profile;
  if (values.has("--scheme-rules") || values.has("--profile")) {
    if (*whatwg) {
      result.usage_error = "--scheme-rules and --profile check RFC 3987 IRIs, not --spec whatwg";
      return result;
    }
    profile.emplace();
    const std::string_view name = values.value("--profile").value_or("strict");
    if (!profile->set_profile(name)) {
      result.usage_error =
          "unknown profile '" + std::string(name) + "' for --profile (default, rdf, web, strict)";
      return result;
    }
  }
  if (*whatwg) {  // --spec whatwg: the WHATWG URL Standard (spec_option.h)
    result.mapper = whatwg_check_mapper();
    return result;
  }
  if (const auto r = rule_from_options(values, result.usage_error))
    result.mapper = std::make_unique<check_mapper>(*r, std::move(profile));
  return result;
}

constexpr option_spec check_option_specs[] = {
    spec_option_spec,
    rule_option_spec,
    {"--scheme-rules", "", "also check the scheme rules (iri lint's scheme-*): each breach is an error"},
    {"--profile", "NAME",
     "with the scheme rules: only those at error in profile NAME fail (default, rdf, web, strict)"},
};

constexpr command check_command{
    "check",
    "Validate each line against a grammar rule (RFC 3987 / RFC 3986)",
    "iri check [--spec SPEC] [--as RULE] [--scheme-rules] [--profile NAME] [--json] [FILE...]",
    "Validates each line (UTF-8 included) against RULE. Text mode prints a valid line unchanged\n"
    "and an empty line for an invalid one, with the error on stderr, so the output stays\n"
    "aligned with the input. The exit status is 1 when any line is invalid.\n"
    "\n"
    "With --spec whatwg each line is parsed by the WHATWG URL Standard instead (no base): it is\n"
    "valid unless the Standard returns failure; errors carry the Standard's names (host-missing,\n"
    "port-out-of-range, ...) and JSON adds \"validation\": the validation errors that are not\n"
    "failures, as [{\"code\", \"offset\"}].\n"
    "\n"
    "With --scheme-rules a valid line must also keep the rules of its scheme (http needs a host,\n"
    "a URN's NID has 2 to 32 characters, a urn:uuid is a UUID, ...: the scheme-* rules of\n"
    "iri lint --list-rules); a breach is an error whose code is the rule's id. --profile NAME\n"
    "(default, rdf, web, strict; --scheme-rules alone is strict) fails only the rules that are\n"
    "errors in that profile.\n"
    "\n"
    "JSON keys: \"valid\" (true/false); an invalid line also has \"error\".\n",
    check_option_specs,
    "Examples:\n"
    "  $ printf 'http://example.org/\\nhttp://exa mple.org/\\n' | iri check\n"
    "  http://example.org/\n"
    "\n"
    "  iri: -:2: byte 10: invalid-host-char: ...\n"
    "  $ echo 'http://例え.jp/' | iri check --as uri --json\n"
    "  "
    "{\"line\":1,\"input\":\"http://例え.jp/"
    "\",\"valid\":false,\"error\":{\"code\":\"non-ascii-in-uri\",...}}\n"
    "  $ iri check --as absolute-iri bookmarks.txt 2>/dev/null | grep -v '^$' > good.txt\n"
    "  $ echo 'urn:a:b' | iri check --scheme-rules\n"
    "\n"
    "  iri: -:1: byte 4: scheme-urn-nid: URN namespace identifier \"a\" has 1 character ...\n",
    configure_check,
};

const registrar register_check{check_command};

}  // namespace
}  // namespace iri_tool
