-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Canonical keys (irikit/canon.h, issue 52): iri_canonical(text, profile, key) is the key
-- `iri canon --profile PROFILE --key KEY` prints (tests/bindings_parity.py and python/tests compare
-- the other bindings with the tool; the values here are the same engine's).

-- The default profile, rfc3987: RFC 3987 §5.3.2 (case, percent-encoding, dot segments) and §5.3.3
-- (default port, empty path) only; the query order, "www." and the fragment stay.
SELECT iri_canonical('HTTP://Example.COM:80/a/./b/%7e') AS syntax_and_scheme,
       iri_canonical('http://www.example.com/?b=1&a=2#f') AS kept,
       iri_canonical('http://example.com') AS empty_path;

-- The Internet Archive's profile (the `surt` package's DefaultIAURLCanonicalizer) and its SURT key,
-- the CDX urlkey: the surt package's README example, and the same resource spelled five ways.
SELECT iri_canonical('http://archive.org/goo/?a=2&b&a=1', 'ia', 'surt') AS surt;
SELECT u, iri_canonical(u, 'ia') AS ia, iri_canonical(u, 'ia', 'surt') AS surt
  FROM (VALUES ('http://www.Archive.org:80/goo/?b=2&a=1#f'), ('https://archive.org/goo?a=1&b=2'),
               ('http://www2.archive.org/goo/?a=1&b=2'), ('archive.org/goo?b=2&a=1'),
               ('  http://ARCHIVE.org/goo?b=2&a=1  ')) AS t(u);

-- The key kinds: url, surt, ssurt (urlcanon's; with the profile none, parse_url(url).ssurt())
SELECT k, iri_canonical('http://user:pass@www.example.com:8080/path?query#frag', p, k) AS key
  FROM (VALUES ('none', 'url'), ('none', 'ssurt'), ('ia', 'surt')) AS t(p, k);

-- Bad input: the error's code and byte offset, as the tool's; unknown names list the known ones.
SELECT iri_canonical('http://exa mple/');
SELECT iri_canonical('http://h:99999/', 'ia');
SELECT iri_canonical('http://a/', 'surt');
SELECT iri_canonical('http://a/', 'ia', 'cdx');
SELECT iri_canonical(NULL) IS NULL AS strict_text, iri_canonical('http://a/', NULL) IS NULL AS strict_profile;

-- IMMUTABLE STRICT PARALLEL SAFE: usable in an index, and in parallel plans
SELECT proname, pronargs, pronargdefaults, provolatile, proisstrict, proparallel
  FROM pg_proc WHERE proname = 'iri_canonical';

-- Deduplicating a table: a UNIQUE index on the key refuses a table that holds one resource twice,
-- and keeps the first spelling of each when the rows are copied with ON CONFLICT DO NOTHING.
CREATE TABLE canon_captures (id int PRIMARY KEY, url text);
INSERT INTO canon_captures VALUES
  (1, 'http://www.Example.com/a?b=1&a=2'), (2, 'https://example.com/a?a=2&b=1'),
  (3, 'http://example.com/b'), (4, 'http://EXAMPLE.com:80/a/?b=1&a=2#top'),
  (5, 'http://example.com/b?jsessionid=0123456789abcdef0123456789abcdef'), (6, 'http://example.org/');
CREATE UNIQUE INDEX canon_captures_key ON canon_captures (iri_canonical(url, 'ia', 'surt'));
CREATE TABLE canon_pages (id int, url text);
CREATE UNIQUE INDEX canon_pages_key ON canon_pages (iri_canonical(url, 'ia', 'surt'));
INSERT INTO canon_pages SELECT id, url FROM canon_captures ORDER BY id
  ON CONFLICT (iri_canonical(url, 'ia', 'surt')) DO NOTHING;
SELECT id, url, iri_canonical(url, 'ia', 'surt') AS urlkey FROM canon_pages ORDER BY id;
INSERT INTO canon_pages VALUES (7, 'http://www3.example.org');
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
  SELECT id FROM canon_pages WHERE iri_canonical(url, 'ia', 'surt') = iri_canonical('HTTP://example.com/b', 'ia', 'surt');
SELECT id FROM canon_pages WHERE iri_canonical(url, 'ia', 'surt') = iri_canonical('HTTP://example.com/b', 'ia', 'surt');
RESET enable_seqscan;

-- Large input, linear work: a query of 100,000 pairs, sorted by the ia profile
SELECT octet_length(k) AS bytes, left(k, 40) AS head
  FROM (SELECT iri_canonical('http://example.org/?' || string_agg('k' || (100000 - i) || '=v', '&'), 'ia', 'surt') AS k
          FROM generate_series(1, 100000) i) AS t;
DROP TABLE canon_captures, canon_pages;
