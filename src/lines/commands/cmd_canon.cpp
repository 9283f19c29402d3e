// SPDX-License-Identifier: MIT OR Apache-2.0
// iri canon — the canonical key of each line under a profile (irikit/canon.h, issue 52).
#include <memory>
#include <string>

#include "command.h"
#include "irikit/canon.h"
#include "json.h"

namespace iri_tool {
namespace {

namespace canon = irikit::canon;

class canon_mapper final : public line_mapper {
 public:
  explicit canon_mapper(canon::options options) : options_(std::move(options)) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<canon::canonical> c = canon::canonicalize(line, options_);
    if (!c) {
      r.fail(c.error(), line);
      return;
    }
    r.text = c->output;
    r.add_string("output", c->output);
    if (options_.expressions) {
      json_builder b;
      b.begin_array();
      for (const std::string& e : c->expressions) {
        b.value(e);
        r.text += '\t';
        r.text += e;
      }
      b.end_array();
      r.add_raw("expressions", b.take());
    }
    if (options_.explain) {
      json_builder b;
      b.begin_array();
      r.text += '\t';
      bool first = true;
      for (const canon::explanation& e : c->explain) {
        b.begin_object()
            .key("step")
            .value(canon::step_name(e.which))
            .key("rung")
            .value(canon::rung_name(canon::step_rung(e.which)))
            .key("before")
            .value(e.before)
            .key("after")
            .value(e.after)
            .end_object();
        if (!first) r.text += ' ';
        r.text += canon::step_name(e.which);
        first = false;
      }
      b.end_array();
      r.add_raw("explain", b.take());
    }
  }

 private:
  canon::options options_;
};

configured configure_canon(const option_values& values) {
  configured result;
  const std::string_view profile_name = values.value("--profile").value_or("rfc3987");
  const std::optional<canon::profile> profile = canon::profile_from_name(profile_name);
  if (!profile) {
    std::string names;
    for (canon::profile p : canon::all_profiles()) {
      if (!names.empty()) names += ", ";
      names += canon::profile_name(p);
    }
    result.usage_error = "unknown profile '" + std::string(profile_name) + "' for --profile (" + names + ")";
    return result;
  }
  const std::string_view key_name = values.value("--key").value_or("url");
  const std::optional<canon::key_kind> key = canon::key_kind_from_name(key_name);
  if (!key) {
    result.usage_error = "unknown key '" + std::string(key_name) + "' for --key (url, surt, ssurt)";
    return result;
  }
  canon::options o = canon::options::for_profile(*profile);
  o.key = *key;
  o.with_scheme = values.has("--with-scheme");
  o.trailing_comma = values.has("--trailing-comma");
  if (values.has("--keep-fragment")) o.remove_fragment = false;
  if (values.has("--drop-blank-values")) o.query_blank_values = true;
  for (std::string_view list : values.values("--strip-params")) {
    while (!list.empty()) {
      const std::size_t comma = list.find(',');
      const std::string_view name = list.substr(0, comma);
      if (name == "tracking") {
        for (std::string_view t : canon::tracking_params()) o.strip_params.emplace_back(t);
      } else if (!name.empty()) {
        o.strip_params.emplace_back(name);
      }
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  }
  o.expressions = values.has("--expressions");
  o.explain = values.has("--explain");
  result.mapper = std::make_unique<canon_mapper>(std::move(o));
  return result;
}

constexpr option_spec canon_option_specs[] = {
    {"--profile", "NAME",
     "rfc3987 (default): RFC 3987 §5.3.2–§5.3.3 only, equivalence-preserving\n"
     "none: the URL as parsed, unchanged\n"
     "ia: the Internet Archive's canonicalizer (the surt package, Wayback CDX keys)\n"
     "w3lib: Scrapy's w3lib.url.canonicalize_url (the Scrapy duplicate filter)"},
    {"--key", "KIND", "url (default), surt (\"com,example)/path\"), ssurt (urlcanon's)"},
    {"--with-scheme", "", "surt: \"http://(com,example)/\""},
    {"--trailing-comma", "", "surt: \"com,example,)/\""},
    {"--keep-fragment", "", "keep the fragment the profile would remove"},
    {"--drop-blank-values", "", "remove query pairs with an empty value"},
    {"--strip-params", "LIST",
     "remove these query parameters (comma-separated; NAME* is a prefix; \"tracking\": utm_*,\n"
     "fbclid, gclid, … the project's list); may repeat"},
    {"--expressions", "", "also Safe Browsing's lookup expressions of the canonical URL"},
    {"--explain", "", "also each step that changed the URL (JSON: step, rung, before, after)"},
};

constexpr command canon_command{
    "canon",
    "Canonical keys for crawlers, archives and blocklists (RFC 3987 §5.3 and beyond)",
    "iri canon [--profile NAME] [--key url|surt|ssurt] [--with-scheme] [--trailing-comma]\n"
    "          [--keep-fragment] [--drop-blank-values] [--strip-params LIST|tracking] [--expressions]\n"
    "          [--explain] [--json] [FILE...]",
    "Prints a key for each line that is the same for every spelling the profile treats as one\n"
    "resource. The default profile, rfc3987, stays within equivalence (RFC 3987 §5.3.2 and\n"
    "§5.3.3): two IRIs §5.3 calls different never share a key. The ia profile is the Internet\n"
    "Archive's canonicalizer (www stripped, query pairs sorted, session ids removed, case\n"
    "folded); with --key surt it prints the surt package's surt(url), the CDX urlkey. The steps\n"
    "of each profile are in docs/canonicalization.md.\n"
    "\n"
    "Text mode prints the key; with --expressions the expressions follow, tab-separated; with\n"
    "--explain a tab and the names of the steps that changed the URL.\n"
    "\n"
    "JSON keys: \"output\" (the key), \"expressions\" (with --expressions), \"explain\" (with\n"
    "--explain); a failing line has \"error\" instead.\n",
    canon_option_specs,
    "Examples:\n"
    "  $ echo 'http://www.Archive.org:80/goo/?b=2&a=1#f' | iri canon --profile ia --key surt\n"
    "  org,archive)/goo?a=1&b=2\n"
    "  $ echo 'HTTP://Example.COM:80/a/./b/%7e?utm_source=x&q=1' | iri canon --strip-params tracking\n"
    "  http://example.com/a/b/~?q=1\n",
    configure_canon,
};

const registrar register_canon{canon_command};

}  // namespace
}  // namespace iri_tool
