// SPDX-License-Identifier: MIT OR Apache-2.0
/* Lint and extraction from C: findings owned by an opaque result (here allocated through a
 * caller's allocator that counts), IRIs found in running text as ranges of it. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int live_blocks = 0;

static void* counted_alloc(void* context, size_t bytes) {
  (void)context;
  ++live_blocks;
  return malloc(bytes);
}

static void counted_free(void* context, void* pointer) {
  (void)context;
  --live_blocks;
  free(pointer);
}

int main(void) {
  const char* iri = "http://раураl.com/%c3%a9";
  const char* text = "Voir https://例え.jp/パス, ou <http://example.org/a b>.";
  irikit_allocator allocator = {sizeof(irikit_allocator), counted_alloc, counted_free, NULL};
  irikit_lint_result* result = NULL;
  irikit_lint_finding finding = IRIKIT_LINT_FINDING_INIT;
  irikit_extracted found[8];
  irikit_error err;
  size_t i, count = 0;

  if (irikit_lint(iri, strlen(iri), NULL, &allocator, &result, &err) != IRIKIT_OK) return 1;
  printf("%s: %u findings (%d block held)\n", iri, (unsigned)irikit_lint_result_count(result), live_blocks);
  for (i = 0; i < irikit_lint_result_count(result); ++i) {
    irikit_lint_result_get(result, i, &finding);
    printf("  %s %s bytes %u+%u: %s\n", irikit_severity_name(finding.severity), finding.rule,
           (unsigned)finding.span.offset, (unsigned)finding.span.length, finding.message);
  }
  irikit_lint_result_free(result);
  printf("after free: %d blocks held\n", live_blocks);

  if (irikit_extract(text, strlen(text), 0, found, 8, &count, &err) != IRIKIT_OK) return 1;
  for (i = 0; i < count; ++i)
    printf("found %s IRI at %u..%u: %.*s\n", irikit_extracted_form_name(found[i].form),
           (unsigned)found[i].span.offset, (unsigned)(found[i].span.offset + found[i].span.length),
           (int)found[i].span.length, text + found[i].span.offset);
  return 0;
}
