// SPDX-License-Identifier: MIT OR Apache-2.0
// The table-lookup scans written once (skip_plain, find_first_of, skip_plain_iri's windows,
// classify_text), over a small layer of operations on one block of Ops::width bytes that each
// implementation unit defines (avx2.cpp: 32 and 16 bytes; neon.cpp: 16 bytes) and instantiates
// these templates with. Included only by those units, inside their unnamed namespace (see
// scan_common.h: internal linkage, as each unit has its own target flags).
//
// The layer, for a block type `vec` and a lane-mask type `mask` (a bit mask where that is free,
// as with movemask; the lanes themselves where it is not, as on NEON):
//   width                      bytes per block
//   load(p), table(rows)       a block from memory; a nibble table (scan_common.h) as a block
//   members(v, rows, high)     the lanes whose byte is in the set of `rows` (two nibble lookups)
//   eq(v, c), non_ascii(v)     the lanes equal to c; the lanes >= 0x80
//   either(a, b)               a | b
//   bits(m)                    bit k = lane k
//   known_all(m)               true only when every lane is set and the layer can tell cheaply
//                              (false lets the bit arithmetic decide)
//   maybe_any(m)               false only when no lane is set and the layer can tell cheaply
//   any_non_ascii(v)           whether a byte is >= 0x80
// and, for the pair rules (utf8_iri_bad) and the windows:
//   splat(c), AND, OR, XOR     bytewise
//   high_nibble(v), low_nibble(v), lookup(table, index)   vpshufb / tbl
//   subs(v, c), sub(v, c), eq_bytes(v, c), le(v, c)       bytewise, saturating / wrapping / == / <= unsigned
//   any(v), nonzero_bits(v)    whether a byte is not 0; bit k = byte k is not 0
//   clear_below(v, n)          v with lanes 0 .. n - 1 zeroed
//   after_zeros<d>(v)          v shifted up by d lanes, zeros in lanes 0 .. d - 1
#ifndef IRIKIT_SIMD_GENERIC_WINDOW_SCANS_H
#define IRIKIT_SIMD_GENERIC_WINDOW_SCANS_H

// No #include here: the unit includes <cstddef>, <cstdint>, <cstring> and simd/scan_common.h
// first, then this header inside its namespace irikit::simd { namespace { ... } }.

/// skip_plain over blocks; size >= Ops::width.
template <class Ops>
std::size_t skip_blocks(const char* s, std::size_t i, std::size_t to, std::size_t size,
                        plain_set set) noexcept {
  constexpr unsigned W = Ops::width;
  const auto rows = Ops::table(k_plain_rows[static_cast<int>(base_of(set))]);
  const bool any_non_ascii = takes_non_ascii(set);
  const auto hex_rows = Ops::table(k_hex_rows);
  const auto high_bits = Ops::table(k_high_bits);
  while (i < to) {
    // A window of W bytes at `base`, never past the end of the text: near the end the window
    // slides back and re-reads bytes before i, which `valid` masks out.
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const auto v = Ops::load(s + base);
    auto member = Ops::members(v, rows, high_bits);
    if (any_non_ascii) member = Ops::either(member, Ops::non_ascii(v));
    if (!Ops::known_all(member)) {
      const std::uint32_t bad = not_plain(Ops::bits(member), Ops::bits(Ops::eq(v, '%')),
                                          Ops::bits(Ops::members(v, hex_rows, high_bits)), valid);
      if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));  // one past the highest valid bit
  }
  return to;
}

