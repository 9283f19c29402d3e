// SPDX-License-Identifier: MIT OR Apache-2.0
// The one pass's long texts (more than two chunks): the common start of a long line — a scheme,
// "//", an authority of a reg-name that ends in the first chunk, plain ASCII after it — settled from
// the first chunk's masks at once, then crossed to the end by cross_plain_chunks (parse_long, which
// parse_into asks first for texts of more than 128 bytes).
//
// A file of its own: with parse_long beside the one pass (then parser.cpp, now one_pass.cpp), GCC laid out
// parse_chunks_or_general's one-chunk form otherwise, and single calls on short texts took 5-7 % more time
// (the same code, its blocks in another order; bench/RESULTS.md, session 17).
#include "parse/one_pass.h"

#if IRIKIT_CHUNK_MASKS
namespace irikit::parser {

using namespace irikit::grammar;

namespace {

/// The common start of a long text, read from its first chunk's masks `m` (64 bytes, all text): a
/// scheme, "//", an authority of a reg-name (and a port) that ends in the chunk, and the rest of
/// the chunk plain — ASCII path and query characters, "%" triplets, no "#". Then sets i (the
/// authority's first byte), port (its ":", 0 for none), authority_end, path_end for a "?" in the
/// chunk, and `next`, where the chunks that follow start (64, or a "%" in the last two bytes, whose
/// digits are in the next chunk), and returns true; false says nothing.
[[gnu::always_inline]] inline bool simple_start(const char* s, const text_masks& m, rule r, std::size_t& i,
                                                std::size_t& port, std::size_t& authority_end,
                                                std::size_t& path_end, std::size_t& next) noexcept {
  const std::uint64_t not_plain = ~(m.query | m.percent) | ((m.percent << 1 | m.percent << 2) & ~m.hex);
  const std::size_t colon = lowest_or_last(~m.scheme);  // the scheme's end
  if (not_plain != 0 || colon == 0 || colon > 60 || rule_forbids_scheme(r) || !is_in(s[0], k_alpha) ||
      (m.colon >> colon & m.slash >> (colon + 1) & m.slash >> (colon + 2) & 1) == 0)
    return false;
  const std::size_t host = colon + 3;
  const std::uint64_t ends = (m.slash | m.question) & bits_from(host);
  if (ends == 0) return false;  // the authority may go on in the next chunk
  const std::size_t end = lowest(ends);
  const std::uint64_t lanes = bits_from(host) & ~bits_from(end), colons = m.colon & lanes;
  const std::uint64_t host_lanes = colons != 0 ? lanes & ((colons & -colons) - 1) : lanes;
  if ((host_lanes & ~(m.reg_name | m.percent)) != 0) return false;
  const std::uint64_t questions = m.question & bits_from(end);
  i = host;
  port = colons != 0 ? lowest(colons) : 0;
  authority_end = end;
  path_end = questions != 0 ? lowest(questions) : path_end;
  // A "%" at 62 (at 63 too, it is a bad triplet above) or at 63 alone: the path's, as the
  // authority ended before it.
  next = (m.percent >> 62) == 0 ? 64 : (m.percent >> 62 & 1) != 0 ? 62 : 63;
  return true;
}

/// A text of more than two chunks (its first chunk ASCII) that starts as simple_start says, crossed by
/// cross_plain_chunks after its first chunk: true when that settles it (`out` filled). False leaves `out` as
/// it was, unless the crossing declined an ASCII chunk: then `rest` says where (rest.at) and `out` holds the
/// scheme and the authority's start, for parse_resumed. (A chunk with non-ASCII text is left to the
/// one pass's loop, which crosses IRI text faster than the general path.)
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool parse_simple_long(std::string_view text, rule r,
                                                                         iri_parts& out,
                                                                         one_pass_rest& rest) noexcept {
  const char* s = text.data();
  const std::size_t n = text.size();
  text_masks m;
  std::size_t i, port, authority_end, path_end = n, next;
  if (!chunks::mask_chunk(s, 64, chunk_place::first, m) ||
      !simple_start(s, m, r, i, port, authority_end, path_end, next))
    return false;
  const std::size_t at = cross_plain_chunks(s, n, next, path_end);
  if (at != n && chunks::chunk_non_ascii(s + (n - at < 64 ? n - 64 : at))) return false;
  if (at == n && !finish_authority(s, i, port, authority_end, out)) {  // a port that is not
    out = iri_parts{};
    return false;
  }
  out.has_scheme = out.has_authority = true;
  out.scheme_end = static_cast<std::uint32_t>(i - 3);
  out.authority_begin = out.host_begin = static_cast<std::uint32_t>(i);
  if (at != n) {
    rest = {at, 0, i, port, authority_end, path_end, n, true, false};
    return false;
  }
  out.path_end = static_cast<std::uint32_t>(path_end);
  out.has_query = path_end != n;
  out.query_end = static_cast<std::uint32_t>(n);
  return true;
}

}  // namespace

IRIKIT_CHUNK_TARGET bool parse_long(std::string_view text, rule r, const parse_options& options,
                                    iri_parts& out, parse_error& e) noexcept {
  one_pass_rest rest;
  if (parse_simple_long(text, r, out, rest)) {
    e = {};
    return true;
  }
  if (rest.at == 0) return false;
  e = parse_resumed(text, r, options, rest, out);
  return true;
}

}  // namespace irikit::parser
#endif
