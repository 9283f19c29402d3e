// SPDX-License-Identifier: MIT OR Apache-2.0
// iri url — the WHATWG URL Standard's URL class from the shell: parse each line (optionally
// against --base), run setters (--set ATTR=VALUE) and URLSearchParams operations (--search OP) in
// the order given, and print the href (or one getter with --get).
#include <memory>
#include <string>
#include <vector>

#include "command.h"
#include "json.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

namespace w = irikit::whatwg;

/// One step, as given on the command line.
struct step {
  enum kind_t { set, search_append, search_set, search_delete, search_sort } kind;
  std::string name;   // attribute (set) or parameter name
  std::string value;  // new value
  bool has_value = false;
  w::url_setter fn = nullptr;
};

class url_mapper final : public line_mapper {
 public:
  url_mapper(std::optional<w::url> base, std::vector<step> steps, w::url_getter get, std::string encoding)
      : base_(std::move(base)), steps_(std::move(steps)), get_(get), encoding_(std::move(encoding)) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::vector<w::validation> notes;
    auto parsed = w::parse(line, base_ ? &*base_ : nullptr, &notes, encoding_);
    if (!parsed) {
      fail_whatwg(r, parsed.error());
      return;
    }
    w::url u = std::move(*parsed);
    json_builder applied;
    applied.begin_array();
    for (const step& s : steps_) {
      applied.begin_object();
      std::optional<w::url_error> refused;
      switch (s.kind) {
        case step::set:
          applied.key("set").value(s.name).key("value").value(s.value);
          refused = s.fn(u, s.value);
          break;
        case step::search_append:
        case step::search_set:
        case step::search_delete:
        case step::search_sort: {
          w::search_params p = w::search_params::of(u);
          if (s.kind == step::search_append) {
            applied.key("search").value("append").key("name").value(s.name).key("value").value(s.value);
            p.append(s.name, s.value);
          } else if (s.kind == step::search_set) {
            applied.key("search").value("set").key("name").value(s.name).key("value").value(s.value);
            p.set(s.name, s.value);
          } else if (s.kind == step::search_delete) {
            applied.key("search").value("delete").key("name").value(s.name);
            if (s.has_value) applied.key("value").value(s.value);
            p.remove(s.name, s.has_value ? std::optional<std::string_view>(s.value) : std::nullopt);
          } else {
            applied.key("search").value("sort");
            p.sort();
          }
          p.update_url(u);
          break;
        }
      }
      // A setter the Standard ignores is not an error (browsers ignore it silently); its reason
      // is reported.
      applied.key("applied").value(!refused.has_value());
      if (refused) applied.key("reason").value(w::error_name(refused->error));
      applied.end_object();
    }
    applied.end_array();
    r.text = get_(u);
    add_url_json(r, u, notes);
    r.add_raw("steps", applied.take());
    json_builder params;
    params.begin_array();
    const w::search_params final_params = w::search_params::of(u);
    for (const auto& [name, value] : final_params.entries()) {
      params.begin_array().value(name).value(value).end_array();
    }
    params.end_array();
    r.add_raw("search_params", params.take());
  }

 private:
  std::optional<w::url> base_;
  std::vector<step> steps_;
  w::url_getter get_;
  std::string encoding_;  // the query encoding's name (empty: UTF-8)
};

