// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: building and editing (irikit_builder) (the sections of include/irikit/irikit_c.h of the
// same names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Building and editing

// The opaque builder: its block from the caller's allocator (or malloc), the C++ builder inside.
struct irikit_builder {
  memory mem;
  irikit::iri_builder value;
};

namespace {

static_assert(static_cast<int>(irikit::query_flavor::form) == IRIKIT_QUERY_FORM);

int finish(const irikit::result<void>& r, irikit_error* err, std::uint32_t argument = 0) {
  return r ? succeed(err) : fail(err, r.error(), argument);
}

// The entry of every edit: the guard, a non-NULL builder, then `body(builder)`. The C++ setters
// change nothing when they fail, memory exhaustion included (src/edit/builder.cpp), so neither
// does a failed call here.
template <class Body>
int edit(irikit_builder* builder, irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return body(builder->value);
  });
}

// An edit with one text argument (argument 0).
template <class Body>
int edit_text(irikit_builder* builder, const char* data, std::size_t length, irikit_error* err,
              Body&& body) noexcept {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    std::string_view text;
    if (int rc = text_arg(data, length, 0, err, text)) return rc;
    return body(b, text);
  });
}

// The views read through a pointer to a non-const builder; a read changes nothing.
irikit::iri_builder& reading(const irikit_builder* builder) {
  return const_cast<irikit::iri_builder&>(builder->value);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
}

irikit::query_flavor flavor_of(int flavor) { return static_cast<irikit::query_flavor>(flavor); }

// A "key" (argument 0) "value" (argument 1) edit of the query. The library encodes the key first,
// so a UTF-8 error is in the key when the key is not UTF-8, otherwise in the value.
template <class Body>
int edit_param(irikit_builder* builder, int flavor, const char* key, std::size_t key_len, const char* value,
               std::size_t value_len, irikit_error* err, Body&& body) noexcept {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    std::string_view k, v;
    if (int rc = text_arg(key, key_len, 0, err, k)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::result<void> r = body(b.params(flavor_of(flavor)), k, v);
    if (r) return succeed(err);
    const bool in_key = r.error().code == error_code::input_too_long || !irikit::validate_utf8(k);
    return fail(err, r.error(), in_key ? 0 : 1);
  });
}

}  // namespace

const char* irikit_component_name(int component) {
  static constexpr const char* names[] = {"scheme", "userinfo", "host",     "port",
                                          "path",   "query",    "fragment", "authority"};
  return in_range(component, IRIKIT_COMPONENT_AUTHORITY) ? names[component] : nullptr;
}

int irikit_component_from_name(const char* name, irikit_component* component) {
  return value_named(name, component, IRIKIT_COMPONENT_AUTHORITY, irikit_component_name);
}

int irikit_builder_new(const char* text, size_t text_len, int rule, const irikit_allocator* allocator,
                       irikit_builder** builder, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    memory mem;
    // A LEIRI may hold characters no IRI-reference allows: the builder could not stay valid.
    if (!in_range(rule, IRIKIT_RULE_RELATIVE_URI) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto parsed = irikit::parse(t, static_cast<irikit::rule>(rule));
    if (!parsed) return fail(err, parsed.error());
    void* raw = mem.allocate(sizeof(irikit_builder));
    if (raw == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    try {
      *builder = new (raw) irikit_builder{mem, irikit::iri_builder(*parsed)};
    } catch (...) {
      mem.release(raw);
      throw;
    }
    return succeed(err);
  });
}

void irikit_builder_free(irikit_builder* builder) {
  if (builder == nullptr) return;
  const memory mem = builder->mem;
  builder->~irikit_builder();
  mem.release(builder);
}

const char* irikit_builder_text(const irikit_builder* builder, size_t* len) {
  if (builder == nullptr) return nullptr;
  if (len) *len = builder->value.str().size();
  return builder->value.str().c_str();
}

int irikit_builder_components(const irikit_builder* builder, irikit_components* components) {
  if (builder == nullptr || components == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (components->size < sizeof(irikit_components)) return IRIKIT_E_INVALID_ARGUMENT;
  write_components(builder->value.view(), components);
  return IRIKIT_OK;
}

namespace {
// irikit_builder_set and _set_encoded: set_X or set_encoded_X of the component.
int set_component(irikit_builder* builder, int component, const char* text, std::size_t text_len,
                  bool encoded, irikit_error* err) {
  return edit_text(builder, text, text_len, err, [&](irikit::iri_builder& b, std::string_view t) -> int {
    switch (component) {
      case IRIKIT_COMPONENT_SCHEME:  // scheme and port have nothing to encode: validated either way
        return finish(b.set_scheme(t), err);
      case IRIKIT_COMPONENT_USERINFO:
        return finish(encoded ? b.set_encoded_userinfo(t) : b.set_userinfo(t), err);
      case IRIKIT_COMPONENT_HOST:
        return finish(encoded ? b.set_encoded_host(t) : b.set_host(t), err);
      case IRIKIT_COMPONENT_PORT:
        return finish(b.set_port(t), err);
      case IRIKIT_COMPONENT_PATH:
        return finish(encoded ? b.set_encoded_path(t) : b.set_path(t), err);
      case IRIKIT_COMPONENT_QUERY:
        return finish(encoded ? b.set_encoded_query(t) : b.set_query(t), err);
      case IRIKIT_COMPONENT_FRAGMENT:
        return finish(encoded ? b.set_encoded_fragment(t) : b.set_fragment(t), err);
      default:  // the authority has no setter
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
  });
}
}  // namespace

int irikit_builder_set(irikit_builder* builder, int component, const char* text, size_t text_len,
                       irikit_error* err) {
  return set_component(builder, component, text, text_len, false, err);
}

int irikit_builder_set_encoded(irikit_builder* builder, int component, const char* text, size_t text_len,
                               irikit_error* err) {
  return set_component(builder, component, text, text_len, true, err);
}

int irikit_builder_set_port_number(irikit_builder* builder, int port, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    if (!in_range(port, 65535)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    b.set_port(static_cast<std::uint16_t>(port));
    return succeed(err);
  });
}

int irikit_builder_remove(irikit_builder* builder, int component, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    switch (component) {
      case IRIKIT_COMPONENT_SCHEME:
        b.remove_scheme();
        break;
      case IRIKIT_COMPONENT_USERINFO:
        b.remove_userinfo();
        break;
      case IRIKIT_COMPONENT_PORT:
        b.remove_port();
        break;
      case IRIKIT_COMPONENT_QUERY:
        b.remove_query();
        break;
      case IRIKIT_COMPONENT_FRAGMENT:
        b.remove_fragment();
        break;
      case IRIKIT_COMPONENT_AUTHORITY:
        b.remove_authority();
        break;
      default:  // the host (remove the authority) and the path (always present) are not removable
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
    return succeed(err);
  });
}

