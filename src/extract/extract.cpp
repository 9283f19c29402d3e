// SPDX-License-Identifier: MIT OR Apache-2.0
// Finding IRIs in running text (RFC 3987 §7.3, RFC 3986 appendix C). The heuristics are stated
// in include/irikit/extract.h; this file follows them in order: find a candidate start, run over
// IRI characters, trim what a reader takes as punctuation, then cut until parse_iri accepts it.
#include "irikit/extract.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <string>

#include "cancel/poll.h"
#include "extract/windows.h"
#include "grammar/char_class.h"
#include "grammar/utf8.h"
#include "irikit/iri.h"

namespace irikit {
namespace {

std::atomic<bool> g_windows{true};  // settle_in_windows's early decision (off: read every candidate whole)
thread_local std::uint64_t t_work = 0;  // bytes read by the candidate scans, trims and checks (work_bytes)

constexpr bool is_alpha(unsigned char c) noexcept { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
constexpr bool is_digit(unsigned char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_scheme_char(unsigned char c) noexcept {
  return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.';
}

/// Printable ASCII that may appear in a candidate: everything RFC 3987 allows somewhere in an
/// IRI (unreserved, gen-delims, sub-delims, "%"), i.e. all but space and < > " { } | \ ^ `.
constexpr bool is_ascii_candidate_char(unsigned char c) noexcept {
  if (c <= 0x20 || c >= 0x7F) return false;
  switch (c) {
    case '<':
    case '>':
    case '"':
    case '{':
    case '}':
    case '|':
    case '\\':
    case '^':
    case '`':
      return false;
    default:
      return true;
  }
}

/// Non-ASCII characters that end a candidate as a space would.
constexpr bool ends_candidate(char32_t cp) noexcept {
  if (cp >= 0x80 && cp <= 0xA0) return true;                        // C1 controls, NO-BREAK SPACE
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A)) return true;  // spaces
  if (cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
    return true;  // bidi formatting (RFC 3987 §4.1)
  }
  if (cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F) return true;
  if (cp == 0x3000 || cp == 0x3001 || cp == 0x3002 || cp == 0xFEFF)
    return true;  // ideographic space, comma, full stop
  // Full-width sentence punctuation: CJK text has no spaces between words, so these mark the end.
  if (cp == 0xFF0C || cp == 0xFF0E || cp == 0xFF1A || cp == 0xFF1B || cp == 0xFF01 || cp == 0xFF1F)
    return true;
  return false;
}

/// Brackets whose closer, met with no opener before it in the candidate, ends the candidate even
/// mid-text: "「https://例え.jp/パス」をご覧ください" (no space after the bracket in CJK text).
struct bracket {
  char32_t opener;
  char32_t closer;
};
constexpr std::array<bracket, 11> brackets{{
    {'(', ')'},
    {'[', ']'},
    {0xFF08, 0xFF09},
    {0xFF3B, 0xFF3D},
    {0x300C, 0x300D},
    {0x300E, 0x300F},
    {0x3010, 0x3011},
    {0x3008, 0x3009},
    {0x300A, 0x300B},
    {0x3014, 0x3015},
    {0xFF62, 0xFF63},
}};

/// Punctuation that ends a sentence or a clause: left out at the end of an IRI.
constexpr bool is_trailing_punctuation(char32_t cp) noexcept {
  switch (cp) {
    case '.':
    case ',':
    case '!':
    case '?':
    case ':':
    case ';':
    case 0xFF0E:
    case 0xFF0C:
    case 0xFF01:
    case 0xFF1F:
    case 0xFF1A:
    case 0xFF1B:  // full-width . , ! ? : ;
    case 0xFF61:
    case 0xFF64:  // half-width ideographic 。、
    case 0x060C:
    case 0x061B:
    case 0x061F:
    case 0x06D4:  // Arabic , ; ? .
    case 0x05C3:  // Hebrew sof pasuq
    case 0x0964:
    case 0x0965:  // Devanagari danda
    case 0x2026:  // …
      return true;
    default:
      return false;
  }
}

/// Closing brackets and quotes with the opening partner that balances them. Guillemets and some
/// quotes close in both directions across languages (German »…« and „…“, French «…»).
struct pair {
  char32_t closer;
  char32_t opener;
};
constexpr std::array<pair, 20> closers{{
    {')', '('},       {']', '['},       {'\'', '\''},     {0xFF09, 0xFF08},  // （）
    {0xFF3D, 0xFF3B}, {0x300D, 0x300C}, {0x300F, 0x300E}, {0x3011, 0x3010},  // ［］「」『』【】
    {0x3009, 0x3008}, {0x300B, 0x300A}, {0x3015, 0x3014}, {0xFF63, 0xFF62},  // 〈〉《》〔〕｢｣
    {0x00BB, 0x00AB}, {0x00AB, 0x00BB}, {0x203A, 0x2039}, {0x2039, 0x203A},  // » « › ‹
    {0x201D, 0x201C}, {0x201C, 0x201E}, {0x2019, 0x2018}, {0x2018, 0x201A},  // ” “ ’ ‘
}};

/// Whether `cp` may be one of the brackets and quotes above: the ASCII ones, or U+00AB and above.
/// Most characters of a candidate are neither, and skip the search through the pairs.
constexpr bool may_be_bracket(char32_t cp) noexcept {
  return cp >= 0xAB || cp == '(' || cp == ')' || cp == '[' || cp == ']' || cp == '\'';
}
static_assert([] {
  for (const pair& p : closers) {
    if (!may_be_bracket(p.closer) || !may_be_bracket(p.opener)) return false;
  }
  return true;
}());

/// The characters whose counts decide balance: every opener and closer above.
class bracket_counts {
 public:
  void add(char32_t cp, int delta) {
    if (!may_be_bracket(cp)) return;
    for (std::size_t i = 0; i < closers.size(); ++i) {
      if (closers[i].closer == cp) closer_count_[i] += delta;
      if (closers[i].opener == cp) opener_count_[i] += delta;
    }
  }
  /// Whether `cp` is a closer with more occurrences than its opener (for a quote that is its own
  /// partner: an odd count).
  bool unbalanced_closer(char32_t cp) const {
    for (std::size_t i = 0; i < closers.size(); ++i) {
      if (closers[i].closer != cp) continue;
      if (closers[i].opener == cp) return closer_count_[i] % 2 == 1;
      return closer_count_[i] > opener_count_[i];
    }
    return false;
  }

