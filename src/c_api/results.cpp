// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: the opaque results and the allocator (the sections of include/irikit/irikit_c.h of the
// same names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Opaque results

size_t irikit_string_list_count(const irikit_string_list* list) { return list ? list->count : 0; }

const char* irikit_string_list_get(const irikit_string_list* list, size_t index, size_t* len) {
  if (list == nullptr || index >= list->count) return nullptr;
  if (len) *len = list->entries[index].length;
  return list->entries[index].text;
}

void irikit_string_list_free(irikit_string_list* list) { free_block(list); }

int irikit_interpret_candidates(const char* uri, size_t uri_len, const char* const* charsets,
                                size_t charset_count, const irikit_allocator* allocator,
                                irikit_string_list** result) {
  return guarded(nullptr, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(uri, uri_len, 0, nullptr, t)) return rc;
    if (result == nullptr || (charsets == nullptr && charset_count != 0)) return IRIKIT_E_NULL_ARGUMENT;
    memory mem;
    if (int rc = memory::from(allocator, mem)) return rc;
    std::vector<std::string_view> names;
    names.reserve(charset_count);
    for (std::size_t i = 0; i < charset_count; ++i) {
      if (charsets[i] == nullptr) return IRIKIT_E_NULL_ARGUMENT;
      names.emplace_back(charsets[i]);
    }
    const std::vector<std::string> found = irikit::interpret_candidates(t, names);
    std::size_t text_bytes = 0;
    for (const std::string& s : found) text_bytes += s.size() + 1;
    irikit_string_list* list = make_block<irikit_string_list>(mem, found.size(), text_bytes);
    if (list == nullptr) return IRIKIT_E_OUT_OF_MEMORY;
    string_arena arena{text_area(list)};
    for (std::size_t i = 0; i < found.size(); ++i) list->entries[i] = {arena.put(found[i]), found[i].size()};
    *result = list;
    return IRIKIT_OK;
  });
}
