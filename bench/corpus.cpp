// SPDX-License-Identifier: MIT OR Apache-2.0
#include "corpus.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

namespace irikit::bench {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::string_view> split_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::string_view> out;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

// Copies the lines into one NUL-separated block owned by the corpus.
corpus make_corpus(std::string name, const std::string& path, const std::vector<std::string_view>& lines) {
  corpus c;
  c.name = std::move(name);
  c.path = path;
  std::size_t total = 0;
  for (auto l : lines) total += l.size() + 1;
  c.storage = std::make_unique<char[]>(total + 1);
  char* p = c.storage.get();
  c.lines.reserve(lines.size());
  for (auto l : lines) {
    std::memcpy(p, l.data(), l.size());
    p[l.size()] = '\0';
    c.lines.emplace_back(p, l.size());
    c.bytes += l.size();
    for (unsigned char b : l) c.non_ascii_bytes += b >= 0x80;
    p += l.size() + 1;
  }
  return c;
}

}  // namespace

corpus load_lines(std::string name, const std::string& path) {
  const std::string text = read_file(path);
  return make_corpus(std::move(name), path, split_lines(text));
}

corpus long_lines(const corpus& c, std::string name, std::size_t min_bytes) {
  std::vector<std::string> joined;
  std::string line;
  for (std::string_view l : c.lines) {
    if (line.empty()) {
      line = l;
    } else {
      // Later lines go on as path segments of the first one: a "#" starts no second fragment.
      line += '/';
      for (char ch : l) ch == '#' ? line += "%23" : line += ch;
    }
    if (line.size() >= min_bytes) joined.push_back(std::move(line)), line.clear();
  }
  const std::vector<std::string_view> views(joined.begin(), joined.end());
  return make_corpus(std::move(name), c.path, views);
}

corpus ascii_twin(const corpus& c) {
  std::vector<std::string> copies;
  copies.reserve(c.lines.size());
  for (std::string_view l : c.lines) {
    std::string t(l);
    for (char& b : t) {
      if (static_cast<unsigned char>(b) >= 0x80) b = 'a';
    }
    copies.push_back(std::move(t));
  }
  const std::vector<std::string_view> views(copies.begin(), copies.end());
  return make_corpus(c.name + "_ascii_twin", c.path, views);
}

corpus copy_of(const corpus& c, std::string name) { return make_corpus(std::move(name), c.path, c.lines); }

corpus corpus_of(std::string name, const std::string& path, const std::vector<std::string>& lines) {
  const std::vector<std::string_view> views(lines.begin(), lines.end());
  return make_corpus(std::move(name), path, views);
}

corpus load_csv_column(std::string name, const std::string& path, std::size_t column) {
  const std::string text = read_file(path);
  std::vector<std::string_view> rows = split_lines(text);
  if (!rows.empty()) rows.erase(rows.begin());  // header
  std::vector<std::string_view> cells;
  cells.reserve(rows.size());
  for (std::string_view row : rows) {
    if (row.empty()) continue;
    std::size_t begin = 0;
    for (std::size_t k = 0; k < column; ++k) {
      const std::size_t comma = row.find(',', begin);
      if (comma == std::string_view::npos) throw std::runtime_error(path + ": a row has too few columns");
      begin = comma + 1;
    }
    const std::size_t end = row.find(',', begin);
    if (column == 0 && end == std::string_view::npos)
      throw std::runtime_error(path + ": a row has one column");
    if (column > 0 && end != std::string_view::npos)
      throw std::runtime_error(path + ": a row has extra commas");
    cells.push_back(row.substr(begin, end == std::string_view::npos ? row.size() - begin : end - begin));
  }
  return make_corpus(std::move(name), path, cells);
}

}  // namespace irikit::bench