 private:
  std::array<int, closers.size()> closer_count_{};
  std::array<int, closers.size()> opener_count_{};
};

/// Schemes found in running text without "//" after the colon.
constexpr std::string_view schemes_without_slashes[] = {"mailto", "urn",  "tel",  "data", "news",  "sms",
                                                        "sip",    "sips", "xmpp", "geo",  "magnet"};

bool is_known_scheme(std::string_view scheme) noexcept {
  for (const std::string_view s : schemes_without_slashes) {
    if (grammar::iequals_ascii(scheme, s)) return true;
  }
  return false;
}

/// The run of candidate characters that starts at `pos`, read as far as asked (advance): it ends
/// at a character that is no candidate character or at a closer whose opener is not in the run.
/// Resumable, so that a candidate can be read in growing windows (see settle_in_windows).
class candidate_scan {
 public:
  candidate_scan(std::string_view text, std::size_t pos) noexcept
      : text_(text), pos_(pos), poll_(pos, text.size()) {}
  /// Reads on up to `limit` (a character boundary or the end of the text); true when the run ended
  /// before it (or a poll said stop: extract_iris_into then drops everything), at end().
  bool advance(std::size_t limit) noexcept {
    const std::size_t from = pos_;
    const bool ended = advance_to(limit);
    t_work += pos_ - from;
    return ended;
  }
  std::size_t end() const noexcept { return pos_; }
  bool ended() const noexcept { return ended_; }

 private:
  bool advance_to(std::size_t limit) noexcept {
    // in blocks of cancel_poll_bytes, a poll before each (the steps pay no more than before)
    while (pos_ < limit) {
      if (poll_(pos_)) [[unlikely]]
        return ended_ = true;
      for (const std::size_t stop = irikit::detail::block_end(pos_, limit); pos_ < stop;) {
        if (!step()) return ended_ = true;
      }
    }
    return ended_ = pos_ == text_.size();
  }

