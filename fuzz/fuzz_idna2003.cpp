// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_idna2003 — irikit's own IDNA2003 (RFC 3490 + Nameprep, src/unicode/idna2003.cpp, issue 50):
//   - host_to_ascii (idna_mode::idna2003, AllowUnassigned off and on) never crashes; an answer is
//     ASCII, and a failure's offset is inside the input;
//   - what AllowUnassigned off accepts, AllowUnassigned on accepts the same way (RFC 3490 §4.1);
//   - host_to_unicode never fails (RFC 3490 §4.2), and ToASCII of ToUnicode of an answer gives
//     the answer back, ASCII case ignored;
//   - with ICU installed (IRIKIT_HAVE_ICU), ICU's uidna_IDNToASCII agrees, answer and success,
//     except on inputs holding a code point where RFC 3454's D.1/D.2 and ICU's Bidi_Class differ
//     (docs/conformance.md, "IDNA2003", tests/idna2003/bidi_differences.txt) or invalid UTF-8.
// The first byte's low bit puts "xn--" in front of the rest (so ToUnicode's decoding is reached).
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "grammar/utf8.h"
#include "irikit/host.h"

#if IRIKIT_HAVE_ICU
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/ustring.h>

namespace tables {
#include "unicode/tables/idna2003.inc"
}  // namespace tables
#endif

namespace {
using namespace irikit;

bool is_ascii(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

/// U+3002, U+FF0E, U+FF61: the full stops IDNA reads as ".".
bool has_full_stop(std::string_view s) {
  return s.find("\xE3\x80\x82") != std::string_view::npos ||
         s.find("\xEF\xBC\x8E") != std::string_view::npos || s.find("\xEF\xBD\xA1") != std::string_view::npos;
}

#if IRIKIT_HAVE_ICU
/// Whether RFC 3454's D.1/D.2 and ICU's Bidi_Class put `cp` in different classes.
bool bidi_differs(char32_t cp) {
  const std::uint8_t f =
      tables::k_idna2003_stage2[static_cast<std::size_t>(tables::k_idna2003_stage1[cp >> 7]) * 128 +
                                (cp & 127)];
  const int rfc = (f & tables::k_idna2003_randal) != 0 ? 1 : (f & tables::k_idna2003_lcat) != 0 ? 2 : 0;
  const UCharDirection d = u_charDirection(static_cast<UChar32>(cp));
  const int icu = d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC ? 1 : d == U_LEFT_TO_RIGHT ? 2 : 0;
  return rfc != icu;
}

/// True when the input is valid UTF-8 without a code point of the documented bidi differences.
bool comparable(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok || bidi_differs(d.cp)) return false;
    i += d.length;
  }
  return true;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
/// ICU's RFC 3490 ToASCII with UseSTD3ASCIIRules; false on failure or a name too long to try.
bool icu_to_ascii(std::string_view s, bool allow_unassigned, std::string& out) {
  UChar in16[1024];
  UChar out16[1024];
  int32_t n16 = 0;
  UErrorCode status = U_ZERO_ERROR;
  u_strFromUTF8(in16, 1024, &n16, s.data(), static_cast<int32_t>(s.size()), &status);
  if (U_FAILURE(status)) return false;
  UParseError parse_error{};
  const int32_t n = uidna_IDNToASCII(in16, n16, out16, 1024,
                                     UIDNA_USE_STD3_RULES | (allow_unassigned ? UIDNA_ALLOW_UNASSIGNED : 0),
                                     &parse_error, &status);
  if (U_FAILURE(status)) return false;
  out.assign(static_cast<std::size_t>(n), '\0');
  for (int32_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>(out16[i]);
  return true;
}
#pragma GCC diagnostic pop
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 400) return 0;  // ICU's buffers; longer names only fail on length
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  const std::string_view rest = fuzz_input.substr(1);
  const std::string input = ((data[0] & 1) ? "xn--" : "") + std::string(rest);

  const auto strict = host_to_ascii(input, host_options{idna_mode::idna2003, false});
  const auto lenient = host_to_ascii(input, host_options{idna_mode::idna2003, true});
  for (const auto* r : {&strict, &lenient}) {
    if (*r) {
      FUZZ_CHECK(is_ascii(**r));
    } else {
      FUZZ_CHECK(r->error().code == error_code::idna_failed);
      FUZZ_CHECK(r->error().offset <= input.size());
    }
  }
  if (strict) FUZZ_CHECK(lenient && *lenient == *strict);

  const auto shown = host_to_unicode(input, host_options{idna_mode::idna2003, true});
  FUZZ_CHECK(shown.has_value());
  if (lenient) {
    const auto back = host_to_unicode(*lenient, host_options{idna_mode::idna2003, true});
    FUZZ_CHECK(back.has_value());
    // An ASCII "xn--" label is kept by ToASCII unchecked (RFC 3490 §4.1 steps 1, 3), and its
    // decoding may hold a full stop that splits it on the way back: compared only without one.
    if (!has_full_stop(*back)) {
      const auto again = host_to_ascii(*back, host_options{idna_mode::idna2003, true});
      FUZZ_CHECK(again && lower_ascii(*again) == lower_ascii(*lenient));
    }
  }

#if IRIKIT_HAVE_ICU
  if (!input.empty() && comparable(input)) {
    for (bool allow : {false, true}) {
      std::string icu;
      const bool ok = icu_to_ascii(input, allow, icu);
      const auto& ours = allow ? lenient : strict;
      FUZZ_CHECK(ok == static_cast<bool>(ours));
      if (ok) FUZZ_CHECK(icu == *ours);
    }
  }
#endif
  return 0;
}
