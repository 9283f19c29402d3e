// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_c_api — random calls of the C interface (include/irikit/irikit_c.h) with random arguments:
// enumerators and flags in and out of range, NULL pointers, lengths and buffer sizes from 0 up.
//   - every call returns IRIKIT_OK or a documented code, and never writes past the caller's buffer
//     (guard bytes after `out_size` stay intact) nor touches `out` when `out_size` is 0;
//   - the snprintf convention: IRIKIT_E_BUFFER_TOO_SMALL reports a length that does not fit, and a
//     second call with that length plus one succeeds with the same length; IRIKIT_OK leaves a NUL
//     at out[out_len];
//   - the C layer agrees with the C++ library: the same code and offset for validate and parse (and
//     each item of the batch functions), the same suffix, A-label, display decision and labels for
//     the host functions (issue 35), the
//     same text for to_uri, to_iri and normalize, components that are ranges of the input;
//   - an edit of an irikit_builder gives the code, offset and text of the same edit of an
//     irikit::iri_builder; a failed edit leaves the text as it was, and the text always parses to
//     the components the builder reports;
//   - an irikit_url gives what whatwg::url gives: the failure as 200 + validation_error with the
//     same offset (and argument), the same href, notes, getters and setter results; a search list
//     serializes as whatwg::search_params does after the same edits;
//   - the stand-alone host and percent-encoding functions give what whatwg::parse_host,
//     domain_to_ascii, domain_to_unicode, percent_encode and percent_decode give (text, host type,
//     or the failure's code and offset).
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
  return (rc >= IRIKIT_OK && rc <= IRIKIT_E_INVALID_IPV4) ||
         (rc >= IRIKIT_E_NULL_ARGUMENT && rc <= IRIKIT_E_INTERNAL) ||
         (rc >= IRIKIT_E_URL_DOMAIN_TO_ASCII && rc <= IRIKIT_E_URL_SETTER_REFUSED);
}

