// SPDX-License-Identifier: MIT OR Apache-2.0
#include "irikit/whatwg.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "whatwg/internal.h"

namespace w = irikit::whatwg;

namespace {

w::url parsed(std::string_view input, const w::url* base = nullptr) {
  auto u = w::parse(input, base);
  EXPECT_TRUE(u.has_value()) << input;
  return u ? *u : w::url();
}

std::vector<std::string> names(const std::vector<w::validation>& notes) {
  std::vector<std::string> out;
  for (const auto& n : notes)
    out.emplace_back(std::string(w::error_name(n.error)) + "@" + std::to_string(n.offset));
  return out;
}

}  // namespace

// URL Standard §4.4 and §4.5: the parser rewrites what it accepts; href and every getter.
TEST(WhatwgParse, GettersOfASpecialUrl) {
  const w::url u = parsed("HTTP://User:Pa ss@EXAMPLE.com:8080/a/./b/../c?q=1 2'#f g");
  EXPECT_EQ(u.href(), "http://User:Pa%20ss@example.com:8080/a/c?q=1%202%27#f%20g");
  EXPECT_EQ(u.protocol(), "http:");
  EXPECT_EQ(u.username(), "User");
  EXPECT_EQ(u.password(), "Pa%20ss");
  EXPECT_EQ(u.host(), "example.com:8080");
  EXPECT_EQ(u.hostname(), "example.com");
  EXPECT_EQ(u.port(), "8080");
  EXPECT_EQ(u.pathname(), "/a/c");
  EXPECT_EQ(u.search(), "?q=1%202%27");
  EXPECT_EQ(u.hash(), "#f%20g");
  EXPECT_EQ(u.origin(), "http://example.com:8080");
  EXPECT_EQ(u.host_kind(), w::host_type::domain);
  EXPECT_EQ(u.port_number(), 8080);
  EXPECT_EQ(u.path_segments(), (std::vector<std::string_view>{"a", "c"}));
}

TEST(WhatwgParse, DefaultPortIsDropped) {
  EXPECT_EQ(parsed("https://h:443/").href(), "https://h/");
  EXPECT_EQ(parsed("ws://h:80").href(), "ws://h/");
  EXPECT_EQ(parsed("foo://h:80").href(), "foo://h:80");
}

TEST(WhatwgParse, OpaquePathsAndNonSpecialUrls) {
  const w::url u = parsed("mailto:Joe@Example.COM?subject=hi there");
  EXPECT_TRUE(u.has_opaque_path());
  EXPECT_EQ(u.pathname(), "Joe@Example.COM");
  EXPECT_EQ(u.search(), "?subject=hi%20there");
  EXPECT_EQ(u.origin(), "null");
  EXPECT_FALSE(u.host_record().has_value());
  // §4.5 step 3: "/." keeps an empty first segment from reading as an authority.
  const w::url v = parsed("web+demo:/.//not-a-host/");
  EXPECT_EQ(v.href(), "web+demo:/.//not-a-host/");
  EXPECT_EQ(v.pathname(), "//not-a-host/");
}

TEST(WhatwgParse, RelativeToABase) {
  const w::url base = parsed("http://example.org/foo/bar?x#y");
  EXPECT_EQ(parsed("../baz", &base).href(), "http://example.org/baz");
  EXPECT_EQ(parsed("?q", &base).href(), "http://example.org/foo/bar?q");
  EXPECT_EQ(parsed("#z", &base).href(), "http://example.org/foo/bar?x#z");
  EXPECT_EQ(parsed("//other/p", &base).href(), "http://other/p");
  EXPECT_EQ(parsed("http:g", &base).href(), "http://example.org/foo/g");
  EXPECT_EQ(parsed("\\\\srv\\share", &base).href(), "http://srv/share");
  auto text_base = w::parse("c/d", "file:///C:/a/b");
  ASSERT_TRUE(text_base);
  EXPECT_EQ(text_base->href(), "file:///C:/a/c/d");
}

TEST(WhatwgParse, FileUrls) {
  EXPECT_EQ(parsed("file:c:\\foo\\bar.html").href(), "file:///c:/foo/bar.html");
  EXPECT_EQ(parsed("file://localhost/etc").href(), "file:///etc");
  EXPECT_EQ(parsed("file:///C|/x/../../..").href(), "file:///C:/");
  EXPECT_EQ(parsed("file://C|/x").href(), "file:///C:/x");
}

// §3.5 host parsing: IPv4 in every number form, IPv6 serialization, opaque hosts, IDNA.
TEST(WhatwgHost, Ipv4NumberForms) {
  EXPECT_EQ(parsed("http://0x7f.1/").hostname(), "127.0.0.1");
  EXPECT_EQ(parsed("http://0177.0.0.1/").hostname(), "127.0.0.1");
  EXPECT_EQ(parsed("http://2130706433/").hostname(), "127.0.0.1");
  EXPECT_EQ(parsed("http://127.1/").hostname(), "127.0.0.1");
  EXPECT_EQ(parsed("http://1.2.3.4./").hostname(), "1.2.3.4");
  EXPECT_EQ(parsed("http://0x/").hostname(), "0.0.0.0");
  EXPECT_EQ(parsed("http://1.2.3.4/").host_kind(), w::host_type::ipv4);
  EXPECT_FALSE(w::parse("http://1.2.3.256/").has_value() && false);
  EXPECT_EQ(parsed("http://1.2.3.255/").hostname(), "1.2.3.255");
  EXPECT_FALSE(w::parse("http://256.0.0.1/"));
  EXPECT_FALSE(w::parse("http://4294967296/"));
  EXPECT_FALSE(w::parse("http://foo.09/"));  // ends in a number, not an IPv4 address
  EXPECT_EQ(parsed("http://foo.09a/").hostname(), "foo.09a");
  // Non-special URLs have opaque hosts: no IPv4 parsing.
  EXPECT_EQ(parsed("foo://0x7f.1/").hostname(), "0x7f.1");
  EXPECT_EQ(parsed("foo://0x7f.1/").host_kind(), w::host_type::opaque);
}

TEST(WhatwgHost, Ipv6Serialization) {
  EXPECT_EQ(parsed("http://[0:0:0:0:0:0:0:1]/").hostname(), "[::1]");
  EXPECT_EQ(parsed("http://[1:0:0:2:0:0:0:3]/").hostname(), "[1:0:0:2::3]");
  EXPECT_EQ(parsed("http://[1:0::0:2]/").hostname(), "[1::2]");
  EXPECT_EQ(parsed("http://[::ffff:192.168.0.1]/").hostname(), "[::ffff:c0a8:1]");
  EXPECT_EQ(parsed("http://[1:2:3:4:5:6:7:0]/").hostname(), "[1:2:3:4:5:6:7:0]");
  EXPECT_EQ(w::serialize_ipv6({0x2001, 0xdb8, 0, 0, 1, 0, 0, 1}), "2001:db8::1:0:0:1");
  const auto bad = w::parse("http://[1::2::3]/");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().error, w::validation_error::ipv6_multiple_compression);
}

