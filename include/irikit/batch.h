// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/batch.h — validating and parsing many strings in one call.
//
// Most real URLs are 20–80 bytes: there a call's fixed work (setting up, choosing the scan,
// building the result) costs as much as the bytes. The batch functions take a span of texts and
// write one result per text into caller-owned spans, with the same verdicts, error codes, byte
// offsets and components as one validate() / parse() call per text (irikit/iri.h).
//
//   std::vector<std::string_view> urls = ...;
//   std::vector<irikit::parse_error> errors(urls.size());
//   std::size_t valid = irikit::validate_batch(urls, errors);
//   // errors[k].code == irikit::error_code::ok for a valid urls[k], else its error and offset
#ifndef IRIKIT_BATCH_H
#define IRIKIT_BATCH_H

#include <cstddef>
#include <span>
#include <string_view>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// Validates each text against `r`: errors[k] is what validate(texts[k], r, options) returns as its
/// error, with code error_code::ok (offset 0) for a valid text. Only the first
/// min(texts.size(), errors.size()) texts are looked at; returns how many of them are valid.
std::size_t validate_batch(std::span<const std::string_view> texts, std::span<parse_error> errors,
                           rule r = rule::iri_reference, const parse_options& options = {}) noexcept;

/// Parses each text against `r`: for a valid texts[k], parts[k] holds its components (what
/// parse(texts[k], r, options)->parts() holds; iri_reference_view::from_parts(texts[k], parts[k])
/// gives the view) and errors[k] has code error_code::ok; otherwise errors[k] is its error and
/// parts[k] is iri_parts{}. Only the first min(texts.size(), parts.size(), errors.size()) texts
/// are looked at; returns how many of them are valid.
std::size_t parse_batch(std::span<const std::string_view> texts, std::span<iri_parts> parts,
                        std::span<parse_error> errors, rule r = rule::iri_reference,
                        const parse_options& options = {}) noexcept;

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_BATCH_H
