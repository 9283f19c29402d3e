// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/scheme: the registry, each scheme's rules with the examples of its specification
// (valid) and one breach per ABNF production with a testable edge (invalid), the profiles, and
// scheme-based normalization (RFC 3987 §5.3.3) of URNs, UUIDs and mailto.
#include "irikit/scheme.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "irikit/lint.h"
#include "irikit/normalize.h"

namespace irikit {
namespace {

struct hit {
  std::string rule;
  std::uint32_t offset;
  std::uint32_t length;
  friend bool operator==(const hit&, const hit&) = default;
};
std::ostream& operator<<(std::ostream& os, const hit& h) {
  return os << h.rule << "@" << h.offset << "+" << h.length;
}
using hits = std::vector<hit>;

hits check(std::string_view text) {
  const auto v = parse_iri_reference(text);
  EXPECT_TRUE(v.has_value()) << text;
  hits out;
  if (v) {
    for (const scheme_finding& f : check_scheme_rules(*v))
      out.push_back({std::string(f.rule), f.offset, f.length});
  }
  return out;
}

void expect_clean(std::initializer_list<const char*> texts) {
  for (const char* t : texts) EXPECT_EQ(check(t), hits{}) << t;
}

TEST(SchemeRegistry, Lookup) {
  const scheme_info* http = find_scheme("HTTP");
  ASSERT_NE(http, nullptr);
  EXPECT_EQ(http->name, "http");
  EXPECT_EQ(http->default_port, 80);
  EXPECT_EQ(default_port("https"), 443);
  EXPECT_EQ(default_port("ws"), 80);
  EXPECT_EQ(default_port("WSS"), 443);
  EXPECT_EQ(default_port("ftp"), 21);
  EXPECT_EQ(default_port("gopher"), 70);
  EXPECT_EQ(default_port("urn"), -1);
  EXPECT_EQ(default_port("unknown"), -1);
  EXPECT_EQ(find_scheme("nope"), nullptr);
  EXPECT_EQ(scheme_registry().size(), 17u);
  for (const scheme_info& s : scheme_registry()) EXPECT_EQ(find_scheme(s.name), &s);
  // A URN namespace with its own entry, found from the reference, any case (RFC 8141 §3.1).
  EXPECT_EQ(find_scheme(*parse_iri_reference("URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"))->name,
            "urn:uuid");
  EXPECT_EQ(find_scheme(*parse_iri_reference("urn:example:a"))->name, "urn");
  EXPECT_EQ(find_scheme(*parse_iri_reference("urn:oid:1.2"))->name, "urn:oid");
  EXPECT_EQ(find_scheme(*parse_iri_reference("/relative")), nullptr);
}

// RFC 9110 §4.2.1, §4.2.2: a host is required; §4.2.4 userinfo deprecated; ports are TCP ports.
TEST(SchemeHttp, Rfc9110Section4_2) {
  expect_clean({"http://www.example.com/", "https://example.org:8443/a?b#c", "http://[2001:db8::1]/",
                "http://127.0.0.1:0/", "http://h:65535/", "http://h:0000080/", "ftp://ftp.example.org/pub",
                "ftp://user:pass@ftp.example.org/", "ws://example.com/chat", "wss://example.com:443/"});
  EXPECT_EQ(check("http://"), (hits{{"scheme-http-missing-host", 5, 2}}));
  EXPECT_EQ(check("http:///a"), (hits{{"scheme-http-missing-host", 5, 2}}));
  EXPECT_EQ(check("https:/a"), (hits{{"scheme-http-missing-host", 0, 6}}));
  EXPECT_EQ(check("http:"), (hits{{"scheme-http-missing-host", 0, 5}}));
  EXPECT_EQ(check("http://:80/"), (hits{{"scheme-http-missing-host", 5, 5}}));
  EXPECT_EQ(check("ws://"), (hits{{"scheme-http-missing-host", 3, 2}}));
  EXPECT_EQ(check("ftp:/pub"), (hits{{"scheme-http-missing-host", 0, 4}}));
  EXPECT_EQ(check("http://user:pw@example.com/"), (hits{{"scheme-http-userinfo", 7, 8}}));
  EXPECT_EQ(check("wss://u@example.com/"), (hits{{"scheme-http-userinfo", 6, 2}}));
  EXPECT_EQ(check("http://h:65536/"), (hits{{"scheme-port-range", 9, 5}}));
  EXPECT_EQ(check("https://h:999999/"), (hits{{"scheme-port-range", 10, 6}}));
  EXPECT_EQ(check("http://h:/"), hits{});                                   // empty-port's, not this rule's
  EXPECT_EQ(check("HTTP://"), (hits{{"scheme-http-missing-host", 5, 2}}));  // schemes ignore case
}

// RFC 6455 §3: ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]; no fragment.
TEST(SchemeWs, Rfc6455Section3) {
  expect_clean({"ws://example.com/chat?room=1", "wss://example.com/"});
  EXPECT_EQ(check("ws://example.com/#frag"), (hits{{"scheme-ws-fragment", 17, 5}}));
  EXPECT_EQ(check("wss://example.com#"), (hits{{"scheme-ws-fragment", 17, 1}}));
  EXPECT_EQ(check("http://example.com/#frag"), hits{});
}

// RFC 8089 §2 and the examples of Appendix B; Appendix E the non-standard forms.
TEST(SchemeFile, Rfc8089) {
  expect_clean({"file:///path/to/file", "file:/path/to/file", "file://host.example.com/path/to/file",
                "file://localhost/etc/fstab", "file:///c:/path/to/file", "file:/c:/path/to/file"});
  EXPECT_EQ(check("file://host"), (hits{{"scheme-file-syntax", 5, 6}}));
  EXPECT_EQ(check("file:a/b"), (hits{{"scheme-file-syntax", 4, 4}}));
  EXPECT_EQ(check("file:"), (hits{{"scheme-file-syntax", 4, 1}}));
  EXPECT_EQ(check("file://u@h/x"), (hits{{"scheme-file-syntax", 7, 2}}));
  EXPECT_EQ(check("file://h:21/x"), (hits{{"scheme-file-syntax", 8, 3}}));
  EXPECT_EQ(check("file:///x?q"), (hits{{"scheme-file-syntax", 9, 2}}));
  // Appendix E.2: a drive letter without "/"; E.2.2: "|"; E.3: UNC in the path.
  EXPECT_EQ(check("file:c:/path/to/file"), (hits{{"scheme-file-nonstandard", 5, 2}}));
  {  // "|" is not an IRI character: only a LEIRI (RFC 3987 §7) has it as it is.
    const auto leiri = parse("file:///c|/path/to/file", rule::leiri);
    ASSERT_TRUE(leiri.has_value());
    const auto f = check_scheme_rules(*leiri);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].rule, "scheme-file-nonstandard");
    EXPECT_EQ(f[0].offset, 8u);
  }
  EXPECT_EQ(check("file:////host.example.com/path/to/file"), (hits{{"scheme-file-nonstandard", 7, 31}}));
}

