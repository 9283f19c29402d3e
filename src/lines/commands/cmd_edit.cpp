// SPDX-License-Identifier: MIT OR Apache-2.0
// iri edit — changes components of each line with irikit::iri_builder (irikit/edit.h): the edits
// given on the command line are applied in order, each value encoded as its component requires.
#include <memory>
#include <string>
#include <vector>

#include "command.h"
#include "irikit/edit.h"
#include "irikit/encoding.h"
#include "irikit/iri.h"

namespace iri_tool {
namespace {

enum class edit_kind {
  set,             // --set COMPONENT=VALUE
  set_encoded,     // --set-encoded COMPONENT=VALUE
  set_param,       // --set query.KEY=VALUE
  append_param,    // --append query.KEY=VALUE (or query.KEY without a value)
  append_segment,  // --append path=SEGMENT
  remove,          // --remove COMPONENT
  remove_param,    // --remove query.KEY
  sort_query,      // --sort-query
  remove_dots,     // --remove-dot-segments
};

struct edit_step {
  edit_kind kind;
  std::string component;  ///< scheme, userinfo, host, port, path, query, fragment, authority
  std::string key;        ///< the parameter's key
  std::string value;
  bool has_value = true;
};

irikit::result<void> set_component(irikit::iri_builder& b, const std::string& c, const std::string& v,
                                   bool encoded) {
  if (c == "scheme") return b.set_scheme(v);
  if (c == "userinfo") return encoded ? b.set_encoded_userinfo(v) : b.set_userinfo(v);
  if (c == "host") return encoded ? b.set_encoded_host(v) : b.set_host(v);
  if (c == "port") return b.set_port(v);
  if (c == "path") return encoded ? b.set_encoded_path(v) : b.set_path(v);
  if (c == "query") return encoded ? b.set_encoded_query(v) : b.set_query(v);
  return encoded ? b.set_encoded_fragment(v) : b.set_fragment(v);  // "fragment", checked in configure
}

void remove_component(irikit::iri_builder& b, const std::string& c) {
  if (c == "scheme") b.remove_scheme();
  if (c == "userinfo") b.remove_userinfo();
  if (c == "authority" || c == "host") b.remove_authority();
  if (c == "port") b.remove_port();
  if (c == "query") b.remove_query();
  if (c == "fragment") b.remove_fragment();
}

/// Applies one step; the error's offset is in the step's key or value (configure has checked
/// every value, so a line fails here only when its text would grow past 4 GiB).
irikit::result<void> apply(irikit::iri_builder& b, const edit_step& s, irikit::query_flavor flavor) {
  switch (s.kind) {
    case edit_kind::set:
      return set_component(b, s.component, s.value, false);
    case edit_kind::set_encoded:
      return set_component(b, s.component, s.value, true);
    case edit_kind::set_param:
      return b.params(flavor).set(s.key, s.value);
    case edit_kind::append_param:
      return s.has_value ? b.params(flavor).append(s.key, s.value) : b.params(flavor).append(s.key);
    case edit_kind::append_segment:
      return b.segments().push_back(s.value);
    case edit_kind::remove:
      remove_component(b, s.component);
      return {};
    case edit_kind::remove_param:
      b.params(flavor).erase(s.key);
      return {};
    case edit_kind::sort_query:
      b.params(flavor).sort();
      return {};
    case edit_kind::remove_dots:
      b.remove_dot_segments();
      return {};
  }
  return {};
}

class edit_mapper final : public line_mapper {
 public:
  edit_mapper(std::vector<edit_step> steps, irikit::query_flavor flavor)
      : steps_(std::move(steps)), flavor_(flavor) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<irikit::iri_reference_view> ref = irikit::parse_iri_reference(line);
    if (!ref) {
      r.fail(ref.error(), line);
      return;
    }
    irikit::iri_builder b(*ref);
    for (const edit_step& s : steps_) {
      if (const irikit::result<void> e = apply(b, s, flavor_); !e) {
        r.fail(e.error(), line);
        return;
      }
    }
    r.text.assign(b.text());
    r.add_string("output", r.text);
  }

