// SPDX-License-Identifier: MIT OR Apache-2.0
// Error names and messages (irikit/error.h). Messages are built only when asked for.
#include "irikit/error.h"

#include <array>
#include <cstdio>

#include "grammar/utf8.h"
#include "irikit/iri.h"

namespace irikit {
namespace {

struct code_info {
  std::string_view name;
  std::string_view what;  // completes "… " after the character, or stands alone
};

// Indexed by error_code; the order must follow the enum.
constexpr auto k_codes = std::to_array<code_info>({
    {"ok", "no error"},
    {"utf8-invalid-byte", "can never appear in UTF-8 (RFC 3629)"},
    {"utf8-truncated", "starts a UTF-8 sequence that is cut short (RFC 3629)"},
    {"utf8-overlong", "starts an overlong UTF-8 sequence, forbidden by RFC 3629 (RFC 3987 §8)"},
    {"utf8-surrogate", "is a lone surrogate, which is not a character and has no UTF-8 form (RFC 3629 §3)"},
    {"utf8-out-of-range", "starts a UTF-8 sequence above U+10FFFF (RFC 3629)"},
    {"input-too-long", "the input is longer than 4 GiB - 1 bytes"},
    {"missing-scheme", "a scheme is required here (RFC 3987 §2.2 IRI = scheme \":\" ihier-part …)"},
    {"unexpected-scheme",
     "a relative reference cannot start with a scheme; write \"./\" before a first segment that contains "
     "\":\" (RFC 3986 §4.2)"},
    {"empty-scheme",
     "\":\" with no scheme before it (RFC 3986 §3.1; a relative path's first segment cannot "
     "contain \":\", §4.2)"},
    {"invalid-scheme-char",
     "is not allowed in a scheme (RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )); "
     "a relative path whose first segment contains \":\" must start with \"./\" (RFC 3986 §4.2)"},
    {"unexpected-fragment", "a fragment is not allowed here (RFC 3987 §2.2 absolute-IRI has none)"},
    {"invalid-userinfo-char", "is not allowed in iuserinfo (RFC 3987 §2.2)"},
    {"invalid-host-char", "is not allowed in ihost (RFC 3987 §2.2 ireg-name)"},
    {"invalid-port-char", "is not allowed in port (RFC 3986 §3.2.3 port = *DIGIT)"},
    {"invalid-path-char", "is not allowed in ipath (RFC 3987 §2.2 ipchar)"},
    {"invalid-query-char", "is not allowed in iquery (RFC 3987 §2.2)"},
    {"invalid-fragment-char", "is not allowed in ifragment (RFC 3987 §2.2)"},
    {"invalid-percent-encoding",
     "\"%\" must be followed by two hexadecimal digits (RFC 3986 §2.1 pct-encoded)"},
    {"non-ascii-in-uri", "is not allowed in a URI; map the IRI to a URI first (RFC 3987 §3.1)"},
    {"bidi-formatting-char", "is a bidirectional formatting character, forbidden in IRIs (RFC 3987 §4.1)"},
    {"iprivate-outside-query", "is a private-use character, allowed only in iquery (RFC 3987 §2.2 iprivate)"},
    {"invalid-ip-literal", "opens an IP-literal that is not closed by \"]\" (RFC 3986 §3.2.2)"},
    {"invalid-ipv6", "breaks IPv6address (RFC 3986 §3.2.2)"},
    {"invalid-ipvfuture",
     "breaks IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" ) (RFC 3986 §3.2.2)"},
    {"invalid-utf16", "is an unpaired UTF-16 surrogate"},
    {"invalid-utf32", "is not a Unicode scalar value (a surrogate or above U+10FFFF)"},
    {"unsafe-ascii-char",
     "is not allowed in URIs; the conversion fails unless asked to percent-encode it (RFC 3987 §3.1)"},
    {"idna-failed",
     "starts a host label that IDNA cannot convert; the whole conversion fails (RFC 3987 §3.1, "
     "draft-ietf-iri-3987bis §3.4)"},
    {"unknown-charset", "the character encoding is not known to the Unicode backend"},
    {"charset-decode-failed", "is not valid in the named character encoding"},
    {"charset-unmappable", "cannot be represented in the named character encoding"},
    {"not-relativizable", "no relative reference resolves back to this target (RFC 3986 §5.2)"},
    {"cancelled", "the operation was cancelled by the caller (its cancellation hook, irikit/cancel.h)"},
    {"port-out-of-range", "starts a port above 65535 (RFC 3986 §3.2.3; the profile reads it as a number)"},
    {"invalid-ipv4", "starts a host read as IPv4 with a part out of range (WHATWG URL §3.5 IPv4 parser)"},
    {"unknown", "unknown error"},
});
static_assert(k_codes.size() == static_cast<std::size_t>(error_code::invalid_ipv4) + 2,
              "one row per error_code, in order, then \"unknown\"");

const code_info& info(error_code code) noexcept {
  const auto i = static_cast<std::size_t>(code);
  return i < k_codes.size() - 1 ? k_codes[i] : k_codes.back();
}

std::string code_point_name(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

// ED A0–BF 80–BF: the bytes a surrogate (U+D800–U+DFFF) would have in UTF-8, which RFC 3629 §3
// excludes. Text that holds lone surrogates (a Python str, a JavaScript string) comes out so when
// encoded with "surrogatepass" or as WTF-8; naming the code point tells its writer what they wrote.
// 0 when the bytes at `offset` are not such a sequence.
char32_t encoded_surrogate(std::string_view s, std::size_t offset) {
  if (s.size() - offset < 3) return 0;
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[offset + k]); };
  if (b(0) != 0xED || b(1) < 0xA0 || b(1) > 0xBF || (b(2) & 0xC0) != 0x80) return 0;
  return static_cast<char32_t>(0xD000u | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu));
}

