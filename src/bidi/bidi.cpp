// SPDX-License-Identifier: MIT OR Apache-2.0
// RFC 3987 §4: display of bidirectional IRIs (§4.1) and the structure rules (§4.2), plus the
// Bidi Rule of RFC 5893 §2 for host labels. The algorithm itself is UAX #9 in the backend.
#include "irikit/bidi.h"

#include <array>
#include <string>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "irikit/encoding.h"
#include "unicode/bidi.h"

namespace irikit {
namespace {

using unicode::bidi_class;

/// Strictly decodes valid UTF-8 (the caller has validated it).
std::u32string to_u32(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const grammar::decoded d = grammar::decode_utf8(text.data(), i, text.size());
    if (d.code != error_code::ok) break;
    out.push_back(d.cp);
    i += d.length;
  }
  return out;
}

/// What a reader sees, as code points: logical indices in visual order and mirroring.
struct rendering {
  std::vector<std::uint32_t> order;  ///< logical index at each visual position
  std::vector<bool> mirrored;        ///< per logical index: at an odd level, with a mirror glyph
};

rendering render(std::u32string_view text, unicode::paragraph_level level) {
  const unicode::bidi_layout layout = unicode::layout_paragraph(text, level);
  rendering r;
  r.order = layout.visual_to_logical;
  r.mirrored.resize(text.size());
  for (std::size_t i = 0; i < text.size() && i < layout.levels.size(); ++i) {
    r.mirrored[i] = (layout.levels[i] & 1) != 0 && unicode::mirror(text[i]) != text[i];
  }
  return r;
}

/// Whether `iri`, rendered inside `prefix iri suffix` in a paragraph of level `level`, looks
/// like `reference`: its characters contiguous, in the same order, mirrored alike.
bool same_in_context(std::u32string_view iri, const rendering& reference, std::u32string_view prefix,
                     std::u32string_view suffix, unicode::paragraph_level level) {
  std::u32string line;
  line.append(prefix).append(iri).append(suffix);
  const rendering r = render(line, level);
  const std::uint32_t begin = static_cast<std::uint32_t>(prefix.size());
  const std::uint32_t end = begin + static_cast<std::uint32_t>(iri.size());
  std::size_t k = 0;  // next expected position in reference.order
  bool started = false, finished = false;
  for (const std::uint32_t logical : r.order) {
    const bool inside = logical >= begin && logical < end;
    if (!inside) {
      if (started) finished = true;
      continue;
    }
    if (finished) return false;  // the IRI is split by surrounding text
    started = true;
    if (k >= reference.order.size() || reference.order[k] != logical - begin) return false;
    if (r.mirrored[logical] != reference.mirrored[logical - begin]) return false;
    ++k;
  }
  return k == reference.order.size();
}

constexpr std::u32string_view k_prefixes[] = {U"", U"a ", U"\u05D0 ", U"\u0639 ", U"1 "};
constexpr std::u32string_view k_suffixes[] = {U"", U" a", U" \u05D0", U" \u0639", U" 1", U"."};

bool is_rtl(bidi_class c) { return unicode::is_strong_rtl(c); }

bool needs_embedding_u32(std::u32string_view text, surrounding_direction surrounding) {
  if (text.empty()) return false;
  // Fast path: no right-to-left or Arabic-number character and strong L at both ends (a digit at
  // the end becomes L by W7): one left-to-right run whatever the neighbours or the paragraph.
  bool rtl_free = true;
  for (const char32_t cp : text) {
    const bidi_class k = unicode::bidi_class_of(cp);
    if (is_rtl(k) || k == bidi_class::AN || k >= bidi_class::LRE) {
      rtl_free = false;
      break;
    }
  }
  const bidi_class front = unicode::bidi_class_of(text.front());
  const bidi_class back = unicode::bidi_class_of(text.back());
  if (rtl_free && front == bidi_class::L && (back == bidi_class::L || back == bidi_class::EN)) return false;
  const rendering reference = render(text, unicode::paragraph_level::ltr);
  std::array<unicode::paragraph_level, 2> levels{unicode::paragraph_level::ltr,
                                                 unicode::paragraph_level::rtl};
  std::size_t first = surrounding == surrounding_direction::rtl ? 1 : 0;
  std::size_t last = surrounding == surrounding_direction::ltr ? 1 : 2;
  for (std::size_t l = first; l < last; ++l) {
    for (std::u32string_view p : k_prefixes) {
      for (std::u32string_view s : k_suffixes) {
        // The text alone in a left-to-right paragraph is the reference itself: no second layout.
        if (l == 0 && p.empty() && s.empty()) continue;
        if (!same_in_context(text, reference, p, s, levels[l])) return true;
      }
    }
  }
  return false;
}

}  // namespace

