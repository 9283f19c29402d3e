// SPDX-License-Identifier: MIT OR Apache-2.0
// iri to-iri — converts each line from a URI to an IRI (RFC 3987 §3.2), or a LEIRI to an IRI
// (draft-ietf-iri-3987bis §6).
#include <memory>
#include <optional>
#include <string>

#include "command.h"
#include "host_policy.h"
#include "irikit/convert.h"
#include "irikit/host.h"

namespace iri_tool {
namespace {

class to_iri_mapper final : public line_mapper {
 public:
  to_iri_mapper(const irikit::to_iri_options& options, bool leiri) : options_(options), leiri_(leiri) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    if (leiri_) {
      auto converted = irikit::leiri_to_iri(line);
      if (!converted) {
        r.fail(converted.error(), line);
        return;
      }
      r.text = std::move(*converted);
    } else if (const irikit::result<void> done = irikit::to_iri_into(line, r.text, options_); !done) {
      r.fail(done.error(), line);
      return;
    }
    r.add_string("output", r.text);
    // The policy's decision for each "xn--" label, when ToUnicode was asked for (JSON only: text
    // mode shows the output alone, and the policy is the costly part of the line).
    if (r.keeps_keys() && !leiri_ && options_.idna_to_unicode && has_a_label(line)) {
      std::size_t begin = 0, end = 0;
      const std::optional<irikit::host_display> hosts =
          display_line_host(line, options_.display_policy, begin, end);
      if (hosts) r.add_raw("host_labels", host_labels_json(line.substr(begin, end - begin), *hosts, true));
    }
  }

  static bool has_a_label(std::string_view line) {
    for (std::size_t i = line.find("--"); i != std::string_view::npos; i = line.find("--", i + 2)) {
      if (i >= 2 && irikit::is_a_label_prefix(line.substr(i - 2))) return true;
    }
    return false;
  }

 private:
  irikit::to_iri_options options_;
  bool leiri_;
};

configured configure_to_iri(const option_values& values) {
  configured result;
  irikit::to_iri_options options;
  options.idna_to_unicode = values.has("--idna-to-unicode");
  if (const auto name = values.value("--idna")) {
    // --idna MODE means the same as for to-uri: how hosts go through IDNA. Any mode but none
    // turns ToUnicode on.
    if (*name == "uts46") {
      options.idna = irikit::idna_mode::uts46;
      options.idna_to_unicode = true;
    } else if (*name == "uts46-transitional") {
      options.idna = irikit::idna_mode::uts46_transitional;
      options.idna_to_unicode = true;
    } else if (*name == "idna2003") {
      options.idna = irikit::idna_mode::idna2003;
      options.idna_to_unicode = true;
    } else if (*name == "none") {
      options.idna_to_unicode = false;
    } else {
      result.usage_error = "unknown IDNA mode '" + std::string(*name) +
                           "' for --idna (none, uts46, uts46-transitional, idna2003)";
      return result;
    }
  }
  const auto policy = host_policy_from_options(values, result.usage_error);
  if (!policy) return result;
  options.display_policy = *policy;
  options.apply_display_policy = !values.has("--no-display-policy");
  const bool leiri = values.has("--leiri");
  if (leiri && options.idna_to_unicode) {
    result.usage_error = "--leiri and --idna-to-unicode cannot be combined";
    return result;
  }
  result.mapper = std::make_unique<to_iri_mapper>(options, leiri);
  return result;
}

constexpr option_spec to_iri_option_specs[] = {
    {"--idna-to-unicode", "",
     "convert xn-- labels of the host with ToUnicode, only when the label is\n"
     "valid and round-trips (RFC 3987 §3.2.1)"},
    {"--idna", "MODE",
     "the IDNA processing for ToUnicode: uts46 (the default of --idna-to-unicode),\n"
     "uts46-transitional, idna2003; any of them implies --idna-to-unicode, none\n"
     "turns it off"},
    restriction_option_spec,
    {"--no-display-policy", "",
     "with --idna-to-unicode, convert every valid label that round-trips, also\n"
     "those the display policy keeps as A-labels (docs/host-display.md)"},
    {"--leiri", "",
     "the lines are Legacy Extended IRIs: percent-encode exactly what IRIs do\n"
     "not allow (draft-ietf-iri-3987bis §6) instead of the URI -> IRI conversion"},
};

constexpr command to_iri_command{
    "to-iri",
    "Convert each URI to an IRI (RFC 3987 §3.2)",
    "iri to-iri [--idna-to-unicode] [--idna MODE] [--restriction LEVEL] [--no-display-policy]\n"
    "           [--leiri] [--json] [FILE...]",
    "Converts each line (a URI, or any IRI reference) to an IRI with the five steps of RFC 3987\n"
    "§3.2: percent-encodings are decoded except %25, reserved characters and ASCII characters\n"
    "not allowed in URIs; octets that are not strictly valid UTF-8 and characters not\n"
    "appropriate in IRIs (bidi formatting characters, private use outside the query,\n"
    "non-characters, spaces and look-alikes of delimiters: docs/conversion.md) stay encoded, in\n"
    "uppercase hex. Text mode prints the IRI.\n"
    "\n"
    "With --idna-to-unicode an xn-- label is converted only when the host display policy shows\n"
    "it as Unicode (UTS #39 restriction level, look-alikes of ASCII labels, the scripts of the\n"
    "top-level domain, docs/host-display.md): http://xn--80ak6aa92e.com stays as it is.\n"
    "\n"
    "JSON keys: \"output\" (the IRI); with --idna-to-unicode and xn-- labels, \"host_labels\":\n"
    "for each xn-- label {\"label\", \"shown\", \"unicode\", \"reason\", \"message\" when kept};\n"
    "an invalid line has \"error\" instead.\n",
    to_iri_option_specs,
    "Examples:\n"
    "  $ echo 'http://www.example.org/D%C3%BCrst' | iri to-iri\n"
    "  http://www.example.org/Dürst\n"
    "  $ echo 'http://xn--99zt52a.example.org/%e2%80%ae' | iri to-iri --idna-to-unicode\n"
    "  http://納豆.example.org/%E2%80%AE\n"
    "  $ echo 'http://xn--80ak6aa92e.com/' | iri to-iri --idna-to-unicode\n"
    "  http://xn--80ak6aa92e.com/\n"
    "  $ printf 'http://a/b c<d>\\n' | iri to-iri --leiri\n"
    "  http://a/b%20c%3Cd%3E\n",
    configure_to_iri,
};

const registrar register_to_iri{to_iri_command};

}  // namespace
}  // namespace iri_tool