// Characters named by code point only in describe_position: controls, and the invisible
// formatting characters (the bidi controls RFC 3987 §4.1 forbids, zero-width characters, the BOM).
bool is_invisible(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x061C || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

// s between double quotes, one readable line whatever it holds.
void append_quoted(std::string& out, std::string_view s, bool cut_before, bool cut_after) {
  char buf[16];
  out += '"';
  if (cut_before) out += "...";
  for (std::size_t i = 0; i < s.size();) {
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) {
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[i]));
      out += buf;
      ++i;
      continue;
    }
    if (is_invisible(d.cp)) {
      std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(d.cp));
      out += buf;
    } else if (d.cp == '"' || d.cp == '\\') {
      out += '\\';
      out += static_cast<char>(d.cp);
    } else {
      out.append(s.substr(i, d.length));
    }
    i += d.length;
  }
  if (cut_after) out += "...";
  out += '"';
}

}  // namespace

std::string character_name(std::string_view input, std::uint32_t offset) {
  if (offset >= input.size()) return "the end of the input";
  const grammar::decoded d = grammar::decode_utf8(input.data(), offset, input.size());
  if (d.code == error_code::ok) return code_point_name(d.cp);
  if (const char32_t surrogate = encoded_surrogate(input, offset)) {
    char bytes[24];
    std::snprintf(bytes, sizeof bytes, " (bytes ED %02X %02X)", static_cast<unsigned char>(input[offset + 1]),
                  static_cast<unsigned char>(input[offset + 2]));
    return code_point_name(surrogate) + bytes;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned char>(input[offset]));
  return buf;
}

