# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit.whatwg: the WHATWG URL Standard through the binding (include/irikit/whatwg.h).

Expected values were checked against `iri parse --spec whatwg --json`, `iri url --json` and
`iri compare-specs` for the same inputs, and those of the stand-alone functions (parse_host,
percent_encode, ...; the tool has no command for them) against a C++ program calling whatwg.h; test_matches_the_iri_tool compares the two directly when
the tool is at hand (IRIKIT_IRI, set by CTest). The WPT files are the C++ runner's
(tests/conformance/suite_wpt_url_whatwg.cpp), here run through the Python objects.
"""

import copy
import json
import os
import pickle
import subprocess

import pytest

import irikit
from conftest import conformance_dir
from irikit.whatwg import URL, Host, SpecDifference, URLSearchParams, Validation, compare_specs, parse_host
from irikit.whatwg import domain_to_ascii, domain_to_unicode, percent_decode, percent_encode
from irikit.whatwg import parse_form_urlencoded, serialize_form_urlencoded

GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


def test_parse_and_getters():
    u = URL("HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f")
    assert u.href == "http://example.com/a/c?q=1%202#f"
    assert (u.origin, u.protocol, u.username, u.password) == ("http://example.com", "http:", "", "")
    assert (u.host, u.hostname, u.port, u.pathname, u.search, u.hash) == (
        "example.com",
        "example.com",
        "",
        "/a/c",
        "?q=1%202",
        "#f",
    )
    # The space in the query is the one validation error (byte 36).
    assert u.validation_errors == [("invalid-URL-unit", 36)]
    assert u.validation_errors[0].code == "invalid-URL-unit" and u.validation_errors[0].offset == 36
    assert str(u) == u.href and repr(u) == "URL('http://example.com/a/c?q=1%202#f')"


def test_record():
    u = URL("http://user:pw@例え.jp:81/a/b/?q#")
    assert u.href == "http://user:pw@xn--r8jz45g.jp:81/a/b/?q#"
    assert (u.scheme, u.host_type, u.port_number, u.default_port) == ("http", "domain", 81, 80)
    assert u.path_segments == ("a", "b", "")
    assert (u.query, u.fragment, u.search, u.hash) == ("q", "", "?q", "")
    assert u.is_special and u.has_credentials and not u.has_opaque_path
    m = URL("mailto:someone@example.org")
    assert (m.host_type, m.path_segments, m.pathname, m.has_opaque_path) == (None, (), "someone@example.org", True)
    assert (m.query, m.fragment, m.port_number, m.default_port, m.origin) == (None, None, None, None, "null")
    assert URL("http://[::FFFF:1.2.3.4]/").host_type == "ipv6"
    assert URL("http://[::FFFF:1.2.3.4]/").host == "[::ffff:102:304]"
    assert URL("http://0x7F.1/").host_type == "ipv4" and URL("http://0x7F.1/").hostname == "127.0.0.1"
    assert URL("foo://h/p").host_type == "opaque" and URL("file:///p").host_type == "empty"


def test_relative_with_a_base():
    assert URL("../c d?x=1", "http://example.org/a/b").href == "http://example.org/c%20d?x=1"
    base = URL("http://example.org/dir/page?q#f")
    assert URL("../up?k=v", base=base).href == "http://example.org/up?k=v"
    assert URL("#g", base=base).href == "http://example.org/dir/page?q#g"
    assert URL("http:/p", base="http://a/b").href == "http://a/p"  # same special scheme: relative
    assert URL("foo://h/p", base="http://a/b").href == "foo://h/p"
    assert URL(b"//other/x", base=b"https://a/").href == "https://other/x"
    assert URL(base).href == base.href and URL(base) is not base  # a URL is read as its href


@pytest.mark.parametrize(
    "text, code, offset, message",
    [
        ("http://h:99999/", "port-out-of-range", 9, "the port is greater than 65535"),
        ("http://ex.com:8080x/", "port-invalid", 18, "the port is not a number"),
        ("http://1.2.3.4.5/", "IPv4-too-many-parts", 15, "an IPv4 address has more than four parts"),
        ("http://[::1/", "IPv6-unclosed", 7, 'an IPv6 address is missing the closing "]"'),
        ("http://exa mple.org/", "domain-invalid-code-point", 10, "the host contains a forbidden domain code point"),
        (
            "c",
            "missing-scheme-non-relative-URL",
            0,
            "no scheme, and no base URL to resolve against (or a base with an opaque path)",
        ),
    ],
)
def test_failure_raises_with_the_standards_name_and_offset(text, code, offset, message):
    with pytest.raises(irikit.IRIError) as info:
        URL(text)
    e = info.value
    assert (e.code, e.offset, e.message, e.text, e.char_offset) == (code, offset, message, text, offset)
    assert str(e).startswith(f"byte {offset}: {code}: {message}\n")
    assert isinstance(e, ValueError)
    assert URL.parse(text) is None and URL.can_parse(text) is False


def test_failure_offsets_in_bytes_and_code_points():
    with pytest.raises(irikit.IRIError) as info:
        URL("http://例え.jp:99999/")
    assert (info.value.code, info.value.offset, info.value.char_offset) == ("port-out-of-range", 17, 13)
    with pytest.raises(irikit.IRIError) as info:
        URL("http://例え.jp:99999/".encode())
    assert (info.value.offset, info.value.char_offset) == (17, None)


@pytest.mark.parametrize(
    "text, offset, char_offset",
    [
        # URL Standard §4.4 basic URL parser steps 2-3 remove ASCII tabs and newlines before the
        # state machine runs; the error still points at the port in the caller's string (issue 35).
        ("ht\ttp://h:99999/", 10, 10),
        ("\thttp://\nh:99999/", 11, 11),
        ("http://h\r\n:99999/", 11, 11),
        ("  ht\ttp://例:99999/", 14, 12),
        (b"ht\ttp://\xff@h:99999/", 12, None),  # a tab and an ill-formed byte before it, both undone
    ],
)
def test_failure_offsets_count_the_removed_tabs_and_newlines(text, offset, char_offset):
    with pytest.raises(irikit.IRIError) as info:
        URL(text)
    assert (info.value.code, info.value.offset, info.value.char_offset) == ("port-out-of-range", offset, char_offset)
    assert info.value.text == text
    if isinstance(text, str):
        assert text[char_offset] == "9"  # the port's first digit, as without the tab


def test_validation_offsets_count_the_removed_tabs_and_newlines():
    # the first removed tab is noted where it is; the space in the path after it, at its own place
    u = URL(" ht\ntp://h/a b")
    assert [(v.code, v.offset) for v in u.validation_errors] == [
        ("invalid-URL-unit", 0),
        ("invalid-URL-unit", 3),
        ("invalid-URL-unit", 12),
    ]
    assert " ht\ntp://h/a b"[12] == " "


def test_a_base_that_fails_is_the_error():
    with pytest.raises(irikit.IRIError) as info:
        URL("x", base="b c")
    assert (info.value.code, info.value.offset, info.value.text) == ("missing-scheme-non-relative-URL", 0, "b c")
    assert URL.parse("x", "b c") is None and URL.can_parse("x", "b c") is False
    # A base with an opaque path accepts only a fragment.
    assert URL("#f", "mailto:x").href == "mailto:x#f"
    with pytest.raises(irikit.IRIError, match="missing-scheme-non-relative-URL"):
        URL("c", "a:b")


def test_parse_and_can_parse():
    assert URL.can_parse("https://example.com/") is True
    assert URL.can_parse("x", "http://a/") is True and URL.can_parse("x", URL("http://a/")) is True
    parsed = URL.parse("../d", "http://a/b/c")
    assert isinstance(parsed, URL) and parsed.href == "http://a/d"


def test_validation_errors():
    u = URL("https:\\\\ex.com\\x")
    assert u.href == "https://ex.com/x"
    assert u.validation_errors == [
        ("special-scheme-missing-following-solidus", 6),
        ("special-scheme-missing-following-solidus", 6),
        ("special-scheme-missing-following-solidus", 7),
        ("invalid-reverse-solidus", 14),
    ]
    assert URL(" http://h/ ").validation_errors == [("invalid-URL-unit", 0)]
    assert URL("http://0x7f.1/").validation_errors == [("IPv4-non-decimal-part", 7)]
    assert URL("http://user@h/").validation_errors == [("invalid-credentials", 11)]
    assert URL("http://example.com/").validation_errors == []
    assert isinstance(u.validation_errors[0], Validation)


def test_ill_formed_utf8_and_surrogates():
    # bytes as they are: ill-formed UTF-8 is read as U+FFFD (one per bad byte here) and noted once,
    # at its first ill-formed byte (parser.cpp basic_parse), as `iri` prints.
    u = URL(b"http://a/\xff\xfe")
    assert u.href == "http://a/%EF%BF%BD%EF%BF%BD"
    assert u.validation_errors == [("invalid-URL-unit", 9)]
    assert URL(bytearray(b"http://a/?\xe9#\xe9")).href == "http://a/?%EF%BF%BD#%EF%BF%BD"
    with pytest.raises(irikit.IRIError) as info:
        URL(b"http://\xff/")
    assert (info.value.code, info.value.offset, info.value.text) == ("domain-to-ASCII", 7, b"http://\xff/")
    # A str is converted as a USVString: a lone surrogate is U+FFFD (as JavaScript's URL does),
    # and offsets after it still count the caller's str.
    assert URL("http://a/\ud800x").href == "http://a/%EF%BF%BDx"
    with pytest.raises(irikit.IRIError) as info:
        URL("http://\udfff:99999/")
    assert (info.value.code, info.value.offset, info.value.char_offset) == ("domain-to-ASCII", 7, 7)
    with pytest.raises(irikit.IRIError) as info:
        URL("http://\ud800@h:99999/")
    # Past the surrogate: byte 13 of the UTF-8 (U+FFFD is 3 bytes), code point 11 of the str.
    assert (info.value.code, info.value.offset, info.value.char_offset) == ("port-out-of-range", 13, 11)


def test_type_errors():
    with pytest.raises(TypeError, match="must be str, bytes or URL"):
        URL(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'base' must be str or bytes"):
        URL("x", base=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be str, not bytes"):
        URLSearchParams().append(b"a", "b")  # type: ignore[arg-type]


def test_setters_follow_the_standard():
    u = URL("http://a/b c")
    u.port = "99999"  # refused: the URL is unchanged, as in a browser
    assert u.href == "http://a/b%20c"
    assert u.set("port", "99999").code == "port-out-of-range"
    u.protocol = "ftp"
    u.hostname = "x.org"
    u.search_params.append("k", "1")
    assert u.href == "ftp://x.org/b%20c?k=1"  # `iri url --set port=99999 --set protocol=ftp ...`
    u.port = 8080  # a number, as JavaScript converts it
    assert (u.port, u.port_number, u.host) == ("8080", 8080, "x.org:8080")
    u.port = "21"  # the default port is not kept
    assert (u.port, u.port_number) == ("", None)
    u.username = "a b"
    u.password = "p@ss"
    assert u.href == "ftp://a%20b:p%40ss@x.org/b%20c?k=1"
    u.pathname = "/x/../y z"
    u.search = "q=1 2"
    u.hash = "frag ment"
    assert u.href == "ftp://a%20b:p%40ss@x.org/y%20z?q=1%202#frag%20ment"
    u.host = "[::ffff:192.168.0.1]:8080"
    assert (u.host, u.origin) == ("[::ffff:c0a8:1]:8080", "ftp://[::ffff:c0a8:1]:8080")
    u.search = ""
    u.hash = ""
    assert (u.query, u.fragment, u.href) == (None, None, "ftp://a%20b:p%40ss@[::ffff:c0a8:1]:8080/y%20z")
    u.protocol = "file"  # refused: a file URL cannot have credentials or a port
    assert u.protocol == "ftp:"
    refused = u.set("protocol", "file")
    assert (refused.code, refused.offset) == ("setter-refused", 4)
    assert u.set("protocol", "https") is None and u.href.startswith("https://")


def test_href_setter_raises_and_replaces_the_validation_errors():
    u = URL("http://a/")
    with pytest.raises(irikit.IRIError) as info:
        u.href = "http://h:99999/"
    assert (info.value.code, info.value.offset) == ("port-out-of-range", 9)
    assert u.href == "http://a/"
    assert u.set("href", "c").code == "missing-scheme-non-relative-URL"
    u.href = "https:\\\\h\\p"
    assert u.href == "https://h/p"
    assert [v.code for v in u.validation_errors] == [
        "special-scheme-missing-following-solidus",
        "special-scheme-missing-following-solidus",
        "special-scheme-missing-following-solidus",
        "invalid-reverse-solidus",
    ]
    u.pathname = "/q"  # only a whole new href replaces them
    assert len(u.validation_errors) == 4


def test_set_names_an_attribute():
    with pytest.raises(ValueError, match="unknown URL attribute 'origin'"):
        URL("http://a/").set("origin", "http://b")
    with pytest.raises(AttributeError):
        URL("http://a/").origin = "http://b"  # type: ignore[misc]


def test_equality_copy_pickle():
    a = URL("http://A/b/../c")
    b = URL("http://a/c")
    assert a == b and not (a != b) and a != "http://a/c"
    with pytest.raises(TypeError):
        hash(a)  # mutable: hash its href instead
    c = copy.copy(a)
    c.pathname = "/d"
    assert (a.href, c.href) == ("http://a/c", "http://a/d")
    assert copy.deepcopy(a) == a
    again = pickle.loads(pickle.dumps(URL("https:\\\\h\\p")))
    assert type(again) is URL and again.href == "https://h/p"
    assert URL.__module__ == "irikit.whatwg"


def test_search_params():
    p = URLSearchParams("?b=2&a=x+y&b=%26&c")
    assert list(p) == [("b", "2"), ("a", "x y"), ("b", "&"), ("c", "")]
    assert (p.get("a"), p.get("zz"), p.get_all("b"), p.get_all("zz"), len(p)) == ("x y", None, ["2", "&"], [], 4)
    assert p.has("b") and p.has("b", "&") and not p.has("b", "3") and "c" in p and "zz" not in p and 5 not in p
    p.append("é", "1 2")
    p.set("b", "3")
    assert str(p) == "b=3&a=x+y&c=&%C3%A9=1+2"
    p.sort()
    assert str(p) == "a=x+y&b=3&c=&%C3%A9=1+2"
    p.delete("c")
    p.delete("a", "nope")
    assert str(p) == "a=x+y&b=3&%C3%A9=1+2" and repr(p) == "URLSearchParams('a=x+y&b=3&%C3%A9=1+2')"
    p.delete("a", "x y")
    assert list(p) == [("b", "3"), ("é", "1 2")]


def test_search_params_sort_is_by_utf16_code_units():
    # U+1F600 is D83D DE00 in UTF-16, before U+FFFD (UTF-8 or code points would order them the
    # other way); the sort is stable.
    p = URLSearchParams([("\ufffd", "1"), ("\U0001f600", "2"), ("a", "3"), ("A", "4"), ("a", "5")])
    p.sort()
    assert [n for n, _ in p] == ["A", "a", "a", "\U0001f600", "\ufffd"]
    assert [v for _, v in p] == ["4", "3", "5", "2", "1"]


def test_search_params_constructors():
    assert str(URLSearchParams({"k": "v w", "x": "&"})) == "k=v+w&x=%26"
    assert str(URLSearchParams([("a", "1"), ("a", "2")])) == "a=1&a=2"
    assert list(URLSearchParams(URLSearchParams("a=1&b"))) == [("a", "1"), ("b", "")]
    assert list(URLSearchParams(b"a=%FF")) == [("a", "\ufffd")]

    class Pair:  # a sequence whose items are made on access (and freed after)
        def __len__(self):
            return 2

        def __getitem__(self, i):
            if i > 1:
                raise IndexError(i)
            return "".join(["name", "value"][i] + "é" * 40)

    assert list(URLSearchParams([Pair(), Pair()])) == [("name" + "é" * 40, "value" + "é" * 40)] * 2
    assert str(URLSearchParams(map(list, [("a", "1"), ("b", "2")]))) == "a=1&b=2"
    assert len(URLSearchParams()) == 0 and str(URLSearchParams("?")) == ""
    with pytest.raises(TypeError, match="pairs"):
        URLSearchParams([("a", "1", "2")])  # type: ignore[list-item]


def test_url_search_params_are_live():
    u = URL("https://example.com/a?b=2&a=1#f")
    params = u.search_params
    assert params.get("b") == "2"
    params.append("c", "3 4")
    assert u.href == "https://example.com/a?b=2&a=1&c=3+4#f"
    u.search_params.sort()
    assert u.search == "?a=1&b=2&c=3+4"
    u.search = "?z=9"
    assert list(params) == [("z", "9")]  # reads the query as it is now
    params.delete("z")  # an empty list sets the query to null
    assert (u.query, u.href) == (None, "https://example.com/a#f")
    # `iri url --search append:c=3 --search sort` on the same input.
    v = URL("https://example.com/a?b=2&a=1")
    v.pathname = "/x"
    v.search_params.append("c", "3")
    v.search_params.sort()
    assert v.href == "https://example.com/x?a=1&b=2&c=3"


def test_bridge_to_rfc3987():
    assert URL("http://例え.jp/パス").to_iri() == "http://例え.jp/パス"
    assert URL("http://a/b|c{d}").to_rfc3986() == "http://a/b%7Cc%7Bd%7D"
    u = URL.from_iri("http://例え.jp/パス?q=é")
    assert isinstance(u, URL) and u.href == "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%A9"
    with pytest.raises(irikit.IRIError) as info:
        URL.from_iri("http://h:99999/")
    assert (info.value.code, info.value.offset) == ("port-out-of-range", 9)


def test_compare_specs():
    same = compare_specs("HTTP://Example.COM:80/a/../b")
    assert same.same and same.whatwg == "http://example.com/b" and same.differences == []
    host = compare_specs("http://0x7f.1/")
    assert not host.same
    assert (host.rfc3987, host.whatwg) == ("http://0x7f.1/", "http://127.0.0.1/")
    assert host.differences == [SpecDifference("host", "0x7f.1", "127.0.0.1")]
    assert host.validation_errors == [("IPv4-non-decimal-part", 7)]
    web_only = compare_specs("https:\\\\h\\p")
    assert web_only.differences == [SpecDifference("rfc3987-invalid", "invalid-path-char at byte 6", "https://h/p")]
    assert (web_only.rfc3987_error.code, web_only.rfc3987_error.offset) == ("invalid-path-char", 6)
    assert web_only.rfc3987 == "" and web_only.whatwg_error is None
    both = compare_specs("http://a b/")
    assert both.rfc3987_error.code == "invalid-host-char"
    assert (both.whatwg_error.code, both.whatwg_error.offset) == ("domain-invalid-code-point", 8)
    assert compare_specs("../g").rfc3987_relative is True


def test_parse_host_ipv4_number_forms():
    h = parse_host("0x7f.1")
    assert isinstance(h, Host)
    assert h == ("ipv4", "127.0.0.1", 0x7F000001, None, [("IPv4-non-decimal-part", 0)])
    assert (h.type, h.serialized, h.ipv4, h.ipv6) == ("ipv4", "127.0.0.1", 0x7F000001, None)
    assert isinstance(h.validation_errors[0], Validation)
    octal = parse_host("0300.0250.0.1")
    assert (octal.serialized, octal.ipv4) == ("192.168.0.1", 0xC0A80001)
    assert octal.validation_errors == [("IPv4-non-decimal-part", 0), ("IPv4-non-decimal-part", 5)]
    assert parse_host("192.168.0.1") == ("ipv4", "192.168.0.1", 3232235521, None, [])


def test_parse_host_ipv6_domain_and_opaque():
    assert parse_host("[0:0::1]") == ("ipv6", "[::1]", None, (0, 0, 0, 0, 0, 0, 0, 1), [])
    mapped = parse_host("[::ffff:192.168.0.1]")
    assert (mapped.serialized, mapped.ipv6) == ("[::ffff:c0a8:1]", (0, 0, 0, 0, 0, 0xFFFF, 0xC0A8, 1))
    assert parse_host("EXAMPLE.com") == ("domain", "example.com", None, None, [])
    assert parse_host("ex%41mple").serialized == "example"  # percent-decoded first (§3.5 step 4)
    assert parse_host("bücher.example").serialized == "xn--bcher-kva.example"
    assert parse_host("%F0%9F%92%A9.example").serialized == "xn--ls8h.example"
    # opaque: the host of a non-special URL is percent-encoded, not mapped (§3.5 opaque-host parser).
    assert parse_host("é.example", opaque=True) == ("opaque", "%C3%A9.example", None, None, [])
    assert parse_host("h%20x", opaque=True).serialized == "h%20x"
    assert parse_host("[::1]", opaque=True).type == "ipv6"
    assert parse_host("", opaque=True) == ("empty", "", None, None, [])
    # The same reading as the URL parser's.
    assert URL("http://0x7f.1/").hostname == parse_host("0x7f.1").serialized
    assert URL("foo://é.example/").hostname == parse_host("é.example", opaque=True).serialized


@pytest.mark.parametrize(
    "text, opaque, code, offset, char_offset",
    [
        ("exa mple", False, "domain-invalid-code-point", 3, 3),
        ("1.2.3.256", False, "IPv4-out-of-range-part", 6, 6),
        ("4294967296", False, "IPv4-out-of-range-part", 0, 0),
        ("1.2.3.4.5", False, "IPv4-too-many-parts", 8, 8),
        ("foo.09", False, "IPv4-non-numeric-part", 0, 0),
        ("[1::2::3]", False, "IPv6-multiple-compression", 6, 6),
        ("[::1", False, "IPv6-unclosed", 0, 0),
        ("", False, "host-missing", 0, 0),
        ("a b", True, "host-invalid-code-point", 1, 1),
        ("é<x", True, "host-invalid-code-point", 2, 1),
    ],
)
def test_parse_host_failures(text, opaque, code, offset, char_offset):
    with pytest.raises(irikit.IRIError) as info:
        parse_host(text, opaque=opaque)
    e = info.value
    assert (e.code, e.offset, e.char_offset, e.text) == (code, offset, char_offset, text)
    with pytest.raises(irikit.IRIError) as info:
        parse_host(text.encode(), opaque=opaque)
    assert (info.value.code, info.value.offset, info.value.char_offset) == (code, offset, None)


def test_parse_host_ill_formed_utf8():
    # bytes as they are: \xff reads as U+FFFD, which UTS #46 refuses (domain-to-ASCII at byte 0).
    with pytest.raises(irikit.IRIError) as info:
        parse_host(b"exa\xffmple")
    assert (info.value.code, info.value.offset, info.value.message) == (
        "domain-to-ASCII",
        0,
        "UTS #46 ToASCII failed on the host, or gave the empty string",
    )


def test_domain_to_ascii_and_back():
    assert domain_to_ascii("bücher.example") == "xn--bcher-kva.example"
    assert domain_to_ascii("Bücher.Example") == "xn--bcher-kva.example"
    assert domain_to_ascii("例え.jp") == "xn--r8jz45g.jp"
    assert domain_to_ascii(b"xn--bcher-kva.example") == "xn--bcher-kva.example"
    assert domain_to_unicode("xn--bcher-kva.example") == "bücher.example"
    assert domain_to_unicode(domain_to_ascii("例え.jp")) == "例え.jp"
    assert domain_to_unicode("EXAMPLE.com") == "example.com"
    # It does not fail: a label that is not valid is given decoded (UTS #46 §4 step 4.1.2: "xn--a"
    # is the Punycode of U+0080) and one whose Punycode does not decode as it is; both are
    # domain-to-Unicode errors, not failures.
    assert domain_to_unicode("xn--a.com") == "\x80.com"
    assert domain_to_unicode("xn--a_b.com") == "xn--a_b.com"
    assert domain_to_unicode(b"\xff.com") == "\ufffd.com"
    with pytest.raises(irikit.IRIError) as info:
        domain_to_ascii("exa mple")
    assert (info.value.code, info.value.offset) == ("domain-invalid-code-point", 3)
    with pytest.raises(irikit.IRIError) as info:
        domain_to_ascii("")
    assert (info.value.code, info.value.offset) == ("domain-to-ASCII", 0)
    # Percent-decoding is the host parser's step (§3.5): domain to ASCII meets "%" as it is.
    with pytest.raises(irikit.IRIError) as info:
        domain_to_ascii("a%41")
    assert (info.value.code, info.value.offset) == ("domain-invalid-code-point", 1)
    assert parse_host("a%41").serialized == "aa"
    with pytest.raises(irikit.IRIError) as info:
        domain_to_ascii("a\u200d.com")  # ZWJ without a virama before it: CONTEXTJ fails
    assert (info.value.code, info.value.offset) == ("domain-to-ASCII", 0)


def test_percent_encode_sets():
    text = "a b#c?d'e/f@g&h+i~j!é<\x7f"
    assert percent_encode(text, "c0-control") == "a b#c?d'e/f@g&h+i~j!%C3%A9<%7F"
    assert percent_encode(text, "fragment") == "a%20b#c?d'e/f@g&h+i~j!%C3%A9%3C%7F"
    assert percent_encode(text, "query") == "a%20b%23c?d'e/f@g&h+i~j!%C3%A9%3C%7F"
    assert percent_encode(text, "special-query") == "a%20b%23c?d%27e/f@g&h+i~j!%C3%A9%3C%7F"
    assert percent_encode(text, "path") == "a%20b%23c%3Fd'e/f@g&h+i~j!%C3%A9%3C%7F"
    assert percent_encode(text, "userinfo") == "a%20b%23c%3Fd'e%2Ff%40g&h+i~j!%C3%A9%3C%7F"
    assert percent_encode(text, "component") == "a%20b%23c%3Fd'e%2Ff%40g%26h%2Bi~j!%C3%A9%3C%7F"
    assert percent_encode(text) == percent_encode(text, "component")
    assert percent_encode(text, "form-urlencoded") == "a%20b%23c%3Fd%27e%2Ff%40g%26h%2Bi%7Ej%21%C3%A9%3C%7F"
    # Space and "#": the fragment set keeps "#", the query set encodes it, component both.
    assert [percent_encode("a b#", s) for s in ("fragment", "query", "component")] == ["a%20b#", "a%20b%23", "a%20b%23"]
    assert percent_encode("a+b c", "form-urlencoded", space_as_plus=True) == "a%2Bb+c"
    assert percent_encode("a+b c", "form-urlencoded") == "a%2Bb%20c"
    assert percent_encode("a b", "c0-control", space_as_plus=True) == "a+b"  # "+" before the set test
    # bytes byte by byte (0xFF is in every set); a lone surrogate in a str is U+FFFD.
    assert percent_encode(b"\xff ", "fragment") == "%FF%20"
    assert percent_encode("\ud800", "fragment") == "%EF%BF%BD"
    with pytest.raises(ValueError, match="unknown percent-encode set 'url'"):
        percent_encode("a", "url")  # type: ignore[arg-type]


def test_percent_decode_gives_bytes():
    assert percent_decode("%zz%41") == b"%zzA"
    assert percent_decode("%FF%c3%a9+%2") == b"\xff\xc3\xa9+%2"  # "+" stays, "%2" is not a percent-encoding
    assert percent_decode("é%20") == "é ".encode()
    assert percent_decode(b"%41\xff") == b"A\xff"
    assert isinstance(percent_decode(""), bytes)


def test_form_urlencoded():
    assert parse_form_urlencoded("a=1&b=x+y&c=%26&&d&=e") == [("a", "1"), ("b", "x y"), ("c", "&"), ("d", ""), ("", "e")]
    assert serialize_form_urlencoded(parse_form_urlencoded("a=1&b=x+y&c=%26&&d&=e")) == "a=1&b=x+y&c=%26&d=&=e"
    assert parse_form_urlencoded("%zz=%41+") == [("%zz", "A ")]
    assert serialize_form_urlencoded([("%zz", "A ")]) == "%25zz=A+"
    # Ill-formed UTF-8, raw or percent-encoded, is U+FFFD, which serializes as its UTF-8.
    pairs = parse_form_urlencoded(b"a=%FF&b=\xff")
    assert pairs == [("a", "\ufffd"), ("b", "\ufffd")]
    assert serialize_form_urlencoded(pairs) == "a=%EF%BF%BD&b=%EF%BF%BD"
    assert serialize_form_urlencoded([("a b", "x+y&z"), ("é", "~!*'()"), ("", "")]) == "a+b=x%2By%26z&%C3%A9=%7E%21*%27%28%29&="
    assert serialize_form_urlencoded({"k": "v w"}) == "k=v+w"
    assert serialize_form_urlencoded([]) == ""
    # The same lists as URLSearchParams'.
    text = "?b=2&a=x+y&b=%26"
    assert parse_form_urlencoded(text[1:]) == list(URLSearchParams(text))
    with pytest.raises(TypeError, match=r"serialize_form_urlencoded\(\) needs a mapping or pairs"):
        serialize_form_urlencoded([("a", "1", "2")])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="must be str, not bytes"):
        serialize_form_urlencoded([(b"a", "1")])  # type: ignore[list-item]


def wpt(name):
    path = conformance_dir() / "wpt-url" / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    return json.loads(path.read_text(encoding="utf-8"))


def test_wpt_urltestdata():
    """Every case of WPT's urltestdata.json as url-constructor.any.js asserts it."""
    failures = []
    count = 0
    for case in wpt("urltestdata.json"):
        if not isinstance(case, dict):
            continue
        count += 1
        url = URL.parse(case["input"], case["base"])
        if case.get("failure"):
            if url is not None or URL.can_parse(case["input"], case["base"]):
                failures.append((case["input"], "should fail"))
            continue
        if url is None:
            failures.append((case["input"], "failed"))
            continue
        got = {k: getattr(url, k) for k in GETTERS if k in case}
        want = {k: case[k] for k in GETTERS if k in case}
        if "searchParams" in case:
            got["searchParams"], want["searchParams"] = str(url.search_params), case["searchParams"]
        if got != want or not URL.can_parse(case["input"], case["base"]):
            failures.append((case["input"], got, want))
    assert count == 891 and failures == []


