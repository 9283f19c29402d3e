// SPDX-License-Identifier: MIT OR Apache-2.0
// The basic URL parser (URL Standard §4.4): the state machine, written state by state as the
// Standard gives it. `pointer` indexes bytes of well-formed UTF-8: every code point the machine
// compares with is ASCII, and a non-ASCII code point is appended or percent-encoded byte by byte,
// which is what UTF-8 percent-encoding it does (every set contains all non-ASCII code points).
#include <algorithm>
#include <cstdint>
#include <string>

#include "cancel/poll.h"
#include "whatwg/record.h"

namespace irikit::whatwg::detail {

namespace {

using ve = validation_error;

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

/// §4.2 shorten a URL's path (`path` serialized, as in record.h).
void shorten_path(std::string& path, bool file_scheme) {
  if (file_scheme) {
    const std::size_t slash = path.find('/', 1);
    if (slash == std::string::npos && !path.empty() &&
        is_normalized_windows_drive_letter(std::string_view(path).substr(1))) {
      return;
    }
  }
  const std::size_t last = path.rfind('/');
  if (last != std::string::npos) path.resize(last);
}

/// §4.4 path state, at "/" (`slash`) or the end of the path: the buffer becomes the next segment
/// of `path`, or does what a dot segment does; the buffer is left empty.
void end_segment(std::string& path, std::string& buffer, bool file_scheme, bool slash) {
  if (is_double_dot(buffer)) {
    shorten_path(path, file_scheme);
    if (!slash) path += '/';
  } else if (is_single_dot(buffer) && !slash) {
    path += '/';
  } else if (!is_single_dot(buffer)) {
    if (file_scheme && path.empty() && is_windows_drive_letter(buffer)) buffer[1] = ':';
    path += '/';
    path += buffer;
  }
  buffer.clear();
}

class machine {
 public:
  machine(std::string_view input, const record* base, record& url, state override_state,
          std::string_view encoding, const reporter& r, std::size_t offset)
      : in_(input),
        base_(base),
        url_(url),
        override_(override_state),
        encoding_(encoding),
        r_(r),
        offset_(offset) {}

  std::optional<url_error> run();

 private:
  int c() const noexcept { return pointer_ < in_.size() ? static_cast<unsigned char>(in_[pointer_]) : -1; }
  std::string_view remaining() const noexcept {
    return pointer_ + 1 < in_.size() ? in_.substr(pointer_ + 1) : std::string_view();
  }
  bool has_override() const noexcept { return override_ != state::none; }
  void note(ve e) const { r_.add(e, offset_ + pointer_); }
  url_error fail(ve e) const {
    note(e);
    return url_error{e, static_cast<std::uint32_t>(offset_ + std::min(pointer_, in_.size()))};
  }
  url_error fail_silently(ve e) const {
    return url_error{e, static_cast<std::uint32_t>(offset_ + std::min(pointer_, in_.size()))};
  }
  bool special() const noexcept { return special_; }
  void set_scheme(std::string s) {
    url_.scheme = std::move(s);
    special_ = is_special_scheme(url_.scheme);
  }
  /// Byte length of the UTF-8 sequence starting at the pointer (1 for ASCII).
  std::size_t code_point_length() const noexcept {
    const auto b = static_cast<unsigned char>(in_[pointer_]);
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  }
  /// Appends the code point at the pointer to `out`, percent-encoded in `set`; advances the
  /// pointer past its continuation bytes (the loop then steps over the last one).
  void append_encoded(std::string& out, encode_set set) {
    const std::size_t length = code_point_length();
    check_url_unit(length);
    percent_encode_into(in_.substr(pointer_, length), set, out);
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
  /// The base's username, password, host and port (relative and relative slash states).
  void copy_base_authority() {
    url_.username = base_->username;
    url_.password = base_->password;
    url_.host_kind = base_->host_kind;
    url_.host = base_->host;
    url_.port = base_->port;
  }
  void append_raw(std::string& out) {
    const std::size_t length = code_point_length();
    out.append(in_.substr(pointer_, length));
    pointer_ += length - 1;
  }

  std::string_view in_;
  const record* base_;
  record& url_;
  state override_;
  std::string_view encoding_;
  const reporter& r_;
  std::size_t offset_;
  std::size_t pointer_ = 0;
  std::string buffer_;
  bool special_ = false;
  bool at_sign_seen_ = false;
  bool inside_brackets_ = false;
  bool password_token_seen_ = false;
};

std::optional<url_error> machine::run() {
  special_ = is_special_scheme(url_.scheme);
  state st = has_override() ? override_ : state::scheme_start;
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
        } else if (!has_override()) {
          st = state::no_scheme;
          --pointer_;
        } else {
          return fail_silently(ve::setter_refused);
        }
        break;