result<std::string> visual_order(std::string_view text) {
  if (auto valid = validate_utf8(text); !valid) return valid.error();
  const std::u32string cps = to_u32(text);
  const rendering r = render(cps, unicode::paragraph_level::ltr);
  std::string out;
  out.reserve(text.size());
  for (const std::uint32_t i : r.order)
    grammar::append_utf8(out, r.mirrored[i] ? unicode::mirror(cps[i]) : cps[i]);
  return out;
}

result<bool> needs_embedding(std::string_view text, surrounding_direction surrounding) {
  if (auto valid = validate_utf8(text); !valid) return valid.error();
  return needs_embedding_u32(to_u32(text), surrounding);
}

result<std::string> display_text(std::string_view text, const display_options& options) {
  auto needed = needs_embedding(text, options.surrounding);
  if (!needed) return needed.error();
  if (!*needed) return std::string(text);
  const bool isolate = options.style == embedding_style::isolate;
  std::string out;
  out.reserve(text.size() + 6);
  grammar::append_utf8(out, isolate ? U'\u2066' : U'\u202A');  // LRI or LRE
  out.append(text);
  grammar::append_utf8(out, isolate ? U'\u2069' : U'\u202C');  // PDI or PDF
  return out;
}

std::string_view bidi_component_name(bidi_component_kind kind) noexcept {
  switch (kind) {
    case bidi_component_kind::userinfo:
      return "userinfo";
    case bidi_component_kind::host_label:
      return "host label";
    case bidi_component_kind::path_segment:
      return "path segment";
    case bidi_component_kind::path_extension:
      return "path extension";
    case bidi_component_kind::query_name:
      return "query name";
    case bidi_component_kind::query_value:
      return "query value";
    case bidi_component_kind::fragment:
      return "fragment";
  }
  return "component";
}

std::vector<bidi_component> bidi_components(const iri_reference_view& iri) {
  std::vector<bidi_component> out;
  out.reserve(8);  // most IRIs have fewer components: one allocation
  const std::string_view text = iri.text();
  const detail::cancel_scope scope(text.size());
  detail::cancel_poll poll(0, text.size());
  const iri_parts& p = iri.parts();
  const auto add = [&out](bidi_component_kind kind, std::size_t begin, std::size_t end) {
    if (end > begin) {
      out.push_back({kind, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end - begin)});
    }
  };
  // Splits text[begin, end) at each separator (`a` or `b`) and calls `each(begin, end, first,
  // last)` per piece, `first` and `last` the offsets of its first and last `mark` (npos for none):
  // the one polled pass over a long piece.
  constexpr std::size_t none = std::string_view::npos;
  const auto split = [text, &poll](std::size_t begin, std::size_t end, char a, char b, char mark, auto each) {
    std::size_t start = begin, first = none, last = none;
    for (std::size_t i = begin; i <= end; ++i) {
      if (poll(i)) return;  // cancelled: no components (below)
      if (i == end || text[i] == a || text[i] == b) {
        each(start, i, first, last);
        start = i + 1;
        first = last = none;
      } else if (text[i] == mark) {
        if (first == none) first = i;
        last = i;
      }
    }
  };
  if (p.has_userinfo) add(bidi_component_kind::userinfo, p.authority_begin, p.host_begin - 1);
  if (p.has_authority && p.host_type == host_kind::reg_name) {
    split(p.host_begin, p.host_end, '.', '.', '.',
          [&](std::size_t b, std::size_t e, std::size_t, std::size_t) {
            add(bidi_component_kind::host_label, b, e);
          });
  }
  split(p.path_begin, p.path_end, '/', '/', '.',
        [&](std::size_t b, std::size_t e, std::size_t, std::size_t dot) {
          if (dot == none || dot == b || dot + 1 == e || text.substr(b, e - b) == "..") {
            add(bidi_component_kind::path_segment, b, e);
          } else {
            add(bidi_component_kind::path_segment, b, dot);
            add(bidi_component_kind::path_extension, dot + 1, e);
          }
        });
  if (p.has_query) {
    split(p.path_end + 1, p.query_end, '&', ';', '=',
          [&](std::size_t b, std::size_t e, std::size_t eq, std::size_t) {
            if (eq == none) {
              add(bidi_component_kind::query_name, b, e);
            } else {
              add(bidi_component_kind::query_name, b, eq);
              add(bidi_component_kind::query_value, eq + 1, e);
            }
          });
  }
  if (p.has_fragment) add(bidi_component_kind::fragment, p.query_end + 1, text.size());
  if (scope.cancelled()) out.clear();
  return out;
}

std::vector<bidi_violation> check_bidi_structure(const iri_reference_view& iri) {
  return check_bidi_structure(iri, bidi_components(iri));
}

