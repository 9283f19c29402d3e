// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: the WHATWG URL Standard (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

namespace w = irikit::whatwg;

// The opaque objects: each block from the caller's allocator (or malloc), the C++ value inside.
struct irikit_url {
  memory mem;
  w::url value;
  bool keep_notes;                   // parsed with IRIKIT_URL_NOTES
  std::vector<w::validation> notes;  // of the last parse or set call
};

struct irikit_search_params {
  memory mem;
  w::search_params value;
};

struct irikit_spec_comparison {
  memory mem;
  w::spec_comparison value;
};

namespace {

using irikit::c_api::fail;  // beside the overload for the Standard's errors

int fail(irikit_error* err, const w::url_error& e, std::uint32_t argument = 0) {
  return fail(err, code_of(e.error), e.offset, argument);
}

irikit_url_validation note_of(const w::validation& v) {
  return irikit_url_validation{code_of(v.error), v.offset};
}

// Constructs a `T` {mem, args…} in a block from `mem`; nullptr when the allocator fails. The block
// is released when the constructor throws.
template <class T, class... Args>
T* make_object(const memory& mem, Args&&... args) {
  void* raw = mem.allocate(sizeof(T));
  if (raw == nullptr) return nullptr;
  try {
    return new (raw) T{mem, std::forward<Args>(args)...};
  } catch (...) {
    mem.release(raw);
    throw;
  }
}

template <class T>
void free_object(T* object) {
  if (object == nullptr) return;
  const memory mem = object->mem;
  object->~T();
  mem.release(object);
}

// The end of every call that makes an opaque object but a parsed URL: `out` checked, the
// allocator read, then `make(memory)` (a make_object call) handed out in `*out`.
template <class T, class Make>
int hand_out(const irikit_allocator* allocator, T** out, irikit_error* err, Make&& make) {
  memory mem;
  if (out == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
  if (memory::from(allocator, mem)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
  T* made = make(mem);
  if (made == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
  *out = made;
  return succeed(err);
}

// Every call that parses into a new URL: the input (argument 0), `url`, the flags and the
// allocator checked, then `parse(input, notes or nullptr, argument)` made into the URL, or its
// failure with its offset in argument `argument` (which `parse` sets when it is not the input).
template <class Parse>
int new_url(const char* input, std::size_t input_len, unsigned flags, const irikit_allocator* allocator,
            irikit_url** url, irikit_error* err, Parse&& parse) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view t;
    memory mem;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!known_flags(flags, IRIKIT_URL_NOTES) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const bool keep = (flags & IRIKIT_URL_NOTES) != 0;
    std::vector<w::validation> notes;
    std::uint32_t argument = 0;
    w::result<w::url> parsed = parse(t, keep ? &notes : nullptr, argument);
    if (!parsed) return fail(err, parsed.error(), argument);
    irikit_url* made = make_object<irikit_url>(mem, std::move(*parsed), keep, std::move(notes));
    if (made == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    *url = made;
    return succeed(err);
  });
}

// An edit of a search list with a name (argument 0) and a value (argument 1).
template <class Body>
int edit_pair(irikit_search_params* params, const char* name, std::size_t name_len, const char* value,
              std::size_t value_len, irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view n, v;
    if (params == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    body(params->value, n, v);
    return succeed(err);
  });
}

// A question to a search list about a name (argument 0) and maybe a value (argument 1).
int ask_pair(const irikit_search_params* params, const char* name, std::size_t name_len, const char* value,
             std::size_t value_len, bool with_value, int* found, irikit_error* err) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view n, v;
    if (params == nullptr || found == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    *found = params->value.has(n, with_value ? std::optional<std::string_view>(v) : std::nullopt) ? 1 : 0;
    return succeed(err);
  });
}

// A string result computed from a URL, by the snprintf convention.
template <class Body>
int url_to_text(const irikit_url* url, char* out, std::size_t out_size, std::size_t* out_len,
                irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    return buffer.write(body(url->value), err);
  });
}

// The URL class's getters (§6.1) by irikit_url_attribute, href to hash (the origin is computed).
using url_getter = std::string_view (w::url::*)() const noexcept;
constexpr url_getter k_getters[] = {&w::url::href,   &w::url::protocol, &w::url::username, &w::url::password,
                                    &w::url::host,   &w::url::hostname, &w::url::port,     &w::url::pathname,
                                    &w::url::search, &w::url::hash};
