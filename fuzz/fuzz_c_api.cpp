// fuzz_c_api — random calls of the C interface (include/irikit/irikit_c.h) with random arguments:
// enumerators and flags in and out of range, NULL pointers, lengths and buffer sizes from 0 up.
//   - every call returns IRIKIT_OK or a documented code, and never writes past the caller's buffer
//     (guard bytes after `out_size` stay intact) nor touches `out` when `out_size` is 0;
//   - the snprintf convention: IRIKIT_E_BUFFER_TOO_SMALL reports a length that does not fit, and a
//     second call with that length plus one succeeds with the same length; IRIKIT_OK leaves a NUL
//     at out[out_len];
//   - the C layer agrees with the C++ library: the same code and offset for validate and parse, the
//     same text for to_uri, to_iri and normalize, components that are ranges of the input.
// The first input bytes choose the function and its arguments; the rest is the text.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "irikit/irikit.h"
#include "irikit/irikit_c.h"

namespace {

constexpr unsigned char k_guard = 0xA5;

struct reader {
  const std::uint8_t* data;
  std::size_t size;
  std::uint8_t byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
};

bool documented(int rc) {
  return (rc >= IRIKIT_OK && rc <= IRIKIT_E_NOT_RELATIVIZABLE) ||
         (rc >= IRIKIT_E_NULL_ARGUMENT && rc <= IRIKIT_E_INTERNAL);
}

// Calls `f(out, out_size, out_len)` with a guarded buffer of `out_size` bytes and checks the
// snprintf convention; returns the code and, on success, the text.
template <class F>
int call_out(std::string_view fuzz_input, std::size_t out_size, F&& f, std::string* text = nullptr) {
  std::vector<unsigned char> buffer(out_size + 16, k_guard);
  char* out = out_size == 0 ? nullptr : reinterpret_cast<char*>(buffer.data());
  std::size_t len = 12345;
  const int rc = f(out, out_size, &len);
  FUZZ_CHECK(documented(rc));
  for (std::size_t i = out_size; i < buffer.size(); ++i) FUZZ_CHECK(buffer[i] == k_guard);
  if (rc == IRIKIT_E_BUFFER_TOO_SMALL) {
    FUZZ_CHECK(len >= out_size);
    if (out_size > 0) FUZZ_CHECK(out[0] == '\0');
    if (len < (1u << 24)) {
      std::string again;
      const int rc2 = call_out(fuzz_input, len + 1, f, &again);
      FUZZ_CHECK(rc2 == IRIKIT_OK && again.size() == len);
      if (text) *text = again;
      return IRIKIT_OK;
    }
  } else if (rc == IRIKIT_OK) {
    FUZZ_CHECK(len < out_size && out[len] == '\0');
    if (text) text->assign(out, len);
  }
  return rc;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  reader r{data, size};
  const int which = r.byte() % 16;
  const int enum_value = static_cast<int>(r.byte()) - 8;  // mostly in range, sometimes not
  const unsigned flags = r.byte();                        // sometimes unknown bits
  const std::size_t out_size = r.byte() % 4 == 0 ? 0 : r.byte() * 4u;
  const bool null_text = r.byte() == 0xFF;
  const std::string_view all(reinterpret_cast<const char*>(r.data), r.size);
  const irikit_fuzz::split_result parts = irikit_fuzz::split_once(all, '\t');
  const std::string_view text = parts.first;
  const std::string_view second = parts.second;
  const char* t = null_text ? nullptr : text.data();
  const std::size_t n = text.size();
  irikit_error err{};

  switch (which) {
    case 0: {  // validate, against the C++ library
      const int rc = irikit_validate(t, n, enum_value, flags & 3u, &err);
      FUZZ_CHECK(documented(rc));
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
      } else if (enum_value >= 0 && enum_value <= IRIKIT_RULE_LEIRI && (flags & 3u) <= 1) {
        const irikit::parse_options options{(flags & 1u) != 0};
        const auto cxx = irikit::validate(null_text ? std::string_view() : text,
                                          static_cast<irikit::rule>(enum_value), options);
        FUZZ_CHECK(rc == (cxx ? 0 : static_cast<int>(cxx.error().code)));
        if (!cxx) FUZZ_CHECK(err.offset == cxx.error().offset && err.code == rc);
      } else {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
      }
      break;
    }
    case 1: {  // parse: ranges inside the text, presence consistent
      irikit_components c = IRIKIT_COMPONENTS_INIT;
      if (flags & 0x80u) c.size = flags & 0x3Fu;  // sometimes too small
      const int rc = irikit_parse(t, n, enum_value, 0, &c, &err);
      FUZZ_CHECK(documented(rc));
      if (rc == IRIKIT_OK) {
        for (const irikit_range& range :
             {c.scheme, c.authority, c.userinfo, c.host, c.port, c.path, c.query, c.fragment})
          FUZZ_CHECK(range.offset <= n && range.length <= n - range.offset);
        FUZZ_CHECK(((c.present & IRIKIT_HAS_AUTHORITY) != 0) == (c.host_kind != IRIKIT_HOST_NONE));
        const auto cxx = irikit::parse(text, static_cast<irikit::rule>(enum_value));
        FUZZ_CHECK(cxx && cxx->path() == text.substr(c.path.offset, c.path.length));
      }
      break;
    }
    case 2: {  // to_uri with options, against the C++ library
      irikit_to_uri_options o;
      irikit_to_uri_options_init(&o);
      o.idna = enum_value & 7;
      o.encode_unsafe_ascii = flags & 1;
      o.query_charset = (flags & 2u) ? "Shift_JIS" : nullptr;
      std::string got;
      const int rc = call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t s, std::size_t* l) {
            return irikit_to_uri(t, n, (flags & 4u) ? nullptr : &o, out, s, l, &err);
          },
          &got);
      if (rc == IRIKIT_OK && !null_text && !(flags & 4u)) {
        irikit::to_uri_options co;
        co.idna = static_cast<irikit::idna_mode>(o.idna);
        co.encode_unsafe_ascii = o.encode_unsafe_ascii != 0;
        if (o.query_charset) co.query_charset = o.query_charset;
        const auto cxx = irikit::to_uri(text, co);
        FUZZ_CHECK(cxx && *cxx == got);
      }
      break;
    }
    case 3: {
      std::string got;
      const int rc = call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t s, std::size_t* l) {
            return irikit_to_iri(t, n, flags & 3u, enum_value, out, s, l, &err);
          },
          &got);
      if (rc == IRIKIT_OK && !null_text && (flags & 1u) == 0) {
        const auto cxx = irikit::to_iri(text);
        FUZZ_CHECK(cxx && *cxx == got);
      }
      break;
    }
    case 4:
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return irikit_leiri_to_iri(t, n, out, s, l, &err);
      });
      break;
    case 5:
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return (flags & 1u) ? irikit_host_to_unicode(t, n, enum_value, flags >> 1, out, s, l, &err)
                            : irikit_host_to_ascii(t, n, enum_value, flags >> 1, out, s, l, &err);
      });
      break;
    case 6:
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return irikit_resolve(t, n, second.data(), second.size(), flags & 15u, out, s, l, &err);
      });
      break;
    case 7:
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return irikit_relativize(t, n, second.data(), second.size(), out, s, l, &err);
      });
      break;
    case 8: {
      std::string got;
      const int rc = call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t s, std::size_t* l) {
            return irikit_normalize(t, n, enum_value, flags, out, s, l, &err);
          },
          &got);
      if (rc == IRIKIT_OK && !null_text && flags == 0 && enum_value == IRIKIT_LEVEL_SYNTAX) {
        const auto cxx = irikit::normalize(text);
        FUZZ_CHECK(cxx && cxx->text() == got);
      }
      break;
    }
    case 9: {
      int eq = -1;
      const int rc = irikit_equivalent(t, n, second.data(), second.size(), enum_value, flags & 3u, &eq, &err);
      FUZZ_CHECK(documented(rc));
      if (rc == IRIKIT_OK) FUZZ_CHECK(eq == 0 || eq == 1);
      break;
    }
    case 10: {
      irikit_lint_options o;
      irikit_lint_options_init(&o);
      o.grammar = enum_value;
      irikit_lint_result* result = nullptr;
      const int rc = irikit_lint(t, n, &o, nullptr, &result, &err);
      FUZZ_CHECK(documented(rc));
      FUZZ_CHECK((rc == IRIKIT_OK) == (result != nullptr));
      for (std::size_t i = 0; i < irikit_lint_result_count(result); ++i) {
        irikit_lint_finding f = IRIKIT_LINT_FINDING_INIT;
        FUZZ_CHECK(irikit_lint_result_get(result, i, &f) == IRIKIT_OK);
        FUZZ_CHECK(f.span.offset <= n && f.span.length <= n - f.span.offset);
        // The message quotes the text, which under the LEIRI grammar may hold U+0000: the length
        // is the message's, and a NUL always follows it.
        FUZZ_CHECK(std::strlen(f.message) <= f.message_length && f.message[f.message_length] == '\0');
      }
      irikit_lint_result_free(result);
      break;
    }
    case 11:
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return (flags & 1u)
                   ? irikit_visual_order(t, n, out, s, l, &err)
                   : irikit_display_text(t, n, enum_value, static_cast<int>(flags >> 1) - 1, out, s, l, &err);
      });
      break;
    case 12: {
      std::vector<irikit_extracted> found(flags % 5);
      std::size_t count = 0;
      const int rc = irikit_extract(t, n, flags >> 7, found.data(), found.size(), &count, &err);
      FUZZ_CHECK(documented(rc));
      if (rc == IRIKIT_OK || rc == IRIKIT_E_BUFFER_TOO_SMALL) {
        for (std::size_t i = 0; i < std::min(count, found.size()); ++i)
          FUZZ_CHECK(found[i].span.offset <= n && found[i].span.length <= n - found[i].span.offset);
      }
      break;
    }
    case 13: {
      std::vector<irikit_bidi_violation> found(flags % 4);
      std::size_t count = 0;
      FUZZ_CHECK(documented(irikit_check_bidi_structure(t, n, found.data(), found.size(), &count, &err)));
      break;
    }
    case 14: {
      std::vector<std::uint16_t> units(n / 2);
      if (!units.empty()) std::memcpy(units.data(), text.data(), units.size() * 2);
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return irikit_utf16_to_utf8(null_text ? nullptr : units.data(), units.size(), out, s, l, &err);
      });
      break;
    }
    default: {
      const char* charsets[] = {"ISO-8859-1", "Shift_JIS", "windows-1252", "UTF-16BE", "bogus"};
      call_out(fuzz_input, out_size, [&](char* out, std::size_t s, std::size_t* l) {
        return irikit_from_charset(t, n, charsets[flags % 5], out, s, l, &err);
      });
      char message[64];
      FUZZ_CHECK(documented(irikit_error_message(&err, t, n, enum_value, message, sizeof message, nullptr)));
      break;
    }
  }
  return 0;
}
