// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface's host functions added for issue 35 (irikit_c.h "Hosts: the public suffix list,
// A-labels, the display policy") and irikit_to_iri_with_policy: argument checks, type conversion
// and copying out over irikit/host.h and irikit/convert.h, by the rules of support.h; every
// decision is the C++ library's.
#include <algorithm>
#include <string>
#include <string_view>

#include "c_api/support.h"
#include "irikit/convert.h"
#include "irikit/host.h"
#include "irikit/irikit_c.h"

using namespace irikit::c_api;

namespace {

static_assert(static_cast<int>(irikit::a_label_status::contextj_rule) == IRIKIT_A_LABEL_CONTEXTJ_RULE);
static_assert(static_cast<int>(irikit::restriction_level::unrestricted) == IRIKIT_RESTRICTION_UNRESTRICTED);
static_assert(static_cast<int>(irikit::label_reason::registrable_lookalike) ==
              IRIKIT_LABEL_REGISTRABLE_LOOKALIKE);

/// A range of `text` for a part of it; {0, 0} for an empty part.
irikit_range range_of_part(std::string_view text, std::string_view part) {
  return part.empty() ? irikit_range{0, 0} : range_in(text, part);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The public suffix list

int irikit_public_suffix(const char* host, size_t host_len, irikit_range* suffix, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view h;
    if (int rc = text_arg(host, host_len, 0, err, h)) return rc;
    if (suffix == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    *suffix = range_of_part(h, irikit::public_suffix(h));
    return succeed(err);
  });
}

int irikit_registrable_domain(const char* host, size_t host_len, irikit_range* domain, int* found,
                              irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view h;
    if (int rc = text_arg(host, host_len, 0, err, h)) return rc;
    if (domain == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    const auto d = irikit::registrable_domain(h);
    *domain = d ? range_of_part(h, *d) : irikit_range{0, 0};
    if (found) *found = d ? 1 : 0;
    return succeed(err);
  });
}

const char* irikit_public_suffix_list_version(void) {
  static const std::string version(irikit::public_suffix_list_version());  // a view: NUL-terminate it
  return version.c_str();
}

// ---------------------------------------------------------------------------------------------
// A-labels

const char* irikit_a_label_status_name(int status) {
  if (!in_range(status, IRIKIT_A_LABEL_CONTEXTJ_RULE)) return nullptr;
  return c_string(irikit::a_label_status_name(static_cast<irikit::a_label_status>(status)));
}

const char* irikit_a_label_status_message(int status) {
  if (!in_range(status, IRIKIT_A_LABEL_CONTEXTJ_RULE)) return nullptr;
  return c_string(irikit::a_label_status_message(static_cast<irikit::a_label_status>(status)));
}

int irikit_a_label_status_from_name(const char* name, irikit_a_label_status* status) {
  return guarded(nullptr, [&] {
    return value_named(name, status, IRIKIT_A_LABEL_CONTEXTJ_RULE, irikit_a_label_status_name);
  });
}

int irikit_decode_a_label(const char* label, size_t label_len, irikit_a_label_status* status, char* out,
                          size_t out_size, size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view l;
    if (int rc = text_arg(label, label_len, 0, err, l)) return rc;
    if (status == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    const irikit::a_label_decoding d = irikit::decode_a_label(l);
    *status = static_cast<irikit_a_label_status>(d.status);
    return buffer.write(d.unicode, err);
  });
}

// ---------------------------------------------------------------------------------------------
// The host display policy

const char* irikit_restriction_level_name(int level) {
  if (!in_range(level, IRIKIT_RESTRICTION_UNRESTRICTED)) return nullptr;
  return c_string(irikit::restriction_level_name(static_cast<irikit::restriction_level>(level)));
}

int irikit_restriction_level_from_name(const char* name, irikit_restriction_level* level) {
  return guarded(nullptr, [&] {
    return value_named(name, level, IRIKIT_RESTRICTION_UNRESTRICTED, irikit_restriction_level_name);
  });
}

