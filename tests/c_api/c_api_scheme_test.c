// SPDX-License-Identifier: MIT OR Apache-2.0
/* The scheme registry and lint profiles of the C interface (irikit_c.h, "Scheme registry and
 * scheme rules"), from C99: registry lookup, profiles, irikit_lint_with_profile, and the scheme
 * rung of irikit_normalize / irikit_equivalent (RFC 3987 §5.3.3, RFC 8141 §3). */
#include <string.h>

#include "c_check.h"
#include "irikit/irikit_c.h"

static void test_registry(void) {
  irikit_scheme_info info = IRIKIT_SCHEME_INFO_INIT;
  irikit_scheme_info small = IRIKIT_SCHEME_INFO_INIT;
  size_t i;
  CHECK_EQ_INT(irikit_scheme_count(), 17);
  CHECK_EQ_INT(irikit_scheme_get(0, &info), IRIKIT_OK);
  CHECK_STR(info.name, "http");
  CHECK_EQ_INT(info.default_port, 80);
  CHECK_EQ_INT(info.requires_host, 1);
  CHECK_STR(info.reference, "RFC 9110 §4.2.1");
  CHECK_EQ_INT(irikit_scheme_get(17, &info), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_scheme_get(0, NULL), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_scheme_find("WSS", 3, &info), IRIKIT_OK);
  CHECK_STR(info.name, "wss");
  CHECK_EQ_INT(info.default_port, 443);
  CHECK_EQ_INT(irikit_scheme_find("urn:UUID", 8, &info), IRIKIT_OK);
  CHECK_STR(info.name, "urn:uuid");
  CHECK_EQ_INT(info.default_port, -1);
  CHECK_EQ_INT(irikit_scheme_find("gopher://", 6, &info), IRIKIT_OK); /* only name_len bytes count */
  CHECK_EQ_INT(info.default_port, 70);
  CHECK_EQ_INT(irikit_scheme_find("nope", 4, &info), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_scheme_find(NULL, 1, &info), IRIKIT_E_NULL_ARGUMENT);
  small.size = 4;
  CHECK_EQ_INT(irikit_scheme_find("http", 4, &small), IRIKIT_E_INVALID_ARGUMENT);
  for (i = 0; i < irikit_scheme_count(); ++i) {
    CHECK_EQ_INT(irikit_scheme_get(i, &info), IRIKIT_OK);
    CHECK(info.normalization != NULL && info.normalization[0] != '\0');
  }
}

static void test_profiles(void) {
  irikit_lint_result* r = NULL;
  irikit_lint_finding f = IRIKIT_LINT_FINDING_INIT;
  irikit_lint_options o;
  irikit_lint_override off = {"scheme-urn-nid", IRIKIT_SEVERITY_OFF};
  irikit_error err;
  CHECK_EQ_INT(irikit_lint_profile_count(), 4);
  CHECK_STR(irikit_lint_profile_name(0), "default");
  CHECK_STR(irikit_lint_profile_name(3), "strict");
  CHECK(irikit_lint_profile_name(4) == NULL);

  /* RFC 8141 §2: a one-letter NID; a warning by default, an error in "rdf". */
  CHECK_EQ_INT(irikit_lint_with_profile("urn:a:b", 7, NULL, NULL, NULL, &r, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_lint_result_count(r), 1);
  CHECK_EQ_INT(irikit_lint_result_get(r, 0, &f), IRIKIT_OK);
  CHECK_STR(f.rule, "scheme-urn-nid");
  CHECK_EQ_INT(f.severity, IRIKIT_SEVERITY_WARNING);
  CHECK_EQ_INT(f.span.offset, 4);
  CHECK_EQ_INT(f.span.length, 1);
  irikit_lint_result_free(r);
  r = NULL;
  CHECK_EQ_INT(irikit_lint_with_profile("urn:a:b", 7, NULL, "rdf", NULL, &r, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_lint_result_get(r, 0, &f), IRIKIT_OK);
  CHECK_EQ_INT(f.severity, IRIKIT_SEVERITY_ERROR);
  irikit_lint_result_free(r);
  r = NULL;
  /* The caller's overrides win over the profile. */
  irikit_lint_options_init(&o);
  o.overrides = &off;
  o.override_count = 1;
  CHECK_EQ_INT(irikit_lint_with_profile("urn:a:b", 7, &o, "strict", NULL, &r, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_lint_result_count(r), 0);
  irikit_lint_result_free(r);
  r = NULL;
  CHECK_EQ_INT(irikit_lint_with_profile("urn:a:b", 7, NULL, "loose", NULL, &r, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(err.argument, 3);
  CHECK(r == NULL);
  /* The caller's allocator holds the result; a failing one gives IRIKIT_E_OUT_OF_MEMORY. */
  {
    int live = 0;
    irikit_allocator counting, failing;
    counting.size = sizeof counting;
    counting.alloc = counting_alloc;
    counting.free = counting_free;
    counting.context = &live;
    failing = counting;
    failing.alloc = failing_alloc;
    CHECK_EQ_INT(irikit_lint_with_profile("did:Example:1", 13, NULL, "web", &counting, &r, &err), IRIKIT_OK);
    CHECK_EQ_INT(live, 1);
    CHECK_EQ_INT(irikit_lint_result_get(r, 0, &f), IRIKIT_OK);
    CHECK_STR(f.rule, "scheme-did-syntax");
    CHECK_EQ_INT(f.severity, IRIKIT_SEVERITY_WARNING);
    irikit_lint_result_free(r);
    r = NULL;
    CHECK_EQ_INT(live, 0);
    CHECK_EQ_INT(irikit_lint_with_profile("did:Example:1", 13, NULL, "web", &failing, &r, &err),
                 IRIKIT_E_OUT_OF_MEMORY);
  }
  /* A parse error stays the parse error. */
  CHECK_EQ_INT(irikit_lint_with_profile("http://a b", 10, NULL, "web", NULL, &r, &err), IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(err.offset, 8);
}

static void test_scheme_rung(void) {
  char out[128];
  size_t len = 0;
  int eq = 0;
  irikit_error err;
  const char* uuid = "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6";
  CHECK_EQ_INT(irikit_normalize(uuid, strlen(uuid), IRIKIT_LEVEL_SCHEME, 0, out, sizeof out, &len, &err), IRIKIT_OK);
  CHECK_STR(out, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
  CHECK_EQ_INT(irikit_normalize("mailto:Joe@Example.COM", 22, IRIKIT_LEVEL_SCHEME, 0, out, sizeof out, &len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "mailto:Joe@example.com");
  CHECK_EQ_INT(irikit_equivalent("urn:example:a123,z456", 21, "URN:EXAMPLE:a123,z456?+abc#789", 30,
                                 IRIKIT_LEVEL_SCHEME, 0, &eq, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(eq, 1);
  CHECK_EQ_INT(irikit_equivalent("urn:example:a123,z456", 21, "urn:example:A123,z456", 21, IRIKIT_LEVEL_SCHEME, 0,
                                 &eq, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(eq, 0);
}

int main(void) {
  test_registry();
  test_profiles();
  test_scheme_rung();
  printf("c_api_scheme_test: %d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