      case state::scheme:
        if (is_alpha(ch) || is_digit(ch) || ch == '+' || ch == '-' || ch == '.') {
          buffer_.push_back(lower(static_cast<char>(ch)));
        } else if (ch == ':') {
          if (has_override()) {
            const bool buffer_special = is_special_scheme(buffer_);
            if (special() != buffer_special) return fail_silently(ve::setter_refused);
            if ((url_.includes_credentials() || url_.port >= 0) && buffer_ == "file") {
              return fail_silently(ve::setter_refused);
            }
            if (url_.scheme == "file" && url_.host_kind == host_type::empty)
              return fail_silently(ve::setter_refused);
          }
          set_scheme(std::move(buffer_));
          buffer_.clear();
          if (has_override()) {
            if (url_.port >= 0 && url_.port == default_port(url_.scheme)) url_.port = -1;
            return std::nullopt;
          }
          if (url_.scheme == "file") {
            if (!remaining().starts_with("//")) note(ve::special_scheme_missing_following_solidus);
            st = state::file;
          } else if (special() && base_ != nullptr && base_->scheme == url_.scheme) {
            st = state::special_relative_or_authority;
          } else if (special()) {
            st = state::special_authority_slashes;
          } else if (remaining().starts_with("/")) {
            st = state::path_or_authority;
            ++pointer_;
          } else {
            url_.path.clear();
            url_.opaque_path = true;
            st = state::opaque_path;
          }
        } else if (!has_override()) {
          buffer_.clear();
          st = state::no_scheme;
          pointer_ = static_cast<std::size_t>(-1);  // start over from the first code point
        } else {
          return fail_silently(ve::setter_refused);
        }
        break;

      case state::no_scheme:
        if (base_ == nullptr || (base_->opaque_path && ch != '#')) {
          return fail(ve::missing_scheme_non_relative_url);
        } else if (base_->opaque_path && ch == '#') {
          set_scheme(base_->scheme);
          url_.path = base_->path;
          url_.opaque_path = true;
          url_.query = base_->query;
          url_.fragment.emplace();
          st = state::fragment;
        } else if (base_->scheme != "file") {
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
          st = state::authority;
        } else {
          st = state::path;
          --pointer_;
        }
        break;

      case state::relative:
        set_scheme(base_->scheme);
        if (ch == '/') {
          st = state::relative_slash;
        } else if (special() && ch == '\\') {
          note(ve::invalid_reverse_solidus);
          st = state::relative_slash;
        } else {
          copy_base_authority();
          url_.path = base_->path;
          url_.query = base_->query;
          if (ch == '?') {
            url_.query.emplace();
            st = state::query;
          } else if (ch == '#') {
            url_.fragment.emplace();
            st = state::fragment;
          } else if (ch != -1) {
            url_.query.reset();
            shorten_path(url_.path, url_.scheme == "file");
            st = state::path;
            --pointer_;
          }
        }
        break;

      case state::relative_slash:
        if (special() && (ch == '/' || ch == '\\')) {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::special_authority_ignore_slashes;
        } else if (ch == '/') {
          st = state::authority;
        } else {
          copy_base_authority();
          st = state::path;
          --pointer_;
        }
        break;

      case state::special_authority_ignore_slashes:
        if (ch != '/' && ch != '\\') {
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
          // Split the buffer at its first ":" (unless a password was already started).
          std::string_view b = buffer_;
          if (!password_token_seen_) {
            const std::size_t colon = b.find(':');
            percent_encode_into(b.substr(0, colon), encode_set::userinfo, url_.username);
            if (colon != std::string_view::npos) {
              password_token_seen_ = true;
              percent_encode_into(b.substr(colon + 1), encode_set::userinfo, url_.password);
            }
          } else {
            percent_encode_into(b, encode_set::userinfo, url_.password);
          }
          buffer_.clear();
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special() && ch == '\\')) {
          if (at_sign_seen_ && buffer_.empty()) return fail(ve::host_missing);
          pointer_ -= buffer_.size() + 1;
          buffer_.clear();
          st = state::host;
        } else {
          append_raw(buffer_);
        }
        break;

