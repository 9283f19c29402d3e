// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface under stress: every function from several threads at once (irikit_c.h says all
// are thread-safe), and memory exhaustion inside the C++ library, which must come back as
// IRIKIT_E_OUT_OF_MEMORY and never as an exception or a crash.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "irikit/irikit_c.h"

namespace {

// operator new fails with std::bad_alloc once `g_allocations_left` reaches zero (when armed).
std::atomic<bool> g_armed{false};
std::atomic<long> g_allocations_left{0};
// The allocation budget of each C call while the memory test runs; negative: unlimited.
std::atomic<long> g_budget{-1};

// Runs one C call, with operator new armed only around it (the test's own strings are not limited).
template <class F>
int c_call(F&& f) {
  if (g_budget >= 0) {
    g_allocations_left = g_budget.load();
    g_armed = true;
  }
  const int rc = f();
  g_armed = false;
  return rc;
}

}  // namespace

void* operator new(std::size_t size) {
  if (g_armed.load(std::memory_order_relaxed) &&
      g_allocations_left.fetch_sub(1, std::memory_order_relaxed) <= 0)
    throw std::bad_alloc();
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
// The nothrow form fails by returning null (std::stable_sort's buffer uses it, then sorts in place).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (g_armed.load(std::memory_order_relaxed) &&
      g_allocations_left.fetch_sub(1, std::memory_order_relaxed) <= 0)
    return nullptr;
  return std::malloc(size == 0 ? 1 : size);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

// Each call returns "code|output" so that runs can be compared.
using call = std::function<std::string()>;

std::string with_buffer(const std::function<int(char*, std::size_t, std::size_t*)>& f) {
  char out[1024];
  std::size_t len = 0;
  const int rc = c_call([&] { return f(out, sizeof out, &len); });
  return std::to_string(rc) + "|" + (rc == IRIKIT_OK ? std::string(out, len) : std::string());
}

