// SPDX-License-Identifier: MIT OR Apache-2.0
// iri parse — splits each line into its components (RFC 3987 §2.2, RFC 3986 §3).
#include <memory>
#include <optional>

#include "command.h"
#include "irikit/iri.h"
#include "rule_option.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

class parse_mapper final : public line_mapper {
 public:
  explicit parse_mapper(irikit::rule r) : rule_(r) {}

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const irikit::result<irikit::iri_reference_view> parsed = irikit::parse(line, rule_);
    r.add_bool("valid", parsed.has_value());
    if (!parsed) {
      r.fail(parsed.error(), line);
      r.error->message = irikit::error_message(parsed.error(), line, rule_);
      return;
    }
    const irikit::iri_reference_view& v = *parsed;
    std::optional<std::string_view> host_type;
    if (v.has_authority()) host_type = irikit::host_kind_name(v.host_type());
    // Text mode: the present components as TAB-separated key=value pairs, in this order.
    const auto add = [&](std::string_view key, std::optional<std::string_view> value) {
      r.add_optional(key, value);
      if (!value) return;
      if (!r.text.empty()) r.text.push_back('\t');
      r.text.append(key);
      r.text.push_back('=');
      r.text.append(*value);
    };
    add("scheme", v.scheme());
    add("authority", v.authority());
    add("userinfo", v.userinfo());
    add("host", v.host());
    add("host_type", host_type);
    add("port", v.port());
    add("path", v.path());
    add("query", v.query());
    add("fragment", v.fragment());
  }

 private:
  irikit::rule rule_;
};

configured configure_parse(const option_values& values) {
  configured result;
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  if (*whatwg) {  // --spec whatwg: the WHATWG URL Standard (spec_option.h)
    result.mapper = whatwg_parse_mapper();
    return result;
  }
  if (const auto r = rule_from_options(values, result.usage_error))
    result.mapper = std::make_unique<parse_mapper>(*r);
  return result;
}

constexpr option_spec parse_option_specs[] = {spec_option_spec, rule_option_spec};

constexpr command parse_command{
    "parse",
    "Split each line into scheme, authority, host, port, path, query, fragment",
    "iri parse [--spec SPEC] [--as RULE] [--json] [FILE...]",
    "Validates each line against RULE and splits it into its components, each exactly as\n"
    "written (an IP-literal host keeps its brackets, the port is the digits as written).\n"
    "Text mode prints the components that are present as TAB-separated key=value pairs in the\n"
    "order scheme, authority, userinfo, host, host_type, port, path, query, fragment (path is\n"
    "always present); an invalid line prints an empty line and its error on stderr.\n"
    "\n"
    "With --spec whatwg: the WHATWG URL Standard's parser. Text mode prints href=HREF, then the\n"
    "non-empty getters protocol, username, password, host, hostname, port, pathname, search,\n"
    "hash, origin. JSON keys: \"valid\", \"href\", \"origin\", the nine getters, \"record\" (the URL\n"
    "record: scheme, username, password, host, host_type, port, path, query, fragment) and\n"
    "\"validation\" ([{\"code\", \"offset\"}]).\n"
    "\n"
    "JSON keys: \"valid\", \"scheme\", \"authority\", \"userinfo\", \"host\", \"host_type\"\n"
    "(reg-name, ipv4, ipv6, ipvfuture; null without an authority), \"port\", \"path\", \"query\",\n"
    "\"fragment\". An absent component is null, an empty one \"\" (\"a:b\" has no query, \"a:b?\" an\n"
    "empty one). An invalid line has \"valid\": false and \"error\" instead of the components.\n",
    parse_option_specs,
    "Examples:\n"
    "  $ echo 'http://user@[::1]:8080/p?q#f' | iri parse\n"
    "  "
    "scheme=http\tauthority=user@[::1]:8080\tuserinfo=user\thost=[::1]\thost_type=ipv6\tport=8080\tpath=/"
    "p\tquery=q\tfragment=f\n"
    "  $ echo 'a:b?' | iri parse --json\n"
    "  "
    "{\"line\":1,\"input\":\"a:b?\",\"valid\":true,\"scheme\":\"a\",\"authority\":null,\"userinfo\":null,"
    "\"host\":null,"
    "\"host_type\":null,\"port\":null,\"path\":\"b\",\"query\":\"\",\"fragment\":null}\n"
    "  $ iri parse --json urls.txt | jq -r 'select(.valid) | .host' | sort | uniq -c\n",
    configure_parse,
};

const registrar register_parse{parse_command};

}  // namespace
}  // namespace iri_tool