def test_wpt_setters():
    """Every case of WPT's setters_tests.json through the property setters (url-setters.any.js)."""
    failures = []
    count = 0
    for attribute, cases in wpt("setters_tests.json").items():
        if attribute == "comment":
            continue
        for case in cases:
            count += 1
            url = URL(case["href"])
            try:
                setattr(url, attribute, case["new_value"])
            except irikit.IRIError as e:  # only href raises (the Standard's TypeError)
                failures.append((attribute, case["href"], case["new_value"], e.code))
                continue
            got = {k: getattr(url, k) for k in case["expected"]}
            if got != case["expected"]:
                failures.append((attribute, case["href"], case["new_value"], got, case["expected"]))
    assert count > 200 and failures == []


def test_wpt_idna_hosts_agree_with_the_url_parser():
    """parse_host on every input of WPT's IdnaTestV2.json gives the host (or the failure) of
    ``URL("https://" + input + "/x")``, as the test there reads it. (The expected outputs are the
    C++ conformance suite's, with its classified divergences: docs/conformance.md.)"""
    count = 0
    failures = []
    for case in wpt("IdnaTestV2.json"):
        if not isinstance(case, dict) or case["input"] == "":
            continue
        count += 1
        url = URL.parse("https://" + case["input"] + "/x")
        try:
            host = parse_host(case["input"]).serialized
        except irikit.IRIError:
            host = None
        if host != (None if url is None else url.host):
            failures.append((case["input"], host, url))
    assert count > 2600 and failures == []


