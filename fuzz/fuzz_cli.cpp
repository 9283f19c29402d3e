// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_cli — the `iri` tool's line handling, with every registered command:
//   - line_reader (src/lines/io.h) reading the input through a pipe that a writer thread fills in
//     chunks of fuzzer-chosen sizes, with either block width of its line-end search, gives exactly
//     the lines of a naive split (LF or CRLF ends a line, a last line without a line end counts; a
//     UTF-8 BOM that starts the input is dropped): no line is lost, split, merged or altered;
//   - every command, configured with its default options, maps each line to exactly one record
//     (extract: any number), and each record renders as one line of well-formed JSON whose
//     "input" (or "input_hex") gives the line back byte for byte, and as one line of text.
// The first input byte chooses the chunk sizes; the rest is the input stream.
#include <unistd.h>

#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "command.h"
#include "driver.h"
#include "fuzz_check.h"
#include "io.h"
#include "json_check.h"

namespace {

using namespace iri_tool;

std::vector<std::string> naive_lines(std::string_view input) {
  std::vector<std::string> lines;
  std::size_t begin = 0;
  while (begin < input.size()) {
    std::size_t end = input.find('\n', begin);
    const bool last = end == std::string_view::npos;
    if (last) end = input.size();
    std::string line(input.substr(begin, end - begin));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    begin = end + 1;
  }
  return lines;
}

struct configured_command {
  const command* cmd;
  std::unique_ptr<const line_mapper> mapper;
};

const std::vector<configured_command>& commands() {
  static const std::vector<configured_command> all = [] {
    std::vector<configured_command> out;
    // Default options; commands that need a base (resolve, relativize) get one, and also run
    // on TAB-separated pairs.
    for (const command* c : all_commands()) {
      configured conf = c->configure(option_values{});
      if (conf.mapper) {
        out.push_back({c, std::move(conf.mapper)});
        continue;
      }
      option_values with_base;
      with_base.add("--base", "http://a/b/c/d;p?q");
      if (configured b = c->configure(with_base); b.mapper) out.push_back({c, std::move(b.mapper)});
      option_values pairs;
      pairs.add("--pairs", {});
      if (configured p = c->configure(pairs); p.mapper) out.push_back({c, std::move(p.mapper)});
    }
    return out;
  }();
  return all;
}

std::string unhex(std::string_view hex) {
  std::string out;
  const auto digit = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  for (std::size_t k = 0; k + 1 < hex.size(); k += 2)
    out += static_cast<char>(digit(hex[k]) * 16 + digit(hex[k + 1]));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  const unsigned seed = data[0];
  const std::string_view stream = fuzz_input.substr(1);
  // The tool drops a UTF-8 byte order mark at the very start of its input (src/lines/io.cpp).
  const bool bom = stream.substr(0, 3) == "\xEF\xBB\xBF";
  const std::vector<std::string> expected = naive_lines(bom ? stream.substr(3) : stream);

  // 1. The line reader through a pipe, its line ends searched 64 bytes at a time (where the CPU
  // can) or 16, by the seed.
  line_reader::use_wide_blocks((seed & 2) != 0);
  int fds[2];
  FUZZ_CHECK(::pipe(fds) == 0);
  std::thread writer([&] {
    std::size_t pos = 0, k = 0;
    while (pos < stream.size()) {
      const std::size_t chunk =
          std::min<std::size_t>(stream.size() - pos, 1 + (seed * 7 + k * 13) % (seed % 64 + 1));
      const ssize_t n = ::write(fds[1], stream.data() + pos, chunk);
      if (n <= 0) break;
      pos += static_cast<std::size_t>(n);
      ++k;
      if (seed & 1) std::this_thread::yield();
    }
    ::close(fds[1]);
  });
  std::vector<std::string> got;
  {
    line_reader reader(fds[0]);
    std::vector<std::string_view> batch;
    while (reader.next_batch(batch)) {
      FUZZ_CHECK(!batch.empty() && batch.size() <= line_reader::max_batch_lines);
      for (std::string_view line : batch) got.emplace_back(line);
    }
    FUZZ_CHECK(reader.error() == 0);
    FUZZ_CHECK(reader.bytes_read() == stream.size());
  }
  writer.join();
  ::close(fds[0]);
  FUZZ_CHECK(got.size() == expected.size(), "line count");
  for (std::size_t k = 0; k < got.size(); ++k)
    FUZZ_CHECK(got[k] == expected[k], "line " + std::to_string(k + 1));

  // 2. Every command on every line (the first few lines, to keep each run short).
  record_list records;
  std::string out, err;
  const line_origin origin{"-", 1, false};
  for (const configured_command& c : commands()) {
    const bool one_per_line = c.cmd->name != "extract";
    for (std::size_t k = 0; k < expected.size() && k < 8; ++k) {
      const std::string& line = expected[k];
      records.clear();
      c.mapper->map(line, records);
      if (one_per_line) FUZZ_CHECK(records.size() == 1, std::string(c.cmd->name));
      for (const record& r : records) {
        if (r.error) {
          FUZZ_CHECK(r.error->offset <= line.size(), std::string(c.cmd->name) + " error offset");
          FUZZ_CHECK(!r.error->code.empty());
        }
        out.clear();
        render_json(out, origin, line, r);
        FUZZ_CHECK(!out.empty() && out.back() == '\n' && out.find('\n') == out.size() - 1,
                   std::string(c.cmd->name) + " JSON is not one line");
        irikit_fuzz::json_reader json(std::string_view(out).substr(0, out.size() - 1));
        FUZZ_CHECK(json.read_object_document(), std::string(c.cmd->name) + " JSON: " + out);
        const auto& strings = json.strings();
        const auto hex = strings.find("input_hex");
        const auto input = strings.find("input");
        FUZZ_CHECK(input != strings.end(), std::string(c.cmd->name));
        if (hex != strings.end()) {
          FUZZ_CHECK(unhex(hex->second) == line, std::string(c.cmd->name) + " input_hex");
        } else {
          FUZZ_CHECK(input->second == line, std::string(c.cmd->name) + " input");
        }
        out.clear();
        err.clear();
        render_text(out, err, origin, r);
        FUZZ_CHECK(!out.empty() && out.back() == '\n' && out.find('\n') == out.size() - 1,
                   std::string(c.cmd->name) + " text output is not one line");
        if (r.error) FUZZ_CHECK(!err.empty() && err.find('\n') == err.size() - 1, std::string(c.cmd->name));
      }
    }
  }
  return 0;
}