static_assert(std::size(k_getters) == IRIKIT_URL_ORIGIN);

// The setters that report validation errors, by irikit_url_attribute (username and password take
// no notes and are called apart).
using url_setter = std::optional<w::url_error> (w::url::*)(std::string_view, std::vector<w::validation>*);
constexpr url_setter k_setters[] = {&w::url::set_href, &w::url::set_protocol, nullptr,
                                    nullptr,           &w::url::set_host,     &w::url::set_hostname,
                                    &w::url::set_port, &w::url::set_pathname, &w::url::set_search,
                                    &w::url::set_hash};
static_assert(std::size(k_setters) == IRIKIT_URL_ORIGIN);

}  // namespace

const char* irikit_url_attribute_name(int attribute) {
  static constexpr const char* names[] = {"href", "protocol", "username", "password", "host",  "hostname",
                                          "port", "pathname", "search",   "hash",     "origin"};
  return in_range(attribute, IRIKIT_URL_ORIGIN) ? names[attribute] : nullptr;
}

int irikit_url_attribute_from_name(const char* name, irikit_url_attribute* attribute) {
  return value_named(name, attribute, IRIKIT_URL_ORIGIN, irikit_url_attribute_name);
}

int irikit_url_parse(const char* input, size_t input_len, const irikit_url* base, const char* encoding,
                     unsigned flags, const irikit_allocator* allocator, irikit_url** url, irikit_error* err) {
  // An encoding label the Encoding Standard does not know is an error (argument 3), not UTF-8.
  if (encoding != nullptr && !w::encoding_for_label(encoding)) {
    if (url != nullptr) *url = nullptr;
    return fail(err, IRIKIT_E_UNKNOWN_CHARSET, 0, 3);
  }
  return new_url(input, input_len, flags, allocator, url, err,
                 [&](std::string_view t, std::vector<w::validation>* notes, std::uint32_t&) {
                   return w::parse(t, base ? &base->value : nullptr, notes,
                                   encoding ? std::string_view(encoding) : std::string_view());
                 });
}

int irikit_url_parse_with_base(const char* input, size_t input_len, const char* base, size_t base_len,
                               unsigned flags, const irikit_allocator* allocator, irikit_url** url,
                               irikit_error* err) {
  std::string_view b;
  if (int rc = text_arg(base, base_len, 1, err, b)) return rc;
  return new_url(input, input_len, flags, allocator, url, err,
                 [&](std::string_view t, std::vector<w::validation>* notes, std::uint32_t& argument) {
                   // whatwg::parse(input, base text) in its two steps, so that a failure names its
                   // argument.
                   auto parsed_base = w::parse(b);
                   if (!parsed_base) {
                     argument = 1;
                     return parsed_base;
                   }
                   return w::parse(t, &*parsed_base, notes);
                 });
}

namespace {

// URL.canParse where the thread's cancellation hook may stop the parse (a text of more than
// cancel_poll_bytes with a hook set): whatwg::can_parse answers false then, so the parse's result
// tells a cancellation (IRIKIT_E_CANCELLED) from a failure. -1: not such a text.
int can_parse_cancellable(std::string_view input, const w::url* base, int* result, irikit_error* err) {
  if (input.size() <= irikit::cancel_poll_bytes || irikit::current_cancel_hook().check == nullptr) return -1;
  const w::result<w::url> r = w::parse(input, base);
  if (!r && r.error().error == w::validation_error::cancelled)
    return fail(err, IRIKIT_E_CANCELLED, r.error().offset);
  *result = r.has_value() ? 1 : 0;
  return succeed(err);
}

}  // namespace

int irikit_url_can_parse(const char* input, size_t input_len, const irikit_url* base, int* result,
                         irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = can_parse_cancellable(t, base ? &base->value : nullptr, result, err); rc >= 0) return rc;
    *result = w::can_parse(t, base ? &base->value : nullptr) ? 1 : 0;
    return succeed(err);
  });
}