TEST(WhatwgHost, DomainsGoThroughUts46) {
  EXPECT_EQ(parsed("https://faß.ExAmPlE/").hostname(), "xn--fa-hia.example");
  EXPECT_EQ(parsed("http://www.foo\xE3\x80\x82"
                   "bar.com")
                .hostname(),
            "www.foo.bar.com");
  EXPECT_EQ(parsed("http://%41.com").hostname(), "a.com");
  // An ASCII domain is lowercased only, even when a label is not valid IDNA.
  EXPECT_EQ(parsed("https://xn--/").hostname(), "xn--");
  const auto bad = w::parse(
      "http://a\xE2\x80\x8D"
      "b/");  // ZWJ: CheckJoiners
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().error, w::validation_error::domain_to_ascii);
  const auto percent = w::parse("http://a%zzb/");
  ASSERT_FALSE(percent);
  EXPECT_EQ(percent.error().error, w::validation_error::domain_invalid_code_point);
  EXPECT_EQ(w::domain_to_unicode("xn--fa-hia.de"), "faß.de");
  // Percent-decoding is the host parser's step (§3.5), not domain to ASCII's (§3.3): on its own,
  // domain to ASCII meets "%" as a forbidden domain code point.
  EXPECT_EQ(w::parse_host("a%41")->serialized, "aa");
  const auto stand_alone = w::domain_to_ascii("a%41");
  ASSERT_FALSE(stand_alone);
  EXPECT_EQ(stand_alone.error().error, w::validation_error::domain_invalid_code_point);
  EXPECT_EQ(stand_alone.error().offset, 1u);
  EXPECT_EQ(*w::domain_to_ascii("B\xC3\xBC"
                                "cher.Example"),
            "xn--bcher-kva.example");
}

// §4.3: validation errors are named as the Standard names them and do not stop the parse.
TEST(WhatwgValidation, ErrorsAreReportedWithOffsets) {
  std::vector<w::validation> notes;
  const auto u = w::parse(" https:\\\\ex.com\\x?a#b", nullptr, &notes);
  ASSERT_TRUE(u);
  // The special-authority-slashes state reports the missing "//" once, then the ignore-slashes
  // state once for each backslash it skips.
  EXPECT_EQ(u->href(), "https://ex.com/x?a#b");
  EXPECT_EQ(names(notes), (std::vector<std::string>{
                              "invalid-URL-unit@0", "special-scheme-missing-following-solidus@7",
                              "special-scheme-missing-following-solidus@7",
                              "special-scheme-missing-following-solidus@8", "invalid-reverse-solidus@15"}));
  notes.clear();
  ASSERT_TRUE(w::parse("http://user@0x7f.1/%zz", nullptr, &notes));
  EXPECT_EQ(names(notes), (std::vector<std::string>{"invalid-credentials@11", "IPv4-non-decimal-part@12",
                                                    "invalid-URL-unit@19"}));
}

TEST(WhatwgValidation, FailuresNameTheirCause) {
  const auto no_scheme = w::parse("//x");
  ASSERT_FALSE(no_scheme);
  EXPECT_EQ(w::error_name(no_scheme.error().error), "missing-scheme-non-relative-URL");
  const auto port = w::parse("http://h:65536/");
  ASSERT_FALSE(port);
  EXPECT_EQ(port.error().error, w::validation_error::port_out_of_range);
  EXPECT_EQ(port.error().offset, 9u);
  EXPECT_EQ(w::describe(port.error()), "byte 9: port-out-of-range: the port is greater than 65535");
  const auto host = w::parse("http://exa mple/");
  ASSERT_FALSE(host);
  EXPECT_EQ(host.error().error, w::validation_error::domain_invalid_code_point);
  EXPECT_FALSE(w::can_parse("http://[::1"));
  EXPECT_TRUE(w::can_parse("x", "http://a/"));
}

TEST(WhatwgValidation, IllFormedUtf8ReadsAsReplacementCharacter) {
  const auto u = w::parse("http://h/\xFF\xC3");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->pathname(), "/%EF%BF%BD%EF%BF%BD");
}

// URL Standard §4.4 step 3 (UTF-8 decode) comes before the host parser's percent-decoding (§3.5
// step 3): an ill-formed byte is U+FFFD even where the bytes a "%" decodes to would complete it,
// and UTS #46 disallows U+FFFD. The fast path (fast.cpp), which leaves the UTF-8 check of a host
// without "%" to UTS #46, checks it for a host with one, and agrees with the full parser.
TEST(WhatwgHost, IllFormedUtf8InAHostFailsEvenWhenPercentDecodingCompletesIt) {
  for (const char* input :
       {"http://\xC3%A9.example/", "http://a\xC3%A9/x", "http://\xC3\xA9/", "http://\xC3/"}) {
    SCOPED_TRACE(input);
    const auto full = w::detail::parse_full(input, nullptr, nullptr, {});
    const auto fast = w::parse(input);
    EXPECT_EQ(fast.has_value(), full.has_value());
    EXPECT_EQ(w::can_parse(input), full.has_value());
    if (fast && full) {
      EXPECT_EQ(fast->href(), full->href());
    }
  }
  EXPECT_FALSE(w::can_parse("http://\xC3%A9.example/"));
  EXPECT_FALSE(w::can_parse("http://\xC3/"));
  const auto u = w::parse("http://\xC3\xA9/");  // well-formed "é": an IDNA host
  ASSERT_TRUE(u);
  EXPECT_EQ(u->host(), "xn--9ca");
}

// §6.1 setters with their state overrides.
TEST(WhatwgSetters, StateOverrides) {
  w::url u = parsed("http://example.net:8080/path?q#h");
  EXPECT_FALSE(u.set_protocol("https"));
  EXPECT_EQ(u.href(), "https://example.net:8080/path?q#h");
  EXPECT_TRUE(u.set_protocol("foo"));  // special ↔ non-special is refused
  EXPECT_EQ(u.protocol(), "https:");
  EXPECT_FALSE(u.set_port("443"));
  EXPECT_EQ(u.href(), "https://example.net/path?q#h");
  (void)u.set_host("example.com:stuff");  // the host is set, the port parser stops at "s"
  EXPECT_EQ(u.host(), "example.com");
  EXPECT_FALSE(u.set_pathname("/a b/../c"));
  EXPECT_EQ(u.pathname(), "/c");
  EXPECT_FALSE(u.set_search("?x=1#2"));
  EXPECT_EQ(u.search(), "?x=1%232");
  EXPECT_FALSE(u.set_hash(""));
  EXPECT_EQ(u.href(), "https://example.com/c?x=1%232");
  EXPECT_FALSE(u.set_username("a@b"));
  EXPECT_FALSE(u.set_password("p:w"));
  EXPECT_EQ(u.href(), "https://a%40b:p%3Aw@example.com/c?x=1%232");
  w::url m = parsed("mailto:x");
  EXPECT_TRUE(m.set_host("h"));  // opaque path: no host
  EXPECT_EQ(m.href(), "mailto:x");
  EXPECT_TRUE(u.set_href("not a url"));
  EXPECT_EQ(u.host(), "example.com");
}

