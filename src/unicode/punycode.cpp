// SPDX-License-Identifier: MIT OR Apache-2.0
// RFC 3492 Punycode (see punycode.h). The specification's loops are quadratic on long inputs:
// the encoder scans the whole input once per distinct code point (§6.3), and the decoder inserts
// into the middle of its output (§6.2). Both are written here with a Fenwick tree over positions,
// so a 1 MB label (allowed where VerifyDnsLength is off, as in the URL Standard) takes
// O(n log n) time. Their loops ask the thread's cancellation hook once per cancel_poll_bytes of
// code points (src/cancel/poll.h) and, told to stop, fail.
#include "unicode/punycode.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <vector>

#include "cancel/poll.h"
#include "unicode/work.h"

namespace irikit::unicode {
namespace {

// RFC 3492 §5 parameters.
constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700, initial_bias = 72,
                        initial_n = 128;
constexpr std::uint64_t maxint = 0xFFFFFFFFu;

/// §6.3's t: k - bias clamped to [tmin, tmax] (branch-free: the digits of every integer ask it).
constexpr std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) noexcept {
  const std::int32_t t = static_cast<std::int32_t>(k) - static_cast<std::int32_t>(bias);
  return static_cast<std::uint32_t>(std::min<std::int32_t>(std::max<std::int32_t>(t, tmin), tmax));
}
static_assert(threshold(36, 72) == tmin && threshold(36, 0) == tmax && threshold(36, 20) == 16 &&
              threshold(36, 35) == 1 && threshold(36, 10) == 26);

/// A Fenwick tree of counts over positions 0..n-1. It counts its loop steps (work.h).
class fenwick {
 public:
  explicit fenwick(std::size_t n) : tree_(n + 1, 0) {}
  fenwick(const fenwick&) = delete;
  fenwick& operator=(const fenwick&) = delete;
  ~fenwick() { add_work(steps_); }
  void add(std::size_t i, std::int32_t v) {
    for (++i; i < tree_.size(); i += i & (~i + 1)) {
      tree_[i] += v;
      ++steps_;
    }
  }
  /// Every count 1, in linear time: each node holds the size of the range it covers.
  void fill_ones() {
    for (std::size_t i = 1; i < tree_.size(); ++i) tree_[i] = static_cast<std::int32_t>(i & (~i + 1));
    steps_ += tree_.size();
  }
  /// Sum of positions [0, i).
  std::uint32_t prefix(std::size_t i) {
    std::int64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) {
      s += tree_[i];
      ++steps_;
    }
    return static_cast<std::uint32_t>(s);
  }
  /// The smallest position p with prefix(p + 1) > k (the k-th set position, 0-based), for
  /// trees of 0/1 counts.
  std::size_t find(std::uint32_t k) {
    std::size_t pos = 0;
    std::size_t step = 1;
    while (step * 2 < tree_.size()) step *= 2;
    for (; step > 0; step /= 2) {
      ++steps_;
      if (pos + step < tree_.size() && static_cast<std::uint32_t>(tree_[pos + step]) <= k) {
        pos += step;
        k -= static_cast<std::uint32_t>(tree_[pos]);
      }
    }
    return pos;  // 0-based position
  }

 private:
  std::vector<std::int32_t> tree_;
  std::uint64_t steps_ = 0;
};

}  // namespace