int irikit_url_can_parse_with_base(const char* input, size_t input_len, const char* base, size_t base_len,
                                   int* result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t, b;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (int rc = text_arg(base, base_len, 1, err, b)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (t.size() > irikit::cancel_poll_bytes || b.size() > irikit::cancel_poll_bytes) {
      const w::result<w::url> parsed_base = w::parse(b);
      if (!parsed_base) {
        if (parsed_base.error().error == w::validation_error::cancelled)
          return fail(err, IRIKIT_E_CANCELLED, parsed_base.error().offset, 1);
        *result = 0;
        return succeed(err);
      }
      if (int rc = can_parse_cancellable(t, &*parsed_base, result, err); rc >= 0) return rc;
    }
    *result = w::can_parse(t, b) ? 1 : 0;
    return succeed(err);
  });
}

int irikit_url_clone(const irikit_url* url, const irikit_allocator* allocator, irikit_url** copy,
                     irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return hand_out(allocator, copy, err, [&](const memory& mem) {
      return make_object<irikit_url>(mem, url->value, url->keep_notes, url->notes);
    });
  });
}

void irikit_url_free(irikit_url* url) { free_object(url); }

const char* irikit_url_href(const irikit_url* url, size_t* len) {
  if (url == nullptr) return nullptr;
  const std::string_view href = url->value.href();
  if (len) *len = href.size();
  // href() views the whole std::string the URL owns, so it is NUL-terminated; a default url has
  // an empty one, which the parse functions never return.
  return href.empty() ? "" : href.data();
}

int irikit_url_get(const irikit_url* url, int attribute, char* out, size_t out_size, size_t* out_len,
                   irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    if (!in_range(attribute, IRIKIT_URL_ORIGIN)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    if (attribute == IRIKIT_URL_ORIGIN) return buffer.write(url->value.origin(), err);
    return buffer.write((url->value.*k_getters[attribute])(), err);
  });
}

int irikit_url_set(irikit_url* url, int attribute, const char* value, size_t value_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view v;
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(value, value_len, 0, err, v)) return rc;
    // The origin has no setter.
    if (!in_range(attribute, IRIKIT_URL_HASH)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    std::vector<w::validation> notes;
    w::url& u = url->value;
    std::optional<w::url_error> e;
    if (attribute == IRIKIT_URL_USERNAME) {  // the userinfo setters report no validation errors
      e = u.set_username(v);
    } else if (attribute == IRIKIT_URL_PASSWORD) {
      e = u.set_password(v);
    } else {
      e = (u.*k_setters[attribute])(v, url->keep_notes ? &notes : nullptr);
    }
    if (url->keep_notes) url->notes.swap(notes);
    return e ? fail(err, *e) : succeed(err);
  });
}

int irikit_url_notes(const irikit_url* url, irikit_url_validation* out, size_t capacity, size_t* count,
                     irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr || (out == nullptr && capacity != 0)) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return write_array(url->notes, out, capacity, count, err, note_of);
  });
}

// Hosts (§3) and percent-encoding (§1.3)

static_assert(static_cast<int>(w::host_type::empty) == IRIKIT_URL_HOST_TYPE_EMPTY);
static_assert(static_cast<int>(w::encode_set::form_urlencoded) == IRIKIT_URL_ENCODE_FORM_URLENCODED);

const char* irikit_url_host_type_name(int type) {
  return in_range(type, IRIKIT_URL_HOST_TYPE_EMPTY)
             ? c_string(w::host_type_name(static_cast<w::host_type>(type)))
             : nullptr;
}

int irikit_url_parse_host(const char* input, size_t input_len, unsigned flags, char* out, size_t out_size,
                          size_t* out_len, irikit_url_host_type* type, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!known_flags(flags, IRIKIT_URL_HOST_OPAQUE))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        const w::result<w::host> h = w::parse_host(t, (flags & IRIKIT_URL_HOST_OPAQUE) != 0);
                        if (!h) return fail(err, h.error());
                        if (type) *type = static_cast<irikit_url_host_type>(h->type);
                        return buffer.write(h->serialized, err);
                      });
}

int irikit_url_domain_to_ascii(const char* domain, size_t domain_len, char* out, size_t out_size,
                               size_t* out_len, irikit_error* err) {
  return text_to_text(domain, domain_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        const w::result<std::string> ascii = w::domain_to_ascii(t);
                        if (!ascii) return fail(err, ascii.error());
                        return buffer.write(*ascii, err);
                      });
}