// The setters splice the href and shift the offsets after the part they rewrote (url.cpp). The
// offsets, in href order: scheme_end username_begin username_end password_end host_begin host_end
// path_begin pathname_begin query_begin fragment_begin ("-": absent).
std::string offsets(const w::url& u) {
  const auto p = w::detail::parts_of(u);
  std::string out;
  for (const std::uint32_t o :
       {p.scheme_end, p.username_begin, p.username_end, p.password_end, p.host_begin, p.host_end,
        p.path_begin, p.pathname_begin, p.query_begin, p.fragment_begin}) {
    if (!out.empty()) out += ' ';
    out += o == 0xFFFFFFFFu ? std::string("-") : std::to_string(o);
  }
  return out;
}

// §4.5: credentials inserted before the host, then removed; the host, port and what follows move.
TEST(WhatwgSplice, CredentialsShiftHostAndPath) {
  w::url u = parsed("https://example.com:8080/p?q#f");
  EXPECT_EQ(offsets(u), "5 8 8 8 8 19 24 24 26 28");
  EXPECT_FALSE(u.set_username("me"));
  EXPECT_EQ(u.href(), "https://me@example.com:8080/p?q#f");
  EXPECT_EQ(offsets(u), "5 8 10 10 11 22 27 27 29 31");
  EXPECT_FALSE(u.set_password("p w"));
  EXPECT_EQ(u.href(), "https://me:p%20w@example.com:8080/p?q#f");
  EXPECT_EQ(offsets(u), "5 8 10 16 17 28 33 33 35 37");
  EXPECT_FALSE(u.set_username(""));
  EXPECT_EQ(u.href(), "https://:p%20w@example.com:8080/p?q#f");
  EXPECT_EQ(offsets(u), "5 8 8 14 15 26 31 31 33 35");
  EXPECT_EQ(u.password(), "p%20w");
  EXPECT_FALSE(u.set_password(""));
  EXPECT_EQ(u.href(), "https://example.com:8080/p?q#f");
  EXPECT_EQ(offsets(u), "5 8 8 8 8 19 24 24 26 28");
  // The password alone (one splice of [":" password] ["@"]): added, replaced, removed.
  w::url v = parsed("ws://h.example/");
  EXPECT_FALSE(v.set_password("a@b"));
  EXPECT_EQ(v.href(), "ws://:a%40b@h.example/");
  EXPECT_EQ(offsets(v), "2 5 5 11 12 21 21 21 - -");
  EXPECT_FALSE(v.set_password("\xC3\xBC"));
  EXPECT_EQ(v.href(), "ws://:%C3%BC@h.example/");
  EXPECT_EQ(offsets(v), "2 5 5 12 13 22 22 22 - -");
  EXPECT_FALSE(v.set_password(""));
  EXPECT_EQ(v.href(), "ws://h.example/");
  EXPECT_EQ(offsets(v), "2 5 5 5 5 14 14 14 - -");
  // §4.2 cannot have a username: no host, or file.
  w::url f = parsed("file:///tmp");
  EXPECT_EQ(f.set_username("x"), (w::url_error{w::validation_error::setter_refused, 0}));
  EXPECT_EQ(f.href(), "file:///tmp");
}

// §6.1 protocol setter: the scheme is replaced, every offset moves; the new scheme's default port
// is removed (§4.4 scheme state, state override).
TEST(WhatwgSplice, ProtocolRemovesDefaultPort) {
  w::url u = parsed("http://h:443/x?y");
  EXPECT_FALSE(u.set_protocol("HTTPS:ignored"));
  EXPECT_EQ(u.href(), "https://h/x?y");
  EXPECT_EQ(offsets(u), "5 8 8 8 8 9 9 9 11 -");
  EXPECT_FALSE(u.port_number());
  EXPECT_EQ(u.set_protocol("ftp x"), (w::url_error{w::validation_error::setter_refused, 3}));
  EXPECT_EQ(u.set_protocol("foo"), (w::url_error{w::validation_error::setter_refused, 3}));  // special → not
  EXPECT_EQ(u.href(), "https://h/x?y");
  std::vector<w::validation> notes;
  w::url n = parsed("foo://h/");
  EXPECT_FALSE(n.set_protocol("b\tar", &notes));  // a tab is removed, as everywhere in the parser
  EXPECT_EQ(n.href(), "bar://h/");
  EXPECT_EQ(offsets(n), "3 6 6 6 6 7 7 7 - -");
  EXPECT_EQ(names(notes), std::vector<std::string>{"invalid-URL-unit@1"});
}

// §6.1 port setter: the port state on the value; the empty string removes the port; the scheme's
// default port is no port; a failure leaves the URL as it was.
TEST(WhatwgSplice, PortInsertedAndRemoved) {
  w::url u = parsed("ws://h/p#f");
  EXPECT_FALSE(u.set_port("8080x"));  // the port state stops at the first non-digit
  EXPECT_EQ(u.href(), "ws://h:8080/p#f");
  EXPECT_EQ(offsets(u), "2 5 5 5 5 6 11 11 - 13");
  EXPECT_EQ(u.set_port("65536"), (w::url_error{w::validation_error::port_out_of_range, 0}));
  EXPECT_EQ(u.set_port("x"), (w::url_error{w::validation_error::port_invalid, 0}));
  EXPECT_EQ(u.href(), "ws://h:8080/p#f");
  EXPECT_FALSE(u.set_port("80"));
  EXPECT_EQ(u.href(), "ws://h/p#f");
  EXPECT_EQ(offsets(u), "2 5 5 5 5 6 6 6 - 8");
  EXPECT_FALSE(u.set_port("1"));
  EXPECT_FALSE(u.set_port(""));
  EXPECT_EQ(u.href(), "ws://h/p#f");
  EXPECT_EQ(offsets(u), "2 5 5 5 5 6 6 6 - 8");
}

// §6.1 host and hostname setters: the host state, then the port state after ":" (host only); a
// port that fails leaves the new host (the Standard's steps edit the URL as they go).
TEST(WhatwgSplice, HostThenPort) {
  w::url u = parsed("http://u@h:1/p");
  std::vector<w::validation> notes;
  EXPECT_EQ(u.set_host("Example.COM:x", &notes), (w::url_error{w::validation_error::port_invalid, 12}));
  EXPECT_EQ(u.href(), "http://u@example.com:1/p");
  EXPECT_EQ(offsets(u), "4 7 8 8 9 20 22 22 - -");
  EXPECT_EQ(names(notes), std::vector<std::string>{"port-invalid@12"});
  EXPECT_FALSE(u.set_host("[::1]:99/ignored"));
  EXPECT_EQ(u.href(), "http://u@[::1]:99/p");
  EXPECT_EQ(offsets(u), "4 7 8 8 9 14 17 17 - -");
  EXPECT_EQ(u.set_hostname("a:1"), (w::url_error{w::validation_error::setter_refused, 1}));
  EXPECT_EQ(u.set_host(""), (w::url_error{w::validation_error::host_missing, 0}));  // special: a host
  EXPECT_EQ(u.href(), "http://u@[::1]:99/p");
  EXPECT_FALSE(u.set_hostname("10.0.0.0x1"));  // the host parser: an IPv4 address in any form
  EXPECT_EQ(u.href(), "http://u@10.0.0.1:99/p");
  // file: the file host state; "localhost" is the empty host.
  w::url f = parsed("file://server/C:/x");
  EXPECT_FALSE(f.set_host("localhost"));
  EXPECT_EQ(f.href(), "file:///C:/x");
  EXPECT_EQ(offsets(f), "4 7 7 7 7 7 7 7 - -");
  EXPECT_FALSE(f.set_hostname("Other"));
  EXPECT_EQ(f.href(), "file://other/C:/x");
  // A non-special URL with credentials or a port keeps a host: the empty host is refused.
  w::url o = parsed("foo://u@h/");
  EXPECT_EQ(o.set_host(""), (w::url_error{w::validation_error::setter_refused, 0}));
  EXPECT_FALSE(o.set_host("H%41"));  // an opaque host keeps its case
  EXPECT_EQ(o.href(), "foo://u@H%41/");
}

