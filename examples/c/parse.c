// SPDX-License-Identifier: MIT OR Apache-2.0
/* Parse and validate from C: components as ranges of the caller's text, errors with a code, a
 * byte offset and the library's message. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <string.h>

static void show(const char* label, const char* text, irikit_range r, unsigned present, unsigned flag) {
  if (flag != 0 && (present & flag) == 0)
    printf("  %-9s (absent)\n", label);
  else
    printf("  %-9s \"%.*s\"\n", label, (int)r.length, text + r.offset);
}

static void parse(const char* text) {
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  irikit_error err;
  char message[256];
  printf("%s\n", text);
  if (irikit_parse(text, strlen(text), IRIKIT_RULE_IRI_REFERENCE, 0, &c, &err) != IRIKIT_OK) {
    irikit_error_message(&err, text, strlen(text), IRIKIT_RULE_IRI_REFERENCE, message, sizeof message, NULL);
    printf("  error: byte %u: %s: %s\n", (unsigned)err.offset, irikit_code_name(err.code), message);
    return;
  }
  show("scheme", text, c.scheme, c.present, IRIKIT_HAS_SCHEME);
  show("userinfo", text, c.userinfo, c.present, IRIKIT_HAS_USERINFO);
  show("host", text, c.host, c.present, IRIKIT_HAS_AUTHORITY);
  show("port", text, c.port, c.present, IRIKIT_HAS_PORT);
  show("path", text, c.path, c.present, 0);
  show("query", text, c.query, c.present, IRIKIT_HAS_QUERY);
  show("fragment", text, c.fragment, c.present, IRIKIT_HAS_FRAGMENT);
  printf("  host kind %s, port number %d\n", irikit_host_kind_name(c.host_kind), (int)c.port_number);
}

int main(void) {
  const char* rules[] = {"iri", "uri", "absolute-iri"};
  const char* text = "https://例え.テスト/パス?q=値#frag";
  size_t i;
  parse(text);
  parse("//user@[2001:db8::1]:8080/a?");
  parse("http://exa mple.org/");
  for (i = 0; i < sizeof rules / sizeof rules[0]; ++i) {
    irikit_rule rule;
    irikit_error err;
    irikit_rule_from_name(rules[i], &rule);
    printf("%s as %s: %s\n", text, rules[i],
           irikit_validate(text, strlen(text), (int)rule, 0, &err) == IRIKIT_OK ? "valid"
                                                                                : irikit_code_name(err.code));
  }
  return 0;
}
