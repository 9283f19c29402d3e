// SPDX-License-Identifier: MIT OR Apache-2.0
/* The C interface's host and batch functions added for issue 35 (irikit_c.h "Hosts" and
 * "Batches"), from C99 against the shared library: expected values, NULL pointers, zero-length
 * and huge inputs, buffers too small (the documented codes), and agreement with the one-text
 * functions. Public suffix list: https://publicsuffix.org/list/; A-labels: RFC 5891 §5.4, RFC 3492;
 * display policy: docs/host-display.md (UTS #39). */
#include <irikit/irikit_c.h>
#include <stdint.h>

#include "c_check.h"

#define S(literal) literal, sizeof(literal) - 1

static void test_public_suffix(void) {
  const char* host = "www.example.co.uk";
  irikit_range r = {99, 99};
  irikit_error err;
  int found = -1;
  CHECK_EQ_INT(irikit_public_suffix(host, strlen(host), &r, &err), IRIKIT_OK);
  CHECK_EQ_INT(r.offset, 12);
  CHECK_EQ_INT(r.length, 5); /* "co.uk" */
  CHECK_EQ_INT(irikit_registrable_domain(host, strlen(host), &r, &found, &err), IRIKIT_OK);
  CHECK_EQ_INT(found, 1);
  CHECK_EQ_INT(r.offset, 4);
  CHECK_EQ_INT(r.length, 13); /* "example.co.uk" */
  /* A public suffix itself has no registrable domain; nor has the empty host (NULL, 0). */
  CHECK_EQ_INT(irikit_registrable_domain(S("co.uk"), &r, &found, &err), IRIKIT_OK);
  CHECK_EQ_INT(found, 0);
  CHECK_EQ_INT(r.length, 0);
  CHECK_EQ_INT(irikit_registrable_domain(NULL, 0, &r, NULL, &err), IRIKIT_OK);
  CHECK_EQ_INT(r.length, 0);
  CHECK_EQ_INT(irikit_public_suffix(NULL, 0, &r, &err), IRIKIT_OK);
  CHECK_EQ_INT(r.length, 0);
  /* Bad arguments. */
  CHECK_EQ_INT(irikit_public_suffix(NULL, 3, &r, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(err.code, IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_public_suffix(host, strlen(host), NULL, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_registrable_domain(host, strlen(host), NULL, NULL, NULL), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_public_suffix(host, (size_t)UINT32_MAX, &r, &err), IRIKIT_E_INPUT_TOO_LONG);
  CHECK_EQ_INT(irikit_registrable_domain(host, SIZE_MAX, &r, NULL, &err), IRIKIT_E_INPUT_TOO_LONG);
  CHECK(strncmp(irikit_public_suffix_list_version(), "", 1) != 0);
}

static void test_a_labels(void) {
  char out[64];
  size_t n = 0;
  irikit_a_label_status status = IRIKIT_A_LABEL_NOT_A_LABEL;
  irikit_a_label_status named;
  irikit_error err;
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--bcher-kva"), &status, out, sizeof out, &n, &err), IRIKIT_OK);
  CHECK_EQ_INT(status, IRIKIT_A_LABEL_OK);
  CHECK_STR(out,
            "b\xC3\xBC"
            "cher");
  CHECK_EQ_INT(n, 7);
  /* Not valid: a status, not an error; the decoded text is there when the Punycode decodes. */
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--abc-"), &status, out, sizeof out, &n, &err), IRIKIT_OK);
  CHECK_EQ_INT(status, IRIKIT_A_LABEL_DECODES_TO_ASCII);
  CHECK_STR(out, "abc");
  CHECK_EQ_INT(irikit_decode_a_label(S("example"), &status, out, sizeof out, &n, &err), IRIKIT_OK);
  CHECK_EQ_INT(status, IRIKIT_A_LABEL_NOT_A_LABEL);
  CHECK_EQ_INT(n, 0);
  CHECK_EQ_INT(irikit_decode_a_label(NULL, 0, &status, out, sizeof out, &n, &err), IRIKIT_OK);
  CHECK_EQ_INT(status, IRIKIT_A_LABEL_NOT_A_LABEL);
  /* Buffer too small: the status and the size are given all the same. */
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--bcher-kva"), &status, out, 4, &n, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(status, IRIKIT_A_LABEL_OK);
  CHECK_EQ_INT(n, 7);
  CHECK_EQ_INT(out[0], 0);
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--bcher-kva"), &status, NULL, 0, &n, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(n, 7);
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--bcher-kva"), &status, NULL, 8, &n, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_decode_a_label(S("xn--bcher-kva"), NULL, out, sizeof out, &n, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_decode_a_label(NULL, 1, &status, out, sizeof out, &n, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_decode_a_label(out, (size_t)UINT32_MAX + 1, &status, out, sizeof out, &n, &err),
               IRIKIT_E_INPUT_TOO_LONG);
  /* Names, both ways; NULL past the last value. */
  CHECK_STR(irikit_a_label_status_name(IRIKIT_A_LABEL_BAD_PUNYCODE), "bad-punycode");
  CHECK_STR(irikit_a_label_status_name(IRIKIT_A_LABEL_CONTEXTJ_RULE), "contextj-rule");
  CHECK(irikit_a_label_status_name(IRIKIT_A_LABEL_CONTEXTJ_RULE + 1) == NULL);
  CHECK(irikit_a_label_status_name(-1) == NULL);
  CHECK_STR(irikit_a_label_status_message(IRIKIT_A_LABEL_OVERFLOW),
            "its Punycode integers overflow (RFC 3492 §6.4)");
  CHECK(irikit_a_label_status_message(99) == NULL);
  CHECK_EQ_INT(irikit_a_label_status_from_name("not-nfc", &named), IRIKIT_OK);
  CHECK_EQ_INT(named, IRIKIT_A_LABEL_NOT_NFC);
  CHECK_EQ_INT(irikit_a_label_status_from_name("nope", &named), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_a_label_status_from_name(NULL, &named), IRIKIT_E_NULL_ARGUMENT);
}

static void test_display_host(void) {
  char out[64];
  size_t n = 0, count = 0;
  irikit_label_display labels[4];
  irikit_host_display_options options;
  irikit_restriction_level level;
  irikit_label_reason reason;
  irikit_error err;
  CHECK_EQ_INT(irikit_display_host(S("xn--bcher-kva.de"), NULL, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_OK);
  CHECK_STR(out,
            "b\xC3\xBC"
            "cher.de");
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(labels[0].label.offset, 0);
  CHECK_EQ_INT(labels[0].label.length, 13);
  CHECK_EQ_INT(labels[0].shown.offset, 0);
  CHECK_EQ_INT(labels[0].shown.length, 7);
  CHECK_EQ_INT(labels[0].unicode, 1);
  CHECK_EQ_INT(labels[0].reason, IRIKIT_LABEL_SAFE);
  CHECK_EQ_INT(labels[1].label.offset, 14);
  CHECK_EQ_INT(labels[1].shown.offset, 8);
  CHECK_EQ_INT(labels[1].reason, IRIKIT_LABEL_ASCII);
  /* Cyrillic "аррӏе" looks like ASCII "apple": kept as its A-label (UTS #39 §4). */
  CHECK_EQ_INT(
      irikit_display_host(S("xn--80ak6aa92e.com"), NULL, out, sizeof out, &n, labels, 4, &count, &err),
      IRIKIT_OK);
  CHECK_STR(out, "xn--80ak6aa92e.com");
  CHECK_EQ_INT(labels[0].unicode, 0);
  CHECK_EQ_INT(labels[0].reason, IRIKIT_LABEL_ASCII_LOOKALIKE);
  /* Options: ascii-only keeps every A-label. */
  irikit_host_display_options_init(&options);
  CHECK_EQ_INT(options.size, sizeof options);
  CHECK_EQ_INT(options.level, IRIKIT_RESTRICTION_MODERATELY_RESTRICTIVE);
  CHECK_EQ_INT(options.trust_tld_script, 1);
  options.level = IRIKIT_RESTRICTION_ASCII_ONLY;
  CHECK_EQ_INT(
      irikit_display_host(S("xn--bcher-kva.de"), &options, out, sizeof out, &n, labels, 4, &count, &err),
      IRIKIT_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK_EQ_INT(labels[0].reason, IRIKIT_LABEL_RESTRICTION_LEVEL);
  options.level = IRIKIT_RESTRICTION_UNRESTRICTED + 1;
  CHECK_EQ_INT(irikit_display_host(S("a.de"), &options, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  options.level = IRIKIT_RESTRICTION_SINGLE_SCRIPT;
  options.size = 4;
  CHECK_EQ_INT(irikit_display_host(S("a.de"), &options, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  /* Buffers too small: sizes reported either way. */
  CHECK_EQ_INT(irikit_display_host(S("xn--bcher-kva.de"), NULL, out, 5, &n, labels, 4, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(n, 10);
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(irikit_display_host(S("xn--bcher-kva.de"), NULL, out, sizeof out, &n, labels, 1, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(labels[0].unicode, 1);
  CHECK_EQ_INT(irikit_display_host(S("xn--bcher-kva.de"), NULL, NULL, 0, &n, NULL, 0, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(n, 10);
  /* Empty, NULL, invalid UTF-8, huge. */
  CHECK_EQ_INT(irikit_display_host(NULL, 0, NULL, out, sizeof out, &n, labels, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(n, 0);
  CHECK_EQ_INT(irikit_display_host(NULL, 2, NULL, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_display_host(S("a.de"), NULL, NULL, 8, &n, labels, 4, &count, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_display_host(S("a.de"), NULL, out, sizeof out, &n, NULL, 4, &count, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_display_host(S("ab\xFF.de"), NULL, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_E_UTF8_INVALID_BYTE);
  CHECK_EQ_INT(err.offset, 2);
  CHECK_EQ_INT(irikit_display_host(out, SIZE_MAX, NULL, out, sizeof out, &n, labels, 4, &count, &err),
               IRIKIT_E_INPUT_TOO_LONG);
  /* Names. */
  CHECK_STR(irikit_restriction_level_name(IRIKIT_RESTRICTION_HIGHLY_RESTRICTIVE), "highly-restrictive");
  CHECK(irikit_restriction_level_name(IRIKIT_RESTRICTION_UNRESTRICTED + 1) == NULL);
  CHECK_EQ_INT(irikit_restriction_level_from_name("single-script", &level), IRIKIT_OK);
  CHECK_EQ_INT(level, IRIKIT_RESTRICTION_SINGLE_SCRIPT);
  CHECK_EQ_INT(irikit_restriction_level_from_name("lax", &level), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_STR(irikit_label_reason_name(IRIKIT_LABEL_ASCII_LOOKALIKE), "ascii-lookalike");
  CHECK(irikit_label_reason_name(-1) == NULL);
  CHECK_EQ_INT(irikit_label_reason_from_name("tld-script", &reason), IRIKIT_OK);
  CHECK_EQ_INT(reason, IRIKIT_LABEL_TLD_SCRIPT);
  CHECK_EQ_INT(irikit_label_reason_from_name(NULL, &reason), IRIKIT_E_NULL_ARGUMENT);
}

static void test_to_iri_with_policy(void) {
  char out[64];
  size_t n = 0;
  irikit_host_display_options policy = IRIKIT_HOST_DISPLAY_OPTIONS_INIT;
  irikit_error err;
  /* RFC 3987 §3.2.1 ToUnicode, limited by the display policy (§7.5, §8; docs/host-display.md). */
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://xn--bcher-kva.de/"), IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                                         IRIKIT_IDNA_UTS46, NULL, 1, out, sizeof out, &n, &err),
               IRIKIT_OK);
  CHECK_STR(out,
            "http://b\xC3\xBC"
            "cher.de/");
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://xn--80ak6aa92e.com/"), IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                                         IRIKIT_IDNA_UTS46, NULL, 1, out, sizeof out, &n, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://xn--80ak6aa92e.com/");
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://xn--80ak6aa92e.com/"), IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                                         IRIKIT_IDNA_UTS46, NULL, 0, out, sizeof out, &n, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com/");
  policy.level = IRIKIT_RESTRICTION_ASCII_ONLY;
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://xn--bcher-kva.de/"), IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                                         IRIKIT_IDNA_UTS46, &policy, 1, out, sizeof out, &n, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://xn--bcher-kva.de/");
  /* The same as irikit_to_iri without IDNA; bad arguments; buffers. */
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://a/%C3%BC"), 0, IRIKIT_IDNA_NONE, NULL, 1, out, sizeof out,
                                         &n, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://a/\xC3\xBC");
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://a/"), IRIKIT_TO_IRI_IDNA_TO_UNICODE, IRIKIT_IDNA_NONE,
                                         NULL, 1, out, sizeof out, &n, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  policy.level = -1;
  CHECK_EQ_INT(
      irikit_to_iri_with_policy(S("http://a/"), 0, IRIKIT_IDNA_NONE, &policy, 1, out, sizeof out, &n, &err),
      IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(
      irikit_to_iri_with_policy(S("http://a b/"), 0, IRIKIT_IDNA_NONE, NULL, 1, out, sizeof out, &n, &err),
      IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(err.offset, 8);
  CHECK_EQ_INT(irikit_to_iri_with_policy(S("http://a/"), 0, IRIKIT_IDNA_NONE, NULL, 1, out, 3, &n, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(n, 9);
  CHECK_EQ_INT(irikit_to_iri_with_policy(NULL, 4, 0, IRIKIT_IDNA_NONE, NULL, 1, out, sizeof out, &n, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(
      irikit_to_iri_with_policy(out, SIZE_MAX, 0, IRIKIT_IDNA_NONE, NULL, 1, out, sizeof out, &n, &err),
      IRIKIT_E_INPUT_TOO_LONG);
}

static void test_batches(void) {
  const char* texts[5] = {"http://a/b?q#f", "http://a b/", NULL, "b", NULL};
  size_t lengths[5] = {14, 11, 0, 1, 7};
  irikit_error errors[5];
  irikit_components components[5];
  irikit_components fresh = IRIKIT_COMPONENTS_INIT;
  size_t valid = 99;
  int k;
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 5, IRIKIT_RULE_IRI_REFERENCE, 0, errors, &valid),
               IRIKIT_OK);
  CHECK_EQ_INT(valid, 3); /* the first, the empty text (NULL, 0) and "b" */
  CHECK_EQ_INT(errors[0].code, IRIKIT_OK);
  CHECK_EQ_INT(errors[1].code, IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(errors[1].offset, 8);
  CHECK_EQ_INT(errors[2].code, IRIKIT_OK);
  CHECK_EQ_INT(errors[3].code, IRIKIT_OK);
  CHECK_EQ_INT(errors[4].code, IRIKIT_E_NULL_ARGUMENT); /* NULL with a length */
  /* The same verdicts as one irikit_validate per text. */
  for (k = 0; k < 5; ++k) {
    irikit_error one;
    CHECK_EQ_INT(irikit_validate(texts[k], lengths[k], IRIKIT_RULE_IRI_REFERENCE, 0, &one), errors[k].code);
    CHECK_EQ_INT(one.offset, errors[k].offset);
  }
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 4, IRIKIT_RULE_IRI, 0, errors, &valid), IRIKIT_OK);
  CHECK_EQ_INT(valid, 1);
  CHECK_EQ_INT(errors[3].code, IRIKIT_E_MISSING_SCHEME);
  for (k = 0; k < 5; ++k) components[k] = fresh;
  CHECK_EQ_INT(
      irikit_parse_batch(texts, lengths, 4, IRIKIT_RULE_IRI_REFERENCE, 0, components, errors, &valid),
      IRIKIT_OK);
  CHECK_EQ_INT(valid, 3);
  CHECK_EQ_INT(components[0].present,
               IRIKIT_HAS_SCHEME | IRIKIT_HAS_AUTHORITY | IRIKIT_HAS_QUERY | IRIKIT_HAS_FRAGMENT);
  CHECK_EQ_INT(components[0].host.offset, 7);
  CHECK_EQ_INT(components[0].host.length, 1);
  CHECK_EQ_INT(components[0].path.offset, 8);
  CHECK_EQ_INT(components[0].query.offset, 11);
  CHECK_EQ_INT(components[0].fragment.offset, 13);
  CHECK_EQ_INT(components[0].port_number, -1);
  CHECK_EQ_INT(components[1].present, 0); /* invalid: left as it was */
  CHECK_EQ_INT(components[3].path.length, 1);
  /* Bad calls: nothing is looked at. */
  CHECK_EQ_INT(irikit_validate_batch(NULL, lengths, 1, IRIKIT_RULE_IRI, 0, errors, &valid),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_validate_batch(texts, NULL, 1, IRIKIT_RULE_IRI, 0, errors, &valid),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 1, IRIKIT_RULE_IRI, 0, NULL, &valid),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 1, IRIKIT_RULE_LEIRI + 1, 0, errors, &valid),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 1, IRIKIT_RULE_IRI, 0x80u, errors, &valid),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_validate_batch(NULL, NULL, 0, IRIKIT_RULE_IRI, 0, NULL, &valid), IRIKIT_OK);
  CHECK_EQ_INT(valid, 0);
  CHECK_EQ_INT(irikit_parse_batch(texts, lengths, 1, IRIKIT_RULE_IRI, 0, NULL, errors, &valid),
               IRIKIT_E_NULL_ARGUMENT);
  components[2].size = 8;
  CHECK_EQ_INT(irikit_parse_batch(texts, lengths, 3, IRIKIT_RULE_IRI, 0, components, errors, &valid),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_parse_batch(NULL, NULL, 0, IRIKIT_RULE_IRI, 0, NULL, NULL, NULL), IRIKIT_OK);
  /* A huge text (by its length, never read) is an error of its own item only. */
  lengths[4] = (size_t)UINT32_MAX;
  texts[4] = "x";
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, 5, IRIKIT_RULE_IRI_REFERENCE, 0, errors, &valid),
               IRIKIT_OK);
  CHECK_EQ_INT(errors[4].code, IRIKIT_E_INPUT_TOO_LONG);
  CHECK_EQ_INT(valid, 3);
}

static void test_many(void) {
  /* More texts than one internal chunk (256): results stay in place. */
  enum { n = 1000 };
  static const char* texts[n];
  static size_t lengths[n];
  static irikit_error errors[n];
  size_t valid = 0;
  int k, bad = 0;
  for (k = 0; k < n; ++k) {
    texts[k] = k % 97 == 0 ? "http://a b/" : "http://a/";
    lengths[k] = strlen(texts[k]);
  }
  CHECK_EQ_INT(irikit_validate_batch(texts, lengths, n, IRIKIT_RULE_IRI, 0, errors, &valid), IRIKIT_OK);
  for (k = 0; k < n; ++k) {
    if (errors[k].code != (k % 97 == 0 ? IRIKIT_E_INVALID_HOST_CHAR : IRIKIT_OK)) ++bad;
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(valid, n - 11);
}

int main(void) {
  (void)counting_alloc; /* c_check.h's allocators serve the other C tests */
  (void)counting_free;
  (void)failing_alloc;
  test_public_suffix();
  test_a_labels();
  test_display_host();
  test_to_iri_with_policy();
  test_batches();
  test_many();
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
