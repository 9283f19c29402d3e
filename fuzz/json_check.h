// SPDX-License-Identifier: MIT OR Apache-2.0
// json_check.h — a strict little JSON reader for the CLI fuzz target: validates one JSON value
// (RFC 8259: no trailing commas, no raw control characters in strings, well-formed UTF-8) and
// gives back the decoded top-level string members, so the target can check that nothing of the
// input line was lost.
#ifndef IRIKIT_FUZZ_JSON_CHECK_H
#define IRIKIT_FUZZ_JSON_CHECK_H

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace irikit_fuzz {

class json_reader {
 public:
  explicit json_reader(std::string_view text) : s_(text) {}

  /// True when the whole text is exactly one JSON object (whitespace around it allowed).
  bool read_object_document() {
    skip_ws();
    if (!object(0)) return false;
    skip_ws();
    return i_ == s_.size();
  }
  /// Top-level string members, decoded.
  const std::map<std::string, std::string>& strings() const { return strings_; }

 private:
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    skip_ws();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  static void append_utf8(std::string& out, unsigned cp) {
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
  bool hex4(unsigned& v) {
    if (i_ + 4 > s_.size()) return false;
    v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= static_cast<unsigned>(c - 'A' + 10);
      else
        return false;
    }
    return true;
  }
  bool string(std::string& out) {
    skip_ws();
    if (i_ >= s_.size() || s_[i_] != '"') return false;
    ++i_;
    while (i_ < s_.size()) {
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        if (++i_ >= s_.size()) return false;
        const char e = s_[i_++];
        switch (e) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            unsigned v;
            if (!hex4(v)) return false;
            if (v >= 0xD800 && v <= 0xDBFF) {
              unsigned low;
              if (i_ + 2 > s_.size() || s_[i_] != '\\' || s_[i_ + 1] != 'u') return false;
              i_ += 2;
              if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
              v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00);
            } else if (v >= 0xDC00 && v <= 0xDFFF) {
              return false;
            }
            append_utf8(out, v);
            break;
          }
          default:
            return false;
        }
        continue;
      }
      // Raw UTF-8: must be well-formed.
      std::size_t len = c < 0x80                   ? 1
                        : (c >= 0xC2 && c <= 0xDF) ? 2
                        : (c >= 0xE0 && c <= 0xEF) ? 3
                        : (c >= 0xF0 && c <= 0xF4) ? 4
                                                   : 0;
      if (len == 0 || i_ + len > s_.size()) return false;
      unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
      for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s_[i_ + k]);
        if ((b & 0xC0) != 0x80) return false;
        cp = (cp << 6) | (b & 0x3Fu);
      }
      const unsigned min = len == 2 ? 0x80 : len == 3 ? 0x800 : len == 4 ? 0x10000 : 0;
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
      out.append(s_.substr(i_, len));
      i_ += len;
    }
    return false;
  }
  bool number() {
    skip_ws();
    const std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ >= s_.size()) return false;
    if (s_[i_] == '0') {
      ++i_;
    } else if (s_[i_] >= '1' && s_[i_] <= '9') {
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    } else {
      return false;
    }
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      const std::size_t d = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == d) return false;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      const std::size_t d = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == d) return false;
    }
    return i_ > start;
  }
  bool literal(std::string_view word) {
    skip_ws();
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  bool value(int depth, std::string* string_out) {
    if (depth > 64) return false;
    skip_ws();
    if (i_ >= s_.size()) return false;
    switch (s_[i_]) {
      case '{':
        return object(depth + 1);
      case '[':
        return array(depth + 1);
      case '"': {
        std::string tmp;
        return string(string_out ? *string_out : tmp);
      }
      case 't':
        return literal("true");
      case 'f':
        return literal("false");
      case 'n':
        return literal("null");
      default:
        return number();
    }
  }
  bool array(int depth) {
    if (!eat('[')) return false;
    if (eat(']')) return true;
    do {
      if (!value(depth, nullptr)) return false;
    } while (eat(','));
    return eat(']');
  }
  bool object(int depth) {
    if (!eat('{')) return false;
    if (eat('}')) return true;
    do {
      std::string key;
      if (!string(key) || !eat(':')) return false;
      skip_ws();
      if (depth == 0 && i_ < s_.size() && s_[i_] == '"') {
        std::string v;
        if (!value(depth, &v)) return false;
        strings_[key] = v;
      } else if (!value(depth, nullptr)) {
        return false;
      }
    } while (eat(','));
    return eat('}');
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::map<std::string, std::string> strings_;
};

}  // namespace irikit_fuzz

#endif  // IRIKIT_FUZZ_JSON_CHECK_H
