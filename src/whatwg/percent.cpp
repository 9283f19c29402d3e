// SPDX-License-Identifier: MIT OR Apache-2.0
// Percent-encoding (URL Standard §1.3) and the UTF-8 decode the Standard's input goes through.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "unicode/encoding.h"
#include "whatwg/internal.h"

namespace irikit::whatwg {
namespace detail {
namespace {

/// One bit per percent-encode set for every ASCII byte (§1.3); bytes >= 0x80 are in every set.
constexpr std::array<std::uint8_t, 128> make_sets() {
  std::array<std::uint8_t, 128> t{};
  const auto add = [&t](encode_set s, std::string_view chars) {
    for (const char c : chars) t[static_cast<unsigned char>(c)] |= static_cast<std::uint8_t>(1u << int(s));
  };
  const auto all_from = [&](encode_set first, std::string_view chars) {
    // The sets after `first` in the chain c0 ⊂ query ⊂ special-query, query ⊂ path ⊂ userinfo ⊂
    // component ⊂ form-urlencoded also contain `chars`.
    add(first, chars);
    switch (first) {
      case encode_set::query:
        add(encode_set::special_query, chars);
        [[fallthrough]];
      case encode_set::path:
        add(encode_set::path, chars);
        [[fallthrough]];
      case encode_set::userinfo:
        add(encode_set::userinfo, chars);
        [[fallthrough]];
      case encode_set::component:
        add(encode_set::component, chars);
        [[fallthrough]];
      case encode_set::form_urlencoded:
        add(encode_set::form_urlencoded, chars);
        break;
      default:
        break;
    }
  };
  // C0 control percent-encode set: C0 controls and code points greater than U+007E.
  for (int c = 0; c < 0x20; ++c) {
    for (int s = 0; s <= int(encode_set::form_urlencoded); ++s) t[c] |= static_cast<std::uint8_t>(1u << s);
  }
  for (int s = 0; s <= int(encode_set::form_urlencoded); ++s) t[0x7F] |= static_cast<std::uint8_t>(1u << s);
  add(encode_set::fragment, " \"<>`");
  all_from(encode_set::query, " \"#<>");
  add(encode_set::special_query, "'");
  all_from(encode_set::path, "?^`{}");
  all_from(encode_set::userinfo, "/:;=@[\\]|");
  all_from(encode_set::component, "$%&+,");
  add(encode_set::form_urlencoded, "!'()~");
  return t;
}

constexpr std::array<std::uint8_t, 128> k_sets = make_sets();
constexpr char k_hex[] = "0123456789ABCDEF";

}  // namespace

bool in_encode_set(unsigned char c, encode_set set) noexcept {
  return c >= 0x80 || (k_sets[c] >> int(set) & 1u) != 0;
}

void percent_encode_into(std::string_view input, encode_set set, std::string& out) {
  std::size_t kept = 0;  // input[kept, i) is appended as it is, in one piece
  // in blocks of cancel_poll_bytes, a poll before each (and each block's copy made before the
  // next poll, into room reserved once): a stop leaves `out` short, which the operation's
  // cancel_scope then drops
  if (input.size() > cancel_poll_bytes) out.reserve(out.size() + input.size());
  irikit::detail::cancel_poll poll(0, input.size());
  for (std::size_t i = 0; i < input.size();) {
    if (poll(i)) [[unlikely]]
      return;
    for (const std::size_t stop = irikit::detail::block_end(i, input.size()); i < stop; ++i) {
      const auto c = static_cast<unsigned char>(input[i]);
      if (in_encode_set(c, set)) {
        out.append(input.data() + kept, i - kept);
        const char encoded[3] = {'%', k_hex[c >> 4], k_hex[c & 15]};
        out.append(encoded, 3);
        kept = i + 1;
      }
    }
    out.append(input.data() + kept, i - kept);
    kept = i;
  }
}

std::size_t percent_encoded_size(std::string_view input, encode_set set) noexcept {
  std::size_t size = input.size();
  irikit::detail::cancel_poll poll(0, input.size());  // a stop: the size so far (the edit is not made)
  for (std::size_t i = 0; i < input.size();) {
    if (poll(i)) [[unlikely]]
      return size;
    for (const std::size_t stop = irikit::detail::block_end(i, input.size()); i < stop; ++i)
      size += in_encode_set(static_cast<unsigned char>(input[i]), set) ? 2 : 0;
  }
  return size;
}

void percent_encode_to(std::string_view input, encode_set set, char* out) noexcept {
  for (const char ch : input) {
    const auto c = static_cast<unsigned char>(ch);
    if (in_encode_set(c, set)) {
      *out++ = '%';
      *out++ = k_hex[c >> 4];
      *out++ = k_hex[c & 15];
    } else {
      *out++ = ch;
    }
  }
}

// §1.3 "percent-encode after encoding" with a legacy encoding: the Encoding Standard's encoder
// (unicode/encoding.h) runs "encode or fail" (Encoding §4.6); its bytes are percent-encoded in
// `set`, and each code point it cannot represent becomes "%26%23" N "%3B" (the "&#N;" of the
// Standard, always percent-encoded), after which encoding goes on with the encoder's state as the
// error left it. `encoding` is a label ("get an encoding", then "get an output encoding", Encoding
// §4.2–4.3); an unknown one means UTF-8 (bindings check labels first: whatwg::encoding_for_label).
void percent_encode_after_encoding(std::string_view input, std::string_view encoding, encode_set set,
                                   std::string& out) {
  const auto found = encoding.empty() ? std::nullopt : unicode::get_encoding(encoding);
  const unicode::encoding e = found ? unicode::get_output_encoding(*found) : unicode::encoding::utf_8;
  if (e == unicode::encoding::utf_8) return percent_encode_into(input, set, out);
  unicode::encoder encoder(e);
  std::string bytes;
  for (;;) {
    bytes.clear();
    const auto bad = encoder.encode(input, bytes);
    if (!bad) encoder.finish(bytes);
    percent_encode_into(bytes, set, out);
    if (!bad) return;
    out += "%26%23";
    out += std::to_string(static_cast<std::uint32_t>(bad->code_point));
    out += "%3B";
    input.remove_prefix(bad->offset + bad->length);
  }
}

std::optional<std::string> replace_ill_formed_utf8(std::string_view input,
                                                   std::vector<replacement>* replaced) {
  std::size_t i = 0;
  const std::size_t n = input.size();
  irikit::detail::cancel_poll poll(0, n);
  // Cancelled (the thread's hook said stop): an empty text, well-formed, that the operation drops.
  bool stopped = false;
  const auto ascii_run = [&] {  // in blocks of cancel_poll_bytes, asking the cancellation hook between them
    while (i < n) {
      if (poll(i)) {
        stopped = true;
        return;
      }
      const std::size_t stop = std::min(n, i + cancel_poll_bytes);
      while (i < stop && static_cast<unsigned char>(input[i]) < 0x80) ++i;
      if (i < stop) break;
    }
  };
  ascii_run();
  // Find the first ill-formed sequence; nothing to do without one.
  for (; i < n && !stopped; ascii_run()) {
    if (poll(i)) return std::string();
    const grammar::decoded d = grammar::decode_utf8(input.data(), i, n);
    if (d.code != error_code::ok) break;
    i += d.length;
  }
  if (stopped) return std::string();
  if (i == n) return std::nullopt;
  std::string out(input.substr(0, i));
  while (i < n) {
    if (poll(i)) return std::string();
    const grammar::decoded d = grammar::decode_utf8(input.data(), i, n);
    if (d.code == error_code::ok) {
      out.append(input.substr(i, d.length));
      i += d.length;
      continue;
    }
    // The maximal subpart of an ill-formed sequence becomes one U+FFFD (Encoding Standard §UTF-8
    // decoder; Unicode §3.9 "U+FFFD substitution of maximal subparts").
    std::size_t length = 1;
    const auto b0 = static_cast<unsigned char>(input[i]);
    if (d.code == error_code::utf8_truncated) {
      length = 2;
      if (b0 >= 0xF0 && i + 2 < n && grammar::is_continuation(static_cast<unsigned char>(input[i + 2])))
        length = 3;
      if (b0 < 0xE0) length = 1;  // a two-byte lead without its continuation
      if (i + 1 >= n || !grammar::is_continuation(static_cast<unsigned char>(input[i + 1]))) length = 1;
    }
    if (replaced != nullptr) replaced->push_back({out.size(), i, length});
    out += "\xEF\xBF\xBD";
    i += length;
  }
  return out;
}

std::size_t offset_before_replacement(std::size_t offset, const std::vector<replacement>& replaced) noexcept {
  const replacement* last = nullptr;
  for (const replacement& r : replaced) {
    if (offset < r.at) break;
    if (offset < r.at + 3) return r.from;  // inside the U+FFFD (3 bytes)
    last = &r;
  }
  return last == nullptr ? offset : last->from + last->length + (offset - last->at - 3);
}

void offsets_before_replacement(const std::vector<replacement>& replaced, std::size_t base, url_error* error,
                                std::vector<validation>* notes, std::size_t first_note) noexcept {
  if (replaced.empty()) return;
  const auto back = [&](std::uint32_t& at) {
    if (at >= base) at = static_cast<std::uint32_t>(base + offset_before_replacement(at - base, replaced));
  };
  if (notes != nullptr) {
    for (std::size_t k = first_note; k < notes->size(); ++k) back((*notes)[k].offset);
  }
  if (error != nullptr) back(error->offset);
}

}  // namespace detail

std::string percent_encode(std::string_view input, encode_set set, bool space_as_plus) {
  std::string out;
  out.reserve(input.size());
  if (!space_as_plus) {
    detail::percent_encode_into(input, set, out);
    return out;
  }
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= input.size(); ++i) {
    if (i == input.size() || input[i] == ' ') {
      detail::percent_encode_into(input.substr(begin, i - begin), set, out);
      if (i < input.size()) out.push_back('+');
      begin = i + 1;
    }
  }
  return out;
}

std::string percent_decode(std::string_view input) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(input.size());
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (input[i] == '%' && i + 2 < input.size() && hex(input[i + 1]) >= 0 && hex(input[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(input[i + 1]) * 16 + hex(input[i + 2])));
      i += 2;
    } else {
      out.push_back(input[i]);
    }
  }
  return out;
}

}  // namespace irikit::whatwg