def test_wpt_percent_encoding():
    """percent-encoding.json's UTF-8 outputs: the fragment set (the page's hash) and the
    special-query set (its search in a UTF-8 document)."""
    cases = [c for c in wpt("percent-encoding.json") if isinstance(c, dict)]
    assert len(cases) == 7
    for case in cases:
        want = case["output"]["utf-8"]
        assert percent_encode(case["input"], "fragment") == want, case
        assert percent_encode(case["input"], "special-query") == want, case


def iri_tool():
    tool = os.environ.get("IRIKIT_IRI")
    if not tool or not os.path.exists(tool):
        pytest.skip("the iri tool is not given (IRIKIT_IRI, set by CTest)")
    return tool


def test_matches_the_iri_tool():
    """The binding and `iri parse --spec whatwg --json` agree on every WPT input without a base
    that fits on a line: href and getters, or the error's code and offset, and the notes."""
    inputs = []
    for case in wpt("urltestdata.json"):
        if isinstance(case, dict) and case["base"] is None and not any(c in case["input"] for c in "\r\n"):
            inputs.append(case["input"])
    inputs += ["http://例え.jp:99999/", "https:\\\\ex.com\\x", " http://h/ ", "http://a/\udfffx"]
    data = "".join(t + "\n" for t in inputs).encode("utf-8", "surrogatepass").replace(b"\xed\xbf\xbf", b"\xef\xbf\xbd")
    out = subprocess.run([iri_tool(), "parse", "--spec", "whatwg", "--json"], input=data, capture_output=True)
    records = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    assert len(records) == len(inputs) > 100
    for text, record in zip(inputs, records):
        notes = [(n["code"], n["offset"]) for n in record["validation"]]
        url = URL.parse(text)
        if not record["valid"]:
            assert url is None, text
            with pytest.raises(irikit.IRIError) as info:
                URL(text)
            assert (info.value.code, info.value.offset, info.value.message) == (
                record["error"]["code"],
                record["error"]["offset"],
                record["error"]["message"],
            ), text
            continue
        assert url is not None, text
        assert {k: getattr(url, k) for k in GETTERS} == {k: record[k] for k in GETTERS}, text
        assert url.validation_errors == notes, text
        assert url.host_type == (None if record["record"]["host_type"] == "none" else record["record"]["host_type"])


