// SPDX-License-Identifier: MIT OR Apache-2.0
#include "json.h"

#include <cassert>
#include <utility>

namespace iri_tool {
namespace {

constexpr char hex_digits[] = "0123456789abcdef";

/// Whether `byte` needs escaping in a JSON string (RFC 8259 §7, plus DEL for readability).
bool needs_escape(unsigned char byte) { return byte < 0x20 || byte == '"' || byte == '\\' || byte == 0x7F; }

/// The code point of the well-formed `n`-byte sequence at `text[i]` when it is a bidi formatting
/// character (RFC 3987 §4.1: U+061C ALM, U+200E LRM, U+200F RLM, U+202A–U+202E LRE…RLO, U+2066–U+2069
/// LRI…PDI), else 0.
char32_t bidi_format_char(std::string_view text, std::size_t i, std::size_t n) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  if (n == 2 && byte(0) == 0xD8 && byte(1) == 0x9C) return 0x061C;
  if (n != 3 || byte(0) != 0xE2) return 0;
  const char32_t c = 0x2000 | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
  const bool bidi =
      c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
  return bidi ? c : 0;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t pos) noexcept {
  // RFC 3629 §4 UTF8-char, byte by byte.
  const auto at = [&](std::size_t i) -> int {
    return pos + i < text.size() ? static_cast<unsigned char>(text[pos + i]) : -1;
  };
  const int lead = at(0);
  if (lead < 0) return 0;
  if (lead < 0x80) return 1;
  if (lead < 0xC2) return 0;  // continuation byte, or overlong C0/C1
  const auto in = [](int byte, int low, int high) { return byte >= low && byte <= high; };
  if (lead < 0xE0) return in(at(1), 0x80, 0xBF) ? 2 : 0;
  if (lead < 0xF0) {
    const int low = lead == 0xE0 ? 0xA0 : 0x80;   // no overlong forms
    const int high = lead == 0xED ? 0x9F : 0xBF;  // no surrogates
    return in(at(1), low, high) && in(at(2), 0x80, 0xBF) ? 3 : 0;
  }
  if (lead < 0xF5) {
    const int low = lead == 0xF0 ? 0x90 : 0x80;   // no overlong forms
    const int high = lead == 0xF4 ? 0x8F : 0xBF;  // nothing above U+10FFFF
    return in(at(1), low, high) && in(at(2), 0x80, 0xBF) && in(at(3), 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

bool is_valid_utf8(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = utf8_sequence_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

bool append_json_string(std::string& out, std::string_view text) {
  bool valid = true;
  out.push_back('"');
  std::size_t run = 0;  // start of the bytes not yet copied
  std::size_t i = 0;
  const auto flush = [&] { out.append(text.data() + run, i - run); };
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (!needs_escape(byte)) {
        ++i;
        continue;
      }
      flush();
      if (byte == '"' || byte == '\\') {
        out.push_back('\\');
        out.push_back(static_cast<char>(byte));
      } else {
        out.append("\\u00");
        out.push_back(hex_digits[byte >> 4]);
        out.push_back(hex_digits[byte & 0xF]);
      }
      run = ++i;
      continue;
    }
    const std::size_t n = utf8_sequence_length(text, i);
    if (n != 0) {
      if (const char32_t c = bidi_format_char(text, i, n); c != 0) {
        // Invisible, and it would reorder the rest of the line in a terminal: \uXXXX instead.
        flush();
        out.append("\\u");
        for (int shift = 12; shift >= 0; shift -= 4) out.push_back(hex_digits[(c >> shift) & 0xF]);
        run = i += n;
        continue;
      }
      i += n;
      continue;
    }
    flush();
    out.append("\xEF\xBF\xBD");  // U+FFFD REPLACEMENT CHARACTER, for this one byte
    valid = false;
    run = ++i;
  }
  flush();
  out.push_back('"');
  return valid;
}

void append_hex(std::string& out, std::string_view bytes) {
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(hex_digits[byte >> 4]);
    out.push_back(hex_digits[byte & 0xF]);
  }
}

// --- json_builder ---------------------------------------------------------------------------

void json_builder::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_.push_back(',');
    first_.back() = false;
  }
}

json_builder& json_builder::begin_object() {
  before_value();
  out_.push_back('{');
  first_.push_back(true);
  return *this;
}

json_builder& json_builder::end_object() {
  assert(!first_.empty() && !after_key_);
  out_.push_back('}');
  first_.pop_back();
  return *this;
}

json_builder& json_builder::begin_array() {
  before_value();
  out_.push_back('[');
  first_.push_back(true);
  return *this;
}

json_builder& json_builder::end_array() {
  assert(!first_.empty());
  out_.push_back(']');
  first_.pop_back();
  return *this;
}

json_builder& json_builder::key(std::string_view name) {
  before_value();
  append_json_string(out_, name);
  out_.push_back(':');
  after_key_ = true;
  return *this;
}

json_builder& json_builder::value(std::string_view text) {
  before_value();
  append_json_string(out_, text);
  return *this;
}

json_builder& json_builder::value(std::int64_t number) {
  before_value();
  out_.append(std::to_string(number));
  return *this;
}

json_builder& json_builder::value(bool flag) {
  before_value();
  out_.append(flag ? "true" : "false");
  return *this;
}

json_builder& json_builder::null() {
  before_value();
  out_.append("null");
  return *this;
}

std::string json_builder::take() {
  first_.clear();
  after_key_ = false;
  return std::exchange(out_, std::string());
}

}  // namespace iri_tool
