// SPDX-License-Identifier: MIT OR Apache-2.0
/* IRI → URI and back from C, with a buffer sized by a first call (the snprintf convention), IDNA
 * options, host conversion and resolution. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  const char* iri = "http://résumé.example.org/red%09rosé#red";
  irikit_to_uri_options options;
  irikit_error err;
  size_t needed = 0;
  char* uri;
  char out[256];

  /* Ask for the size, then allocate exactly. */
  if (irikit_to_uri(iri, strlen(iri), NULL, NULL, 0, &needed, &err) != IRIKIT_E_BUFFER_TOO_SMALL) return 1;
  uri = malloc(needed + 1);
  if (uri == NULL || irikit_to_uri(iri, strlen(iri), NULL, uri, needed + 1, NULL, &err) != IRIKIT_OK)
    return 1;
  printf("to_uri:            %s (%u bytes)\n", uri, (unsigned)needed);
  free(uri);

  irikit_to_uri_options_init(&options);
  options.idna = IRIKIT_IDNA_UTS46;
  irikit_to_uri(iri, strlen(iri), &options, out, sizeof out, NULL, &err);
  printf("to_uri uts46:      %s\n", out);

  {
    const char* u = "http://xn--rsum-bpad.example.org/D%C3%BCrst?x=%E9";
    if (irikit_to_iri(u, strlen(u), IRIKIT_TO_IRI_IDNA_TO_UNICODE, IRIKIT_IDNA_UTS46, out, sizeof out, NULL,
                      &err) != IRIKIT_OK)
      return 1;
    printf("to_iri:            %s\n", out);
  }

  irikit_host_to_ascii("Bücher.例え.jp", strlen("Bücher.例え.jp"), IRIKIT_IDNA_UTS46, 0, out, sizeof out,
                       NULL, &err);
  printf("host_to_ascii:     %s\n", out);

  if (irikit_to_uri("http://a/b c", 12, NULL, out, sizeof out, NULL, &err) != IRIKIT_OK)
    printf("to_uri \"b c\":      error %s at byte %u\n", irikit_code_name(err.code), (unsigned)err.offset);

  irikit_resolve("http://a/b/c/d;p?q", 18, "../g?y#s", 8, 0, out, sizeof out, NULL, &err);
  printf("resolve:           %s\n", out);
  irikit_normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", 34, IRIKIT_LEVEL_SYNTAX, 0, out, sizeof out, NULL,
                   &err);
  printf("normalize syntax:  %s\n", out);
  return 0;
}
