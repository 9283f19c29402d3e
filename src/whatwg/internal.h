// SPDX-License-Identifier: MIT OR Apache-2.0
// The internal entry points shared by src/whatwg/*.cpp. A URL has one representation,
// `irikit::whatwg::url` (whatwg.h): its href string plus the offsets of its components (url_parts
// below). The fast path (fast.cpp) and the basic URL parser (parser.cpp) write it directly, and
// the setters (url.cpp) splice it in place.
#ifndef IRIKIT_WHATWG_INTERNAL_H
#define IRIKIT_WHATWG_INTERNAL_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/whatwg.h"

namespace irikit::whatwg::detail {

/// The default port of a special scheme (§4.2), or -1.
std::int32_t default_port(std::string_view scheme) noexcept;
bool is_special_scheme(std::string_view scheme) noexcept;

/// Where validation errors go, and the byte offset of the parsed text in the caller's input.
struct reporter {
  std::vector<validation>* notes = nullptr;
  void add(validation_error e, std::size_t offset) const {
    if (notes != nullptr) notes->push_back({e, static_cast<std::uint32_t>(offset)});
  }
};

/// The basic URL parser (§4.4) without a state override: writes the href of the URL it parses
/// and its offsets directly (parser.cpp), relative to `base` when not null. `encoding` is empty
/// for UTF-8. On failure `out` is left as it was.
std::optional<url_error> basic_parse(std::string_view input, const url* base, std::string_view encoding,
                                     std::vector<validation>* notes, url& out);

/// One U+FFFD that replaced an ill-formed sequence: where it is in the new text, and where the
/// sequence was in the input and how many bytes it had.
struct replacement {
  std::size_t at;
  std::size_t from;
  std::size_t length;
};
/// Steps 1-3 of the basic URL parser (§4.4) and the Encoding Standard's UTF-8 decode: the text the
/// state machine, or the part of it a setter runs, reads. Leading and trailing C0 controls and
/// spaces are stripped when `strip` (a parse; a setter's value keeps them), ASCII tabs and newlines
/// removed and ill-formed UTF-8 read as U+FFFD, each noted; the input is copied only then.
/// Offsets into text() are offsets in the caller's input minus offset() until restore(), which
/// brings those of `e` and of the notes added since back to the caller's input.
class prepared_input {
 public:
  prepared_input(std::string_view input, bool strip, std::vector<validation>* notes);
  prepared_input(const prepared_input&) = delete;
  prepared_input& operator=(const prepared_input&) = delete;
  std::string_view text() const noexcept { return text_; }
  std::size_t offset() const noexcept { return offset_; }
  void restore(std::optional<url_error>& e) const;

