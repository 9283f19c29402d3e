// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_canon — canonical keys (irikit/canon.h, docs/canonicalization.md). The input is an options
// byte, then the URL: bits 0–1 the profile, bits 2–3 the key, bit 4 strip the tracking list, bit 5
// drop blank values, bit 6 keep the fragment, bit 7 with_scheme and trailing_comma.
//   - canonicalize answers or fails with an offset within the input, never crashes or hangs;
//   - canonicalize_into writes the same output as canonicalize;
//   - with explain, the steps' URLs chain: each "before" is the previous "after", and the last
//     "after" is the canonical URL;
//   - the rfc3987 and none profiles fail exactly when RFC 3987 parsing fails, and their URL
//     reparses as an IRI; rfc3987 is idempotent, and its URL is equivalent (§5.3.3) to the input;
//   - a SURT key of a URL with a host holds its ")".
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/canon.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace c = irikit::canon;
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view text = fuzz_input.substr(1);
  const auto profiles = c::all_profiles();
  const c::profile p = profiles[(flags & 3) % profiles.size()];
  c::options o = c::options::for_profile(p);
  o.key = static_cast<c::key_kind>(((flags >> 2) & 3) % 3);
  if (flags & 16) o.set(c::step::query_strip_params, true);
  o.query_blank_values = (flags & 32) != 0;
  if (flags & 64) o.remove_fragment = false;
  o.with_scheme = o.trailing_comma = (flags & 128) != 0;
  o.explain = true;
  o.expressions = true;

  const auto r = c::canonicalize(text, o);
  std::string into;
  const auto ri = c::canonicalize_into(text, o, into);
  FUZZ_CHECK(r.has_value() == ri.has_value(), "canonicalize and canonicalize_into disagree on failing");
  const bool strict = p == c::profile::rfc3987 || p == c::profile::none;
  if (!r) {
    FUZZ_CHECK(r.error() == ri.error(), "canonicalize and canonicalize_into report different errors");
    FUZZ_CHECK(r.error().offset <= text.size(), "an error offset past the input");
    if (strict) FUZZ_CHECK(!irikit::parse_iri(text).has_value(), "a strict profile refused an IRI");
    return 0;
  }
  FUZZ_CHECK(into == r->output, "canonicalize_into wrote " + into + ", canonicalize " + r->output);
  if (o.key == c::key_kind::url) FUZZ_CHECK(r->output == r->url, "the url key is not the URL");
  std::string_view previous;
  for (std::size_t i = 0; i < r->explain.size(); ++i) {
    const c::explanation& e = r->explain[i];
    FUZZ_CHECK(e.before != e.after, "an explained step changed nothing");
    if (i != 0) FUZZ_CHECK(e.before == previous, "the explained steps do not chain");
    previous = e.after;
  }
  if (!r->explain.empty())
    FUZZ_CHECK(previous == r->url, "the last explained step is not the URL: " + r->url);
  if (strict) {
    FUZZ_CHECK(irikit::parse_iri(r->url).has_value(), "a strict profile's URL is no IRI: " + r->url);
    if (p == c::profile::rfc3987 && o.strip_params.empty() && !o.query_blank_values) {
      const auto eq = irikit::equivalent(text, r->url, irikit::comparison_level::scheme);
      FUZZ_CHECK(eq.has_value() && *eq, "rfc3987 merged non-equivalent IRIs: " + r->url);
      c::options again = o;
      again.explain = false;
      const auto twice = c::canonicalize(r->url, again);
      FUZZ_CHECK(twice.has_value() && twice->url == r->url, "rfc3987 is not idempotent: " + r->url);
    }
  }
  return 0;
}
