-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Cleaning without exceptions: iri_check(text, rule) reports why a text is not valid — the
-- library's error code, the byte offset of the offending character and its message — as a row,
-- never an error; iri_try(text) is the cast that gives NULL instead of raising. The same for the
-- URL Standard: iri_url_check, iri_url_try.
\pset null '(null)'

-- every error code iri_validate can return, through iri_check (RFC 3987 §2.2 productions, RFC
-- 3986 for the URI rules, 3987bis for iprivate); the UTF-8 codes in a SQL_ASCII database below
SELECT t.rule, t.input, c.*
  FROM (VALUES
    ('iri-reference', 'http://exa mple.org/'),           -- invalid-host-char
    ('iri', '//example.org/a'),                          -- missing-scheme
    ('relative-ref', 'http://example.org/'),             -- unexpected-scheme
    ('iri-reference', ':a'),                             -- empty-scheme
    ('iri', 'ht~tp://example.org/'),                     -- invalid-scheme-char
    ('absolute-iri', 'http://example.org/#f'),           -- unexpected-fragment
    ('iri-reference', 'http://a[b@example.org/'),        -- invalid-userinfo-char
    ('iri-reference', 'http://example.org:8o/'),         -- invalid-port-char
    ('iri-reference', 'http://example.org/a b'),         -- invalid-path-char
    ('iri-reference', 'http://example.org/?a b'),        -- invalid-query-char
    ('iri-reference', 'http://example.org/#a#b'),        -- invalid-fragment-char
    ('iri-reference', 'http://example.org/%zz'),         -- invalid-percent-encoding
    ('uri', 'http://example.org/パス'),                   -- non-ascii-in-uri
    ('iri-reference', 'http://[v1.x/'),                  -- invalid-ip-literal
    ('iri-reference', 'http://[1::2::3]/'),              -- invalid-ipv6
    ('iri-reference', 'http://[v.x]/'),                  -- invalid-ipvfuture
    ('iri-reference', 'http://example.org/ok')           -- valid
  ) AS t(rule, input), iri_check(t.input, t.rule) AS c;
-- invisible characters (not shown): U+202E RIGHT-TO-LEFT OVERRIDE (RFC 3987 §4.1), U+E000 private
-- use outside the query (§2.2 iprivate)
SELECT c.* FROM iri_check(E'http://example.org/a\u202Eb') AS c;
SELECT c.* FROM iri_check(E'http://example.org/a\uE000') AS c;
SELECT c.valid FROM iri_check(E'http://example.org/?a\uE000') AS c;
-- input-too-long (4 GiB and more) cannot reach the library from a PostgreSQL value (1 GB at most);
-- the other codes (charsets, UTF-16/32, IDNA, relativize) come from conversions, not validation

-- the codes as they appear in the cast's errors: the same name and offset
SELECT 'http://example.org/a b'::iri;

-- iri_try: the iri, or NULL
SELECT iri_try('https://例え.jp/パス') AS good, iri_try('http://exa mple.org/') AS bad;

-- the UTF-8 codes (RFC 3629): only a SQL_ASCII database holds such bytes in a text
CREATE DATABASE irikit_check_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c irikit_check_ascii
CREATE EXTENSION irikit;
\pset null '(null)'
SELECT t.bytes, c.valid, c.code, c.byte_offset, c.message
  FROM (VALUES ('caf FF', E'caf\xff'), ('C3', E'\xc3'), ('C0 AF', E'\xc0\xaf'), ('ED A0 80', E'\xed\xa0\x80'),
               ('F4 90 80 80', E'\xf4\x90\x80\x80')) AS t(bytes, raw),
       iri_check('http://example.org/' || t.raw) AS c;
SELECT iri_try(E'http://example.org/caf\xe9') AS latin1;
\c contrib_regression
DROP DATABASE irikit_check_ascii;
\pset null '(null)'

-- The URL Standard: the validation error that made the parse fail, with its offset; a failing base
SELECT t.input, c.*
  FROM (VALUES ('http://[::1/'), ('http://example.org:99999/'), ('http://exa%00mple.org/'),
               ('no scheme'), ('https://example.org/ok')) AS t(input),
       iri_url_check(t.input) AS c;
SELECT * FROM iri_url_check('../x', 'not a base');
SELECT * FROM iri_url_check('../x', 'http://example.org/a/b');
SELECT iri_url_try('HTTP://Example.ORG/a/./b') AS href, iri_url_try('http://[::1/') AS bad,
       iri_url_try('../c', 'http://example.org/a/b') AS resolved;