std::vector<bidi_violation> check_bidi_structure(const iri_reference_view& iri,
                                                 std::span<const bidi_component> components) {
  std::vector<bidi_violation> out;
  const std::string_view text = iri.text();
  const detail::cancel_scope scope(text.size());
  detail::cancel_poll poll(0, text.size());
  for (const bidi_component& c : components) {
    if (c.offset > text.size() || c.length > text.size() - c.offset) continue;  // not of this text
    // One pass over the component's characters, polled (a single component may be long): the
    // directions met, the first character and the last one that is not a nonspacing mark (the
    // first when all are).
    bool rtl = false, ltr = false;
    char32_t first = 0, last = 0;
    bool have_last = false;
    for (std::size_t i = c.offset, end = c.offset + c.length; i < end;) {
      if (poll(i)) [[unlikely]]
        return {};  // cancelled: no answer
      const grammar::decoded d = grammar::decode_utf8(text.data(), i, end);
      if (d.code != error_code::ok) break;
      const bidi_class k = unicode::bidi_class_of(d.cp);
      rtl = rtl || is_rtl(k);
      ltr = ltr || k == bidi_class::L;
      if (i == c.offset) first = d.cp;
      if (k != bidi_class::NSM) last = d.cp, have_last = true;
      i += d.length;
    }
    if (!rtl) continue;
    if (!have_last) last = first;
    if (ltr) out.push_back({bidi_violation_kind::mixed_direction, c});
    if (!is_rtl(unicode::bidi_class_of(first))) {
      out.push_back({bidi_violation_kind::rtl_edge, c, first, true});
    } else if (!is_rtl(unicode::bidi_class_of(last))) {
      out.push_back({bidi_violation_kind::rtl_edge, c, last, false});
    }
  }
  return out;
}

std::vector<bidi_rule_violation> check_bidi_rule(std::string_view host) {
  const detail::cancel_scope scope(host.size());
  std::vector<bidi_rule_violation> out;
  struct label {
    std::size_t begin, end;
  };
  std::vector<label> labels;  // those the rule reads: not empty, no "%", valid UTF-8
  bool bidi_domain = false;
  std::size_t start = 0;
  // Each pass polls by the offset it has reached: a label's start, plus the bytes read in it
  // (told to stop: no violations).
  detail::cancel_poll poll(0, host.size());
  for (std::size_t i = 0; i <= host.size(); ++i) {
    if (i < host.size() && host[i] != '.') continue;
    const label l{start, i};
    start = i + 1;
    const std::string_view s = host.substr(l.begin, l.end - l.begin);
    if (s.empty() || s.find('%') != std::string_view::npos || !validate_utf8(s)) continue;
    for (std::size_t k = 0; k < s.size();) {
      if (poll(l.begin + k)) [[unlikely]]
        return {};
      const grammar::decoded d = grammar::decode_utf8(s.data(), k, s.size());
      const bidi_class c = unicode::bidi_class_of(d.cp);
      bidi_domain = bidi_domain || is_rtl(c) || c == bidi_class::AN;
      k += d.length;
    }
    labels.push_back(l);
  }
  if (!bidi_domain) return out;  // RFC 5893 §2: the rule applies to Bidi domain names only
  poll = detail::cancel_poll(0, host.size());
  std::u32string cps;
  for (const label& l : labels) {
    if (poll(l.begin)) [[unlikely]]
      return {};
    cps = to_u32(host.substr(l.begin, l.end - l.begin));
    const auto report = [&](int condition, char32_t cp) {
      out.push_back(
          {condition, static_cast<std::uint32_t>(l.begin), static_cast<std::uint32_t>(l.end - l.begin), cp});
    };
    const bidi_class first = unicode::bidi_class_of(cps.front());
    if (first != bidi_class::L && !is_rtl(first)) {
      report(1, cps.front());
      continue;
    }
    const bool rtl_label = is_rtl(first);
    bool reported = false, has_en = false, has_an = false;
    for (const char32_t cp : cps) {
      const bidi_class k = unicode::bidi_class_of(cp);
      has_en = has_en || k == bidi_class::EN;
      has_an = has_an || k == bidi_class::AN;
      const bool common = k == bidi_class::EN || k == bidi_class::ES || k == bidi_class::CS ||
                          k == bidi_class::ET || k == bidi_class::ON || k == bidi_class::BN ||
                          k == bidi_class::NSM;
      const bool allowed = common || (rtl_label ? (is_rtl(k) || k == bidi_class::AN) : k == bidi_class::L);
      if (!allowed) {
        report(rtl_label ? 2 : 5, cp);
        reported = true;
        break;
      }
    }
    if (reported) continue;
    std::size_t last = cps.size();
    while (last > 1 && unicode::bidi_class_of(cps[last - 1]) == bidi_class::NSM) --last;
    const bidi_class end = unicode::bidi_class_of(cps[last - 1]);
    if (rtl_label) {
      if (!is_rtl(end) && end != bidi_class::EN && end != bidi_class::AN) {
        report(3, cps[last - 1]);
      } else if (has_en && has_an) {
        for (const char32_t cp : cps) {
          if (unicode::bidi_class_of(cp) == bidi_class::AN) {
            report(4, cp);
            break;
          }
        }
      }
    } else if (end != bidi_class::L && end != bidi_class::EN) {
      report(6, cps[last - 1]);
    }
  }
  return out;
}

}  // namespace irikit
