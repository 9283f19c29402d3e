// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: lint (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Lint

const char* irikit_severity_name(int severity) {
  return in_range(severity, IRIKIT_SEVERITY_ERROR)
             ? c_string(irikit::severity_name(static_cast<irikit::severity>(severity)))
             : nullptr;
}

int irikit_severity_from_name(const char* name, irikit_severity* severity) {
  return value_named(name, severity, IRIKIT_SEVERITY_ERROR, irikit_severity_name);
}

size_t irikit_lint_rule_count(void) { return irikit::lint_rules().size(); }

int irikit_lint_rule_get(size_t index, irikit_lint_rule* rule) {
  if (rule == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  const auto rules = irikit::lint_rules();
  if (index >= rules.size() || rule->size < sizeof(irikit_lint_rule)) return IRIKIT_E_INVALID_ARGUMENT;
  const irikit::lint_rule& r = rules[index];
  write_struct(rule, irikit_lint_rule{0, static_cast<std::int32_t>(r.default_severity), c_string(r.id),
                                      c_string(r.reference), c_string(r.summary), c_string(r.description)});
  return IRIKIT_OK;
}

int irikit_lint_rules_markdown(char* out, size_t out_size, size_t* out_len) {
  return guarded(nullptr, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (int rc = buffer.check(nullptr)) return rc;
    return buffer.write(irikit::lint_rules_markdown(), nullptr);
  });
}

void irikit_lint_options_init(irikit_lint_options* options) {
  if (options == nullptr) return;
  *options = irikit_lint_options{sizeof(irikit_lint_options), IRIKIT_RULE_IRI_REFERENCE, nullptr, 0};
}

int irikit_lint(const char* text, size_t text_len, const irikit_lint_options* options,
                const irikit_allocator* allocator, irikit_lint_result** result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    irikit_lint_options c;
    irikit_lint_options_init(&c);
    memory mem;
    if (!read_options(options, c) || !in_range(c.grammar, IRIKIT_RULE_LEIRI) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    if (c.overrides == nullptr && c.override_count != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    irikit::lint_options o;
    o.grammar = static_cast<irikit::rule>(c.grammar);
    for (std::size_t i = 0; i < c.override_count; ++i) {
      const irikit_lint_override& ov = c.overrides[i];
      if (ov.id == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
      if (!in_range(ov.level, IRIKIT_SEVERITY_ERROR) ||
          !o.set_severity(ov.id, static_cast<irikit::severity>(ov.level)))
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
    const auto found = irikit::lint(t, o);
    if (!found) return fail(err, found.error());
    std::size_t text_bytes = 0;
    for (const irikit::diagnostic& d : *found) text_bytes += d.message.size() + 1;
    irikit_lint_result* r = make_block<irikit_lint_result>(mem, found->size(), text_bytes);
    if (r == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    string_arena arena{text_area(r)};
    for (std::size_t i = 0; i < found->size(); ++i) {
      const irikit::diagnostic& d = (*found)[i];
      r->entries[i] = {static_cast<std::int32_t>(d.level), c_string(d.rule), range_of(d.offset, d.length),
                       arena.put(d.message), d.message.size()};
    }
    *result = r;
    return succeed(err);
  });
}

size_t irikit_lint_result_count(const irikit_lint_result* result) { return result ? result->count : 0; }

int irikit_lint_result_get(const irikit_lint_result* result, size_t index, irikit_lint_finding* finding) {
  if (result == nullptr || finding == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->count || finding->size < sizeof(irikit_lint_finding)) return IRIKIT_E_INVALID_ARGUMENT;
  const auto& e = result->entries[index];
  write_struct(finding, irikit_lint_finding{0, e.severity, e.rule, e.span, e.message, e.message_length});
  return IRIKIT_OK;
}

void irikit_lint_result_free(irikit_lint_result* result) { free_block(result); }
