-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Parity with the library (docs/bindings.md, the SQL column): the public suffix list, the host
-- display policy, the URL class's setters. (Lint profiles: scheme.sql.)

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
