// SPDX-License-Identifier: MIT OR Apache-2.0
#include "io.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>

#include "simd/kernels.h"

// Offsets into files are 64-bit on every target: a 32-bit build without large file support
// (_FILE_OFFSET_BITS=64, which CMakeLists.txt sets there) would wrap the seek of a range past
// 2 GiB to another place in the file and read the wrong lines.
static_assert(sizeof(off_t) == 8, "the line engine needs a 64-bit off_t (_FILE_OFFSET_BITS=64)");

namespace iri_tool {
namespace {

/// Appends the line [first, last) less a CR that ends it (that of a CRLF, or one that ends the input).
inline void add_line(std::vector<std::string_view>& lines, const char* first, const char* last) {
  if (last != first && last[-1] == '\r') --last;
  lines.emplace_back(first, static_cast<std::size_t>(last - first));
}

// Line ends 64 bytes at a time (lines are short: a memchr call per line cost more than the search):
// every set bit of a block's newline mask ends one line. The mask is a kernel of src/simd (one
// compare with AVX-512BW, four with SSE2); memchr where the chosen implementation has none.
constexpr std::ptrdiff_t k_block = 64;

/// Adds the lines that end in whole blocks from `cursor` until fewer than a block's bytes are left
/// before `stop` or the batch is full; returns where the search stopped (`line_begin`: where the
/// next line starts).
const char* split_blocks(const char* cursor, const char* stop, const char*& line_begin,
                         std::vector<std::string_view>& lines) {
  while (stop - cursor >= k_block && lines.size() < line_reader::max_batch_lines) {
    auto ends = irikit::simd::newlines64(cursor);
    for (; ends != 0 && lines.size() < line_reader::max_batch_lines; ends &= ends - 1) {
      const char* newline = cursor + std::countr_zero(ends);
      add_line(lines, line_begin, newline);
      line_begin = newline + 1;
    }
    cursor = ends != 0 ? line_begin : cursor + k_block;  // a full batch stops after its last line
  }
  return cursor;
}
std::atomic<bool> g_blocks{true};

}  // namespace

void line_reader::use_wide_blocks(bool on) { g_blocks.store(on, std::memory_order_relaxed); }

line_reader::line_reader(int fd) : fd_(fd), block_(std::make_shared<block>(block_size)), blocks_{block_} {}

line_reader::line_reader(int fd, std::uint64_t begin, std::uint64_t end) : line_reader(fd) {
  restart(fd, begin, end);
}

void line_reader::restart(int fd, std::uint64_t begin, std::uint64_t end) {
  fd_ = fd;
  base_ = 0;
  limit_ = end;
  skip_partial_ = false;
  begin_ = end_ = bytes_read_ = 0;
  error_ = 0;
  eof_ = stalled_ = bom_checked_ = bom_skipped_ = false;
  if (begin != 0) {
    // From the byte before the range: when it is a LF, the range starts with a line.
    base_ = begin - 1;
    bom_checked_ = true;
    skip_partial_ = true;
  }
  if (base_ > static_cast<std::uint64_t>(std::numeric_limits<off_t>::max()))
    error_ = EOVERFLOW;  // past any offset the system can seek to: an error, never a wrapped offset
  else if (::lseek(fd, static_cast<off_t>(base_), SEEK_SET) < 0)
    error_ = errno;
}

void line_reader::leave_held_block() {
  // blocks_ and block_ own the current block twice; anyone else holds it.
  if (block_.use_count() <= 2) return;
  std::shared_ptr<block> next;
  for (const std::shared_ptr<block>& b : blocks_) {
    if (b.use_count() == 1) next = b;  // only blocks_ owns it: released
  }
  if (!next) next = blocks_.emplace_back(std::make_shared<block>(block_size));
  const std::size_t tail = end_ - begin_;
  if (next->size() <= tail) next->resize(tail * 2);
  std::memcpy(next->data(), block_->data() + begin_, tail);
  base_ += begin_;
  begin_ = 0;
  end_ = tail;
  block_ = std::move(next);
}

bool line_reader::fill() {
  if (eof_ || error_ != 0) return false;
  leave_held_block();
  block& buffer = *block_;
  // Move the partial line to the front; grow only when a single line fills the whole buffer.
  if (begin_ > 0) {
    std::memmove(buffer.data(), buffer.data() + begin_, end_ - begin_);
    end_ -= begin_;
    base_ += begin_;
    begin_ = 0;
  }
  if (end_ == buffer.size()) buffer.resize(buffer.size() * 2);
  std::size_t wanted = buffer.size() - end_;
  if (limit_ != UINT64_MAX) {
    // A range: read up to its end, then in small pieces to the end of the line that crosses it.
    const std::uint64_t at = base_ + end_;
    const std::uint64_t before_limit = at < limit_ ? limit_ - at : 0;
    wanted = static_cast<std::size_t>(
        std::min<std::uint64_t>(wanted, std::max<std::uint64_t>(before_limit, 4096)));
  }
  ssize_t n;
  do {
    n = ::read(fd_, buffer.data() + end_, wanted);
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    error_ = errno;
    return false;
  }
  if (n == 0) {
    eof_ = true;
    return false;
  }
  const auto got = static_cast<std::size_t>(n);
  stalled_ = got < wanted;
  end_ += got;
  bytes_read_ += got;
  if (!bom_checked_) {
    // A UTF-8 byte order mark at the very start of the input is not part of the first line.
    // Nothing has been handed out yet (begin_ == 0): a BOM prefix holds no line end.
    static constexpr char bom[] = {'\xEF', '\xBB', '\xBF'};
    const std::size_t have = end_ < 3 ? end_ : 3;
    if (std::memcmp(buffer.data(), bom, have) != 0) {
      bom_checked_ = true;
    } else if (have == 3) {
      begin_ = 3;
      bom_checked_ = bom_skipped_ = true;
    }
  }
  return true;
}

const char* add_ended_lines(const char* cursor, const char* stop, const char* line_begin,
                            std::vector<std::string_view>& lines) {
  if (g_blocks.load(std::memory_order_relaxed) && irikit::simd::has_newlines64())
    cursor = split_blocks(cursor, stop, line_begin, lines);
  while (cursor < stop && lines.size() < line_reader::max_batch_lines) {
    const auto* newline =
        static_cast<const char*>(std::memchr(cursor, '\n', static_cast<std::size_t>(stop - cursor)));
    if (newline == nullptr) break;
    add_line(lines, line_begin, newline);
    cursor = line_begin = newline + 1;
  }
  return line_begin;
}

std::size_t next_lines(std::string_view data, std::vector<std::string_view>& lines) {
  lines.clear();
  const char* const stop = data.data() + data.size();
  const char* const next = add_ended_lines(data.data(), stop, data.data(), lines);
  if (!lines.empty() || data.empty()) return static_cast<std::size_t>(next - data.data());
  add_line(lines, data.data(), stop);  // the last line, without its line end
  return data.size();
}

bool line_reader::skip_partial_line() {
  for (;;) {
    const char* const data = block_->data();
    const auto* newline = static_cast<const char*>(std::memchr(data + begin_, '\n', end_ - begin_));
    if (newline != nullptr) {
      begin_ = static_cast<std::size_t>(newline + 1 - data);
      skip_partial_ = false;
      return true;
    }
    begin_ = end_;  // nothing of it is kept
    if (!fill()) return false;
  }
}

void line_reader::apply_limit(std::vector<std::string_view>& lines) {
  if (base_ + end_ <= limit_) return;  // every line here starts before the limit
  const char* const data = block_->data();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::uint64_t start = base_ + static_cast<std::uint64_t>(lines[i].data() - data);
    if (start == 3 && bom_skipped_) start = 0;  // the first line starts at 0, with its BOM
    if (start >= limit_) {
      lines.resize(i);
      eof_ = true;  // the range is done: read no further
      begin_ = end_;
      return;
    }
  }
}