const char* irikit_label_reason_name(int reason) {
  if (!in_range(reason, IRIKIT_LABEL_REGISTRABLE_LOOKALIKE)) return nullptr;
  return c_string(irikit::label_reason_name(static_cast<irikit::label_reason>(reason)));
}

int irikit_label_reason_from_name(const char* name, irikit_label_reason* reason) {
  return guarded(nullptr, [&] {
    return value_named(name, reason, IRIKIT_LABEL_REGISTRABLE_LOOKALIKE, irikit_label_reason_name);
  });
}

void irikit_host_display_options_init(irikit_host_display_options* options) {
  if (options != nullptr) *options = IRIKIT_HOST_DISPLAY_OPTIONS_INIT;
}

namespace {

/// The caller's display options over `o`'s defaults; false for a bad size or level.
bool read_display_options(const irikit_host_display_options* options, irikit::host_display_options& o) {
  o.messages = false;  // the C forms report reasons only
  if (options == nullptr) return true;
  // The fields this build knows (irikit_c.h, ABI: `size` first).
  if (options->size < sizeof(irikit_host_display_options) ||
      !in_range(options->level, IRIKIT_RESTRICTION_UNRESTRICTED))
    return false;
  o.level = static_cast<irikit::restriction_level>(options->level);
  o.trust_tld_script = options->trust_tld_script != 0;
  return true;
}

}  // namespace

int irikit_to_iri_with_policy(const char* uri, size_t uri_len, unsigned flags, int idna,
                              const irikit_host_display_options* policy, int apply_policy, char* out,
                              size_t out_size, size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view t;
    if (int rc = text_arg(uri, uri_len, 0, err, t)) return rc;
    if (int rc = buffer.check(err)) return rc;
    irikit::to_iri_options o;
    if ((flags & ~static_cast<unsigned>(IRIKIT_TO_IRI_IDNA_TO_UNICODE)) != 0 ||
        !in_range(idna, IRIKIT_IDNA_IDNA2003) ||
        ((flags & IRIKIT_TO_IRI_IDNA_TO_UNICODE) && idna == IRIKIT_IDNA_NONE) ||
        !read_display_options(policy, o.display_policy))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    o.idna_to_unicode = (flags & IRIKIT_TO_IRI_IDNA_TO_UNICODE) != 0;
    if (idna != IRIKIT_IDNA_NONE) o.idna = static_cast<irikit::idna_mode>(idna);
    o.apply_display_policy = apply_policy != 0;
    const auto r = irikit::to_iri(t, o);
    if (!r) return fail(err, static_cast<int>(r.error().code), r.error().offset);
    return buffer.write(*r, err);
  });
}

int irikit_display_host(const char* host, size_t host_len, const irikit_host_display_options* options,
                        char* out, size_t out_size, size_t* out_len, irikit_label_display* labels,
                        size_t capacity, size_t* count, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view h;
    if (int rc = text_arg(host, host_len, 0, err, h)) return rc;
    if (int rc = buffer.check(err)) return rc;
    if (labels == nullptr && capacity != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    irikit::host_display_options o;
    if (!read_display_options(options, o)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto d = irikit::display_host(h, o);
    if (!d) return fail(err, static_cast<int>(d.error().code), d.error().offset);
    // Where each label's `shown` sits in the joined text: the labels joined with ".".
    std::size_t at = 0;
    const std::size_t n = std::min(capacity, d->labels.size());
    for (std::size_t i = 0; i < d->labels.size(); ++i) {
      const irikit::label_display& l = d->labels[i];
      if (i < n) {
        labels[i] = irikit_label_display{
            irikit_range{l.offset, l.length},
            irikit_range{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(l.shown.size())},
            l.unicode ? 1 : 0, static_cast<std::int32_t>(l.reason)};
      }
      at += l.shown.size() + 1;
    }
    if (count) *count = d->labels.size();
    // The text (with its size) whether or not the labels fit: one call can ask for both sizes.
    if (int rc = buffer.write(d->shown, err)) return rc;
    return d->labels.size() > capacity ? fail(err, IRIKIT_E_BUFFER_TOO_SMALL) : succeed(err);
  });
}
