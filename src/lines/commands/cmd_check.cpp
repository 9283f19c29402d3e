// iri check — validates each line against a grammar rule (RFC 3987 §2.2, RFC 3986 §3–§4).
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "rule_option.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

class check_mapper final : public line_mapper {
 public:
  explicit check_mapper(irikit::rule r) : rule_(r) {}

  bool map_text(std::string_view line, std::string& out) const override {
    if (!irikit::validate(line, rule_)) return false;
    out.append(line);
    return true;
  }

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<void> valid = irikit::validate(line, rule_);
    r.add_bool("valid", valid.has_value());
    if (valid) {
      r.text.assign(line);  // a pass-through filter: the output stays aligned with the input
    } else {
      r.fail(valid.error(), line);
      r.error->message = irikit::error_message(valid.error(), line, rule_);
    }
  }

 private:
  irikit::rule rule_;
};

configured configure_check(const option_values& values) {
  configured result;
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  if (*whatwg) {  // --spec whatwg: the WHATWG URL Standard (spec_option.h)
    result.mapper = whatwg_check_mapper();
    return result;
  }
  if (const auto r = rule_from_options(values, result.usage_error))
    result.mapper = std::make_unique<check_mapper>(*r);
  return result;
}

constexpr option_spec check_option_specs[] = {spec_option_spec, rule_option_spec};

constexpr command check_command{
    "check",
    "Validate each line against a grammar rule (RFC 3987 / RFC 3986)",
    "iri check [--spec SPEC] [--as RULE] [--json] [FILE...]",
    "Validates each line (UTF-8 included) against RULE. Text mode prints a valid line unchanged\n"
    "and an empty line for an invalid one, with the error on stderr, so the output stays\n"
    "aligned with the input. The exit status is 1 when any line is invalid.\n"
    "\n"
    "With --spec whatwg each line is parsed by the WHATWG URL Standard instead (no base): it is\n"
    "valid unless the Standard returns failure; errors carry the Standard's names (host-missing,\n"
    "port-out-of-range, ...) and JSON adds \"validation\": the validation errors that are not\n"
    "failures, as [{\"code\", \"offset\"}].\n"
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
    "  $ iri check --as absolute-iri bookmarks.txt 2>/dev/null | grep -v '^$' > good.txt\n",
    configure_check,
};

const registrar register_check{check_command};

}  // namespace
}  // namespace iri_tool
