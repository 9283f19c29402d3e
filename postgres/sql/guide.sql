-- SPDX-License-Identifier: MIT OR Apache-2.0
-- The examples of docs/guide.md, "PostgreSQL": each ```sql block of that section is a piece of
-- expected/guide.out (postgres/check_guide.sh checks it), so the guide shows what a server prints.
-- They run in a database of their own, as a reader would start.
CREATE DATABASE irikit_guide TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C';
\c irikit_guide
CREATE EXTENSION irikit;
\pset null '(null)'
CREATE TABLE links (id int PRIMARY KEY, url iri NOT NULL);
INSERT INTO links VALUES (1, 'https://例え.jp/パス?q=値#章'), (2, 'HTTP://Example.ORG/%7euser/./a'),
                         (3, 'mailto:a@example.org');
INSERT INTO links VALUES (4, 'http://exa mple.org/');
SELECT id, url, iri_scheme(url) AS scheme, iri_host(url) AS host, iri_path(url) AS path,
       iri_query(url) AS query, iri_fragment(url) AS fragment FROM links ORDER BY id;
SELECT iri_authority(u) AS authority, iri_userinfo(u) AS userinfo, iri_host(u) AS host,
       iri_host_kind(u) AS host_kind, iri_port(u) AS port
  FROM (VALUES ('http://user@[::1]:8080/p'::iri)) AS v(u);
SELECT iri_query('a:b?') AS empty_query, iri_query('a:b') IS NULL AS no_query;
SELECT t, iri_is_valid(t) AS reference, iri_is_valid(t, 'absolute-iri') AS absolute,
       iri_is_valid(t, 'uri') AS uri
  FROM (VALUES ('https://例え.jp/'), ('../a?b'), ('http://a/b c')) AS v(t);
SELECT iri_to_uri('https://例え.テスト/パス?q=値') AS percent_encoded,
       iri_to_uri('https://例え.テスト/パス?q=値', 'uts46') AS with_idna;
SELECT iri_to_iri('http://www.example.org/D%C3%BCrst/%2F') AS iri,
       iri_to_iri('https://xn--r8jz45g.xn--zckzah/', idna_to_unicode => true) AS idn;
SELECT iri_to_iri('http://xn--80ak6aa92e.com/', true) AS look_alike_kept,
       iri_to_iri('http://xn--80ak6aa92e.com/', true, display_policy => false) AS every_label;
SELECT iri_resolve('http://例え.jp/b/c/d;p?q', '../g?y#s') AS resolved,
       iri_relativize('http://a/b/c/d;p?q', 'http://a/b/g?y') AS relative;
SELECT iri_normalize('HTTP://Example.ORG:80/a/./b/../%7euser/%c3%a9') AS syntax,
       iri_normalize('HTTP://Example.ORG:80/a/./b/../%7euser/%c3%a9', 'scheme') AS scheme;
SELECT iri_equivalent('http://a/%7e', 'http://a/~') AS syntax,
       iri_equivalent('http://a/%7e', 'http://a/~', 'simple') AS simple,
       'http://a/%7e'::iri = 'http://a/~'::iri AS equals;
SELECT url FROM links ORDER BY url;
INSERT INTO links SELECT i, ('http://example.org/items/' || i)::iri FROM generate_series(100, 20000) i;
CREATE INDEX links_normal ON links (iri_normalize(url, 'syntax'));
ANALYZE links;
EXPLAIN (COSTS OFF)
  SELECT id FROM links WHERE iri_normalize(url, 'syntax') = iri_normalize('http://EXAMPLE.org/%7Euser/a', 'syntax');
SELECT id FROM links WHERE iri_normalize(url, 'syntax') = iri_normalize('http://EXAMPLE.org/%7Euser/a', 'syntax');
CREATE TABLE captures (id int, url text);
INSERT INTO captures VALUES (1, 'http://www.Archive.org:80/goo/?b=2&a=1#top'), (2, 'https://archive.org/goo?a=1&b=2'),
  (3, 'archive.org/goo/?b=2&a=1'), (4, 'http://archive.org/about'), (5, 'http://www2.Archive.org/about/');
SELECT id, url, iri_canonical(url, 'ia', 'surt') AS urlkey FROM captures ORDER BY id;
CREATE TABLE archived (id int, url text);
CREATE UNIQUE INDEX archived_key ON archived (iri_canonical(url, 'ia', 'surt'));
INSERT INTO archived SELECT * FROM captures ORDER BY id ON CONFLICT (iri_canonical(url, 'ia', 'surt')) DO NOTHING;
SELECT * FROM archived ORDER BY id;
SELECT iri_canonical('HTTP://Example.COM:80/a/./b/%7e') AS rfc3987,
       iri_canonical('archive.org/goo?b=2&a=1', 'ia') AS ia;
SELECT * FROM iri_lint('HTTP://example.org/%7euser');
SELECT rule, severity, start, "end"
  FROM iri_lint('HTTP://example.org/%7euser', severities => ARRAY['lowercase-percent-hex=error'],
                disable => ARRAY['scheme-not-lowercase']);
SELECT id, default_severity, reference, summary FROM iri_lint_rules() WHERE id LIKE 'scheme-data%';
SELECT * FROM iri_extract('Read https://例え.jp/パス, or <http://example.org/a b>.');
CREATE TABLE posts (id int, body text);
INSERT INTO posts VALUES (1, 'see http://раураl.com/login and https://example.org/'), (2, 'no links');
SELECT p.id, e.iri, l.rule, l.severity
  FROM posts p, iri_extract(p.body) e, iri_lint(e.iri) l ORDER BY p.id, e.start, l.rule;
SELECT iri_url_href('HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f') AS href,
       iri_url_href('../d', 'http://example.com/a/b/c') AS relative;
SELECT iri_url_href('http://h:99999/');
SELECT iri_url_can_parse('relative/path') AS alone, iri_url_can_parse('relative/path', 'http://h/') AS with_base;
SELECT origin, host, pathname, search FROM iri_url_parse('https://EXAMPLE.com:8443\a b?x=1');
SELECT * FROM iri_url_validation_errors('https://EXAMPLE.com:8443\a b?x=1');
SELECT * FROM iri_url_search_params('?q=caf%C3%A9+au+lait&page=2&q=tea');
SELECT iri_url_search_param('https://h/search?q=caf%C3%A9+au+lait&page=2', 'q') AS q;
SELECT iri_url_set('https://example.com/a?q=1', 'port', '8443') AS port,
       iri_url_set('https://example.com/a?q=1', 'search', 'q=é') AS search;
SELECT iri_url_set('https://example.com/', 'port', '99999');
SELECT * FROM iri_url_compare_specs('http://0x7f.1/');
CREATE TABLE imported (url iri);
COPY imported FROM STDIN;
http://example.org/1
http://exa mple.org/2
\.
CREATE TABLE raw_links (line int GENERATED ALWAYS AS IDENTITY, url text);
COPY raw_links (url) FROM STDIN;
https://example.org/ok
http://exa mple.org/
https://例え.jp/パス
http://example.org/%zz
mailto:someone@example.org
http://[1::2::3]/
\.
CREATE TABLE clean_links AS
  SELECT line, iri_try(url) AS url FROM raw_links WHERE iri_try(url) IS NOT NULL;
CREATE TABLE rejected_links AS
  SELECT r.line, r.url, c.code, c.byte_offset, c.message
    FROM raw_links r, iri_check(r.url) AS c WHERE NOT c.valid;
SELECT * FROM clean_links ORDER BY line;
SELECT * FROM rejected_links ORDER BY line;
SELECT * FROM iri_check('../a', 'absolute-iri');
SELECT t, c.* FROM (VALUES ('http://example.org:99999/'), ('https://Example.ORG/a')) AS v(t), iri_url_check(t) AS c;
SELECT iri_url_try('HTTP://Example.ORG/a/./b') AS href, iri_url_try('http://[::1/') AS bad,
       iri_url_try('../c', 'http://example.org/a/b') AS resolved;
CREATE TABLE crawl (u iri);
INSERT INTO crawl SELECT ('https://' || h || '/page/' || i)::iri
  FROM unnest(ARRAY['example.com', 'www.Example.COM', 'shop.example.com', 'myexample.com',
                    'example.com.evil.org', 'bücher.example', 'www.xn--bcher-kva.example']) AS h,
       generate_series(1, 3000) AS i;
CREATE INDEX crawl_host ON crawl (iri_host_reversed(u) text_pattern_ops);
ANALYZE crawl;
SELECT iri_host_reversed('https://WWW.Bücher.example/a') AS key, iri_domain_reversed('Example.COM.') AS domain_key;
SELECT iri_host_reversed(u) AS key, count(*) FROM crawl WHERE u <<= 'example.com' GROUP BY 1 ORDER BY 1;
SELECT count(*) FROM crawl WHERE iri_host_within(u, 'xn--bcher-kva.example');
EXPLAIN (COSTS OFF) SELECT u FROM crawl WHERE u <<= 'bücher.example';
CREATE INDEX crawl_text ON crawl ((u::text) text_pattern_ops);
EXPLAIN (COSTS OFF) SELECT u FROM crawl WHERE u LIKE 'https://shop.example.com/page/1%';
SELECT iri_host_to_ascii('Bücher.Example') AS ascii, iri_host_to_unicode('xn--rsum-bpad.example') AS unicode,
       iri_host_to_ascii('faß.de', 'uts46-transitional') AS transitional;
SELECT iri_host_to_ascii('a..b');
SELECT iri_host_to_ascii('Bücher.example.') AS fqdn, iri_host_to_ascii('ȡ.example', 'idna2003', allow_unassigned => true) AS unassigned_in_3_2;
SELECT iri_host_to_ascii('Bücher.example.', keep_root_label => false);
SELECT iri_public_suffix('news.example.co.uk') AS suffix, iri_registrable_domain('news.example.co.uk') AS domain,
       iri_registrable_domain('co.uk') AS of_a_suffix;
SELECT iri_display_host('xn--bcher-kva.de') AS german, iri_display_host('xn--80ak6aa92e.com') AS look_alike;
SELECT iri_display_host('xn--80ak6aa92e.xn--p1ai') AS under_its_tld,
       iri_display_host('xn--80ak6aa92e.xn--p1ai', trust_tld_script => false) AS untrusted;
SELECT c_api, library ~ '^[0-9]+\.[0-9]+\.[0-9]+$' AS semver, unicode FROM irikit_version();
\c contrib_regression
DROP DATABASE irikit_guide;