 private:
  std::vector<edit_step> steps_;
  irikit::query_flavor flavor_;
};

constexpr std::string_view k_settable[] = {"scheme", "userinfo", "host", "port", "path", "query", "fragment"};
constexpr std::string_view k_removable[] = {"scheme", "userinfo", "authority", "host",
                                            "port",   "query",    "fragment"};

template <std::size_t N>
bool one_of(std::string_view s, const std::string_view (&names)[N]) {
  for (std::string_view n : names) {
    if (s == n) return true;
  }
  return false;
}

/// Parses one option into a step; returns a usage error or "".
std::string parse_step(std::string_view option, std::string_view arg, edit_step& step) {
  if (option == "--sort-query") {
    step.kind = edit_kind::sort_query;
    return "";
  }
  if (option == "--remove-dot-segments") {
    step.kind = edit_kind::remove_dots;
    return "";
  }
  const bool remove = option == "--remove";
  const std::size_t eq = remove ? std::string_view::npos : arg.find('=');
  const std::string_view target = arg.substr(0, eq);
  step.has_value = eq != std::string_view::npos;
  if (step.has_value) step.value.assign(arg.substr(eq + 1));
  const bool param = target.substr(0, 6) == "query.";
  if (param) step.key.assign(target.substr(6));
  step.component.assign(target);
  const std::string where = std::string(option) + " " + std::string(arg);
  if (remove) {
    if (param) {
      step.kind = edit_kind::remove_param;
    } else if (one_of(target, k_removable)) {
      step.kind = edit_kind::remove;
    } else {
      return "unknown component '" + std::string(target) +
             "' for --remove (scheme, userinfo, authority, host, port, query, fragment, query.KEY)";
    }
    return "";
  }
  if (option == "--append") {
    if (param) {
      step.kind = edit_kind::append_param;
    } else if (target == "path" && step.has_value) {
      step.kind = edit_kind::append_segment;
    } else {
      return "--append takes query.KEY=VALUE, query.KEY or path=SEGMENT, not '" + std::string(arg) + "'";
    }
    return "";
  }
  if (!step.has_value) return std::string(option) + " takes COMPONENT=VALUE, not '" + std::string(arg) + "'";
  if (param && option == "--set") {
    step.kind = edit_kind::set_param;
  } else if (one_of(target, k_settable)) {
    step.kind = option == "--set" ? edit_kind::set : edit_kind::set_encoded;
  } else {
    return "unknown component '" + std::string(target) + "' for " + std::string(option) +
           " (scheme, userinfo, host, port, path, query, fragment" +
           (option == "--set" ? ", query.KEY)" : ")");
  }
  return "";
}

configured configure_edit(const option_values& values) {
  configured result;
  const irikit::query_flavor flavor =
      values.has("--form") ? irikit::query_flavor::form : irikit::query_flavor::rfc3986;
  std::vector<edit_step> steps;
  for (const auto& [option, arg] : values.in_order()) {
    if (option == "--form") continue;
    edit_step step{};
    if (std::string e = parse_step(option, arg, step); !e.empty()) {
      result.usage_error = std::move(e);
      return result;
    }
    // A value that no component accepts fails on every line: say so once, as bad usage.
    irikit::iri_builder probe = *irikit::iri_builder::parse("s://h/p?q#f");
    if (const irikit::result<void> r = apply(probe, step, flavor); !r) {
      const bool in_key = (step.kind == edit_kind::set_param || step.kind == edit_kind::append_param) &&
                          !irikit::validate_utf8(step.key);
      const std::string_view text = in_key ? step.key : step.value;
      result.usage_error = "invalid value in " + std::string(option) + " " + std::string(arg) + ": " +
                           irikit::describe(r.error(), text);
      return result;
    }
    steps.push_back(std::move(step));
  }
  result.mapper = std::make_unique<edit_mapper>(std::move(steps), flavor);
  return result;
}

constexpr option_spec edit_option_specs[] = {
    {"--set", "C=VALUE",
     "set component C (scheme, userinfo, host, port, path, query, fragment)\n"
     "to VALUE, percent-encoding what C does not allow; query.KEY=VALUE sets\n"
     "the parameter KEY (the first one; later ones with that key are removed)"},
    {"--set-encoded", "C=VALUE", "set component C to VALUE, already encoded (checked, never changed)"},
    {"--append", "query.KEY=VALUE",
     "append a query parameter (query.KEY: without \"=\"), or path=SEGMENT: a segment"},
    {"--remove", "C",
     "remove scheme, userinfo, authority (or host), port, query, fragment,\nor query.KEY (every parameter "
     "KEY)"},
    {"--form", "",
     "read and write query parameters as application/x-www-form-urlencoded\n(\"+\" is a space)"},
    {"--sort-query", "", "sort the query parameters by key (stable)"},
    {"--remove-dot-segments", "", "apply RFC 3986 §5.2.4 to the path"},
};

constexpr command edit_command{
    "edit",
    "Set, add or remove components of each line (query parameters, path segments…)",
    "iri edit [--set C=VALUE]... [--set-encoded C=VALUE]... [--append query.KEY=VALUE]... [--remove C]... "
    "[--form] [--sort-query] [--remove-dot-segments] [--json] [FILE...]",
    "Parses each line as an IRI reference and applies the edits in the order given. --set and\n"
    "--append percent-encode exactly the characters the component does not allow (RFC 3987 §2.2:\n"
    "non-ASCII characters stay as they are); --set-encoded takes text already encoded. The result\n"
    "is always a valid IRI reference: a path gets \"/\" before it under an authority, \"/.\" when it\n"
    "would start with \"//\" without one, \"./\" when its first segment would read as a scheme.\n"
    "A value that a component cannot take (a port with letters, an invalid IP literal, invalid\n"
    "UTF-8…) is bad usage (exit status 2), since every line would fail. With no edit, each valid\n"
    "line is printed as it is.\n"
    "\n"
    "JSON keys: \"output\" (the edited reference); a failing line has \"error\" instead.\n",
    edit_option_specs,
    "Examples:\n"
    "  $ echo 'http://example.org/search?q=old&page=2#top' | iri edit --set query.q='a&b c' --remove "
    "fragment\n"
    "  http://example.org/search?q=a%26b%20c&page=2\n"
    "  $ echo 'http://example.org/' | iri edit --set host=例え.jp --append path='a/b' --form --append "
    "query.q='x y'\n"
    "  http://例え.jp/a%2Fb?q=x+y\n",
    configure_edit,
};

const registrar register_edit{edit_command};

}  // namespace
}  // namespace iri_tool
