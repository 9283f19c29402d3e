// SPDX-License-Identifier: MIT OR Apache-2.0
/* Building and editing from C: an irikit_builder whose setters encode for you, the path as
 * segments and the query as parameters, and a failed edit that changes nothing. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  irikit_builder* b = NULL;
  irikit_error err;
  char key[64], value[64];
  size_t i;

  if (irikit_builder_new("https://example.org", 19, IRIKIT_RULE_IRI, NULL, &b, &err) != IRIKIT_OK) return 1;
  irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "例え.jp", strlen("例え.jp"), &err);
  irikit_builder_segment_push_back(b, "docs", 4, &err);
  irikit_builder_segment_push_back(b, "a/b c", 5, &err); /* "/" and " " encoded in a segment */
  irikit_builder_param_append(b, IRIKIT_QUERY_FORM, "q", 1, "rock & roll", 11, &err);
  irikit_builder_param_append(b, IRIKIT_QUERY_FORM, "lang", 4, "ja", 2, &err);
  irikit_builder_set(b, IRIKIT_COMPONENT_FRAGMENT, "章 1", strlen("章 1"), &err);
  printf("built:    %s\n", irikit_builder_text(b, NULL));

  irikit_builder_param_set(b, IRIKIT_QUERY_FORM, "lang", 4, "en", 2, &err);
  irikit_builder_param_sort(b, IRIKIT_QUERY_FORM, &err);
  irikit_builder_remove(b, IRIKIT_COMPONENT_FRAGMENT, &err);
  printf("edited:   %s\n", irikit_builder_text(b, NULL));
  for (i = 0; i < irikit_builder_param_count(b); ++i) {
    irikit_builder_param_get(b, IRIKIT_QUERY_FORM, i, key, sizeof key, NULL, value, sizeof value, NULL, NULL,
                             &err);
    printf("  param %u: \"%s\" = \"%s\"\n", (unsigned)i, key, value);
  }

  /* A port with a letter: the library's code and offset, and the text as it was. */
  if (irikit_builder_set(b, IRIKIT_COMPONENT_PORT, "80a", 3, &err) != IRIKIT_OK)
    printf("set port \"80a\": %s at byte %u\n", irikit_code_name(err.code), (unsigned)err.offset);
  printf("unchanged: %s\n", irikit_builder_text(b, NULL));
  irikit_builder_free(b);
  return 0;
}
