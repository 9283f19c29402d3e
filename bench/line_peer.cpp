// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_line_peer: the work of `iri check --as uri-reference` and `iri to-uri`, done line by line
// on one thread with Boost.URL or uriparser, for the end-to-end comparison (bench/tool_e2e.py).
//
//   irikit_line_peer boost|uriparser check|to-uri < lines > results
//
// One output line per input line (LF or CRLF ends, the CR dropped), as `iri` writes in text mode:
//   check   the line when it is a valid RFC 3986 URI-reference, else an empty line;
//   to-uri  the line with every non-ASCII byte percent-encoded (RFC 3987 §3.1 step 2, uppercase
//           hex; Boost.URL's own encoder, a plain loop for uriparser, which has none that leaves
//           reserved characters alone), when the result is a valid URI-reference, else an empty
//           line.
// A failing line also gets a short message on stderr, as `iri` gives one. Input and output go
// through large buffers, so that neither side is measured on its I/O.
#include <uriparser/Uri.h>

#include <boost/url/encode.hpp>
#include <boost/url/grammar/lut_chars.hpp>
#include <boost/url/parse.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

bool boost_valid(std::string_view s) {
  return boost::urls::parse_uri_reference(boost::urls::string_view(s.data(), s.size())).has_value();
}

bool uriparser_valid(std::string_view s) {
  UriUriA uri;
  const char* error_pos = nullptr;
  const int rc = uriParseSingleUriExA(&uri, s.data(), s.data() + s.size(), &error_pos);
  if (rc == URI_SUCCESS) uriFreeUriMembersA(&uri);
  return rc == URI_SUCCESS;
}

// Every ASCII character a URI allows as itself (RFC 3986 §2: unreserved, reserved and "%"); the
// rest of ASCII is left as it is too (the validation after encoding rejects it), so only the
// non-ASCII bytes are encoded.
struct is_ascii {
  constexpr bool operator()(char c) const noexcept { return static_cast<unsigned char>(c) < 0x80; }
};
constexpr boost::urls::grammar::lut_chars k_keep_ascii(is_ascii{});

void boost_to_uri(std::string_view line, std::string& out) {
  boost::urls::encoding_opts opts;
  opts.lower_case = false;
  out.clear();
  boost::urls::encode(boost::urls::string_view(line.data(), line.size()), k_keep_ascii, opts,
                      boost::urls::string_token::append_to(out));
}

void plain_to_uri(std::string_view line, std::string& out) {
  static constexpr char hex[] = "0123456789ABCDEF";
  out.clear();
  for (const char ch : line) {
    const auto b = static_cast<unsigned char>(ch);
    if (b < 0x80) {
      out.push_back(ch);
    } else {
      out.push_back('%');
      out.push_back(hex[b >> 4]);
      out.push_back(hex[b & 15]);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: irikit_line_peer boost|uriparser check|to-uri < lines\n");
    return 2;
  }
  const std::string_view lib = argv[1], cmd = argv[2];
  const bool boost = lib == "boost";
  const bool to_uri = cmd == "to-uri";
  if ((!boost && lib != "uriparser") || (!to_uri && cmd != "check")) {
    std::fprintf(stderr, "irikit_line_peer: unknown library or command\n");
    return 2;
  }
  bool (*const valid)(std::string_view) = boost ? boost_valid : uriparser_valid;
  void (*const encode)(std::string_view, std::string&) = boost ? boost_to_uri : plain_to_uri;

  std::vector<char> in(1 << 20);
  std::size_t have = 0;
  std::string out, converted;
  out.reserve(1 << 20);
  std::size_t line_no = 0;
  int status = 0;
  const auto flush = [&] {
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
  };
  const auto handle = [&](std::string_view line) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string_view result = line;
    if (to_uri) {
      encode(line, converted);
      result = converted;
    }
    if (valid(result)) {
      out.append(result);
    } else {
      std::fprintf(stderr, "irikit_line_peer: -:%zu: not a URI reference\n", line_no);
      status = 1;
    }
    out.push_back('\n');
    if (out.size() >= (1 << 20) - 4096) flush();
  };
  bool eof = false;
  while (!eof) {
    if (have == in.size()) in.resize(in.size() * 2);  // a line longer than the buffer
    const std::size_t got = std::fread(in.data() + have, 1, in.size() - have, stdin);
    eof = got == 0;
    have += got;
    std::size_t begin = 0;
    while (const void* nl = std::memchr(in.data() + begin, '\n', have - begin)) {
      const std::size_t end = static_cast<std::size_t>(static_cast<const char*>(nl) - in.data());
      handle(std::string_view(in.data() + begin, end - begin));
      begin = end + 1;
    }
    if (eof && begin < have) {
      handle(std::string_view(in.data() + begin, have - begin));
      begin = have;
    }
    std::memmove(in.data(), in.data() + begin, have - begin);
    have -= begin;
  }
  flush();
  return status;
}
