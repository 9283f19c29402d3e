// SPDX-License-Identifier: MIT OR Apache-2.0
/* tests/c_api/c_api_cancel_test.c — the cancellation callback (irikit_c.h, "Cancellation"), from C99:
 * each function whose work grows with its input calls it at least once per irikit_cancel_poll_bytes()
 * (1 MiB) of input, stops with IRIKIT_E_CANCELLED ("cancelled") when it returns non-zero, and works as
 * before once it is removed. */
#include <irikit/irikit_c.h>

#include "c_check.h"

#define MIB ((size_t)1 << 20)

/* Counts its calls and cancels at call `cancel_at` (0: never). */
typedef struct counter {
  int calls;
  int cancel_at;
} counter;

static int count_calls(void* context) {
  counter* c = (counter*)context;
  c->calls++;
  return c->cancel_at != 0 && c->calls >= c->cancel_at;
}

/* "http://example.org/" followed by `unit` repeated up to `size` bytes. */
static char* make_text(const char* prefix, const char* unit, size_t size) {
  char* s = (char*)malloc(size + 1);
  size_t n = strlen(prefix), u = strlen(unit);
  memcpy(s, prefix, n);
  while (n + u <= size) {
    memcpy(s + n, unit, u);
    n += u;
  }
  while (n < size) s[n++] = 'a';
  s[size] = '\0';
  return s;
}

static size_t out_size = 64 * MIB;
static char* out;
/* the live blocks of the objects a cancelled call allocated through the caller's allocator: 0 after */
static int live = 0;
static const irikit_allocator counting = {sizeof(irikit_allocator), counting_alloc, counting_free, &live};

static int run_to_uri(const char* s, size_t n, irikit_error* err) {
  size_t len = 0;
  return irikit_to_uri(s, n, NULL, out, out_size, &len, err);
}
static int run_to_iri(const char* s, size_t n, irikit_error* err) {
  size_t len = 0;
  return irikit_to_iri(s, n, 0, IRIKIT_IDNA_UTS46, out, out_size, &len, err);
}
static int run_normalize(const char* s, size_t n, irikit_error* err) {
  size_t len = 0;
  return irikit_normalize(s, n, IRIKIT_LEVEL_SYNTAX, 0, out, out_size, &len, err);
}
static int run_lint(const char* s, size_t n, irikit_error* err) {
  irikit_lint_result* result = NULL;
  int rc = irikit_lint(s, n, NULL, &counting, &result, err);
  irikit_lint_result_free(result);
  return rc;
}
static int run_extract(const char* s, size_t n, irikit_error* err) {
  static irikit_extracted found[16];
  size_t count = 0;
  int rc = irikit_extract(s, n, 0, found, 16, &count, err);
  return rc == IRIKIT_E_BUFFER_TOO_SMALL ? IRIKIT_OK : rc;
}
static int run_url(const char* s, size_t n, irikit_error* err) {
  irikit_url* url = NULL;
  int rc = irikit_url_parse(s, n, NULL, NULL, 0, &counting, &url, err);
  irikit_url_free(url);
  return rc;
}

static int run_validate(const char* s, size_t n, irikit_error* err) {
  return irikit_validate(s, n, IRIKIT_RULE_IRI_REFERENCE, 0, err);
}
static int run_resolve(const char* s, size_t n, irikit_error* err) {
  size_t len = 0;
  return irikit_resolve("http://a/b/c", 12, s + 18, n - 18, 0, out, out_size, &len, err);
}

static int run_url_can_parse(const char* s, size_t n, irikit_error* err) {
  int ok = 0;
  int rc = irikit_url_can_parse(s, n, NULL, &ok, err);
  return rc == IRIKIT_OK && !ok ? IRIKIT_E_INTERNAL : rc;
}

typedef int (*runner)(const char*, size_t, irikit_error*);

/* `run` on an 8 MiB text: without a callback it succeeds; with one that never cancels it is called
 * at least 7 times (once per MiB after the first); with one that cancels at its third call the
 * function returns IRIKIT_E_CANCELLED, at a byte past 2 MiB. */