// RFC 8141 §2 (the ABNF) and the examples of §2 and §3.2.
TEST(SchemeUrn, Rfc8141Section2) {
  expect_clean({"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
                "urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
                "urn:example:a123,z456/foo", "urn:example:a123,z456/bar", "urn:example:a123%2Cz456",
                "urn:example:A123,z456",
                "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
                "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", "urn:example:a?+r?=q#f", "urn:ab:c",
                "urn:abcdefghijklmnopqrstuvwxyz012345:x", "urn:a-b:c", "urn:example:%C3%A9",
                "urn:example:é"});
  EXPECT_EQ(check("urn:a:b"), (hits{{"scheme-urn-nid", 4, 1}}));
  EXPECT_EQ(check("urn:abcdefghijklmnopqrstuvwxyz0123456:x"), (hits{{"scheme-urn-nid", 4, 33}}));
  EXPECT_EQ(check("urn:-ab:c"), (hits{{"scheme-urn-nid", 4, 3}}));
  EXPECT_EQ(check("urn:ab-:c"), (hits{{"scheme-urn-nid", 4, 3}}));
  EXPECT_EQ(check("urn:a_b:c"), (hits{{"scheme-urn-nid", 4, 3}}));
  EXPECT_EQ(check("urn:"), (hits{{"scheme-urn-nid", 4, 0}}));
  EXPECT_EQ(check("urn://example/x"), (hits{{"scheme-urn-nid", 4, 9}}));
  EXPECT_EQ(check("urn:example"), (hits{{"scheme-urn-nss", 11, 0}}));
  EXPECT_EQ(check("urn:example:"), (hits{{"scheme-urn-nss", 12, 0}}));
  EXPECT_EQ(check("urn:example:/a"), (hits{{"scheme-urn-nss", 12, 1}}));
  // §2.3: "?+" r-component, then "?=" q-component, each starting with a pchar.
  EXPECT_EQ(check("urn:example:a?x"), (hits{{"scheme-urn-rq-components", 13, 2}}));
  EXPECT_EQ(check("urn:example:a?+"), (hits{{"scheme-urn-rq-components", 13, 2}}));
  EXPECT_EQ(check("urn:example:a?="), (hits{{"scheme-urn-rq-components", 13, 2}}));
  EXPECT_EQ(check("urn:example:a?=q?+r"), hits{});  // "?+r" is part of the q-component
  EXPECT_EQ(check("urn:example:a?+r?=/q"), (hits{{"scheme-urn-rq-components", 13, 7}}));
  EXPECT_EQ(check("urn:example:a?+/r"), (hits{{"scheme-urn-rq-components", 13, 4}}));
}

