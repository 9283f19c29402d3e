// SPDX-License-Identifier: MIT OR Apache-2.0
// encoding_rs's test data (../shared/encoding/encoding_rs-tests, beside CONFORMANCE_DIR): every
// `*_in.txt` decoded and compared with its `*_in_ref.txt`, every `*_out.txt` encoded and compared
// with its `*_out_ref.txt`, line by line (one line per index pointer or code point; a case id is
// "file:line"), through src/unicode/encoding.h.
//
// The reference decodes are the Encoding Standard's replacement mode (U+FFFD for each error);
// irikit's decoders run in fatal mode. A line whose reference has a U+FFFD passes when the fatal
// decode fails exactly there (the bytes before the error decode to the text before U+FFFD) and the
// bytes after the error, resumed where the Standard resumes (after the lead byte alone when the
// next byte is ASCII and "prepended", §11.1.1 and the like; after both bytes otherwise, and always
// in ISO-2022-JP's two-byte state; EUC-JP's 0x8F takes its JIS X 0212 lead with it), decode to
// the rest of the reference.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "runner.h"
#include "unicode/encoding.h"

namespace irikit::conformance {
namespace {

using unicode::encoding;

constexpr std::string_view k_replacement = "\xEF\xBF\xBD";

std::filesystem::path data_dir(const std::filesystem::path& conformance_dir) {
  return conformance_dir.parent_path() / "encoding" / "encoding_rs-tests";
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string::npos ? text.size() : end;
    lines.emplace_back(text.substr(start, stop - start));
    start = stop + 1;
  }
  return lines;
}

/// The replacement-mode decode of `bytes` as the Standard's decoders give it, built from the fatal
/// decoder: nullopt when the fatal decoder's errors are not where the reference says.
std::optional<std::string> decode_replacing(std::string_view bytes, encoding e) {
  std::string out;
  while (true) {
    std::string part;
    const auto error = unicode::decode(bytes, e, part);
    if (!error) return out + part;
    std::string before;
    if (unicode::decode(bytes.substr(0, *error), e, before)) return std::nullopt;
    out += before;
    out += k_replacement;
    std::size_t skip = 1;
    const bool two_byte_state = e == encoding::iso_2022_jp;
    if (*error + 1 < bytes.size() &&
        (two_byte_state || static_cast<unsigned char>(bytes[*error + 1]) >= 0x80)) {
      skip = 2;
    }
    // EUC-JP's 0x8F lead: a JIS X 0212 lead byte after it is consumed with it (§12.1.1, the
    // jis0212 flag), then the trail byte by the rule above.
    const auto at = [&](std::size_t k) {
      return k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0u;
    };
    if (e == encoding::euc_jp && at(*error) == 0x8F && at(*error + 1) >= 0xA1 && at(*error + 1) <= 0xFE) {
      skip = at(*error + 2) >= 0x80 ? 3 : 2;
    }
    bytes.remove_prefix(std::min(bytes.size(), *error + skip));
  }
}

void run_file(const std::filesystem::path& conformance_dir, suite_report& report, std::string_view file,
              encoding e, bool decoding) {
  const std::filesystem::path dir = data_dir(conformance_dir);
  const std::string input_name = std::string(file) + (decoding ? "_in.txt" : "_out.txt");
  const std::string ref_name = std::string(file) + (decoding ? "_in_ref.txt" : "_out_ref.txt");
  if (!std::filesystem::exists(dir / input_name)) {
    report.skip(input_name, "no encoding_rs test data at " + dir.string());
    return;
  }
  const std::vector<std::string> input = read_lines(dir / input_name);
  const std::vector<std::string> ref = read_lines(dir / ref_name);
  if (input.size() != ref.size()) {
    report.abort(input_name + " and " + ref_name + " have different line counts");
    return;
  }
  for (std::size_t i = 0; i < input.size(); ++i) {
    const std::string id = input_name + ":" + std::to_string(i + 1);
    std::optional<std::string> actual;
    if (decoding) {
      actual = decode_replacing(input[i], e);
    } else {
      actual = unicode::encode_all(input[i], e);
    }
    if (actual == ref[i]) {
      report.pass(id);
    } else {
      report.fail(id, input[i], ref[i], actual ? *actual : "(error)");
    }
  }
}

template <std::size_t N>
struct file_name {
  char text[N];
  constexpr file_name(const char (&s)[N]) {  // NOLINT: a literal as a template argument
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};

template <file_name F, encoding E, bool Decoding>
void run(const std::filesystem::path& conformance_dir, suite_report& report) {
  run_file(conformance_dir, report, F.text, E, Decoding);
}

const register_suite big5_decode{"encoding_rs/big5_decode", run<"big5", encoding::big5, true>};
const register_suite big5_encode{"encoding_rs/big5_encode", run<"big5", encoding::big5, false>};
const register_suite euc_kr_decode{"encoding_rs/euc_kr_decode", run<"euc_kr", encoding::euc_kr, true>};
const register_suite euc_kr_encode{"encoding_rs/euc_kr_encode", run<"euc_kr", encoding::euc_kr, false>};
const register_suite gb18030_decode{"encoding_rs/gb18030_decode", run<"gb18030", encoding::gb18030, true>};
const register_suite gb18030_encode{"encoding_rs/gb18030_encode", run<"gb18030", encoding::gb18030, false>};
const register_suite iso_2022_jp_decode{"encoding_rs/iso_2022_jp_decode",
                                        run<"iso_2022_jp", encoding::iso_2022_jp, true>};
const register_suite iso_2022_jp_encode{"encoding_rs/iso_2022_jp_encode",
                                        run<"iso_2022_jp", encoding::iso_2022_jp, false>};
const register_suite jis0208_decode{"encoding_rs/euc_jp_jis0208_decode",
                                    run<"jis0208", encoding::euc_jp, true>};
const register_suite jis0208_encode{"encoding_rs/euc_jp_jis0208_encode",
                                    run<"jis0208", encoding::euc_jp, false>};
const register_suite jis0212_decode{"encoding_rs/euc_jp_jis0212_decode",
                                    run<"jis0212", encoding::euc_jp, true>};
const register_suite shift_jis_decode{"encoding_rs/shift_jis_decode",
                                      run<"shift_jis", encoding::shift_jis, true>};
const register_suite shift_jis_encode{"encoding_rs/shift_jis_encode",
                                      run<"shift_jis", encoding::shift_jis, false>};

}  // namespace
}  // namespace irikit::conformance