static void check_function(const char* name, runner run, const char* text) {
  const size_t n = strlen(text);
  counter c = {0, 0};
  irikit_error err;
  int rc;

  irikit_set_cancel_callback(NULL, NULL);
  rc = run(text, n, &err);
  if (rc != IRIKIT_OK) fprintf(stderr, "%s: %s\n", name, irikit_code_name(rc));
  CHECK_EQ_INT(rc, IRIKIT_OK);

  irikit_set_cancel_callback(count_calls, &c);
  CHECK_EQ_INT(run(text, n, &err), IRIKIT_OK);
  if (c.calls < 7) fprintf(stderr, "%s: %d calls of the callback on 8 MiB\n", name, c.calls);
  CHECK(c.calls >= 7);

  c.calls = 0;
  c.cancel_at = 3;
  rc = run(text, n, &err);
  if (rc != IRIKIT_E_CANCELLED) fprintf(stderr, "%s: %s instead of cancelled\n", name, irikit_code_name(rc));
  CHECK_EQ_INT(rc, IRIKIT_E_CANCELLED);
  CHECK_EQ_INT(err.code, IRIKIT_E_CANCELLED);
  CHECK(err.offset >= 2 * MIB);
  CHECK_EQ_INT(c.calls, 3);
  CHECK_EQ_INT(live, 0);
  irikit_set_cancel_callback(NULL, NULL);
}

int main(void) {
  const size_t n = 8 * MIB;
  char* ascii = make_text("http://example.org/", "abc/", n);
  char* utf8 = make_text("http://example.org/", "\xC3\xA9", n);
  char* pct = make_text("HTTP://EXAMPLE.org/", "%7e%C3%A9", n);
  char* prose = make_text("", "see http://a.example/x and ", n);
  irikit_error err;
  size_t len;

  (void)failing_alloc;
  out = (char*)malloc(out_size);
  CHECK_STR(irikit_code_name(IRIKIT_E_CANCELLED), "cancelled");
  CHECK_EQ_INT(irikit_cancel_poll_bytes(), MIB);
  CHECK_EQ_INT(irikit_set_cancel_callback(NULL, NULL), IRIKIT_OK);
  err.code = IRIKIT_E_CANCELLED;
  err.offset = 5;
  err.argument = 0;
  err.reserved = 0;
  CHECK_EQ_INT(irikit_error_message(&err, NULL, 0, IRIKIT_RULE_IRI_REFERENCE, out, out_size, &len),
               IRIKIT_OK);
  CHECK(strstr(out, "cancelled") != NULL);

  check_function("validate", run_validate, ascii);
  check_function("validate (percent)", run_validate, pct);
  check_function("resolve", run_resolve, ascii);
  check_function("to_uri", run_to_uri, utf8);
  check_function("to_iri", run_to_iri, pct);
  check_function("normalize", run_normalize, pct);
  check_function("lint", run_lint, ascii);
  check_function("extract", run_extract, prose);
  check_function("url_parse", run_url, ascii);
  check_function("url_can_parse", run_url_can_parse, ascii);

  /* no partial output: a cancelled call leaves the caller's buffer as it was */
  {
    counter c = {0, 3};
    irikit_error e2;
    size_t got = 0;
    memset(out, 'x', 16);
    irikit_set_cancel_callback(count_calls, &c);
    CHECK_EQ_INT(irikit_to_uri(utf8, n, NULL, out, out_size, &got, &e2), IRIKIT_E_CANCELLED);
    CHECK_EQ_INT(e2.code, IRIKIT_E_CANCELLED);
    CHECK(out[0] == 'x' && out[15] == 'x');
    c.calls = 0;
    memset(out, 'x', 16);
    CHECK_EQ_INT(irikit_normalize(pct, n, IRIKIT_LEVEL_SYNTAX, 0, out, out_size, &got, &e2),
                 IRIKIT_E_CANCELLED);
    CHECK(out[0] == 'x' && out[15] == 'x');
    irikit_set_cancel_callback(NULL, NULL);
  }

  /* a short text never calls the callback */
  {
    counter c = {0, 1};
    irikit_set_cancel_callback(count_calls, &c);
    CHECK_EQ_INT(irikit_to_uri("http://a/\xC3\xA9", 11, NULL, out, out_size, &len, NULL), IRIKIT_OK);
    CHECK_EQ_INT(c.calls, 0);
    irikit_set_cancel_callback(NULL, NULL);
  }

  free(ascii);
  free(utf8);
  free(pct);
  free(prose);
  free(out);
  printf("c_api cancel: %d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