int irikit_url_domain_to_unicode(const char* domain, size_t domain_len, char* out, size_t out_size,
                                 size_t* out_len, irikit_error* err) {
  return text_to_text(domain, domain_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return buffer.write(w::domain_to_unicode(t), err);
                      });
}

int irikit_url_percent_encode(const char* input, size_t input_len, int set, unsigned flags, char* out,
                              size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!in_range(set, IRIKIT_URL_ENCODE_FORM_URLENCODED) ||
                            !known_flags(flags, IRIKIT_URL_SPACE_AS_PLUS))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        return buffer.write(w::percent_encode(t, static_cast<w::encode_set>(set),
                                                              (flags & IRIKIT_URL_SPACE_AS_PLUS) != 0),
                                            err);
                      });
}

int irikit_url_percent_decode(const char* input, size_t input_len, char* out, size_t out_size,
                              size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return buffer.write(w::percent_decode(t), err);
                      });
}

// URLSearchParams

int irikit_search_params_new(const char* init, size_t init_len, const irikit_allocator* allocator,
                             irikit_search_params** params, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(init, init_len, 0, err, t)) return rc;
    auto parsed = w::search_params::parse(t);  // polls the cancellation callback per MiB
    if (!parsed) return fail(err, IRIKIT_E_CANCELLED, parsed.error().offset);  // its one failure
    return hand_out(allocator, params, err, [&](const memory& mem) {
      return make_object<irikit_search_params>(mem, std::move(*parsed));
    });
  });
}

int irikit_search_params_of_url(const irikit_url* url, const irikit_allocator* allocator,
                                irikit_search_params** params, irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return hand_out(allocator, params, err, [&](const memory& mem) {
      return make_object<irikit_search_params>(mem, w::search_params::of(url->value));
    });
  });
}

void irikit_search_params_free(irikit_search_params* params) { free_object(params); }

size_t irikit_search_params_count(const irikit_search_params* params) {
  return params ? params->value.size() : 0;
}

int irikit_search_params_at(const irikit_search_params* params, size_t index, const char** name,
                            size_t* name_len, const char** value, size_t* value_len) {
  if (params == nullptr || name == nullptr || value == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  const auto& entries = params->value.entries();
  if (index >= entries.size()) return IRIKIT_E_INVALID_ARGUMENT;
  const auto& [n, v] = entries[index];
  *name = n.c_str();
  *value = v.c_str();
  if (name_len) *name_len = n.size();
  if (value_len) *value_len = v.size();
  return IRIKIT_OK;
}

int irikit_search_params_get(const irikit_search_params* params, const char* name, size_t name_len,
                             const char** value, size_t* value_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view n;
    if (params == nullptr || value == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    // get() views a whole std::string of the list, so the view is NUL-terminated.
    const std::optional<std::string_view> found = params->value.get(n);
    *value = found ? found->data() : nullptr;
    if (value_len) *value_len = found ? found->size() : 0;
    return succeed(err);
  });
}

int irikit_search_params_get_all(const irikit_search_params* params, const char* name, size_t name_len,
                                 const irikit_allocator* allocator, irikit_string_list** result,
                                 irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view n;
    memory mem;
    if (params == nullptr || result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (memory::from(allocator, mem)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const std::vector<std::string_view> found = params->value.get_all(n);
    std::size_t text_bytes = 0;
    for (std::string_view s : found) text_bytes += s.size() + 1;
    irikit_string_list* list = make_block<irikit_string_list>(mem, found.size(), text_bytes);
    if (list == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    string_arena arena{text_area(list)};
    for (std::size_t i = 0; i < found.size(); ++i) list->entries[i] = {arena.put(found[i]), found[i].size()};
    *result = list;
    return succeed(err);
  });
}

int irikit_search_params_has(const irikit_search_params* params, const char* name, size_t name_len,
                             int* found, irikit_error* err) {
  return ask_pair(params, name, name_len, nullptr, 0, false, found, err);
}

int irikit_search_params_has_value(const irikit_search_params* params, const char* name, size_t name_len,
                                   const char* value, size_t value_len, int* found, irikit_error* err) {
  return ask_pair(params, name, name_len, value, value_len, true, found, err);
}

int irikit_search_params_append(irikit_search_params* params, const char* name, size_t name_len,
                                const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.append(n, v); });
}