std::vector<std::pair<std::string, call>> every_function() {
  static const char* iri = "http://résumé.example.org/red%09rosé?q=é#red";
  static const char* base = "http://a/b/c/d;p?q";
  static const char* hebrew = "http://ab.cd.ef/גד1/2וז/כל.html";
  const std::size_t n = std::strlen(iri);
  std::vector<std::pair<std::string, call>> calls;
  auto add = [&](std::string name, call c) { calls.emplace_back(std::move(name), std::move(c)); };
  add("validate", [=] {
    return std::to_string(c_call([=] { return irikit_validate(iri, n, IRIKIT_RULE_IRI, 0, nullptr); }));
  });
  add("parse", [=] {
    irikit_components c = IRIKIT_COMPONENTS_INIT;
    const int rc = c_call([&] { return irikit_parse(iri, n, IRIKIT_RULE_IRI, 0, &c, nullptr); });
    return std::to_string(rc) + "|" + std::to_string(c.host.offset) + "," + std::to_string(c.query.length);
  });
  add("error_message", [=] {
    irikit_error e{};
    (void)irikit_validate("a b", 3, IRIKIT_RULE_IRI_REFERENCE, 0, &e);
    return with_buffer([&](char* o, std::size_t s, std::size_t* l) {
      return irikit_error_message(&e, "a b", 3, IRIKIT_RULE_IRI_REFERENCE, o, s, l);
    });
  });
  add("validate_utf8",
      [=] { return std::to_string(c_call([=] { return irikit_validate_utf8(iri, n, nullptr); })); });
  add("utf16", [] {
    const std::uint16_t t[] = {'a', 0x4F8B, 0xD83D, 0xDE00, 0x4F8B, 0x4F8B, 0x4F8B, 0x4F8B, 0x4F8B};
    return with_buffer(
        [&](char* o, std::size_t s, std::size_t* l) { return irikit_utf16_to_utf8(t, 9, o, s, l, nullptr); });
  });
  add("utf32", [] {
    const std::uint32_t t[] = {'a', 0x4F8B, 0x1F600, 0x1F600, 0x1F600, 0x1F600, 0x1F600};
    return with_buffer(
        [&](char* o, std::size_t s, std::size_t* l) { return irikit_utf32_to_utf8(t, 7, o, s, l, nullptr); });
  });
  add("from_charset", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      // Longer than any std::string's inline buffer, so that the decoded text is allocated.
      static const char text[] = "r\xE9sum\xE9 r\xE9sum\xE9 r\xE9sum\xE9 r\xE9sum\xE9 r\xE9sum\xE9";
      return irikit_from_charset(text, sizeof text - 1, "ISO-8859-1", o, s, l, nullptr);
    });
  });
  add("host_to_ascii", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_host_to_ascii("Bücher.例え.jp", 16, IRIKIT_IDNA_UTS46, 0, o, s, l, nullptr);
    });
  });
  add("host_to_unicode", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_host_to_unicode("xn--rsum-bpad.example.org", 25, IRIKIT_IDNA_UTS46, 0, o, s, l, nullptr);
    });
  });
  add("to_uri", [=] {
    irikit_to_uri_options opt;
    irikit_to_uri_options_init(&opt);
    opt.idna = IRIKIT_IDNA_UTS46;
    opt.query_charset = "windows-1252";
    return with_buffer([&](char* o, std::size_t s, std::size_t* l) {
      return irikit_to_uri(iri, n, &opt, o, s, l, nullptr);
    });
  });
  add("to_iri", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_to_iri("http://xn--rsum-bpad.example.org/D%C3%BCrst", 43, IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                           IRIKIT_IDNA_UTS46, o, s, l, nullptr);
    });
  });
  add("leiri_to_iri", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_leiri_to_iri("http://example.org/b c", 22, o, s, l, nullptr);
    });
  });
  add("interpret_candidates", [] {
    const char* charsets[] = {"ISO-8859-1", "Shift_JIS"};
    irikit_string_list* list = nullptr;
    const int rc =
        c_call([&] { return irikit_interpret_candidates("/r%E9sum%E9", 11, charsets, 2, nullptr, &list); });
    std::string r = std::to_string(rc);
    for (std::size_t i = 0; i < irikit_string_list_count(list); ++i)
      r += "|" + std::string(irikit_string_list_get(list, i, nullptr));
    irikit_string_list_free(list);
    return r;
  });
  add("resolve", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_resolve(base, std::strlen(base), "../g?y#s", 8, 0, o, s, l, nullptr);
    });
  });
  add("relativize", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_relativize(base, std::strlen(base), "http://a/b/g?y#s", 16, o, s, l, nullptr);
    });
  });
  add("remove_dot_segments", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_remove_dot_segments("/aaaa/bbbb/../cccc/./dddd/eeee", 30, 0, o, s, l, nullptr);
    });
  });
  add("normalize", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_normalize("HTTP://xn--rsum-bpad.example.org:80/a/../%7e", 44, IRIKIT_LEVEL_SCHEME,
                              IRIKIT_NORMALIZE_NFC, o, s, l, nullptr);
    });
  });
  add("equivalent", [] {
    int eq = -1;
    const int rc = c_call([&] {
      return irikit_equivalent("http://example.com", 18, "http://example.com:80/", 22, IRIKIT_LEVEL_SCHEME, 0,
                               &eq, nullptr);
    });
    return std::to_string(rc) + "|" + std::to_string(eq);
  });
  add("lint", [] {
    irikit_lint_result* r = nullptr;
    const int rc =
        c_call([&] { return irikit_lint("http://раураl.com/%c3%a9", 29, nullptr, nullptr, &r, nullptr); });
    std::string s = std::to_string(rc);
    for (std::size_t i = 0; i < irikit_lint_result_count(r); ++i) {
      irikit_lint_finding f = IRIKIT_LINT_FINDING_INIT;
      irikit_lint_result_get(r, i, &f);
      s += "|" + std::string(f.rule) + ":" + f.message;
    }
    irikit_lint_result_free(r);
    return s;
  });
  add("lint_rules", [] {
    irikit_lint_rule rule = IRIKIT_LINT_RULE_INIT;
    std::string s = std::to_string(irikit_lint_rule_count());
    for (std::size_t i = 0; i < irikit_lint_rule_count(); ++i) {
      irikit_lint_rule_get(i, &rule);
      s += std::string("|") + rule.id;
    }
    return s + "|" + std::to_string(c_call([] { return irikit_lint_rules_markdown(nullptr, 0, nullptr); }));
  });
  add("visual_order", [] {
    return with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_visual_order(hebrew, std::strlen(hebrew), o, s, l, nullptr);
    });
  });
  add("display_text", [] {
    int needed = -1;
    const int rc = c_call([&] {
      return irikit_needs_embedding(hebrew, std::strlen(hebrew), IRIKIT_DIRECTION_ANY, &needed, nullptr);
    });
    return std::to_string(rc) + std::to_string(needed) +
           with_buffer([](char* o, std::size_t s, std::size_t* l) {
             return irikit_display_text(hebrew, std::strlen(hebrew), IRIKIT_DIRECTION_RTL,
                                        IRIKIT_EMBEDDING_LRI, o, s, l, nullptr);
           });
  });
  add("bidi_structure", [] {
    irikit_bidi_violation v[4];
    std::size_t count = 0;
    const int rc = c_call(
        [&] { return irikit_check_bidi_structure(hebrew, std::strlen(hebrew), v, 4, &count, nullptr); });
    return std::to_string(rc) + "|" + std::to_string(count) + "|" + std::to_string(v[0].component.offset);
  });
  add("extract", [] {
    const char* text = "see https://例え.jp/パス, <http://a/b c> and www.example.org.";
    irikit_extracted found[4];
    std::size_t count = 0;
    const int rc = c_call([&] {
      return irikit_extract(text, std::strlen(text), IRIKIT_EXTRACT_WWW, found, 4, &count, nullptr);
    });
    return std::to_string(rc) + "|" + std::to_string(count) + "|" + std::to_string(found[2].span.offset);
  });
  // The builder: each call makes its own (builders are used by one thread at a time), edits it
  // through every function and reads it back.
  add("builder", [] {
    static const char* k_start = "http://résumé.example.org/a/b?x=1";
    irikit_builder* b = nullptr;
    std::string r = std::to_string(c_call([&] {
      return irikit_builder_new(k_start, std::strlen(k_start), IRIKIT_RULE_IRI, nullptr, &b, nullptr);
    }));
    if (b == nullptr) return r;
    const auto step = [&](auto&& f) { r += "|" + std::to_string(c_call([&] { return f(b); })); };
    step([](irikit_builder* x) {
      return irikit_builder_set(x, IRIKIT_COMPONENT_HOST, "例え.jp", std::strlen("例え.jp"), nullptr);
    });
    step([](irikit_builder* x) {
      return irikit_builder_set(x, IRIKIT_COMPONENT_USERINFO, "u s", 3, nullptr);
    });
    step([](irikit_builder* x) {
      return irikit_builder_set_encoded(x, IRIKIT_COMPONENT_PATH, "/p/q", 4, nullptr);
    });
    step([](irikit_builder* x) { return irikit_builder_set_port_number(x, 8080, nullptr); });
    step([](irikit_builder* x) {
      return irikit_builder_set(x, IRIKIT_COMPONENT_FRAGMENT, "章 1", std::strlen("章 1"), nullptr);
    });
    step([](irikit_builder* x) { return irikit_builder_segment_push_back(x, "c d", 3, nullptr); });
    step([](irikit_builder* x) { return irikit_builder_segment_insert(x, 0, "..", 2, nullptr); });
    step([](irikit_builder* x) { return irikit_builder_segment_replace(x, 1, "r/s", 3, nullptr); });
    step([](irikit_builder* x) { return irikit_builder_segment_erase(x, 2, nullptr); });
    step([](irikit_builder* x) { return irikit_builder_remove_dot_segments(x, nullptr); });
    step([](irikit_builder* x) {
      return irikit_builder_param_append(x, IRIKIT_QUERY_FORM, "k", 1, "a b", 3, nullptr);
    });
    step([](irikit_builder* x) {
      return irikit_builder_param_append_key(x, IRIKIT_QUERY_RFC3986, "f", 1, nullptr);
    });
    step([](irikit_builder* x) {
      return irikit_builder_param_set(x, IRIKIT_QUERY_RFC3986, "x", 1, "&", 1, nullptr);
    });
    step([](irikit_builder* x) { return irikit_builder_param_sort(x, IRIKIT_QUERY_RFC3986, nullptr); });
    step([](irikit_builder* x) {
      return irikit_builder_param_erase(x, IRIKIT_QUERY_FORM, "f", 1, nullptr, nullptr);
    });
    step([](irikit_builder* x) { return irikit_builder_param_erase_at(x, 0, nullptr); });
    step([](irikit_builder* x) { return irikit_builder_remove(x, IRIKIT_COMPONENT_PORT, nullptr); });
    step([](irikit_builder* x) {
      return irikit_builder_set(x, IRIKIT_COMPONENT_SCHEME, "https", 5, nullptr);
    });
    char key[64], value[64];
    std::size_t index = 0;
    step([&](const irikit_builder* x) {
      return irikit_builder_param_get(x, IRIKIT_QUERY_FORM, 0, key, sizeof key, nullptr, value, sizeof value,
                                      nullptr, nullptr, nullptr);
    });
    step([&](const irikit_builder* x) { return irikit_builder_param_find(x, 0, "k", 1, &index, nullptr); });
    step([&](const irikit_builder* x) {
      return irikit_builder_segment_get(x, 0, value, sizeof value, nullptr, nullptr);
    });
    irikit_components c = IRIKIT_COMPONENTS_INIT;
    (void)irikit_builder_components(b, &c);
    r += "|" + std::string(irikit_builder_text(b, nullptr)) + "|" + std::to_string(c.host.offset) +
         std::to_string(irikit_builder_segment_count(b)) + std::to_string(irikit_builder_param_count(b)) +
         std::to_string(index);
    irikit_builder_free(b);
    return r;
  });
  // The WHATWG URL Standard: each call makes its own URL (a URL is edited by one thread at a time),
  // runs every function on it and reads it back.
  add("url", [] {
    static const char* k_input = "HTTPS://Bücher.example:443/a/./b/../c d?q=1 2&p=é#f";
    irikit_url* base_url = nullptr;
    irikit_url* u = nullptr;
    std::string r = std::to_string(c_call([&] {
      return irikit_url_parse_with_base("../x", 4, "http://h/a/b", 12, IRIKIT_URL_NOTES, nullptr, &base_url,
                                        nullptr);
    }));
    r += "|" + std::to_string(c_call([&] {
           return irikit_url_parse(k_input, std::strlen(k_input), base_url, "windows-1252", IRIKIT_URL_NOTES,
                                   nullptr, &u, nullptr);
         }));
    if (base_url == nullptr || u == nullptr) {
      irikit_url_free(base_url);
      return r;
    }
    int yes = -1;
    r += "|" + std::to_string(c_call([&] { return irikit_url_can_parse("y", 1, base_url, &yes, nullptr); }));
    r += std::to_string(
        c_call([&] { return irikit_url_can_parse_with_base("y", 1, "a:b", 3, &yes, nullptr); }));
    r += std::to_string(yes);
    const auto set = [&](int attribute, const char* value) {
      r += "|" + std::to_string(c_call(
                     [&] { return irikit_url_set(u, attribute, value, std::strlen(value), nullptr); }));
    };
    set(IRIKIT_URL_PROTOCOL, "wss");
    set(IRIKIT_URL_USERNAME, "a b");
    set(IRIKIT_URL_PASSWORD, "p@ss");
    set(IRIKIT_URL_HOST, "例え.jp:8443");
    set(IRIKIT_URL_HOSTNAME, "0x7f.1");
    set(IRIKIT_URL_PORT, "99999");
    set(IRIKIT_URL_PATHNAME, "/x\\y z");
    set(IRIKIT_URL_SEARCH, "?k=v w");
    set(IRIKIT_URL_HASH, "frag ment");
    irikit_url_validation notes[8];
    std::size_t count = 0;
    r += "|" + std::to_string(c_call([&] { return irikit_url_notes(u, notes, 8, &count, nullptr); })) +
         std::to_string(count);
    for (int a = IRIKIT_URL_HREF; a <= IRIKIT_URL_ORIGIN; ++a) {
      r += with_buffer(
          [&](char* o, std::size_t s, std::size_t* l) { return irikit_url_get(u, a, o, s, l, nullptr); });
    }
    r += with_buffer(
        [&](char* o, std::size_t s, std::size_t* l) { return irikit_url_to_rfc3986(u, o, s, l, nullptr); });
    r += with_buffer(
        [&](char* o, std::size_t s, std::size_t* l) { return irikit_url_to_iri(u, o, s, l, nullptr); });
    irikit_url* copy = nullptr;
    r += "|" + std::to_string(c_call([&] { return irikit_url_clone(u, nullptr, &copy, nullptr); }));
    set(IRIKIT_URL_HREF, "http://例え.jp/パス");
    r += "|" + std::string(irikit_url_href(u, nullptr)) + "|" + (copy ? irikit_url_href(copy, nullptr) : "");
    irikit_url_free(copy);
    irikit_url* from = nullptr;
    static const char* k_iri = "http://例え.jp/パス?q=値";
    r += "|" + std::to_string(c_call([&] {
           return irikit_url_from_iri(k_iri, std::strlen(k_iri), 0, nullptr, &from, nullptr);
         }));
    if (from) r += irikit_url_href(from, nullptr);
    irikit_url_free(from);
    irikit_url_free(u);
    irikit_url_free(base_url);
    return r;
  });
  add("search_params", [] {
    irikit_url* u = nullptr;
    irikit_search_params* p = nullptr;
    std::string r = std::to_string(c_call([&] {
      return irikit_url_parse("https://example.com/?b=2&a=1&c=%E2%82%AC", 40, nullptr, nullptr, 0, nullptr,
                              &u, nullptr);
    }));
    if (u == nullptr) return r;
    r += "|" + std::to_string(c_call([&] { return irikit_search_params_of_url(u, nullptr, &p, nullptr); }));
    if (p == nullptr) {
      irikit_url_free(u);
      return r;
    }
    const auto step = [&](auto&& f) { r += "|" + std::to_string(c_call([&] { return f(p); })); };
    step([](irikit_search_params* x) {
      return irikit_search_params_append(x, "name", 4, "a&b c", 5, nullptr);
    });
    step([](irikit_search_params* x) { return irikit_search_params_append(x, "a", 1, "3", 1, nullptr); });
    step([](irikit_search_params* x) { return irikit_search_params_set(x, "b", 1, "€", 3, nullptr); });
    step([](irikit_search_params* x) { return irikit_search_params_sort(x, nullptr); });
    step([](irikit_search_params* x) {
      return irikit_search_params_delete_value(x, "a", 1, "1", 1, nullptr);
    });
    step([](irikit_search_params* x) { return irikit_search_params_delete(x, "zz", 2, nullptr); });
    int found = -1;
    step([&](const irikit_search_params* x) { return irikit_search_params_has(x, "c", 1, &found, nullptr); });
    step([&](const irikit_search_params* x) {
      return irikit_search_params_has_value(x, "a", 1, "3", 1, &found, nullptr);
    });
    const char* value = nullptr;
    step([&](const irikit_search_params* x) {
      return irikit_search_params_get(x, "c", 1, &value, nullptr, nullptr);
    });
    irikit_string_list* all = nullptr;
    step([&](const irikit_search_params* x) {
      return irikit_search_params_get_all(x, "a", 1, nullptr, &all, nullptr);
    });
    r += std::to_string(irikit_string_list_count(all));
    irikit_string_list_free(all);
    const char *first_name = nullptr, *first_value = nullptr;
    step([&](const irikit_search_params* x) {
      return irikit_search_params_at(x, 0, &first_name, nullptr, &first_value, nullptr);
    });
    r += std::string(first_name ? first_name : "") + "=" + (first_value ? first_value : "") +
         (value ? value : "") + std::to_string(found) + std::to_string(irikit_search_params_count(p));
    r += with_buffer([&](char* o, std::size_t s, std::size_t* l) {
      return irikit_search_params_serialize(p, o, s, l, nullptr);
    });
    step([&](const irikit_search_params* x) { return irikit_search_params_update_url(x, u, nullptr); });
    r += std::string("|") + irikit_url_href(u, nullptr);
    irikit_search_params_free(p);
    irikit_search_params* q = nullptr;
    r += "|" + std::to_string(
                   c_call([&] { return irikit_search_params_new("?x=1+2&y", 8, nullptr, &q, nullptr); }));
    r += std::to_string(irikit_search_params_count(q));
    irikit_search_params_free(q);
    irikit_url_free(u);
    return r;
  });
  add("compare_specs", [] {
    irikit_spec_comparison* c = nullptr;
    static const char* k_text = "https:\\\\0x7F.1\\a b";
    const int rc =
        c_call([&] { return irikit_compare_specs(k_text, std::strlen(k_text), nullptr, &c, nullptr); });
    std::string r = std::to_string(rc);
    if (c == nullptr) return r;
    irikit_spec_report report = IRIKIT_SPEC_REPORT_INIT;
    r += "|" + std::to_string(irikit_spec_comparison_report(c, &report));  // before its fields are read
    r += std::string(report.whatwg) + "|" + std::to_string(report.rfc3987_error.code) + "," +
         std::to_string(report.note_count);
    for (std::size_t i = 0; i < report.difference_count; ++i) {
      irikit_spec_difference d = IRIKIT_SPEC_DIFFERENCE_INIT;
      (void)irikit_spec_comparison_difference(c, i, &d);
      r += std::string("|") + d.what + ":" + d.rfc3987 + ":" + d.whatwg;
    }
    irikit_url_validation note{};
    (void)irikit_spec_comparison_note(c, 0, &note);
    r += "|" + std::to_string(note.code) + "@" + std::to_string(note.offset);
    irikit_spec_comparison_free(c);
    return r;
  });
  add("url_hosts_and_percent", [] {
    irikit_url_host_type type = IRIKIT_URL_HOST_TYPE_NONE;
    std::string r = with_buffer([&](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_parse_host("Bücher.Example", 15, 0, o, s, l, &type, nullptr);
    });
    r += std::to_string(type);
    r += with_buffer([&](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_parse_host("0x7f.1", 6, 0, o, s, l, &type, nullptr);
    });
    r += with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_domain_to_ascii("例え.jp", 9, o, s, l, nullptr);
    });
    r += with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_domain_to_unicode("xn--r8jz45g.jp", 14, o, s, l, nullptr);
    });
    r += with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_percent_encode("a b#cé", 7, IRIKIT_URL_ENCODE_FORM_URLENCODED,
                                       IRIKIT_URL_SPACE_AS_PLUS, o, s, l, nullptr);
    });
    r += with_buffer([](char* o, std::size_t s, std::size_t* l) {
      return irikit_url_percent_decode("%41%zz%C3%A9", 12, o, s, l, nullptr);
    });
    return r;
  });
  add("versions", [] {
    return std::string(irikit_version()) + irikit_unicode_version() + irikit_unicode_backend_version() +
           std::to_string(irikit_c_api_version()) + irikit_code_name(IRIKIT_E_INTERNAL) +
           irikit_rule_name(2) + irikit_host_kind_name(1) + irikit_idna_mode_name(3) + irikit_level_name(1) +
           irikit_severity_name(2) + irikit_bidi_component_name(3) + irikit_extracted_form_name(1) +
           irikit_component_name(IRIKIT_COMPONENT_FRAGMENT) + irikit_code_name(IRIKIT_E_URL_PORT_INVALID) +
           irikit_url_attribute_name(IRIKIT_URL_ORIGIN) +
           irikit_url_host_type_name(IRIKIT_URL_HOST_TYPE_IPV6);
  });
  return calls;
}