// §4.5 step 3: a URL without a host whose path starts with "//" is serialized with "/." before the
// path; it goes when a host is set, and comes when the pathname setter writes such a path.
TEST(WhatwgSplice, DotSlashPrefix) {
  w::url u = parsed("web+demo:/.//not-a-host/");
  EXPECT_EQ(u.pathname(), "//not-a-host/");
  EXPECT_EQ(offsets(u), "8 9 9 9 9 9 9 11 - -");
  EXPECT_FALSE(u.set_host("h"));
  EXPECT_EQ(u.href(), "web+demo://h//not-a-host/");
  EXPECT_EQ(offsets(u), "8 11 11 11 11 12 12 12 - -");
  w::url v = parsed("web+demo:/x?q");
  EXPECT_FALSE(v.set_pathname("//p/./q/.."));
  EXPECT_EQ(v.href(), "web+demo:/.//p/?q");
  EXPECT_EQ(offsets(v), "8 9 9 9 9 9 9 11 15 -");
  EXPECT_FALSE(v.set_pathname(""));  // no host: the path of one empty segment
  EXPECT_EQ(v.href(), "web+demo:/?q");
  EXPECT_EQ(offsets(v), "8 9 9 9 9 9 9 9 10 -");
  w::url h = parsed("web+demo://h/x");
  EXPECT_FALSE(h.set_pathname(""));  // a host: the empty path
  EXPECT_EQ(h.href(), "web+demo://h");
  EXPECT_FALSE(h.set_pathname("a?b#c"));  // "?" and "#" are path code points here
  EXPECT_EQ(h.href(), "web+demo://h/a%3Fb%23c");
  w::url special = parsed("http://h/x");
  EXPECT_FALSE(special.set_pathname("\\a\\..\\C|"));
  EXPECT_EQ(special.href(), "http://h/C|");
  w::url file = parsed("file:///x");
  EXPECT_FALSE(file.set_pathname("C|/d"));  // the drive letter of a file path is normalized
  EXPECT_EQ(file.href(), "file:///C:/d");
  w::url opaque = parsed("mailto:x");
  EXPECT_EQ(opaque.set_pathname("/y"), (w::url_error{w::validation_error::setter_refused, 0}));
}

// §6.1 search and hash setters: inserted before a fragment, removed with the empty string; "?" or
// "#" alone gives the empty query or fragment (present, not null).
TEST(WhatwgSplice, SearchAndHash) {
  w::url u = parsed("http://h/p#f");
  EXPECT_FALSE(u.set_search("a b#c"));
  EXPECT_EQ(u.href(), "http://h/p?a%20b%23c#f");
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 10 20");
  EXPECT_FALSE(u.set_search("?"));
  EXPECT_EQ(u.href(), "http://h/p?#f");
  EXPECT_EQ(u.query(), std::optional<std::string_view>(""));
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 10 11");
  EXPECT_FALSE(u.set_search(""));
  EXPECT_EQ(u.href(), "http://h/p#f");
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 - 10");
  EXPECT_FALSE(u.set_hash("#"));
  EXPECT_EQ(u.href(), "http://h/p#");
  EXPECT_EQ(u.fragment(), std::optional<std::string_view>(""));
  EXPECT_FALSE(u.set_hash("x`y"));
  EXPECT_EQ(u.href(), "http://h/p#x%60y");
  EXPECT_FALSE(u.set_hash(""));
  EXPECT_EQ(u.href(), "http://h/p");
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 - -");
  w::url n = parsed("foo:opaque");
  EXPECT_FALSE(n.set_search("'"));  // the query set of a non-special URL leaves "'"
  EXPECT_EQ(n.href(), "foo:opaque?'");
  std::vector<w::validation> notes;
  EXPECT_FALSE(n.set_hash("%41%4 ^", &notes));  // "%4 " is no percent-encoded byte; "^" no URL unit
  EXPECT_EQ(n.href(), "foo:opaque?'#%41%4%20^");
  EXPECT_EQ(names(notes),
            (std::vector<std::string>{"invalid-URL-unit@3", "invalid-URL-unit@5", "invalid-URL-unit@6"}));
}

// §6.2 update steps: URLSearchParams writes the query through the same splice.
TEST(WhatwgSplice, SearchParamsUpdate) {
  w::url u = parsed("http://h/?a=1#f");
  w::search_params p = w::search_params::of(u);
  p.append("b", "2 3");
  p.update_url(u);
  EXPECT_EQ(u.href(), "http://h/?a=1&b=2+3#f");
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 9 19");
  w::search_params().update_url(u);
  EXPECT_EQ(u.href(), "http://h/#f");
  EXPECT_EQ(offsets(u), "4 7 7 7 7 8 8 8 - 9");
}

// The parser's invalid-URL-unit for "%": only when two hex digits do not follow (§4.4 path state).
TEST(WhatwgValidation, PercentSignWithHexDigitsIsAUrlUnit) {
  std::vector<w::validation> notes;
  const auto u = w::parse("http://h/a%20b?x%41#%4g", nullptr, &notes);
  ASSERT_TRUE(u);
  EXPECT_EQ(names(notes), std::vector<std::string>{"invalid-URL-unit@20"});
}

// §5 and §6.2: application/x-www-form-urlencoded and URLSearchParams.
TEST(WhatwgSearchParams, ParseSerializeSort) {
  w::search_params p("?b=2&a=1+1&%C3%A9=%zz&&c");
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p.get("a"), "1 1");
  EXPECT_EQ(p.get("\xC3\xA9"), "%zz");
  EXPECT_EQ(p.get("c"), "");
  EXPECT_FALSE(p.get("d").has_value());
  p.append("a", "x y~");
  EXPECT_EQ(p.get_all("a"), (std::vector<std::string_view>{"1 1", "x y~"}));
  p.sort();
  EXPECT_EQ(p.to_string(), "a=1+1&a=x+y%7E&b=2&c=&%C3%A9=%25zz");
  p.set("a", "z");
  p.remove("c");
  EXPECT_TRUE(p.has("b", "2"));
  EXPECT_FALSE(p.has("b", "3"));
  EXPECT_EQ(p.to_string(), "a=z&b=2&%C3%A9=%25zz");
  // Sorting compares UTF-16 code units: U+FFFD (one unit, FFFD) sorts after U+1F600 (D83D DE00).
  w::search_params q("\xEF\xBF\xBD=1&\xF0\x9F\x98\x80=2");
  q.sort();
  EXPECT_EQ(q.entries()[0].first, "\xF0\x9F\x98\x80");
  w::url u = parsed("https://h/?x=1");
  w::search_params r = w::search_params::of(u);
  r.append("y", "a b");
  r.update_url(u);
  EXPECT_EQ(u.href(), "https://h/?x=1&y=a+b");
  w::search_params().update_url(u);
  EXPECT_EQ(u.href(), "https://h/");
}

