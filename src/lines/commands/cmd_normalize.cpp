// SPDX-License-Identifier: MIT OR Apache-2.0
// iri normalize — the normal form of each line at the syntax or scheme rung of RFC 3987 §5.3.
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

class normalize_mapper final : public line_mapper {
 public:
  explicit normalize_mapper(irikit::normalize_options options) : options_(options) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<irikit::iri_reference_view> ref = irikit::parse_iri_reference(line);
    if (!ref) {
      r.fail(ref.error(), line);
      return;
    }
    const irikit::result<irikit::iri_reference> n = irikit::normalize(*ref, options_);
    if (!n) {
      r.fail(n.error(), line);
      return;
    }
    r.text.assign(n->text());
    r.add_string("output", r.text);
  }

 private:
  irikit::normalize_options options_;
};

configured configure_normalize(const option_values& values) {
  configured result;
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  if (*whatwg) {  // --spec whatwg: the WHATWG URL Standard (spec_option.h)
    result.mapper = whatwg_href_mapper();
    return result;
  }
  const std::string_view level = values.value("--level").value_or("syntax");
  irikit::normalize_options options;
  if (level == "scheme") {
    options = irikit::normalize_options::scheme();
  } else if (level != "syntax") {
    result.usage_error = "unknown level '" + std::string(level) + "' for --level (syntax, scheme)";
    return result;
  }
  options.character_nfc = values.has("--nfc");
  options.iri_form = !values.has("--uri-form");
  result.mapper = std::make_unique<normalize_mapper>(options);
  return result;
}

constexpr option_spec normalize_option_specs[] = {
    spec_option_spec,
    {"--level", "LEVEL",
     "syntax (default): RFC 3987 §5.3.2 — case, percent-encoding, dot-segments, empty port\n"
     "scheme: also §5.3.3 for http, https, ws, wss, ftp, file — default port, empty\n"
     "path → \"/\", IDN hosts in their UTS #46 Unicode form, file://localhost → file://"},
    {"--nfc", "", "also apply NFC to each component (§5.3.2.2; off by default on purpose)"},
    {"--uri-form", "", "decode only percent-encoded unreserved ASCII, not UTF-8 of IRI characters"},
};

constexpr command normalize_command{
    "normalize",
    "Normalize each line for comparison (RFC 3987 §5.3.2–§5.3.3)",
    "iri normalize [--spec SPEC] [--level syntax|scheme] [--nfc] [--uri-form] [--json] [FILE...]",
    "Prints the normal form of each IRI reference, for comparing: the input is never changed\n"
    "in place, and RFC 3987 §5.3.2.3 asks that the original form be kept when an IRI is passed\n"
    "on. Syntax rung: percent-encoding hex digits upper-cased, the scheme and an ASCII-only host\n"
    "lower-cased, percent-encoded unreserved ASCII and the UTF-8 of characters the component\n"
    "allows decoded, dot-segments removed where resolution would remove them (never from a\n"
    "relative path such as \"../a\"), an empty port dropped. Normalizing twice changes nothing.\n"
    "\n"
    "With --spec whatwg: the href of the WHATWG URL Standard, its only normal form.\n"
    "\n"
    "JSON keys: \"output\" (the normal form); a failing line has \"error\" instead.\n",
    normalize_option_specs,
    "Examples:\n"
    "  $ echo 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9' | iri normalize\n"
    "  example://a/b/c/%7Bfoo%7D/rosé\n"
    "  $ printf 'HTTP://xn--rsum-bpad.Example.ORG:80\\n' | iri normalize --level scheme\n"
    "  http://résumé.example.org/\n",
    configure_normalize,
};

const registrar register_normalize{normalize_command};

}  // namespace
}  // namespace iri_tool