// RFC 8141 §5.1: a formal NID does not start with "urn-" (the informal namespaces' prefix, §5.2:
// "urn-" and a number) or "x-" (RFC 3406 §3.1's experimental NIDs, which RFC 8141 drops).
TEST(SchemeUrn, Rfc8141Section5ReservedAndExperimentalNids) {
  expect_clean({"urn:urn-7:a", "urn:URN-123:a", "urn:urnx:a", "urn:urn:a", "urn:xy:a", "urn:ex-a:b",
                "urn:a-x-b:c", "urn:oid-x:1"});
  EXPECT_EQ(check("urn:urn-example:a"), (hits{{"scheme-urn-reserved-nid", 4, 11}}));
  EXPECT_EQ(check("urn:URN-Ex:a"), (hits{{"scheme-urn-reserved-nid", 4, 6}}));
  EXPECT_EQ(check("urn:urn-7a:a"), (hits{{"scheme-urn-reserved-nid", 4, 6}}));
  EXPECT_EQ(check("urn:x-acme:widget"), (hits{{"scheme-urn-experimental-nid", 4, 6}}));
  EXPECT_EQ(check("urn:X-ACME:widget"), (hits{{"scheme-urn-experimental-nid", 4, 6}}));
  // "urn-" alone ends with "-": not a NID at all (§2), reported as such and nothing more.
  EXPECT_EQ(check("urn:urn-:a"), (hits{{"scheme-urn-nid", 4, 4}}));
  // the NSS is still checked after a reserved NID
  EXPECT_EQ(check("urn:x-acme:"), (hits{{"scheme-urn-experimental-nid", 4, 6}, {"scheme-urn-nss", 11, 0}}));
  const auto v = parse_iri_reference("urn:x-acme:widget");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(check_scheme_rules(*v).at(0).message,
            "URN namespace identifier \"x-acme\" is an experimental \"X-\" NID of RFC 3406 §3.1, which RFC "
            "8141 §5.1 no longer provides for: it names no registered namespace");
}

