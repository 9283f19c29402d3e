// SPDX-License-Identifier: MIT OR Apache-2.0
// The basic URL parser (URL Standard §4.4): the state machine, written state by state as the
// Standard gives it. `pointer` indexes bytes of well-formed UTF-8: every code point the machine
// compares with is ASCII, and a non-ASCII code point is appended or percent-encoded byte by byte,
// which is what UTF-8 percent-encoding it does (every set contains all non-ASCII code points).
#include <algorithm>
#include <cstdint>
#include <string>

#include "cancel/poll.h"
#include "whatwg/internal.h"

namespace irikit::whatwg::detail {

namespace {

using ve = validation_error;

/// The states of the basic URL parser (§4.4) that it runs without a state override. The setters
/// run their states' parts themselves (url.cpp, path_override below).
enum class state : std::uint8_t {
  scheme_start,
  scheme,
  no_scheme,
  special_relative_or_authority,
  path_or_authority,
  relative,
  relative_slash,
  special_authority_slashes,
  special_authority_ignore_slashes,
  authority,
  host,
  port,
  file,
  file_slash,
  file_host,
  path_start,
  path,
  opaque_path,
  query,
  fragment,
};

constexpr std::uint32_t absent = 0xFFFFFFFFu;  // url_parts' offset of a null query or fragment

constexpr bool is_alpha(int c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(int c) noexcept { return c >= '0' && c <= '9'; }
constexpr char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

/// §4.3 Windows drive letter: an ASCII alpha then ":" or "|"; normalized: then ":".
bool is_windows_drive_letter(std::string_view s) noexcept {
  return s.size() == 2 && is_alpha(s[0]) && (s[1] == ':' || s[1] == '|');
}
bool is_normalized_windows_drive_letter(std::string_view s) noexcept {
  return s.size() == 2 && is_alpha(s[0]) && s[1] == ':';
}
/// §4.3 "starts with a Windows drive letter".
bool starts_with_windows_drive_letter(std::string_view s) noexcept {
  if (s.size() < 2 || !is_windows_drive_letter(s.substr(0, 2))) return false;
  if (s.size() == 2) return true;
  const char c = s[2];
  return c == '/' || c == '\\' || c == '?' || c == '#';
}

bool iequals_2e(std::string_view s, std::size_t at) noexcept {
  return s.size() >= at + 3 && s[at] == '%' && s[at + 1] == '2' && (s[at + 2] == 'e' || s[at + 2] == 'E');
}
/// §4.4 single-dot URL path segment: "." or "%2e" (ASCII case-insensitive).
bool is_single_dot(std::string_view s) noexcept { return s == "." || (s.size() == 3 && iequals_2e(s, 0)); }
/// §4.4 double-dot URL path segment: "..", ".%2e", "%2e.", "%2e%2e".
bool is_double_dot(std::string_view s) noexcept {
  switch (s.size()) {
    case 2:
      return s == "..";
    case 4:
      return (s[0] == '.' && iequals_2e(s, 1)) || (iequals_2e(s, 0) && s[3] == '.');
    case 6:
      return iequals_2e(s, 0) && iequals_2e(s, 3);
    default:
      return false;
  }
}

/// The first segment of a serialized path ("/a/b" → "a"), or nullopt for the empty list.
std::optional<std::string_view> first_segment(std::string_view path) noexcept {
  if (path.empty()) return std::nullopt;
  const std::size_t end = path.find('/', 1);
  return path.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1);
}

/// §4.2 shorten a URL's path, where the path is the tail of `s` from `path_begin` (serialized:
/// "/" + segment for each segment): its last segment is cut off the end of the buffer.
void shorten_path(std::string& s, std::size_t path_begin, bool file_scheme) {
  if (s.size() == path_begin) return;  // the empty list
  const std::size_t last = s.rfind('/');
  if (file_scheme && last == path_begin &&
      is_normalized_windows_drive_letter(std::string_view(s).substr(path_begin + 1))) {
    return;
  }
  s.resize(last);
}

/// §4.4 path state, at "/" (`slash`) or the end of the path. The segment the state's buffer holds
/// was written in place: it is the tail of `s` after the "/" at `segment`, and the path before it
/// is s[path_begin, segment). A dot segment is taken out again and does what it does; a segment
/// that stays is the path's next one. At a slash the caller then starts the next segment.
void end_segment(std::string& s, std::size_t path_begin, std::size_t segment, bool file_scheme, bool slash) {
  const std::string_view buffer = std::string_view(s).substr(segment + 1);
  if (is_double_dot(buffer)) {
    s.resize(segment);
    shorten_path(s, path_begin, file_scheme);
    if (!slash) s += '/';
  } else if (is_single_dot(buffer)) {
    s.resize(slash ? segment : segment + 1);
  } else if (file_scheme && segment == path_begin && is_windows_drive_letter(buffer)) {
    s[segment + 2] = ':';
  }
}

/// The basic URL parser (§4.4) without a state override, writing the URL's href and its offsets
/// as it goes. The Standard's states produce the components in href order (scheme, userinfo,
/// host, port, path, query, fragment), so each is appended at the end of the one buffer; the
/// relative states copy the base URL's components as slices of its href, and path shortening
/// cuts the buffer's tail. Only §4.5's "/." before a path starting with "//" (when the host is
/// null) depends on the finished path: finish() inserts it.
class machine {
 public:
  machine(std::string_view input, const url* base, std::string& href, url_parts& parts,
          std::string_view encoding, const reporter& r, std::size_t offset)
      : in_(input), base_(base), h_(href), p_(parts), encoding_(encoding), r_(r), offset_(offset) {
    if (base != nullptr) {
      bh_ = base->href();
      bp_ = parts_of(*base);
    }
  }

