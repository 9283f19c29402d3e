// SPDX-License-Identifier: MIT OR Apache-2.0
// RFC 3492 Punycode (see punycode.h). The specification's loops are quadratic on long inputs:
// the encoder scans the whole input once per distinct code point (§6.3), and the decoder inserts
// into the middle of its output (§6.2). Both are written here with a Fenwick tree over positions,
// so a 1 MB label (allowed where VerifyDnsLength is off, as in the URL Standard) takes
// O(n log n) time.
#include "unicode/punycode.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace irikit::unicode {
namespace {

// RFC 3492 §5 parameters.
constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700, initial_bias = 72,
                        initial_n = 128;
constexpr std::uint64_t maxint = 0xFFFFFFFFu;

/// RFC 3492 §6.1 bias adaptation.
constexpr std::uint32_t adapt(std::uint32_t delta, std::uint32_t numpoints, bool first) noexcept {
  delta = first ? delta / damp : delta / 2;
  delta += delta / numpoints;
  std::uint32_t k = 0;
  while (delta > ((base - tmin) * tmax) / 2) {
    delta /= base - tmin;
    k += base;
  }
  return k + (base - tmin + 1) * delta / (delta + skew);
}

constexpr std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) noexcept {
  return k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
}

/// A Fenwick tree of counts over positions 0..n-1.
class fenwick {
 public:
  explicit fenwick(std::size_t n) : tree_(n + 1, 0) {}
  void add(std::size_t i, std::int32_t v) {
    for (++i; i < tree_.size(); i += i & (~i + 1)) tree_[i] += v;
  }
  /// Sum of positions [0, i).
  std::uint32_t prefix(std::size_t i) const {
    std::int64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) s += tree_[i];
    return static_cast<std::uint32_t>(s);
  }
  /// The smallest position p with prefix(p + 1) > k (the k-th set position, 0-based), for
  /// trees of 0/1 counts.
  std::size_t find(std::uint32_t k) const {
    std::size_t pos = 0;
    std::size_t step = 1;
    while (step * 2 < tree_.size()) step *= 2;
    for (; step > 0; step /= 2) {
      if (pos + step < tree_.size() && static_cast<std::uint32_t>(tree_[pos + step]) <= k) {
        pos += step;
        k -= static_cast<std::uint32_t>(tree_[pos]);
      }
    }
    return pos;  // 0-based position
  }

 private:
  std::vector<std::int32_t> tree_;
};

}  // namespace

namespace {

char digit_char(std::uint32_t d) { return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26)); }

/// The number of set bits, inline: the x86-64 baseline has no POPCNT instruction, so
/// __builtin_popcountll would be a call into libgcc for every code point encoded.
constexpr std::uint32_t bit_count(std::uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<std::uint32_t>((x * 0x0101010101010101ULL) >> 56);
}
static_assert(bit_count(0) == 0 && bit_count(~std::uint64_t{0}) == 64 &&
              bit_count(0x8000000000000101ULL) == 3);

/// Appends the variable-length integer `q` (RFC 3492 §6.3, the inner loop).
void append_integer(std::uint32_t q, std::uint32_t bias, std::string& out) {
  for (std::uint32_t level = base;; level += base) {
    const std::uint32_t t = threshold(level, bias);
    if (q < t) break;
    out.push_back(digit_char(t + (q - t) % (base - t)));
    q = (q - t) / (base - t);
  }
  out.push_back(digit_char(q));
}

/// The encoder for labels of at most 64 code points (every DNS label): no allocation; "how many
/// handled code points lie between two positions" is a popcount over a mask of positions, the
/// non-basic code points sorted once as (code point << 6 | position). No overflow: delta <
/// 0x110000 * 65 < 2^32.
void encode_short(std::u32string_view cps, std::string& out) {
  const std::size_t n = cps.size();
  const auto between = [](std::uint64_t mask, std::size_t from, std::size_t to) {  // bits [from, to)
    const std::uint64_t below_to = to >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << to) - 1;
    const std::uint64_t below_from = from >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << from) - 1;
    return bit_count(mask & below_to & ~below_from);
  };
  std::uint64_t handled_at = 0;
  std::uint32_t keys[64];
  std::size_t count = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (cps[j] < 0x80) {
      out.push_back(static_cast<char>(cps[j]));
      handled_at |= std::uint64_t{1} << j;
    } else {
      keys[count++] = static_cast<std::uint32_t>(cps[j]) << 6 | static_cast<std::uint32_t>(j);
    }
  }
  const auto basic = static_cast<std::uint32_t>(n - count);
  if (basic > 0) out.push_back('-');
  std::sort(keys, keys + count);
  std::uint32_t code = initial_n, delta = 0, bias = initial_bias, handled = basic;
  for (std::size_t k = 0; k < count;) {
    const std::uint32_t m = keys[k] >> 6;
    delta += (m - code) * (handled + 1);
    std::size_t previous_end = 0;
    std::uint64_t positions = 0;
    for (; k < count && keys[k] >> 6 == m; ++k) {
      const std::size_t p = keys[k] & 63;
      delta += between(handled_at, previous_end, p);
      append_integer(delta, bias, out);
      bias = adapt(delta, handled + 1, handled == basic);
      delta = 0;
      ++handled;
      previous_end = p + 1;
      positions |= std::uint64_t{1} << p;
    }
    delta += between(handled_at, previous_end, n) + 1;
    handled_at |= positions;
    code = m + 1;
  }
}

}  // namespace

