// SPDX-License-Identifier: MIT OR Apache-2.0
/* bench/cancel_gaps.c — how long each operation works between two questions to the cancellation
 * hook (irikit_c.h, "Cancellation"), on the values of postgres/sql/cancel.sql (40–162 MB): the
 * longest gap, where it ended, and the time after the last question. A statement is cancelled
 * within (longest gap + the caller's own work) of its timeout, so a pass over a long value that
 * never asks shows up here as a gap far above the per-MiB one. By hand, against any build:
 *
 *   cc -O2 -Iinclude bench/cancel_gaps.c -Lbuild/dev/src -lirikit -Wl,-rpath,$PWD/build/dev/src \
 *      -o /tmp/cancel_gaps && /tmp/cancel_gaps
 *
 * Needs about 2.5 GB of memory. Figures in bench/RESULTS.md. */
#define _POSIX_C_SOURCE 199309L
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double start, last, longest, longest_end;
static long questions;

static int never(void* context) {
  (void)context;
  const double t = now();
  if (t - last > longest) {
    longest = t - last;
    longest_end = t - start;
  }
  last = t;
  ++questions;
  return 0;
}

/* head, then `unit` `times` times, then tail */
static char* repeat(const char* head, const char* unit, size_t times, const char* tail, size_t* n) {
  const size_t h = strlen(head), u = strlen(unit), t = strlen(tail);
  *n = h + u * times + t;
  char* s = malloc(*n + 1);
  if (s == NULL) exit(1);
  memcpy(s, head, h);
  for (size_t i = 0; i < times; i++) memcpy(s + h + i * u, unit, u);
  memcpy(s + h + u * times, tail, t);
  s[*n] = 0;
  return s;
}

#define MEASURE(name, call)                                                                                \
  do {                                                                                                     \
    questions = 0;                                                                                         \
    longest = 0;                                                                                           \
    start = last = now();                                                                                  \
    const int rc = (call);                                                                                 \
    const double end = now();                                                                              \
    printf(                                                                                                \
        "%-22s %-10s %8.3f s %6ld questions, longest gap %.3f s (ended at %.3f s), after the last "        \
        "%.3f s\n",                                                                                        \
        name, rc == IRIKIT_OK ? "ok" : irikit_code_name(rc), end - start, questions, longest, longest_end, \
        end - last);                                                                                       \
    fflush(stdout);                                                                                        \
  } while (0)

int main(void) {
  size_t n_utf8, n_pct, n_url, n_data, n_mailto, n_mailtos, n_prose, len;
  char* utf8 = repeat("http://example.org/", "\xC3\xA9", 20000000, "", &n_utf8);
  char* pct = repeat("HTTP://EXAMPLE.org/", "%7e%C3%A9", 4000000, "", &n_pct);
  char* url = repeat("https://example.org/", "abcdefghij", 15000000, "", &n_url);
  char* data = repeat("data:text/plain;base64,", "QUFB", 40000000, "", &n_data);
  char* mailto = repeat("mailto:", "a", 150000000, "@example.org", &n_mailto);
  char* mailtos = repeat("mailto:", "a,", 50000000, "b@EXAMPLE.ORG", &n_mailtos);
  char* prose = repeat("", "see http://a.example/x and ", 6000000, "", &n_prose);
  const size_t capacity = (size_t)1 << 30;
  char* out = malloc(capacity);
  irikit_extracted* found = malloc(6000000 * sizeof *found);
  if (out == NULL || found == NULL) return 1;
  irikit_error err;
  irikit_set_cancel_callback(never, NULL);

  irikit_to_uri_options to_uri;
  irikit_to_uri_options_init(&to_uri);
  MEASURE("to_uri", irikit_to_uri(utf8, n_utf8, &to_uri, out, capacity, &len, &err));
  MEASURE("to_iri", irikit_to_iri(pct, n_pct, 0, 0, out, capacity, &len, &err));
  MEASURE("normalize", irikit_normalize(pct, n_pct, IRIKIT_LEVEL_SYNTAX, 0, out, capacity, &len, &err));
  int same;
  MEASURE("equivalent", irikit_equivalent(pct, n_pct, pct, n_pct, IRIKIT_LEVEL_SYNTAX, 0, &same, &err));
  MEASURE("normalize mailto",
          irikit_normalize(mailtos, n_mailtos, IRIKIT_LEVEL_SCHEME, 0, out, capacity, &len, &err));
  irikit_lint_options lint;
  irikit_lint_options_init(&lint);
  irikit_lint_result* findings = NULL;
  MEASURE("lint (one segment)", irikit_lint(url, n_url, &lint, NULL, &findings, &err));
  irikit_lint_result_free(findings);
  MEASURE("lint data:", irikit_lint(data, n_data, &lint, NULL, &findings, &err));
  irikit_lint_result_free(findings);
  MEASURE("lint mailto:", irikit_lint(mailto, n_mailto, &lint, NULL, &findings, &err));
  irikit_lint_result_free(findings);
  size_t count;
  MEASURE("extract", irikit_extract(prose, n_prose, 0, found, 6000000, &count, &err));
  irikit_url* u = NULL;
  MEASURE("url parse", irikit_url_parse(url, n_url, NULL, NULL, 0, NULL, &u, &err));
  irikit_url_free(u);
  int parses;
  MEASURE("url can_parse", irikit_url_can_parse(url, n_url, NULL, &parses, &err));
  irikit_url_parse("foo://h/", 8, NULL, NULL, 0, NULL, &u, &err);
  MEASURE("url pathname setter", irikit_url_set(u, IRIKIT_URL_PATHNAME, url, n_url, &err));
  irikit_url_free(u);
  MEASURE("validate", irikit_validate(url, n_url, IRIKIT_RULE_IRI_REFERENCE, 0, &err));
  MEASURE("resolve", irikit_resolve("http://a/b/c", 12, url + 19, n_url - 19, 0, out, capacity, &len, &err));
  return 0;
}
