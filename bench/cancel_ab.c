// SPDX-License-Identifier: MIT OR Apache-2.0
/* bench/cancel_ab.c — the cost of the cancellation polls (irikit_c.h, "Cancellation") on the
 * operations that ask the hook: ns per call of to_uri, to_iri, normalize, extract, lint, the WHATWG
 * parser, validate (the RFC 3987 parser) and resolve over the lines of FILE (short texts: the
 * per-call cost), and ns per byte over one 16 MiB text per operation (the per-block cost). Run by
 * bench/cancel_ab.sh against two builds of libirikit.so (LD_LIBRARY_PATH), alternately; HOOK=1
 * sets a callback that never cancels. */
#define _POSIX_C_SOURCE 199309L
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* absent from a library built before the hook: then HOOK=1 sets nothing */
#pragma weak irikit_set_cancel_callback

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static char* out;
static size_t out_size;
static irikit_extracted found[64];

static int never(void* c) {
  (void)c;
  return 0;
}

static void run(int op, const char* s, size_t n) {
  size_t len = 0, count = 0;
  switch (op) {
    case 0:
      irikit_to_uri(s, n, NULL, out, out_size, &len, NULL);
      break;
    case 1:
      irikit_to_iri(s, n, 0, IRIKIT_IDNA_NONE, out, out_size, &len, NULL);
      break;
    case 2:
      irikit_normalize(s, n, IRIKIT_LEVEL_SYNTAX, 0, out, out_size, &len, NULL);
      break;
    case 3:
      irikit_extract(s, n, 0, found, 64, &count, NULL);
      break;
    case 4: {
      irikit_lint_result* r = NULL;
      if (irikit_lint(s, n, NULL, NULL, &r, NULL) == IRIKIT_OK) irikit_lint_result_free(r);
      break;
    }
    case 5: {
      irikit_url* u = NULL;
      if (irikit_url_parse(s, n, NULL, NULL, 0, NULL, &u, NULL) == IRIKIT_OK) irikit_url_free(u);
      break;
    }
    case 6:
      irikit_validate(s, n, IRIKIT_RULE_IRI_REFERENCE, 0, NULL);
      break;
    case 7:
      irikit_resolve("http://a/b/c/d;p?q", 18, s, n, 0, out, out_size, &len, NULL);
      break;
  }
}

static const char* names[] = {"to_uri", "to_iri",    "normalize", "extract",
                              "lint",   "url_parse", "validate",  "resolve"};

int main(int argc, char** argv) {
  FILE* f;
  char* data;
  long size;
  size_t lines = 0, cap = 1 << 20, *starts, *lens, big = (size_t)16 << 20;
  /* LINES=n: the first n lines only; BIG_MIB=n: the big text's size (for callgrind) */
  if (getenv("LINES") != NULL) cap = (size_t)atol(getenv("LINES"));
  if (getenv("BIG_MIB") != NULL) big = (size_t)atol(getenv("BIG_MIB")) << 20;
  char* text;
  if (argc < 2) return 2;
  if (getenv("HOOK") != NULL && strcmp(getenv("HOOK"), "1") == 0 && irikit_set_cancel_callback != NULL)
    irikit_set_cancel_callback(never, NULL);
  f = fopen(argv[1], "rb");
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  data = malloc((size_t)size + 1);
  if (fread(data, 1, (size_t)size, f) != (size_t)size) return 1;
  fclose(f);
  starts = malloc(cap * sizeof(size_t));
  lens = malloc(cap * sizeof(size_t));
  for (long i = 0, b = 0; i < size && lines < cap; i++) {
    if (data[i] == '\n') {
      starts[lines] = (size_t)b;
      lens[lines++] = (size_t)(i - b);
      b = i + 1;
    }
  }
  out_size = 3 * big + 64;
  out = malloc(out_size);
  text = malloc(big + 1);
  for (int op = 0; op < 8; op++) {
    double t0 = now(), per_line, per_byte;
    if (getenv("OP") != NULL && strcmp(getenv("OP"), names[op]) != 0) continue; /* OP=name: that one only */
    for (size_t k = 0; k < lines; k++) run(op, data + starts[k], lens[k]);
    per_line = (now() - t0) / lines * 1e9;
    /* one big text of 16 MiB that every operation accepts: a path of "ab%C3%A9é/" (extract: prose
     * with an IRI every 27 bytes) */
    {
      const char* unit = op == 3 ? "see http://a.example/x and " : "ab%C3%A9\xC3\xA9/";
      const size_t u = strlen(unit);
      size_t n = 0;
      if (op != 3) {
        memcpy(text, "http://example.org/", 19);
        n = 19;
      }
      while (n + u <= big) {
        memcpy(text + n, unit, u);
        n += u;
      }
      t0 = now();
      run(op, text, n);
      per_byte = (now() - t0) / n * 1e9;
    }
    printf("%s\t%.1f\t%.3f\n", names[op], per_line, per_byte);
  }
  return 0;
}
