// SPDX-License-Identifier: MIT OR Apache-2.0
// The WHATWG Encoding Standard's encodings (see encoding.h). Section numbers are the Standard's
// (https://encoding.spec.whatwg.org/): §4.2 names and labels, §8 UTF-8, §9 single-byte, §10–§14
// the legacy multi-byte encodings, §15 the miscellaneous ones. The decoders read the bytes with an
// index instead of the Standard's I/O queue: "prepend byte" becomes "do not consume it", and, in
// error mode fatal, the first error ends the decode at the offset where its sequence starts.
//
// The encoders' reverse lookups ("index pointer") are built from the decode tables on first use:
// a two-level table per index (the high bits of a code point pick a block of 256 pointers + 1),
// so an encode costs two loads per non-ASCII code point; ASCII runs are copied as they are.
#include "unicode/encoding.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "grammar/utf8.h"

namespace irikit::unicode {
namespace {

struct encoding_label {
  const char* label;
  std::uint8_t number;
};

#include "unicode/tables/encoding/big5.inc"
#include "unicode/tables/encoding/euc_kr.inc"
#include "unicode/tables/encoding/gb18030.inc"
#include "unicode/tables/encoding/iso_2022_jp_katakana.inc"
#include "unicode/tables/encoding/jis0208.inc"
#include "unicode/tables/encoding/jis0212.inc"
#include "unicode/tables/encoding/labels.inc"
#include "unicode/tables/encoding/single_byte.inc"

static_assert(k_encoding_count == encoding_count);
constexpr std::size_t k_first_single_byte = static_cast<std::size_t>(encoding::ibm866);
static_assert(static_cast<std::size_t>(encoding::x_mac_cyrillic) - k_first_single_byte + 1 ==
              std::size(k_single_byte));

bool between(unsigned b, unsigned lo, unsigned hi) noexcept { return b >= lo && b <= hi; }

bool is_single_byte(encoding e) noexcept { return e >= encoding::ibm866 && e <= encoding::x_mac_cyrillic; }

// ---------------------------------------------------------------------------------------------
// Reverse lookups ("index pointer", §5)

class reverse_index {
 public:
  /// pointer + 1 for `cp`, 0 when the index has no pointer for it.
  std::uint32_t find(char32_t cp) const noexcept {
    const std::size_t high = cp >> 8;
    if (high >= k_pages) return 0;
    return blocks_[(static_cast<std::size_t>(pages_[high]) << 8) | (cp & 0xFF)];
  }

  /// Records `pointer` for `cp`: the first pointer wins unless `replace`.
  void add(char32_t cp, std::uint32_t pointer, bool replace) {
    const std::size_t high = cp >> 8;
    if (high >= k_pages) return;
    if (pages_[high] == 0) {
      pages_[high] = static_cast<std::uint16_t>(blocks_.size() >> 8);
      blocks_.resize(blocks_.size() + 256);
    }
    std::uint16_t& slot = blocks_[(static_cast<std::size_t>(pages_[high]) << 8) | (cp & 0xFF)];
    if (slot == 0 || replace) slot = static_cast<std::uint16_t>(pointer + 1);
  }