namespace {

/// §5: the digit values 0-25 are a-z, 26-35 are 0-9.
constexpr char k_digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
char digit_char(std::uint32_t d) { return k_digits[d]; }

// ---- Labels of at most 64 code points (every DNS label), without division or allocation ----

/// Division by d (1..64) of x < 2^28 as a multiplication: x / d == (x * ceil(2^34 / d)) >> 34
/// (Granlund and Montgomery, "Division by invariant integers using multiplication", 1994, §4:
/// exact for N-bit x when the shift is N + ceil(log2 d), here 28 + 6).
constexpr std::array<std::uint64_t, 65> k_reciprocal = [] {
  std::array<std::uint64_t, 65> r{};
  for (std::size_t d = 1; d <= 64; ++d) r[d] = ((std::uint64_t{1} << 34) + d - 1) / d;
  return r;
}();
constexpr std::uint32_t k_short_delta_limit = std::uint32_t{1} << 28;
constexpr std::uint32_t divide(std::uint32_t x, std::uint32_t d) noexcept {
  return static_cast<std::uint32_t>((x * k_reciprocal[d]) >> 34);
}
static_assert(divide(k_short_delta_limit - 1, 35) == (k_short_delta_limit - 1) / 35 &&
              divide(k_short_delta_limit - 1, 63) == (k_short_delta_limit - 1) / 63 &&
              divide(k_short_delta_limit - 1, 64) == (k_short_delta_limit - 1) / 64 && divide(34, 35) == 0 &&
              divide(35, 35) == 1 && divide(699, 1) == 699);

/// The last step of §6.1's adapt, (base * delta) / (delta + skew) for every delta the loop
/// before it leaves (at most ((base - tmin) * tmax) / 2).
constexpr std::uint32_t k_adapt_limit = ((base - tmin) * tmax) / 2;
constexpr std::array<std::uint8_t, k_adapt_limit + 1> k_adapt_tail = [] {
  std::array<std::uint8_t, k_adapt_limit + 1> t{};
  for (std::uint32_t d = 0; d <= k_adapt_limit; ++d)
    t[d] = static_cast<std::uint8_t>(((base - tmin + 1) * d) / (d + skew));
  return t;
}();

/// RFC 3492 §6.1 bias adaptation.
constexpr std::uint32_t adapt(std::uint32_t delta, std::uint32_t numpoints, bool first) noexcept {
  delta = first ? delta / damp : delta / 2;  // constant divisors: the compiler multiplies
  delta += numpoints <= 64 && delta < k_short_delta_limit ? divide(delta, numpoints) : delta / numpoints;
  std::uint32_t k = 0;
  while (delta > k_adapt_limit) {
    delta /= base - tmin;
    k += base;
  }
  return k + k_adapt_tail[delta];
}
static_assert(adapt(0, 1, true) == 0 && adapt(700, 1, true) == 1 &&
              adapt(10000, 2, false) == 66);  // RFC 3492 §6.1 by hand

/// adapt for labels of at most 64 code points (numpoints <= 64, delta < 2^28): no range checks.
constexpr std::uint32_t adapt_short(std::uint32_t delta, std::uint32_t numpoints, bool first) noexcept {
  delta = first ? delta / damp : delta / 2;
  delta += divide(delta, numpoints);
  std::uint32_t k = 0;
  while (delta > k_adapt_limit) {
    delta /= base - tmin;
    k += base;
  }
  return k + k_adapt_tail[delta];
}
static_assert(adapt_short(0, 1, true) == adapt(0, 1, true) &&
              adapt_short(700, 1, true) == adapt(700, 1, true) &&
              adapt_short(10000, 2, false) == adapt(10000, 2, false) &&
              adapt_short((1u << 28) - 1, 64, true) == adapt((1u << 28) - 1, 64, true));

/// Writes the variable-length integer `q` (§6.3, the inner loop) at `w` (at most 11 digits for
/// 32 bits; 10 below 2^28, as each digit divides what is left by base - t >= 10); returns the end.
char* put_integer(std::uint32_t q, std::uint32_t bias, char* w) noexcept {
  for (std::uint32_t level = base;; level += base) {
    const std::uint32_t t = threshold(level, bias);
    if (q < t) break;
    const std::uint32_t rest = q - t, d = base - t;
    const std::uint32_t next = rest < k_short_delta_limit ? divide(rest, d) : rest / d;
    *w++ = digit_char(t + (rest - next * d));
    q = next;
  }
  *w++ = digit_char(q);
  return w;
}

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

/// put_integer for q < 2^28 (divide's range: no check).
char* put_short_integer(std::uint32_t q, std::uint32_t bias, char* w) noexcept {
  for (std::uint32_t level = base;; level += base) {
    const std::uint32_t t = threshold(level, bias);
    if (q < t) break;
    const std::uint32_t rest = q - t, d = base - t, next = divide(rest, d);
    *w++ = digit_char(t + (rest - next * d));
    q = next;
  }
  *w++ = digit_char(q);
  return w;
}

/// The encoder for labels of at most 64 code points (every DNS label): no allocation, no
/// division. The non-basic code points are sorted once as (code point << 6 | position). In the
/// round of code point m, §6.3 adds to delta one per handled code point (all smaller than m)
/// between consecutive positions of m and after the last one; with rank(p) the number of handled
/// positions below p (a popcount over their mask, which changes only between rounds), that is
/// rank(p1) for the first position, rank(p) - rank(previous) for the next ones, and
/// handled - rank(last) after the last (a position of m is never handled in its own round). No
/// overflow: delta < 0x110000 * 65 < 2^28 (divide's range).
void encode_short(std::u32string_view cps, std::string& out) {
  const std::size_t n = cps.size();
  // The output: the basic code points, "-", and at most 10 digits per integer (each digit
  // divides what is left by base - t >= 10, and delta < 2^28).
  char buffer[64 + 1 + 64 * 10];
  char* w = buffer;
  std::uint64_t handled_at = 0;
  // Keys below 2^27 (0x10FFFF << 6 | 63), so signed 32-bit; padded to a multiple of 4 with keys
  // above every other, which count nowhere.
  std::int32_t keys[64 + 3];
  std::size_t count = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const char32_t c = cps[j];
    if (c < 0x80) {
      *w++ = static_cast<char>(c);
      handled_at |= std::uint64_t{1} << j;
    } else {
      keys[count++] = static_cast<std::int32_t>(c << 6 | j);
    }
  }
  const std::size_t padded = (count + 3) & ~std::size_t{3};
  keys[count] = keys[count + 1] = keys[count + 2] = INT32_MAX;
  // Sorted by counting: a key's place is the number of keys below it (they are distinct). No
  // branch depends on the data, where an insertion sort mispredicts about once a key; the
  // comparisons go four at a time (the compiler's vectors, groups of four: no remainder loop).
  std::uint32_t sorted[64];
  for (std::size_t a = 0; a < count; ++a) {
    std::int32_t place = 0;
    for (std::size_t b = 0; b < padded; b += 4) {
      for (std::size_t l = 0; l < 4; ++l) place += keys[b + l] < keys[a] ? 1 : 0;
    }
    sorted[place] = static_cast<std::uint32_t>(keys[a]);
  }
  const auto basic = static_cast<std::uint32_t>(n - count);
  if (basic > 0) *w++ = '-';
  std::uint32_t delta = 0, bias = initial_bias, handled = basic;
  // The round in progress: its code point, the handled count before it, the last rank, the
  // positions. Set up so that closing the "round" before the first changes nothing.
  std::uint32_t current = initial_n - 1, handled_before = basic, previous_rank = basic + 1;
  std::uint64_t positions = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t m = sorted[k] >> 6, p = sorted[k] & 63;
    if (m != current) {  // close the round of `current`, open the one of m
      delta += handled_before - previous_rank + 1;
      handled_at |= positions;
      positions = 0;
      delta += (m - current - 1) * (handled + 1);
      current = m;
      handled_before = handled;
      previous_rank = 0;
    }
    const std::uint32_t rank = bit_count(handled_at & ((std::uint64_t{1} << p) - 1));
    delta += rank - previous_rank;
    w = put_short_integer(delta, bias, w);
    bias = adapt_short(delta, handled + 1, handled == basic);
    delta = 0;
    ++handled;
    previous_rank = rank;
    positions |= std::uint64_t{1} << p;
  }
  out.append(buffer, static_cast<std::size_t>(w - buffer));
}

