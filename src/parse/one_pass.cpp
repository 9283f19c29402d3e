// SPDX-License-Identifier: MIT OR Apache-2.0
// The parser's one pass and what drives it (moved out of parser.cpp, issue 53): the one-pass
// path over 64-byte chunks, parse_into (the one pass or the general path of parser.cpp), and the
// batch of irikit/batch.h (parse_many).
#include "parse/one_pass.h"

#include <atomic>
#include <limits>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "parse/parser.h"
#include "simd/avx512/chunks.h"

namespace irikit::parser {
namespace {

using namespace irikit::grammar;

// ---------------------------------------------------------------------------------------------
// The one-pass path (CPUs with AVX-512BW): the text is read 64 bytes at a time, each chunk into
// class and delimiter masks (simd/avx512/chunks.h, inline), and the structure is read off the masks
// with the same first-match rules as the general path below: the scheme in the first chunk, then
// the authority and the path, query and fragment over as many chunks as they take, each chunk's
// bytes of a component checked at once. It answers only for references it can settle outright:
// ASCII classes and the plain non-ASCII characters, an authority of a reg-name and at most a port.
// Anything else — userinfo, IP literals, LEIRI, every error — returns false, and the general path
// starts over, or goes on from the declined chunk when it lies past the first chunk and the
// authority (parse_resumed; texts of 65 bytes and more, the batch's two-chunk form aside): errors
// and their offsets are always the general path's. A single text of more than 128 bytes whose first
// chunk is ASCII is offered first to the simple start of long_texts.cpp (parse_long).

std::atomic<bool> g_one_pass{true};

#if IRIKIT_CHUNK_MASKS
/// How many chunks a text of n bytes takes: one (1 <= n <= 64), two (n <= 128) or more.
enum class chunk_count : std::uint8_t { one, two, more };
constexpr chunk_count chunk_count_of(std::size_t n) noexcept {
  return n <= 64 ? chunk_count::one : n <= 128 ? chunk_count::two : chunk_count::more;
}

}  // namespace

// The crossings (one_pass.h), out of the anonymous namespace: long_texts.cpp calls cross_plain_chunks
// too.
[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t cross_plain_chunks(const char* s, std::size_t n,
                                                                     std::size_t base,
                                                                     std::size_t& path_end) noexcept {
  std::size_t step;
  while (n - base > 64 && path_end == n) {
    while (n - base > 64 && chunks::chunk_in_class(s + base, chunks::k_path_rows)) base += 64;
    if (n - base <= 64) break;
    if (chunks::chunk_non_ascii(s + base)) return base;  // (IRI text: the full test would say so)
    const std::uint64_t questions = chunks::plain_chunk_questions(s + base, step);
    if (questions == k_not_plain) return base;
    if (questions != 0) path_end = base + lowest(questions);
    base += step;
  }
  while (n - base > 64) {
    while (n - base > 64 && chunks::chunk_in_class(s + base, chunks::k_query_rows)) base += 64;
    if (n - base <= 64) break;
    if (chunks::chunk_non_ascii(s + base) || chunks::plain_chunk_questions(s + base, step) == k_not_plain)
      return base;
    base += step;
  }
  const std::uint64_t questions = chunks::plain_chunk_questions(s + n - 64);
  if (questions == k_not_plain) return base;
  if (path_end == n && questions != 0) path_end = n - 64 + lowest(questions);
  return n;
}

[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t cross_plain_iri_chunks(const char* s, std::size_t n,
                                                                         std::size_t base,
                                                                         std::size_t& path_end) noexcept {
  for (; n - base > 64; base += 64) {
    const std::uint64_t questions = chunks::plain_iri_chunk_questions(s + base, false);
    if (questions == k_not_plain) return base;
    if (path_end == n && questions != 0) path_end = base + lowest(questions);
  }
  if (n < 64 + 3) return base;  // the test reads the three bytes before the chunk
  const std::uint64_t questions = chunks::plain_iri_chunk_questions(s + n - 64, true);
  if (questions == k_not_plain) return base;
  if (path_end == n && questions != 0) path_end = n - 64 + lowest(questions);
  return n;
}

namespace {

/// Fills `out` (all fields still at their defaults) and returns true, or returns false. `C`:
/// chunk_count_of(text.size()). Two chunks are masked before either is read (their work overlaps;
/// 8-12 % less time on corpora of such texts); more are masked one by one, whole chunks with
/// nothing to note crossed by one class test each. `rest` (more chunks only, may be null): where
/// the general path may go on when it returns false.
template <chunk_count C>
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool parse_chunks(std::string_view text, rule r,
                                                                    repertoire rep, iri_parts& out,
                                                                    one_pass_rest* rest = nullptr) noexcept {
  const char* s = text.data();
  const std::size_t n = text.size();
  constexpr bool More = C != chunk_count::one;
  text_masks m, second;
  if (!chunks::mask_chunk(s, More ? 64 : n, More ? chunk_place::first : chunk_place::whole, m)) return false;
  if constexpr (C == chunk_count::two) {
    if (!chunks::mask_chunk(s + 64, n - 64, chunk_place::last, second)) return false;
  }

  // The scheme, in the first chunk (the bytes past a short text read as zeros, no scheme
  // characters; 64: the whole first chunk is scheme characters).
  std::size_t i = ~m.scheme == 0 ? 64 : lowest(~m.scheme);
  if (i > 0 && bit_at(m.colon, i) && is_in(s[0], k_alpha)) {
    if (rule_forbids_scheme(r)) return false;
    out.has_scheme = true;
    out.scheme_end = static_cast<std::uint32_t>(i);
    ++i;
  } else {
    const std::uint64_t first = m.colon | m.slash | m.question | m.hash;
    if ((first & -first & m.colon) != 0 || rule_requires_scheme(r)) return false;  // a scheme error
    if (first == 0 && More) return false;                                          // a colon may come later
    i = 0;
  }
  const bool authority = bit_at(m.slash, i) && bit_at(m.slash, i + 1);
  if (!authority && i >= 63 && More) return false;  // "//" may straddle the chunks
  if (authority) i += 2;
  out.has_authority = authority;
  out.authority_begin = out.host_begin = out.host_end = out.path_begin = static_cast<std::uint32_t>(i);
  std::size_t port = 0;  // the ":" before a port (0: none; an authority starts at 2 or later)

  // Chunk by chunk from i: the authority's bytes in k_reg_name (or a "%" or a plain non-ASCII byte)
  // up to the first ":", digits after it (checked at its end); then path, query and fragment: every
  // byte in k_query (the path's class and "?"), a "%", a plain non-ASCII byte, or the first "#".
  // Every "%" followed by two HEXDIG (a "%" in the last two bytes of a chunk is checked with the
  // next chunk's digits). The authority is a mask (all ones until its end), not a branch per chunk:
  // where it ends varies from text to text; its port and host are settled after the loop.
  std::size_t authority_end = n, path_end = n, query_end = n;      // n: not met yet
  std::uint64_t in_authority = authority ? ~std::uint64_t{0} : 0;  // all ones until its end is met
  std::uint64_t pending = 0, previous_hex = 0;  // the "%" of the chunk before in its lanes 62, 63
  // The bytes a URI rule refuses: one test of a value that is zero for IRI rules (a branch on
  // non_ascii first, which the compiler would otherwise emit, is a coin toss on text whose chunks
  // are sometimes all ASCII: 4–5 % of intl_mixed_iri's time).
  const std::uint64_t foreign = rep != repertoire::iri ? ~std::uint64_t{0} : 0;
  std::uint64_t non_ascii = 0;  // the non-ASCII bytes of the chunks before (any: not 0)
  // Declines the chunk at `base`; past the authority, says where the general path may go on.
  const auto decline = [&](std::size_t base, bool after_authority) __attribute__((always_inline)) {
    if constexpr (C == chunk_count::more) {
      if (rest != nullptr && after_authority && base >= 64)
        *rest = {base, pending, i, port, authority_end, path_end, query_end, authority, non_ascii != 0};
    }
    return false;
  };
  for (std::size_t base = 0;;) {
    const bool after_authority = in_authority == 0;
    if ((m.non_ascii & foreign) != 0) return decline(base, after_authority);
    const std::size_t size = n - base < 64 ? n - base : 64;
    std::uint64_t lanes = bits_from(base == 0 ? i : 0) & ~bits_from(size);
    if ((pending & ~((previous_hex >> 1 | m.hex << 63) & (previous_hex >> 2 | m.hex << 62))) != 0)
      return decline(base, after_authority);
    const bool next = More && base + 64 < n;
    const std::uint64_t tail = next ? std::uint64_t{3} << 62 : 0;  // checked with the next chunk
    if ((m.percent & ~tail & ~(m.hex >> 1 & m.hex >> 2)) != 0) return decline(base, after_authority);
    // The authority's lanes: those before its first "/", "?" or "#" (all, when there is none).
    const std::uint64_t ends = (m.slash | m.question | m.hash) & lanes & in_authority;
    const std::uint64_t auth = lanes & in_authority & (ends - 1) & ~ends;
    const std::uint64_t colons = m.colon & auth;
    port = port == 0 && colons != 0 ? base + lowest_or_last(colons) : port;
    const std::uint64_t host = port == 0 ? auth : port < base ? 0 : auth & ~bits_from(port - base);
    if ((host & ~(m.reg_name | m.percent | m.non_ascii)) != 0) return false;
    authority_end = ends != 0 ? base + lowest_or_last(ends) : authority_end;
    in_authority = ends != 0 ? 0 : in_authority;
    lanes &= ~auth;

    const std::uint64_t hashes = m.hash & lanes;
    const std::uint64_t first_hash = query_end == n ? hashes & -hashes : 0;
    if ((lanes & ~(m.query | m.percent | m.non_ascii | first_hash)) != 0)
      return decline(base, after_authority);
    const std::uint64_t path_ends = (m.question | m.hash) & lanes;
    path_end = path_end == n && path_ends != 0 ? base + lowest_or_last(path_ends) : path_end;
    query_end = first_hash != 0 ? base + lowest_or_last(first_hash) : query_end;
    if (!next) break;
    pending = m.percent & tail;
    previous_hex = m.hex;
    non_ascii |= m.non_ascii;
    base += 64;
    if constexpr (C == chunk_count::two) {
      m = second;
      continue;
    }
    // Past the authority, whole chunks with nothing to note are crossed by one class test each
    // (long paths and queries), the one that ends the text too; after a chunk with non-ASCII text
    // (IRI rules: a URI rule has declined it), by the test that takes plain non-ASCII characters.
    if ((in_authority | pending) == 0) {
      base = m.non_ascii == 0 ? cross_plain_chunks(s, n, base, path_end)
                              : cross_plain_iri_chunks(s, n, base, path_end);
      if (base == n) break;
    }
    if (!chunks::mask_chunk(s + base, n - base <= 64 ? n - base : 64,
                            n - base <= 64 ? chunk_place::last : chunk_place::middle, m))
      return decline(base, in_authority == 0);
  }
  if (authority && !finish_authority(s, i, port, authority_end, out)) return false;
  if (rule_forbids_fragment(r) && query_end != n) return false;
  out.path_end = static_cast<std::uint32_t>(path_end);
  out.has_query = path_end < n && s[path_end] == '?';
  out.query_end = static_cast<std::uint32_t>(out.has_query ? query_end : path_end);
  out.has_fragment = query_end != n;
  return true;
}

/// parse_chunks for a text of any length where one_pass_applies.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool parse_by_chunks(
    std::string_view text, rule r, iri_parts& out, one_pass_rest* rest = nullptr) noexcept {
  const repertoire rep = repertoire_of(r);
  switch (chunk_count_of(text.size())) {
    case chunk_count::one:
      return parse_chunks<chunk_count::one>(text, r, rep, out);
    case chunk_count::two:
      return parse_chunks<chunk_count::two>(text, r, rep, out);
    case chunk_count::more:
      break;
  }
  return parse_chunks<chunk_count::more>(text, r, rep, out, rest);
}

/// Whether the one-pass path may take the text (then parse_chunks decides).
bool one_pass_applies(std::string_view text, rule r) noexcept {
  return !text.empty() && repertoire_of(r) != repertoire::leiri && chunk_masks_available();
}

IRIKIT_CHUNK_TARGET bool parse_one_pass(std::string_view text, rule r, iri_parts& out) noexcept {
  return one_pass_applies(text, r) && parse_by_chunks(text, r, out);
}
#else
bool parse_one_pass(std::string_view, rule, iri_parts&) noexcept { return false; }
#endif

#if IRIKIT_CHUNK_MASKS
/// parse_into where the one-pass path applies: the one pass, then the general path if it declines,
/// in one function (the one pass costs no call and no saving of the arguments around one). Aligned
/// to 64 bytes, so that its loop lies the same way in every program that links it: where the linker
/// happened to put it 16 bytes past a 64-byte boundary, non-ASCII text cost 1.2–1.9 % more per
/// byte than its ASCII twin on AMD Zen 4 (at 0, 32 or 48: parity; bench/NOTES.md, tenth round).
/// It takes the one- and more-chunk forms only: the two-chunk form, which the batch takes, made
/// intl_mixed_iri's single calls 8 % slower (bench/RESULTS.md, session 15).
[[gnu::noinline, gnu::aligned(64)]] IRIKIT_CHUNK_TARGET parse_error parse_chunks_or_general(
    std::string_view text, rule r, const parse_options& options, iri_parts& out) noexcept {
  const repertoire rep = repertoire_of(r);
  one_pass_rest rest;
  if (text.size() <= 64 ? parse_chunks<chunk_count::one>(text, r, rep, out)
                        : parse_chunks<chunk_count::more>(text, r, rep, out, &rest))
    return k_ok;
  if (rest.at != 0) return parse_resumed(text, r, options, rest, out);
  out = iri_parts{};  // it may have filled some fields before it gave up
  return parse_general(text, r, options, out);
}
#endif

}  // namespace

parse_error parse_into(std::string_view text, rule r, const parse_options& options, iri_parts& out) noexcept {
  out = iri_parts{};
  if (text.size() >= std::numeric_limits<std::uint32_t>::max()) return fail(error_code::input_too_long, 0);
#if IRIKIT_CHUNK_MASKS
  // A text of more than cancel_poll_bytes while the thread has a cancellation hook takes the general
  // path, whose component scans ask the hook (scan_polled): the one pass does not.
  const bool polled = text.size() > cancel_poll_bytes && current_cancel_hook().check != nullptr;
  if (!polled && g_one_pass.load(std::memory_order_relaxed) && one_pass_applies(text, r)) {
    // A long text whose first chunk is ASCII may start simply (parse_long); the others (IRIs with
    // non-ASCII text early on) go straight to the one pass's loop.
    if (parse_error e; text.size() > 128 && ascii_chunk(text.data()) && parse_long(text, r, options, out, e))
      return e;
    return parse_chunks_or_general(text, r, options, out);
  }
#endif
  return parse_general(text, r, options, out);
}

bool parse_short(std::string_view text, rule r, iri_parts& out) noexcept {
  out = iri_parts{};
  return parse_one_pass(text, r, out);
}

void use_one_pass(bool on) noexcept { g_one_pass.store(on, std::memory_order_relaxed); }

namespace {

/// One text of a batch without the one-pass path: what parse_into gives, `out` left at iri_parts{}
/// on an error.
inline parse_error parse_one_general(std::string_view text, rule r, const parse_options& options,
                                     iri_parts& out) noexcept {
  out = iri_parts{};
  if (text.size() >= std::numeric_limits<std::uint32_t>::max()) return fail(error_code::input_too_long, 0);
  const parse_error e = parse_general(text, r, options, out);
  if (e.code != error_code::ok) out = iri_parts{};
  return e;
}

/// One text of a batch through parse_into (the one pass, resumed where it declines), `out` left at
/// iri_parts{} on an error.
inline parse_error parse_one(std::string_view text, rule r, const parse_options& options,
                             iri_parts& out) noexcept {
  const parse_error e = parse_into(text, r, options, out);
  if (e.code != error_code::ok) out = iri_parts{};
  return e;
}

template <bool KeepParts>
[[gnu::noinline]] std::size_t parse_many_general(const std::string_view* texts, std::size_t count, rule r,
                                                 const parse_options& options, iri_parts* parts,
                                                 parse_error* errors) noexcept {
  std::size_t valid = 0;
  for (std::size_t k = 0; k < count; ++k) {
    iri_parts p;
    const parse_error e = parse_one_general(texts[k], r, options, p);
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = e;
    valid += e.code == error_code::ok ? 1 : 0;
  }
  return valid;
}

#if IRIKIT_CHUNK_MASKS
/// The batch's one pass from texts[k] on, up to the first text it declines (returned; count when
/// none): no call in its loop, so the chunk tables and constants stay in registers from one text
/// to the next.
template <bool KeepParts>
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::size_t one_pass_run(const std::string_view* texts,
                                                                           std::size_t k, std::size_t count,
                                                                           rule r, iri_parts* parts,
                                                                           parse_error* errors,
                                                                           std::size_t& valid) noexcept {
  for (; k < count; ++k) {
    const std::string_view text = texts[k];
    iri_parts p{};
    if (text.empty() || text.size() >= std::numeric_limits<std::uint32_t>::max() ||
        !parse_by_chunks(text, r, p))
      return k;
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = k_ok;
    ++valid;
  }
  return k;
}

/// The batch loop with the one-pass path: runs of texts it settles, each text it declines through
/// the general path. `R`: the rule, fixed at compile time for the two rules most batches use (the
/// one pass then carries no test of the rule: 11-16 % less time per URL on kasztp and node_files),
/// or read from `r` when R is rule::leiri (which the one pass never takes).
template <bool KeepParts, rule R>
[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t parse_many_chunks(const std::string_view* texts,
                                                                    std::size_t count, rule r,
                                                                    const parse_options& options,
                                                                    iri_parts* parts,
                                                                    parse_error* errors) noexcept {
  if constexpr (R != rule::leiri) r = R;
  std::size_t valid = 0;
  for (std::size_t k = one_pass_run<KeepParts>(texts, 0, count, r, parts, errors, valid); k < count;
       k = one_pass_run<KeepParts>(texts, k + 1, count, r, parts, errors, valid)) {
    iri_parts p;
    // A text of more than two chunks goes through parse_into: its simple start (parse_long) or the
    // one pass again, either then leaving it to the general path where it declined (parse_resumed):
    // on a long line, cheaper than the general path from byte 0. (Handing the run's stopping point
    // out of one_pass_run instead made the run 7-25 % slower per short URL.)
    const parse_error e = texts[k].size() > 128 ? parse_one(texts[k], r, options, p)
                                                : parse_one_general(texts[k], r, options, p);
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = e;
    valid += e.code == error_code::ok ? 1 : 0;
  }
  return valid;
}

template <bool KeepParts>
std::size_t parse_many_chunks_for(const std::string_view* texts, std::size_t count, rule r,
                                  const parse_options& options, iri_parts* parts,
                                  parse_error* errors) noexcept {
  switch (r) {
    case rule::iri_reference:
      return parse_many_chunks<KeepParts, rule::iri_reference>(texts, count, r, options, parts, errors);
    case rule::uri_reference:
      return parse_many_chunks<KeepParts, rule::uri_reference>(texts, count, r, options, parts, errors);
    default:
      return parse_many_chunks<KeepParts, rule::leiri>(texts, count, r, options, parts, errors);
  }
}
#endif

}  // namespace

std::size_t parse_many(const std::string_view* texts, std::size_t count, rule r, const parse_options& options,
                       iri_parts* parts, parse_error* errors) noexcept {
#if IRIKIT_CHUNK_MASKS
  if (g_one_pass.load(std::memory_order_relaxed) && repertoire_of(r) != repertoire::leiri &&
      chunk_masks_available()) {
    return parts != nullptr ? parse_many_chunks_for<true>(texts, count, r, options, parts, errors)
                            : parse_many_chunks_for<false>(texts, count, r, options, parts, errors);
  }
#endif
  return parts != nullptr ? parse_many_general<true>(texts, count, r, options, parts, errors)
                          : parse_many_general<false>(texts, count, r, options, parts, errors);
}

}  // namespace irikit::parser