 private:
  static constexpr std::size_t k_pages = 0x300;  // up to plane 2 (Big5's astral code points)
  std::array<std::uint16_t, k_pages> pages_{};   // 0: the empty block
  std::vector<std::uint16_t> blocks_ = std::vector<std::uint16_t>(256);
};

char32_t big5_code_point(std::size_t pointer) noexcept {
  const char32_t cp = k_index_big5[pointer];
  if (cp == 0) return 0;
  return (k_index_big5_astral[pointer / 32] >> (pointer % 32)) & 1 ? cp + 0x20000 : cp;
}

template <std::size_t N>
reverse_index build_first(const std::uint16_t (&index)[N], std::uint32_t skip_from = 0,
                          std::uint32_t skip_to = 0) {
  reverse_index r;
  for (std::uint32_t p = 0; p < N; ++p) {
    if (index[p] != 0 && !(p >= skip_from && p < skip_to)) r.add(index[p], p, false);
  }
  return r;
}

// "index jis0208 pointer": EUC-JP and ISO-2022-JP (§12.1.2, §12.2.2).
const reverse_index& jis0208_reverse() {
  static const reverse_index r = build_first(k_index_jis0208);
  return r;
}

// "index Shift_JIS pointer" (§5): jis0208 without pointers 8272 to 8835 inclusive.
const reverse_index& shift_jis_reverse() {
  static const reverse_index r = build_first(k_index_jis0208, 8272, 8836);
  return r;
}

// "index Big5 pointer" (§5): big5 without the pointers below (0xA1 - 0x81) × 157 (HKSCS), the last
// pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345, the first for the others.
const reverse_index& big5_reverse() {
  static const reverse_index r = [] {
    reverse_index out;
    for (std::uint32_t p = (0xA1 - 0x81) * 157; p < std::size(k_index_big5); ++p) {
      const char32_t cp = big5_code_point(p);
      if (cp == 0) continue;
      const bool last =
          cp == 0x2550 || cp == 0x255E || cp == 0x2561 || cp == 0x256A || cp == 0x5341 || cp == 0x5345;
      out.add(cp, p, last);
    }
    return out;
  }();
  return r;
}

const reverse_index& euc_kr_reverse() {
  static const reverse_index r = build_first(k_index_euc_kr);
  return r;
}

const reverse_index& gb18030_reverse() {
  static const reverse_index r = build_first(k_index_gb18030);
  return r;
}

const reverse_index& single_byte_reverse(encoding e) {
  static const std::vector<reverse_index> all = [] {
    std::vector<reverse_index> out(std::size(k_single_byte));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = build_first(k_single_byte[i]);
    return out;
  }();
  return all[static_cast<std::size_t>(e) - k_first_single_byte];
}

// "index gb18030 ranges code point" (§5).
char32_t gb18030_ranges_code_point(std::uint32_t pointer) noexcept {
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return 0;
  if (pointer == 7457) return 0xE7C7;
  const auto* const end = std::end(k_index_gb18030_ranges);
  const auto* it = std::upper_bound(std::begin(k_index_gb18030_ranges), end, pointer,
                                    [](std::uint32_t p, const std::uint32_t(&r)[2]) { return p < r[0]; });
  --it;  // the first entry's pointer is 0
  return static_cast<char32_t>((*it)[1] + pointer - (*it)[0]);
}

// "index gb18030 ranges pointer" (§5).
std::uint32_t gb18030_ranges_pointer(char32_t cp) noexcept {
  if (cp == 0xE7C7) return 7457;
  const auto* const end = std::end(k_index_gb18030_ranges);
  const auto* it = std::upper_bound(std::begin(k_index_gb18030_ranges), end, static_cast<std::uint32_t>(cp),
                                    [](std::uint32_t c, const std::uint32_t(&r)[2]) { return c < r[1]; });
  --it;  // the first entry's code point is U+0080, and cp is not ASCII
  return (*it)[0] + static_cast<std::uint32_t>(cp) - (*it)[1];
}

// ---------------------------------------------------------------------------------------------
// Decoders (error mode fatal: the offset of the first error, or nullopt)

using failure = std::optional<std::size_t>;

const unsigned char* bytes_of(std::string_view s) noexcept {
  return reinterpret_cast<const unsigned char*>(s.data());
}

/// The decoders whose ASCII bytes are always ASCII: runs of them are copied at once, and `step`
/// decodes the sequence that starts at the non-ASCII byte b[i] (b has n bytes), appending its code
/// points to `out`: it returns the sequence's length, or 0 for an error (at i, where the sequence
/// starts; a sequence cut short by the end of the input is an error too).
template <class Step>
failure decode_with(std::string_view in, std::string& out, Step step) {
  const unsigned char* b = bytes_of(in);
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n;) {
    if (b[i] < 0x80) {
      const std::size_t start = i;
      while (i < n && b[i] < 0x80) ++i;
      out.append(in.data() + start, i - start);
      continue;
    }
    const std::size_t length = step(b, i, n, out);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

/// Appends `cp` and returns `length`, or 0 when `cp` is 0 (null: no code point).
std::size_t put(std::string& out, char32_t cp, std::size_t length) {
  if (cp == 0) return 0;
  grammar::append_utf8(out, cp);
  return length;
}

// §8.1.1 UTF-8 decoder: the well-formed sequences are exactly grammar/utf8.h's.
failure decode_utf_8(std::string_view in, std::string& out) {
  return decode_with(in, out,
                     [&](const unsigned char*, std::size_t i, std::size_t n, std::string& o) -> std::size_t {
                       const grammar::decoded d = grammar::decode_utf8(in.data(), i, n);
                       if (d.code != error_code::ok) return 0;
                       o.append(in.data() + i, d.length);
                       return d.length;
                     });
}

// §9.1 single-byte decoder.
failure decode_single_byte(std::string_view in, encoding e, std::string& out) {
  const std::uint16_t* const table = k_single_byte[static_cast<std::size_t>(e) - k_first_single_byte];
  return decode_with(in, out, [table](const unsigned char* b, std::size_t i, std::size_t, std::string& o) {
    return put(o, table[b[i] - 0x80], 1);
  });
}

// §10.2.1 gb18030 decoder (GBK's decoder is gb18030's, §10.1.1).
std::size_t gb18030_step(const unsigned char* b, std::size_t i, std::size_t n, std::string& out) {
  const unsigned first = b[i];
  if (first == 0x80) return put(out, 0x20AC, 1);
  if (first == 0xFF || i + 1 >= n) return 0;
  const unsigned second = b[i + 1];
  if (between(second, 0x30, 0x39)) {  // a four-byte sequence
    if (i + 3 >= n || !between(b[i + 2], 0x81, 0xFE) || !between(b[i + 3], 0x30, 0x39)) return 0;
    const std::uint32_t pointer = ((first - 0x81) * 10 * 126 * 10) + ((second - 0x30) * 10 * 126) +
                                  ((b[i + 2] - 0x81u) * 10) + b[i + 3] - 0x30u;
    return put(out, gb18030_ranges_code_point(pointer), 4);
  }
  if (!(between(second, 0x40, 0x7E) || between(second, 0x80, 0xFE))) return 0;
  const unsigned offset = second < 0x7F ? 0x40 : 0x41;
  return put(out, k_index_gb18030[(first - 0x81) * 190 + second - offset], 2);
}

// §11.1.1 Big5 decoder.
std::size_t big5_step(const unsigned char* b, std::size_t i, std::size_t n, std::string& out) {
  const unsigned lead = b[i];
  if (!between(lead, 0x81, 0xFE) || i + 1 >= n) return 0;
  const unsigned byte = b[i + 1];
  if (!(between(byte, 0x40, 0x7E) || between(byte, 0xA1, 0xFE))) return 0;
  const std::size_t pointer = (lead - 0x81) * 157 + byte - (byte < 0x7F ? 0x40 : 0x62);
  // The four pointers that decode to two code points.
  if (pointer == 1133 || pointer == 1135 || pointer == 1164 || pointer == 1166) {
    grammar::append_utf8(out, pointer < 1164 ? 0x00CA : 0x00EA);
    return put(out, pointer == 1133 || pointer == 1164 ? 0x0304 : 0x030C, 2);
  }
  return put(out, pointer < std::size(k_index_big5) ? big5_code_point(pointer) : 0, 2);
}

// §12.1.1 EUC-JP decoder.
std::size_t euc_jp_step(const unsigned char* b, std::size_t i, std::size_t n, std::string& out) {
  const unsigned lead = b[i];
  if (i + 1 >= n) return 0;
  const unsigned byte = b[i + 1];
  if (lead == 0x8E) return between(byte, 0xA1, 0xDF) ? put(out, 0xFF61 - 0xA1 + byte, 2) : 0;  // katakana
  if (lead == 0x8F) {                                                                          // JIS X 0212
    if (!between(byte, 0xA1, 0xFE) || i + 2 >= n || !between(b[i + 2], 0xA1, 0xFE)) return 0;
    return put(out, k_index_jis0212[(byte - 0xA1) * 94 + b[i + 2] - 0xA1], 3);
  }
  if (!between(lead, 0xA1, 0xFE) || !between(byte, 0xA1, 0xFE)) return 0;
  return put(out, k_index_jis0208[(lead - 0xA1) * 94 + byte - 0xA1], 2);
}

// §12.2.1 ISO-2022-JP decoder: the Standard's states; the output flag makes two escape sequences
// in a row an error (at the second one's ESC).
failure decode_iso_2022_jp(std::string_view in, std::string& out) {
  enum class state : std::uint8_t { ascii, roman, katakana, lead_byte };
  const unsigned char* b = bytes_of(in);
  const std::size_t n = in.size();
  state s = state::ascii;
  bool output_flag = false;
  for (std::size_t i = 0; i < n;) {
    const unsigned byte = b[i];
    if (byte == 0x1B) {  // escape start, then escape
      if (i + 2 >= n) return i;
      const unsigned l = b[i + 1];
      const unsigned c = b[i + 2];
      std::optional<state> next;
      if (l == 0x28 && c == 0x42) next = state::ascii;
      if (l == 0x28 && c == 0x4A) next = state::roman;
      if (l == 0x28 && c == 0x49) next = state::katakana;
      if (l == 0x24 && (c == 0x40 || c == 0x42)) next = state::lead_byte;
      if (!next || output_flag) return i;
      s = *next;
      output_flag = true;
      i += 3;
      continue;
    }
    output_flag = false;
    switch (s) {
      case state::ascii:
        if (byte > 0x7F || byte == 0x0E || byte == 0x0F) return i;
        out += static_cast<char>(byte);
        ++i;
        break;
      case state::roman:
        if (byte > 0x7F || byte == 0x0E || byte == 0x0F) return i;
        if (byte == 0x5C) {
          grammar::append_utf8(out, 0x00A5);
        } else if (byte == 0x7E) {
          grammar::append_utf8(out, 0x203E);
        } else {
          out += static_cast<char>(byte);
        }
        ++i;
        break;
      case state::katakana:
        if (!between(byte, 0x21, 0x5F)) return i;
        grammar::append_utf8(out, 0xFF61 - 0x21 + byte);
        ++i;
        break;
      case state::lead_byte: {
        // Lead byte state, then trail byte state: an ESC, a byte outside 0x21..0x7E or the end
        // of the input after the lead is an error at the lead.
        if (!between(byte, 0x21, 0x7E) || i + 1 >= n || !between(b[i + 1], 0x21, 0x7E)) return i;
        const char32_t cp = k_index_jis0208[(byte - 0x21) * 94 + b[i + 1] - 0x21u];
        if (cp == 0) return i;
        grammar::append_utf8(out, cp);
        i += 2;
        break;
      }
    }
  }
  return std::nullopt;
}

// §13.1.1 Shift_JIS decoder.
std::size_t shift_jis_step(const unsigned char* b, std::size_t i, std::size_t n, std::string& out) {
  const unsigned lead = b[i];
  if (lead == 0x80) return put(out, 0x80, 1);
  if (between(lead, 0xA1, 0xDF)) return put(out, 0xFF61 - 0xA1 + lead, 1);
  if (!(between(lead, 0x81, 0x9F) || between(lead, 0xE0, 0xFC)) || i + 1 >= n) return 0;
  const unsigned byte = b[i + 1];
  if (!(between(byte, 0x40, 0x7E) || between(byte, 0x80, 0xFC))) return 0;
  const std::size_t pointer = (lead - (lead < 0xA0 ? 0x81 : 0xC1)) * 188 + byte - (byte < 0x7F ? 0x40 : 0x41);
  if (pointer >= 8836 && pointer <= 10715)
    return put(out, static_cast<char32_t>(0xE000 - 8836 + pointer), 2);  // EUDC
  return put(out, pointer < std::size(k_index_jis0208) ? k_index_jis0208[pointer] : 0, 2);
}

// §14.1.1 EUC-KR decoder.
std::size_t euc_kr_step(const unsigned char* b, std::size_t i, std::size_t n, std::string& out) {
  const unsigned lead = b[i];
  if (!between(lead, 0x81, 0xFE) || i + 1 >= n || !between(b[i + 1], 0x41, 0xFE)) return 0;
  return put(out, k_index_euc_kr[(lead - 0x81) * 190 + b[i + 1] - 0x41u], 2);
}

// §15.2.1 shared UTF-16 decoder: a lead surrogate not followed by a trail surrogate, a lone trail
// surrogate and an odd last byte are errors.
failure decode_utf_16(std::string_view in, bool big_endian, std::string& out) {
  const unsigned char* b = bytes_of(in);
  const std::size_t n = in.size();
  const auto unit = [&](std::size_t i) -> char32_t {
    return big_endian ? static_cast<char32_t>((b[i] << 8) | b[i + 1])
                      : static_cast<char32_t>((b[i + 1] << 8) | b[i]);
  };
  for (std::size_t i = 0; i < n;) {
    if (i + 1 >= n) return i;
    const char32_t u = unit(i);
    if (u >= 0xDC00 && u <= 0xDFFF) return i;
    if (u >= 0xD800 && u <= 0xDBFF) {
      if (i + 3 >= n) return i;
      const char32_t t = unit(i + 2);
      if (t < 0xDC00 || t > 0xDFFF) return i;
      grammar::append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (t - 0xDC00));
      i += 4;
      continue;
    }
    grammar::append_utf8(out, u);
    i += 2;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Encoders: one function per encoding, for one non-ASCII code point (ASCII is handled by the
// caller's run copy, except in ISO-2022-JP). Returns false when it is unmappable.

bool put2(std::string& out, unsigned a, unsigned b) {
  const char bytes[2] = {static_cast<char>(a), static_cast<char>(b)};
  out.append(bytes, 2);
  return true;
}

// §10.2.2 gb18030 encoder (and GBK's, §10.1.2, with the GBK flag).
bool encode_gb(char32_t cp, bool gbk, std::string& out) {
  if (cp == 0xE5E5) return false;
  if (gbk && cp == 0x20AC) {
    out += static_cast<char>(0x80);
    return true;
  }
  if (const std::uint32_t p1 = gb18030_reverse().find(cp)) {
    const std::uint32_t pointer = p1 - 1;
    const std::uint32_t trail = pointer % 190;
    return put2(out, pointer / 190 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x41));
  }
  if (gbk) return false;
  std::uint32_t pointer = gb18030_ranges_pointer(cp);
  const std::uint32_t byte1 = pointer / (10 * 126 * 10);
  pointer %= 10 * 126 * 10;
  const std::uint32_t byte2 = pointer / (10 * 126);
  pointer %= 10 * 126;
  const char bytes[4] = {static_cast<char>(byte1 + 0x81), static_cast<char>(byte2 + 0x30),
                         static_cast<char>(pointer / 10 + 0x81), static_cast<char>(pointer % 10 + 0x30)};
  out.append(bytes, 4);
  return true;
}

// §11.1.2 Big5 encoder.
bool encode_big5(char32_t cp, std::string& out) {
  const std::uint32_t p1 = big5_reverse().find(cp);
  if (p1 == 0) return false;
  const std::uint32_t trail = (p1 - 1) % 157;
  return put2(out, (p1 - 1) / 157 + 0x81, trail + (trail < 0x3F ? 0x40 : 0x62));
}

// §12.1.2 EUC-JP encoder.
bool encode_euc_jp(char32_t cp, std::string& out) {
  if (cp == 0x00A5 || cp == 0x203E) {
    out += static_cast<char>(cp == 0x00A5 ? 0x5C : 0x7E);
    return true;
  }
  if (cp >= 0xFF61 && cp <= 0xFF9F) return put2(out, 0x8E, cp - 0xFF61 + 0xA1);
  if (cp == 0x2212) cp = 0xFF0D;
  const std::uint32_t p1 = jis0208_reverse().find(cp);
  if (p1 == 0) return false;
  return put2(out, (p1 - 1) / 94 + 0xA1, (p1 - 1) % 94 + 0xA1);
}

// §13.1.2 Shift_JIS encoder.
bool encode_shift_jis(char32_t cp, std::string& out) {
  if (cp == 0x0080) {
    out += static_cast<char>(0x80);
    return true;
  }
  if (cp == 0x00A5 || cp == 0x203E) {
    out += static_cast<char>(cp == 0x00A5 ? 0x5C : 0x7E);
    return true;
  }
  if (cp >= 0xFF61 && cp <= 0xFF9F) {
    out += static_cast<char>(cp - 0xFF61 + 0xA1);
    return true;
  }
  if (cp == 0x2212) cp = 0xFF0D;
  const std::uint32_t p1 = shift_jis_reverse().find(cp);
  if (p1 == 0) return false;
  const std::uint32_t lead = (p1 - 1) / 188;
  const std::uint32_t trail = (p1 - 1) % 188;
  return put2(out, lead + (lead < 0x1F ? 0x81 : 0xC1), trail + (trail < 0x3F ? 0x40 : 0x41));
}

// §14.1.2 EUC-KR encoder.
bool encode_euc_kr(char32_t cp, std::string& out) {
  const std::uint32_t p1 = euc_kr_reverse().find(cp);
  if (p1 == 0) return false;
  return put2(out, (p1 - 1) / 190 + 0x81, (p1 - 1) % 190 + 0x41);
}

bool encode_non_ascii(encoding e, char32_t cp, std::string& out) {
  if (is_single_byte(e)) {  // §9.2
    const std::uint32_t p1 = single_byte_reverse(e).find(cp);
    if (p1 == 0) return false;
    out += static_cast<char>(p1 - 1 + 0x80);
    return true;
  }
  switch (e) {
    case encoding::gbk:
    case encoding::gb18030:
      return encode_gb(cp, e == encoding::gbk, out);
    case encoding::big5:
      return encode_big5(cp, out);
    case encoding::euc_jp:
      return encode_euc_jp(cp, out);
    case encoding::shift_jis:
      return encode_shift_jis(cp, out);
    case encoding::euc_kr:
      return encode_euc_kr(cp, out);
    case encoding::x_user_defined:  // §15.5.2
      if (cp < 0xF780 || cp > 0xF7FF) return false;
      out += static_cast<char>(cp - 0xF780 + 0x80);
      return true;
    default:
      return false;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Names and labels

std::optional<encoding> get_encoding(std::string_view label) noexcept {
  // §4.2 "get an encoding": remove leading and trailing ASCII whitespace (TAB, LF, FF, CR, SPACE).
  const auto space = [](char c) { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; };
  while (!label.empty() && space(label.front())) label.remove_prefix(1);
  while (!label.empty() && space(label.back())) label.remove_suffix(1);
  char lowered[24];  // the longest label has 19 characters
  if (label.empty() || label.size() > sizeof lowered) return std::nullopt;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char c = label[i];
    lowered[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  }
  const std::string_view key(lowered, label.size());
  const auto* const end = std::end(k_encoding_labels);
  const auto* it = std::lower_bound(std::begin(k_encoding_labels), end, key,
                                    [](const encoding_label& l, std::string_view k) { return l.label < k; });
  if (it == end || it->label != key) return std::nullopt;
  return static_cast<encoding>(it->number);
}

encoding get_output_encoding(encoding e) noexcept {
  if (e == encoding::replacement || e == encoding::utf_16be || e == encoding::utf_16le)
    return encoding::utf_8;
  return e;
}

std::string_view encoding_name(encoding e) noexcept { return k_encoding_names[static_cast<std::size_t>(e)]; }

bool has_encoder(encoding e) noexcept { return get_output_encoding(e) == e; }

std::optional<std::size_t> decode(std::string_view bytes, encoding e, std::string& out) {
  out.reserve(out.size() + bytes.size());
  if (is_single_byte(e)) return decode_single_byte(bytes, e, out);
  switch (e) {
    case encoding::utf_8:
      return decode_utf_8(bytes, out);
    case encoding::gbk:
    case encoding::gb18030:
      return decode_with(bytes, out, gb18030_step);
    case encoding::big5:
      return decode_with(bytes, out, big5_step);
    case encoding::euc_jp:
      return decode_with(bytes, out, euc_jp_step);
    case encoding::iso_2022_jp:
      return decode_iso_2022_jp(bytes, out);
    case encoding::shift_jis:
      return decode_with(bytes, out, shift_jis_step);
    case encoding::euc_kr:
      return decode_with(bytes, out, euc_kr_step);
    case encoding::replacement:  // §15.1.1: one error for the whole (non-empty) input
      if (bytes.empty()) return std::nullopt;
      return 0;
    case encoding::utf_16be:
    case encoding::utf_16le:
      return decode_utf_16(bytes, e == encoding::utf_16be, out);
    case encoding::x_user_defined:  // §15.5.1
      return decode_with(bytes, out, [](const unsigned char* b, std::size_t i, std::size_t, std::string& o) {
        return put(o, 0xF780 + b[i] - 0x80u, 1);
      });
    default:
      return 0;
  }
}

std::optional<unmappable> encoder::encode(std::string_view text, std::string& out) {
  if (encoding_ == encoding::iso_2022_jp) return encode_iso_2022_jp(text, out);
  const std::size_t n = text.size();
  out.reserve(out.size() + n);
  for (std::size_t i = 0; i < n;) {
    const std::size_t start = i;
    while (i < n && static_cast<unsigned char>(text[i]) < 0x80) ++i;
    out.append(text.data() + start, i - start);
    if (i == n) break;
    const grammar::decoded d = grammar::decode_utf8(text.data(), i, n);
    if (d.code != error_code::ok) return unmappable{i, 1, 0xFFFD};
    if (encoding_ == encoding::utf_8) {
      out.append(text.data() + i, d.length);
    } else if (!encode_non_ascii(encoding_, d.cp, out)) {
      return unmappable{i, d.length, d.cp};
    }
    i += d.length;
  }
  return std::nullopt;
}

// §12.2.2 ISO-2022-JP encoder.
std::optional<unmappable> encoder::encode_iso_2022_jp(std::string_view text, std::string& out) {
  static constexpr std::string_view k_to_ascii = "\x1B(B";
  static constexpr std::string_view k_to_roman = "\x1B(J";
  static constexpr std::string_view k_to_jis0208 = "\x1B$B";
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const grammar::decoded d = grammar::decode_utf8(text.data(), i, n);
    if (d.code != error_code::ok) return unmappable{i, 1, 0xFFFD};
    char32_t cp = d.cp;
    const bool ascii = cp < 0x80;
    // Step 2: U+000E, U+000F and U+001B would open or switch a state: refused with U+FFFD.
    if (state_ != jis_state::jis0208 && (cp == 0x0E || cp == 0x0F || cp == 0x1B))
      return unmappable{i, d.length, 0xFFFD};
    if (state_ == jis_state::ascii && ascii) {  // step 3
      out += static_cast<char>(cp);
      i += d.length;
      continue;
    }
    if (state_ == jis_state::roman &&
        ((ascii && cp != 0x5C && cp != 0x7E) || cp == 0x00A5 || cp == 0x203E)) {  // step 4
      out += static_cast<char>(ascii ? cp : cp == 0x00A5 ? 0x5C : 0x7E);
      i += d.length;
      continue;
    }
    if (ascii) {  // step 5: back to ASCII, then the code point again
      out += k_to_ascii;
      state_ = jis_state::ascii;
      continue;
    }
    if (cp == 0x00A5 || cp == 0x203E) {  // step 6
      out += k_to_roman;
      state_ = jis_state::roman;
      continue;
    }
    if (cp == 0x2212) cp = 0xFF0D;                                                     // step 7
    if (cp >= 0xFF61 && cp <= 0xFF9F) cp = k_index_iso_2022_jp_katakana[cp - 0xFF61];  // step 8
    const std::uint32_t p1 = jis0208_reverse().find(cp);                               // step 9
    if (p1 == 0) {  // step 10: leave jis0208 before the error, so what follows reads as ASCII
      if (state_ == jis_state::jis0208) {
        out += k_to_ascii;
        state_ = jis_state::ascii;
      }
      return unmappable{i, d.length, d.cp};
    }
    if (state_ != jis_state::jis0208) {  // step 11
      out += k_to_jis0208;
      state_ = jis_state::jis0208;
    }
    put2(out, (p1 - 1) / 94 + 0x21, (p1 - 1) % 94 + 0x21);  // step 12
    i += d.length;
  }
  return std::nullopt;
}

void encoder::finish(std::string& out) {
  if (encoding_ == encoding::iso_2022_jp && state_ != jis_state::ascii) {
    out += "\x1B(B";
    state_ = jis_state::ascii;
  }
}

std::optional<std::string> encode_all(std::string_view text, encoding e, unmappable* bad) {
  encoder enc(e);
  std::string out;
  if (const auto u = enc.encode(text, out)) {
    if (bad != nullptr) *bad = *u;
    return std::nullopt;
  }
  enc.finish(out);
  return out;
}

}  // namespace irikit::unicode