 private:
  std::vector<validation>* notes_;
  std::string_view text_;
  std::size_t offset_ = 0;
  std::string cleaned_;                 // the input without tabs and newlines, when it had some
  std::string fixed_;                   // with U+FFFD, when it had ill-formed UTF-8
  std::vector<std::uint32_t> removed_;  // where the tabs and newlines were
  std::vector<replacement> replaced_;
  std::size_t cleaned_notes_ = 0;  // notes from here on count `cleaned_`
  std::size_t first_note_ = 0;     // notes from here on count `fixed_`
};

/// The path start and path states under a state override (§4.4; the pathname setter, §6.1): the
/// path of `text`, serialized into `path` ("/" + segment for each segment; "" is the empty list). Validation
/// errors at offset + i.
void path_override(std::string_view text, bool special, bool file_scheme, bool host_null, std::string& path,
                   const reporter& r, std::size_t offset);

/// Validation errors (invalid-URL-unit, §4.3) for the code points of `text` that are not URL units
/// and for "%" without two hex digits; `text` is at `offset` in the input.
void check_url_units(std::string_view text, const reporter& r, std::size_t offset);

/// The host parser (§3.5) on text at `offset` in the input; errors are reported at offset + i.
std::optional<url_error> parse_host_into(std::string_view input, bool is_opaque, host& out, const reporter& r,
                                         std::size_t offset);

/// Appends the UTF-8 percent-encoding of `input` in `set` (§1.3) to `out`.
void percent_encode_into(std::string_view input, encode_set set, std::string& out);
/// The size of the UTF-8 percent-encoding of `input` in `set`, and that encoding written to `out`
/// (which has room for it): for a splice that writes it in place.
std::size_t percent_encoded_size(std::string_view input, encode_set set) noexcept;
void percent_encode_to(std::string_view input, encode_set set, char* out) noexcept;
/// Appends `input` percent-encoded after encoding in `encoding` (§1.3), for queries.
void percent_encode_after_encoding(std::string_view input, std::string_view encoding, encode_set set,
                                   std::string& out);
/// Whether a byte is in the set (bytes >= 0x80 are in every set).
bool in_encode_set(unsigned char c, encode_set set) noexcept;

/// The ill-formed UTF-8 sequences of `input` replaced by U+FFFD (the Encoding Standard's UTF-8
/// decode), or nullopt when `input` is well-formed. With `replaced`, each replacement is listed.
/// Cancelled (the thread's hook said stop): an empty text with no replacement listed.
std::optional<std::string> replace_ill_formed_utf8(std::string_view input,
                                                   std::vector<replacement>* replaced = nullptr);
/// An offset in the text replace_ill_formed_utf8 returned, as an offset in its input: a byte of a
/// U+FFFD is the start of the sequence it replaced.
std::size_t offset_before_replacement(std::size_t offset, const std::vector<replacement>& replaced) noexcept;
/// The offsets of `error` (when not null) and of notes[first_note…] (when `notes` is not null) as
/// offsets in the caller's input: they counted bytes of the text replace_ill_formed_utf8 returned,
/// which starts at `base` in the input (offsets below `base` are left as they are).
void offsets_before_replacement(const std::vector<replacement>& replaced, std::size_t base, url_error* error,
                                std::vector<validation>* notes, std::size_t first_note) noexcept;

/// Sets the query of `u` to `query`, already serialized (without "?"; nullopt: null).
void set_query(url& u, std::optional<std::string_view> query);

/// The offsets and flags of a `url` besides its href (whatwg.h has the diagram): what the fast
/// path (fast.cpp) computes while it writes the href, and what the differential fuzz target
/// compares.
struct url_parts {
  std::uint32_t scheme_end = 0;
  std::uint32_t username_begin = 0;
  std::uint32_t username_end = 0;
  std::uint32_t password_end = 0;
  std::uint32_t host_begin = 0;
  std::uint32_t host_end = 0;
  std::uint32_t path_begin = 0;
  std::uint32_t pathname_begin = 0;
  std::uint32_t query_begin = 0xFFFFFFFFu;
  std::uint32_t fragment_begin = 0xFFFFFFFFu;
  std::int32_t port = -1;
  host_type host_kind = host_type::none;
  bool opaque_path = false;
  bool special = false;
  friend bool operator==(const url_parts&, const url_parts&) = default;
};
/// Makes `u` the URL of that href and those offsets.
void assemble_into(url& u, std::string_view href, const url_parts& parts);
void assemble_into(url& u, std::string&& href, const url_parts& parts);
url_parts parts_of(const url& u);

/// The basic URL parser (basic_parse) as parse() runs it: the single source of truth that the
/// fast path must agree with. `encoding` as in parse().
result<url> parse_full(std::string_view input, const url* base, std::vector<validation>* notes,
                       std::string_view encoding);

/// The fast path (fast.cpp) for an input without a base: the common shapes of absolute URLs in one
/// pass, writing the href straight into one buffer. `failed` when the Standard returns failure,
/// `fallback` when the input needs something the fast path leaves to parse_full (tabs or newlines,
/// backslashes, credentials, IPv4/IPv6/non-ASCII/percent-encoded hosts, dot segments, Windows drive
/// letters, …). Results are identical to parse_full's (fuzz_whatwg checks it); no validation errors
/// are reported, so callers that want them use parse_full.
enum class fast_status : std::uint8_t { parsed, failed, fallback };
fast_status fast_parse(std::string_view input, url& out, url_error& error);
/// The same decision without writing anything (URL.canParse): no allocation. It reads the scheme
/// and the authority only: no state after the authority returns failure (§4.4), so the path,
/// query, fragment or opaque path cannot change the answer. Where fast_parse falls back for what
/// it finds there (ill-formed UTF-8, "\\", dot segments, tabs), fast_can_parse says `parsed`, and
/// parse_full succeeds too.
fast_status fast_can_parse(std::string_view input);

}  // namespace irikit::whatwg::detail

#endif  // IRIKIT_WHATWG_INTERNAL_H
