// SPDX-License-Identifier: MIT OR Apache-2.0
/* The WHATWG URL Standard from C: parse with a base, getters and setters, the validation errors
 * noted while a URL is still returned, a failure with its name and offset, URLSearchParams, and
 * where RFC 3987 reads the same string differently; hosts and percent-encoding on their own. */
#include <irikit/irikit_c.h>
#include <stdio.h>
#include <string.h>

static void show_notes(const irikit_url* u) {
  irikit_url_validation notes[8];
  size_t i, count = 0;
  irikit_url_notes(u, notes, 8, &count, NULL);
  for (i = 0; i < count && i < 8; ++i)
    printf("  note %s at byte %u\n", irikit_code_name(notes[i].code), (unsigned)notes[i].offset);
}

int main(void) {
  const char* text = " HTTPS://EXAMPLE.com:443\\a b/./c/../d?x=1 2#frag ";
  irikit_url *u = NULL, *rel = NULL;
  irikit_search_params* params = NULL;
  irikit_spec_comparison* cmp = NULL;
  irikit_spec_report report = IRIKIT_SPEC_REPORT_INIT;
  irikit_error err;
  char out[256];
  size_t i;

  if (irikit_url_parse(text, strlen(text), NULL, NULL, IRIKIT_URL_NOTES, NULL, &u, &err) != IRIKIT_OK)
    return 1;
  printf("%s\n", irikit_url_href(u, NULL));
  show_notes(u);
  for (i = IRIKIT_URL_PROTOCOL; i <= IRIKIT_URL_ORIGIN; ++i) {
    irikit_url_get(u, (int)i, out, sizeof out, NULL, &err);
    printf("  %-9s \"%s\"\n", irikit_url_attribute_name((int)i), out);
  }

  /* Relative to a base, then setters and URLSearchParams. */
  if (irikit_url_parse("../up?k=v", 9, u, NULL, 0, NULL, &rel, &err) != IRIKIT_OK) return 1;
  printf("relative: %s\n", irikit_url_href(rel, NULL));
  irikit_url_set(rel, IRIKIT_URL_HOST, "[::ffff:192.168.0.1]:8080", 25, &err);
  if (irikit_url_set(rel, IRIKIT_URL_PROTOCOL, "file", 4, &err) != IRIKIT_OK)
    printf("protocol \"file\": %s\n", irikit_code_name(err.code));
  irikit_search_params_of_url(rel, NULL, &params, &err);
  irikit_search_params_append(params, "name", 4, "a&b c", 5, &err);
  irikit_search_params_sort(params, &err);
  irikit_search_params_update_url(params, rel, &err);
  printf("edited:   %s\n", irikit_url_href(rel, NULL));
  irikit_search_params_free(params);
  irikit_url_free(rel);
  irikit_url_free(u);

  /* A failure: the Standard's name and the byte offset. */
  if (irikit_url_parse("http://h:99999/", 15, NULL, NULL, 0, NULL, &u, &err) != IRIKIT_OK) {
    irikit_error_message(&err, NULL, 0, 0, out, sizeof out, NULL);
    printf("http://h:99999/: byte %u: %s: %s\n", (unsigned)err.offset, irikit_code_name(err.code), out);
  }

  /* The two specifications on one string. */
  if (irikit_compare_specs("http://0x7f.1/", 14, NULL, &cmp, &err) != IRIKIT_OK) return 1;
  irikit_spec_comparison_report(cmp, &report);
  printf("RFC 3987 %s, WHATWG %s\n", report.rfc3987, report.whatwg);
  for (i = 0; i < report.difference_count; ++i) {
    irikit_spec_difference d = IRIKIT_SPEC_DIFFERENCE_INIT;
    irikit_spec_comparison_difference(cmp, i, &d);
    printf("  differ in %s: %s | %s\n", d.what, d.rfc3987, d.whatwg);
  }
  irikit_spec_comparison_free(cmp);

  /* Hosts and percent-encoding on their own, as the parser runs them on a URL's parts. */
  {
    const char* hosts[] = {"0x7f.1", "[0:0::1]", "b\303\274cher.example", "exa mple"};
    irikit_url_host_type type;
    for (i = 0; i < 4; ++i) {
      if (irikit_url_parse_host(hosts[i], strlen(hosts[i]), 0, out, sizeof out, NULL, &type, &err) ==
          IRIKIT_OK)
        printf("host %s: %s (%s)\n", hosts[i], out, irikit_url_host_type_name(type));
      else
        printf("host %s: byte %u: %s\n", hosts[i], (unsigned)err.offset, irikit_code_name(err.code));
    }
  }
  irikit_url_domain_to_unicode("xn--bcher-kva.example", 21, out, sizeof out, NULL, &err);
  printf("to Unicode: %s\n", out);
  irikit_url_percent_encode("a b#c", 5, IRIKIT_URL_ENCODE_FRAGMENT, 0, out, sizeof out, NULL, &err);
  printf("fragment set: %s\n", out);
  irikit_url_percent_encode("a b#c", 5, IRIKIT_URL_ENCODE_COMPONENT, 0, out, sizeof out, NULL, &err);
  printf("component set: %s\n", out);
  irikit_url_percent_encode("a b#c", 5, IRIKIT_URL_ENCODE_FORM_URLENCODED, IRIKIT_URL_SPACE_AS_PLUS, out,
                            sizeof out, NULL, &err);
  printf("form, space as plus: %s\n", out);
  irikit_url_percent_decode("%41%zz", 6, out, sizeof out, NULL, &err);
  printf("decoded: %s\n", out);
  return 0;
}