int irikit_search_params_set(irikit_search_params* params, const char* name, size_t name_len,
                             const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.set(n, v); });
}

int irikit_search_params_delete(irikit_search_params* params, const char* name, size_t name_len,
                                irikit_error* err) {
  return edit_pair(params, name, name_len, nullptr, 0, err,
                   [](w::search_params& p, std::string_view n, std::string_view) { p.remove(n); });
}

int irikit_search_params_delete_value(irikit_search_params* params, const char* name, size_t name_len,
                                      const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.remove(n, v); });
}

int irikit_search_params_sort(irikit_search_params* params, irikit_error* err) {
  return edit_pair(params, nullptr, 0, nullptr, 0, err,
                   [](w::search_params& p, std::string_view, std::string_view) { p.sort(); });
}

int irikit_search_params_serialize(const irikit_search_params* params, char* out, size_t out_size,
                                   size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (params == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    return buffer.write(params->value.to_string(), err);
  });
}

int irikit_search_params_update_url(const irikit_search_params* params, irikit_url* url, irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (params == nullptr || url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    params->value.update_url(url->value);
    return succeed(err);
  });
}

// The bridge between the two specifications

int irikit_url_to_rfc3986(const irikit_url* url, char* out, size_t out_size, size_t* out_len,
                          irikit_error* err) {
  return url_to_text(url, out, out_size, out_len, err, [](const w::url& u) { return w::to_rfc3986(u); });
}

int irikit_url_to_iri(const irikit_url* url, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  return url_to_text(url, out, out_size, out_len, err, [](const w::url& u) { return w::to_iri(u); });
}

int irikit_url_from_iri(const char* iri, size_t iri_len, unsigned flags, const irikit_allocator* allocator,
                        irikit_url** url, irikit_error* err) {
  return new_url(iri, iri_len, flags, allocator, url, err,
                 [](std::string_view t, std::vector<w::validation>* notes, std::uint32_t&) {
                   return w::from_iri(t, notes);
                 });
}

int irikit_compare_specs(const char* text, size_t text_len, const irikit_allocator* allocator,
                         irikit_spec_comparison** result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    return hand_out(allocator, result, err, [&](const memory& mem) {
      return make_object<irikit_spec_comparison>(mem, w::compare_specs(t));
    });
  });
}

int irikit_spec_comparison_report(const irikit_spec_comparison* result, irikit_spec_report* report) {
  if (result == nullptr || report == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (report->size < sizeof(irikit_spec_report)) return IRIKIT_E_INVALID_ARGUMENT;
  const w::spec_comparison& c = result->value;
  irikit_spec_report r{};
  r.rfc3987_relative = c.rfc3987_relative ? 1 : 0;
  if (c.rfc3987_error) fail(&r.rfc3987_error, *c.rfc3987_error);
  if (c.whatwg_error) fail(&r.whatwg_error, *c.whatwg_error);
  r.rfc3987 = c.rfc3987.c_str();
  r.rfc3987_length = c.rfc3987.size();
  r.whatwg = c.whatwg.c_str();
  r.whatwg_length = c.whatwg.size();
  r.note_count = c.notes.size();
  r.difference_count = c.differences.size();
  write_struct(report, r);
  return IRIKIT_OK;
}

int irikit_spec_comparison_note(const irikit_spec_comparison* result, size_t index,
                                irikit_url_validation* note) {
  if (result == nullptr || note == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->value.notes.size()) return IRIKIT_E_INVALID_ARGUMENT;
  *note = note_of(result->value.notes[index]);
  return IRIKIT_OK;
}

int irikit_spec_comparison_difference(const irikit_spec_comparison* result, size_t index,
                                      irikit_spec_difference* difference) {
  if (result == nullptr || difference == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->value.differences.size() || difference->size < sizeof(irikit_spec_difference))
    return IRIKIT_E_INVALID_ARGUMENT;
  const w::spec_difference& d = result->value.differences[index];
  write_struct(difference, irikit_spec_difference{0, d.what.c_str(), d.rfc3987.c_str(), d.rfc3987.size(),
                                                  d.whatwg.c_str(), d.whatwg.size()});
  return IRIKIT_OK;
}

void irikit_spec_comparison_free(irikit_spec_comparison* result) { free_object(result); }