  std::optional<url_error> run();
  /// §4.5 step 3, and the flags: after a successful run().
  void finish();

 private:
  int c() const noexcept { return pointer_ < in_.size() ? static_cast<unsigned char>(in_[pointer_]) : -1; }
  std::string_view remaining() const noexcept {
    return pointer_ + 1 < in_.size() ? in_.substr(pointer_ + 1) : std::string_view();
  }
  void note(ve e) const { r_.add(e, offset_ + pointer_); }
  url_error fail(ve e) const {
    note(e);
    return fail_silently(e);
  }
  url_error fail_silently(ve e) const {
    return url_error{e, static_cast<std::uint32_t>(offset_ + std::min(pointer_, in_.size()))};
  }
  std::uint32_t here() const noexcept { return static_cast<std::uint32_t>(h_.size()); }
  std::string_view scheme() const noexcept { return std::string_view(h_).substr(0, p_.scheme_end); }
  std::string_view base_scheme() const noexcept { return bh_.substr(0, bp_.scheme_end); }
  bool base_is_file() const noexcept { return base_ != nullptr && base_scheme() == "file"; }

  // ---- writing the href ----

  /// The ":" after the scheme (already written); the URL has no host until one is written.
  void end_scheme() {
    p_.scheme_end = here();
    h_ += ':';
    special_ = is_special_scheme(scheme());
    file_ = scheme() == "file";
    p_.username_begin = p_.username_end = p_.password_end = p_.host_begin = p_.host_end = p_.path_begin =
        p_.pathname_begin = here();
  }
  void write_file_scheme() {
    if (h_.empty()) {
      h_ += "file";
      end_scheme();
    }
  }
  /// "//" where the URL gets a host: the userinfo and host follow.
  void begin_authority() {
    h_ += "//";
    p_.username_begin = p_.username_end = p_.password_end = here();
  }
  /// The userinfo's "@" (when there are credentials) and the serialized host.
  void write_host(host_type kind, std::string_view serialized) {
    if (p_.password_end > p_.username_begin) h_ += '@';
    p_.host_begin = here();
    h_ += serialized;
    p_.host_end = here();
    p_.host_kind = kind;
  }
  /// The path starts here (after the host and port).
  void end_authority() { p_.path_begin = p_.pathname_begin = here(); }
  /// The empty host of a file URL.
  void write_empty_host() {
    begin_authority();
    write_host(host_type::empty, {});
    end_authority();
  }
  /// The password's text appended (percent-encoded), with the ":" before it when it is the first.
  void append_password(std::string_view text) {
    if (text.empty()) return;
    if (p_.password_end == p_.username_end) h_ += ':';
    percent_encode_into(text, encode_set::userinfo, h_);
    p_.password_end = here();
  }
  /// The path state starts a segment: its "/", then its code points as they come.
  void begin_segment() {
    segment_ = h_.size();
    h_ += '/';
  }
  void begin_query() {
    p_.query_begin = here();
    h_ += '?';
  }
  void begin_fragment() {
    p_.fragment_begin = here();
    h_ += '#';
  }