bool line_reader::next_batch(std::vector<std::string_view>& lines) {
  lines.clear();
  if (skip_partial_ && !skip_partial_line()) return false;
  std::size_t scanned = begin_;  // no line end in [begin_, scanned)
  for (;;) {
    const char* const data = block_->data();
    const char* const line_begin = add_ended_lines(data + scanned, data + end_, data + begin_, lines);
    begin_ = static_cast<std::size_t>(line_begin - data);
    apply_limit(lines);
    if (!lines.empty()) return true;
    if (limit_ != UINT64_MAX && base_ + begin_ >= limit_ && !(base_ + begin_ == 3 && bom_skipped_)) {
      // The line without an end yet starts at or after the limit: not this range's, so nothing more
      // is read for it (a long line right after a cut was read whole, then dropped).
      eof_ = true;
      begin_ = end_;
      return false;
    }
    scanned = end_ - begin_;  // offsets after fill() moves the tail to the front
    if (!fill()) {
      // End of input (or an error): a last line without a line end still counts.
      if (error_ == 0 && end_ > begin_) {
        add_line(lines, block_->data() + begin_, block_->data() + end_);
        begin_ = end_;
        apply_limit(lines);
        return !lines.empty();
      }
      return false;
    }
  }
}

void output_buffer::flush() {
  if (!buffer_.empty()) {
    if (error_ == 0 && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
      error_ = errno;
    buffer_.clear();
  }
  if (error_ == 0 && std::fflush(file_) != 0) error_ = errno;
}

}  // namespace iri_tool
