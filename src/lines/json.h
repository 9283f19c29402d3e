// SPDX-License-Identifier: MIT OR Apache-2.0
// json.h — the JSON the `iri` tool writes: string escaping that never loses a byte, and a small
// builder for nested values (arrays of objects such as lint findings).
#ifndef IRI_TOOL_JSON_H
#define IRI_TOOL_JSON_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace iri_tool {

/// The length of the well-formed UTF-8 sequence (RFC 3629 §4) that starts at `text[pos]`, or 0
/// when the bytes there are not one (stray continuation byte, overlong form, surrogate, code point
/// above U+10FFFF, truncated sequence).
std::size_t utf8_sequence_length(std::string_view text, std::size_t pos) noexcept;

/// Whether `text` is entirely well-formed UTF-8.
bool is_valid_utf8(std::string_view text) noexcept;

/// Appends `text` as a quoted JSON string: `"` and `\` are escaped with a backslash, control
/// characters (U+0000–U+001F, U+007F) and the invisible bidi formatting characters (U+061C,
/// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as \uXXXX, other well-formed UTF-8 is copied as
/// is and every byte
/// that is not part of a well-formed sequence becomes U+FFFD. Returns false when a byte was
/// replaced (the caller then adds the exact bytes with `append_hex`).
bool append_json_string(std::string& out, std::string_view text);

/// Appends the bytes of `bytes` as lowercase hexadecimal, two digits per byte.
void append_hex(std::string& out, std::string_view bytes);

/// Builds one JSON value, commas included:
///
///   json_builder b;
///   b.begin_array();
///   b.begin_object().key("rule").value("bidi").key("offset").value(3).end_object();
///   b.end_array();
///   record.add_raw("findings", b.take());   // [{"rule":"bidi","offset":3}]
class json_builder {
 public:
  json_builder& begin_object();
  json_builder& end_object();
  json_builder& begin_array();
  json_builder& end_array();
  /// A key inside an object; the next call writes its value.
  json_builder& key(std::string_view name);
  json_builder& value(std::string_view text);
  json_builder& value(const char* text) { return value(std::string_view(text)); }
  json_builder& value(std::int64_t number);
  json_builder& value(int number) { return value(static_cast<std::int64_t>(number)); }
  json_builder& value(bool flag);
  json_builder& null();
  /// The JSON text built so far; the builder is empty afterwards.
  std::string take();

 private:
  void before_value();

  std::string out_;
  std::vector<bool> first_;  ///< per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace iri_tool

#endif  // IRI_TOOL_JSON_H
