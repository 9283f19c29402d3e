// SPDX-License-Identifier: MIT OR Apache-2.0
/* Links the installed C interface: prints the path of an IRI and its URI. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  const char* text = "https://例え.テスト/パス";
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  char uri[128];
  if (irikit_parse(text, strlen(text), IRIKIT_RULE_IRI, 0, &c, NULL) != IRIKIT_OK) return 1;
  if (irikit_to_uri(text, strlen(text), NULL, uri, sizeof uri, NULL, NULL) != IRIKIT_OK) return 1;
  printf("%.*s %s\n", (int)c.path.length, text + c.path.offset, uri);
  return 0;
}