  // ---- the base URL's components, copied from its href (the scheme is the same as the base's) ----

  void copy_base_scheme() {
    if (!h_.empty()) return;  // written by the scheme state: the base's scheme
    h_.append(bh_.substr(0, bp_.scheme_end));
    end_scheme();
  }
  /// The base's username, password, host and port (relative and relative slash states).
  void copy_base_authority() {
    const std::uint32_t from = bp_.scheme_end + 1;
    h_.append(bh_.substr(from, bp_.path_begin - from));
    p_.username_begin = bp_.username_begin;
    p_.username_end = bp_.username_end;
    p_.password_end = bp_.password_end;
    p_.host_begin = bp_.host_begin;
    p_.host_end = bp_.host_end;
    p_.host_kind = bp_.host_kind;
    p_.port = bp_.port;
    end_authority();
  }
  std::uint32_t base_query_end() const noexcept {
    return bp_.fragment_begin != absent ? bp_.fragment_begin : static_cast<std::uint32_t>(bh_.size());
  }
  std::uint32_t base_path_end() const noexcept {
    return bp_.query_begin != absent ? bp_.query_begin : base_query_end();
  }
  void copy_base_path() { h_.append(bh_.substr(bp_.pathname_begin, base_path_end() - bp_.pathname_begin)); }
  void copy_base_query() {
    if (bp_.query_begin == absent) return;
    p_.query_begin = here();
    h_.append(bh_.substr(bp_.query_begin, base_query_end() - bp_.query_begin));
  }

  // ---- reading the input ----

  /// Byte length of the UTF-8 sequence starting at the pointer (1 for ASCII).
  std::size_t code_point_length() const noexcept {
    const auto b = static_cast<unsigned char>(in_[pointer_]);
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  }
  /// Appends the code point at the pointer to the href, percent-encoded in `set`; advances the
  /// pointer past its continuation bytes (the loop then steps over the last one).
  void append_encoded(encode_set set) {
    const std::size_t length = code_point_length();
    check_url_unit(length);
    percent_encode_into(in_.substr(pointer_, length), set, h_);
    pointer_ += length - 1;
  }
  /// invalid-URL-unit for the code point at the pointer (§4.4 path, opaque path, query and fragment
  /// states); a "%" is one when the two code points after it are not hex digits.
  void check_url_unit(std::size_t length) const {
    if (r_.notes == nullptr) return;
    if (in_[pointer_] == '%') {
      const auto hex = [](char h) { return is_digit(h) || ((h | 0x20) >= 'a' && (h | 0x20) <= 'f'); };
      if (pointer_ + 2 >= in_.size() || !hex(in_[pointer_ + 1]) || !hex(in_[pointer_ + 2]))
        note(ve::invalid_url_unit);
      return;
    }
    check_url_units(in_.substr(pointer_, length), r_, offset_ + pointer_);
  }
  void append_raw(std::string& out) {
    const std::size_t length = code_point_length();
    out.append(in_.substr(pointer_, length));
    pointer_ += length - 1;
  }

