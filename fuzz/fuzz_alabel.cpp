// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_alabel — the A-label decoder and the host display policy (irikit/host.h, issue 24):
//   - decode_a_label never fails on any bytes; "ok" only for an ASCII "xn--" label whose decoded
//     form is non-empty, valid UTF-8 with a non-ASCII character, and encodes back (UTS #46
//     ToASCII) to the label, ASCII case ignored; ICU's ToUnicode then gives the same text;
//   - conversely, a label that ICU's ToUnicode accepts and that round-trips through ToASCII to a
//     non-ASCII text is "ok" for the decoder (the two agree on what is a valid A-label);
//   - display_host gives one decision per "."-separated label, inside the host, joined into
//     `shown`; a label is shown as Unicode exactly when its reason is "safe", and a kept label
//     has a message; the shown host is ASCII wherever a label is not safe;
//   - UTS #39 from irikit's tables (unicode/spoof.h): check_identifier's level is resolve_scripts',
//     the restriction level of two labels joined by "." is the level of their joined script sets,
//     and canonically equivalent texts have one skeleton.
// The first byte chooses whether "xn--" is put in front of the rest (most inputs then reach the
// Punycode decoder) and the restriction level.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/encoding.h"
#include "irikit/host.h"
#include "unicode/normalize.h"
#include "unicode/spoof.h"

namespace {
using namespace irikit;

bool has_non_ascii(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return true;
  }
  return false;
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const std::string input = ((flags & 1) ? "xn--" : "") + std::string(fuzz_input.substr(1));
  const std::string_view label =
      std::string_view(input).substr(0, std::min<std::size_t>(input.find('.'), input.size()));

  const a_label_decoding d = decode_a_label(label);
  FUZZ_CHECK(static_cast<unsigned>(d.status) <= static_cast<unsigned>(a_label_status::contextj_rule));
  FUZZ_CHECK(!a_label_status_name(d.status).empty() && !a_label_status_message(d.status).empty());
  FUZZ_CHECK((d.status == a_label_status::not_a_label) == !is_a_label_prefix(label));
  if (!d.unicode.empty()) FUZZ_CHECK(validate_utf8(d.unicode).has_value(), d.unicode);
  if (d.status == a_label_status::ok) {
    FUZZ_CHECK(!has_non_ascii(label) && has_non_ascii(d.unicode), d.unicode);
    const auto back = host_to_ascii(d.unicode, idna_mode::uts46);
    FUZZ_CHECK(back.has_value() && *back == lower_ascii(label), d.unicode);
    const auto icu = host_to_unicode(label, idna_mode::uts46);
    FUZZ_CHECK(icu.has_value() && *icu == d.unicode, d.unicode);
  } else if (is_a_label_prefix(label) && !has_non_ascii(label) && label.size() <= 63) {
    const auto icu = host_to_unicode(label, idna_mode::uts46);
    if (icu && has_non_ascii(*icu) && icu->find('.') == std::string::npos) {
      const auto back = host_to_ascii(*icu, idna_mode::uts46);
      FUZZ_CHECK(!(back && *back == lower_ascii(label)),
                 std::string(a_label_status_name(d.status)) + " " + *icu);
    }
  }

  if (!validate_utf8(input)) {
    FUZZ_CHECK(!display_host(input).has_value());
    return 0;
  }
  // UTS #39 §5.1: "." is Common, so the resolved sets of the labels, joined, are the whole
  // name's; check_identifier resolves the same sets as resolve_scripts.
  const unicode::identifier_report report = unicode::check_identifier(input);
  FUZZ_CHECK(report.level == unicode::resolve_scripts(input).level(), input);
  if (const std::size_t dot = input.find('.'); dot != std::string::npos) {
    unicode::script_resolution joined = unicode::resolve_scripts(std::string_view(input).substr(0, dot));
    joined.join(unicode::resolve_scripts(std::string_view(input).substr(dot + 1)));
    FUZZ_CHECK(joined.level() == report.level, input);
  }
  // UTS #39 §4: the skeleton starts from NFD, so canonically equivalent texts have one skeleton.
  FUZZ_CHECK(
      unicode::skeleton(unicode::normalize(input, unicode::normal_form::nfc)) == unicode::skeleton(input),
      input);

  host_display_options options;
  options.level = static_cast<restriction_level>((flags >> 1) % 6);
  options.trust_tld_script = (flags & 16) != 0;
  const auto shown = display_host(input, options);
  FUZZ_CHECK(shown.has_value());
  std::string joined;
  std::size_t expected_offset = 0;
  for (std::size_t k = 0; k < shown->labels.size(); ++k) {
    const label_display& l = shown->labels[k];
    FUZZ_CHECK(l.offset == expected_offset && l.offset + l.length <= input.size());
    expected_offset = l.offset + l.length + 1;
    FUZZ_CHECK(l.unicode == (l.reason == label_reason::safe), std::string(label_reason_name(l.reason)));
    FUZZ_CHECK(l.message.empty() == (l.reason == label_reason::safe || l.reason == label_reason::ascii),
               std::string(label_reason_name(l.reason)));
    if (!l.unicode && l.reason != label_reason::ascii) FUZZ_CHECK(!has_non_ascii(l.shown), l.shown);
    if (k > 0) joined += '.';
    joined += l.shown;
  }
  FUZZ_CHECK(expected_offset == input.size() + 1);
  FUZZ_CHECK(joined == shown->shown, shown->shown);
  return 0;
}