/// find_first_of over blocks; size >= Ops::width.
template <class Ops>
std::size_t find_blocks(const char* s, std::size_t i, std::size_t to, std::size_t size,
                        stop_set set) noexcept {
  constexpr unsigned W = Ops::width;
  const auto rows = Ops::table(k_stop_rows[static_cast<int>(set)]);
  const auto high_bits = Ops::table(k_high_bits);
  while (i < to) {
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const auto hit = Ops::members(Ops::load(s + base), rows, high_bits);
    if (Ops::maybe_any(hit)) {
      const std::uint32_t bits = Ops::bits(hit) & valid;
      if (bits != 0) return base + static_cast<std::size_t>(__builtin_ctz(bits));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

template <class Ops, class Vec>
inline Vec apply(const pair_tables& t, Vec high1, Vec low1, Vec high) noexcept {
  return Ops::AND(
      Ops::AND(Ops::lookup(Ops::table(t.before_high), high1), Ops::lookup(Ops::table(t.before_low), low1)),
      Ops::lookup(Ops::table(t.high), high));
}

/// Bit k set when byte k of the window v stops skip_plain_iri for a UTF-8 or IRI reason (the pair
/// rules of scan_common.h); p1, p2, p3 are the windows one, two and three bytes earlier (bytes
/// before the scan's start read as 0).
template <class Ops, class Vec>
inline std::uint32_t utf8_iri_bad(Vec v, Vec p1, Vec p2, Vec p3) noexcept {
  const Vec high1 = Ops::high_nibble(p1), low1 = Ops::low_nibble(p1), high = Ops::high_nibble(v);
  const Vec direct = apply<Ops>(k_direct_tables, high1, low1, high);
  const Vec conditional = apply<Ops>(k_conditional_tables, high1, low1, high);
  // Bit 7: a continuation byte is due here (a lead E0..FF two bytes back, or F0..FF three back).
  const Vec due = Ops::OR(Ops::subs(p2, 0xE0 - 0x80), Ops::subs(p3, 0xF0 - 0x80));
  Vec bad = Ops::OR(direct, Ops::OR(Ops::AND(conditional, Ops::splat(0x07)),
                                    Ops::AND(Ops::XOR(conditional, due), Ops::splat(0x80))));
  const Vec ef = Ops::eq_bytes(p2, 0xEF), e2 = Ops::eq_bytes(p2, 0xE2), f0 = Ops::eq_bytes(p3, 0xF0);
  if (Ops::any(Ops::OR(Ops::OR(ef, e2), f0))) {
    Vec when = Ops::AND(Ops::OR(ef, f0), Ops::splat(k_cond_ef_or_f0));
    when = Ops::OR(when, Ops::AND(ef, Ops::splat(k_cond_ef)));
    // E2 80..81 8E/8F/A6..AE (chunks::is_e2_bad_third): U+200E, U+200F, U+2026..U+202E, U+204E,
    // U+204F, U+2066..U+206E.
    const Vec e2_tail =
        Ops::OR(Ops::eq_bytes(Ops::AND(v, Ops::splat(0xFE)), 0x8E), Ops::le(Ops::sub(v, 0xA6), 0xAE - 0xA6));
    when = Ops::OR(when, Ops::AND(Ops::AND(e2, e2_tail), Ops::splat(k_cond_e2)));
    bad = Ops::OR(bad, Ops::AND(conditional, when));
  }
  return Ops::nonzero_bits(bad);
}

/// skip_plain_iri, a window of Ops::width bytes at a time. Per window: the ASCII bytes as in
/// skip_blocks; the non-ASCII bytes by the pair rules (utf8_iri_bad) over the window and the three
/// bytes before it, loaded from s + base - 1, -2, -3 (bytes before `from` read as 0, so a text that
/// starts inside a character stops at once). The first bad byte may be inside a character: the
/// scan then stops at that character's start. Texts too short for a window, and scans from the
/// first three bytes, go to skip_iri_generic over `Skip`.
template <class Ops, skip_fn Skip>
[[gnu::noinline]] std::size_t skip_iri_windows(const char* s, std::size_t from, std::size_t to,
                                               std::size_t size, plain_set set) noexcept {
  constexpr unsigned W = Ops::width;
  if (size < W + 3 || from < 3) return skip_iri_generic<Skip>(s, from, to, size, set);
  const auto rows = Ops::table(k_plain_rows[static_cast<int>(base_of(set))]);
  const auto hex_rows = Ops::table(k_hex_rows);
  const auto high_bits = Ops::table(k_high_bits);
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  std::size_t i = from;
  while (i < to) {
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const auto v = Ops::load(s + base);
    const std::uint32_t non_ascii = Ops::bits(Ops::non_ascii(v));
    const std::uint32_t ascii_bad =
        not_plain(Ops::bits(Ops::members(v, rows, high_bits)), Ops::bits(Ops::eq(v, '%')),
                  Ops::bits(Ops::members(v, hex_rows, high_bits)), valid) &
        ~non_ascii;
    // An ASCII window after a complete character: only the ASCII rules apply.
    if (non_ascii == 0 && (base < from + 1 || u[base - 1] < 0xC0) &&
        (base < from + 2 || u[base - 2] < 0xE0) && (base < from + 3 || u[base - 3] < 0xF0)) {
      if (ascii_bad != 0)
        return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(ascii_bad)));
      i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
      continue;
    }
    auto p1 = Ops::load(s + base - 1), p2 = Ops::load(s + base - 2), p3 = Ops::load(s + base - 3);
    if (base < from + 3) {
      // Bytes before `from` are no context: they read as 0. Lane k of p_d holds byte base + k - d,
      // which lies before `from` when k < from - base + d (base may be up to 2 bytes after `from`).
      const auto n = static_cast<std::ptrdiff_t>(from) - static_cast<std::ptrdiff_t>(base);
      const auto before = [n](std::ptrdiff_t d) { return static_cast<int>(n + d < 0 ? 0 : n + d); };
      p1 = Ops::clear_below(p1, before(1));
      p2 = Ops::clear_below(p2, before(2));
      p3 = Ops::clear_below(p3, before(3));
    }
    const std::uint32_t bad = (ascii_bad | utf8_iri_bad<Ops>(v, p1, p2, p3)) & valid;
    if (bad != 0)
      return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(bad)));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return back_to_character_start(s, from, to);
}

