// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_idna_ada — irikit's IDNA in WHATWG mode against native ada (../shared/peers/ada, the
// single-file release, Unicode 17.0 like irikit's tables; issue 34). The input, valid UTF-8 without
// the delimiters that end a host ("/", "\", "?", "#", "@", ":"), is the host of
// "https://INPUT/": the URL Standard's host parser (§3.5: percent-decoding, UTS #46 ToASCII with
// beStrict = false, §3.3, the forbidden domain code points, IPv4) runs on both sides, and
//   - both accept or both refuse the URL;
//   - where both accept, the hostnames are the same bytes.
// So every difference in UTS #46 processing (mapping, normalization, Punycode, CheckBidi,
// CheckJoiners) between the two implementations of the same Unicode version shows.
#include <ada.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/utf8.h"
#include "irikit/whatwg.h"

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
  FUZZ_CHECK(ours.has_value() == theirs.has_value(),
             input + (ours ? " parses in irikit only" : " parses in ada only"));
  if (ours && theirs) {
    const std::string hostname(ours->hostname());
    const std::string ada_hostname(theirs->get_hostname());
    FUZZ_CHECK(hostname == ada_hostname, input + ": irikit " + hostname + ", ada " + ada_hostname);
  }
  return 0;
}