// "uuid:" and "oid:" are no schemes: the namespaces are urn:uuid (RFC 9562 §4, RFC 4122 §3) and
// urn:oid (RFC 3061 §2).
TEST(SchemeUrnNamespaceAsScheme, UuidAndOid) {
  EXPECT_EQ(check("uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
            (hits{{"scheme-urn-namespace-as-scheme", 0, 4}}));
  EXPECT_EQ(check("UUID:x"), (hits{{"scheme-urn-namespace-as-scheme", 0, 4}}));
  EXPECT_EQ(check("oid:1.3.6.1"), (hits{{"scheme-urn-namespace-as-scheme", 0, 3}}));
  EXPECT_EQ(check("oid://1.3.6.1"), (hits{{"scheme-urn-namespace-as-scheme", 0, 3}}));
  expect_clean(
      {"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:oid:1.3.6.1", "uuids:x", "oidx:1", "uui:x"});
  const auto v = parse_iri_reference("oid:1.3.6.1");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(
      check_scheme_rules(*v).at(0).message,
      "\"oid:\" is not a registered scheme: the oid namespace of URNs is written \"urn:oid:\" (RFC 3061 §2)");
  const auto u = parse_iri_reference("Uuid:x");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(check_scheme_rules(*u).at(0).message,
            "\"Uuid:\" is not a registered scheme: the uuid namespace of URNs is written \"urn:uuid:\" (RFC "
            "9562 §4; "
            "RFC 4122 §3)");
}

// RFC 1738 §3.2: ftpurl has no query.
TEST(SchemeFtp, Rfc1738Section3_2NoQuery) {
  expect_clean({"ftp://ftp.example.org/pub/file.txt", "ftp://ftp.example.org/pub/file.txt;type=i",
                "ftp://ftp.example.org/pub/a%3Fb", "ftp://ftp.example.org/pub/a#f"});
  EXPECT_EQ(check("ftp://ftp.example.org/pub/a?b"), (hits{{"scheme-ftp-query", 27, 2}}));
  EXPECT_EQ(check("FTP://h/?"), (hits{{"scheme-ftp-query", 8, 1}}));
  EXPECT_EQ(check("ftp://h/x?q#f"), (hits{{"scheme-ftp-query", 9, 2}}));
  EXPECT_EQ(check("http://h/x?q"), hits{});  // only ftp
}

// RFC 9562 §4 (RFC 4122 §3): the UUID string and its case.
TEST(SchemeUuid, Rfc9562Section4) {
  expect_clean(
      {"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:uuid:00000000-0000-0000-0000-000000000000",
       "urn:uuid:ffffffff-ffff-ffff-ffff-ffffffffffff", "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f"});
  EXPECT_EQ(check("urn:uuid:not-a-uuid"), (hits{{"scheme-uuid-syntax", 9, 10}}));
  EXPECT_EQ(check("urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6"), (hits{{"scheme-uuid-syntax", 9, 32}}));
  EXPECT_EQ(check("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf"), (hits{{"scheme-uuid-syntax", 9, 35}}));
  EXPECT_EQ(check("urn:uuid:g81d4fae-7dec-11d0-a765-00a0c91e6bf6"), (hits{{"scheme-uuid-syntax", 9, 36}}));
  EXPECT_EQ(check("urn:uuid:f81d4fae-7dec-11d0-a765_00a0c91e6bf6"), (hits{{"scheme-uuid-syntax", 9, 36}}));
  EXPECT_EQ(check("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"),
            (hits{{"scheme-uuid-not-lowercase", 9, 36}}));
  EXPECT_EQ(check("URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"), hits{});
}

// RFC 3061 §2: oid = number *( "." number ), no leading zeros.
TEST(SchemeOid, Rfc3061Section2) {
  expect_clean({"urn:oid:1.3.6.1", "urn:oid:2.16.840", "urn:oid:0", "urn:oid:1.3.6.1.4.1.1466.115.121.1.38"});
  EXPECT_EQ(check("urn:oid:1.03"), (hits{{"scheme-oid-syntax", 8, 4}}));
  EXPECT_EQ(check("urn:oid:1..2"), (hits{{"scheme-oid-syntax", 8, 4}}));
  EXPECT_EQ(check("urn:oid:1.2."), (hits{{"scheme-oid-syntax", 8, 4}}));
  EXPECT_EQ(check("urn:oid:a.b"), (hits{{"scheme-oid-syntax", 8, 3}}));
}

// RFC 2648 §2: rfc/fyi/std/bcp take a number, id and mtg a string of letters, digits and "-".
TEST(SchemeUrnIetf, Rfc2648Section2) {
  expect_clean({"urn:ietf:rfc:2648", "urn:ietf:std:50", "urn:ietf:id:ietf-urn-ietf-06", "urn:ietf:mtg:41-urn",
                "urn:ietf:bcp:47", "urn:ietf:fyi:36", "urn:ietf:params:xml:ns:xmpp-bind"});
  EXPECT_EQ(check("urn:ietf:rfc:twenty"), (hits{{"scheme-urn-ietf", 13, 6}}));
  EXPECT_EQ(check("urn:ietf:rfc:"), (hits{{"scheme-urn-ietf", 13, 0}}));
  EXPECT_EQ(check("urn:ietf:id:a.b"), (hits{{"scheme-urn-ietf", 12, 3}}));
}

// RFC 3187 §3 (ISBN-10) and RFC 8254 §4 (ISBN-13), with the ISO 2108 check digit.
TEST(SchemeIsbn, Rfc3187Section3) {
  expect_clean({"urn:isbn:0451450523", "urn:isbn:0-395-36341-1", "urn:isbn:978-0-395-36341-6",
                "urn:isbn:9780395363416", "urn:isbn:0-8044-2957-X"});
  EXPECT_EQ(check("urn:isbn:0-395-36341-2"), (hits{{"scheme-isbn-syntax", 9, 13}}));
  EXPECT_EQ(check("urn:isbn:978-0-395-36341-7"), (hits{{"scheme-isbn-syntax", 9, 17}}));
  EXPECT_EQ(check("urn:isbn:12345"), (hits{{"scheme-isbn-syntax", 9, 5}}));
  EXPECT_EQ(check("urn:isbn:0--395-36341-1"), (hits{{"scheme-isbn-syntax", 9, 14}}));
}

// RFC 6068 §2 and the examples of §6.
TEST(SchemeMailto, Rfc6068) {
  expect_clean({"mailto:chris@example.com", "mailto:infobot@example.com?subject=current-issue",
                "mailto:infobot@example.com?body=send%20current-issue",
                "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
                "mailto:joe@example.com?cc=bob@example.com&body=hello", "mailto:?to=joe@example.com",
                "mailto:gorby%25kremvax@example.com", "mailto:unlikely%3Faddress@example.com?blat=foop",
                "mailto:%22not%40me%22@example.org", "mailto:a@example.org,b@example.org",
                // RFC 6068 §6.1, §6.2 and §6.3 (the examples that are IRIs as written)
                "mailto:addr1@an.example,addr2@an.example", "mailto:?to=addr1@an.example,addr2@an.example",
                "mailto:addr1@an.example?to=addr2@an.example",
                "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
                "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
                "mailto:user@example.org?subject=caf%C3%A9", "mailto:user@%E7%B4%8D%E8%B1%86.example.org",
                "mailto:Test.Name@example.org?subject=%E3%81%AA%E3%81%A3%E3%81%A8%E3%81%86", "mailto:"});
  EXPECT_EQ(check("mailto:@"), (hits{{"scheme-mailto-address", 7, 1}}));
  EXPECT_EQ(check("mailto:joe"), (hits{{"scheme-mailto-address", 7, 3}}));
  EXPECT_EQ(check("mailto:joe@"), (hits{{"scheme-mailto-address", 7, 4}}));
  EXPECT_EQ(check("mailto:.joe@example.com"), (hits{{"scheme-mailto-address", 7, 16}}));
  EXPECT_EQ(check("mailto:joe@example..com"), (hits{{"scheme-mailto-address", 7, 16}}));
  EXPECT_EQ(check("mailto:a@example.org,"), (hits{{"scheme-mailto-address", 21, 0}}));
  EXPECT_EQ(check("mailto://joe@example.com"), (hits{{"scheme-mailto-address", 7, 17}}));
  EXPECT_EQ(check("mailto:a@example.org?subject"), (hits{{"scheme-mailto-hfields", 21, 7}}));
  EXPECT_EQ(check("mailto:a@example.org?=x"), (hits{{"scheme-mailto-hfields", 21, 2}}));
  EXPECT_EQ(check("mailto:a@example.org?"), (hits{{"scheme-mailto-hfields", 21, 0}}));
}

// RFC 2397 §3 and the examples of §4.
TEST(SchemeData, Rfc2397) {
  expect_clean({"data:,A%20brief%20note", "data:text/plain;charset=iso-8859-7,%be%d3%be", "data:;base64,QUJD",
                "data:text/plain;base64,SGVsbG8=",
                "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local", "data:,",
                "data:;charset=utf-8,x", "data:text/plain;base64,SGk%3D"});
  EXPECT_EQ(check("data:;base64,@@@"), (hits{{"scheme-data-base64", 13, 1}}));
  EXPECT_EQ(check("data:;base64,QUJ"), (hits{{"scheme-data-base64", 13, 3}}));
  EXPECT_EQ(check("data:;base64,QQ=A"), (hits{{"scheme-data-base64", 16, 1}}));
  EXPECT_EQ(check("data:;base64,Q==="), (hits{{"scheme-data-base64", 16, 1}}));
  EXPECT_EQ(check("data:;base64,QU%20J"), (hits{{"scheme-data-base64", 15, 3}}));
  EXPECT_EQ(check("data:text/plain"), (hits{{"scheme-data-syntax", 4, 11}}));
  EXPECT_EQ(check("data:text,x"), (hits{{"scheme-data-syntax", 5, 4}}));
  EXPECT_EQ(check("data:text/plain;charset,x"), (hits{{"scheme-data-syntax", 16, 7}}));
  EXPECT_EQ(check("data://x,y"), (hits{{"scheme-data-syntax", 5, 5}}));
}

// RFC 4151 §2.1 and the examples of §2.5.
TEST(SchemeTag, Rfc4151) {
  expect_clean({"tag:timothy@hpl.hp.com,2001:web/externalHome", "tag:sandro@w3.org,2004-05:Sandro",
                "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
                "tag:blogger.com,1999:blog-555", "tag:yaml.org,2002:int", "tag:example.com,2000:"});
  EXPECT_EQ(check("tag:example.com"), (hits{{"scheme-tag-syntax", 3, 12}}));
  EXPECT_EQ(check("tag:example.com,2000"), (hits{{"scheme-tag-syntax", 3, 17}}));
  EXPECT_EQ(check("tag:-example.com,2000:x"), (hits{{"scheme-tag-syntax", 4, 12}}));
  EXPECT_EQ(check("tag:example.com,00:x"), (hits{{"scheme-tag-syntax", 16, 2}}));
  EXPECT_EQ(check("tag:example.com,2000-13:x"), (hits{{"scheme-tag-syntax", 16, 7}}));
  EXPECT_EQ(check("tag:example.com,2000-01-32:x"), (hits{{"scheme-tag-syntax", 16, 10}}));
  EXPECT_EQ(check("tag:@example.com,2000:x"), (hits{{"scheme-tag-syntax", 4, 12}}));
}

// W3C DID Core 1.0 §3.1 (DID syntax) and §3.2 (DID URL syntax) with its examples.
TEST(SchemeDid, DidCore) {
  expect_clean(
      {"did:example:123456789abcdefghi", "did:example:123456/path", "did:example:123?versionId=1",
       "did:example:123#public-key-0", "did:example:123?service=agent&relativeRef=/credentials#degree",
       "did:web:w3c-ccg.github.io:user:alice", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
       "did:example:a%3Ab", "did:ex:a:b"});
  EXPECT_EQ(check("did:Example:1"), (hits{{"scheme-did-syntax", 4, 7}}));
  EXPECT_EQ(check("did::1"), (hits{{"scheme-did-syntax", 4, 0}}));
  EXPECT_EQ(check("did:example"), (hits{{"scheme-did-syntax", 4, 7}}));
  EXPECT_EQ(check("did:example:"), (hits{{"scheme-did-syntax", 12, 0}}));
  EXPECT_EQ(check("did:example:abc:"), (hits{{"scheme-did-syntax", 12, 4}}));
  EXPECT_EQ(check("did:example:a~b"), (hits{{"scheme-did-syntax", 13, 1}}));
  EXPECT_EQ(check("did:example:\u00e9"), (hits{{"scheme-did-syntax", 12, 2}}));  // the whole character
  EXPECT_EQ(check("data:;base64,QU\u00e9J"), (hits{{"scheme-data-base64", 15, 2}}));
}

// RFC 3966 §3 and the examples of §6.
TEST(SchemeTel, Rfc3966) {
  expect_clean({"tel:+1-201-555-0123", "tel:7042;phone-context=example.com",
                "tel:863-1234;phone-context=+1-914-555", "tel:+358-555-1234567;postd=pp22",
                "tel:+1-212-555-0101;ext=1234", "tel:*1234;phone-context=+1",
                "tel:%23123;phone-context=example.com", "tel:+1(800)555.0199"});
  EXPECT_EQ(check("tel:+"), (hits{{"scheme-tel-syntax", 4, 1}}));
  EXPECT_EQ(check("tel:"), (hits{{"scheme-tel-syntax", 4, 0}}));
}

TEST(SchemeTel, Rfc3966Invalid) {
  EXPECT_EQ(check("tel:+1-555-x"), (hits{{"scheme-tel-syntax", 4, 8}}));
  EXPECT_EQ(check("tel:5551234"), (hits{{"scheme-tel-syntax", 4, 7}}));  // §5.1.5: phone-context
  EXPECT_EQ(check("tel:+1555;ext=x"), (hits{{"scheme-tel-syntax", 10, 5}}));
  EXPECT_EQ(check("tel:555;phone-context="),
            (hits{{"scheme-tel-syntax", 4, 3}, {"scheme-tel-syntax", 8, 14}}));
  EXPECT_EQ(check("tel:+1555;=x"), (hits{{"scheme-tel-syntax", 10, 2}}));
  EXPECT_EQ(check("tel://+1555"), (hits{{"scheme-tel-syntax", 4, 7}}));
}

// RFC 8089 Appendix B: the examples of the standard syntax; Appendix E.1 a user's home ("~") is a
// path segment like any other.
TEST(SchemeFile, Rfc8089AppendixB) {
  expect_clean({"file:///path/to/file", "file:/path/to/file", "file://host.example.com/path/to/file",
                "file:///~/calendar", "file://localhost/c:/WINDOWS/clock.avi"});
}

TEST(SchemeRules, UnknownSchemesAndRelativeReferences) {
  expect_clean({"example:anything", "a/b", "//host/x", "foo://"});
}

// Profiles (lint_options::set_profile): the scheme rules' severities.
TEST(SchemeProfiles, Severities) {
  lint_options o;
  EXPECT_EQ(o.profile(), "default");
  EXPECT_EQ(o.severity_of("scheme-urn-nid"), severity::warning);
  EXPECT_FALSE(o.set_profile("nope"));
  EXPECT_EQ(o.profile(), "default");
  ASSERT_TRUE(o.set_profile("strict"));
  EXPECT_EQ(o.severity_of("scheme-file-nonstandard"), severity::error);
  EXPECT_EQ(o.severity_of("not-nfc"), severity::warning);  // only scheme rules change
  ASSERT_TRUE(o.set_profile("rdf"));
  EXPECT_EQ(o.severity_of("scheme-uuid-syntax"), severity::error);
  EXPECT_EQ(o.severity_of("scheme-mailto-address"), severity::warning);
  ASSERT_TRUE(o.set_profile("web"));
  EXPECT_EQ(o.severity_of("scheme-urn-nid"), severity::info);
  EXPECT_EQ(o.severity_of("scheme-data-base64"), severity::error);
  o.set_severity("scheme-data-base64", severity::off);  // overrides win
  EXPECT_EQ(o.severity_of("scheme-data-base64"), severity::off);
  // issue 53's rules, per profile
  const auto levels = [](const char* profile, const char* rule) {
    lint_options p;
    EXPECT_TRUE(p.set_profile(profile));
    return p.severity_of(rule);
  };
  EXPECT_EQ(levels("default", "scheme-urn-reserved-nid"), severity::warning);
  EXPECT_EQ(levels("default", "scheme-urn-experimental-nid"), severity::warning);
  EXPECT_EQ(levels("default", "scheme-urn-namespace-as-scheme"), severity::warning);
  EXPECT_EQ(levels("default", "scheme-ftp-query"), severity::warning);
  EXPECT_EQ(levels("rdf", "scheme-urn-reserved-nid"), severity::error);
  EXPECT_EQ(levels("rdf", "scheme-urn-experimental-nid"), severity::warning);
  EXPECT_EQ(levels("rdf", "scheme-urn-namespace-as-scheme"), severity::error);
  EXPECT_EQ(levels("rdf", "scheme-ftp-query"), severity::warning);
  EXPECT_EQ(levels("web", "scheme-urn-reserved-nid"), severity::info);
  EXPECT_EQ(levels("web", "scheme-urn-experimental-nid"), severity::info);
  EXPECT_EQ(levels("web", "scheme-urn-namespace-as-scheme"), severity::info);
  EXPECT_EQ(levels("web", "scheme-ftp-query"), severity::error);
  for (const char* rule : {"scheme-urn-reserved-nid", "scheme-urn-experimental-nid",
                           "scheme-urn-namespace-as-scheme", "scheme-ftp-query"}) {
    EXPECT_EQ(levels("strict", rule), severity::error) << rule;
  }
  EXPECT_EQ(lint_profiles().size(), 4u);
  EXPECT_EQ(lint_profiles()[0].name, "default");
  for (const lint_rule& r : lint_rules()) {
    if (r.id.starts_with("scheme-")) {
      EXPECT_NE(r.reference, "") << r.id;
    }
  }
}

TEST(SchemeProfiles, LintReportsSchemeRules) {
  lint_options o;
  o.set_profile("strict");
  const auto r = lint("urn:a:b", o);
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].rule, "scheme-urn-nid");
  EXPECT_EQ((*r)[0].level, severity::error);
  EXPECT_EQ((*r)[0].offset, 4u);
  EXPECT_EQ((*r)[0].message, "URN namespace identifier \"a\" has 1 character (2 to 32) (RFC 8141 §2)");
  // The issue's examples are no longer lint-clean by default.
  for (const char* text :
       {"http://", "urn:a:b", "urn:uuid:not-a-uuid", "mailto:@", "data:;base64,@@@", "did:Example:1",
        "urn:urn-x:a", "urn:x-y:a", "uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "oid:1.2", "ftp://h/a?b"}) {
    const auto d = lint(text);
    ASSERT_TRUE(d.has_value()) << text;
    EXPECT_FALSE(d->empty()) << text;
  }
}

