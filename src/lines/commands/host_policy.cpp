// SPDX-License-Identifier: MIT OR Apache-2.0
// The host display policy options and JSON of `iri to-iri` and `iri display` (host_policy.h).
#include "host_policy.h"

#include "irikit/iri.h"
#include "json.h"

namespace iri_tool {

std::optional<irikit::host_display_options> host_policy_from_options(const option_values& values,
                                                                     std::string& error) {
  irikit::host_display_options options;
  if (const auto name = values.value("--restriction")) {
    const auto level = irikit::restriction_level_from_name(*name);
    if (!level) {
      error = "unknown restriction level '" + std::string(*name) +
              "' for --restriction (ascii-only, single-script, highly-restrictive, "
              "moderately-restrictive, minimally-restrictive, unrestricted)";
      return std::nullopt;
    }
    options.level = *level;
  }
  return options;
}

std::optional<irikit::host_display> display_line_host(std::string_view line,
                                                      const irikit::host_display_options& options,
                                                      std::size_t& host_begin, std::size_t& host_end) {
  const auto parsed = irikit::parse_iri_reference(line);
  if (!parsed) return std::nullopt;
  const irikit::iri_parts& p = parsed->parts();
  if (!p.has_authority || p.host_type != irikit::host_kind::reg_name) return std::nullopt;
  host_begin = p.host_begin;
  host_end = p.host_end;
  auto shown = irikit::display_host(line.substr(host_begin, host_end - host_begin), options);
  if (!shown) return std::nullopt;
  return std::move(*shown);
}

std::string host_labels_json(std::string_view host, const irikit::host_display& shown, bool only_a_labels) {
  json_builder json;
  json.begin_array();
  for (const irikit::label_display& l : shown.labels) {
    const std::string_view label = host.substr(l.offset, l.length);
    const bool a_label = irikit::is_a_label_prefix(label);
    if (only_a_labels ? !a_label : l.reason == irikit::label_reason::ascii) continue;
    json.begin_object()
        .key("label")
        .value(label)
        .key("shown")
        .value(l.shown)
        .key("unicode")
        .value(l.unicode)
        .key("reason")
        .value(irikit::label_reason_name(l.reason));
    if (!l.message.empty()) json.key("message").value(l.message);
    json.end_object();
  }
  json.end_array();
  return json.take();
}

}  // namespace iri_tool
