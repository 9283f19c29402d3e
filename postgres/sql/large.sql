-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Large values: linear time and memory, no crash, clean errors (PostgreSQL values are limited to
-- 1 GB; the 1 GB case is measured by hand, bench/RESULTS.md). Here 10 MB.
SELECT length(('http://example.org/' || repeat('a', 10000000))::iri) AS ten_megabytes;
-- an error at the end of 10 MB: the offset, and a hint with a bounded context
SELECT ('http://example.org/' || repeat('a', 10000000) || ' ')::iri;
SELECT iri_is_valid(repeat('a', 10000000) || '%') AS valid;
-- results larger than the guess of the output buffer (each é becomes %C3%A9)
SELECT octet_length(iri_to_uri(('http://a/' || repeat('é', 1000000))::iri)) AS uri_bytes;
SELECT octet_length(iri_to_iri('http://a/' || repeat('%C3%A9', 1000000))) AS iri_bytes;
SELECT octet_length(iri_normalize(('HTTP://A/' || repeat('%7e', 1000000))::iri)) AS normalized_bytes;
SELECT iri_equivalent(('http://a/' || repeat('%7e', 1000000))::iri, ('http://a/' || repeat('~', 1000000))::iri);
-- more IRIs than the first buffer of iri_extract holds
SELECT count(*), min("end" - start), max("end" - start)
  FROM iri_extract(repeat('see http://a.example/x and ', 100000));
-- stored and read back through TOAST
CREATE TABLE big (u iri);
INSERT INTO big SELECT ('http://example.org/' || repeat('パ', 3000000))::iri;
SELECT octet_length(u), iri_host(u), length(iri_path(u)) FROM big;
