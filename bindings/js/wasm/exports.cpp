// SPDX-License-Identifier: MIT OR Apache-2.0
// exports.cpp — the functions irikit.wasm exports to the npm package's JavaScript (bindings/js/src/):
// a translation layer, nothing else (ARCHITECTURE.md, "Bindings").
//
// Most of the API runs the `iri` tool's own commands (src/lines/commands: the line mappers), so a
// JavaScript object has the keys and values of `iri COMMAND --json` by construction:
//   ik_mapper(["parse", "--as", "iri"])     → a configured command (a handle), or 0 and the usage error
//   ik_map(mapper, texts, count)     → the records of `count` texts as one JSON array of arrays
// plus direct calls for what has no command, or where a record per text costs too much:
// validation (ik_validate, ik_validate_batch: error codes and offsets into a caller's array), the
// host functions (IDNA, public suffix, the display policy) and the scheme registry.
//
// Memory: the JavaScript side allocates its inputs with ik_alloc and frees them after the call;
// every result is written to one buffer of this module (ik_result_ptr / ik_result_len), valid until
// the next call, and given back when it grew past 1 MiB, so no call leaves memory behind.
// Texts of a batch are packed as [u32 little-endian byte length][bytes]... in one block.
#include <malloc.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "irikit/error.h"
#include "irikit/host.h"
#include "irikit/iri.h"
#include "irikit/scheme.h"
#include "irikit/version.h"
#include "json.h"

#define IK_EXPORT(name) extern "C" __attribute__((export_name(#name), visibility("default")))

namespace {

using iri_tool::append_json_string;
using iri_tool::json_builder;

/// The result of the last call (JSON, or a usage error's text).
std::string& result_buffer() {
  static std::string buffer;
  return buffer;
}

/// Empties the result buffer, giving its memory back when a large result made it grow.
std::string& fresh_result() {
  constexpr std::size_t k_keep = std::size_t{1} << 20;
  std::string& out = result_buffer();
  if (out.capacity() > k_keep) std::string().swap(out);
  out.clear();
  return out;
}

/// Reads the packed texts of a batch; false when the block is malformed.
bool unpack(const char* data, std::size_t size, std::size_t count, std::vector<std::string_view>& texts) {
  texts.clear();
  texts.reserve(count);
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (size - at < 4) return false;
    std::uint32_t length = 0;
    std::memcpy(&length, data + at, 4);  // wasm32 is little-endian, as the packing
    at += 4;
    if (size - at < length) return false;
    texts.emplace_back(data + at, length);
    at += length;
  }
  return at == size;
}

/// A library error as the line engine writes it: {"code", "offset" (bytes), "message"}.
void append_error(json_builder& b, const irikit::parse_error& e, std::string_view input) {
  b.key("error").begin_object();
  b.key("code").value(irikit::code_name(e.code));
  b.key("offset").value(static_cast<std::int64_t>(e.offset));
  b.key("message").value(irikit::error_message(e, input));
  b.end_object();
}

/// One record as `iri --json` writes it (driver.cpp's render_json), without "line" and "input":
/// the command's keys, then "error".
void append_record(std::string& out, const iri_tool::record& r) {
  out.push_back('{');
  const std::size_t first = out.size();
  out.append(r.json_members());
  if (r.error) {
    out.append(",\"error\":{\"code\":");
    append_json_string(out, r.error->code);
    out.append(",\"offset\":");
    out.append(std::to_string(r.error->offset));
    out.append(",\"message\":");
    append_json_string(out, r.error->message);
    out.push_back('}');
  }
  if (out.size() > first) out.erase(first, 1);
  out.push_back('}');
}

irikit::rule rule_of(int r) {
  return r >= 0 && r <= static_cast<int>(irikit::rule::leiri) ? static_cast<irikit::rule>(r)
                                                              : irikit::rule::iri_reference;
}

irikit::idna_mode idna_of(int m) {
  return m >= 0 && m <= static_cast<int>(irikit::idna_mode::idna2003) ? static_cast<irikit::idna_mode>(m)
                                                                      : irikit::idna_mode::uts46;
}

}  // namespace

namespace {
/// Bytes the module holds through ik_alloc and operator new (malloc_usable_size of each block):
/// the leak test (test/memory.test.js) checks that a million calls leave it where it was.
std::size_t heap_in_use = 0;

void* counted_malloc(std::size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p != nullptr) heap_in_use += malloc_usable_size(p);
  return p;
}

void counted_free(void* p) {
  if (p == nullptr) return;
  heap_in_use -= malloc_usable_size(p);
  std::free(p);
}
}  // namespace

