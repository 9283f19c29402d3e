// SPDX-License-Identifier: MIT OR Apache-2.0
// host_display.cpp — spoof-safe hosts (RFC 3987 §7.5, §8; UTS #39): decode an A-label with the
// reason it is invalid, find the registrable domain, and decide label by label whether a host is
// shown as Unicode or keeps its A-labels; to_iri follows the same decision.
#include <irikit/irikit.h>

#include <iostream>

int main() {
  // A-labels: the decoded text, or why the label is not a valid A-label.
  for (const std::string_view label : {"xn--bcher-kva", "xn--abc-", "xn--99999999999a"}) {
    const irikit::a_label_decoding d = irikit::decode_a_label(label);
    std::cout << label << ": " << irikit::a_label_status_name(d.status) << " \"" << d.unicode << "\"\n";
  }

  // The public suffix list: what part of a host is registrable.
  std::cout << "registrable: " << *irikit::registrable_domain("www.example.co.uk") << '\n';

  // The display policy, label by label.
  for (const std::string_view host : {"xn--bcher-kva.de", "xn--80ak6aa92e.com", "p\u0430ypal.com"}) {
    const auto shown = irikit::display_host(host);
    std::cout << host << " -> " << shown->shown << '\n';
    for (const irikit::label_display& l : shown->labels) {
      if (!l.message.empty()) {
        std::cout << "  " << irikit::label_reason_name(l.reason) << ": " << l.message << '\n';
      }
    }
  }
  irikit::host_display_options strict;
  strict.level = irikit::restriction_level::single_script;
  std::cout << "single-script: " << irikit::display_host("\u65E5\u672C\u8A9Eabc.jp", strict)->shown << '\n';

  // URI -> IRI: ToUnicode only where the policy shows Unicode.
  irikit::to_iri_options options;
  options.idna_to_unicode = true;
  std::cout << *irikit::to_iri("http://xn--bcher-kva.xn--80ak6aa92e.com/", options) << '\n';
}
