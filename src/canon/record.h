// SPDX-License-Identifier: MIT OR Apache-2.0
// Internal to src/canon/: the URL record the canonicalization steps rewrite, the byte helpers they
// share (percent-decoding to a fixed point in linear time, encoding with a profile's set), and the
// step runner that records each change for `explain`.
//
// A record keeps each component apart, so a step changes one field and the key formats (URL, SURT,
// SSURT) read the fields directly:
//
//   scheme ":" "//" user ":" password "@" host ":" port  path  "?" query  "#" fragment
//
// Presence is explicit (has_*): "http://h/?" has an empty query, "http://h/" none.
#ifndef IRIKIT_CANON_RECORD_H
#define IRIKIT_CANON_RECORD_H

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cancel/poll.h"
#include "irikit/canon.h"

namespace irikit::canon_detail {

using canon::explanation;
using canon::key_kind;
using canon::options;
using canon::profile;
using canon::step;

struct record {
  std::string scheme;
  std::string user;
  std::string password;
  std::string host;
  std::string port;
  std::string path;
  std::string query;
  std::string fragment;
  bool has_scheme = false;
  bool has_authority = false;
  bool has_user = false;
  bool has_password = false;
  bool has_port = false;
  bool has_query = false;
  bool has_fragment = false;
  /// The `surt` package's last_delimiter: a "?" written after everything else (handyurl.py).
  bool trailing_question_mark = false;
};

/// The record as a URL: scheme ":" ["//" authority] path ["?" query] ["#" fragment].
std::string serialize(const record& r);
void serialize_into(const record& r, std::string& out);
/// path ["?" query] ["#" fragment], appended to `out`.
void serialize_tail(const record& r, std::string& out);

/// A 256-bit byte set: the bytes a profile leaves as they are when it percent-encodes.
struct byte_set {
  std::array<std::uint64_t, 4> bits{};
  constexpr bool has(unsigned char c) const { return ((bits[c >> 6] >> (c & 63)) & 1) != 0; }
  constexpr void add(unsigned char c) { bits[c >> 6] |= std::uint64_t{1} << (c & 63); }
  constexpr void add(std::string_view chars) {
    for (char c : chars) add(static_cast<unsigned char>(c));
  }
  constexpr void add_range(unsigned char lo, unsigned char hi) {
    for (unsigned c = lo; c <= hi; ++c) add(static_cast<unsigned char>(c));
  }
};

constexpr int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Percent-decodes `in` until no "%" HEXDIG HEXDIG is left (Python's unquote_to_bytes applied until
/// the text stops changing, as the Safe Browsing canonicalization asks: "repeatedly percent-unescape
/// the URL until it has no more percent-escapes"). One pass over the input: each decoded byte is
/// checked against the two bytes before it, so "%2525" decodes to "%" without a second pass (the
/// rewriting "%HH" → byte has no overlapping redexes, so every order reaches the same text).
std::string unescape_repeatedly(std::string_view in);
/// Percent-encodes every byte not in `keep` as "%HH" (upper-case hex), appending to `out`.
void escape_into(std::string_view in, const byte_set& keep, std::string& out);
std::string escape(std::string_view in, const byte_set& keep);

/// ASCII lower case, in place.
void ascii_lower(std::string& s);
/// ASCII lower case of the first `n` bytes, in place.
void ascii_lower_prefix(std::string& s, std::size_t n);
bool ascii_iequal(std::string_view a, std::string_view b);

/// IPv4 as inet_aton reads it (1 to 4 parts of decimal, octal "0…" or hexadecimal "0x…", the last
/// part filling the remaining bytes); false when `text` is not such an address.
bool parse_inet_aton(std::string_view text, std::uint32_t& address);
std::string dotted_ipv4(std::uint32_t address);

/// The bytes a step reads: the sum of the record's fields.
std::size_t record_size(const record& r) noexcept;

/// Runs the steps of a profile on a record, recording each that changed it when asked.
///
/// Cancellation (irikit/cancel.h): the runner counts the work of its steps (each step reads the
/// record once: its size) and asks the thread's hook before a step once that count has grown by
/// cancel_poll_bytes since the last question. Once told to stop, no further step runs; the public
/// operation's cancel_scope then reports `cancelled`. The loops of one step that can outgrow the
/// record (the repeated percent-decoding, the escaping) poll on their own (common.cpp).
class runner {
 public:
  runner(record& r, std::vector<explanation>* explain, std::size_t input_size)
      : r_(r), explain_(explain), poll_(0, input_size) {}
  /// Whether the thread's operation was told to stop (by this runner's poll or by another loop).
  bool stopped() const noexcept { return stopped_ || detail::cancel_scope::requested(); }
  /// Applies `f` (a callable on record&) as step `s`.
  template <class F>
  void apply(step s, F&& f) {
    // a loop inside an earlier step may have been stopped (only asked when the input is long)
    if (stopped_ || (poll_.next != k_never && detail::cancel_scope::requested())) [[unlikely]] {
      stopped_ = true;
      return;
    }
    work_ += record_size(r_);
    if (poll_(work_)) [[unlikely]] {
      stopped_ = true;
      return;
    }
    if (explain_ == nullptr) {
      f(r_);
      return;
    }
    std::string before = serialize(r_);
    f(r_);
    std::string after = serialize(r_);
    if (after != before) explain_->push_back({s, std::move(before), std::move(after)});
  }
  /// Records a change made outside a step function (the parse's repairs).
  void note(step s, std::string before, std::string after) {
    if (explain_ != nullptr && before != after) explain_->push_back({s, std::move(before), std::move(after)});
  }
  bool explaining() const { return explain_ != nullptr; }
  record& rec() { return r_; }

 private:
  record& r_;
  std::vector<explanation>* explain_;
  static constexpr std::size_t k_never = static_cast<std::size_t>(-1);
  detail::cancel_poll poll_;
  std::size_t work_ = 0;
  bool stopped_ = false;
};

/// The profiles' engines (one file each): each parses `text` its upstream's way and applies the
/// steps `o` turns on, in its upstream's order. The key is formatted afterwards (keys.cpp).
result<void> run_ia(std::string_view text, const options& o, record& r, std::vector<explanation>* explain);
result<void> run_w3lib(std::string_view text, const options& o, record& r, std::vector<explanation>* explain);

/// The generic steps every profile can add (the query and fragment steps, www, userinfo, …), in
/// the order of `step`, skipping those the profile's engine already ran.
void run_common(const options& o, runner& run);

/// The key of a canonical record.
void format_key(const record& r, const options& o, std::string& out);

}  // namespace irikit::canon_detail

#endif  // IRIKIT_CANON_RECORD_H