  // One character: false at the end of the candidate.
  bool step() noexcept {
    const auto b = static_cast<unsigned char>(text_[pos_]);
    char32_t cp = b;
    std::size_t length = 1;
    if (b < 0x80) {
      if (!is_ascii_candidate_char(b)) return false;
    } else {
      const grammar::decoded d = grammar::decode_utf8(text_.data(), pos_, text_.size());
      if (d.code != error_code::ok || ends_candidate(d.cp)) return false;
      cp = d.cp;
      length = d.length;
    }
    bool unmatched = false;
    for (std::size_t k = 0; k < brackets.size(); ++k) {
      if (cp == brackets[k].opener) ++open_[k];
      if (cp == brackets[k].closer) {
        if (open_[k] == 0)
          unmatched = true;
        else
          --open_[k];
      }
    }
    if (unmatched) return false;
    pos_ += length;
    return true;
  }

  std::string_view text_;
  std::size_t pos_;
  std::array<std::size_t, brackets.size()> open_{};
  irikit::detail::cancel_poll poll_;
  bool ended_ = false;
};

/// The start of the (well-formed) character that ends just before `end`.
std::size_t previous_char(std::string_view text, std::size_t begin, std::size_t end) noexcept {
  std::size_t p = end - 1;
  while (p > begin && grammar::is_continuation(static_cast<unsigned char>(text[p]))) --p;
  return p;
}

/// Trims trailing punctuation and unbalanced closers from [begin, end); returns the new end.
std::size_t trim_end(std::string_view text, std::size_t begin, std::size_t end, std::size_t min_end) {
  bracket_counts counts;
  // in blocks of cancel_poll_bytes, a poll before each
  irikit::detail::cancel_poll poll(begin, end);
  for (std::size_t p = begin; p < end;) {
    if (poll(p)) [[unlikely]]
      return end;  // cancelled: extract_iris_into drops everything
    for (const std::size_t stop = irikit::detail::block_end(p, end); p < stop;) {
      const grammar::decoded d = grammar::decode_utf8(text.data(), p, text.size());
      counts.add(d.cp, 1);
      p += d.length;
    }
  }
  // the trimming goes backwards: its polls count the bytes trimmed (positions past `end`)
  const std::size_t end0 = end;
  irikit::detail::cancel_poll trim_poll(end, end + (end - min_end));
  while (end > min_end) {
    if (trim_poll(end0 + (end0 - end))) [[unlikely]]
      return end;
    const std::size_t last = previous_char(text, begin, end);
    const char32_t cp = grammar::decode_utf8(text.data(), last, text.size()).cp;
    if (!is_trailing_punctuation(cp) && !counts.unbalanced_closer(cp)) break;
    counts.add(cp, -1);
    end = last;
  }
  return end;
}

/// Trims [begin, end) and cuts it until `valid` accepts it. `min_end` is the end of the prefix
/// that cannot be an IRI alone ("scheme:", "scheme://", "www."). Returns the end, or 0 to drop.
/// `attempt`: how many of its 64 tries are spent already.
template <class Check>
std::size_t settle(std::string_view text, std::size_t begin, std::size_t end, std::size_t min_end,
                   Check valid, int attempt = 0) {
  for (; attempt < 64; ++attempt) {
    t_work += 2 * (end - begin);  // the trim's count, then the check
    end = trim_end(text, begin, end, min_end);
    if (end <= min_end) return 0;
    const std::optional<std::size_t> bad = valid(text.substr(begin, end - begin));
    if (!bad) return end;
    // Cut at the first offending character; when it is reported at the end (an incomplete
    // percent-encoding), drop the last character instead.
    const std::size_t cut = begin + *bad;
    end = cut < end ? cut : previous_char(text, begin, end);
  }
  return 0;
}

/// A character that ends trimming wherever it stands: no trailing punctuation, no closer.
bool stops_trimming(char32_t cp) noexcept {
  if (is_trailing_punctuation(cp)) return false;
  for (const pair& p : closers) {
    if (p.closer == cp) return false;
  }
  return true;
}

/// settle(text, begin, end of the candidate at `from`, …) without reading the whole candidate
/// when an early character already decides: the candidate is read in windows of 64, 128, 256, …
/// bytes (a scan resumed, not repeated). The first try of settle trims the candidate's end and
/// parses what is left; if that fails at a byte b well inside the window, the result of that try
/// is "cut at b" whatever follows the window, and the tries after it read [begin, b) only. That
/// holds when (1) some character q with b + 3 <= q < the window's end stops trimming (so the
/// trimmed end passes q whatever comes later), (2) the failure is not one reported at the end of
/// the text (an incomplete "%XX": b + 3 <= q) and (3) the authority, when there is one, ended
/// before q (a later "@" or ":" would change how it splits; the path, query and fragment are
/// checked character by character up to their first delimiter, so a prefix fails where the whole
/// does). Without it, a text with many candidates that fail early — "a://%a://%…" — read every one
/// to the end of the run: quadratic (64 KiB took 36 s). `authority` is where the candidate's
/// authority starts, or npos when it has none.
template <class Check>
std::size_t settle_in_windows(std::string_view text, std::size_t begin, std::size_t from, std::size_t min_end,
                              std::size_t authority, Check valid) {
  candidate_scan scan(text, from);
  for (std::size_t window = 64;; window *= 2) {
    std::size_t limit = std::min(text.size(), begin + window);
    while (limit < text.size() && grammar::is_continuation(static_cast<unsigned char>(text[limit]))) ++limit;
    if (scan.advance(limit) || !g_windows.load(std::memory_order_relaxed)) {
      if (!scan.ended()) scan.advance(text.size());
      return settle(text, begin, scan.end(), min_end, valid);
    }
    // The last character of the window that stops trimming.
    std::size_t q = limit;
    while (q > min_end) {
      q = previous_char(text, begin, q);
      if (stops_trimming(grammar::decode_utf8(text.data(), q, text.size()).cp)) break;
    }
    if (q <= min_end) continue;
    if (authority != std::string_view::npos) {
      const std::size_t ends = text.substr(authority, q - authority).find_first_of("/?#");
      if (ends == std::string_view::npos) continue;
    }
    t_work += limit - q + (q + 1 - begin);  // the walk back to q, then the check
    const std::optional<std::size_t> bad = valid(text.substr(begin, q + 1 - begin));
    if (!bad || begin + *bad + 3 > q) continue;
    return settle(text, begin, begin + *bad, min_end, valid, 1);
  }
}

std::optional<std::size_t> check_iri(std::string_view candidate) {
  const auto r = parse_iri(candidate);
  if (r) return std::nullopt;
  return r.error().offset;
}

/// A www form is checked as the IRI "http://" + candidate.
std::optional<std::size_t> check_www(std::string_view candidate) {
  constexpr std::string_view prefix = "http://";
  std::string iri(prefix);
  iri.append(candidate);
  const auto r = parse_iri(iri);
  if (r) return std::nullopt;
  return r.error().offset > prefix.size() ? r.error().offset - prefix.size() : 0;
}

bool starts_www(std::string_view text, std::size_t i) noexcept {
  if (i + 4 >= text.size() || !grammar::iequals_ascii(text.substr(i, 4), "www.")) return false;
  const auto next = static_cast<unsigned char>(text[i + 4]);
  if (!(is_alpha(next) || is_digit(next) || next >= 0x80)) return false;
  if (i == 0) return true;
  const auto before = static_cast<unsigned char>(text[i - 1]);
  return !(is_alpha(before) || is_digit(before) || before == '.' || before == '-' || before == '_' ||
           before == '~' || before == '/' || before == '@' || before == ':' || before == '%' ||
           before == '+');
}

class finder {
 public:
  finder(std::string_view text, const std::function<void(const extracted&)>& found,
         const extract_options& options)
      : text_(text), found_(found), options_(options) {}