TEST(CApiThreads, EveryFunctionGivesTheSameResultsFromFourThreadsAtOnce) {
  const auto calls = every_function();
  std::vector<std::string> expected;
  for (const auto& [name, c] : calls) expected.push_back(c());
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round) {
        for (std::size_t i = 0; i < calls.size(); ++i) {
          const std::size_t k =
              (i + static_cast<std::size_t>(t) * 7 + static_cast<std::size_t>(round)) % calls.size();
          if (calls[k].second() != expected[k]) ++mismatches;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(CApiThreads, TheCallsSucceed) {
  // The calls of the thread test are meaningful: each succeeds (code 0 first), so a thread race
  // that turned results into errors would show.
  for (const auto& [name, c] : every_function()) {
    if (name == "versions" || name == "lint_rules") continue;
    EXPECT_EQ(c().substr(0, 1), "0") << name << ": " << c();
  }
}

TEST(CApiMemory, BadAllocInsideEveryFunctionBecomesOutOfMemory) {
  for (const auto& [name, c] : every_function()) {
    const std::string expected = c();
    int failures_seen = 0;
    for (long budget = 0; budget < 400; ++budget) {
      // A thread of its own each time: the per-thread scratch buffer of to_uri, to_iri and resolve
      // starts empty, so their allocations are exercised too.
      std::string got;
      std::thread([&] {
        g_budget = budget;
        got = c();
        g_budget = -1;
      }).join();
      if (got == expected) break;  // enough memory for the whole call
      ++failures_seen;
      // Anything else must be the out-of-memory code somewhere in the call's result.
      EXPECT_NE(got.find(std::to_string(IRIKIT_E_OUT_OF_MEMORY)), std::string::npos)
          << name << " budget " << budget;
    }
    if (name == "validate" || name == "parse" || name == "validate_utf8" || name == "versions")
      continue;  // no allocation
    EXPECT_GT(failures_seen, 0) << name << " never allocated: the test did not exercise it";
  }
}

// Every edit of a builder, with each allocation budget in turn: the call either succeeds with the
// expected text or fails with IRIKIT_E_OUT_OF_MEMORY and leaves the text exactly as it was.
TEST(CApiMemory, AnEditThatRunsOutOfMemoryLeavesTheBuilderUnchanged) {
  using edit = std::function<int(irikit_builder*)>;
  static const std::string k_long(200, 'a');  // longer than the text's capacity: the edit allocates
  const std::vector<std::pair<std::string, edit>> edits = {
      {"set scheme",
       [](irikit_builder* b) { return irikit_builder_set(b, IRIKIT_COMPONENT_SCHEME, "https", 5, nullptr); }},
      {"set userinfo",
       [](irikit_builder* b) { return irikit_builder_set(b, IRIKIT_COMPONENT_USERINFO, "u s", 3, nullptr); }},
      {"set host",
       [](irikit_builder* b) {
         return irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "例え.jp", std::strlen("例え.jp"), nullptr);
       }},
      {"set host ipv6",
       [](irikit_builder* b) { return irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "::1", 3, nullptr); }},
      {"set port", [](irikit_builder* b) { return irikit_builder_set_port_number(b, 8080, nullptr); }},
      {"set path",
       [](irikit_builder* b) { return irikit_builder_set(b, IRIKIT_COMPONENT_PATH, "/a b/c", 6, nullptr); }},
      {"set query",
       [](irikit_builder* b) {
         return irikit_builder_set(b, IRIKIT_COMPONENT_QUERY, "q=a b c d e f g h", 17, nullptr);
       }},
      {"set encoded query",
       [](irikit_builder* b) {
         return irikit_builder_set_encoded(b, IRIKIT_COMPONENT_QUERY, k_long.data(), k_long.size(), nullptr);
       }},
      {"set fragment",
       [](irikit_builder* b) {
         return irikit_builder_set(b, IRIKIT_COMPONENT_FRAGMENT, "fragment with spaces in it", 26, nullptr);
       }},
      {"set encoded fragment",
       [](irikit_builder* b) {
         return irikit_builder_set_encoded(b, IRIKIT_COMPONENT_FRAGMENT, k_long.data(), k_long.size(),
                                           nullptr);
       }},
      {"remove scheme",
       [](irikit_builder* b) { return irikit_builder_remove(b, IRIKIT_COMPONENT_SCHEME, nullptr); }},
      {"remove authority",
       [](irikit_builder* b) { return irikit_builder_remove(b, IRIKIT_COMPONENT_AUTHORITY, nullptr); }},
      {"remove query",
       [](irikit_builder* b) { return irikit_builder_remove(b, IRIKIT_COMPONENT_QUERY, nullptr); }},
      {"remove dot segments",
       [](irikit_builder* b) { return irikit_builder_remove_dot_segments(b, nullptr); }},
      {"segment push_back",
       [](irikit_builder* b) { return irikit_builder_segment_push_back(b, "new segment", 11, nullptr); }},
      {"segment insert",
       [](irikit_builder* b) { return irikit_builder_segment_insert(b, 1, "x", 1, nullptr); }},
      {"segment replace",
       [](irikit_builder* b) { return irikit_builder_segment_replace(b, 0, "y/z", 3, nullptr); }},
      {"segment erase", [](irikit_builder* b) { return irikit_builder_segment_erase(b, 1, nullptr); }},
      {"param append",
       [](irikit_builder* b) {
         return irikit_builder_param_append(b, IRIKIT_QUERY_FORM, "key", 3, "a value", 7, nullptr);
       }},
      {"param append key",
       [](irikit_builder* b) {
         return irikit_builder_param_append_key(b, IRIKIT_QUERY_RFC3986, "flag", 4, nullptr);
       }},
      {"param set",
       [](irikit_builder* b) {
         return irikit_builder_param_set(b, IRIKIT_QUERY_RFC3986, "a", 1, "new", 3, nullptr);
       }},
      {"param erase",
       [](irikit_builder* b) {
         return irikit_builder_param_erase(b, IRIKIT_QUERY_RFC3986, "a", 1, nullptr, nullptr);
       }},
      {"param erase at", [](irikit_builder* b) { return irikit_builder_param_erase_at(b, 1, nullptr); }},
      {"param sort",
       [](irikit_builder* b) { return irikit_builder_param_sort(b, IRIKIT_QUERY_RFC3986, nullptr); }},
  };
  const std::string start = "http://user@example.org:80/p/./q/../r?z=1&a=2&a=3&long_enough_for_the_heap=1#f";
  for (const auto& [name, e] : edits) {
    irikit_builder* reference = nullptr;
    ASSERT_EQ(irikit_builder_new(start.data(), start.size(), IRIKIT_RULE_IRI, nullptr, &reference, nullptr),
              IRIKIT_OK);
    ASSERT_EQ(e(reference), IRIKIT_OK) << name;
    const std::string expected = irikit_builder_text(reference, nullptr);
    irikit_builder_free(reference);
    bool succeeded = false;
    int failures_seen = 0;
    for (long budget = 0; budget < 100 && !succeeded; ++budget) {
      irikit_builder* b = nullptr;
      ASSERT_EQ(irikit_builder_new(start.data(), start.size(), IRIKIT_RULE_IRI, nullptr, &b, nullptr),
                IRIKIT_OK);
      g_budget = budget;
      const int rc = c_call([&] { return e(b); });
      g_budget = -1;
      const std::string after = irikit_builder_text(b, nullptr);
      irikit_builder_free(b);
      if (rc == IRIKIT_OK) {
        EXPECT_EQ(after, expected) << name << " budget " << budget;
        succeeded = true;
      } else {
        ++failures_seen;
        EXPECT_EQ(rc, IRIKIT_E_OUT_OF_MEMORY) << name << " budget " << budget;
        EXPECT_EQ(after, start) << name << " budget " << budget;
      }
    }
    EXPECT_TRUE(succeeded) << name;
    // Removals that only shorten the text in place may need no memory at all.
    if (name != "remove query") {
      EXPECT_GT(failures_seen, 0) << name << " never allocated";
    }
  }
}

