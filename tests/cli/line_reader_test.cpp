// SPDX-License-Identifier: MIT OR Apache-2.0
// The line engine's reader (src/lines/io.h) against a naive split, with each block width of its
// line-end search: lines of every length around the block sizes, LF and CRLF, a last line with and
// without its line end, read through a pipe in pieces of several sizes.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "io.h"

namespace {

std::vector<std::string> naive_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    const bool last = end == std::string::npos;
    if (last) end = text.size();
    std::string line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.pop_back();  // the tool's rule, last line too
    out.push_back(line);
    begin = end + 1;
  }
  return out;
}

std::vector<std::string> read_through_pipe(const std::string& text, std::size_t piece) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    for (std::size_t pos = 0; pos < text.size();) {
      const ssize_t n = ::write(fds[1], text.data() + pos, std::min(piece, text.size() - pos));
      if (n <= 0) break;
      pos += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  std::vector<std::string> got;
  iri_tool::line_reader reader(fds[0]);
  std::vector<std::string_view> batch;
  while (reader.next_batch(batch)) {
    for (std::string_view line : batch) got.emplace_back(line);
  }
  EXPECT_EQ(reader.error(), 0);
  EXPECT_EQ(reader.bytes_read(), text.size());
  writer.join();
  ::close(fds[0]);
  return got;
}

// Lines of lengths 0..200 (each char its length's last digit), with LF or CRLF, in that order:
// every line end falls at every offset of a 16- and a 64-byte block at some point.
std::string every_length(bool crlf, bool final_line_end) {
  std::string text;
  for (int length = 0; length <= 200; ++length) {
    text += std::string(static_cast<std::size_t>(length), static_cast<char>('0' + length % 10));
    if (length < 200 || final_line_end) text += crlf ? "\r\n" : "\n";
  }
  return text;
}

class LineReader : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override { iri_tool::line_reader::use_wide_blocks(GetParam()); }
  void TearDown() override { iri_tool::line_reader::use_wide_blocks(true); }
};

TEST_P(LineReader, GivesTheLinesOfANaiveSplit) {
  for (const bool crlf : {false, true}) {
    for (const bool final_line_end : {false, true}) {
      const std::string text = every_length(crlf, final_line_end);
      const std::vector<std::string> expected = naive_lines(text);
      ASSERT_EQ(expected.size(), 201u);
      EXPECT_EQ(expected[63], std::string(63, '3'));
      for (const std::size_t piece :
           {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1} << 16}) {
        EXPECT_EQ(read_through_pipe(text, piece), expected) << "crlf " << crlf << ", piece " << piece;
      }
    }
  }
}

TEST_P(LineReader, EmptyLinesAndACarriageReturnAlone) {
  // Runs of empty lines fill whole blocks with line ends; a CR not before LF stays in its line.
  const std::string text = std::string(130, '\n') + "a\rb\n\r\n\rc\n" + std::string(70, '\n') + "z";
  const std::vector<std::string> got = read_through_pipe(text, 4096);
  ASSERT_EQ(got.size(), 130u + 3u + 70u + 1u);
  EXPECT_EQ(got[129], "");
  EXPECT_EQ(got[130], "a\rb");
  EXPECT_EQ(got[131], "");
  EXPECT_EQ(got[132], "\rc");
  EXPECT_EQ(got[133], "");
  EXPECT_EQ(got.back(), "z");
  EXPECT_EQ(got, naive_lines(text));
}