  std::size_t run() {
    std::size_t i = 0;
    irikit::detail::cancel_poll poll(0, text_.size());
    while (i < text_.size()) {
      if (poll(i)) break;  // cancelled: the caller reports it
      for (const std::size_t block = irikit::detail::block_end(i, text_.size()); i < block;) {
        const char c = text_[i];
        std::size_t next = 0;
        if (c == '<') {
          next = delimited(i);
        } else if (c == ':') {
          next = scheme_based(i);
        } else if (options_.www && (c == 'w' || c == 'W') && starts_www(text_, i)) {
          next = www(i);
        }
        i = next != 0 ? next : i + 1;
      }
    }
    return count_;
  }

 private:
  void emit(std::size_t begin, std::size_t end, extracted_form form) {
    found_({begin, end, text_.substr(begin, end - begin), form});
    ++count_;
    floor_ = end;
  }

  /// "<" IRI ">" or "<URL:" IRI ">": returns the position after ">" when found.
  std::size_t delimited(std::size_t i) {
    std::size_t begin = i + 1;
    if (begin + 4 <= text_.size() && grammar::iequals_ascii(text_.substr(begin, 4), "URL:")) begin += 4;
    std::size_t end = begin;
    while (end < text_.size()) {
      const auto b = static_cast<unsigned char>(text_[end]);
      if (b == '>' || b == '<' || b <= 0x20) break;
      ++end;
    }
    if (end == text_.size() || text_[end] != '>' || end == begin) return 0;
    const std::string_view inside = text_.substr(begin, end - begin);
    if (parse_iri(inside)) {
      emit(begin, end, extracted_form::delimited);
      return end + 1;
    }
    if (options_.www && starts_www(text_, begin) && !check_www(inside)) {
      emit(begin, end, extracted_form::www);
      return end + 1;
    }
    return 0;
  }