  std::string_view in_;
  const url* base_;
  std::string_view bh_;  // the base's href and offsets
  url_parts bp_;
  std::string& h_;  // the href being written, and its offsets
  url_parts& p_;
  std::string_view encoding_;
  const reporter& r_;
  std::size_t offset_;
  std::size_t pointer_ = 0;
  std::size_t segment_ = 0;  // in the path state: where the current segment's "/" is in the href
  std::string buffer_;
  bool special_ = false;
  bool file_ = false;
  bool at_sign_seen_ = false;
  bool inside_brackets_ = false;
  bool password_token_seen_ = false;
};

std::optional<url_error> machine::run() {
  state st = state::scheme_start;
  // The pointer loop (§4.4 "Keep running the following state machine by switching on state. If
  // after a run pointer points to the EOF code point, go to the next step. Otherwise, increase
  // pointer by 1 and continue with the state machine."). "Decrease pointer by 1" is `--pointer_`
  // with wrap-around at 0, undone by the increment.
  irikit::detail::cancel_poll poll(0, in_.size());
  for (;; ++pointer_) {
    if (poll(pointer_)) return fail_silently(ve::cancelled);
    const int ch = c();
    switch (st) {
      case state::scheme_start:
        if (is_alpha(ch)) {
          buffer_.push_back(lower(static_cast<char>(ch)));
          st = state::scheme;
        } else {
          st = state::no_scheme;
          --pointer_;
        }
        break;

      case state::scheme:
        if (is_alpha(ch) || is_digit(ch) || ch == '+' || ch == '-' || ch == '.') {
          buffer_.push_back(lower(static_cast<char>(ch)));
        } else if (ch == ':') {
          h_.append(buffer_);
          buffer_.clear();
          end_scheme();
          if (file_) {
            if (!remaining().starts_with("//")) note(ve::special_scheme_missing_following_solidus);
            st = state::file;
          } else if (special_ && base_ != nullptr && base_scheme() == scheme()) {
            st = state::special_relative_or_authority;
          } else if (special_) {
            st = state::special_authority_slashes;
          } else if (remaining().starts_with("/")) {
            st = state::path_or_authority;
            ++pointer_;
          } else {
            p_.opaque_path = true;
            st = state::opaque_path;
          }
        } else {
          buffer_.clear();
          st = state::no_scheme;
          pointer_ = static_cast<std::size_t>(-1);  // start over from the first code point
        }
        break;

      case state::no_scheme:
        if (base_ == nullptr || (bp_.opaque_path && ch != '#')) {
          return fail(ve::missing_scheme_non_relative_url);
        } else if (bp_.opaque_path && ch == '#') {
          copy_base_scheme();
          copy_base_path();
          p_.opaque_path = true;
          copy_base_query();
          begin_fragment();
          st = state::fragment;
        } else if (!base_is_file()) {
          st = state::relative;
          --pointer_;
        } else {
          st = state::file;
          --pointer_;
        }
        break;

      // The two states read "//" alike; without it they go on in different states.
      case state::special_relative_or_authority:
      case state::special_authority_slashes:
        if (ch == '/' && remaining().starts_with("/")) {
          st = state::special_authority_ignore_slashes;
          ++pointer_;
        } else {
          note(ve::special_scheme_missing_following_solidus);
          st = st == state::special_relative_or_authority ? state::relative
                                                          : state::special_authority_ignore_slashes;
          --pointer_;
        }
        break;

      case state::path_or_authority:
        if (ch == '/') {
          begin_authority();
          st = state::authority;
        } else {
          begin_segment();
          st = state::path;
          --pointer_;
        }
        break;

      case state::relative:
        copy_base_scheme();
        if (ch == '/') {
          st = state::relative_slash;
        } else if (special_ && ch == '\\') {
          note(ve::invalid_reverse_solidus);
          st = state::relative_slash;
        } else {
          copy_base_authority();
          copy_base_path();
          if (ch == '?') {
            begin_query();
            st = state::query;
          } else if (ch == '#') {
            copy_base_query();
            begin_fragment();
            st = state::fragment;
          } else if (ch != -1) {
            shorten_path(h_, p_.pathname_begin, file_);
            begin_segment();
            st = state::path;
            --pointer_;
          } else {
            copy_base_query();
          }
        }
        break;

      case state::relative_slash:
        if (special_ && (ch == '/' || ch == '\\')) {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::special_authority_ignore_slashes;
        } else if (ch == '/') {
          begin_authority();
          st = state::authority;
        } else {
          copy_base_authority();
          begin_segment();
          st = state::path;
          --pointer_;
        }
        break;

      case state::special_authority_ignore_slashes:
        if (ch != '/' && ch != '\\') {
          begin_authority();
          st = state::authority;
          --pointer_;
        } else {
          note(ve::special_scheme_missing_following_solidus);
        }
        break;

      case state::authority:
        if (ch == '@') {
          note(ve::invalid_credentials);
          if (at_sign_seen_) buffer_.insert(0, "%40");
          at_sign_seen_ = true;
          // Split the buffer at its first ":" (unless a password was already started). The
          // username is the href's tail until the password starts; then the password is.
          std::string_view b = buffer_;
          if (!password_token_seen_) {
            const std::size_t colon = b.find(':');
            percent_encode_into(b.substr(0, colon), encode_set::userinfo, h_);
            p_.username_end = p_.password_end = here();
            if (colon != std::string_view::npos) {
              password_token_seen_ = true;
              append_password(b.substr(colon + 1));
            }
          } else {
            append_password(b);
          }
          buffer_.clear();
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special_ && ch == '\\')) {
          if (at_sign_seen_ && buffer_.empty()) return fail(ve::host_missing);
          pointer_ -= buffer_.size() + 1;
          buffer_.clear();
          st = state::host;
        } else {
          append_raw(buffer_);
        }
        break;

      case state::host:
        if (ch == ':' && !inside_brackets_) {
          if (buffer_.empty()) return fail(ve::host_missing);
          host h;
          if (auto e = parse_host_into(buffer_, !special_, h, r_, offset_ + pointer_ - buffer_.size()))
            return e;
          write_host(h.type, h.serialized);
          buffer_.clear();
          st = state::port;
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special_ && ch == '\\')) {
          --pointer_;
          if (special_ && buffer_.empty()) return fail(ve::host_missing);
          host h;
          if (buffer_.empty()) {
            h.type = host_type::empty;
          } else if (auto e = parse_host_into(buffer_, !special_, h, r_,
                                              offset_ + pointer_ + 1 - buffer_.size())) {
            return e;
          }
          write_host(h.type, h.serialized);
          end_authority();
          buffer_.clear();
          st = state::path_start;
        } else {
          if (ch == '[') inside_brackets_ = true;
          if (ch == ']') inside_brackets_ = false;
          append_raw(buffer_);
        }
        break;

      case state::port:
        if (is_digit(ch)) {
          buffer_.push_back(static_cast<char>(ch));
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special_ && ch == '\\')) {
          if (!buffer_.empty()) {
            std::uint32_t port = 0;
            for (const char d : buffer_) {
              port = port * 10 + static_cast<std::uint32_t>(d - '0');
              if (port > 65535) {
                pointer_ -= buffer_.size();
                return fail(ve::port_out_of_range);
              }
            }
            if (static_cast<std::int32_t>(port) != default_port(scheme())) {
              p_.port = static_cast<std::int32_t>(port);
              h_ += ':';
              h_ += std::to_string(port);
            }
            buffer_.clear();
          }
          end_authority();
          st = state::path_start;
          --pointer_;
        } else {
          return fail(ve::port_invalid);
        }
        break;