# ---------------------------------------------------------------------------------------------
# The query encoding (issue 50): the Encoding Standard's labels, &#N; for unmappable code points


def test_query_encoding_labels_and_numeric_references():
    # The silent loss: U+200B is not in Shift_JIS; the URL Standard asks for "&#8203;".
    assert URL("http://a/?x\u200by", encoding="Shift_JIS").search == "?x%26%238203%3By"
    assert URL("http://a/?\u30a2", encoding=" shift_jis ").search == "?%83A"
    assert URL("http://a/?\u00e9\u20ac", encoding="iso-8859-1").search == "?%E9%80"  # windows-1252
    assert URL("http://a/?\u00e9", encoding="utf-16").search == "?%C3%A9"  # output encoding UTF-8
    assert URL("http://a/?\u00e9", encoding=b"latin1").search == "?%E9"
    assert URL("ws://a/?\u00e9", encoding="latin1").search == "?%C3%A9"  # not for ws/wss
    assert URL("http://a/?\u00e9").search == URL("http://a/?\u00e9", encoding=None).search == "?%C3%A9"
    assert URL.parse("?\u00e9", "http://a/", encoding="gb18030").search == "?%A8%A6"
    assert URL.parse("http://a:99999/", encoding="gb18030") is None


@pytest.mark.parametrize("label", ["", "latin-1", "utf-32", "  "])
def test_unknown_encoding_label_raises(label):
    with pytest.raises(irikit.IRIError) as e:
        URL("http://a/", encoding=label)
    assert e.value.code == "unknown-charset"
    with pytest.raises(irikit.IRIError):
        URL.parse("http://a/", encoding=label)
    with pytest.raises(TypeError):
        URL("http://a/", encoding=3)
