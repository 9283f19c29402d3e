-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Parity with the library (docs/bindings.md, the SQL column): the public suffix list, the host
-- display policy and its options, to_iri with the policy, the lint options, the URL class's
-- setters. (Lint profiles: scheme.sql.)

-- The public suffix and the registrable domain (irikit/host.h public_suffix, registrable_domain)
SELECT h, iri_public_suffix(h) AS suffix, iri_registrable_domain(h) AS domain
  FROM (VALUES ('www.example.co.uk'), ('example.com'), ('co.uk'), ('com'), ('a.b.c.kawasaki.jp'),
               ('city.kawasaki.jp'), ('bücher.example.de'), ('localhost'), ('')) AS t(h);
SELECT iri_registrable_domain(iri_host('https://news.example.co.uk/a'::iri)) AS from_an_iri;

-- The display policy (display_host; docs/host-display.md): a whole-script look-alike of apple.com
-- stays an A-label, a German label is shown in Unicode, mixed Latin and Cyrillic stays encoded.
SELECT h, iri_display_host(h) AS shown
  FROM (VALUES ('xn--80ak6aa92e.com'), ('xn--bcher-kva.de'), ('bücher.de'), ('xn--pypal-4ve.com'),
               ('example.com')) AS t(h);
SELECT iri_display_host('xn--bcher-kva.de', 'ascii-only') AS ascii_only,
       iri_display_host('xn--80ak6aa92e.com', 'unrestricted') AS unrestricted;
SELECT iri_display_host('b.de', 'no-such-level');

-- The URL class's setters (URL Standard §6.1; whatwg.h setter_named)
SELECT a, v, iri_url_set('https://example.com/a/b?q=1#f', a, v) AS href
  FROM (VALUES ('protocol', 'http'), ('username', 'user'), ('password', 'pw'), ('host', 'example.org:8080'),
               ('hostname', 'bücher.de'), ('port', '8443'), ('port', '443'), ('pathname', '/c d'),
               ('search', '?x=é'), ('hash', 'top'), ('href', 'http://other.example/')) AS t(a, v);
SELECT iri_url_set('https://example.com/', 'protocol', 'file');
SELECT iri_url_set('https://example.com/', 'port', '99999');
SELECT iri_url_set('https://example.com/', 'origin', 'http://a');
SELECT iri_url_set('not a url', 'hash', 'x');

-- The display policy's options beyond the level (host_display_options.trust_tld_script): a
-- Cyrillic look-alike of "apple" is shown under .рф, whose script it is, unless the trust is off.
SELECT iri_display_host('xn--80ak6aa92e.xn--p1ai') AS trusted,
       iri_display_host('xn--80ak6aa92e.xn--p1ai', trust_tld_script => false) AS untrusted,
       iri_display_host('xn--80ak6aa92e.com', 'unrestricted', false) AS unrestricted;

-- to_iri with the display policy (to_iri_options: idna, display_policy, apply_display_policy;
-- RFC 3987 §3.2.1, §7.5): with idna_to_unicode a label becomes Unicode only where the policy shows
-- it so; display_policy => false converts every label that round-trips.
SELECT u, iri_to_iri(u, true) AS policy, iri_to_iri(u, true, display_policy => false) AS every_label,
       iri_to_iri(u, true, level => 'ascii-only') AS ascii_only
  FROM (VALUES ('http://xn--bcher-kva.de/'), ('http://xn--80ak6aa92e.com/'),
               ('http://xn--80ak6aa92e.xn--p1ai/')) AS t(u);
SELECT iri_to_iri('http://xn--80ak6aa92e.xn--p1ai/', true, trust_tld_script => false) AS untrusted,
       iri_to_iri('http://xn--fa-hia.de/', true) AS uts46,
       iri_to_iri('http://xn--fa-hia.de/', true, 'idna2003') AS idna2003;
SELECT iri_to_iri('http://xn--bcher-kva.de/', true, 'none');
SELECT iri_to_iri('http://xn--bcher-kva.de/', true, level => 'no-such-level');

-- The lint options (lint_options::set_severity, disable): severities are 'rule=level' entries,
-- disable lists rule ids; a later entry for a rule wins; iri_lint_rules() is the catalogue.
SELECT rule, severity, start, "end" FROM iri_lint('http://example.org/%7e%c3%a9');
SELECT rule, severity, start, "end"
  FROM iri_lint('http://example.org/%7e%c3%a9', severities => ARRAY['lowercase-percent-hex=error'],
                disable => ARRAY['needless-percent-encoding']);
SELECT rule, severity FROM iri_lint('urn:a:b', profile => 'rdf', severities => ARRAY['scheme-urn-nid=info']);
SELECT count(*) FROM iri_lint('http://example.org/%7e', severities => ARRAY['needless-percent-encoding=off',
                                                                             'needless-percent-encoding=warning']);
SELECT * FROM iri_lint('http://a/', severities => ARRAY['no-such-rule=error']);
SELECT * FROM iri_lint('http://a/', severities => ARRAY['not-nfc=loud']);
SELECT * FROM iri_lint('http://a/', severities => ARRAY['not-nfc']);
SELECT * FROM iri_lint('http://a/', disable => ARRAY[NULL]);
SELECT id, default_severity, reference FROM iri_lint_rules() WHERE id IN ('not-nfc', 'scheme-urn-nid', 'dot-segments');
SELECT count(*) = (SELECT count(DISTINCT id) FROM iri_lint_rules()) AND count(*) > 40 AS catalogue
  FROM iri_lint_rules();