      case state::file:
        write_file_scheme();
        if (ch == '/' || ch == '\\') {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::file_slash;
        } else if (base_is_file()) {
          copy_base_authority();
          if (ch == '?') {
            copy_base_path();
            begin_query();
            st = state::query;
          } else if (ch == '#') {
            copy_base_path();
            copy_base_query();
            begin_fragment();
            st = state::fragment;
          } else if (ch != -1) {
            if (!starts_with_windows_drive_letter(in_.substr(pointer_))) {
              copy_base_path();
              shorten_path(h_, p_.pathname_begin, true);
            } else {
              note(ve::file_invalid_windows_drive_letter);  // the path is the empty list
            }
            begin_segment();
            st = state::path;
            --pointer_;
          } else {
            copy_base_path();
            copy_base_query();
          }
        } else {
          write_empty_host();
          begin_segment();
          st = state::path;
          --pointer_;
        }
        break;

      case state::file_slash:
        if (ch == '/' || ch == '\\') {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::file_host;
        } else {
          if (base_is_file()) {
            copy_base_authority();
            const auto first =
                first_segment(bh_.substr(bp_.pathname_begin, base_path_end() - bp_.pathname_begin));
            if (!starts_with_windows_drive_letter(in_.substr(std::min(pointer_, in_.size()))) && first &&
                is_normalized_windows_drive_letter(*first)) {
              h_ += '/';
              h_ += *first;
            }
          } else {
            write_empty_host();
          }
          begin_segment();
          st = state::path;
          --pointer_;
        }
        break;

