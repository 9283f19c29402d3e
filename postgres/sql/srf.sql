-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Set-returning functions: iri_lint (RFC 3987 §4.2, §5.3.2.2, §6–§8) and iri_extract (§7.3).
-- Offsets are bytes of the UTF-8 text from 0, "end" exclusive: the library's and the CLI's.

SELECT * FROM iri_lint('http://раураl.com/');
SELECT * FROM iri_lint('HTTP://example.org/%7euser');
SELECT * FROM iri_lint('http://example.org/');  -- nothing to report: no rows
SELECT rule, start, "end" FROM iri_lint('http://ｅｘａｍｐｌｅ.org/');
SELECT * FROM iri_lint('http://a/b c');         -- not valid: the parse error
SELECT count(*) FROM iri_lint('http://a/b c', 'leiri');  -- parsed as a LEIRI, then linted
SELECT * FROM iri_lint('http://a/', 'no-such-rule');

-- linting a column: filter with iri_is_valid, then a lateral call per row
CREATE TABLE submitted (id int, t text);
INSERT INTO submitted VALUES (1, 'http://example.org/'), (2, 'http://раураl.com/'),
                             (3, 'not a link'), (4, 'http://example.org/%7Euser');
SELECT s.id, l.rule, l.severity FROM submitted s, iri_lint(s.t) l
  WHERE iri_is_valid(s.t) ORDER BY s.id, l.start, l.rule;

SELECT * FROM iri_extract('詳しくは「https://例え.jp/パス」をご覧ください。');
SELECT * FROM iri_extract('See <URL:http://example.org/a>, or (http://example.org/x_(y)), mailto:a@example.org.');
SELECT * FROM iri_extract('Siehe www.example.de/grüße! note: see');
SELECT * FROM iri_extract('Siehe www.example.de/grüße! note: see', www => true);
SELECT * FROM iri_extract('no links here');
-- the substring of the text that an IRI was found at (offsets are bytes)
SELECT convert_from(substring(convert_to(t, 'UTF8') FROM start + 1 FOR "end" - start), 'UTF8') = e.iri::text AS same
  FROM (VALUES ('詳しくは「https://例え.jp/パス」をご覧ください。')) AS v(t), iri_extract(t) e;

-- the links of a text column, with their hosts
CREATE TABLE posts (id int, body text);
INSERT INTO posts VALUES (1, 'Read https://例え.jp/a and http://example.org/b.'),
                         (2, 'Nothing.'), (3, 'Mail <mailto:x@example.org>');
SELECT p.id, e.iri, iri_host(e.iri) AS host, e.form FROM posts p, iri_extract(p.body) e ORDER BY p.id, e.start;

-- the version of the library behind the extension (the C API's, always 1 here)
SELECT c_api, library <> '' AS has_library_version, unicode <> '' AS has_unicode_version FROM irikit_version();
