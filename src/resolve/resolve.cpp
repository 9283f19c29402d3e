// SPDX-License-Identifier: MIT OR Apache-2.0
// Reference resolution: RFC 3986 §5.2 over IRIs (RFC 3987 §6.5). No Unicode backend: the
// algorithm only ever looks at the ASCII delimiters "/", "?", "#", ":" and at dot-segments.
#include "irikit/resolve.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "resolve/dot_segments.h"

namespace irikit {
namespace resolve_detail {

int dot_segment_kind(std::string_view segment, bool percent_encoded_dots) noexcept {
  int dots = 0;
  std::size_t i = 0;
  while (i < segment.size()) {
    if (segment[i] == '.') {
      ++i;
    } else if (percent_encoded_dots && segment[i] == '%' && i + 2 < segment.size() && segment[i + 1] == '2' &&
               (segment[i + 2] == 'E' || segment[i + 2] == 'e')) {
      i += 3;
    } else {
      return 0;
    }
    if (++dots > 2) return 0;
  }
  return dots;
}

std::size_t remove_dot_segments_in_place(char* s, std::size_t n, bool percent_encoded_dots,
                                         std::size_t* steps) noexcept {
  std::size_t count = 0;  // bytes scanned + moved + removed
  // Invariant: w <= r, so the output (s[0, w)) never overwrites unread input (s[r, n)). Every rule
  // of §5.2.4 writes at most as many bytes as it consumes, which keeps the invariant.
  std::size_t r = 0;
  std::size_t w = 0;
  const auto next_slash = [s, n, &count](std::size_t from) {
    const void* p = from < n ? std::memchr(s + from, '/', n - from) : nullptr;
    const std::size_t at = p ? static_cast<std::size_t>(static_cast<const char*>(p) - s) : n;
    count += at - std::min(from, at) + 1;
    return at;
  };
  // Rules A and D apply while the input does not begin with "/": only at the very start.
  while (r < n && s[r] != '/') {
    const std::size_t j = next_slash(r);
    if (dot_segment_kind(std::string_view(s + r, j - r), percent_encoded_dots) == 0) break;
    r = j == n ? n : j + 1;  // A: drop "./" or "../"; D: drop a final "." or ".."
  }
  if (r < n && s[r] != '/') {  // E on a rootless first segment
    const std::size_t j = next_slash(r);
    std::memmove(s + w, s + r, j - r);
    count += j - r;
    w += j - r;
    r = j;
  }
  irikit::detail::cancel_poll poll(r, n);
  while (r < n) {  // the input now always begins with "/"
    if (poll(r)) [[unlikely]]
      break;  // cancelled: the caller's cancel_scope reports it and drops the output
    const std::size_t j = next_slash(r + 1);
    const int kind = dot_segment_kind(std::string_view(s + r + 1, j - r - 1), percent_encoded_dots);
    if (kind == 0) {  // E: move "/segment" to the output
      std::memmove(s + w, s + r, j - r);
      count += j - r;
      w += j - r;
    } else {
      if (kind == 2) {  // C: remove the last output segment and its preceding "/" (if any)
        while (w > 0 && s[w - 1] != '/') {
          --w;
          ++count;
        }
        if (w > 0) --w;
        ++count;
      }
      if (j == n) s[w++] = '/';  // B/C: a final "/." or "/.." becomes "/"
    }
    r = j;  // B/C: "/./" and "/../" become "/": continue at the "/" that ends the segment
  }
  if (steps != nullptr) *steps = count;
  return w;
}

}  // namespace resolve_detail

namespace {

constexpr std::size_t k_max_size = std::numeric_limits<std::uint32_t>::max() - 1;

/// Appends the scheme ":" and the authority of `source` (an absolute or network-path reference)
/// and fills the matching offsets of `p`.
template <class Source>
void append_authority(const Source& source, std::string& out, iri_parts& p) {
  if (!source.has_authority()) return;
  const iri_parts& sp = source.parts();
  out.append("//");
  p.has_authority = true;
  p.authority_begin = static_cast<std::uint32_t>(out.size());
  p.host_begin = p.authority_begin + (sp.host_begin - sp.authority_begin);
  p.host_end = p.authority_begin + (sp.host_end - sp.authority_begin);
  p.host_type = sp.host_type;
  p.has_userinfo = sp.has_userinfo;
  p.has_port = sp.has_port;
  out.append(*source.authority());
}

/// Runs remove_dot_segments over out[from, end) in place and truncates `out`.
void remove_dots_from(std::string& out, std::size_t from, bool percent_encoded_dots) {
  const std::size_t kept = resolve_detail::remove_dot_segments_in_place(out.data() + from, out.size() - from,
                                                                        percent_encoded_dots);
  out.resize(from + kept);
}

}  // namespace

std::string remove_dot_segments(std::string_view path, const dot_segment_options& options) {
  std::string out;
  remove_dot_segments_into(path, out, options);
  return out;
}

void remove_dot_segments_into(std::string_view path, std::string& out, const dot_segment_options& options) {
  const detail::cancel_scope scope(path.size());
  const std::size_t from = out.size();
  out.append(path);
  remove_dots_from(out, from, options.percent_encoded_dots);
  if (scope.cancelled()) out.resize(from);  // no partial output
}

namespace {

result<iri_parts> resolve_impl(iri_view base, iri_reference_view reference, std::string& out,
                               const resolve_options& options) {
  // Upper bound of the result: scheme, authority, path pieces, query and fragment all come from
  // the two inputs; merging adds at most one "/" and the path guard two bytes.
  const std::size_t bound = base.text().size() + reference.text().size() + 4;
  if (bound > k_max_size) return parse_error{error_code::input_too_long, 0};
  out.clear();
  out.reserve(bound);

  const bool dots = options.dots.percent_encoded_dots;
  iri_parts p;
  p.has_scheme = true;

  // RFC 3986 §5.2.2: a non-strict parser ignores a scheme identical to the base's.
  bool ref_scheme = reference.is_absolute();
  if (ref_scheme && !options.strict && grammar::iequals_ascii(*reference.scheme(), base.scheme()))
    ref_scheme = false;

  const std::string_view ref_path = reference.path();
  std::optional<std::string_view> query = reference.query();
  if (ref_scheme) {
    out.append(*reference.scheme());
    p.scheme_end = static_cast<std::uint32_t>(out.size());
    out.push_back(':');
    append_authority(reference, out, p);
    p.path_begin = static_cast<std::uint32_t>(out.size());
    out.append(ref_path);
    remove_dots_from(out, p.path_begin, dots);
  } else {
    out.append(base.scheme());
    p.scheme_end = static_cast<std::uint32_t>(out.size());
    out.push_back(':');
    if (reference.has_authority()) {
      append_authority(reference, out, p);
      p.path_begin = static_cast<std::uint32_t>(out.size());
      out.append(ref_path);
      remove_dots_from(out, p.path_begin, dots);
    } else {
      append_authority(base, out, p);
      p.path_begin = static_cast<std::uint32_t>(out.size());
      if (ref_path.empty()) {
        // T.path = Base.path, unchanged unless asked (docs/resolution.md, crosscheck decision 1).
        out.append(base.path());
        if (options.remove_dots_from_base_path) remove_dots_from(out, p.path_begin, dots);
        if (!query) query = base.query();
      } else {
        if (ref_path.front() != '/') {
          // §5.2.3 merge: "/" + reference when the base has an authority and an empty path;
          // otherwise the base path up to and including its last "/".
          const std::string_view base_path = base.path();
          if (base.has_authority() && base_path.empty()) {
            out.push_back('/');
          } else if (const std::size_t slash = base_path.rfind('/'); slash != std::string_view::npos) {
            out.append(base_path.substr(0, slash + 1));
          }
        }
        out.append(ref_path);
        remove_dots_from(out, p.path_begin, dots);
      }
    }
  }
  // §3.3: without an authority a path cannot begin with "//" (it would be read as one). "/." keeps
  // it a path and is removed again by any later remove_dot_segments (docs/resolution.md).
  if (!p.has_authority && out.size() - p.path_begin >= 2 && out[p.path_begin] == '/' &&
      out[p.path_begin + 1] == '/') {
    out.insert(p.path_begin, "/.");
  }
  if (!p.has_authority) p.authority_begin = p.host_begin = p.host_end = p.path_begin;  // as the parser does
  p.path_end = static_cast<std::uint32_t>(out.size());
  if (query) {
    p.has_query = true;
    out.push_back('?');
    out.append(*query);
  }
  p.query_end = static_cast<std::uint32_t>(out.size());
  if (const auto fragment = reference.fragment()) {
    p.has_fragment = true;
    out.push_back('#');
    out.append(*fragment);
  }
  return p;
}

}  // namespace

result<iri_parts> resolve_into(iri_view base, iri_reference_view reference, std::string& out,
                               const resolve_options& options) {
  const detail::cancel_scope scope(base.text().size() + reference.text().size());
  result<iri_parts> parts = resolve_impl(base, reference, out, options);
  if (scope.cancelled()) {
    out.clear();  // no partial output
    return scope.error();
  }
  return parts;
}

result<iri> resolve(iri_view base, iri_reference_view reference, const resolve_options& options) {
  std::string text;
  const result<iri_parts> parts = resolve_into(base, reference, text, options);
  if (!parts) return parts.error();
  return iri(iri_view::from_parts(text, *parts));
}

result<iri> resolve(std::string_view base, std::string_view reference, const resolve_options& options) {
  const detail::cancel_scope scope(base.size() + reference.size());
  const result<iri_view> b = parse_iri(base);
  if (!b) return b.error();
  const result<iri_reference_view> r = parse_iri_reference(reference);
  if (!r) return r.error();
  return resolve(*b, *r, options);
}

}  // namespace irikit
