// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_whatwg — the WHATWG URL Standard mode (irikit/whatwg.h). The input is "A" or "BASE\nA"; the
// byte after a second "\n", if any, picks a setter and the rest is its value.
//   - never a crash, a hang or an out-of-bounds read, whatever the bytes (ill-formed UTF-8 too);
//   - idempotence (URL Standard §4.4, "the URL parser is idempotent"): parse(href(parse(x))) is
//     the same URL — same href and the same record (host type, port, opaque path, query and
//     fragment present or not);
//   - can_parse agrees with parse; a failure's offset lies within the input;
//   - after a setter the URL is still a URL: its href parses back to itself;
//   - URLSearchParams: serialize(parse(serialize(parse(q)))) == serialize(parse(q));
//   - the fast path (src/whatwg/fast.cpp) against the full parser on the same text (the input and
//     the base line): the same success or failure (the same error and offset), the same href and
//     the same offsets and flags; the fast can_parse makes the same decision as the fast parse,
//     or says "parsed" where the fast parse falls back and the full parser succeeds (it does not
//     check UTF-8 in paths, queries and fragments, which cannot make a URL fail).
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/whatwg.h"
#include "whatwg/internal.h"

namespace {
namespace w = irikit::whatwg;

void check_roundtrip(std::string_view fuzz_input, const w::url& u, const char* what) {
  const auto again = w::parse(u.href());
  FUZZ_CHECK(again.has_value(), std::string(what) + ": href does not parse: " + std::string(u.href()));
  FUZZ_CHECK(again->href() == u.href(), std::string(what) + ": not idempotent: " + std::string(u.href()) +
                                            " -> " + std::string(again->href()));
  FUZZ_CHECK(again->host_kind() == u.host_kind() && again->port_number() == u.port_number() &&
                 again->has_opaque_path() == u.has_opaque_path() && again->query() == u.query() &&
                 again->fragment() == u.fragment() && again->pathname() == u.pathname() &&
                 again->username() == u.username() && again->password() == u.password(),
             std::string(what) + ": the record changed on re-parse: " + std::string(u.href()));
  // A setter splices the href and shifts the offsets: they must be the parser's for that href.
  FUZZ_CHECK(w::detail::parts_of(*again) == w::detail::parts_of(u),
             std::string(what) + ": the offsets differ from the parser's: " + std::string(u.href()));
}

void check_fast_path(std::string_view fuzz_input, std::string_view text) {
  namespace d = w::detail;
  w::url fast;
  w::url_error fast_error{};
  const d::fast_status status = d::fast_parse(text, fast, fast_error);
  const d::fast_status can = d::fast_can_parse(text);
  const auto full = d::parse_full(text, nullptr, nullptr, {});
  // fast_can_parse does not read past the authority (internal.h): where the fast parse falls back
  // (for what it finds there: ill-formed UTF-8, dot segments, "\\", tabs), it may say "parsed"; the
  // full parser must agree.
  FUZZ_CHECK(can == status || (status == d::fast_status::fallback && can == d::fast_status::parsed),
             "fast can_parse and fast parse decide differently");
  if (can == d::fast_status::parsed)
    FUZZ_CHECK(full.has_value(), "the fast can_parse says parsed, the full parser fails");
  if (status == d::fast_status::fallback) return;
  if (status == d::fast_status::failed) {
    FUZZ_CHECK(!full.has_value(), "the fast path fails, the full parser gives " + std::string(full->href()));
    FUZZ_CHECK(full.error() == fast_error, "the fast path fails with another error or offset");
    return;
  }
  FUZZ_CHECK(full.has_value(), "the fast path parses, the full parser fails: " + std::string(fast.href()));
  FUZZ_CHECK(full->href() == fast.href(),
             "fast href " + std::string(fast.href()) + ", full href " + std::string(full->href()));
  FUZZ_CHECK(d::parts_of(*full) == d::parts_of(fast),
             "the fast path's offsets differ: " + std::string(fast.href()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const auto [first, rest, has_base] = irikit_fuzz::split_once(fuzz_input, '\n');
  std::optional<w::url> base;
  std::string_view input = first;
  std::string_view setter_part;
  check_fast_path(fuzz_input, first);
  if (has_base) {
    auto b = w::parse(first);
    if (b) {
      check_roundtrip(fuzz_input, *b, "base");
      base = std::move(*b);
    }
    const auto [text, tail, has_setter] = irikit_fuzz::split_once(rest, '\n');
    input = text;
    if (has_setter) setter_part = tail;
    check_fast_path(fuzz_input, input);
  }
  std::vector<w::validation> notes;
  auto u = w::parse(input, base ? &*base : nullptr, &notes);
  FUZZ_CHECK(w::can_parse(input, base ? &*base : nullptr) == u.has_value(), "can_parse disagrees with parse");
  for (const auto& n : notes) FUZZ_CHECK(n.offset <= input.size(), "validation offset past the input");
  if (!u) {
    FUZZ_CHECK(u.error().offset <= input.size(), "failure offset past the input");
    return 0;
  }
  check_roundtrip(fuzz_input, *u, "parse");

  const w::search_params p = w::search_params::of(*u);
  const std::string once = p.to_string();
  FUZZ_CHECK(w::search_params(once).to_string() == once,
             "URLSearchParams serialization is not stable: " + once);

  if (!setter_part.empty()) {
    const unsigned which = (static_cast<unsigned char>(setter_part[0]) + 2u) % 10u;  // "0".."9" pick 0..9
    const std::string_view value = setter_part.substr(1);
    w::url v = *u;
    switch (which) {
      case 0:
        (void)v.set_protocol(value);
        break;
      case 1:
        (void)v.set_username(value);
        break;
      case 2:
        (void)v.set_password(value);
        break;
      case 3:
        (void)v.set_host(value);
        break;
      case 4:
        (void)v.set_hostname(value);
        break;
      case 5:
        (void)v.set_port(value);
        break;
      case 6:
        (void)v.set_pathname(value);
        break;
      case 7:
        (void)v.set_search(value);
        break;
      case 8:
        (void)v.set_hash(value);
        break;
      default:
        (void)v.set_href(value);
        break;
    }
    check_roundtrip(fuzz_input, v, "setter");
  }
  return 0;
}