/// Sorts the (code point, position) keys, made in the order of their positions. A label of more
/// than cancel_poll_bytes code points is sorted by counting (stable: by code point, then
/// position) in linear time, polling at `step` onwards; a shorter one by std::sort. False when
/// told to stop.
bool sort_keys(std::vector<std::pair<char32_t, std::uint32_t>>& keys, detail::cancel_poll& poll,
               std::size_t& step) {
  if (keys.size() <= cancel_poll_bytes) {
    std::sort(keys.begin(), keys.end());
    return true;
  }
  std::vector<std::uint32_t> start(0x110001, 0);  // then: where each code point's keys go
  for (const auto& k : keys) ++start[k.first + 1];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<std::pair<char32_t, std::uint32_t>> sorted(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (poll(step++)) [[unlikely]]
      return false;
    sorted[start[keys[k].first]++] = keys[k];
  }
  keys.swap(sorted);
  add_work(2 * keys.size());
  return true;
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
  add_work(n);
  detail::cancel_poll poll(0, n);
  for (std::size_t j = 0; j < n; ++j) {
    if (poll(j)) [[unlikely]]
      return false;
    if (cps[j] < 0x80) {
      out.push_back(static_cast<char>(cps[j]));
      handled_at.add(j, 1);
    } else {
      keys.emplace_back(cps[j], static_cast<std::uint32_t>(j));
    }
  }
  const auto basic = static_cast<std::uint32_t>(n - keys.size());
  if (basic > 0) out.push_back('-');
  std::size_t step = n;  // the polls' position: code points read, then keys gone through
  if (!sort_keys(keys, poll, step)) return false;
  std::uint64_t code = initial_n, delta = 0;
  std::uint32_t bias = initial_bias, handled = basic;
  for (std::size_t k = 0; k < keys.size();) {
    const char32_t m = keys[k].first;
    delta += (m - code) * (static_cast<std::uint64_t>(handled) + 1);
    if (delta > maxint) return false;
    std::size_t previous_end = 0;  // the round for m scans positions from 0
    const std::size_t first_of_m = k;
    for (; k < keys.size() && keys[k].first == m; ++k) {
      if (poll(step++)) [[unlikely]]
        return false;
      const std::size_t p = keys[k].second;
      // Every handled code point (all smaller than m) between the previous one of m and p.
      delta += handled_at.prefix(p) - handled_at.prefix(previous_end);
      if (delta > maxint) return false;
      char digits[11];
      out.append(digits, put_integer(static_cast<std::uint32_t>(delta), bias, digits));
      bias = adapt(static_cast<std::uint32_t>(delta), handled + 1, handled == basic);
      delta = 0;
      ++handled;
      previous_end = p + 1;
    }
    delta += handled_at.prefix(n) - handled_at.prefix(previous_end) + 1;
    for (std::size_t j = first_of_m; j < k; ++j) {
      if (poll(step++)) [[unlikely]]
        return false;
      handled_at.add(keys[j].second, 1);
    }
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
  work_meter work;
  work.steps = in.size();
  // The basic code points are everything before the last delimiter (§6.2, §3.1).
  const std::size_t last = in.rfind('-');
  const std::size_t b = last == std::string_view::npos ? 0 : last;
  // Every code point, in insertion order, with the index it was inserted at (§6.2 inserts at i
  // into a string of `count` code points; the basic ones come first, in order).
  // Each code point takes at least one byte of `in`, so in.size() entries suffice: on the stack
  // for a label of DNS size (no allocation), else on the heap.
  constexpr std::size_t k_small = 128;
  std::array<char32_t, k_small> inserted_small;
  std::array<std::uint32_t, k_small> at_small;
  std::vector<char32_t> inserted_large;
  std::vector<std::uint32_t> at_large;
  if (in.size() > k_small) {
    inserted_large.resize(in.size());
    at_large.resize(in.size());
  }
  char32_t* const inserted = in.size() > k_small ? inserted_large.data() : inserted_small.data();
  std::uint32_t* const at = in.size() > k_small ? at_large.data() : at_small.data();
  std::size_t total = 0;
  for (std::size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(in[j]) >= 0x80) return punycode_result::bad;
    inserted[total] = static_cast<char32_t>(in[j]);
    at[total++] = static_cast<std::uint32_t>(j);
  }
  std::uint64_t n = initial_n, i = 0;
  std::uint32_t bias = initial_bias;
  detail::cancel_poll poll(0, in.size());
  for (std::size_t pos = b > 0 ? b + 1 : 0; pos < in.size();) {
    if (poll(pos)) [[unlikely]]
      return punycode_result::bad;
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
    const auto count = static_cast<std::uint64_t>(total + 1);
    bias = adapt(static_cast<std::uint32_t>(i - old_i), static_cast<std::uint32_t>(count), old_i == 0);
    n += i / count;
    if (n > maxint) return punycode_result::overflow;
    i %= count;
    if (n > 0x10FFFF) return punycode_result::overflow;
    if (n < 0x80 || (n >= 0xD800 && n <= 0xDFFF)) return punycode_result::bad;
    inserted[total] = static_cast<char32_t>(n);
    at[total++] = static_cast<std::uint32_t>(i);
    ++i;
  }
  // Final positions: the last code point inserted sits at its index; going backwards, each one
  // takes the at[k]-th position still free.
  out.resize(total);
  if (total <= 64) {
    for (std::size_t k = 0; k < total; ++k) {
      work.steps += k - at[k];  // the code points moved
      std::copy_backward(out.begin() + at[k], out.begin() + static_cast<std::ptrdiff_t>(k),
                         out.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      out[at[k]] = inserted[k];
    }
    return punycode_result::ok;
  }
  fenwick free_slots(total);
  free_slots.fill_ones();
  for (std::size_t k = total; k-- > 0;) {
    if (poll(in.size() + total - k)) [[unlikely]]
      return punycode_result::bad;
    const std::size_t p = free_slots.find(at[k]);
    out[p] = inserted[k];
    free_slots.add(p, -1);
  }
  return punycode_result::ok;
}

}  // namespace irikit::unicode
