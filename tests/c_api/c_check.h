// SPDX-License-Identifier: MIT OR Apache-2.0
/* The checks and allocators the C tests of the C interface share (c_api_test.c,
 * c_api_whatwg_test.c): each test program counts its checks and failures and prints both. */
#ifndef IRIKIT_TESTS_C_API_C_CHECK_H
#define IRIKIT_TESTS_C_API_C_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_EQ_INT(actual, expected)                                                            \
  do {                                                                                            \
    long long a_ = (long long)(actual), e_ = (long long)(expected);                               \
    ++checks;                                                                                     \
    if (a_ != e_) {                                                                               \
      ++failures;                                                                                 \
      fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #actual, a_, e_); \
    }                                                                                             \
  } while (0)

#define CHECK_STR(actual, expected)                                                          \
  do {                                                                                       \
    const char *a_ = (actual), *e_ = (expected);                                             \
    ++checks;                                                                                \
    if (a_ == NULL || strcmp(a_, e_) != 0) {                                                 \
      ++failures;                                                                            \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual, \
              a_ ? a_ : "(null)", e_);                                                       \
    }                                                                                        \
  } while (0)

/* An irikit_allocator pair that counts the live blocks in the int its context points to, and an
 * alloc that always fails. */
static void* counting_alloc(void* context, size_t bytes) {
  ++*(int*)context;
  return malloc(bytes);
}
static void counting_free(void* context, void* p) {
  --*(int*)context;
  free(p);
}
static void* failing_alloc(void* context, size_t bytes) {
  (void)context;
  (void)bytes;
  return NULL;
}

#endif /* IRIKIT_TESTS_C_API_C_CHECK_H */