std::string scheme_form(std::string_view text) {
  const auto n = normalize(text, normalize_options::scheme());
  EXPECT_TRUE(n.has_value()) << text;
  return n ? std::string(n->text()) : std::string();
}

// RFC 3987 §5.3.3 per the registry.
TEST(SchemeNormalization, PerRegistry) {
  EXPECT_EQ(scheme_form("HTTP://Example.COM:80"), "http://example.com/");
  EXPECT_EQ(scheme_form("wss://h:443"), "wss://h/");
  EXPECT_EQ(scheme_form("ftp://h:21/x"), "ftp://h/x");
  EXPECT_EQ(scheme_form("gopher://h:70"), "gopher://h/");
  EXPECT_EQ(scheme_form("http://h:8080"), "http://h:8080/");
  EXPECT_EQ(scheme_form("file://localhost/etc/fstab"), "file:///etc/fstab");
  EXPECT_EQ(scheme_form("file://LOCALHOST/x"), "file:///x");
  // RFC 8141 §3.1: "urn" and the NID in lower case, %-hex in upper case; the NSS keeps its case.
  EXPECT_EQ(scheme_form("URN:EXAMPLE:a123,z456"), "urn:example:a123,z456");
  EXPECT_EQ(scheme_form("urn:Example:A%2c"), "urn:example:A%2C");
  EXPECT_EQ(scheme_form("urn:example:a?+R?=Q#F"), "urn:example:a?+R?=Q#F");  // kept, ignored by equivalence
  // RFC 9562 §4: UUIDs in lower case.
  EXPECT_EQ(scheme_form("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"),
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
  // mailto: the domains in lower case, local parts as they are.
  EXPECT_EQ(scheme_form("mailto:Joe@Example.COM,Ann@EXAMPLE.org?subject=Hi"),
            "mailto:Joe@example.com,Ann@example.org?subject=Hi");
  // The syntax rung does none of this.
  const auto syntax = normalize("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", normalize_options::syntax());
  EXPECT_EQ(syntax->text(), "urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6");
}

// RFC 8141 §3.2's examples: equivalent and not.
TEST(SchemeNormalization, Rfc8141Section3Equivalence) {
  const auto eq = [](std::string_view a, std::string_view b) {
    return *equivalent(a, b, comparison_level::scheme);
  };
  EXPECT_TRUE(eq("urn:example:a123,z456", "URN:example:a123,z456"));
  EXPECT_TRUE(eq("urn:example:a123,z456", "urn:EXAMPLE:a123,z456"));
  EXPECT_TRUE(eq("urn:example:a123,z456", "urn:example:a123,z456?+abc"));
  EXPECT_TRUE(eq("urn:example:a123,z456", "urn:example:a123,z456?=xyz"));
  EXPECT_TRUE(eq("urn:example:a123,z456", "urn:example:a123,z456#789"));
  EXPECT_FALSE(eq("urn:example:a123,z456", "urn:example:a123,z456/foo"));
  EXPECT_FALSE(eq("urn:example:a123,z456", "urn:example:a123%2Cz456"));
  EXPECT_FALSE(eq("urn:example:a123,z456", "urn:example:A123,z456"));
  EXPECT_FALSE(eq("urn:example:a123,z456", "urn:example:a123,Z456"));
  EXPECT_TRUE(eq("urn:example:a123%2cz456", "URN:EXAMPLE:a123%2Cz456"));
  EXPECT_TRUE(
      eq("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"));
  EXPECT_FALSE(*equivalent("urn:example:a", "urn:example:a?+r", comparison_level::syntax));
  EXPECT_TRUE(eq("mailto:joe@EXAMPLE.com", "mailto:joe@example.com"));
  EXPECT_FALSE(eq("mailto:Joe@example.com", "mailto:joe@example.com"));
  EXPECT_TRUE(eq("http://example.com", "http://example.com:80/"));
}

}  // namespace
}  // namespace irikit
