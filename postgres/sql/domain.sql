-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Domain queries on an index: iri_host_within(u, domain) and u <<= domain — the host is the
-- domain or a subdomain of it, labels compared as labels, case-insensitively, IDN hosts in either
-- form (UTS #46 ToASCII, RFC 3987 §3.1) — inlined by the planner into a byte range of
-- iri_host_reversed(u), which a btree expression index (text_pattern_ops) answers.
\pset null '(null)'
SELECT u, iri_host_reversed(u::iri) AS key
  FROM (VALUES ('https://WWW.Bücher.example/a'), ('http://b%C3%BCcher.EXAMPLE./'),
               ('http://xn--bcher-kva.example'), ('http://my_host.Example/'), ('http://1.2.3.4/'),
               ('http://[::1]/'), ('mailto:x@example.com'), ('file:///etc/hosts')) AS v(u);
SELECT iri_domain_reversed('Bücher.Example.') AS idn, iri_domain_reversed('com') AS tld;
SELECT iri_domain_reversed('');

-- labels as labels, case, IDN in either form, the root dot
SELECT u, iri_host_within(u::iri, 'example.com') AS within_example_com,
       u::iri <<= 'bücher.example' AS within_buecher
  FROM (VALUES ('http://example.com/'), ('http://WWW.Example.COM:8080/x'), ('http://a.b.example.com./'),
               ('http://example.com.evil.org/'), ('http://myexample.com/'), ('http://example.community/'),
               ('http://shop.xn--bcher-kva.example/'), ('http://Bücher.example/'), ('http://bucher.example/'),
               ('http://93.184.216.34/'), ('urn:isbn:0451450523')) AS v(u);
SELECT iri_host_within(NULL, 'example.com') AS null_iri, iri_host_within('http://a.com/', NULL) AS null_domain;

CREATE TABLE hosted (id int, u iri);
INSERT INTO hosted
  SELECT i, ('https://' || CASE i % 4 WHEN 0 THEN 'www.' WHEN 1 THEN 'shop.' WHEN 2 THEN '' ELSE 'a.b.' END
             || 'site' || (i % 5000) || '.example/' || i)::iri
    FROM generate_series(1, 25000) AS i;
INSERT INTO hosted VALUES (100001, 'https://ヤフー.example/'), (100002, 'http://www.xn--sdk3aze.example/x'),
                         (100003, 'https://example/'), (100004, 'https://notexample/');
CREATE INDEX hosted_key ON hosted (iri_host_reversed(u) text_pattern_ops);
ANALYZE hosted;

-- the function and the operator both become an index range on the key
EXPLAIN (COSTS OFF) SELECT id FROM hosted WHERE iri_host_within(u, 'site41.example');
EXPLAIN (COSTS OFF) SELECT id FROM hosted WHERE u <<= 'ヤフー.example';
SELECT id, u FROM hosted WHERE iri_host_within(u, 'site41.example') ORDER BY id LIMIT 6;
SELECT count(*) FROM hosted WHERE u <<= 'SITE41.example';
SELECT id, u FROM hosted WHERE u <<= 'ヤフー.example' ORDER BY id;
SELECT id, u FROM hosted WHERE u <<= 'XN--SDK3AZE.example' ORDER BY id;  -- the A-label finds both spellings
-- a top-level name: every host under it
SELECT count(*) FROM hosted WHERE u <<= 'example';
-- the same answers without the index
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FROM hosted WHERE u <<= 'SITE41.example';
SELECT count(*) FROM hosted WHERE u <<= 'example';
RESET enable_indexscan;
RESET enable_bitmapscan;

-- LIKE 'prefix%' and starts_with on an iri column: iri casts to text for free, so an expression
-- index on u::text with text_pattern_ops (byte order, whatever the collation) serves them
CREATE INDEX hosted_text ON hosted ((u::text) text_pattern_ops);
ANALYZE hosted;
EXPLAIN (COSTS OFF) SELECT id FROM hosted WHERE u LIKE 'https://shop.site41.example/%';
SELECT id, u FROM hosted WHERE u LIKE 'https://shop.site41.example/%' ORDER BY id LIMIT 3;
EXPLAIN (COSTS OFF) SELECT id FROM hosted WHERE starts_with(u, 'https://shop.site41.example/');
SELECT count(*) FROM hosted WHERE starts_with(u, 'https://shop.site41.example/');
