// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_legacy_encoding — every decoder and encoder of the WHATWG Encoding Standard of our own
// (src/unicode/encoding.h), the RFC side's charsets over it (src/unicode/charset.h) and the URL
// Standard's query encoding (whatwg::parse with an encoding). The first byte chooses the encoding
// (of the 40), the second what is run on the rest:
//   0 decode: the output is valid UTF-8; an error is inside the input, and the bytes before it
//     decode without error to exactly the output written before it; where the text has an encoder,
//     encoding it and decoding the bytes again is the identity on those bytes (encode ∘ decode), and
//     the text itself comes back for the encodings whose indexes have one pointer per code point;
//   1 encode: the rest read as UTF-8 (well-formed or not); an unmappable code point is inside the
//     text and the text before it encodes; the bytes decode back to the text when all was mapped;
//   2 the RFC side: decode_charset / encode_charset under one of the RFC-only names or the
//     encoding's name, with whitespace and case changed (same answer as the plain name);
//   3 the URL Standard's query encoding: whatwg::parse("http://h/?" + text) with the encoding's
//     label: a query of ASCII only, with "%26%23" N "%3B" for each unmappable code point.
// No crash and no read past the input (ASan in the fuzz build: the input is copied to a buffer of
// its own size).
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "irikit/encoding.h"
#include "irikit/whatwg.h"
#include "unicode/charset.h"
#include "unicode/encoding.h"

namespace {

using irikit::unicode::encoding;

/// The whole input, for FUZZ_CHECK's report.
std::string_view fuzz_input;

bool valid_utf8(std::string_view s) { return irikit::validate_utf8(s).has_value(); }

/// The encodings whose decoders and encoders are inverse on every decoded text.
bool round_trips(encoding e) {
  return e == encoding::utf_8 || e == encoding::euc_kr || e == encoding::gb18030 ||
         e == encoding::x_user_defined || (e >= encoding::ibm866 && e <= encoding::x_mac_cyrillic);
}

void check_decode(std::string_view input, encoding e) {
  std::string out;
  const auto error = irikit::unicode::decode(input, e, out);
  FUZZ_CHECK(valid_utf8(out), "decoder output is not UTF-8");
  if (error) {
    FUZZ_CHECK(*error < input.size() || (input.empty() && *error == 0), "error offset past the input");
    std::string before;
    FUZZ_CHECK(!irikit::unicode::decode(input.substr(0, *error), e, before),
               "the bytes before the error do not decode");
    FUZZ_CHECK(before == out, "output before the error differs");
    return;
  }
  if (!irikit::unicode::has_encoder(e)) return;
  const auto bytes = irikit::unicode::encode_all(out, e);
  if (!bytes) return;  // e.g. Shift_JIS's EUDC, Big5's HKSCS: decoded, never encoded
  std::string again;
  FUZZ_CHECK(!irikit::unicode::decode(*bytes, e, again), "the encoder's bytes do not decode");
  FUZZ_CHECK(irikit::unicode::encode_all(again, e) == bytes, "encode(decode(encode(t))) != encode(t)");
  if (round_trips(e)) FUZZ_CHECK(again == out, "decode(encode(t)) != t");
}

void check_encode(std::string_view text, encoding e) {
  if (!irikit::unicode::has_encoder(e)) return;
  irikit::unicode::unmappable bad{};
  const auto bytes = irikit::unicode::encode_all(text, e, &bad);
  if (!bytes) {
    FUZZ_CHECK(bad.offset < text.size() && bad.length > 0 && bad.offset + bad.length <= text.size(),
               "unmappable outside the text");
    FUZZ_CHECK(irikit::unicode::encode_all(text.substr(0, bad.offset), e).has_value(),
               "the text before the unmappable code point does not encode");
    return;
  }
  FUZZ_CHECK(valid_utf8(text), "ill-formed UTF-8 was encoded");
  std::string back;
  FUZZ_CHECK(!irikit::unicode::decode(*bytes, e, back), "the encoder's bytes do not decode");
  if (round_trips(e)) FUZZ_CHECK(back == text, "decode(encode(t)) != t");
}

void check_rfc(std::string_view rest, encoding e, unsigned char selector) {
  static constexpr std::string_view k_names[] = {"ISO-8859-1", "US-ASCII", "UTF-16",
                                                 "UTF-32",     "UTF-32BE", "UTF-32LE"};
  const std::string name(selector % 8 < 6 ? k_names[selector % 8] : irikit::unicode::encoding_name(e));
  std::string decorated = " \t" + name + "\r\n";
  for (char& c : decorated) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
  const auto decoded = irikit::unicode::decode_charset(rest, name);
  const auto decoded2 = irikit::unicode::decode_charset(rest, decorated);
  FUZZ_CHECK(decoded.has_value() == decoded2.has_value(), "decorated name answers otherwise");
  if (decoded) {
    FUZZ_CHECK(valid_utf8(*decoded) && *decoded == *decoded2, "decode_charset output");
  } else {
    FUZZ_CHECK(decoded.error().offset <= rest.size(), "decode_charset offset past the input");
  }
  const auto encoded = irikit::unicode::encode_charset(rest, name);
  if (!encoded) {
    FUZZ_CHECK(encoded.error().offset < rest.size(), "encode_charset offset past the input");
  } else if (name != "replacement") {  // replacement encodes as UTF-8 and decodes nothing (§15.1)
    const auto back = irikit::unicode::decode_charset(*encoded, name);
    FUZZ_CHECK(back.has_value(), "encode_charset's bytes do not decode");
  }
}

void check_query(std::string_view text, encoding e) {
  const std::string input = "http://h/?" + std::string(text);
  const auto u = irikit::whatwg::parse(input, nullptr, nullptr, irikit::unicode::encoding_name(e));
  if (!u) return;
  for (const char c : u->search()) {
    FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80, "non-ASCII byte in the encoded query");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  fuzz_input = std::string_view(reinterpret_cast<const char*>(data), size);
  const auto e = static_cast<encoding>(data[0] % irikit::unicode::encoding_count);
  const unsigned char mode = data[1];
  // A buffer of exactly the rest's size, so that ASan sees any read past it.
  const std::size_t n = size - 2;
  char* buffer = new char[n == 0 ? 1 : n];
  if (n > 0) std::memcpy(buffer, data + 2, n);
  const std::string_view rest(buffer, n);
  switch (mode % 4) {
    case 0:
      check_decode(rest, e);
      break;
    case 1:
      check_encode(rest, e);
      break;
    case 2:
      check_rfc(rest, e, mode / 4);
      break;
    default:
      check_query(rest, e);
      break;
  }
  delete[] buffer;
  return 0;
}