bool punycode_encode(std::u32string_view cps, std::string& out) {
  if (cps.size() <= 64) {
    encode_short(cps, out);
    return true;
  }
  const std::size_t n = cps.size();
  // The non-basic code points as (code point, position), sorted: the order §6.3 handles them in.
  std::vector<std::pair<char32_t, std::uint32_t>> keys;
  fenwick handled_at(n);  // positions of the code points already handled (all < the current m)
  for (std::size_t j = 0; j < n; ++j) {
    if (cps[j] < 0x80) {
      out.push_back(static_cast<char>(cps[j]));
      handled_at.add(j, 1);
    } else {
      keys.emplace_back(cps[j], static_cast<std::uint32_t>(j));
    }
  }
  const auto basic = static_cast<std::uint32_t>(n - keys.size());
  if (basic > 0) out.push_back('-');
  std::sort(keys.begin(), keys.end());
  std::uint64_t code = initial_n, delta = 0;
  std::uint32_t bias = initial_bias, handled = basic;
  for (std::size_t k = 0; k < keys.size();) {
    const char32_t m = keys[k].first;
    delta += (m - code) * (static_cast<std::uint64_t>(handled) + 1);
    if (delta > maxint) return false;
    std::size_t previous_end = 0;  // the round for m scans positions from 0
    const std::size_t first_of_m = k;
    for (; k < keys.size() && keys[k].first == m; ++k) {
      const std::size_t p = keys[k].second;
      // Every handled code point (all smaller than m) between the previous one of m and p.
      delta += handled_at.prefix(p) - handled_at.prefix(previous_end);
      if (delta > maxint) return false;
      append_integer(static_cast<std::uint32_t>(delta), bias, out);
      bias = adapt(static_cast<std::uint32_t>(delta), handled + 1, handled == basic);
      delta = 0;
      ++handled;
      previous_end = p + 1;
    }
    delta += handled_at.prefix(n) - handled_at.prefix(previous_end) + 1;
    for (std::size_t j = first_of_m; j < k; ++j) handled_at.add(keys[j].second, 1);
    code = static_cast<std::uint64_t>(m) + 1;
  }
  return true;
}

punycode_result punycode_decode(std::string_view in, std::u32string& out) {
  const auto digit_value = [](char c) -> std::uint32_t {
    if (c >= '0' && c <= '9') return static_cast<std::uint32_t>(c - '0') + 26;
    if (c >= 'A' && c <= 'Z') return static_cast<std::uint32_t>(c - 'A');
    if (c >= 'a' && c <= 'z') return static_cast<std::uint32_t>(c - 'a');
    return base;
  };
  out.clear();
  // The basic code points are everything before the last delimiter (§6.2, §3.1).
  const std::size_t last = in.rfind('-');
  const std::size_t b = last == std::string_view::npos ? 0 : last;
  // Every code point, in insertion order, with the index it was inserted at (§6.2 inserts at i
  // into a string of `count` code points; the basic ones come first, in order).
  std::vector<char32_t> inserted;
  std::vector<std::uint32_t> at;
  for (std::size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return punycode_result::bad;
    inserted.push_back(static_cast<char32_t>(in[j]));
    at.push_back(static_cast<std::uint32_t>(j));
  }
  std::uint64_t n = initial_n, i = 0;
  std::uint32_t bias = initial_bias;
  for (std::size_t pos = b > 0 ? b + 1 : 0; pos < in.size();) {
    const std::uint64_t old_i = i;
    std::uint64_t w = 1;
    for (std::uint32_t k = base;; k += base) {
      if (pos >= in.size()) return punycode_result::bad;
      const std::uint32_t digit = digit_value(in[pos++]);
      if (digit >= base) return punycode_result::bad;
      i += digit * w;
      if (i > maxint) return punycode_result::overflow;
      const std::uint32_t t = threshold(k, bias);
      if (digit < t) break;
      w *= base - t;
      if (w > maxint) return punycode_result::overflow;
    }
    const auto count = static_cast<std::uint64_t>(inserted.size() + 1);
    bias = adapt(static_cast<std::uint32_t>(i - old_i), static_cast<std::uint32_t>(count), old_i == 0);
    n += i / count;
    if (n > maxint) return punycode_result::overflow;
    i %= count;
    if (n > 0x10FFFF) return punycode_result::overflow;
    if (n < 0x80 || (n >= 0xD800 && n <= 0xDFFF)) return punycode_result::bad;
    inserted.push_back(static_cast<char32_t>(n));
    at.push_back(static_cast<std::uint32_t>(i));
    ++i;
  }
  // Final positions: the last code point inserted sits at its index; going backwards, each one
  // takes the at[k]-th position still free.
  const std::size_t total = inserted.size();
  out.resize(total);
  if (total <= 64) {
    for (std::size_t k = 0; k < total; ++k) {
      std::copy_backward(out.begin() + at[k], out.begin() + static_cast<std::ptrdiff_t>(k),
                         out.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      out[at[k]] = inserted[k];
    }
    return punycode_result::ok;
  }
  fenwick free_slots(total);
  for (std::size_t p = 0; p < total; ++p) free_slots.add(p, 1);
  for (std::size_t k = total; k-- > 0;) {
    const std::size_t p = free_slots.find(at[k]);
    out[p] = inserted[k];
    free_slots.add(p, -1);
  }
  return punycode_result::ok;
}

}  // namespace irikit::unicode
