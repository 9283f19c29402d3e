// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_edit — iri_builder (irikit/edit.h) under random edits. The input is lines: the first is the
// reference to start from (the empty reference when it does not parse), each other line one edit:
// its first byte picks the operation (modulo their number), the rest is the argument ("KEY\tVALUE"
// for query parameters). After every edit:
//   - the text parses (RFC 3987 IRI-reference) to exactly the builder's parts, and a builder
//     parsed from the text equals it;
//   - a failed edit returns an offset inside its argument and leaves the text unchanged;
//   - a successful encoding setter reads back what it was given: the decoded query, fragment,
//     userinfo, reg-name host, path (after the prefix that keeps it valid), appended segment, and
//     a parameter that was set (its value, and it is the only one with its key).
#include <algorithm>
#include <string>
#include <string_view>

#include "edit_ops.h"
#include "fuzz_check.h"
#include "irikit/edit.h"
#include "irikit/iri.h"

namespace {
using namespace irikit;

std::string decoded(std::string_view s) {
  std::string out;
  const auto hex = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  auto [start, rest, more] = irikit_fuzz::split_once(fuzz_input, '\n');
  auto parsed = iri_builder::parse(start);
  iri_builder b = parsed ? *parsed : iri_builder();
  while (more) {
    const auto [line, next, again] = irikit_fuzz::split_once(rest, '\n');
    rest = next;
    more = again;
    if (line.empty()) continue;
    const unsigned op = static_cast<unsigned char>(line[0]) % irikit_fuzz::k_edit_operations;
    const std::string_view arg = line.substr(1);
    const auto [key, value, has_value] = irikit_fuzz::split_once(arg, '\t');
    const query_flavor flavor = (static_cast<unsigned char>(line[0]) / irikit_fuzz::k_edit_operations) % 2
                                    ? query_flavor::form
                                    : query_flavor::rfc3986;
    const std::string before = b.str();
    const result<void> r = irikit_fuzz::apply_edit(b, op, arg, key, value, has_value, flavor, arg.size());
    const auto reparsed = parse_iri_reference(b.text());
    FUZZ_CHECK(reparsed.has_value(), "the edited text does not parse: " + b.str());
    FUZZ_CHECK(reparsed->parts() == b.parts(), "parts differ from the parser's: " + b.str());
    const auto again_parsed = iri_builder::parse(b.text());
    FUZZ_CHECK(again_parsed.has_value() && *again_parsed == b);
    if (!r) {
      FUZZ_CHECK(b.str() == before, "a failed edit changed the text: " + before + " -> " + b.str());
      FUZZ_CHECK(r.error().offset <= arg.size());
      continue;
    }
    switch (op) {
      case 2:
        FUZZ_CHECK(decoded(*b.userinfo()) == arg, b.str());
        break;
      case 5:
        if (!arg.empty() && arg[0] != '[' && b.host_type() != host_kind::ipv6) {
          FUZZ_CHECK(decoded(*b.host()) == arg, b.str());
        }
        break;
      case 10: {
        const std::string path = decoded(b.path());
        const std::string_view prefix =
            std::string_view(path).substr(0, path.size() - std::min(path.size(), arg.size()));
        FUZZ_CHECK(path.size() >= arg.size() && std::string_view(path).substr(prefix.size()) == arg &&
                       (prefix.empty() || prefix == "/" || prefix == "/." || prefix == "./"),
                   "set_path: " + b.str());
        break;
      }
      case 12:
        FUZZ_CHECK(decoded(*b.query()) == arg, b.str());
        break;
      case 15:
        FUZZ_CHECK(decoded(*b.fragment()) == arg, b.str());
        break;
      case 18:
        if (!arg.empty()) FUZZ_CHECK(b.segments()[b.segments().size() - 1] == arg, b.str());
        break;
      case 21:
        FUZZ_CHECK(b.params(flavor).get(key) == std::string(value), b.str());
        FUZZ_CHECK(b.params(flavor).count(key) == 1, b.str());
        break;
      default:
        break;
    }
  }
  return 0;
}