      case state::host:
      case state::hostname:
        if (has_override() && url_.scheme == "file") {
          --pointer_;
          st = state::file_host;
        } else if (ch == ':' && !inside_brackets_) {
          if (buffer_.empty()) return fail(ve::host_missing);
          if (override_ == state::hostname) return fail_silently(ve::setter_refused);
          host h;
          if (auto e = parse_host_into(buffer_, !special(), h, r_, offset_ + pointer_ - buffer_.size()))
            return e;
          url_.host_kind = h.type;
          url_.host = std::move(h.serialized);
          buffer_.clear();
          st = state::port;
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special() && ch == '\\')) {
          --pointer_;
          if (special() && buffer_.empty()) return fail(ve::host_missing);
          if (has_override() && buffer_.empty() && (url_.includes_credentials() || url_.port >= 0)) {
            return fail_silently(ve::setter_refused);
          }
          host h;
          if (buffer_.empty()) {
            h.type = host_type::empty;
          } else if (auto e = parse_host_into(buffer_, !special(), h, r_,
                                              offset_ + pointer_ + 1 - buffer_.size())) {
            return e;
          }
          url_.host_kind = h.type;
          url_.host = std::move(h.serialized);
          buffer_.clear();
          st = state::path_start;
          if (has_override()) return std::nullopt;
        } else {
          if (ch == '[') inside_brackets_ = true;
          if (ch == ']') inside_brackets_ = false;
          append_raw(buffer_);
        }
        break;

      case state::port:
        if (is_digit(ch)) {
          buffer_.push_back(static_cast<char>(ch));
        } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (special() && ch == '\\') ||
                   has_override()) {
          if (!buffer_.empty()) {
            std::uint32_t port = 0;
            for (const char d : buffer_) {
              port = port * 10 + static_cast<std::uint32_t>(d - '0');
              if (port > 65535) {
                pointer_ -= buffer_.size();
                return fail(ve::port_out_of_range);
              }
            }
            url_.port = static_cast<std::int32_t>(port) == default_port(url_.scheme)
                            ? -1
                            : static_cast<std::int32_t>(port);
            buffer_.clear();
            if (has_override()) return std::nullopt;
          }
          if (has_override()) return fail(ve::port_invalid);
          st = state::path_start;
          --pointer_;
        } else {
          return fail(ve::port_invalid);
        }
        break;

      case state::file:
        set_scheme("file");
        url_.host_kind = host_type::empty;
        url_.host.clear();
        if (ch == '/' || ch == '\\') {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::file_slash;
        } else if (base_ != nullptr && base_->scheme == "file") {
          url_.host_kind = base_->host_kind;
          url_.host = base_->host;
          url_.path = base_->path;
          url_.query = base_->query;
          if (ch == '?') {
            url_.query.emplace();
            st = state::query;
          } else if (ch == '#') {
            url_.fragment.emplace();
            st = state::fragment;
          } else if (ch != -1) {
            url_.query.reset();
            if (!starts_with_windows_drive_letter(in_.substr(pointer_))) {
              shorten_path(url_.path, url_.scheme == "file");
            } else {
              note(ve::file_invalid_windows_drive_letter);
              url_.path.clear();
            }
            st = state::path;
            --pointer_;
          }
        } else {
          st = state::path;
          --pointer_;
        }
        break;

      case state::file_slash:
        if (ch == '/' || ch == '\\') {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::file_host;
        } else {
          if (base_ != nullptr && base_->scheme == "file") {
            url_.host_kind = base_->host_kind;
            url_.host = base_->host;
            const auto first = first_segment(base_->path);
            if (!starts_with_windows_drive_letter(in_.substr(std::min(pointer_, in_.size()))) && first &&
                is_normalized_windows_drive_letter(*first)) {
              url_.path += '/';
              url_.path += *first;
            }
          }
          st = state::path;
          --pointer_;
        }
        break;

      case state::file_host:
        if (ch == -1 || ch == '/' || ch == '\\' || ch == '?' || ch == '#') {
          --pointer_;
          if (!has_override() && is_windows_drive_letter(buffer_)) {
            note(ve::file_invalid_windows_drive_letter_host);
            st = state::path;  // the buffer is kept: it becomes the first path segment
          } else if (buffer_.empty()) {
            url_.host_kind = host_type::empty;
            url_.host.clear();
            if (has_override()) return std::nullopt;
            st = state::path_start;
          } else {
            host h;
            if (auto e = parse_host_into(buffer_, false, h, r_, offset_ + pointer_ + 1 - buffer_.size()))
              return e;
            if (h.type == host_type::domain && h.serialized == "localhost") {
              h.type = host_type::empty;
              h.serialized.clear();
            }
            url_.host_kind = h.type;
            url_.host = std::move(h.serialized);
            if (has_override()) return std::nullopt;
            buffer_.clear();
            st = state::path_start;
          }
        } else {
          append_raw(buffer_);
        }
        break;

      case state::path_start:
        if (special()) {
          if (ch == '\\') note(ve::invalid_reverse_solidus);
          st = state::path;
          if (ch != '/' && ch != '\\') --pointer_;
        } else if (!has_override() && ch == '?') {
          url_.query.emplace();
          st = state::query;
        } else if (!has_override() && ch == '#') {
          url_.fragment.emplace();
          st = state::fragment;
        } else if (ch != -1) {
          st = state::path;
          if (ch != '/') --pointer_;
        } else if (has_override() && url_.host_kind == host_type::none) {
          url_.path += '/';
        }
        break;

      case state::path: {
        const bool slash = ch == '/' || (special() && ch == '\\');
        if (ch == -1 || slash || (!has_override() && (ch == '?' || ch == '#'))) {
          if (special() && ch == '\\') note(ve::invalid_reverse_solidus);
          end_segment(url_.path, buffer_, url_.scheme == "file", slash);
          if (ch == '?') {
            url_.query.emplace();
            st = state::query;
          } else if (ch == '#') {
            url_.fragment.emplace();
            st = state::fragment;
          }
        } else {
          append_encoded(buffer_, encode_set::path);
        }
        break;
      }

      case state::opaque_path:
        if (ch == '?') {
          url_.query.emplace();
          st = state::query;
        } else if (ch == '#') {
          url_.fragment.emplace();
          st = state::fragment;
        } else if (ch == ' ') {
          const std::string_view rest = remaining();
          if (!rest.empty() && (rest[0] == '?' || rest[0] == '#')) {
            url_.path += "%20";
          } else {
            url_.path += ' ';
          }
        } else if (ch != -1) {
          append_encoded(url_.path, encode_set::c0_control);
        }
        break;

      case state::query: {
        // Step 1: the encoding applies to the queries of special URLs other than ws/wss.
        if (!encoding_.empty() && (!special() || url_.scheme == "ws" || url_.scheme == "wss")) encoding_ = {};
        if ((!has_override() && ch == '#') || ch == -1) {
          const encode_set set = special() ? encode_set::special_query : encode_set::query;
          if (!url_.query) url_.query.emplace();
          percent_encode_after_encoding(buffer_, encoding_, set, *url_.query);
          buffer_.clear();
          if (ch == '#') {
            url_.fragment.emplace();
            st = state::fragment;
          }
        } else if (ch != -1) {
          check_url_unit(code_point_length());
          append_raw(buffer_);
        }
        break;
      }

      case state::fragment:
        if (ch != -1) {
          if (!url_.fragment) url_.fragment.emplace();
          append_encoded(*url_.fragment, encode_set::fragment);
        }
        break;

      case state::none:
        return std::nullopt;
    }
    if (pointer_ + 1 > in_.size() && pointer_ != static_cast<std::size_t>(-1)) break;
  }
  return std::nullopt;
}

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