configured configure_url(const option_values& values) {
  configured result;
  std::optional<w::url> base;
  if (const auto b = values.value("--base")) {
    auto parsed = w::parse(*b);
    if (!parsed) {
      result.usage_error = "--base is not a URL: " + w::describe(parsed.error());
      return result;
    }
    base = std::move(*parsed);
  }
  std::string encoding;
  if (const auto label = values.value("--encoding")) {
    // The Encoding Standard's "get an encoding" and "get an output encoding" (issue 50).
    const auto name = w::encoding_for_label(*label);
    if (!name) {
      result.usage_error =
          "unknown encoding label '" + std::string(*label) +
          "' for --encoding (an Encoding Standard label: windows-1252, Shift_JIS, gb18030, ...)";
      return result;
    }
    if (*name != "UTF-8") encoding = *name;
  }
  std::vector<step> steps;
  for (const std::string_view s : values.values("--set")) {
    const std::size_t eq = s.find('=');
    const std::string_view name = s.substr(0, eq);
    step st{step::set, std::string(name), eq == std::string_view::npos ? "" : std::string(s.substr(eq + 1)),
            true, w::setter_named(name)};
    if (st.fn == nullptr || eq == std::string_view::npos) {
      result.usage_error =
          "--set needs ATTR=VALUE with ATTR one of href, protocol, username, password, host, "
          "hostname, port, pathname, search, hash; got '" +
          std::string(s) + "'";
      return result;
    }
    steps.push_back(std::move(st));
  }
  for (const std::string_view s : values.values("--search")) {
    const std::size_t colon = s.find(':');
    const std::string_view op = s.substr(0, colon);
    const std::string_view arg = colon == std::string_view::npos ? std::string_view() : s.substr(colon + 1);
    const std::size_t eq = arg.find('=');
    step st{step::search_sort, std::string(arg.substr(0, eq)),
            eq == std::string_view::npos ? "" : std::string(arg.substr(eq + 1)), eq != std::string_view::npos,
            nullptr};
    if (op == "append" && st.has_value) {
      st.kind = step::search_append;
    } else if (op == "set" && st.has_value) {
      st.kind = step::search_set;
    } else if (op == "delete" && colon != std::string_view::npos) {
      st.kind = step::search_delete;
    } else if (op == "sort" && colon == std::string_view::npos) {
      st.kind = step::search_sort;
    } else {
      result.usage_error =
          "--search needs append:NAME=VALUE, set:NAME=VALUE, delete:NAME[=VALUE] or sort; got '" +
          std::string(s) + "'";
      return result;
    }
    steps.push_back(std::move(st));
  }
  const std::string_view get = values.value("--get").value_or("href");
  const w::url_getter getter = w::getter_named(get);
  if (getter == nullptr) {
    result.usage_error = "unknown getter '" + std::string(get) +
                         "' for --get (href, origin, protocol, username, password, host, hostname, port, "
                         "pathname, search, hash, searchParams)";
    return result;
  }
  result.mapper =
      std::make_unique<url_mapper>(std::move(base), std::move(steps), getter, std::move(encoding));
  return result;
}

constexpr option_spec url_option_specs[] = {
    {"--base", "URL", "parse each line against this base URL"},
    {"--encoding", "LABEL",
     "the query encoding of special URLs (the document's encoding, an Encoding\n"
     "Standard label: windows-1252, Shift_JIS, ...; UTF-8 by default); a character\n"
     "it cannot encode becomes %26%23N%3B (&#N;)"},
    {"--set", "ATTR=VALUE",
     "run the setter ATTR (href, protocol, username, password, host, hostname,\n"
     "port, pathname, search, hash) with VALUE; repeatable, run in order"},
    {"--search", "OP",
     "a URLSearchParams operation on the query, after the setters; repeatable:\n"
     "append:NAME=VALUE, set:NAME=VALUE, delete:NAME[=VALUE], sort"},
    {"--get", "GETTER",
     "what text mode prints (default href): origin, protocol, username,\n"
     "password, host, hostname, port, pathname, search, hash, searchParams"},
};

constexpr command url_command{
    "url",
    "The WHATWG URL Standard's URL class: parse, setters, URLSearchParams",
    "iri url [--base URL] [--encoding LABEL] [--set ATTR=VALUE]... [--search OP]... [--get GETTER] [--json] "
    "[FILE...]",
    "Parses each line with the WHATWG URL Standard (against --base when given), runs the setters\n"
    "(--set, in order), then the URLSearchParams operations (--search, in order; each rewrites the\n"
    "query as URLSearchParams' update steps do), and prints the href, or the getter --get names.\n"
    "A setter the Standard ignores (a host on an opaque path, a special scheme changed to a\n"
    "non-special one) leaves the URL as it was, as a browser does; JSON says so. A line that does\n"
    "not parse fails with the Standard's error name.\n"
    "\n"
    "JSON keys: \"href\", \"origin\", the getters, \"record\" (the URL record), \"validation\" (the\n"
    "parse's validation errors), \"steps\" (each setter or operation with \"applied\" and, when\n"
    "ignored, \"reason\") and \"search_params\" (the query's name/value pairs).\n",
    url_option_specs,
    "Examples:\n"
    "  $ echo 'https://example.com/a?b=2&a=1' | iri url --set pathname=/x --search sort\n"
    "  https://example.com/x?a=1&b=2\n"
    "  $ echo 'mailto:joe' | iri url --set host=example.com --get pathname\n"
    "  joe\n"
    "  $ echo '../c d' | iri url --base 'http://h/a/b' --get pathname\n"
    "  /c%20d\n"
    "  $ echo 'http://a/?é€ア' | iri url --encoding latin1 --get search\n"
    "  ?%E9%80%26%2312450%3B\n",
    configure_url,
};

const registrar register_url{url_command};

}  // namespace
}  // namespace iri_tool