// The C code of a whatwg::url_error.
int url_code(const irikit::whatwg::url_error& e) {
  return IRIKIT_E_URL_DOMAIN_TO_ASCII + static_cast<int>(e.error);
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
  const int which = r.byte() % 24;
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
    case 16: {  // a builder over `text`, one edit with `second`, against iri_builder
      irikit_builder* b = nullptr;
      const int made = irikit_builder_new(t, n, IRIKIT_RULE_IRI_REFERENCE, nullptr, &b, &err);
      FUZZ_CHECK(documented(made) && (made == IRIKIT_OK) == (b != nullptr));
      if (b == nullptr) break;
      auto cxx = irikit::iri_builder::parse(null_text ? std::string_view() : text);
      FUZZ_CHECK(cxx.has_value());
      const std::string before = irikit_builder_text(b, nullptr);
      const auto eq = second.find('=');
      const std::string_view key = second.substr(0, eq);
      const std::string_view value =
          eq == std::string_view::npos ? std::string_view() : second.substr(eq + 1);
      const std::size_t index = flags >> 4;
      const int flavor = enum_value & 1;
      const auto fl = static_cast<irikit::query_flavor>(flavor);
      const char* s2 = second.data();
      const std::size_t n2 = second.size();
      int rc = IRIKIT_OK;
      irikit::result<void> expected;  // the C++ edit; INVALID_ARGUMENT cases are the C layer's own
      bool compare = true;
      switch (flags % 12) {
        case 0:
        case 1: {
          const bool encoded = flags % 12 == 1;
          rc = encoded ? irikit_builder_set_encoded(b, enum_value, s2, n2, &err)
                       : irikit_builder_set(b, enum_value, s2, n2, &err);
          irikit::iri_builder& x = *cxx;
          switch (enum_value) {
            case IRIKIT_COMPONENT_SCHEME:
              expected = x.set_scheme(second);
              break;
            case IRIKIT_COMPONENT_USERINFO:
              expected = encoded ? x.set_encoded_userinfo(second) : x.set_userinfo(second);
              break;
            case IRIKIT_COMPONENT_HOST:
              expected = encoded ? x.set_encoded_host(second) : x.set_host(second);
              break;
            case IRIKIT_COMPONENT_PORT:
              expected = x.set_port(second);
              break;
            case IRIKIT_COMPONENT_PATH:
              expected = encoded ? x.set_encoded_path(second) : x.set_path(second);
              break;
            case IRIKIT_COMPONENT_QUERY:
              expected = encoded ? x.set_encoded_query(second) : x.set_query(second);
              break;
            case IRIKIT_COMPONENT_FRAGMENT:
              expected = encoded ? x.set_encoded_fragment(second) : x.set_fragment(second);
              break;
            default:
              FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
              compare = false;
          }
          break;
        }
        case 2:
          rc = irikit_builder_remove(b, enum_value, &err);
          switch (enum_value) {
            case IRIKIT_COMPONENT_SCHEME:
              cxx->remove_scheme();
              break;
            case IRIKIT_COMPONENT_USERINFO:
              cxx->remove_userinfo();
              break;
            case IRIKIT_COMPONENT_PORT:
              cxx->remove_port();
              break;
            case IRIKIT_COMPONENT_QUERY:
              cxx->remove_query();
              break;
            case IRIKIT_COMPONENT_FRAGMENT:
              cxx->remove_fragment();
              break;
            case IRIKIT_COMPONENT_AUTHORITY:
              cxx->remove_authority();
              break;
            default:
              FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
              compare = false;
          }
          break;
        case 3:
          rc = irikit_builder_segment_push_back(b, s2, n2, &err);
          expected = cxx->segments().push_back(second);
          break;
        case 4:
          rc = irikit_builder_segment_insert(b, index, s2, n2, &err);
          if (index <= cxx->segments().size())
            expected = cxx->segments().insert(index, second);
          else
            compare = false;
          break;
        case 5:
          rc = irikit_builder_segment_replace(b, index, s2, n2, &err);
          if (index < cxx->segments().size())
            expected = cxx->segments().replace(index, second);
          else
            compare = false;
          break;
        case 6:
          rc = irikit_builder_segment_erase(b, index, &err);
          if (index < cxx->segments().size())
            cxx->segments().erase(index);
          else
            compare = false;
          break;
        case 7:
          rc = irikit_builder_param_append(b, flavor, key.data(), key.size(), value.data(), value.size(),
                                           &err);
          expected = cxx->params(fl).append(key, value);
          break;
        case 8:
          rc = irikit_builder_param_set(b, flavor, key.data(), key.size(), value.data(), value.size(), &err);
          expected = cxx->params(fl).set(key, value);
          break;
        case 9: {
          std::size_t erased = 0;
          rc = irikit_builder_param_erase(b, flavor, key.data(), key.size(), &erased, &err);
          FUZZ_CHECK(erased == cxx->params(fl).erase(key));
          break;
        }
        case 10:
          rc = irikit_builder_param_sort(b, flavor, &err);
          cxx->params(fl).sort();
          break;
        default: {  // -2400 … 74100: in and out of 0 … 65535
          const int port = enum_value * 300;
          rc = irikit_builder_set_port_number(b, port, &err);
          if (port >= 0 && port <= 65535)
            cxx->set_port(static_cast<std::uint16_t>(port));
          else
            compare = false;
          break;
        }
      }
      FUZZ_CHECK(documented(rc));
      const std::string after = irikit_builder_text(b, nullptr);
      if (rc != IRIKIT_OK) FUZZ_CHECK(after == before);
      if (compare) {
        FUZZ_CHECK(rc == (expected ? 0 : static_cast<int>(expected.error().code)));
        if (!expected) FUZZ_CHECK(err.offset == expected.error().offset);
        FUZZ_CHECK(after == cxx->text());
      } else {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
      }
      irikit_components c = IRIKIT_COMPONENTS_INIT;
      FUZZ_CHECK(irikit_builder_components(b, &c) == IRIKIT_OK);
      const auto reparsed = irikit::parse_iri_reference(after);
      FUZZ_CHECK(reparsed &&
                 reparsed->path() == std::string_view(after).substr(c.path.offset, c.path.length));
      for (std::size_t i = 0; i < irikit_builder_segment_count(b); ++i) {
        call_out(fuzz_input, out_size, [&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_builder_segment_get(b, i, out, sz, l, &err);
        });
      }
      irikit_builder_free(b);
      break;
    }
    case 17: {  // the WHATWG URL Standard: `text` parsed (with `second` as base text when flags & 1),
                // then setter `enum_value` with `second`, the getters, and a search list, against C++
      namespace w = irikit::whatwg;
      const std::string_view input = null_text ? std::string_view() : text;
      const bool with_base = (flags & 1u) != 0;
      const unsigned url_flags = (flags >> 1) & 3u;  // IRIKIT_URL_NOTES and sometimes an unknown bit
      irikit_url* u = nullptr;
      const int rc = with_base ? irikit_url_parse_with_base(t, n, second.data(), second.size(), url_flags,
                                                            nullptr, &u, &err)
                               : irikit_url_parse(t, n, nullptr, nullptr, url_flags, nullptr, &u, &err);
      FUZZ_CHECK(documented(rc) && (rc == IRIKIT_OK) == (u != nullptr));
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      if (url_flags > 1) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      std::vector<w::validation> cxx_notes;
      std::vector<w::validation>* notes = url_flags != 0 ? &cxx_notes : nullptr;
      w::result<w::url> cxx = w::url_error{w::validation_error::setter_refused, 0};
      std::uint32_t argument = 0;
      if (with_base) {
        auto base = w::parse(second);
        if (base)
          cxx = w::parse(input, &*base, notes);
        else {
          cxx = base.error();
          argument = 1;
        }
      } else {
        cxx = w::parse(input, nullptr, notes);
      }
      FUZZ_CHECK(cxx.has_value() == (rc == IRIKIT_OK));
      if (!cxx) {
        FUZZ_CHECK(rc == url_code(cxx.error()) && err.offset == cxx.error().offset &&
                   err.argument == argument);
        break;
      }
      FUZZ_CHECK(irikit_url_href(u, nullptr) == cxx->href());
      std::vector<irikit_url_validation> got(cxx_notes.size() + 1);
      std::size_t count = 0;
      FUZZ_CHECK(irikit_url_notes(u, got.data(), got.size(), &count, &err) == IRIKIT_OK);
      FUZZ_CHECK(count == cxx_notes.size());
      for (std::size_t i = 0; i < count; ++i)
        FUZZ_CHECK(got[i].code == url_code(cxx_notes[i]) && got[i].offset == cxx_notes[i].offset);
      // One setter, by attribute number (out of range and the origin are refused).
      const std::string before(irikit_url_href(u, nullptr));
      const int set = irikit_url_set(u, enum_value, second.data(), second.size(), &err);
      FUZZ_CHECK(documented(set));
      const char* name = irikit_url_attribute_name(enum_value);
      const w::url_setter setter = name ? w::setter_named(name) : nullptr;
      if (setter == nullptr) {
        FUZZ_CHECK(set == IRIKIT_E_INVALID_ARGUMENT && irikit_url_href(u, nullptr) == before);
      } else {
        const auto e = setter(*cxx, second);
        FUZZ_CHECK(set == (e ? url_code(*e) : IRIKIT_OK));
        if (e) FUZZ_CHECK(err.offset == e->offset);
        FUZZ_CHECK(irikit_url_href(u, nullptr) == cxx->href());
      }
      // The getters, through the snprintf convention.
      const std::string expected[] = {std::string(cxx->href()),
                                      std::string(cxx->protocol()),
                                      std::string(cxx->username()),
                                      std::string(cxx->password()),
                                      std::string(cxx->host()),
                                      std::string(cxx->hostname()),
                                      std::string(cxx->port()),
                                      std::string(cxx->pathname()),
                                      std::string(cxx->search()),
                                      std::string(cxx->hash()),
                                      cxx->origin()};
      for (int a = IRIKIT_URL_HREF; a <= IRIKIT_URL_ORIGIN; ++a) {
        std::string value;
        const int g = call_out(
            fuzz_input, out_size,
            [&](char* out, std::size_t sz, std::size_t* l) { return irikit_url_get(u, a, out, sz, l, &err); },
            &value);
        FUZZ_CHECK(g == IRIKIT_OK || g == IRIKIT_E_BUFFER_TOO_SMALL);
        if (g == IRIKIT_OK) FUZZ_CHECK(value == expected[a]);
      }
      // The URL's search list, edited with `second` split at "=", against search_params.
      irikit_search_params* p = nullptr;
      FUZZ_CHECK(irikit_search_params_of_url(u, nullptr, &p, &err) == IRIKIT_OK);
      w::search_params cxx_params = w::search_params::of(*cxx);
      const auto eq = second.find('=');
      const std::string_view key = second.substr(0, eq);
      const std::string_view value =
          eq == std::string_view::npos ? std::string_view() : second.substr(eq + 1);
      switch (flags >> 4) {
        case 0:
          FUZZ_CHECK(
              irikit_search_params_append(p, key.data(), key.size(), value.data(), value.size(), &err) == 0);
          cxx_params.append(key, value);
          break;
        case 1:
          FUZZ_CHECK(irikit_search_params_set(p, key.data(), key.size(), value.data(), value.size(), &err) ==
                     0);
          cxx_params.set(key, value);
          break;
        case 2:
          FUZZ_CHECK(irikit_search_params_delete(p, key.data(), key.size(), &err) == 0);
          cxx_params.remove(key);
          break;
        default:
          FUZZ_CHECK(irikit_search_params_sort(p, &err) == 0);
          cxx_params.sort();
          break;
      }
      std::string serialized;
      call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t sz, std::size_t* l) {
            return irikit_search_params_serialize(p, out, sz, l, &err);
          },
          &serialized);
      FUZZ_CHECK(serialized == cxx_params.to_string());
      FUZZ_CHECK(irikit_search_params_count(p) == cxx_params.size());
      FUZZ_CHECK(irikit_search_params_update_url(p, u, &err) == IRIKIT_OK);
      cxx_params.update_url(*cxx);
      FUZZ_CHECK(irikit_url_href(u, nullptr) == cxx->href());
      irikit_search_params_free(p);
      irikit_url_free(u);
      break;
    }
    case 18: {  // the URL Standard's host parser, domain to ASCII/Unicode and percent-encoding on
                // their own: function (flags >> 1) % 5, against whatwg::parse_host, domain_to_ascii,
                // domain_to_unicode, percent_encode (set `enum_value`) and percent_decode
      namespace w = irikit::whatwg;
      const std::string_view input = null_text ? std::string_view() : text;
      const unsigned option = (flags & 1u) | ((flags & 0x80u) != 0 ? 2u : 0u);  // sometimes an unknown bit
      const int function = static_cast<int>((flags >> 1) % 5);
      std::string got;
      irikit_url_host_type type = IRIKIT_URL_HOST_TYPE_NONE;
      const auto call = [&](auto&& c_call) {
        return call_out(
            fuzz_input, out_size,
            [&](char* out, std::size_t sz, std::size_t* l) { return c_call(out, sz, l); }, &got);
      };
      int rc = IRIKIT_OK;
      if (function == 0) {
        rc = call([&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_url_parse_host(t, n, option, out, sz, l, &type, &err);
        });
      } else if (function == 1) {
        rc = call([&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_url_domain_to_ascii(t, n, out, sz, l, &err);
        });
      } else if (function == 2) {
        rc = call([&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_url_domain_to_unicode(t, n, out, sz, l, &err);
        });
      } else if (function == 3) {
        rc = call([&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_url_percent_encode(t, n, enum_value, option, out, sz, l, &err);
        });
      } else {
        rc = call([&](char* out, std::size_t sz, std::size_t* l) {
          return irikit_url_percent_decode(t, n, out, sz, l, &err);
        });
      }
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      if ((function == 0 || function == 3) && option > 1) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      if (function == 3 && (enum_value < 0 || enum_value > IRIKIT_URL_ENCODE_FORM_URLENCODED)) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      if (rc == IRIKIT_E_BUFFER_TOO_SMALL) break;  // a result too long to ask for again
      if (function == 0) {
        const w::result<w::host> h = w::parse_host(input, option != 0);
        FUZZ_CHECK(h.has_value() == (rc == IRIKIT_OK));
        if (!h) {
          FUZZ_CHECK(rc == url_code(h.error()) && err.offset == h.error().offset && err.argument == 0);
        } else {
          FUZZ_CHECK(got == h->serialized && type == static_cast<int>(h->type));
          FUZZ_CHECK(std::string_view(irikit_url_host_type_name(type)) == w::host_type_name(h->type));
        }
      } else if (function == 1) {
        const w::result<std::string> a = w::domain_to_ascii(input);
        FUZZ_CHECK(a.has_value() == (rc == IRIKIT_OK));
        if (!a)
          FUZZ_CHECK(rc == url_code(a.error()) && err.offset == a.error().offset && err.argument == 0);
        else
          FUZZ_CHECK(got == *a);
      } else {
        FUZZ_CHECK(rc == IRIKIT_OK);
        if (function == 2) FUZZ_CHECK(got == w::domain_to_unicode(input));
        if (function == 3)
          FUZZ_CHECK(got == w::percent_encode(input, static_cast<w::encode_set>(enum_value), option != 0));
        if (function == 4) FUZZ_CHECK(got == w::percent_decode(input));
      }
      break;
    }
    case 19: {  // public suffix and registrable domain: ranges of the input, as the C++ functions say
      irikit_range suffix{99, 99};
      irikit_range domain{99, 99};
      int found = -1;
      const int rc = irikit_public_suffix(t, n, flags & 1u ? nullptr : &suffix, &err);
      const int rc2 = irikit_registrable_domain(t, n, &domain, flags & 2u ? nullptr : &found, &err);
      FUZZ_CHECK(documented(rc) && documented(rc2));
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT && rc2 == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      FUZZ_CHECK(rc == (flags & 1u ? IRIKIT_E_NULL_ARGUMENT : IRIKIT_OK) && rc2 == IRIKIT_OK);
      const std::string_view host = null_text ? std::string_view() : text;
      if (!(flags & 1u)) {
        const std::string_view s = irikit::public_suffix(host);
        FUZZ_CHECK(suffix.length == s.size() && suffix.offset + suffix.length <= n);
        if (!s.empty()) FUZZ_CHECK(suffix.offset == static_cast<std::size_t>(s.data() - host.data()));
      }
      const auto d = irikit::registrable_domain(host);
      FUZZ_CHECK(domain.length == (d ? d->size() : 0) && domain.offset + domain.length <= n);
      if (!(flags & 2u)) FUZZ_CHECK(found == (d ? 1 : 0));
      break;
    }
    case 20: {  // A-label decoding: the status and the text of the C++ decode_a_label
      irikit_a_label_status status = IRIKIT_A_LABEL_OK;
      std::string got;
      const int rc = call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t s, std::size_t* l) {
            return irikit_decode_a_label(t, n, flags & 1u ? nullptr : &status, out, s, l, &err);
          },
          &got);
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      if (flags & 1u) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      if (rc == IRIKIT_E_BUFFER_TOO_SMALL) break;
      const irikit::a_label_decoding d = irikit::decode_a_label(null_text ? std::string_view() : text);
      FUZZ_CHECK(rc == IRIKIT_OK && got == d.unicode && status == static_cast<int>(d.status));
      FUZZ_CHECK(irikit_a_label_status_name(status) != nullptr &&
                 irikit_a_label_status_message(status) != nullptr);
      FUZZ_CHECK((irikit_a_label_status_name(enum_value) == nullptr) ==
                 (enum_value < 0 || enum_value > IRIKIT_A_LABEL_CONTEXTJ_RULE));
      break;
    }
    case 21: {  // the host display policy: the C++ display_host's text and labels, any options
      irikit_host_display_options options = IRIKIT_HOST_DISPLAY_OPTIONS_INIT;
      options.level = enum_value;
      options.trust_tld_script = static_cast<int>(flags & 1u);
      if (flags & 4u) options.size = static_cast<std::uint32_t>(flags % 12);
      const std::size_t capacity = flags >> 4;
      std::vector<irikit_label_display> labels(capacity + 1);
      labels[capacity].reason = 12345;  // a guard after the capacity
      std::size_t count = 99;
      const bool defaults = flags & 2u;
      // Not call_out: IRIKIT_E_BUFFER_TOO_SMALL may be about the labels while the text fitted.
      std::vector<unsigned char> buffer(out_size + 16, k_guard);
      char* out = out_size == 0 ? nullptr : reinterpret_cast<char*>(buffer.data());
      std::size_t len = 12345;
      const int rc = irikit_display_host(t, n, defaults ? nullptr : &options, out, out_size, &len,
                                         labels.data(), capacity, &count, &err);
      FUZZ_CHECK(documented(rc) && labels[capacity].reason == 12345);
      for (std::size_t i = out_size; i < buffer.size(); ++i) FUZZ_CHECK(buffer[i] == k_guard);
      const bool text_fitted = len < out_size && out != nullptr && out[len] == '\0';
      const std::string got = text_fitted ? std::string(out, len) : std::string();
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      const bool bad_options = !defaults && ((flags & 4u && options.size < sizeof options) ||
                                             enum_value < 0 || enum_value > IRIKIT_RESTRICTION_UNRESTRICTED);
      if (bad_options) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      irikit::host_display_options o;
      if (!defaults) {
        o.level = static_cast<irikit::restriction_level>(enum_value);
        o.trust_tld_script = (flags & 1u) != 0;
      }
      const auto d = irikit::display_host(null_text ? std::string_view() : text, o);
      if (!d) {
        FUZZ_CHECK(rc == static_cast<int>(d.error().code) && err.offset == d.error().offset);
        break;
      }
      FUZZ_CHECK(count == d->labels.size() && len == d->shown.size());
      FUZZ_CHECK((rc == IRIKIT_OK) == (text_fitted && count <= capacity));
      if (rc != IRIKIT_OK) {
        FUZZ_CHECK(rc == IRIKIT_E_BUFFER_TOO_SMALL);
        if (out_size > 0 && !text_fitted) FUZZ_CHECK(out[0] == '\0');
      }
      if (text_fitted) FUZZ_CHECK(got == d->shown);
      for (std::size_t i = 0; i < std::min(count, capacity); ++i) {
        const irikit_label_display& l = labels[i];
        FUZZ_CHECK(l.label.offset == d->labels[i].offset && l.label.length == d->labels[i].length);
        FUZZ_CHECK(d->shown.substr(l.shown.offset, l.shown.length) == d->labels[i].shown);
        FUZZ_CHECK(l.reason == static_cast<int>(d->labels[i].reason) &&
                   l.unicode == (d->labels[i].unicode ? 1 : 0));
      }
      break;
    }
    case 22: {  // the batch functions: the lines of `all` (some NULL), against one call per text
      std::vector<std::string_view> lines;
      std::string_view rest = all;
      while (lines.size() < 64) {
        const irikit_fuzz::split_result p = irikit_fuzz::split_once(rest, '\n');
        lines.push_back(p.first);
        if (p.first.size() == rest.size()) break;
        rest = p.second;
      }
      std::vector<const char*> texts;
      std::vector<std::size_t> lengths;
      for (std::size_t k = 0; k < lines.size(); ++k) {
        const bool null_item = (flags >> (k % 8)) & 1u && lines[k].empty() == (k % 3 == 0);
        texts.push_back(null_item ? nullptr : lines[k].data());
        lengths.push_back(lines[k].size());
      }
      std::vector<irikit_error> errors(texts.size());
      std::vector<irikit_components> components(texts.size(), irikit_components IRIKIT_COMPONENTS_INIT);
      std::size_t valid = 0;
      const int rule = enum_value;
      const bool parse = flags & 0x80u;
      const int rc = parse ? irikit_parse_batch(texts.data(), lengths.data(), texts.size(), rule, 0,
                                                components.data(), errors.data(), &valid)
                           : irikit_validate_batch(texts.data(), lengths.data(), texts.size(), rule, 0,
                                                   errors.data(), &valid);
      FUZZ_CHECK(documented(rc));
      if (rule < 0 || rule > IRIKIT_RULE_LEIRI) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      FUZZ_CHECK(rc == IRIKIT_OK);
      std::size_t counted = 0;
      for (std::size_t k = 0; k < texts.size(); ++k) {
        irikit_error one{};
        irikit_components c = IRIKIT_COMPONENTS_INIT;
        const int rc1 = irikit_parse(texts[k], lengths[k], rule, 0, &c, &one);
        FUZZ_CHECK(errors[k].code == rc1 && errors[k].offset == one.offset);
        if (rc1 == IRIKIT_OK) {
          ++counted;
          if (parse) FUZZ_CHECK(std::memcmp(&c, &components[k], sizeof c) == 0);
        }
      }
      FUZZ_CHECK(valid == counted);
      break;
    }
    case 23: {  // to_iri with the display policy's options, against the C++ to_iri
      irikit_host_display_options policy = IRIKIT_HOST_DISPLAY_OPTIONS_INIT;
      policy.level = enum_value;
      policy.trust_tld_script = static_cast<int>(flags & 4u);
      const int idna = static_cast<int>(flags >> 4) % 5;
      const unsigned to_iri_flags = flags & 3u;
      const bool apply = flags & 8u;
      std::string got;
      const int rc = call_out(
          fuzz_input, out_size,
          [&](char* out, std::size_t s, std::size_t* l) {
            return irikit_to_iri_with_policy(t, n, to_iri_flags, idna, &policy, apply ? 1 : 0, out, s, l,
                                             &err);
          },
          &got);
      if (null_text && n != 0) {
        FUZZ_CHECK(rc == IRIKIT_E_NULL_ARGUMENT);
        break;
      }
      if (to_iri_flags > 1 || idna > IRIKIT_IDNA_IDNA2003 ||
          (to_iri_flags == 1 && idna == IRIKIT_IDNA_NONE) || enum_value < 0 ||
          enum_value > IRIKIT_RESTRICTION_UNRESTRICTED) {
        FUZZ_CHECK(rc == IRIKIT_E_INVALID_ARGUMENT);
        break;
      }
      if (rc == IRIKIT_E_BUFFER_TOO_SMALL) break;
      irikit::to_iri_options o;
      o.idna_to_unicode = to_iri_flags == 1;
      if (idna != IRIKIT_IDNA_NONE) o.idna = static_cast<irikit::idna_mode>(idna);
      o.display_policy.level = static_cast<irikit::restriction_level>(enum_value);
      o.display_policy.trust_tld_script = (flags & 4u) != 0;
      o.apply_display_policy = apply;
      const auto cxx = irikit::to_iri(null_text ? std::string_view() : text, o);
      FUZZ_CHECK(cxx.has_value() == (rc == IRIKIT_OK));
      if (cxx)
        FUZZ_CHECK(got == *cxx);
      else
        FUZZ_CHECK(rc == static_cast<int>(cxx.error().code) && err.offset == cxx.error().offset);
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