// Every setter of a URL, with each allocation budget in turn: the call either gives what it gives
// with enough memory (success or the Standard's failure, and the same href) or fails with
// IRIKIT_E_OUT_OF_MEMORY and leaves the href exactly as it was (irikit_url_set's promise). The
// setters edit the href in place: a short value that fits the href's spare room may need no memory
// at all (`in_place`); the other values are long enough to need some.
TEST(CApiMemory, ASetterThatRunsOutOfMemoryLeavesTheUrlUnchanged) {
  const std::vector<std::pair<int, std::string>> sets = {
      {IRIKIT_URL_HREF, "https://例え.jp/a b?c#d"},
      {IRIKIT_URL_PROTOCOL, "wss"},
      {IRIKIT_URL_USERNAME, "user name"},
      {IRIKIT_URL_PASSWORD, "pass word"},
      {IRIKIT_URL_HOST, "Bücher.de:8443"},
      {IRIKIT_URL_HOST, "other.org:x"},  // fails at the port after setting the host
      {IRIKIT_URL_HOSTNAME, "[::1]"},
      {IRIKIT_URL_PORT, "8443"},
      {IRIKIT_URL_PATHNAME, "/a b/../c\\d"},
      {IRIKIT_URL_PATHNAME, "/a longer path/../with several segments"},
      {IRIKIT_URL_SEARCH, "?q=a b"},
      {IRIKIT_URL_SEARCH, "?q=a longer query&with=several values"},
      {IRIKIT_URL_HASH, "frag ment"},
      {IRIKIT_URL_HASH, "a fragment longer than the href's spare room"},
  };
  const std::set<std::string> in_place = {"protocol wss", "host other.org:x",      "hostname [::1]",
                                          "port 8443",    "pathname /a b/../c\\d", "search ?q=a b"};
  const std::string start = "http://user@example.org:8080/p/q?z=1&a=2#f";
  for (const bool notes : {false, true}) {
    const unsigned flags = notes ? IRIKIT_URL_NOTES : 0;
    for (const auto& [attribute, value] : sets) {
      const std::string name = std::string(irikit_url_attribute_name(attribute)) + " " + value;
      irikit_url* reference = nullptr;
      ASSERT_EQ(
          irikit_url_parse(start.data(), start.size(), nullptr, nullptr, flags, nullptr, &reference, nullptr),
          IRIKIT_OK);
      const int expected_rc = irikit_url_set(reference, attribute, value.data(), value.size(), nullptr);
      const std::string expected = irikit_url_href(reference, nullptr);
      irikit_url_free(reference);
      bool done = false;
      int failures_seen = 0;
      for (long budget = 0; budget < 200 && !done; ++budget) {
        irikit_url* u = nullptr;
        ASSERT_EQ(irikit_url_parse(start.data(), start.size(), nullptr, nullptr, flags, nullptr, &u, nullptr),
                  IRIKIT_OK);
        g_budget = budget;
        const int rc =
            c_call([&] { return irikit_url_set(u, attribute, value.data(), value.size(), nullptr); });
        g_budget = -1;
        const std::string after = irikit_url_href(u, nullptr);
        irikit_url_free(u);
        if (rc == IRIKIT_E_OUT_OF_MEMORY) {
          ++failures_seen;
          EXPECT_EQ(after, start) << name << " budget " << budget;
        } else {
          EXPECT_EQ(rc, expected_rc) << name << " budget " << budget;
          EXPECT_EQ(after, expected) << name << " budget " << budget;
          done = true;
        }
      }
      EXPECT_TRUE(done) << name;
      if (!in_place.contains(name)) {
        EXPECT_GT(failures_seen, 0) << name << " never allocated";
      }
    }
  }
}

TEST(CApiMemory, OutOfMemoryIsReportedInTheErrorStruct) {
  irikit_error err{};
  char out[256];
  std::size_t len = 0;
  int rc = -1;
  std::thread([&] {  // a fresh thread: its scratch buffer must be allocated
    g_budget = 0;
    rc = c_call([&] {
      return irikit_to_uri("http://résumé.example.org/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 66, nullptr,
                           out, sizeof out, &len, &err);
    });
    g_budget = -1;
  })
      .join();
  EXPECT_EQ(rc, IRIKIT_E_OUT_OF_MEMORY);
  EXPECT_EQ(err.code, IRIKIT_E_OUT_OF_MEMORY);
  EXPECT_STREQ(irikit_code_name(err.code), "out-of-memory");
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