std::string describe_position(std::string_view input, std::uint32_t offset, std::size_t context) {
  const std::size_t len = input.size();
  const std::size_t off = offset < len ? offset : len;
  std::size_t before = off > context ? off - context : 0;
  while (before < off && grammar::is_continuation(static_cast<unsigned char>(input[before]))) ++before;
  std::string out;
  std::size_t width = 0;
  if (off >= len) {
    out = "The text ends at byte " + std::to_string(len);
  } else {
    const grammar::decoded d = grammar::decode_utf8(input.data(), off, len);
    if (const char32_t surrogate = d.code != error_code::ok ? encoded_surrogate(input, off) : 0) {
      out = "The bytes at offset " + std::to_string(off) + " encode " + code_point_name(surrogate) +
            ", a lone surrogate, which is not a character";
      width = 3;
    } else if (d.code != error_code::ok) {
      char buf[96];
      std::snprintf(buf, sizeof buf,
                    "The byte at offset %zu is 0x%02X, which does not start a well-formed UTF-8 character",
                    off, static_cast<unsigned char>(input[off]));
      out = buf;
      width = 1;
    } else {
      width = d.length;
      out = "The character at byte " + std::to_string(off) + " is " + code_point_name(d.cp);
      if (!is_invisible(d.cp)) {
        out += ' ';
        append_quoted(out, input.substr(off, width), false, false);
      }
    }
  }
  if (off > 0) {
    out += ", after ";
    append_quoted(out, input.substr(before, off - before), before > 0, false);
  }
  const std::size_t after_begin = off + width;
  if (after_begin < len) {
    std::size_t after_end = len - after_begin > context ? after_begin + context : len;
    while (after_end > after_begin && after_end < len &&
           grammar::is_continuation(static_cast<unsigned char>(input[after_end])))
      --after_end;
    out += off > 0 ? " and before " : ", before ";
    append_quoted(out, input.substr(after_begin, after_end - after_begin), false, after_end < len);
  }
  out += '.';
  return out;
}

std::string_view code_name(error_code code) noexcept { return info(code).name; }

std::string error_message(const parse_error& error, std::string_view input) {
  const code_info& i = info(error.code);
  switch (error.code) {
    case error_code::ok:
    case error_code::input_too_long:
    case error_code::missing_scheme:
    case error_code::unexpected_scheme:
    case error_code::empty_scheme:
    case error_code::unexpected_fragment:
    case error_code::invalid_percent_encoding:
    case error_code::unknown_charset:
    case error_code::not_relativizable:
    case error_code::cancelled:
      return std::string(i.what);
    case error_code::invalid_utf16:
    case error_code::invalid_utf32:
      return "the code unit at offset " + std::to_string(error.offset) + " " + std::string(i.what);
    default:
      break;
  }
  if (input.empty() && error.offset == 0) return "the character " + std::string(i.what);
  return character_name(input, error.offset) + " " + std::string(i.what);
}

std::string error_message(const parse_error& error, std::string_view input, rule r) {
  const bool uri =
      r == rule::uri || r == rule::uri_reference || r == rule::absolute_uri || r == rule::relative_uri;
  if (!uri) return error_message(error, input);
  std::string_view what;
  switch (error.code) {
    case error_code::missing_scheme:
      return "a scheme is required here (RFC 3986 §3 URI = scheme \":\" hier-part …)";
    case error_code::unexpected_fragment:
      return "a fragment is not allowed here (RFC 3986 §4.3 absolute-URI has none)";
    case error_code::invalid_userinfo_char:
      what = "is not allowed in userinfo (RFC 3986 §3.2.1)";
      break;
    case error_code::invalid_host_char:
      what = "is not allowed in host (RFC 3986 §3.2.2 reg-name)";
      break;
    case error_code::invalid_path_char:
      what = "is not allowed in path (RFC 3986 §3.3 pchar)";
      break;
    case error_code::invalid_query_char:
      what = "is not allowed in query (RFC 3986 §3.4)";
      break;
    case error_code::invalid_fragment_char:
      what = "is not allowed in fragment (RFC 3986 §3.5)";
      break;
    default:
      return error_message(error, input);
  }
  return character_name(input, error.offset) + " " + std::string(what);
}

std::string describe(const parse_error& error, std::string_view input) {
  return "byte " + std::to_string(error.offset) + ": " + std::string(code_name(error.code)) + ": " +
         error_message(error, input);
}

}  // namespace irikit
