// SPDX-License-Identifier: MIT OR Apache-2.0
// The --spec option and the commands' whatwg mode (see spec_option.h).
#include "spec_option.h"

#include <string>

#include "json.h"

namespace iri_tool {

namespace w = irikit::whatwg;

std::optional<bool> spec_is_whatwg(const option_values& values, std::string& error) {
  const std::optional<std::string_view> spec = values.value("--spec");
  if (!spec || *spec == "rfc3987") return false;
  if (*spec == "whatwg") {
    // The URL Standard has no rules, levels, IDNA choices or charsets to pick: the RFC 3987
    // options would be ignored, so they are refused (only resolve's --base and --pairs apply).
    for (const auto& [name, value] : values.in_order()) {
      if (name != "--spec" && name != "--base" && name != "--pairs") {
        error =
            std::string(name) + " does not apply with --spec whatwg (the URL Standard has no such setting)";
        return std::nullopt;
      }
    }
    return true;
  }
  error = "unknown specification '" + std::string(*spec) + "' for --spec (rfc3987 or whatwg)";
  return std::nullopt;
}

void fail_whatwg(record& r, const w::url_error& e, std::uint32_t shift) {
  r.error = line_error{w::error_name(e.error), e.offset + shift, std::string(w::error_description(e.error))};
}

std::string validation_json(const std::vector<w::validation>& notes, std::uint32_t shift) {
  json_builder b;
  b.begin_array();
  for (const auto& n : notes) {
    b.begin_object().key("code").value(w::error_name(n.error));
    b.key("offset").value(static_cast<std::int64_t>(n.offset + shift)).end_object();
  }
  b.end_array();
  return b.take();
}

void add_url_json(record& r, const w::url& u, const std::vector<w::validation>& notes, std::uint32_t shift) {
  r.add_string("href", u.href());
  r.add_string("origin", u.origin());
  r.add_string("protocol", u.protocol());
  r.add_string("username", u.username());
  r.add_string("password", u.password());
  r.add_string("host", u.host());
  r.add_string("hostname", u.hostname());
  r.add_string("port", u.port());
  r.add_string("pathname", u.pathname());
  r.add_string("search", u.search());
  r.add_string("hash", u.hash());
  json_builder b;
  b.begin_object();
  b.key("scheme").value(u.scheme());
  b.key("username").value(u.username());
  b.key("password").value(u.password());
  b.key("host");
  if (const auto h = u.host_record()) {
    b.value(*h);
  } else {
    b.null();
  }
  b.key("host_type").value(w::host_type_name(u.host_kind()));
  b.key("port");
  if (const auto p = u.port_number()) {
    b.value(static_cast<std::int64_t>(*p));
  } else {
    b.null();
  }
  b.key("path");
  if (u.has_opaque_path()) {
    b.value(u.pathname());
  } else {
    b.begin_array();
    for (const std::string_view segment : u.path_segments()) b.value(segment);
    b.end_array();
  }
  b.key("query");
  if (const auto q = u.query()) {
    b.value(*q);
  } else {
    b.null();
  }
  b.key("fragment");
  if (const auto f = u.fragment()) {
    b.value(*f);
  } else {
    b.null();
  }
  b.end_object();
  r.add_raw("record", b.take());
  r.add_raw("validation", validation_json(notes, shift));
}

namespace {

class whatwg_check_mapper_impl final : public line_mapper {
 public:
  bool map_text(std::string_view line, std::string& out) const override {
    if (!w::can_parse(line)) return false;
    out.append(line);
    return true;
  }
  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::vector<w::validation> notes;
    const auto u = w::parse(line, nullptr, &notes);
    r.add_bool("valid", u.has_value());
    r.add_raw("validation", validation_json(notes));
    if (u) {
      r.text.assign(line);
    } else {
      fail_whatwg(r, u.error());
    }
  }
};

class whatwg_parse_mapper_impl final : public line_mapper {
 public:
  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::vector<w::validation> notes;
    const auto u = w::parse(line, nullptr, &notes);
    r.add_bool("valid", u.has_value());
    if (!u) {
      r.add_raw("validation", validation_json(notes));
      fail_whatwg(r, u.error());
      return;
    }
    add_url_json(r, *u, notes);
    // Text mode: href, then the non-empty getters as TAB-separated key=value pairs.
    r.text = "href=";
    r.text.append(u->href());
    const auto add = [&r](std::string_view key, std::string_view value) {
      if (value.empty()) return;
      r.text.push_back('\t');
      r.text.append(key);
      r.text.push_back('=');
      r.text.append(value);
    };
    add("protocol", u->protocol());
    add("username", u->username());
    add("password", u->password());
    add("host", u->host());
    add("hostname", u->hostname());
    add("port", u->port());
    add("pathname", u->pathname());
    add("search", u->search());
    add("hash", u->hash());
    add("origin", u->origin());
  }
};

class whatwg_href_mapper_impl final : public line_mapper {
 public:
  bool map_text(std::string_view line, std::string& out) const override {
    const auto u = w::parse(line);
    if (!u) return false;
    out.append(u->href());
    return true;
  }
  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const auto u = w::parse(line);
    if (!u) {
      fail_whatwg(r, u.error());
      return;
    }
    r.text.assign(u->href());
    r.add_string("output", r.text);
  }
};

class whatwg_resolve_mapper_impl final : public line_mapper {
 public:
  explicit whatwg_resolve_mapper_impl(std::optional<w::url> base) : base_(std::move(base)) {}
  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::string_view input = line;
    std::uint32_t shift = 0;
    std::optional<w::url> pair_base;
    const w::url* base = base_ ? &*base_ : nullptr;
    if (!base_) {
      std::string_view base_text;
      if (!r.split_at_tab(line, "BASE<TAB>REFERENCE (--pairs)", base_text, input)) return;
      auto b = w::parse(base_text);
      if (!b) {
        fail_whatwg(r, b.error());
        return;
      }
      pair_base = std::move(*b);
      base = &*pair_base;
      shift = static_cast<std::uint32_t>(base_text.size() + 1);
    }
    const auto u = w::parse(input, base);
    if (!u) {
      fail_whatwg(r, u.error(), shift);
      return;
    }
    r.text.assign(u->href());
    r.add_string("output", r.text);
  }

 private:
  std::optional<w::url> base_;
};

}  // namespace

std::unique_ptr<const line_mapper> whatwg_check_mapper() {
  return std::make_unique<whatwg_check_mapper_impl>();
}
std::unique_ptr<const line_mapper> whatwg_parse_mapper() {
  return std::make_unique<whatwg_parse_mapper_impl>();
}
std::unique_ptr<const line_mapper> whatwg_href_mapper() {
  return std::make_unique<whatwg_href_mapper_impl>();
}
std::unique_ptr<const line_mapper> whatwg_resolve_mapper(std::optional<w::url> base) {
  return std::make_unique<whatwg_resolve_mapper_impl>(std::move(base));
}

}  // namespace iri_tool