      case state::file_host:
        if (ch == -1 || ch == '/' || ch == '\\' || ch == '?' || ch == '#') {
          --pointer_;
          if (is_windows_drive_letter(buffer_)) {
            note(ve::file_invalid_windows_drive_letter_host);
            // The buffer is kept: it starts the first path segment.
            write_empty_host();
            begin_segment();
            h_ += buffer_;
            buffer_.clear();
            st = state::path;
          } else if (buffer_.empty()) {
            write_empty_host();
            st = state::path_start;
          } else {
            host h;
            if (auto e = parse_host_into(buffer_, false, h, r_, offset_ + pointer_ + 1 - buffer_.size()))
              return e;
            begin_authority();
            if (h.type == host_type::domain && h.serialized == "localhost") {
              write_host(host_type::empty, {});
            } else {
              write_host(h.type, h.serialized);
            }
            end_authority();
            buffer_.clear();
            st = state::path_start;
          }
        } else {
          append_raw(buffer_);
        }
        break;

      case state::path_start:
        if (special_) {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          begin_segment();
          st = state::path;
          if (ch != '/' && ch != '\\') --pointer_;
        } else if (ch == '?') {
          begin_query();
          st = state::query;
        } else if (ch == '#') {
          begin_fragment();
          st = state::fragment;
        } else if (ch != -1) {
          begin_segment();
          st = state::path;
          if (ch != '/') --pointer_;
        }
        break;

      case state::path: {
        const bool slash = ch == '/' || (special_ && ch == '\\');
        if (ch == -1 || slash || ch == '?' || ch == '#') {
          if (special_ && ch == '\\') note(ve::invalid_reverse_solidus);
          end_segment(h_, p_.pathname_begin, segment_, file_, slash);
          if (slash) {
            begin_segment();
          } else if (ch == '?') {
            begin_query();
            st = state::query;
          } else if (ch == '#') {
            begin_fragment();
            st = state::fragment;
          }
        } else {
          append_encoded(encode_set::path);
        }
        break;
      }

      case state::opaque_path:
        if (ch == '?') {
          begin_query();
          st = state::query;
        } else if (ch == '#') {
          begin_fragment();
          st = state::fragment;
        } else if (ch == ' ') {
          const std::string_view rest = remaining();
          if (!rest.empty() && (rest[0] == '?' || rest[0] == '#')) {
            h_ += "%20";
          } else {
            h_ += ' ';
          }
        } else if (ch != -1) {
          append_encoded(encode_set::c0_control);
        }
        break;

      case state::query: {
        // Step 1: the encoding applies to the queries of special URLs other than ws/wss.
        if (!encoding_.empty() && (!special_ || scheme() == "ws" || scheme() == "wss")) encoding_ = {};
        if (ch == '#' || ch == -1) {
          const encode_set set = special_ ? encode_set::special_query : encode_set::query;
          percent_encode_after_encoding(buffer_, encoding_, set, h_);
          buffer_.clear();
          if (ch == '#') {
            begin_fragment();
            st = state::fragment;
          }
        } else {
          check_url_unit(code_point_length());
          append_raw(buffer_);
        }
        break;
      }