int irikit_builder_remove_dot_segments(irikit_builder* builder, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    b.remove_dot_segments();
    return succeed(err);
  });
}

size_t irikit_builder_segment_count(const irikit_builder* builder) {
  return builder ? reading(builder).segments().size() : 0;
}

int irikit_builder_segment_get(const irikit_builder* builder, size_t index, char* out, size_t out_size,
                               size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    const irikit::path_segments_ref segments = reading(builder).segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return buffer.write(segments.at(index), err);
  });
}

int irikit_builder_segment_push_back(irikit_builder* builder, const char* segment, size_t segment_len,
                                     irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    return finish(b.segments().push_back(s), err);
  });
}

int irikit_builder_segment_insert(irikit_builder* builder, size_t index, const char* segment,
                                  size_t segment_len, irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    irikit::path_segments_ref segments = b.segments();
    if (index > segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return finish(segments.insert(index, s), err);
  });
}

int irikit_builder_segment_replace(irikit_builder* builder, size_t index, const char* segment,
                                   size_t segment_len, irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    irikit::path_segments_ref segments = b.segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return finish(segments.replace(index, s), err);
  });
}

int irikit_builder_segment_erase(irikit_builder* builder, size_t index, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    irikit::path_segments_ref segments = b.segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    segments.erase(index);
    return succeed(err);
  });
}

size_t irikit_builder_param_count(const irikit_builder* builder) {
  return builder ? reading(builder).params().size() : 0;
}

int irikit_builder_param_get(const irikit_builder* builder, int flavor, size_t index, char* key,
                             size_t key_size, size_t* key_len, char* value, size_t value_size,
                             size_t* value_len, int* has_value, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer k{key, key_size, key_len}, v{value, value_size, value_len};
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = k.check(err)) return rc;
    if (int rc = v.check(err)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_params_ref params = reading(builder).params(flavor_of(flavor));
    if (index >= params.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_param p = params.at(index);
    const std::string_view pv = p.value ? std::string_view(*p.value) : std::string_view();
    if (has_value) *has_value = p.value ? 1 : 0;
    if (key_size <= p.key.size() || value_size <= pv.size()) {  // both or nothing
      if (key_len) *key_len = p.key.size();
      if (value_len) *value_len = pv.size();
      if (key_size != 0) key[0] = '\0';
      if (value_size != 0) value[0] = '\0';
      return fail(err, IRIKIT_E_BUFFER_TOO_SMALL);
    }
    (void)k.write(p.key, err);
    return v.write(pv, err);
  });
}

int irikit_builder_param_append(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                                const char* value, size_t value_len, irikit_error* err) {
  return edit_param(builder, flavor, key, key_len, value, value_len, err,
                    [](irikit::query_params_ref params, std::string_view k, std::string_view v) {
                      return params.append(k, v);
                    });
}

int irikit_builder_param_append_key(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                                    irikit_error* err) {
  return edit_param(
      builder, flavor, key, key_len, nullptr, 0, err,
      [](irikit::query_params_ref params, std::string_view k, std::string_view) { return params.append(k); });
}

int irikit_builder_param_set(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                             const char* value, size_t value_len, irikit_error* err) {
  return edit_param(builder, flavor, key, key_len, value, value_len, err,
                    [](irikit::query_params_ref params, std::string_view k, std::string_view v) {
                      return params.set(k, v);
                    });
}

int irikit_builder_param_erase(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                               size_t* erased, irikit_error* err) {
  return edit_text(builder, key, key_len, err, [&](irikit::iri_builder& b, std::string_view k) -> int {
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const std::size_t n = b.params(flavor_of(flavor)).erase(k);
    if (erased) *erased = n;
    return succeed(err);
  });
}

int irikit_builder_param_erase_at(irikit_builder* builder, size_t index, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    irikit::query_params_ref params = b.params();
    if (index >= params.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    params.erase_at(index);
    return succeed(err);
  });
}

int irikit_builder_param_find(const irikit_builder* builder, int flavor, const char* key, size_t key_len,
                              size_t* index, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view k;
    if (builder == nullptr || index == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(key, key_len, 0, err, k)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_params_ref params = reading(builder).params(flavor_of(flavor));
    *index = params.find(k).value_or(params.size());
    return succeed(err);
  });
}

int irikit_builder_param_sort(irikit_builder* builder, int flavor, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    b.params(flavor_of(flavor)).sort();
    return succeed(err);
  });
}