// Every C++ allocation of the module goes through these (replacement functions, [new.delete]);
// an allocation that fails traps (there are no exceptions here), and the JavaScript side turns the
// trap into an IRIError "out-of-memory" on a fresh instance.
void* operator new(std::size_t size) {
  void* p = counted_malloc(size);
  if (p == nullptr) __builtin_trap();
  return p;
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

/// A block of `size` bytes for the JavaScript side's inputs, or 0 when memory cannot grow.
IK_EXPORT(ik_alloc) void* ik_alloc(std::size_t size) { return counted_malloc(size); }
IK_EXPORT(ik_free) void ik_free(void* p) { counted_free(p); }
IK_EXPORT(ik_result_ptr) const char* ik_result_ptr() { return result_buffer().data(); }
IK_EXPORT(ik_result_len) std::size_t ik_result_len() { return result_buffer().size(); }

/// Bytes of the module's heap in use (the allocator's count): the leak test watches it.
IK_EXPORT(ik_heap_in_use) std::size_t ik_heap_in_use() { return heap_in_use; }

/// The library version and the Unicode backend (irikit/version.h), as JSON.
IK_EXPORT(ik_version) void ik_version() {
  json_builder b;
  b.begin_object();
  b.key("version").value(irikit::version());
  b.key("unicode").value(irikit::unicode_version());
  b.key("backend").value(irikit::unicode_backend_version());
  b.key("public_suffix_list").value(irikit::public_suffix_list_version());
  b.end_object();
  fresh_result() = b.take();
}

/// A configured command and the option text it was configured from (a mapper may keep views of
/// its option values).
struct ik_command {
  std::string spec;
  std::unique_ptr<const iri_tool::line_mapper> mapper;
};

/// Configures a command of the `iri` tool: `count` packed texts, the command's name then
/// "--option", "VALUE" pairs (an empty VALUE for a flag). Returns the command, or 0 with the usage
/// error in the result buffer.
IK_EXPORT(ik_mapper) ik_command* ik_mapper(const char* data, std::size_t size, std::size_t count) {
  std::string& out = fresh_result();
  auto held = std::make_unique<ik_command>();
  held->spec.assign(data, size);
  std::vector<std::string_view> parts;
  if (!unpack(held->spec.data(), size, count, parts) || parts.empty() || parts.size() % 2 == 0) {
    out = "malformed command specification";
    return nullptr;
  }
  const iri_tool::command* c = iri_tool::find_command(parts[0]);
  if (c == nullptr) {
    out = "unknown command '" + std::string(parts[0]) + "'";
    return nullptr;
  }
  iri_tool::option_values values;
  for (std::size_t i = 1; i < parts.size(); i += 2) {
    bool declared = false;
    for (const iri_tool::option_spec& o : c->options) declared = declared || o.name == parts[i];
    if (!declared || parts[i] == "--list-rules" || parts[i] == "--markdown") {
      out = "unknown option '" + std::string(parts[i]) + "' for '" + std::string(c->name) + "'";
      return nullptr;
    }
    values.add(parts[i], parts[i + 1]);
  }
  iri_tool::configured configured = c->configure(values);
  if (!configured.mapper) {
    out = configured.usage_error.empty() ? "bad options" : configured.usage_error;
    return nullptr;
  }
  held->mapper = std::move(configured.mapper);
  return held.release();
}

IK_EXPORT(ik_mapper_free) void ik_mapper_free(ik_command* command) { delete command; }

/// Maps `count` packed texts: the result is [[records of text 0], [records of text 1], ...].
/// Returns 0, or -1 when the packing is malformed.
IK_EXPORT(ik_map)
int ik_map(const ik_command* command, const char* data, std::size_t size, std::size_t count) {
  std::string& out = fresh_result();
  std::vector<std::string_view> texts;
  if (command == nullptr || !unpack(data, size, count, texts)) return -1;
  const iri_tool::line_mapper* mapper = command->mapper.get();
  iri_tool::record_list records;
  out.push_back('[');
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i != 0) out.push_back(',');
    records.clear();
    mapper->map(texts[i], records);
    out.push_back('[');
    for (std::size_t k = 0; k < records.size(); ++k) {
      if (k != 0) out.push_back(',');
      append_record(out, records[k]);
    }
    out.push_back(']');
  }
  out.push_back(']');
  return 0;
}

/// Validates one text against a rule (irikit::rule's order); returns 0 or the error code, with
/// the byte offset in `*offset`.
IK_EXPORT(ik_validate) int ik_validate(const char* text, std::size_t size, int rule, std::uint32_t* offset) {
  const irikit::result<void> r = irikit::validate(std::string_view(text, size), rule_of(rule));
  *offset = r ? 0 : r.error().offset;
  return r ? 0 : static_cast<int>(r.error().code);
}