  /// A scheme that ends at the colon `colon`: returns the end of the IRI found, or 0.
  std::size_t scheme_based(std::size_t colon) {
    std::size_t begin = colon;
    while (begin > floor_ && is_scheme_char(static_cast<unsigned char>(text_[begin - 1]))) --begin;
    while (begin < colon && !is_alpha(static_cast<unsigned char>(text_[begin]))) ++begin;
    if (begin == colon) return 0;
    std::size_t min_end = colon + 1;  // "scheme:" alone is not an IRI worth reporting
    if (text_.substr(colon + 1, 2) == "//") {
      min_end = colon + 3;
    } else if (!is_known_scheme(text_.substr(begin, colon - begin))) {
      return 0;
    }
    const std::size_t authority = text_.substr(colon + 1, 2) == "//" ? colon + 3 : std::string_view::npos;
    const std::size_t end = settle_in_windows(text_, begin, colon + 1, min_end, authority, check_iri);
    if (end == 0) return 0;
    emit(begin, end, extracted_form::scheme);
    return end;
  }

  std::size_t www(std::size_t i) {
    const std::size_t end = settle_in_windows(text_, i, i, i + 4, i, check_www);
    if (end == 0) return 0;
    emit(i, end, extracted_form::www);
    return end;
  }

  std::string_view text_;
  const std::function<void(const extracted&)>& found_;
  const extract_options& options_;
  std::size_t floor_ = 0;  ///< a scheme never starts before the end of the last IRI found
  std::size_t count_ = 0;
};

}  // namespace

namespace extract_detail {
void use_windows(bool on) noexcept { g_windows.store(on, std::memory_order_relaxed); }
std::uint64_t work_bytes() noexcept { return t_work; }
}  // namespace extract_detail

std::string_view extracted_form_name(extracted_form f) noexcept {
  switch (f) {
    case extracted_form::scheme:
      return "scheme";
    case extracted_form::delimited:
      return "delimited";
    case extracted_form::www:
      return "www";
  }
  return "scheme";
}

result<std::size_t> extract_iris_each(std::string_view text,
                                      const std::function<void(const extracted&)>& found,
                                      const extract_options& options) {
  const detail::cancel_scope scope(text.size());
  const std::size_t count = finder(text, found, options).run();
  if (scope.cancelled()) return scope.error();
  return count;
}

result<std::size_t> extract_iris_into(std::string_view text, std::vector<extracted>& out,
                                      const extract_options& options) {
  const std::size_t before = out.size();
  auto r = extract_iris_each(
      text, [&out](const extracted& e) { out.push_back(e); }, options);
  if (!r) out.resize(before);  // no partial output
  return r;
}

std::vector<extracted> extract_iris(std::string_view text, const extract_options& options) {
  std::vector<extracted> out;
  if (!extract_iris_into(text, out, options)) out.clear();
  return out;
}

}  // namespace irikit
