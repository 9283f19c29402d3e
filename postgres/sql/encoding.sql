-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Database encodings. irikit reads UTF-8: in a UTF8 database invalid UTF-8 cannot arrive; a
-- SQL_ASCII database stores any bytes, so the library's UTF-8 check (RFC 3629, RFC 3987 §3.1)
-- rejects them with a utf8-* code and a hint naming the encoding; other encodings are refused.
CREATE DATABASE irikit_sql_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c irikit_sql_ascii
CREATE EXTENSION irikit;
SELECT 'http://例え.jp/パス'::iri AS utf8_is_fine, iri_host('http://例え.jp/パス') AS host;
SELECT E'http://example.org/caf\xe9'::iri;          -- ISO-8859-1 é: not UTF-8
SELECT E'http://example.org/\xc3'::iri;             -- a truncated sequence at the end
SELECT E'http://example.org/\xc0\xaf'::iri;         -- an overlong "/" (RFC 3987 §8)
SELECT E'http://example.org/\xed\xa0\x80'::iri;     -- an encoded surrogate
SELECT iri_is_valid(E'http://example.org/caf\xe9') AS latin1_valid;
SELECT iri_to_uri(E'http://example.org/caf\xc3\xa9') AS utf8_to_uri;
\c contrib_regression
DROP DATABASE irikit_sql_ascii;

CREATE DATABASE irikit_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c irikit_latin1
CREATE EXTENSION irikit;
\c contrib_regression
DROP DATABASE irikit_latin1;