/// Validates `count` packed texts: codes[i] (0: valid) and offsets[i] for each. Returns 0, or -1
/// when the packing is malformed.
IK_EXPORT(ik_validate_batch)
int ik_validate_batch(const char* data, std::size_t size, std::size_t count, int rule, std::uint8_t* codes,
                      std::uint32_t* offsets) {
  std::vector<std::string_view> texts;
  if (!unpack(data, size, count, texts)) return -1;
  const irikit::rule r = rule_of(rule);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const irikit::result<void> v = irikit::validate(texts[i], r);
    codes[i] = v ? 0 : static_cast<std::uint8_t>(v.error().code);
    offsets[i] = v ? 0 : v.error().offset;
  }
  return 0;
}

/// The kebab-case name of an error code (irikit::code_name) into the result buffer.
IK_EXPORT(ik_code_name) void ik_code_name(int code) {
  fresh_result() = irikit::code_name(static_cast<irikit::error_code>(code));
}

/// The message of a validation error (irikit::error_message) into the result buffer.
IK_EXPORT(ik_error_message)
void ik_error_message(const char* text, std::size_t size, int code, std::uint32_t offset) {
  const irikit::parse_error e{static_cast<irikit::error_code>(code), offset};
  fresh_result() = irikit::error_message(e, std::string_view(text, size));
}

/// Host functions (irikit/host.h) as JSON: op 0 host_to_ascii, 1 host_to_unicode (`mode`: the
/// idna_mode), 2 public suffix and registrable domain, 3 display_host (the display policy).
IK_EXPORT(ik_host) void ik_host(int op, const char* text, std::size_t size, int mode) {
  const std::string_view host(text, size);
  json_builder b;
  b.begin_object();
  if (op == 0 || op == 1) {
    irikit::host_options options;
    options.mode = idna_of(mode);
    const irikit::result<std::string> r =
        op == 0 ? irikit::host_to_ascii(host, options) : irikit::host_to_unicode(host, options);
    if (r) {
      b.key("value").value(*r);
    } else {
      append_error(b, r.error(), host);
    }
  } else if (op == 2) {
    b.key("public_suffix").value(irikit::public_suffix(host));
    const std::optional<std::string_view> domain = irikit::registrable_domain(host);
    b.key("registrable_domain");
    if (domain) {
      b.value(*domain);
    } else {
      b.null();
    }
  } else {
    const irikit::result<irikit::host_display> r = irikit::display_host(host);
    if (r) {
      b.key("shown").value(r->shown);
      b.key("labels").begin_array();
      for (const irikit::label_display& l : r->labels) {
        b.begin_object();
        b.key("offset").value(static_cast<std::int64_t>(l.offset));
        b.key("length").value(static_cast<std::int64_t>(l.length));
        b.key("shown").value(l.shown);
        b.key("unicode").value(l.unicode);
        b.key("reason").value(irikit::label_reason_name(l.reason));
        b.key("message").value(l.message);
        b.end_object();
      }
      b.end_array();
    } else {
      append_error(b, r.error(), host);
    }
  }
  b.end_object();
  fresh_result() = b.take();
}

/// The scheme registry (irikit/scheme.h) as JSON: the entry for `name`, or every entry when `name`
/// is empty; null for an unknown scheme.
IK_EXPORT(ik_scheme) void ik_scheme(const char* name, std::size_t size) {
  const auto entry = [](json_builder& b, const irikit::scheme_info& s) {
    b.begin_object();
    b.key("name").value(s.name);
    b.key("reference").value(s.reference);
    b.key("default_port");
    if (s.default_port < 0) {
      b.null();
    } else {
      b.value(s.default_port);
    }
    b.key("requires_host").value(s.requires_host);
    b.key("dns_host").value(s.dns_host);
    b.key("empty_path_is_root").value(s.empty_path_is_root);
    b.key("normalization").value(s.normalization);
    b.end_object();
  };
  json_builder b;
  if (size == 0) {
    b.begin_array();
    for (const irikit::scheme_info& s : irikit::scheme_registry()) entry(b, s);
    b.end_array();
  } else if (const irikit::scheme_info* s = irikit::find_scheme(std::string_view(name, size))) {
    entry(b, *s);
  } else {
    b.null();
  }
  fresh_result() = b.take();
}

// Debian's wasm32 libc++abi is built without exception support, so a `throw` cannot link; the
// library throws nothing of its own (its errors are result<T>) and the C API's guards are not
// compiled in. What is left is a failed allocation (std::bad_alloc) in code compiled with
// exceptions on: it traps here, and the JavaScript side, which sees a RuntimeError, starts a fresh
// instance and throws an IRIError "out-of-memory" (bindings/js/src/module.js).
extern "C" void* __cxa_allocate_exception(std::size_t) { __builtin_trap(); }
extern "C" void __cxa_throw(void*, void*, void (*)(void*)) { __builtin_trap(); }
// The per-thread memories of the library (thread_local objects with destructors) register their
// destructors for the thread's exit; a reactor's one thread never exits, so there is nothing to run.
extern "C" int __cxa_thread_atexit(void (*)(void*), void*, void*) { return 0; }