bool record::special() const noexcept { return is_special_scheme(scheme); }

prepared_input::prepared_input(std::string_view input, bool strip, std::vector<validation>* notes)
    : notes_(notes) {
  // The common case, a setter's short ASCII value without tabs or newlines: nothing to do.
  if (!strip && std::none_of(input.begin(), input.end(), [](char c) {
        return c == '\t' || c == '\n' || c == '\r' || static_cast<unsigned char>(c) >= 0x80;
      })) {
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

std::optional<url_error> basic_parse(std::string_view input, const record* base, record& out,
                                     state override_state, std::string_view encoding,
                                     std::vector<validation>* notes) {
  // the parse's cancellation: validation_error::cancelled
  const irikit::detail::cancel_scope scope(input.size());
  const auto cancelled = [&scope] { return url_error{ve::cancelled, scope.error().offset}; };
  const prepared_input in(input, override_state == state::none, notes);
  if (scope.cancelled()) return cancelled();
  if (override_state == state::none) out = record{};
  const reporter r{notes};  // the machine keeps a reference
  machine m(in.text(), base, out, override_state, encoding, r, in.offset());
  std::optional<url_error> e = m.run();
  if (scope.cancelled()) return cancelled();  // the record `out` is the caller's to drop
  in.restore(e);
  return e;
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
  // Path state: "?" and "#" are path code points under a state override.
  std::string buffer;
  for (;;) {
    std::size_t end = i;
    while (end < text.size() && text[end] != '/' && !(special && text[end] == '\\')) ++end;
    const std::string_view segment = text.substr(i, end - i);
    check_url_units(segment, r, offset + i);
    percent_encode_into(segment, encode_set::path, buffer);
    const bool slash = end < text.size();
    if (slash && text[end] == '\\') r.add(ve::invalid_reverse_solidus, offset + end);
    end_segment(path, buffer, file_scheme, slash);
    if (!slash) return;
    i = end + 1;
  }
}

}  // namespace irikit::whatwg::detail
