// SPDX-License-Identifier: MIT OR Apache-2.0
// The URL Standard's input preparation and special schemes, moved out of parser.cpp (issue 53):
// the special schemes and their default ports (§4.1), and prepared_input (internal.h), the
// basic URL parser's steps 1-3 on its input (leading and trailing C0 control or space removed,
// ASCII tab or newline removed, ill-formed UTF-8 replaced by U+FFFD) with the offsets mapped
// back to the caller's text.
#include <algorithm>
#include <cstdint>
#include <string>

#include "cancel/poll.h"
#include "whatwg/internal.h"

namespace irikit::whatwg::detail {

namespace {

using ve = validation_error;

bool is_c0_or_space(char c) noexcept { return static_cast<unsigned char>(c) <= 0x20; }

}  // namespace

bool is_special_scheme(std::string_view s) noexcept { return default_port(s) != -2; }

std::int32_t default_port(std::string_view s) noexcept {
  // -2: not special; -1: special without a default port (file).
  switch (s.size()) {
    case 2:
      return s == "ws" ? 80 : -2;
    case 3:
      return s == "ftp" ? 21 : s == "wss" ? 443 : -2;
    case 4:
      return s == "http" ? 80 : s == "file" ? -1 : -2;
    case 5:
      return s == "https" ? 443 : -2;
    default:
      return -2;
  }
}

prepared_input::prepared_input(std::string_view input, bool strip, std::vector<validation>* notes)
    : notes_(notes) {
  // The common case, a setter's short ASCII value without tabs or newlines: nothing to do. One
  // comparison a byte (a loop the compiler vectorizes): every byte in [0x0E, 0x7F] has neither a
  // tab, newline nor ill-formed UTF-8; other C0 controls take the general path, which keeps them.
  // Polled per MiB, so that a long value is not read whole before the first question.
  bool plain = !strip;
  if (plain) {
    irikit::detail::cancel_poll poll(0, input.size());
    unsigned char outside = 0;
    for (std::size_t i = 0; i < input.size() && outside == 0;) {
      if (poll(i)) [[unlikely]]
        return;  // cancelled: the operation's cancel_scope reports it
      for (const std::size_t stop = irikit::detail::block_end(i, input.size()); i < stop; ++i)
        outside |= static_cast<unsigned char>(static_cast<unsigned char>(input[i]) - 0x0E) >= 0x72;
    }
    plain = outside == 0;
  }
  if (plain) {
    cleaned_notes_ = first_note_ = notes != nullptr ? notes->size() : 0;
    text_ = input;
    return;
  }
  const reporter r{notes};
  if (strip) {
    // Step 1.2: strip leading and trailing C0 controls and spaces.
    std::size_t begin = 0;
    std::size_t end = input.size();
    while (begin < end && is_c0_or_space(input[begin])) ++begin;
    while (end > begin && is_c0_or_space(input[end - 1])) --end;
    if (begin != 0 || end != input.size()) r.add(ve::invalid_url_unit, begin == 0 ? end : 0);
    input = input.substr(begin, end - begin);
    offset_ = begin;
  }
  // Steps 2-3: remove ASCII tabs and newlines. The machine then counts the cleaned text; `removed_`
  // (positions in the stripped input) brings its offsets back to the caller's text in restore().
  irikit::detail::cancel_poll poll(0, input.size());
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (poll(offset_ + i)) return;  // cancelled: the operation's cancel_scope reports it
    const char ch = input[i];
    if (ch == '\t' || ch == '\n' || ch == '\r') {
      cleaned_.reserve(input.size());
      cleaned_.assign(input.substr(0, i));
      r.add(ve::invalid_url_unit, offset_ + i);
      removed_.push_back(static_cast<std::uint32_t>(i));
      for (++i; i < input.size(); ++i) {
        if (input[i] != '\t' && input[i] != '\n' && input[i] != '\r') {
          cleaned_.push_back(input[i]);
        } else {
          removed_.push_back(static_cast<std::uint32_t>(i));
        }
      }
      input = cleaned_;
      break;
    }
  }
  cleaned_notes_ = notes != nullptr ? notes->size() : 0;  // offsets from here count `cleaned_`
  if (auto fixed = replace_ill_formed_utf8(input, &replaced_)) {
    // Cancelled (an empty text with nothing replaced): the operation's cancel_scope reports it.
    if (replaced_.empty()) return;
    r.add(ve::invalid_url_unit, offset_ + replaced_.front().from);  // the first ill-formed sequence
    fixed_ = std::move(*fixed);
    input = fixed_;
  }
  first_note_ = notes != nullptr ? notes->size() : 0;
  text_ = input;
}

void prepared_input::restore(std::optional<url_error>& e) const {
  // The machine counted bytes of the text with U+FFFD (3 bytes each) in place of ill-formed
  // sequences (of 1 to 3 bytes): its offsets are brought back to the caller's text.
  if (!replaced_.empty())
    offsets_before_replacement(replaced_, offset_, e ? &*e : nullptr, notes_, first_note_);
  if (removed_.empty()) return;
  // A position in the cleaned text → the caller's: past every removed tab or newline before it
  // (the character it names, never the tab in front of it).
  const auto back = [&](std::uint32_t& at) {
    if (at < offset_) return;
    std::size_t s = at - offset_;
    for (const std::uint32_t k : removed_) {
      if (k > s) break;
      ++s;
    }
    at = static_cast<std::uint32_t>(offset_ + s);
  };
  if (notes_ != nullptr) {
    for (std::size_t k = cleaned_notes_; k < notes_->size(); ++k) back((*notes_)[k].offset);
  }
  if (e) back(e->offset);
}

}  // namespace irikit::whatwg::detail
