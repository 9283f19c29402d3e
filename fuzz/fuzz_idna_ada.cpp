// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_idna_ada — irikit's IDNA in WHATWG mode against native ada (../shared/peers/ada, the
// single-file release, Unicode 17.0 like irikit's tables; issue 34). The input, valid UTF-8 without
// the delimiters that end a host ("/", "\", "?", "#", "@", ":"), is the host of
// "https://INPUT/": the URL Standard's host parser (§3.5: percent-decoding, UTS #46 ToASCII with
// beStrict = false, §3.3, the forbidden domain code points, IPv4) runs on both sides, and
//   - both accept or both refuse the URL;
//   - where both accept, the hostnames are the same bytes.
// So every difference in UTS #46 processing (mapping, normalization, Punycode, CheckBidi,
// CheckJoiners) between the two implementations of the same Unicode version shows, but for one
// known ada bug, recognised and let pass (`ada_bidi_rule_gap`).
#include <ada.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/utf8.h"
#include "irikit/whatwg.h"
#include "unicode/idna.h"

namespace {

/// The one known difference, ada-url/idna#91 (open as of this writing): ada holds only the labels
/// that have an RTL code point of their own to the Bidi Rule (RFC 5893 §2), where UTS #46 §4.1 V9
/// holds every label of a Bidi domain name to it ("\u05D0.1x", "x.1.\u05D0"). True when ada's
/// name fails irikit's processing only that way: it passes without CheckBidi, and each of its
/// labels passes CheckBidi on its own.
bool ada_bidi_rule_gap(std::string_view ada_host) {
  using irikit::unicode::uts46_options;
  constexpr uts46_options whatwg_no_bidi{
      .check_hyphens = false, .check_bidi = false, .use_std3_ascii_rules = false, .verify_dns_length = false};
  uts46_options whatwg = whatwg_no_bidi;
  whatwg.check_bidi = true;
  if (!irikit::unicode::uts46_to_ascii(ada_host, whatwg_no_bidi)) return false;
  for (std::size_t begin = 0;;) {
    const std::size_t dot = std::min(ada_host.find('.', begin), ada_host.size());
    if (!irikit::unicode::uts46_to_ascii(ada_host.substr(begin, dot - begin), whatwg)) return false;
    if (dot == ada_host.size()) return true;
    begin = dot + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;  // long enough for many labels; keeps each run fast
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view host = fuzz_input;
  for (std::size_t i = 0; i < host.size();) {
    const irikit::grammar::decoded d = irikit::grammar::decode_utf8(host.data(), i, host.size());
    if (d.code != irikit::error_code::ok) return 0;
    i += d.length;
  }
  if (host.find_first_of("/\\?#@:") != std::string_view::npos) return 0;
  const std::string input = "https://" + std::string(host) + "/";

  const auto ours = irikit::whatwg::parse(input);
  const auto theirs = ada::parse<ada::url_aggregator>(input);
  if (!ours && theirs && ada_bidi_rule_gap(theirs->get_hostname())) return 0;
  FUZZ_CHECK(ours.has_value() == theirs.has_value(),
             input + (ours ? " parses in irikit only" : " parses in ada only"));
  if (ours && theirs) {
    const std::string hostname(ours->hostname());
    const std::string ada_hostname(theirs->get_hostname());
    FUZZ_CHECK(hostname == ada_hostname, input + ": irikit " + hostname + ", ada " + ada_hostname);
  }
  return 0;
}