      case state::fragment:
        if (ch != -1) append_encoded(encode_set::fragment);
        break;
    }
    if (pointer_ + 1 > in_.size() && pointer_ != static_cast<std::size_t>(-1)) break;
  }
  return std::nullopt;
}

void machine::finish() {
  // §4.5 step 3: "/." keeps a path whose first segment is empty from reading as an authority.
  if (p_.host_kind == host_type::none && !p_.opaque_path &&
      std::string_view(h_).substr(p_.path_begin).starts_with("//")) {
    h_.insert(p_.path_begin, "/.");
    p_.pathname_begin = p_.path_begin + 2;
    if (p_.query_begin != absent) p_.query_begin += 2;
    if (p_.fragment_begin != absent) p_.fragment_begin += 2;
  }
  p_.special = special_;
}

}  // namespace

std::optional<url_error> basic_parse(std::string_view input, const url* base, std::string_view encoding,
                                     std::vector<validation>* notes, url& out) {
  // the parse's cancellation: validation_error::cancelled
  const irikit::detail::cancel_scope scope(input.size());
  const auto cancelled = [&scope] { return url_error{ve::cancelled, scope.error().offset}; };
  const prepared_input in(input, true, notes);
  if (scope.cancelled()) return cancelled();
  const reporter r{notes};  // the machine keeps a reference
  // Room for what the href usually is: the input (and the base it copies from), plus the "/" of an
  // empty special path. Percent-encoding and IDNA can need more; the string then grows.
  std::string href;
  href.reserve(in.text().size() + (base != nullptr ? base->href().size() : 0) + 1);
  url_parts parts;
  machine m(in.text(), base, href, parts, encoding, r, in.offset());
  std::optional<url_error> e = m.run();
  if (scope.cancelled()) return cancelled();
  in.restore(e);
  if (e) return e;
  m.finish();
  assemble_into(out, std::move(href), parts);
  return std::nullopt;
}

void path_override(std::string_view text, bool special, bool file_scheme, bool host_null, std::string& path,
                   const reporter& r, std::size_t offset) {
  path.clear();
  // Path start state with a state override: a special path starts at "/" or "\\"; an empty
  // value gives a URL without a host the path of one empty segment, and others the empty path.
  std::size_t i = 0;
  if (special) {
    if (!text.empty() && text[0] == '\\') r.add(ve::invalid_reverse_solidus, offset);
    if (!text.empty() && (text[0] == '/' || text[0] == '\\')) i = 1;
  } else if (text.empty()) {
    if (host_null) path += '/';
    return;
  } else if (text[0] == '/') {
    i = 1;
  }
  // Path state: "?" and "#" are path code points under a state override. Each segment is written
  // in place after its "/", as the parser's path state writes it (end_segment). A poll per MiB of
  // segments (a long segment's encoding polls too): stopped, the setter makes no edit.
  irikit::detail::cancel_poll poll(0, text.size());
  for (;;) {
    if (poll(i)) [[unlikely]]
      return;
    std::size_t end = i;
    for (;;) {  // the segment's end, polling per MiB of a long segment
      const std::size_t stop = irikit::detail::block_end(end, text.size());
      while (end < stop && text[end] != '/' && !(special && text[end] == '\\')) ++end;
      if (end < stop || end == text.size()) break;
      if (poll(end)) [[unlikely]]
        return;
    }
    const std::string_view segment = text.substr(i, end - i);
    check_url_units(segment, r, offset + i);
    const std::size_t at = path.size();
    path += '/';
    percent_encode_into(segment, encode_set::path, path);
    const bool slash = end < text.size();
    if (slash && text[end] == '\\') r.add(ve::invalid_reverse_solidus, offset + end);
    end_segment(path, 0, at, file_scheme, slash);
    if (!slash) return;
    i = end + 1;
  }
}

}  // namespace irikit::whatwg::detail