// Names and values are USVStrings (§6.2): ill-formed UTF-8 in an argument is U+FFFD, in every
// method, as in the string constructor (§5.1).
TEST(WhatwgSearchParams, IllFormedUtf8ArgumentsReadAsReplacementCharacter) {
  w::search_params p("y=\xFF");
  p.append("a\xC3", "\xFF\xFE");
  EXPECT_EQ(p.to_string(), "y=%EF%BF%BD&a%EF%BF%BD=%EF%BF%BD%EF%BF%BD");
  EXPECT_EQ(p.get("a\xC3"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(p.get("a\xEF\xBF\xBD"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_TRUE(p.has("y", "\xC0"));
  EXPECT_EQ(p.get_all("a\xE6\xBC").size(), 1u);
  p.set("y", "\x80");
  EXPECT_EQ(p.to_string(), "y=%EF%BF%BD&a%EF%BF%BD=%EF%BF%BD%EF%BF%BD");
  p.remove("a\xF0", "\xEF\xBF\xBD\xFF");
  EXPECT_EQ(p.to_string(), "y=%EF%BF%BD");
  p.set("z\xFF", "1");
  EXPECT_EQ(p.to_string(), "y=%EF%BF%BD&z%EF%BF%BD=1");
}

TEST(WhatwgPercentEncoding, Sets) {
  EXPECT_EQ(w::percent_encode(" \"#<>?`{}^'", w::encode_set::fragment), "%20%22#%3C%3E?%60{}^'");
  EXPECT_EQ(w::percent_encode(" \"#<>?`{}^'", w::encode_set::path), "%20%22%23%3C%3E%3F%60%7B%7D%5E'");
  EXPECT_EQ(w::percent_encode("a b+c", w::encode_set::form_urlencoded, true), "a+b%2Bc");
  EXPECT_EQ(w::percent_decode("%41%zz%4"), "A%zz%4");
}

TEST(WhatwgOrigin, Tuples) {
  EXPECT_EQ(parsed("blob:https://a.com:8443/uuid").origin(), "https://a.com:8443");
  EXPECT_EQ(parsed("blob:file:///x").origin(), "null");
  EXPECT_EQ(parsed("file:///x").origin(), "null");
  EXPECT_EQ(parsed("ftp://h:21/").origin(), "ftp://h");
}

TEST(WhatwgParse, LegacyQueryEncoding) {
  auto u = w::parse("http://h/?\xE2\x80\xA0#\xE2\x80\xA0", nullptr, nullptr, "windows-1252");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->search(), "?%86");
  EXPECT_EQ(u->hash(), "#%E2%80%A0");
  auto v = w::parse("ws://h/?\xE2\x80\xA0", nullptr, nullptr, "windows-1252");  // ws: always UTF-8
  ASSERT_TRUE(v);
  EXPECT_EQ(v->search(), "?%E2%80%A0");
}

// The fast path (src/whatwg/fast.cpp) takes the common shapes of absolute URLs and leaves the rest
// to the full parser (§4.4 state machine); parse() gives the same URL either way.
namespace {

std::string fast_outcome(std::string_view input) {
  namespace d = w::detail;
  w::url u;
  w::url_error e{};
  switch (d::fast_parse(input, u, e)) {
    case d::fast_status::parsed:
      return std::string(u.href());
    case d::fast_status::failed:
      return "failure:" + std::string(w::error_name(e.error)) + "@" + std::to_string(e.offset);
    case d::fast_status::fallback:
      break;
  }
  return "fallback";
}

}  // namespace

TEST(WhatwgFastPath, CommonShapesAreWrittenInOnePass) {
  const std::vector<std::pair<std::string_view, std::string_view>> cases{
      {"HTTPS://Example.COM:8443/a/b?q=1 2'#f g", "https://example.com:8443/a/b?q=1%202%27#f%20g"},
      {"http://h:80", "http://h/"},
      {"http://h:", "http://h/"},
      {"http://h?x", "http://h/?x"},
      {"ws://h:0080/", "ws://h/"},
      {"http://h/é/{x}^`<>\"", "http://h/%C3%A9/%7Bx%7D%5E%60%3C%3E%22"},
      {"http://www.123.com./a/", "http://www.123.com./a/"},
      {"file:///usr/share/x?y#z", "file:///usr/share/x?y#z"},
      {"file://LocalHost/x", "file:///x"},
      {"file://Host/x", "file://host/x"},
      {"file://h?q", "file://h/?q"},
      // Other hosts go through the host parser (§3.5) from the fast path.
      {"http://1.2.3.4/", "http://1.2.3.4/"},
      {"http://0x7F.1:8080", "http://127.0.0.1:8080/"},
      {"http://%41.com/", "http://a.com/"},
      {"http://\xC3\xA9.com/", "http://xn--9ca.com/"},
      {"file://LOCALHOS%54/x", "file:///x"},
      {"mailto:Joe@Example.COM?s=a b#c", "mailto:Joe@Example.COM?s=a%20b#c"},
      {"foo:\x01\xC3\xA9", "foo:%01%C3%A9"},
      {"/relative", "failure:missing-scheme-non-relative-URL@0"},
      {"\xC3\xA9:x", "failure:missing-scheme-non-relative-URL@0"},
  };
  for (const auto& [input, expected] : cases) {
    EXPECT_EQ(fast_outcome(input), expected) << input;
    const auto full = w::detail::parse_full(input, nullptr, nullptr, {});
    if (expected.starts_with("failure:")) {
      EXPECT_FALSE(full.has_value()) << input;
    } else {
      ASSERT_TRUE(full.has_value()) << input;
      EXPECT_EQ(full->href(), expected) << input;
      w::url fast;
      w::url_error e{};
      ASSERT_EQ(w::detail::fast_parse(input, fast, e), w::detail::fast_status::parsed);
      EXPECT_TRUE(w::detail::parts_of(fast) == w::detail::parts_of(*full)) << input;
    }
  }
}

TEST(WhatwgFastPath, UnusualInputsGoToTheFullParser) {
  for (const std::string_view input :
       {" http://h/",    "http://h/\t",     "ht\ttp://h/",   "http:/h",         "http:///h",
        "http:\\\\h",    "http://u@h/",     "http://[::1]/", "http://h.0x1/",   "http://h\xC3/",
        "http://a^b/",   "http://h:99999/", "http://h:8x/",  "http://h/a/../b", "http://h/%2E/b",
        "http://h/a\\b", "file:///C|/x",    "file://C:/x",   "file:/x",         "foo:/x",
        "foo://h/x",     "foo:a b",         "http://h/\xFF", "http://h/x\n"}) {
    EXPECT_EQ(fast_outcome(input), "fallback") << input;
    EXPECT_EQ(w::can_parse(input), w::parse(input).has_value()) << input;
  }
  EXPECT_EQ(w::parse("http://h/a/../b")->href(), "http://h/b");
  EXPECT_EQ(w::parse("http:\\\\h\\a")->href(), "http://h/a");
  EXPECT_EQ(w::parse("http://h.0x1/").error().error, w::validation_error::ipv4_non_numeric_part);
  EXPECT_EQ(w::parse("file:///C|/x")->href(), "file:///C:/x");
}

// can_parse reads the scheme and the authority only (issue 38): no state after the authority returns
// failure (URL Standard §4.4: path start, path, opaque path, query and fragment states), so what the
// fast parse leaves to the full parser there does not send can_parse to it. Each of these parses.
TEST(WhatwgFastPath, CanParseStopsAtTheEndOfTheAuthority) {
  for (const std::string_view input :
       {"http://h/a/../b", "http://h/%2E/b", "http://h/a\\b", "http://h/x\ny", "https://h:8443/a\tb?c#d",
        "file:///C|/x", "file://h/C:/x", "foo:a b", "foo:\tx", "http://h/\xFF", "http://h/?\xC3#\xE6\xBC",
        "ws://h/%zz/..//.", "mailto:\x01 x\x7F"}) {
    EXPECT_EQ(fast_outcome(input), "fallback") << input;
    EXPECT_EQ(w::detail::fast_can_parse(input), w::detail::fast_status::parsed) << input;
    EXPECT_TRUE(w::detail::parse_full(input, nullptr, nullptr, {}).has_value()) << input;
    EXPECT_TRUE(w::can_parse(input)) << input;
  }
  // The authority is still read in full: these fail, or go to the full parser, which fails.
  for (const std::string_view input :
       {"http://h:99999/a", "http://h:8x/", "http://a^b/", "http://u@/x", "https://[::1/x", "http://\xC3/",
        "s:\t//[0:0:]$", "s:\n\r//[::1"}) {  // (fuzz_whatwg: a tab after "s:" once read as an opaque path)
    EXPECT_FALSE(w::can_parse(input)) << input;
    EXPECT_FALSE(w::parse(input).has_value()) << input;
  }
}

// An input that starts with an ASCII alpha but has no ":" after its scheme code points (a relative
// reference: "index.html", "a/b", "x?y") has no scheme; without a base the no scheme state fails at 0
// (§4.4 scheme state, "start over"): the fast path says so without the full parser. A tab or newline
// where the ":" would be is removed first (§4.4 step 3), so that input is the full parser's.
TEST(WhatwgFastPath, RelativeReferencesFailWithoutTheFullParser) {
  for (const std::string_view input :
       {"index.html", "a/b:c", "x?y", "abc", "a b:c", "page#top", "f%3A:x", "b\xC3\xA9:x"}) {
    EXPECT_EQ(fast_outcome(input), "failure:missing-scheme-non-relative-URL@0") << input;
    const auto full = w::detail::parse_full(input, nullptr, nullptr, {});
    ASSERT_FALSE(full.has_value()) << input;
    EXPECT_EQ(w::error_name(full.error().error), "missing-scheme-non-relative-URL") << input;
    EXPECT_EQ(full.error().offset, 0u) << input;
    EXPECT_EQ(w::detail::fast_can_parse(input), w::detail::fast_status::failed) << input;
  }
  EXPECT_EQ(fast_outcome("ab\tc:x"), "fallback");
  EXPECT_EQ(w::parse("ab\tc:x")->href(), "abc:x");
  EXPECT_EQ(fast_outcome("ab\n"), "fallback");
  EXPECT_FALSE(w::can_parse("ab\n"));
}

// Offsets count bytes of the caller's input even when ill-formed UTF-8 was read as U+FFFD (3 bytes
// in place of 1 to 3): fuzz_whatwg found notes past the end of the input before.
TEST(WhatwgValidation, OffsetsAfterIllFormedUtf8AreTheInputs) {
  std::vector<w::validation> notes;
  const auto u = w::parse("http://h/\xFF\xFF\xFF\xFF|", nullptr, &notes);
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(u->href(), "http://h/%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD|");
  EXPECT_EQ(names(notes), (std::vector<std::string>{"invalid-URL-unit@9", "invalid-URL-unit@13"}));
  notes.clear();
  const auto bad = w::parse("http://\xFF\xFF@h:99999/", nullptr, &notes);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(w::error_name(bad.error().error), "port-out-of-range");
  EXPECT_EQ(bad.error().offset, 12u);
}

// parse_host and domain_to_ascii read ill-formed UTF-8 as U+FFFD (3 bytes each) too; their offsets
// are still bytes of the caller's input (§3.5 host parser, opaque-host parser step 1).
TEST(WhatwgValidation, HostOffsetsAfterIllFormedUtf8AreTheInputs) {
  std::vector<w::validation> notes;
  const auto two = w::parse_host("\xFF\xFF<", true, &notes);  // two lone bytes, then "<" at byte 2
  ASSERT_FALSE(two.has_value());
  EXPECT_EQ(w::error_name(two.error().error), "host-invalid-code-point");
  EXPECT_EQ(two.error().offset, 2u);
  EXPECT_EQ(names(notes), (std::vector<std::string>{"host-invalid-code-point@2"}));
  notes.clear();
  const auto cut = w::parse_host("a\xC3<b", true, &notes);  // a truncated 2-byte sequence
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(cut.error().offset, 2u);
  EXPECT_EQ(names(notes), (std::vector<std::string>{"host-invalid-code-point@2"}));
  const auto opaque = w::parse_host(
      "\xFF\xFF"
      "a",
      true);
  ASSERT_TRUE(opaque.has_value());
  EXPECT_EQ(opaque->serialized, "%EF%BF%BD%EF%BF%BDa");
  // A domain with U+FFFD fails UTS #46 at the label that holds it: "a." then the lone byte.
  notes.clear();
  const auto domain = w::domain_to_ascii("a.\xFF\xFF.b", &notes);
  ASSERT_FALSE(domain.has_value());
  EXPECT_EQ(w::error_name(domain.error().error), "domain-to-ASCII");
  EXPECT_EQ(domain.error().offset, 2u);
  EXPECT_EQ(names(notes), (std::vector<std::string>{"domain-to-ASCII@2"}));
  const auto host = w::parse_host("\xE2\x82.b.\xFF", false);
  ASSERT_FALSE(host.has_value());
  EXPECT_EQ(host.error().offset, 0u);
}

// §3.5 host parser step 6: the IPv4 parser reads what domain to ASCII gave. When that is not the
// input's bytes (a Punycode label, a percent-decoded host), its offsets are the host's start
// (they were counted in the converted text: 21 for a 20-byte input). Found by fuzz_whatwg (W2).
TEST(WhatwgValidation, Ipv4OffsetsAfterDomainToAsciiAreTheHosts) {
  std::vector<w::validation> notes;
  const auto idna = w::parse("http://\xC3\xA9.1.2.3.4.5/", nullptr, &notes);  // xn--9ca.1.2.3.4.5
  ASSERT_FALSE(idna.has_value());
  EXPECT_EQ(w::error_name(idna.error().error), "IPv4-too-many-parts");
  EXPECT_EQ(idna.error().offset, 7u);
  EXPECT_EQ(names(notes), (std::vector<std::string>{"IPv4-too-many-parts@7"}));
  const auto decoded = w::parse("http://%31.2.3.4.5/");
  ASSERT_FALSE(decoded.has_value());
  EXPECT_EQ(decoded.error().offset, 7u);
  // An ASCII host without "%" keeps the positions of its parts.
  const auto plain = w::parse("http://a.1.2.3.4.5/");
  ASSERT_FALSE(plain.has_value());
  EXPECT_EQ(plain.error().offset, 15u);
}

// §6.1: the setters taken by attribute name run the same state overrides as the members.
TEST(WhatwgSetters, TakenByName) {
  auto u = w::parse("https://example.com/a?x#f");
  ASSERT_TRUE(u);
  const w::url_setter search = w::setter_named("search");
  ASSERT_NE(search, nullptr);
  EXPECT_FALSE(search(*u, "q=1 2"));
  EXPECT_EQ(u->href(), "https://example.com/a?q=1%202#f");
  const w::url_setter port = w::setter_named("port");
  ASSERT_NE(port, nullptr);
  EXPECT_TRUE(port(*u, "99999"));  // out of range: refused, the URL unchanged
  EXPECT_EQ(u->href(), "https://example.com/a?q=1%202#f");
  EXPECT_EQ(w::setter_named("origin"), nullptr);  // a getter only
  EXPECT_EQ(w::setter_named("Search"), nullptr);
}

// §6.1: the getters taken by attribute name, the counterpart of setter_named.
TEST(WhatwgGetters, TakenByName) {
  const auto u = w::parse("https://user:pw@EXAMPLE.com:8080/a/../b?x=1&y=2#f");
  ASSERT_TRUE(u);
  const std::pair<std::string_view, std::string_view> expected[] = {
      {"href", "https://user:pw@example.com:8080/b?x=1&y=2#f"},
      {"origin", "https://example.com:8080"},
      {"protocol", "https:"},
      {"username", "user"},
      {"password", "pw"},
      {"host", "example.com:8080"},
      {"hostname", "example.com"},
      {"port", "8080"},
      {"pathname", "/b"},
      {"search", "?x=1&y=2"},
      {"hash", "#f"},
      {"searchParams", "x=1&y=2"},
  };
  for (const auto& [name, value] : expected) {
    const w::url_getter get = w::getter_named(name);
    ASSERT_NE(get, nullptr) << name;
    EXPECT_EQ(get(*u), value) << name;
  }
  EXPECT_EQ(w::getter_named("Href"), nullptr);
  EXPECT_EQ(w::getter_named("toString"), nullptr);
}

// Runs of non-ASCII bytes in the fast path (issue 22, per-byte speed): every byte >= 0x80 of
// well-formed UTF-8 becomes "%XX" (uppercase hex, the Standard's UTF-8 percent-encode), in runs of
// every length, at every offset from the start of the piece (the SSE2 scans go 16 bytes at a time
// from there), in every piece the fast path copies; fast path, full parser and can_parse agree.
namespace {

/// Well-formed UTF-8 of exactly `bytes` bytes (>= 2): 3-, 2- and 4-byte code points in turn, the
/// last one sized to fit.
std::string utf8_run(std::size_t bytes) {
  static const std::string_view cycle[] = {"\xE6\xBC\xA2", "\xC3\xA9", "\xF0\x9F\x98\x80", "\xD0\x96"};
  static const std::string_view by_length[] = {"", "", "\xD8\xA8", "\xE0\xA4\x95", "\xF4\x8F\xBF\xBF"};
  std::string out;
  for (std::size_t k = 0; out.size() < bytes; ++k) {
    const std::size_t left = bytes - out.size();
    const std::string_view next = cycle[k % 4];
    if (left <= 4) {
      out += by_length[left];
    } else if (left - next.size() >= 2) {
      out += next;
    } else {
      out += cycle[1];
    }
  }
  return out;
}

/// What the Standard's UTF-8 percent-encode makes of well-formed UTF-8: every byte >= 0x80 as "%XX".
std::string percent_encoded(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      out += c;
    } else {
      out += '%';
      out += "0123456789ABCDEF"[b >> 4];
      out += "0123456789ABCDEF"[b & 15];
    }
  }
  return out;
}

void expect_fast_and_full(const std::string& input, const std::string& expected) {
  EXPECT_EQ(fast_outcome(input), expected) << input;
  const auto full = w::detail::parse_full(input, nullptr, nullptr, {});
  ASSERT_TRUE(full.has_value()) << input;
  EXPECT_EQ(full->href(), expected) << input;
  EXPECT_EQ(w::detail::fast_can_parse(input), w::detail::fast_status::parsed) << input;
  EXPECT_TRUE(w::can_parse(input)) << input;
}

}  // namespace

TEST(WhatwgFastPath, NonAsciiRunsOfEveryLengthInEveryPiece) {
  EXPECT_EQ(utf8_run(9), "\xE6\xBC\xA2\xC3\xA9\xF4\x8F\xBF\xBF");  // U+6F22 U+00E9 U+10FFFF
  EXPECT_EQ(utf8_run(12), "\xE6\xBC\xA2\xC3\xA9\xF0\x9F\x98\x80\xE0\xA4\x95");
  EXPECT_EQ(percent_encoded("a\xC3\xA9"), "a%C3%A9");
  for (std::size_t length = 2; length <= 40; ++length) {
    const std::string run = utf8_run(length);
    ASSERT_EQ(run.size(), length);
    const std::string encoded = percent_encoded(run);
    for (std::size_t pad = 0; pad <= 17; ++pad) {
      const std::string a(pad, 'a');
      expect_fast_and_full("http://h/" + a + run + "/x", "http://h/" + a + encoded + "/x");
      expect_fast_and_full("http://h/" + a + run, "http://h/" + a + encoded);
      expect_fast_and_full("https://h/p?" + a + run + "#f", "https://h/p?" + a + encoded + "#f");
      expect_fast_and_full("foo:p?" + a + run + "&'", "foo:p?" + a + encoded + "&'");
      expect_fast_and_full("http://h/#" + a + run, "http://h/#" + a + encoded);
      expect_fast_and_full("foo:" + a + run + "?q", "foo:" + a + encoded + "?q");
      // Mixed with ASCII, "%", "." and "_" between the runs, and with a NUL byte (a C0 control).
      expect_fast_and_full("http://h/" + a + run + "_" + run + "%41." + run + "%",
                           "http://h/" + a + encoded + "_" + encoded + "%41." + encoded + "%");
      expect_fast_and_full("http://h/" + a + run + std::string(1, '\0') + run + "/",
                           "http://h/" + a + encoded + "%00" + encoded + "/");
    }
  }
  // Concrete hrefs, the same in both parsers.
  expect_fast_and_full("http://h/\xD8\xA3\xD9\x86\xD8\xAF\xD9\x88\xD8\xB1\xD8\xA7",
                       "http://h/%D8%A3%D9%86%D8%AF%D9%88%D8%B1%D8%A7");
  expect_fast_and_full("https://h/\xE6\xBC\xA2_\xF0\x9F\x98\x80?\xC3\xA9#\xE2\x80\xA0",
                       "https://h/%E6%BC%A2_%F0%9F%98%80?%C3%A9#%E2%80%A0");
  expect_fast_and_full("foo:\xC3\xA9\xED\x9F\xBF\xEE\x80\x80", "foo:%C3%A9%ED%9F%BF%EE%80%80");
  // Userinfo is the full parser's (credentials), with the userinfo percent-encode set.
  EXPECT_EQ(fast_outcome("http://\xC3\xA9:\xC3\xBC@h/"), "fallback");
  EXPECT_EQ(w::parse("http://\xC3\xA9:\xC3\xBC@h/\xE6\xBC\xA2")->href(), "http://%C3%A9:%C3%BC@h/%E6%BC%A2");
}

// Ill-formed UTF-8 (truncated, overlong, surrogates, past U+10FFFF, bytes never in UTF-8) at every
// offset from the start of a piece: parse() gives what the full parser gives (U+FFFD, i.e.
// %EF%BF%BD, for each maximal subpart, and invalid-URL-unit notes), because the fast path leaves
// such input to it. can_parse says yes without a look at those bytes (internal.h, fast_can_parse).
TEST(WhatwgFastPath, IllFormedUtf8InEveryPieceIsTheFullParsers) {
  const std::string_view bad[] = {
      "\x80",         "\xC3",         "\xE6\xBC",         "\xF0\x9F\x98",     "\xC0\xAF",
      "\xC1\xBF",     "\xE0\x80\xAF", "\xE0\x9F\xBF",     "\xF0\x80\x80\xAF", "\xF0\x8F\xBF\xBF",
      "\xED\xA0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8\x88\x80\x80\x80",
      "\xFE",         "\xFF",         "\xC3\xA9\x80",     "\xE6\xBC\xA2\xBC"};
  for (const std::string_view b : bad) {
    for (std::size_t pad = 0; pad <= 17; ++pad) {
      const std::string before = utf8_run(2 + pad) + std::string(pad, 'a');
      for (const std::string& input :
           {"http://h/" + before + std::string(b) + "x", "http://h/" + before + std::string(b),
            "http://h/?" + before + std::string(b) + "#", "http://h/#" + before + std::string(b) + "x",
            "foo:" + before + std::string(b) + "?", "http://h/" + std::string(b) + before + "/"}) {
        EXPECT_EQ(fast_outcome(input), "fallback") << input;
        std::vector<w::validation> fast_notes, full_notes;
        const auto u = w::parse(input, nullptr, &fast_notes);
        const auto full = w::detail::parse_full(input, nullptr, &full_notes, {});
        ASSERT_TRUE(u.has_value() && full.has_value()) << input;
        EXPECT_EQ(u->href(), full->href()) << input;
        EXPECT_NE(u->href().find("%EF%BF%BD"), std::string_view::npos) << input;
        EXPECT_EQ(names(fast_notes), names(full_notes)) << input;
        EXPECT_FALSE(fast_notes.empty()) << input;
        EXPECT_EQ(w::detail::fast_can_parse(input), w::detail::fast_status::parsed) << input;
        EXPECT_TRUE(w::can_parse(input)) << input;
      }
    }
  }
  // Concrete: one U+FFFD per maximal subpart (Encoding Standard, UTF-8 decoder).
  std::vector<w::validation> notes;
  EXPECT_EQ(w::parse("http://h/a\xC0\xAF"
                     "b",
                     nullptr, &notes)
                ->href(),
            "http://h/a%EF%BF%BD%EF%BF%BDb");
  EXPECT_EQ(names(notes), (std::vector<std::string>{"invalid-URL-unit@10"}));  // the first ill-formed byte
  notes.clear();
  EXPECT_EQ(w::parse(" http://h/\xE6\xBC/\xFF", nullptr, &notes)->href(), "http://h/%EF%BF%BD/%EF%BF%BD");
  EXPECT_EQ(names(notes), (std::vector<std::string>{"invalid-URL-unit@0", "invalid-URL-unit@10"}));
  EXPECT_EQ(w::parse("http://h/\xED\xA0\x80")->href(), "http://h/%EF%BF%BD%EF%BF%BD%EF%BF%BD");
  EXPECT_EQ(w::parse("http://h/?\xE6\xBC"
                     "a")
                ->href(),
            "http://h/?%EF%BF%BDa");
  EXPECT_EQ(w::parse("http://h/#\xF0\x9F\x98")->href(), "http://h/#%EF%BF%BD");
  EXPECT_EQ(w::parse("foo:\xF4\x90\x80\x80")->href(), "foo:%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD");
  // In the host it still fails (U+FFFD is not a domain code point), in can_parse too.
  EXPECT_FALSE(w::can_parse("http://\xFF.com/"));
  EXPECT_FALSE(w::parse("http://\xFF.com/").has_value());
}

// Runs of one sequence length (2 or 3 bytes: most scripts), of every length, with one sequence
// replaced by an ill-formed one at every place (C0/C1 leads, E0 and ED out of their narrow ranges,
// a lead without its last byte, a lone continuation byte), and the leads E0 and ED where they are
// well-formed (Indic scripts, Thai, Hangul: a third of intl_wiki_iri's 3-byte sequences). A
// well-formed run is the fast path's, with the full parser's href; an ill-formed one is the full
// parser's. (For any encoder of copy_piece's: bench/RESULTS.md lists those tried.)
TEST(WhatwgFastPath, RunsOfTwoAndThreeByteSequencesWithOneIllFormed) {
  const std::string_view sequences[] = {"\xD8\xA3",     "\xC2\x80",     "\xDF\xBF",     "\xE6\xBC\xA2",
                                        "\xE0\xA4\x95", "\xED\x9F\xBF", "\xEF\xBF\xBD", "\xE1\x80\x80"};
  const std::string_view bad[] = {"\xC0\xAF", "\xC1\xBF", "\xE0\x9F\xBF", "\xED\xA0\x80",
                                  "\xC3",     "\xE6\xBC", "\x80",         "\xE6\xBC\xA2\xBC"};
  for (const std::string_view sequence : sequences) {
    for (std::size_t count = 1; count <= 7; ++count) {
      std::string run;
      for (std::size_t k = 0; k < count; ++k) run += sequence;
      for (const std::string& tail : {std::string("/x"), std::string(), std::string(40, 'b')}) {
        expect_fast_and_full("http://h/a" + run + tail, "http://h/a" + percent_encoded(run) + tail);
      }
      for (std::size_t at = 0; at < count; ++at) {
        for (const std::string_view b : bad) {
          std::string mixed;
          for (std::size_t k = 0; k < count; ++k) mixed += k == at ? b : sequence;
          for (const std::string& input : {"http://h/a" + mixed + "/x", "http://h/a" + mixed}) {
            EXPECT_EQ(fast_outcome(input), "fallback") << input;
            const auto full = w::detail::parse_full(input, nullptr, nullptr, {});
            ASSERT_TRUE(full.has_value()) << input;
            EXPECT_EQ(w::parse(input)->href(), full->href()) << input;
            EXPECT_NE(full->href().find("%EF%BF%BD"), std::string_view::npos) << input;
          }
        }
      }
    }
  }
  // 2- and 3-byte sequences in one run, changing length inside a word.
  expect_fast_and_full("http://h/\xC3\xA9\xE6\xBC\xA2\xC3\xA9\xC3\xA9\xE6\xBC\xA2\xE6\xBC\xA2\xC3\xA9",
                       "http://h/%C3%A9%E6%BC%A2%C3%A9%C3%A9%E6%BC%A2%E6%BC%A2%C3%A9");
}
