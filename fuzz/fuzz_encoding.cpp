// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_encoding — the UTF-8 / UTF-16 / UTF-32 entry points against a naive reference decoder
// written here from the RFC 3629 §4 table:
//   - validate_utf8 accepts exactly the strictly valid inputs and reports the first bad sequence;
//   - utf16_to_utf8 / utf32_to_utf8 give the reference's output or fail at the reference's first
//     unpaired surrogate / bad value; their output is valid UTF-8 and converts back.
// The first input byte chooses the view: UTF-8 bytes, UTF-16 code units, UTF-32 code units
// (little-endian on every target, big-endian ones too), so one corpus covers all three.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "irikit/encoding.h"

namespace {

using namespace irikit;

// The reference: returns the offset of the first invalid sequence, or nullopt. Deliberately
// written as the RFC 3629 table of well-formed byte sequences, nothing clever.
std::optional<std::size_t> naive_first_invalid_utf8(std::string_view s, std::vector<char32_t>* out) {
  std::size_t i = 0;
  const auto b = [&](std::size_t k) { return static_cast<unsigned>(static_cast<unsigned char>(s[k])); };
  const auto in = [](unsigned v, unsigned lo, unsigned hi) { return v >= lo && v <= hi; };
  while (i < s.size()) {
    const unsigned b0 = b(i);
    std::size_t len = 0;
    unsigned lo1 = 0x80, hi1 = 0xBF;
    if (b0 <= 0x7F) {
      len = 1;
    } else if (in(b0, 0xC2, 0xDF)) {
      len = 2;
    } else if (b0 == 0xE0) {
      len = 3, lo1 = 0xA0;
    } else if (in(b0, 0xE1, 0xEC) || in(b0, 0xEE, 0xEF)) {
      len = 3;
    } else if (b0 == 0xED) {
      len = 3, hi1 = 0x9F;
    } else if (b0 == 0xF0) {
      len = 4, lo1 = 0x90;
    } else if (in(b0, 0xF1, 0xF3)) {
      len = 4;
    } else if (b0 == 0xF4) {
      len = 4, hi1 = 0x8F;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    char32_t cp = len == 1 ? b0 : len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (std::size_t k = 1; k < len; ++k) {
      const unsigned lo = k == 1 ? lo1 : 0x80, hi = k == 1 ? hi1 : 0xBF;
      if (!in(b(i + k), lo, hi)) return i;
      cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if (out) out->push_back(cp);
    i += len;
  }
  return std::nullopt;
}

void naive_append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool is_utf8_error(error_code c) {
  return c >= error_code::utf8_invalid_byte && c <= error_code::utf8_out_of_range;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) {
    FUZZ_CHECK(validate_utf8({}).has_value());
    return 0;
  }
  const unsigned mode = data[0] % 3;
  const std::string_view payload = fuzz_input.substr(1);

  if (mode == 0) {
    std::vector<char32_t> code_points;
    const auto expected = naive_first_invalid_utf8(payload, &code_points);
    const auto got = validate_utf8(payload);
    FUZZ_CHECK(got.has_value() == !expected.has_value());
    if (!got) {
      FUZZ_CHECK(got.error().offset == *expected);
      FUZZ_CHECK(is_utf8_error(got.error().code));
      // The same error from a suffix that starts at the bad sequence.
      const auto again = validate_utf8(payload.substr(*expected));
      FUZZ_CHECK(!again && again.error().code == got.error().code && again.error().offset == 0);
    } else {
      // Valid UTF-8 goes through UTF-16 and UTF-32 unchanged.
      std::u16string u16;
      for (char32_t cp : code_points) {
        if (cp >= 0x10000) {
          u16 += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
          u16 += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
          u16 += static_cast<char16_t>(cp);
        }
      }
      const auto from16 = utf16_to_utf8(u16);
      FUZZ_CHECK(from16.has_value() && *from16 == payload);
      const auto from32 = utf32_to_utf8(std::u32string(code_points.begin(), code_points.end()));
      FUZZ_CHECK(from32.has_value() && *from32 == payload);
    }
    return 0;
  }

  if (mode == 1) {
    std::u16string units(payload.size() / 2, u'\0');
    for (std::size_t k = 0; k < units.size(); ++k) {
      units[k] = static_cast<char16_t>(static_cast<unsigned char>(payload[2 * k]) |
                                       (static_cast<unsigned char>(payload[2 * k + 1]) << 8));
    }
    std::string expected;
    std::optional<std::size_t> bad;
    for (std::size_t k = 0; k < units.size(); ++k) {
      const char32_t u = units[k];
      if (u >= 0xD800 && u <= 0xDBFF && k + 1 < units.size() && units[k + 1] >= 0xDC00 &&
          units[k + 1] <= 0xDFFF) {
        naive_append_utf8(expected, 0x10000 + ((u - 0xD800) << 10) + (units[k + 1] - 0xDC00));
        ++k;
      } else if (u >= 0xD800 && u <= 0xDFFF) {
        bad = k;
        break;
      } else {
        naive_append_utf8(expected, u);
      }
    }
    const auto got = utf16_to_utf8(units);
    FUZZ_CHECK(got.has_value() == !bad.has_value());
    if (got) {
      FUZZ_CHECK(*got == expected);
      FUZZ_CHECK(validate_utf8(*got).has_value());
    } else {
      FUZZ_CHECK(got.error().code == error_code::invalid_utf16 && got.error().offset == *bad);
    }
    return 0;
  }

  std::u32string units(payload.size() / 4, U'\0');
  for (std::size_t k = 0; k < units.size(); ++k) {  // little-endian on every target, as UTF-16 above
    const auto* b = reinterpret_cast<const unsigned char*>(payload.data() + 4 * k);
    units[k] = static_cast<char32_t>(b[0] | b[1] << 8 | b[2] << 16 | std::uint32_t{b[3]} << 24);
  }
  std::string expected;
  std::optional<std::size_t> bad;
  for (std::size_t k = 0; k < units.size(); ++k) {
    if ((units[k] >= 0xD800 && units[k] <= 0xDFFF) || units[k] > 0x10FFFF) {
      bad = k;
      break;
    }
    naive_append_utf8(expected, units[k]);
  }
  const auto got = utf32_to_utf8(units);
  FUZZ_CHECK(got.has_value() == !bad.has_value());
  if (got) {
    FUZZ_CHECK(*got == expected);
    FUZZ_CHECK(validate_utf8(*got).has_value());
  } else {
    FUZZ_CHECK(got.error().code == error_code::invalid_utf32 && got.error().offset == *bad);
  }
  return 0;
}
