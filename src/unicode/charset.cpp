// SPDX-License-Identifier: MIT OR Apache-2.0
// Legacy charsets through ICU converters (see charset.h). Converters are opened per call with the
// STOP callbacks, so that malformed input and unmappable characters are errors, never silent
// substitutions.
#include "unicode/charset.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/unistr.h>

#include <memory>
#include <vector>

namespace irikit::unicode {
namespace {

struct converter_closer {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using converter_ptr = std::unique_ptr<UConverter, converter_closer>;

converter_ptr open_converter(std::string_view name) {
  if (name.empty()) return nullptr;  // ucnv_open("") would open the platform default
  for (char c : name) {
    if (c == '\0') return nullptr;
  }
  UErrorCode status = U_ZERO_ERROR;
  converter_ptr c(ucnv_open(std::string(name).c_str(), &status));
  if (U_FAILURE(status)) return nullptr;
  return c;
}

bool is_conversion_error(UErrorCode status) {
  return status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND ||
         status == U_TRUNCATED_CHAR_FOUND || status == U_ILLEGAL_ESCAPE_SEQUENCE ||
         status == U_UNSUPPORTED_ESCAPE_SEQUENCE;
}

}  // namespace

bool is_known_charset(std::string_view name) { return open_converter(name) != nullptr; }

bool is_ucs_charset(std::string_view name) {
  const converter_ptr c = open_converter(name);
  if (!c) return false;
  UErrorCode status = U_ZERO_ERROR;
  const std::string_view canonical = ucnv_getName(c.get(), &status);
  if (U_FAILURE(status)) return false;
  return canonical.starts_with("UTF") || canonical == "CESU-8" || canonical == "SCSU" ||
         canonical == "BOCU-1";
}

result<std::string> decode_charset(std::string_view bytes, std::string_view name) {
  const converter_ptr c = open_converter(name);
  if (!c) return parse_error{error_code::unknown_charset, 0};
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setToUCallBack(c.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  std::vector<UChar> buffer(bytes.size() * 2 + 16);
  const char* source = bytes.data();
  const char* const source_limit = bytes.data() + bytes.size();
  icu::UnicodeString text;
  for (;;) {
    UChar* target = buffer.data();
    status = U_ZERO_ERROR;
    ucnv_toUnicode(c.get(), &target, buffer.data() + buffer.size(), &source, source_limit, nullptr, true,
                   &status);
    text.append(buffer.data(), static_cast<int32_t>(target - buffer.data()));
    if (status == U_BUFFER_OVERFLOW_ERROR) continue;
    break;
  }
  if (U_FAILURE(status)) {
    if (!is_conversion_error(status)) return parse_error{error_code::charset_decode_failed, 0};
    char invalid[32];
    int8_t invalid_length = sizeof invalid;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidChars(c.get(), invalid, &invalid_length, &ignored);
    if (U_FAILURE(ignored)) invalid_length = 0;
    std::ptrdiff_t offset = (source - bytes.data()) - invalid_length;
    if (offset < 0) offset = 0;
    return parse_error{error_code::charset_decode_failed, static_cast<std::uint32_t>(offset)};
  }
  std::string utf8;
  text.toUTF8String(utf8);
  return utf8;
}

result<std::string> encode_charset(std::string_view utf8, std::string_view name) {
  const converter_ptr c = open_converter(name);
  if (!c) return parse_error{error_code::unknown_charset, 0};
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setFromUCallBack(c.get(), UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  const icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  const UChar* const begin = text.getBuffer();
  const UChar* source = begin;
  const UChar* const source_limit = begin + text.length();
  std::vector<char> buffer(static_cast<std::size_t>(text.length()) * ucnv_getMaxCharSize(c.get()) + 16);
  std::string out;
  for (;;) {
    char* target = buffer.data();
    status = U_ZERO_ERROR;
    ucnv_fromUnicode(c.get(), &target, buffer.data() + buffer.size(), &source, source_limit, nullptr, true,
                     &status);
    out.append(buffer.data(), static_cast<std::size_t>(target - buffer.data()));
    if (status == U_BUFFER_OVERFLOW_ERROR) continue;
    break;
  }
  if (U_FAILURE(status)) {
    UChar invalid[8];
    int8_t invalid_length = 8;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidUChars(c.get(), invalid, &invalid_length, &ignored);
    if (U_FAILURE(ignored)) invalid_length = 0;
    std::ptrdiff_t index = (source - begin) - invalid_length;
    if (index < 0) index = 0;
    // Map the UTF-16 index back to a UTF-8 byte offset.
    std::size_t units = 0;
    std::size_t offset = 0;
    while (offset < utf8.size() && units < static_cast<std::size_t>(index)) {
      const auto b = static_cast<unsigned char>(utf8[offset]);
      const std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      units += len == 4 ? 2 : 1;
      offset += len;
    }
    return parse_error{error_code::charset_unmappable, static_cast<std::uint32_t>(offset)};
  }
  return out;
}

}  // namespace irikit::unicode