/// skip_plain_iri: ASCII first, exactly as skip_plain (`Skip`: the common case, at its cost); the
/// windows only from the first non-ASCII byte on (a character boundary: everything before it is
/// ASCII).
template <class Ops, skip_fn Skip>
std::size_t skip_iri(const char* s, std::size_t from, std::size_t to, std::size_t size,
                     plain_set set) noexcept {
  const std::size_t i = Skip(s, from, to, size, set);
  if (i >= to || static_cast<unsigned char>(s[i]) < 0x80) return i;
  return skip_iri_windows<Ops, Skip>(s, i, to, size, set);
}

/// classify_text, Ops::width bytes at a time: an ASCII window after an ASCII window costs a test,
/// the others the pair rules. A window at 0 takes its "bytes before" from itself shifted (zeros
/// before the text), the others from unaligned loads. Windows may start before `from` (ASCII).
template <class Ops>
text_kind classify_windows(const char* s, std::size_t from, std::size_t size) noexcept {
  constexpr unsigned W = Ops::width;
  // Windows need the three bytes before them: a text under W + 3 bytes is classified in a copy
  // padded with zeros (ASCII; a character they cut is not plain).
  if (size < W + 3) {
    alignas(32) char block[2 * W] = {};
    std::memcpy(block, s, size);
    return classify_windows<Ops>(block, from, 2 * W);
  }
  bool seen = false, previous = false;                    // non-ASCII anywhere so far, in the previous window
  std::size_t base = from + W <= size ? from : size - W;  // size >= W + 3: a later window has base >= 3
  if (base < 3) base = 0;
  for (;;) {
    const auto v = Ops::load(s + base);
    const bool here = Ops::any_non_ascii(v);
    if (here || previous) {
      seen = true;
      decltype(Ops::load(s)) p1, p2, p3;
      if (base == 0) {  // zeros before the text
        p1 = Ops::template after_zeros<1>(v);
        p2 = Ops::template after_zeros<2>(v);
        p3 = Ops::template after_zeros<3>(v);
      } else {
        p1 = Ops::load(s + base - 1);
        p2 = Ops::load(s + base - 2);
        p3 = Ops::load(s + base - 3);
      }
      if (utf8_iri_bad<Ops>(v, p1, p2, p3) != 0) return text_kind::other;
    }
    previous = here;
    if (base + W >= size) break;
    base = base + 2 * W <= size ? base + W : size - W;
  }
  // A character cut by the end of the text.
  if (cut_at(reinterpret_cast<const unsigned char*>(s) + size, size)) return text_kind::other;
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}

#endif  // IRIKIT_SIMD_GENERIC_WINDOW_SCANS_H