// A batch that holds its block (hold_block) keeps its lines while the reader goes on, as the
// tool's worker threads need: up to four batches are held at once (released oldest first, as the
// tool writes them), across several blocks, with a line longer than a block among them.
TEST_P(LineReader, HeldBlocksKeepTheirLines) {
  std::string text;
  constexpr std::size_t batches = 5 * iri_tool::line_reader::max_batch_lines;
  for (std::size_t k = 0; text.size() < 3 * iri_tool::line_reader::block_size || k < batches; ++k) {
    text += std::string(k % 97, static_cast<char>('a' + k % 26)) + "\n";
    if (k == 1000) text += std::string(iri_tool::line_reader::block_size + 5, 'L') + "\n";
  }
  const std::vector<std::string> expected = naive_lines(text);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    for (std::size_t pos = 0; pos < text.size();) {
      const ssize_t n = ::write(fds[1], text.data() + pos, std::min<std::size_t>(1 << 16, text.size() - pos));
      if (n <= 0) break;
      pos += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  struct held {
    std::shared_ptr<const void> block;
    std::vector<std::string_view> lines;
    std::size_t first;
  };
  std::deque<held> window;
  std::size_t checked = 0, read = 0;
  const auto release_oldest = [&] {
    const held& h = window.front();
    for (std::size_t k = 0; k < h.lines.size(); ++k) {
      ASSERT_EQ(h.lines[k], expected[h.first + k]) << "line " << h.first + k;
    }
    checked += h.lines.size();
    window.pop_front();
  };
  iri_tool::line_reader reader(fds[0]);
  std::vector<std::string_view> batch;
  while (reader.next_batch(batch)) {
    window.push_back({reader.hold_block(), batch, read});
    read += batch.size();
    if (window.size() == 4) release_oldest();
  }
  while (!window.empty()) release_oldest();
  writer.join();
  ::close(fds[0]);
  EXPECT_EQ(checked, expected.size());
  EXPECT_GT(expected.size(), batches);
}

/// A temporary file holding `text`, removed at the end of the scope.
class temp_file {
 public:
  explicit temp_file(const std::string& text) {
    char name[] = "/tmp/irikit-line-reader-XXXXXX";
    fd_ = ::mkstemp(name);
    path_ = name;
    EXPECT_GE(fd_, 0);
    EXPECT_EQ(::write(fd_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }
  ~temp_file() {
    ::close(fd_);
    std::remove(path_.c_str());
  }
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
  std::string path_;
};

std::vector<std::string> read_range(iri_tool::line_reader& reader) {
  std::vector<std::string> got;
  std::vector<std::string_view> batch;
  while (reader.next_batch(batch)) {
    for (std::string_view line : batch) got.emplace_back(line);
  }
  EXPECT_EQ(reader.error(), 0);
  return got;
}

// The ranges [0, a), [a, b), ... of a file give each of its lines once, in order, wherever the cuts
// fall: inside a line, on its LF, on its CR, before the first byte of a line, past the end; with a
// line longer than a block, a BOM (skipped only by the range that starts at 0), and a last line
// without its line end. One reader restarted on every range, as irikit.dask's workers use it.
TEST_P(LineReader, ByteRangesGiveEveryLineOnce) {
  const std::string small =
      "\xEF\xBB\xBF"
      "first\r\n\n" +
      every_length(true, true) + every_length(false, false);
  const std::string large =
      small + "\n" + std::string(iri_tool::line_reader::block_size + 3, 'L') + "\n" + small;
  iri_tool::line_reader reader(-1);
  for (const bool is_large : {false, true}) {
    const std::string& text = is_large ? large : small;
    std::vector<std::string> expected = naive_lines(text);
    expected[0] = "first";  // the BOM is not part of the first line
    const temp_file file(text);
    const std::vector<std::size_t> steps =
        is_large ? std::vector<std::size_t>{4099, iri_tool::line_reader::block_size - 1, text.size(),
                                            2 * text.size()}
                 : std::vector<std::size_t>{1, 3, 64, 4099};
    for (const std::size_t step : steps) {
      std::vector<std::string> got;
      std::size_t nonempty_ranges = 0;
      for (std::size_t begin = 0; begin < text.size(); begin += step) {
        reader.restart(file.fd(), begin, begin + step);
        const std::vector<std::string> part = read_range(reader);
        nonempty_ranges += !part.empty();
        got.insert(got.end(), part.begin(), part.end());
      }
      EXPECT_EQ(got, expected) << "step " << step;
      if (step == 1) {
        EXPECT_EQ(nonempty_ranges, expected.size());  // each line from the range of its first byte
      }
    }
  }
  const temp_file file(small);
  // An empty range, and one past the end, have no lines; a range that starts inside the BOM has
  // the lines that start in it (none: the first starts at 0).
  for (const auto& [begin, end] :
       {std::pair<std::size_t, std::size_t>{5, 5}, {small.size(), small.size() + 9}, {1, 3}}) {
    reader.restart(file.fd(), begin, end);
    EXPECT_TRUE(read_range(reader).empty()) << begin << "-" << end;
  }
  // The constructor starts as a restart does. [10, 40) holds the starts of the lines "" (the LF at
  // 10), "" (CRLF at 11), "1", "22", "333", "4444", "55555" and "666666" (at 38).
  reader.restart(file.fd(), 10, 40);
  const std::vector<std::string> from_restart = read_range(reader);
  iri_tool::line_reader fresh(file.fd(), 10, 40);  // (the same descriptor: after the other is done)
  EXPECT_EQ(read_range(fresh), from_restart);
  ASSERT_EQ(from_restart.size(), 8u);
  EXPECT_EQ(from_restart[3], "22");
  EXPECT_EQ(from_restart[7], "666666");
}

TEST(LineReaderRange, AFailedSeekIsAnError) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  iri_tool::line_reader reader(fds[0], 10, 20);  // a pipe cannot seek
  std::vector<std::string_view> batch;
  EXPECT_FALSE(reader.next_batch(batch));
  EXPECT_EQ(reader.error(), ESPIPE);
  ::close(fds[0]);
  ::close(fds[1]);
}

// Ranges are 64-bit offsets on every target, 32-bit ones too (the i386 build: large file support,
// src/lines/io.cpp): a range past 4 GiB reads the lines there, not those at its offset modulo 2^32
// (or 2^31). The file is sparse: "near\n", a hole up to 4 GiB, then "x\nfar\nfarther\n".
TEST(LineReaderRange, RangesPastFourGiBAreNotWrapped) {
  const temp_file file("near\n");
  constexpr std::uint64_t far = std::uint64_t{1} << 32;
  if (::ftruncate(file.fd(), static_cast<off_t>(far)) != 0) GTEST_SKIP() << "no 4 GiB sparse file here";
  const std::string tail = "x\nfar\nfarther\n";
  ASSERT_EQ(::pwrite(file.fd(), tail.data(), tail.size(), static_cast<off_t>(far)),
            static_cast<ssize_t>(tail.size()));
  iri_tool::line_reader reader(file.fd(), far + 1, far + tail.size());  // from inside "x"
  EXPECT_EQ(read_range(reader), (std::vector<std::string>{"far", "farther"}));
}

// A range stops at its limit: the line after it is not read, however long (it was read whole, up to
// the end of the file, then dropped).
TEST(LineReaderRange, TheLineAfterTheLimitIsNotRead) {
  const temp_file file("near\n" + std::string(std::size_t{8} << 20, 'x'));
  iri_tool::line_reader reader(file.fd(), 0, 3);
  EXPECT_EQ(read_range(reader), std::vector<std::string>{"near"});
  EXPECT_LT(reader.bytes_read(), std::uint64_t{1} << 20);
  reader.restart(file.fd(), 1, 5);  // from inside "near" to its LF: no line starts there
  EXPECT_TRUE(read_range(reader).empty());
  EXPECT_LT(reader.bytes_read(), std::uint64_t{1} << 20);
}

// An offset past any the system can seek to is an error, never a wrapped (negative) offset.
TEST(LineReaderRange, AnOffsetPastOffTIsAnError) {
  const temp_file file("a\n");
  iri_tool::line_reader reader(file.fd(), (std::uint64_t{1} << 63) + 2, UINT64_MAX);
  std::vector<std::string_view> batch;
  EXPECT_FALSE(reader.next_batch(batch));
  EXPECT_EQ(reader.error(), EOVERFLOW);
}

INSTANTIATE_TEST_SUITE_P(BlockWidth, LineReader, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& param) {
                           return std::string(param.param ? "Wide" : "Sse2");
                         });

}  // namespace
